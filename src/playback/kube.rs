//! Playback of a run of the real control plane (`crate::kube`), as the lesson's runs are played:
//! a [`KubeRecording`] keeps one finished run whole, and [`KubeRecording::frame`] derives what a
//! view shows at a cursor (the time, the acting part, the etcd key written, the events and pods
//! tables as kubectl prints them at that instant, what runs on each node). Every table cell
//! comes from `kube::render`, the functions the CLI prints with, so the page and `cplab kube
//! apply` show the same run in the same words.

use crate::kube::blast::{blast_row, BlastRow};
use crate::kube::ledger::Ledger;
use crate::kube::manifest::{read_file, Read};
use crate::kube::render::{events_table, kubectl_errors, kubectl_output, pods_table, trace_table};
use crate::kube::run::Reader;
use crate::kube::scenario::{Fault, Part};
use crate::kube::world::World;
use crate::kube::{Run, Scenario};
use crate::playback::kube_setup::Setup;

/// The trace's columns, as `cplab kube apply -o trace` heads them.
pub const TRACE_HEADS: [&str; 11] =
    ["TIME(ms)", "STEP", "COMPONENT", "VERB", "KEY", "ITEMS", "READS", "WATCH", "WRITES", "REV", "NOTE"];
/// `kubectl get events --sort-by=.lastTimestamp`'s columns.
pub const EVENT_HEADS: [&str; 5] = ["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"];
/// `kubectl get pods -o wide`'s columns.
pub const POD_HEADS: [&str; 9] =
    ["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"];

/// The overview's six steps of `kubectl apply`, in order (a trace step's `stage`, 1 to 6).
pub const STAGES: usize = 6;

/// Most trace steps the page plays: past this a run is refused with the CLI to run it, so no
/// frame or redraw holds the page (the model's own bound, `kube::scenario::MAX_STEPS`, is for
/// the CLI). A second guard behind [`PAGE_REPLICAS`], which keeps runs far shorter.
pub const PAGE_STEPS: usize = 5_000;

/// Most replicas, summed over a file's Deployments, the page runs: the run is simulated in
/// one task, and a 100-replica Deployment (5,421 steps) held the page 268 ms in Chromium (the
/// e2e test's long-task records), over the 200 ms the page may take. 40 replicas record about
/// 2,200 steps, about half that. Counted from the manifest before anything runs, so a refused
/// file costs no simulation. Past it the CLI runs the file.
pub const PAGE_REPLICAS: u64 = 40;

/// Most rows of the events or pods table the page draws at once (the newest events, the first
/// pods by name); the rest are counted. A 100-replica run has about 700 events: drawing them
/// all at every step would hold the page.
pub const MOST_ROWS: usize = 60;

/// Most etcd writes marked under the scrubber; past it only the six steps are marked (the
/// lesson's scrubber leaves a kind off the same way, `playback::MOST_OF_A_KIND`).
pub const MOST_WRITE_MARKS: usize = crate::playback::MOST_OF_A_KIND;

/// A table as rows of cells, read from kubectl's text by its column heads.
pub type Rows = Vec<Vec<String>>;

/// Splits a table printed with `kube::render::tabwrite` into cells: each column starts where its
/// head starts in the first line (tabwriter pads every cell to its column's width, so no cell
/// reaches the next column). A text without those heads (kubectl's "No resources found") has no
/// rows.
pub fn columns(text: &str, heads: &[&str]) -> Rows {
    let mut lines = text.lines();
    let Some(header) = lines.next() else { return Vec::new() };
    let mut starts = Vec::with_capacity(heads.len());
    let mut from = 0;
    for head in heads {
        let Some(at) = header.get(from..).and_then(|rest| rest.find(head)) else { return Vec::new() };
        starts.push(header[..from + at].chars().count());
        from += at + head.len();
    }
    lines
        .map(|line| {
            let chars: Vec<char> = line.chars().collect();
            let cell = |i: usize| {
                let start = starts[i].min(chars.len());
                let end = starts.get(i + 1).map_or(chars.len(), |&e| e.min(chars.len()));
                chars[start..end].iter().collect::<String>().trim_end().to_string()
            };
            (0..starts.len()).map(cell).collect()
        })
        .collect()
}

pub use super::kube_nodes::{NodeAt, MOST_NODE_PODS};

