//! The same request three ways (issue 32, "Side by side"): the lesson's toy (`crate::model`, the
//! lesson's run), the simulation of `kubectl apply` on Kubernetes' objects (`crate::kube`), and
//! an audit log of it (read by `kube::audit`). Per way: the parts that acted, the steps or
//! requests, writes to etcd (the toy's store), items read, and what each leaves out. Every number
//! is counted here, once, from the runs and the log themselves; none is typed.

use super::audit::part_of;
use crate::kube::audit::{
    read_log, written, AuditTrace, Background, BackgroundCounts, Level, ReadOptions, Tally,
};
use crate::kube::output::{printed, Output};
use crate::kube::{simulate, Run, Scenario as KubeScenario};
use crate::model::{Scenario, Step, TraceSummary};
use std::fmt::Write;

/// Items read by one way: counted, and reads whose items it does not record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ItemReads {
    pub items: u64,
    /// Read requests whose items are not recorded (a log at Metadata level, a watch).
    pub not_recorded: u64,
}

/// One way of telling the request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Way {
    /// `the lesson's toy`, `the simulation`, `the audit log`.
    pub name: &'static str,
    /// What ran or was read (`kubectl apply -f deploy.yaml`, a file's name).
    pub source: String,
    /// The parts that acted, in the order they first did (the diagram's names).
    pub components: Vec<String>,
    /// Trace steps (the toy, the simulation) or requests (the log).
    pub steps: u64,
    /// Of those, API requests kube-apiserver received (the toy has no API requests: None).
    pub requests: Option<u64>,
    /// Where writes go: `etcd`, or the toy's `state store`.
    pub store: &'static str,
    /// Writes to it.
    pub writes: u64,
    pub reads: ItemReads,
    /// What this way leaves out that another shows, with the other's numbers.
    pub leaves_out: Vec<String>,
}

/// The three ways, in order: toy, simulation, log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideBySide {
    pub ways: [Way; 3],
}

/// What the simulation counts that the others are compared with.
struct SimCounts {
    watch_events: u64,
    inside: u64,
    runtime: u64,
}

