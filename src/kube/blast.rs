//! The blast radius of a run: the failure matrix's row for the real control plane, worked out
//! from what the run did (the trace, etcd and the world at the end), never from the part's
//! name alone, so a model that broke would show it.

use super::objects::{Object, Phase};
use super::render::tabwrite;
use super::run::Run;
use serde::Serialize;

/// One row of the matrix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlastRow {
    /// The parts down, with when (`kube-scheduler`, `kube-apiserver@15s`), or `-`.
    pub down: String,
    /// Whether every kubectl request succeeded.
    pub kubectl_ok: bool,
    /// Deployments stored.
    pub deployments: usize,
    /// ReplicaSets stored.
    pub replicasets: usize,
    /// Pods stored.
    pub pods: usize,
    /// Pods bound to a node.
    pub bound: usize,
    /// Pods etcd believes Running.
    pub reported_running: usize,
    /// Pods whose containers actually run.
    pub running: usize,
    /// Pods deleted and waiting for their kubelet to confirm (kubectl: Terminating).
    #[serde(skip_serializing_if = "is_zero")]
    pub terminating: usize,
    /// Ready endpoints in EndpointSlices.
    pub ready_endpoints: usize,
    /// Nodes whose kube-proxy routes a Service to a pod.
    pub nodes_routing: usize,
    /// Writes to etcd while a part was down.
    pub writes_during: u64,
    /// Watch events delivered while a part was down.
    pub watch_events_during: u64,
    /// What the numbers say, in the overview's terms.
    pub radius: String,
    /// With the Lease side on (issue 31): the seconds after the fault each thing took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ha: Option<HaSeconds>,
}

/// The seconds after the (first) fault, as the run measured them (`ha_marks`), each a cell:
/// `41.5s`, or `never` (not by the run's end), or `-` (nothing to wait for).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HaSeconds {
    /// Until the cluster knows (how long it kept believing the old fact): etcd's members know
    /// their leader is gone, a standby takes the Lease over, clients move to another
    /// kube-apiserver, a node turns NotReady.
    pub knows: String,
    /// How long writes (etcd) or new pods (kube-scheduler) or the controllers waited: until
    /// the first resumption after the first stop (`to the end` if none).
    pub pause: String,
    /// Until kube-proxy stops routing to the NotReady node's pods.
    pub traffic_stops: String,
    /// Until the evicted pods' replacements run.
    pub replaced: String,
}