/// Everything a view shows at one cursor of a kube run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KubeFrame {
    /// Steps shown, 0 to `len`.
    pub cursor: usize,
    /// The run's steps.
    pub len: usize,
    /// The clock at the cursor (ms): the last step shown.
    pub at_ms: u64,
    /// The part that acted in the last step shown (`kubelet/node-1`), if any.
    pub acting: Option<String>,
    /// The last step's row of the trace, as the CLI prints it.
    pub row: Option<Vec<String>>,
    /// The etcd key the last step wrote, when it was etcd's `put`.
    pub written: Option<String>,
    /// The six steps: whether each has begun by the cursor, and which one the last step is in.
    pub stages_begun: [bool; STAGES],
    /// The stage of the last step (1-6, or 0).
    pub stage: u8,
    /// etcd's revision at the cursor (a log does not know it).
    pub revision: super::played::Revision,
    /// `kubectl get events --sort-by=.lastTimestamp` at the cursor.
    pub events: Rows,
    /// `kubectl get pods -o wide` at the cursor.
    pub pods: Rows,
    /// What runs on each node.
    pub nodes: Vec<NodeAt>,
    /// The diagram's box the last step lights: the component with a controller's sub-part left
    /// off (`kube-controller-manager/replicaset` lights `kube-controller-manager`).
    pub lit: Option<String>,
    /// The parts down at the cursor's time, as the command line names them.
    pub down: Vec<String>,
}

/// A mark under the scrubber: the step it marks (a cursor, 1 to `len`) and what begins there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KubeMark {
    /// One of the six steps of `kubectl apply` begins (1-6).
    Stage { step: usize, stage: u8 },
    /// etcd writes a key.
    Write { step: usize, key: String },
}

/// The replicas a file of manifests asks for, summed over its Deployments (0 for a file kubectl
/// refuses: that run stops before anything is created).
pub fn replicas_asked(manifests: &str) -> u64 {
    replicas_read(&read_file("deploy.yaml", manifests))
}

/// The replicas a file already read asks for, summed over its Deployments (0 for a refusal).
pub fn replicas_read(read: &Read) -> u64 {
    let Ok(objects) = read else { return 0 };
    let replicas = |m: &crate::kube::manifest::Manifest| match &m.object {
        crate::kube::objects::Object::Deployment(d) => u64::from(d.replicas),
        _ => 0,
    };
    objects.iter().map(replicas).sum()
}

/// The diagram's box of a trace component: a controller of kube-controller-manager lights the
/// controller manager; every other component is a box of its own.
pub fn lit_part(component: &str) -> &str {
    match component.split_once('/') {
        Some(("kube-controller-manager", _)) => "kube-controller-manager",
        _ => component,
    }
}

/// The rows of a table of `len` the page draws ([`MOST_ROWS`] at most): the last ones when
/// `newest_last` (events, sorted by time), else the first ones.
pub fn drawn(len: usize, newest_last: bool) -> std::ops::Range<usize> {
    if newest_last {
        len.saturating_sub(MOST_ROWS)..len
    } else {
        0..len.min(MOST_ROWS)
    }
}

/// `Err` for a run longer than the page plays ([`PAGE_STEPS`]), in words (checked in the
/// worker too, so so long a run never crosses to the page).
pub fn played_steps(run: &Run) -> Result<(), String> {
    if run.trace.len() > PAGE_STEPS {
        return Err(format!(
            "this run takes {} steps; the page plays at most {PAGE_STEPS}: run it with `cplab kube apply`",
            run.trace.len()
        ));
    }
    Ok(())
}

/// A finished run kept for playback, with the scenario it ran.
#[derive(Clone, Debug, PartialEq)]
pub struct KubeRecording {
    /// What ran.
    pub scenario: Scenario,
    /// The run.
    pub run: Run,
    /// The trace as `cplab kube apply -o trace` prints it, one row of cells per step.
    pub trace: Rows,
}

impl KubeRecording {
    /// Runs `scenario` and keeps it. `Err`: the model's refusal, or a run longer than the page
    /// plays ([`PAGE_STEPS`]), in words.
    pub fn of(scenario: Scenario) -> Result<KubeRecording, String> {
        KubeRecording::of_run(scenario, &read_file)
    }

    /// Runs `scenario` with its files read by `read`, and keeps it (see [`KubeRecording::of`]).
    fn of_run(scenario: Scenario, read: Reader) -> Result<KubeRecording, String> {
        let run = super::kube_runs::run(&scenario, read)?;
        played_steps(&run)?;
        let trace = columns(&trace_table(&run), &TRACE_HEADS);
        Ok(KubeRecording { scenario, run, trace })
    }

    /// The default cluster running one file of manifests, with `faults`. `Err` also for a file
    /// asking for more than [`PAGE_REPLICAS`] replicas, before anything runs.
    pub fn of_manifest(file: &str, manifests: &str, faults: &[Fault]) -> Result<KubeRecording, String> {
        KubeRecording::of_read(file, manifests, &read_file(file, manifests), faults)
    }

