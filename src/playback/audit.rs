//! Playback of a real cluster's audit log (issue 32) on the kube page's diagram and trace, as a
//! simulated run is played: an [`AuditRecording`] keeps a read log whole, and
//! [`AuditRecording::frame`] derives what a view shows at a cursor — the time, the acting part
//! as the diagram names it, the request's verb and key, its items read (or "not recorded"), the
//! writes to etcd so far, the six steps begun, and etcd's revision as not known from a log. The
//! shared part of the frame is a [`TraceFrame`], the same type a [`KubeRecording`] gives, so one
//! set of views plays either. By default only the request's journey is played; the background
//! (leases, events, heartbeats) is counted beside it.
//!
//! [`KubeRecording`]: super::kube::KubeRecording

use super::audit_build::{Build, StageFill};
use super::kube::STAGES;
use super::played::{Reads, Revision, TraceFrame, TracePlayback};
use crate::kube::audit::{
    row_cells, tally, written, AuditTrace, Background, BackgroundCounts, Body, Component, Controller, Op,
    RequestRow, Tally, Work, TRACE_HEADS,
};

/// Which requests the cursor walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The request's journey only; the background is counted, not played.
    Journey,
    /// Every request, background too, in time order.
    All,
}

/// A log kept for playback.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditRecording {
    /// The log as read.
    pub trace: AuditTrace,
    pub shown: Shown,
    /// The rows played, as positions in `trace.rows` (in time order).
    pub played: Vec<usize>,
    /// The counts after every [`CHECKPOINT`] requests played: `running[k]` counts the first
    /// `k * CHECKPOINT`. A frame counts on from the one before it, so its work is bounded
    /// whatever the log's size, and the recording holds no per-row totals.
    pub(super) running: Vec<Running>,
    /// The background of the first `k * CHECKPOINT` rows of `trace.rows`, likewise.
    pub(super) background: Vec<BackgroundCounts>,
    /// The six steps' stage of each row of `trace.rows` ([`stages`]).
    pub(super) stages: Vec<u8>,
}

/// How many rows a frame counts on from its checkpoint at most.
pub const CHECKPOINT: usize = 1024;

/// Counts of the requests played so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Running {
    reads: Reads,
    writes: u64,
    /// The six steps begun, one bit each.
    begun: u8,
}

impl Running {
    pub(super) fn add(mut self, row: &RequestRow, stage: u8) -> Running {
        match row.items {
            Tally::Counted(n) => self.reads.items += n,
            Tally::NotRecorded => self.reads.not_recorded += 1,
            Tally::NotApplicable => {}
        }
        self.writes += written(row.writes);
        if let Some(bit) = stage.checked_sub(1).filter(|s| usize::from(*s) < STAGES) {
            self.begun |= 1 << bit;
        }
        self
    }
}

/// Everything a view shows at one cursor of a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditFrame {
    /// The fields a simulated run's frame has too.
    pub frame: TraceFrame,
    /// The last request's sender as the log names it (`kube-controller-manager/replicaset-controller`).
    pub component: Option<String>,
    pub verb: Option<String>,
    /// The last request's key (`pods/web-1/binding`).
    pub key: Option<String>,
    /// Items the last request read: counted, not recorded, or not a read.
    pub items: Option<Tally>,
    /// Whether the last request failed.
    pub failed: bool,
    /// The background received up to the last request, kind by kind (played or not).
    pub background: BackgroundCounts,
}

impl AuditRecording {
    /// Keeps `trace`, playing its `shown` requests: [`super::audit_build::Build`]'s steps at once.
    pub fn of(trace: AuditTrace, shown: Shown) -> AuditRecording {
        let stages = stages(&trace.rows);
        let mut build = Build::new(trace, shown, stages);
        while !build.step(&mut Work::unbounded()) {}
        build.into_recording()
    }

    /// The cells of the `at`-th request played (from 0), under [`TRACE_HEADS`]: derived when
    /// asked (a view shows a window of the trace), so a large log keeps no table of text.
    pub fn row_cells_at(&self, at: usize) -> Option<Vec<String>> {
        let start = self.trace.rows.first().map_or(0, |r| r.received);
        let row = self.trace.rows.get(*self.played.get(at)?)?;
        Some(row_cells(row, start).to_vec())
    }

