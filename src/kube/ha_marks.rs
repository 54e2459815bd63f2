//! The moments of issue 31 in a run, read from its trace once (the blast row's seconds and the
//! timeline's scrubber marks both come from here): writes stopped and resumed, new pods waiting
//! and scheduled again, clients moved to another kube-apiserver, a node NotReady, tainted, its
//! pods evicted, traffic no longer routed to them, their replacements running.

use super::run::Run;
use super::trace::Step;
use serde::Serialize;

/// What a moment is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MarkKind {
    /// A fault (a part down).
    Fault,
    /// etcd commits no write from here: its leader lost, or its quorum.
    WritesStopped,
    /// etcd has a leader and a quorum again.
    WritesResumed,
    /// The members of etcd know their leader is gone (an election timeout without heartbeat).
    EtcdKnows,
    /// kube-scheduler has no leader: new pods wait.
    NewPodsWait,
    /// A kube-scheduler replica leads (after a gap).
    SchedulerLeads,
    /// kube-controller-manager has no leader: its controllers wait.
    ControllersWait,
    /// A kube-controller-manager replica leads (after a gap).
    ControllersLead,
    /// A kube-apiserver replica went down and its clients watch through another.
    ClientsMoved,
    /// A node's Ready condition turned Unknown or False.
    NodeNotReady,
    /// A node got its NoExecute taint.
    Tainted,
    /// A node's pods were deleted by the taint-eviction controller.
    PodsEvicted,
    /// kube-proxy no longer routes to the NotReady node's pods.
    TrafficStopped,
    /// Every evicted pod's replacement reports Running.
    ReplacementsRunning,
    /// `etcdctl snapshot save` (`kube::restore`).
    Snapshot,
    /// etcd restored from the snapshot: every write after it gone.
    Restored,
    /// A node (or its kubelet) back: Ready=True again (`kube::node_return`).
    NodeBack,
}

impl MarkKind {
    /// The words a scrubber mark carries.
    pub fn label(self) -> &'static str {
        match self {
            MarkKind::Fault => "fault",
            MarkKind::WritesStopped => "writes stopped",
            MarkKind::WritesResumed => "writes resumed",
            MarkKind::EtcdKnows => "etcd knows: no leader",
            MarkKind::NewPodsWait => "new pods wait",
            MarkKind::SchedulerLeads => "kube-scheduler leads",
            MarkKind::ControllersWait => "controllers wait",
            MarkKind::ControllersLead => "kube-controller-manager leads",
            MarkKind::ClientsMoved => "clients moved",
            MarkKind::NodeNotReady => "node NotReady",
            MarkKind::Tainted => "node tainted",
            MarkKind::PodsEvicted => "pods evicted",
            MarkKind::TrafficStopped => "traffic stopped",
            MarkKind::ReplacementsRunning => "replacements running",
            MarkKind::Snapshot => "snapshot",
            MarkKind::Restored => "restored",
            MarkKind::NodeBack => "node back",
        }
    }
}

/// One moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// What.
    pub kind: MarkKind,
    /// When (ms).
    pub at_ms: u64,
    /// Of what: the part, the node, the replica that leads.
    pub what: String,
}

/// The state of the walk over the trace.
struct Walk {
    marks: Vec<Mark>,
    etcd_leader: Option<String>,
    writes_stopped: bool,
    not_ready: bool,
    traffic_marked: bool,
}

impl Walk {
    fn mark(&mut self, kind: MarkKind, step: &Step, what: &str) {
        self.marks.push(Mark { kind, at_ms: step.at_ms, what: what.to_string() });
    }

    /// Whether clients were already marked moved at `at_ms` (one mark for a replica's clients).
    fn moved_at(&self, at_ms: u64) -> bool {
        self.marks.iter().any(|m| m.kind == MarkKind::ClientsMoved && m.at_ms == at_ms)
    }

    fn writes(&mut self, step: &Step, stopped: bool) {
        if self.writes_stopped != stopped {
            self.writes_stopped = stopped;
            let kind = if stopped { MarkKind::WritesStopped } else { MarkKind::WritesResumed };
            self.mark(kind, step, "etcd");
        }
    }