fn first_seen(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The toy: the lesson's run (its trace and its summary).
fn toy(trace: &[Step], summary: &TraceSummary, log: &BackgroundCounts, sim: &SimCounts) -> Way {
    let leases = log.kind(Background::Lease).requests;
    let events = log.kind(Background::Event).requests;
    Way {
        name: "the lesson's toy",
        source: "the lesson's request".to_string(),
        components: first_seen(trace.iter().map(|s| s.component.name().to_string())),
        steps: summary.steps as u64,
        requests: None,
        store: "the state store",
        writes: summary.writes as u64,
        reads: ItemReads { items: summary.item_reads as u64, not_recorded: 0 },
        leaves_out: vec![
            format!(
                "informer caches: each read scans the store ({} items read in {} steps); the simulation's parts read their caches, fed by {} watch events",
                summary.item_reads, summary.steps, sim.watch_events
            ),
            format!("leases and events: none; the log has {leases} lease requests and {events} event writes"),
            format!("the container runtime: the node side is one part; the simulation has {} runtime steps", sim.runtime),
        ],
    }
}

/// The simulation's run of `file`.
fn simulation(run: &Run, file: &str, log: &BackgroundCounts) -> (Way, SimCounts) {
    let steps = run.trace.iter().filter(|s| s.verb != "DOWN" && s.verb != "UP");
    let requests = run.trace.iter().filter(|s| s.request.is_some()).count() as u64;
    let counts = SimCounts {
        watch_events: run.totals.watch_events,
        inside: run.trace.iter().filter(|s| s.component == "kube-apiserver" || s.component == "etcd").count()
            as u64,
        runtime: run.trace.iter().filter(|s| s.component.starts_with("runtime/")).count() as u64,
    };
    let leases = log.kind(Background::Lease);
    let heartbeats = log.kind(Background::NodeStatus).requests + log.kind(Background::Health).requests;
    let way = Way {
        name: "the simulation",
        source: format!("kubectl apply -f {file}"),
        components: first_seen(steps.map(|s| s.component.clone())),
        steps: run.trace.len() as u64,
        requests: Some(requests),
        store: "etcd",
        writes: run.totals.writes,
        reads: ItemReads { items: run.totals.reads, not_recorded: 0 },
        leaves_out: vec![
            format!(
                "leases: no leader election or node lease is run; the log has {} lease requests ({} writes)",
                leases.requests, leases.writes
            ),
            format!("heartbeats: no node status or health check; the log has {heartbeats}"),
        ],
    };
    (way, counts)
}

/// The log, named `source`.
fn audit_log(trace: &AuditTrace, source: &str, sim: &SimCounts) -> Way {
    let mut reads = ItemReads::default();
    for row in &trace.rows {
        match row.items {
            Tally::Counted(n) => reads.items += n,
            Tally::NotRecorded => reads.not_recorded += 1,
            Tally::NotApplicable => {}
        }
    }
    let read_requests = trace.rows.iter().filter(|r| r.items != Tally::NotApplicable).count();
    Way {
        name: "the audit log",
        source: source.to_string(),
        components: first_seen(trace.rows.iter().map(|r| part_of(&r.component))),
        steps: trace.rows.len() as u64,
        requests: Some(trace.rows.len() as u64),
        store: "etcd",
        writes: trace.rows.iter().map(|r| written(r.writes)).sum(),
        reads,
        leaves_out: vec![
            format!(
                "reads from informer caches: they never reach kube-apiserver; the simulation delivered {} watch events to caches",
                sim.watch_events
            ),
            format!("items read: not recorded for {} of {read_requests} reads", reads.not_recorded),
            format!(
                "what happens inside kube-apiserver, etcd and the nodes: the simulation has {} kube-apiserver and etcd steps and {} runtime steps; etcd's revision is not in a log",
                sim.inside, sim.runtime
            ),
        ],
    }
}

impl SideBySide {
    /// The three ways: the lesson's `toy` trace and summary, the simulation's `run` of `file`,
    /// and `log`, read from `log_source`.
    pub fn of(
        toy_trace: &[Step],
        toy_summary: &TraceSummary,
        run: &Run,
        file: &str,
        log: &AuditTrace,
        log_source: &str,
    ) -> SideBySide {
        let background = BackgroundCounts::of(&log.rows);
        let (sim, counts) = simulation(run, file, &background);
        SideBySide {
            ways: [
                toy(toy_trace, toy_summary, &background, &counts),
                sim,
                audit_log(log, log_source, &counts),
            ],
        }
    }
}

/// What the log is when none is given: the simulated run's own `-o audit` output (Metadata).
pub const OWN_LOG: &str = "the simulation's own -o audit log";

/// The simulated run's own audit log, as `cplab kube apply FILE -o audit` prints it, read back.
pub fn own_log(run: &Run) -> AuditTrace {
    let log = printed(run, &[], Output::Audit(Level::Metadata)).stdout;
    read_log(log.as_bytes(), ReadOptions::default())
}

/// The three ways for the manifests of `file`: the lesson's run, the default cluster applying
/// them, and `log` (a log and its name), or the run's own log. `Err`: a run's refusal, in words.
pub fn compare(file: &str, manifests: &str, log: Option<(&AuditTrace, &str)>) -> Result<SideBySide, String> {
    let lesson = Scenario::lesson().simulate().map_err(|e| format!("the lesson's run stopped: {e:?}"))?;
    let store = lesson.plane.store();
    let summary = TraceSummary::of(store.trace(), store.revision(), lesson.plane.rounds());
    let run = simulate(&KubeScenario::for_file(file, manifests))?;
    let own;
    let (trace, source) = match log {
        Some(given) => given,
        None => {
            own = own_log(&run);
            (&own, OWN_LOG)
        }
    };
    Ok(SideBySide::of(store.trace(), &summary, &run, file, trace, source))
}

/// The three ways as text: what `cplab kube compare` prints and the golden holds.
pub fn render_side(side: &SideBySide) -> String {
    let mut out = String::new();
    for (n, way) in side.ways.iter().enumerate() {
        if n > 0 {
            out.push('\n'); // a blank line between ways
        }
        let _ = writeln!(out, "{} ({})", way.name, way.source);
        let _ = writeln!(out, "  components ({}): {}", way.components.len(), way.components.join(", "));
        let requests = way.requests.map_or("no API requests".to_string(), |r| format!("{r} API requests"));
        let _ = writeln!(out, "  steps: {}, {requests}", way.steps);
        let _ = writeln!(out, "  writes to {}: {}", way.store, way.writes);
        let _ = match way.reads.not_recorded {
            0 => writeln!(out, "  items read: {}", way.reads.items),
            n => writeln!(out, "  items read: {} counted, {n} reads not recorded", way.reads.items),
        };
        out.push_str("  leaves out:\n");
        for line in &way.leaves_out {
            let _ = writeln!(out, "  - {line}");
        }
    }
    out
}