    /// The counts after `cursor` requests played: from the checkpoint before, on.
    fn running_at(&self, cursor: usize) -> Running {
        let k = (cursor / CHECKPOINT).min(self.running.len().saturating_sub(1));
        let from = self.running.get(k).copied().unwrap_or_default();
        let rest = self.played.get(k * CHECKPOINT..cursor).unwrap_or(&[]);
        rest.iter().fold(from, |now, &i| now.add(&self.trace.rows[i], self.stages[i]))
    }

    /// The background of the first `through` rows of the log: from the checkpoint before, on.
    fn background_at(&self, through: usize) -> BackgroundCounts {
        let k = (through / CHECKPOINT).min(self.background.len().saturating_sub(1));
        let mut counts = self.background.get(k).copied().unwrap_or_default();
        for row in self.trace.rows.get(k * CHECKPOINT..through).unwrap_or(&[]) {
            counts.add(row);
        }
        counts
    }

    /// The background of the whole log, kind by kind (from the last checkpoint on).
    pub fn background_total(&self) -> BackgroundCounts {
        self.background_at(self.trace.rows.len())
    }

    /// Requests played.
    pub fn len(&self) -> usize {
        self.played.len()
    }

    /// Whether there is nothing to play.
    pub fn is_empty(&self) -> bool {
        self.played.is_empty()
    }

    /// The request played at `cursor` steps (the last shown), if any.
    pub fn row_at(&self, cursor: usize) -> Option<&RequestRow> {
        let at = *self.played.get(cursor.checked_sub(1)?)?;
        self.trace.rows.get(at)
    }

    /// The stage of the request shown last at `cursor` (0: none).
    fn stage_at(&self, cursor: usize) -> u8 {
        let at = cursor.checked_sub(1).and_then(|c| self.played.get(c));
        at.and_then(|&i| self.stages.get(i)).copied().unwrap_or(0)
    }

    /// The bodies of the request shown last at `cursor`, on demand: its `requestObject` and
    /// `responseObject` as the reader kept them (a Secret's withheld unless the log was read
    /// with `show_secrets`).
    pub fn bodies(&self, cursor: usize) -> Option<(&Body, &Body)> {
        self.row_at(cursor).map(|r| (&r.request_object, &r.response_object))
    }

    /// Everything shown after `cursor` requests (clamped).
    pub fn frame(&self, cursor: usize) -> AuditFrame {
        let cursor = cursor.min(self.len());
        let last = self.row_at(cursor);
        let start = self.trace.rows.first().map_or(0, |r| r.received);
        let now = self.running_at(cursor);
        let stages_begun: [bool; STAGES] = std::array::from_fn(|s| now.begun & (1 << s) != 0);
        // The background counted is every row received up to the last one played.
        let through = cursor.checked_sub(1).and_then(|c| self.played.get(c)).map_or(0, |&i| i + 1);
        let frame = TraceFrame {
            cursor,
            len: self.len(),
            at_ms: last.map_or(0, |r| u64::try_from(r.received - start).unwrap_or(0) / 1000),
            acting: last.map(|r| part_of(&r.component)),
            row: cursor.checked_sub(1).and_then(|i| self.row_cells_at(i)),
            written: last.filter(|r| written(r.writes) > 0).map(RequestRow::key),
            stages_begun,
            stage: self.stage_at(cursor),
            revision: Revision::NotInLog,
            reads: now.reads,
            writes: now.writes,
        };
        AuditFrame {
            frame,
            component: last.map(|r| r.component.to_string()),
            verb: last.map(|r| r.verb.clone()),
            key: last.map(RequestRow::key),
            items: last.map(|r| r.items),
            failed: last.is_some_and(RequestRow::failed),
            background: self.background_at(through),
        }
    }
}

impl TracePlayback for AuditRecording {
    fn heads(&self) -> &'static [&'static str] {
        &TRACE_HEADS
    }

    fn trace_row(&self, at: usize) -> Option<Vec<String>> {
        self.row_cells_at(at)
    }

    fn steps(&self) -> usize {
        self.len()
    }

    fn trace_frame(&self, cursor: usize) -> TraceFrame {
        self.frame(cursor).frame
    }
}