    fn step(&mut self, s: &Step) {
        let node = s.key.rsplit('/').next().unwrap_or("");
        let (part, replica) = s.component.split_once('/').unwrap_or((s.component.as_str(), ""));
        match (part, s.verb) {
            ("etcd", "DOWN")
                if self.etcd_leader.as_deref() == Some(s.component.as_str()) || replica.is_empty() =>
            {
                self.etcd_leader = None;
                self.writes(s, true);
            }
            ("etcd", "NO QUORUM") => self.writes(s, true),
            ("etcd", "UP") if replica.is_empty() => self.writes(s, false),
            ("etcd", "NO LEADER") => {
                self.mark(MarkKind::EtcdKnows, s, "etcd");
                self.writes(s, true);
            }
            ("etcd", "LEADER") => {
                self.etcd_leader = Some(s.component.clone());
                self.writes(s, false);
            }
            ("kube-scheduler", "NO LEADER") | ("kube-scheduler", "DOWN") if replica.is_empty() => {
                self.mark(MarkKind::NewPodsWait, s, "kube-scheduler")
            }
            ("kube-scheduler", "LEADER" | "UP") => self.mark(MarkKind::SchedulerLeads, s, &s.component),
            ("kube-controller-manager", "NO LEADER") | ("kube-controller-manager", "DOWN")
                if replica.is_empty() =>
            {
                self.mark(MarkKind::ControllersWait, s, "kube-controller-manager")
            }
            ("kube-controller-manager", "LEADER" | "UP") => {
                self.mark(MarkKind::ControllersLead, s, &s.component)
            }
            (_, "WATCH") if s.note.starts_with("moved to ") && !self.moved_at(s.at_ms) => {
                self.mark(MarkKind::ClientsMoved, s, "kube-apiserver");
            }
            (_, "NOT READY") => {
                self.not_ready = true;
                self.mark(MarkKind::NodeNotReady, s, node);
            }
            (_, "TAINT") => self.mark(MarkKind::Tainted, s, node),
            (_, "EVICT") => self.mark(MarkKind::PodsEvicted, s, node),
            ("etcdctl", "snapshot save") => self.mark(MarkKind::Snapshot, s, "etcd"),
            ("etcdctl", "snapshot restore") => self.mark(MarkKind::Restored, s, "etcd"),
            ("kubelet", "READY") => self.mark(MarkKind::NodeBack, s, replica),
            ("kube-proxy", "sync rules") if self.not_ready && !self.traffic_marked => {
                self.traffic_marked = true;
                self.mark(MarkKind::TrafficStopped, s, replica);
            }
            _ => {}
        }
    }
}

/// Whether a step is a kubelet's report of a pod Running (the status patch of step 6).
fn reports_running(s: &Step) -> bool {
    s.component.starts_with("kubelet/") && s.verb == "patch" && s.stage == 6 && s.request.is_some()
}

/// Every moment of the run, in time order (faults first at their moment).
pub fn marks(run: &Run) -> Vec<Mark> {
    let mut walk = Walk {
        marks: Vec::new(),
        etcd_leader: Some("etcd/1".to_string()),
        writes_stopped: false,
        not_ready: false,
        traffic_marked: false,
    };
    for o in &run.outages {
        walk.marks.push(Mark { kind: MarkKind::Fault, at_ms: o.down_ms, what: o.part.to_string() });
    }
    for s in &run.trace {
        walk.step(s);
    }
    let mut marks = walk.marks;
    if let Some(evicted_at) = marks.iter().find(|m| m.kind == MarkKind::PodsEvicted).map(|m| m.at_ms) {
        // The taint-eviction controller's deletions (a kubelet's confirmation is no eviction).
        let evicted = run
            .trace
            .iter()
            .filter(|s| s.verb == "delete" && s.request.is_some() && s.component.ends_with("/taint-eviction"))
            .count();
        let running =
            run.trace.iter().filter(|s| s.at_ms >= evicted_at && reports_running(s)).nth(evicted.max(1) - 1);
        if let Some(s) = running {
            marks.push(Mark {
                kind: MarkKind::ReplacementsRunning,
                at_ms: s.at_ms,
                what: s.component.clone(),
            });
        }
    }
    super::by_time::sort_by_time(&mut marks, |m| m.at_ms);
    marks
}