    /// The same with the file already read as `read` (by the page's worker, or checked in: not
    /// read again).
    pub fn of_read(
        file: &str,
        manifests: &str,
        read: &Read,
        faults: &[Fault],
    ) -> Result<KubeRecording, String> {
        KubeRecording::of_read_setup(file, manifests, read, &Setup::default(), faults)
    }

    /// The same on the cluster `setup` describes (issue 31: etcd's members, the replicas, the
    /// faults typed), `faults` (the parts pressed) after the setup's.
    pub fn of_read_setup(
        file: &str,
        manifests: &str,
        read: &Read,
        setup: &Setup,
        faults: &[Fault],
    ) -> Result<KubeRecording, String> {
        let replicas = replicas_read(read);
        if replicas > PAGE_REPLICAS {
            return Err(format!(
                "{file} asks for {replicas} replicas in all; the page plays at most {PAGE_REPLICAS}: run it with `cplab kube apply`"
            ));
        }
        let mut scenario = Scenario::for_file(file, manifests);
        scenario.faults = faults.to_vec();
        setup.apply_to(&mut scenario);
        KubeRecording::of_run(scenario, &|_, _| read.clone())
    }

    /// Steps in the run.
    pub fn len(&self) -> usize {
        self.run.trace.len()
    }

    /// Whether the run has no step.
    pub fn is_empty(&self) -> bool {
        self.run.trace.is_empty()
    }

    /// What kubectl printed (stdout, then stderr), as the student's terminal shows it.
    pub fn kubectl(&self) -> (String, String) {
        (kubectl_output(&self.run), kubectl_errors(&self.run))
    }

    /// The run's blast-radius row (the failure matrix of the real system).
    pub fn blast(&self) -> BlastRow {
        blast_row(&self.run)
    }

    /// The first step of each of the six stages (marks under the scrubber), by stage.
    pub fn stage_starts(&self) -> [Option<usize>; STAGES] {
        let mut starts = [None; STAGES];
        for (i, step) in self.run.trace.iter().enumerate() {
            if let Some(slot) = (step.stage as usize).checked_sub(1).and_then(|s| starts.get_mut(s)) {
                slot.get_or_insert(i);
            }
        }
        starts
    }

    /// kube-apiserver's failure answered after the run's last step, as `(code, ms)`: etcd without
    /// quorum answers a write only at its request timeout (`kube::api`'s 7 s), so kubectl's
    /// `create` fails then, not at the step that sent it, and a sentence that ends the run at its
    /// last step's time would contradict the 500 it shows. None when every failure was answered by
    /// the last step (a healthy run's answers never end it).
    pub fn late_failure(&self) -> Option<(u16, u64)> {
        let last_step = self.run.trace.last()?.at_ms;
        let failures = self.run.trace.iter().filter_map(|s| s.request.as_ref()).filter(|r| r.code >= 500);
        let (code, ms) = failures.map(|r| (r.code, r.completed_ms)).max_by_key(|&(_, ms)| ms)?;
        (ms > last_step).then_some((code, ms))
    }

    /// The steps that write etcd (marks under the scrubber).
    pub fn writes(&self) -> Vec<usize> {
        self.run.trace.iter().enumerate().filter(|(_, s)| s.verb == "put").map(|(i, _)| i + 1).collect()
    }

    /// Everything shown after `cursor` steps (clamped to the run).
    pub fn frame(&self, cursor: usize) -> KubeFrame {
        let cursor = cursor.min(self.len());
        let shown = &self.run.trace[..cursor];
        let last = shown.last();
        let revision = last.map_or_else(|| self.initial_revision(), |s| s.revision);
        let at_ms = last.map_or(0, |s| s.at_ms);
        let at = self.at(revision, at_ms, cursor);
        let mut stages_begun = [false; STAGES];
        for step in shown {
            if let Some(b) = (step.stage as usize).checked_sub(1).and_then(|s| stages_begun.get_mut(s)) {
                *b = true;
            }
        }
        KubeFrame {
            cursor,
            len: self.len(),
            at_ms,
            acting: last.map(|s| s.component.clone()),
            row: cursor.checked_sub(1).and_then(|i| self.trace.get(i).cloned()),
            written: last.filter(|s| s.verb == "put").map(|s| s.key.clone()),
            stages_begun,
            stage: last.map_or(0, |s| s.stage),
            revision: super::played::Revision::Known(revision),
            events: columns(&events_table(&at), &EVENT_HEADS),
            pods: columns(&pods_table(&at), &POD_HEADS),
            nodes: self.nodes_at(cursor),
            lit: last.map(|s| lit_part(&s.component).to_string()),
            down: self.down_at(at_ms, cursor),
        }
    }