/// The diagram's part for a log's component, as the simulation names its parts
/// (`crate::kube`'s trace): a controller's service account without its `-controller`
/// (`kube-controller-manager/replicaset`), a kubelet by its node (`kubelet/node-1`), every
/// client as the diagram's `kubectl`. kube-proxy's one service account does not say which
/// node's it is, so it is `kube-proxy`.
pub fn part_of(component: &Component) -> String {
    match component {
        Component::Scheduler => "kube-scheduler".to_string(),
        Component::ControllerManager(Controller::Account(c) | Controller::AgentSays(c)) => {
            format!("kube-controller-manager/{}", c.strip_suffix("-controller").unwrap_or(c))
        }
        Component::ControllerManager(Controller::Unknown) => "kube-controller-manager".to_string(),
        Component::Kubelet(node) => format!("kubelet/{node}"),
        Component::KubeProxy => "kube-proxy".to_string(),
        Component::ApiServer => "kube-apiserver".to_string(),
        Component::Client(_) => "kubectl".to_string(),
    }
}

/// Which of the six steps of `kubectl apply` each row is in, by the simulation's own rule
/// (`crate::kube`'s trace gives each step its stage; a request that writes takes its store's):
/// the client's reads 1 and its stored writes 2; the deployment and replicaset controllers'
/// writes 3; the scheduler's writes 4; a kubelet's Event writes 5 (starting the pod); a
/// kubelet's status write of a pod 5 while the pod is not running and 6 once it is
/// (`kube::kubelet`'s report); anything else, leases and heartbeats included, none (0).
///
/// Whether a pod runs is read from the status write's body (`status.phase`), where the level
/// records it. Without a body this is the reader's one inference of a step: a pod's last status
/// write in the log is taken as its Running report (6) and any before it as not yet (5), as the
/// kubelet reports ContainerCreating before Running.
pub fn stages(rows: &[RequestRow]) -> Vec<u8> {
    let mut fill = StageFill::new();
    while !fill.step(rows, &mut Work::unbounded()) {}
    fill.into_stages()
}

/// A kubelet's stored write of a pod's status.
pub(super) fn is_pod_report(row: &RequestRow) -> bool {
    matches!(row.component, Component::Kubelet(_))
        && row.op == Op::Write
        && written(row.writes) > 0
        && row.resource == "pods"
        && row.subresource == "status"
}

/// Whether a status write's recorded body says the pod runs (None: no body, or no phase in it).
pub(super) fn phase_running(row: &RequestRow) -> Option<bool> {
    let Body::Json(json) = &row.request_object else { return None };
    let body: serde_json::Value = serde_json::from_str(json).ok()?;
    body.pointer("/status/phase")?.as_str().map(|p| p == "Running")
}

/// The stage of a row that is no pod status report.
pub(super) fn stage_of(row: &RequestRow) -> u8 {
    let writes = written(row.writes) > 0;
    let is_write = row.op == Op::Write && writes;
    match &row.component {
        _ if matches!(
            row.background,
            Some(Background::Lease | Background::NodeStatus | Background::Health)
        ) =>
        {
            0
        }
        Component::Client(_) if writes => 2,
        Component::Client(_) => 1,
        Component::ControllerManager(Controller::Account(c) | Controller::AgentSays(c))
            if is_write && (c == "deployment-controller" || c == "replicaset-controller") =>
        {
            3
        }
        Component::Scheduler if is_write => 4,
        Component::Kubelet(_) if is_write && row.background == Some(Background::Event) => 5,
        _ => 0,
    }
}

/// An audit frame as text, every field named: what the goldens hold.
pub fn said(frame: &AuditFrame) -> String {
    let mut out = super::played::said(&frame.frame);
    if let (Some(c), Some(v), Some(k)) = (&frame.component, &frame.verb, &frame.key) {
        let items = frame.items.map_or("-".to_string(), tally);
        let failed = if frame.failed { ", failed" } else { "" };
        out.push_str(&format!("  {c} {v} {k}: items {items}{failed}\n"));
    }
    out.push_str(&format!("  background so far: {}\n", frame.background.summary()));
    out
}