/// The row's seconds from the run's marks.
fn ha_seconds(run: &Run) -> HaSeconds {
    use super::ha_marks::{marks, MarkKind::*};
    let marks = marks(run);
    let fault = run.outages.iter().map(|o| o.down_ms).min().unwrap_or(0);
    let after = |kinds: &[super::ha_marks::MarkKind], from: u64| {
        marks.iter().find(|m| m.at_ms >= from && kinds.contains(&m.kind)).map(|m| m.at_ms)
    };
    let cell = |at: Option<u64>, none: &str| at.map_or(none.to_string(), |at| seconds(at - fault));
    let stop = after(&[WritesStopped, NewPodsWait, ControllersWait], fault);
    let pause = match stop {
        None => "-".to_string(),
        Some(from) => cell(after(&[WritesResumed, SchedulerLeads, ControllersLead], from), "to the end"),
    };
    let evicted = after(&[PodsEvicted], fault);
    HaSeconds {
        knows: cell(
            after(&[EtcdKnows, NodeNotReady, ClientsMoved, SchedulerLeads, ControllersLead], fault),
            "never",
        ),
        pause,
        traffic_stops: cell(after(&[TrafficStopped], fault), "never"),
        replaced: evicted.map_or("-".to_string(), |_| cell(after(&[ReplacementsRunning], fault), "never")),
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Milliseconds as the table writes seconds: `20s`, `1.5s` (what `{}` of `ms / 1000.0` as an
/// `f64` prints, written with integers so the page carries no float printing, about 11 KB of
/// wasm; tests/kube_manifest_wire.rs compares the two).
pub fn seconds(ms: u64) -> String {
    let fraction = format!("{:03}", ms % 1000);
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        format!("{}s", ms / 1000)
    } else {
        format!("{}.{fraction}s", ms / 1000)
    }
}

/// The row of a run.
pub fn blast_row(run: &Run) -> BlastRow {
    let objects: Vec<&Object> = run.ledger.objects.values().collect();
    let count = |f: &dyn Fn(&Object) -> bool| objects.iter().filter(|o| f(o)).count();
    let pods: Vec<_> =
        objects.iter().filter_map(|o| if let Object::Pod(p) = o { Some(p) } else { None }).collect();
    let down = if run.outages.is_empty() {
        "-".to_string()
    } else {
        let each = run.outages.iter().map(|o| {
            let from = if o.down_ms == 0 { String::new() } else { format!("@{}", seconds(o.down_ms)) };
            let back = o.up_ms.map(|u| format!(" (back {})", seconds(u))).unwrap_or_default();
            format!("{}{from}{back}", o.part)
        });
        each.collect::<Vec<_>>().join(", ")
    };
    let during = |step: &&super::trace::Step| {
        run.outages.iter().any(|o| step.at_ms >= o.down_ms && o.up_ms.is_none_or(|u| step.at_ms < u))
            && !matches!(step.verb, "DOWN" | "UP")
    };
    let window: Vec<_> = run.trace.iter().filter(during).collect();
    let mut row = BlastRow {
        down,
        kubectl_ok: run.exit_code == 0,
        deployments: count(&|o| matches!(o, Object::Deployment(_))),
        replicasets: count(&|o| matches!(o, Object::ReplicaSet(_))),
        pods: pods.len(),
        bound: pods.iter().filter(|p| p.node_name.is_some()).count(),
        reported_running: pods.iter().filter(|p| p.phase == Phase::Running).count(),
        running: run.world.running_pods(),
        terminating: pods.iter().filter(|p| p.deleting).count(),
        ready_endpoints: objects
            .iter()
            .map(|o| {
                if let Object::EndpointSlice(s) = o {
                    s.endpoints.iter().filter(|e| e.ready).count()
                } else {
                    0
                }
            })
            .sum(),
        nodes_routing: run.world.nodes_routing(),
        writes_during: window
            .iter()
            .filter(|s| s.component == "etcd" && matches!(s.verb, "put" | "delete"))
            .count() as u64,
        watch_events_during: window.iter().filter(|s| s.verb.starts_with("WATCH ")).count() as u64,
        radius: String::new(),
        ha: run.leases.then(|| ha_seconds(run)),
    };
    row.radius = radius(&row, !run.outages.is_empty());
    row
}

/// `n pods`, `1 pod`.
fn pods(n: usize) -> String {
    format!("{n} pod{}", if n == 1 { "" } else { "s" })
}

/// The row in words, from its numbers.
fn radius(row: &BlastRow, faulted: bool) -> String {
    let mut said: Vec<String> = Vec::new();
    if !row.kubectl_ok {
        said.push("kubectl apply fails".into());
    }
    if faulted && row.writes_during == 0 {
        said.push("no write reaches etcd".into());
    }
    if faulted && row.watch_events_during == 0 {
        said.push("no watch event".into());
    }
    if row.deployments > 0 && row.replicasets == 0 {
        said.push("the Deployment is stored, nothing acts on it".into());
    }
    if row.pods > row.bound {
        said.push(format!("{} wait Pending, unscheduled", pods(row.pods - row.bound)));
    }
    if row.bound > row.reported_running {
        said.push(format!("{} bound, never reported Running", pods(row.bound - row.reported_running)));
    }
    if row.terminating > 0 {
        said.push(format!("{} Terminating (its kubelet never confirms)", pods(row.terminating)));
    }
    if faulted && row.reported_running > row.running {
        said.push(format!("{} believed Running, not running", pods(row.reported_running - row.running)));
    }
    if row.running > 0 {
        let all = row.running == row.reported_running && row.pods == row.running;
        let running = pods(row.running);
        said.push(if faulted || !all {
            format!("{running} run")
        } else {
            format!("healthy: {running} run and serve")
        });
    }
    if said.is_empty() {
        said.push("nothing runs".into());
    }
    said.join("; ")
}

/// The rows as a table.
pub fn blast_table(rows: &[BlastRow]) -> String {
    let header = [
        "DOWN",
        "KUBECTL",
        "DEPLOY",
        "RS",
        "PODS",
        "BOUND",
        "REPORTED",
        "RUNNING",
        "ENDPOINTS",
        "ROUTING",
        "WRITES*",
        "WATCH*",
        "BLAST RADIUS",
    ];
    let with_ha = rows.iter().any(|r| r.ha.is_some());
    let mut head: Vec<String> = header.iter().map(|s| s.to_string()).collect();
    if with_ha {
        let at = head.len() - 1;
        head.splice(at..at, ["KNOWS", "PAUSE", "TRAFFIC STOPS", "REPLACED"].map(String::from));
    }
    let mut table = vec![head];
    for r in rows {
        let numbers = [
            r.deployments,
            r.replicasets,
            r.pods,
            r.bound,
            r.reported_running,
            r.running,
            r.ready_endpoints,
            r.nodes_routing,
        ];
        let mut line = vec![r.down.clone(), if r.kubectl_ok { "ok" } else { "fails" }.to_string()];
        line.extend(numbers.iter().map(|n| n.to_string()));
        line.extend([r.writes_during.to_string(), r.watch_events_during.to_string()]);
        if with_ha {
            let none = || "-".to_string();
            let ha = r.ha.as_ref();
            line.extend([
                ha.map_or_else(none, |h| h.knows.clone()),
                ha.map_or_else(none, |h| h.pause.clone()),
                ha.map_or_else(none, |h| h.traffic_stops.clone()),
                ha.map_or_else(none, |h| h.replaced.clone()),
            ]);
        }
        line.push(r.radius.clone());
        table.push(line);
    }
    let mut text = tabwrite(&table);
    text.push_str("* while a part was down\n");
    if with_ha {
        text.push_str("KNOWS, TRAFFIC STOPS, REPLACED: seconds after the fault until the cluster knows (how long it believed the old fact), until kube-proxy stops routing to the node's pods, until their replacements run; PAUSE: how long writes, new pods or the controllers waited\n");
    }
    text
}