    /// The parts down at `at_ms` (none before the first step): each outage begun by then and
    /// not ended.
    fn down_at(&self, at_ms: u64, cursor: usize) -> Vec<String> {
        let down = |o: &&crate::kube::run::Outage| o.down_ms <= at_ms && o.up_ms.is_none_or(|u| at_ms < u);
        let from_start = |o: &&crate::kube::run::Outage| o.down_ms == 0;
        let outages = self.run.outages.iter();
        if cursor == 0 {
            return outages.filter(from_start).map(|o| o.part.to_string()).collect();
        }
        outages.filter(down).map(|o| o.part.to_string()).collect()
    }

    /// The scrubber's marks: where each of the six steps begins, and each etcd write (left off
    /// past [`MOST_WRITE_MARKS`]), in step order.
    pub fn marks(&self) -> Vec<KubeMark> {
        let writes = self.writes();
        let mut marks: Vec<KubeMark> = Vec::new();
        let starts = self.stage_starts();
        for (stage, start) in starts.iter().enumerate() {
            if let Some(at) = start {
                marks.push(KubeMark::Stage { step: at + 1, stage: stage as u8 + 1 });
            }
        }
        if writes.len() <= MOST_WRITE_MARKS {
            for step in writes {
                marks.push(KubeMark::Write { step, key: self.run.trace[step - 1].key.clone() });
            }
        }
        let at = |m: &KubeMark| match m {
            KubeMark::Stage { step, .. } | KubeMark::Write { step, .. } => *step,
        };
        crate::kube::by_time::sort_by_time(&mut marks, |m| at(m) as u64);
        marks
    }

    /// etcd's revision before the first step (the Nodes the cluster starts with).
    fn initial_revision(&self) -> u64 {
        self.run.trace.first().map_or(self.run.ledger.revision, |s| s.revision)
    }

    /// The run as it stood at `revision` and `now_ms` (after `cursor` steps): etcd replayed from
    /// its history up to that revision (before a restore, the history the restore took away:
    /// `kube_restore::history_at`), so `kube::render`'s tables print what kubectl would print then.
    fn at(&self, revision: u64, now_ms: u64, cursor: usize) -> Run {
        let mut ledger = Ledger { revision, ..Ledger::default() };
        let history = super::kube_restore::history_at(&self.run, cursor);
        for change in history.into_iter().take_while(|c| c.revision <= revision) {
            if change.kind == crate::kube::ledger::ChangeKind::Deleted {
                ledger.objects.remove(&change.object.key());
            } else {
                ledger.objects.insert(change.object.key(), change.object.clone());
            }
        }
        Run {
            release: self.run.release,
            end_ms: now_ms,
            trace: Vec::new(),
            totals: self.run.totals,
            ledger,
            world: World::default(),
            kubectl: Vec::new(),
            exit_code: self.run.exit_code,
            outages: self.run.outages.clone(),
            stopped: None,
            leases: self.run.leases,
            restore: None,
        }
    }

    /// What runs on each node after `cursor` steps (`kube_nodes::nodes_at`).
    pub fn nodes_at(&self, cursor: usize) -> Vec<NodeAt> {
        super::kube_nodes::nodes_at(&self.scenario, &self.run.trace[..cursor.min(self.len())])
    }
}

/// The parts a student can take down on the default cluster, in the failure matrix's order:
/// the control plane's four, then each node's kubelet, runtime and kube-proxy.
pub fn parts(scenario: &Scenario) -> Vec<Part> {
    let mut parts = vec![Part::KubeApiserver, Part::Etcd, Part::KubeScheduler, Part::KubeControllerManager];
    for node in &scenario.nodes {
        let n = node.name.clone();
        parts.extend([Part::Kubelet(n.clone()), Part::Runtime(n.clone()), Part::KubeProxy(n)]);
    }
    parts
}

/// `faults` with `part` pressed at `at_ms`: taken down from then (from the start at 0), or, if
/// it is down already, brought back (its fault removed).
pub fn press(faults: &[Fault], part: &Part, at_ms: u64) -> Vec<Fault> {
    let name = part.to_string();
    if faults.iter().any(|f| f.part == name) {
        return faults.iter().filter(|f| f.part != name).cloned().collect();
    }
    let mut faults = faults.to_vec();
    faults.push(Fault { part: name, down: at_ms as f64 / 1000.0, up: None });
    faults
}

/// The blast rows filled so far with `row` added: one per set of parts down (a rerun replaces
/// its row), the healthy row first, then in the order filled.
pub fn fill(rows: &[BlastRow], row: BlastRow) -> Vec<BlastRow> {
    let mut rows: Vec<BlastRow> = rows.iter().filter(|r| r.down != row.down).cloned().collect();
    let at = if row.down == "-" { 0 } else { rows.len() };
    rows.insert(at, row);
    rows
}
