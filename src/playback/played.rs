//! What the kube page's diagram and trace show at a cursor, whichever source plays: a simulated
//! run ([`KubeRecording`]) or a real cluster's audit log ([`super::audit::AuditRecording`]).
//! Both give a [`TraceFrame`] through [`TracePlayback`], so one set of views plays either, and
//! what a log cannot know (etcd's revision, items a request read at Metadata level) is said as
//! such, never filled in.

use super::kube::{lit_part, KubeFrame, KubeRecording, STAGES, TRACE_HEADS};
use std::fmt;

/// etcd's revision at a cursor, where the source knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revision {
    /// The simulation's ledger counts every write.
    Known(u64),
    /// An audit log does not record it: `resourceVersion` is opaque to clients
    /// (https://kubernetes.io/docs/reference/using-api/api-concepts/#resource-versions), so it is
    /// not read as etcd's revision.
    NotInLog,
}

impl Revision {
    /// `revision 7`, or why there is none.
    pub fn said(self) -> String {
        match self {
            Revision::Known(r) => format!("revision {r}"),
            Revision::NotInLog => "etcd revision: not known from a log".to_string(),
        }
    }
}

/// The number (`7`), or `not known from a log`: what the page's status and etcd's box fill in.
impl fmt::Display for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Revision::Known(r) => write!(f, "{r}"),
            Revision::NotInLog => f.write_str("not known from a log"),
        }
    }
}

/// Items read up to a cursor: those counted, and the read requests whose items the source does
/// not record (a log at Metadata or Request level, a watch).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    pub items: u64,
    pub not_recorded: u64,
}

/// The diagram's and trace's view at one cursor: the same fields for a run and for a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceFrame {
    /// Steps (or requests) shown, 0 to `len`.
    pub cursor: usize,
    pub len: usize,
    /// The clock at the cursor, ms (a log's: after its first request).
    pub at_ms: u64,
    /// The diagram's part that acted last (`kube-scheduler`, `kubelet/node-1`), if any.
    pub acting: Option<String>,
    /// The last row of the trace, under [`TracePlayback::heads`].
    pub row: Option<Vec<String>>,
    /// What the last step wrote to etcd: the key (a run's etcd key; a log's request key).
    pub written: Option<String>,
    /// Which of the six steps of `kubectl apply` have begun, and the last step's (1-6, 0: none).
    pub stages_begun: [bool; STAGES],
    pub stage: u8,
    pub revision: Revision,
    /// Items read so far.
    pub reads: Reads,
    /// Writes to etcd so far.
    pub writes: u64,
}

/// A source the kube page plays on its diagram and trace.
pub trait TracePlayback {
    /// The trace's column heads.
    fn heads(&self) -> &'static [&'static str];
    /// The `at`-th row of the trace (from 0), its cells under [`TracePlayback::heads`].
    fn trace_row(&self, at: usize) -> Option<Vec<String>>;
    /// Steps (or requests) to play.
    fn steps(&self) -> usize;
    /// The view after `cursor` steps (clamped).
    fn trace_frame(&self, cursor: usize) -> TraceFrame;
}

impl TracePlayback for KubeRecording {
    fn heads(&self) -> &'static [&'static str] {
        &TRACE_HEADS
    }

    fn trace_row(&self, at: usize) -> Option<Vec<String>> {
        self.trace.get(at).cloned()
    }

    fn steps(&self) -> usize {
        self.len()
    }

    /// From [`KubeRecording::frame`]'s own fields, and the run's totals after the cursor.
    fn trace_frame(&self, cursor: usize) -> TraceFrame {
        let f = self.frame(cursor);
        let totals = f.cursor.checked_sub(1).and_then(|i| self.run.trace.get(i)).map(|s| s.totals);
        let totals = totals.unwrap_or_default();
        TraceFrame {
            cursor: f.cursor,
            len: f.len,
            at_ms: f.at_ms,
            acting: f.acting,
            row: f.row,
            written: f.written,
            stages_begun: f.stages_begun,
            stage: f.stage,
            revision: f.revision,
            reads: Reads { items: totals.reads, not_recorded: 0 },
            writes: totals.writes,
        }
    }
}

/// A frame as text, every field named: what the goldens hold.
pub fn said(frame: &TraceFrame) -> String {
    let begun: String = frame.stages_begun.iter().map(|b| if *b { '+' } else { '.' }).collect();
    let reads = match frame.reads.not_recorded {
        0 => format!("{} items read", frame.reads.items),
        n => format!("{} items read, {n} reads not recorded", frame.reads.items),
    };
    let writes = if frame.writes == 1 { "1 write".to_string() } else { format!("{} writes", frame.writes) };
    format!(
        "{}/{} at {} ms: {} | {} | stage {} [{begun}] | {reads}, {writes} | {}\n  row: {}\n",
        frame.cursor,
        frame.len,
        frame.at_ms,
        frame.acting.as_deref().unwrap_or("-"),
        frame.written.as_deref().map_or("-".to_string(), |k| format!("wrote {k}")),
        frame.stage,
        frame.revision.said(),
        frame.row.as_ref().map_or("-".to_string(), |r| r.join(" | ")),
    )
}

/// A log's frame as the page's diagram reads it: the part acting lit as a run's is
/// ([`lit_part`]); what a log does not hold (the events and pods tables, the pods on each node,
/// the parts down) is empty rather than guessed.
pub fn kube_frame(frame: TraceFrame) -> KubeFrame {
    KubeFrame {
        lit: frame.acting.as_deref().map(|a| lit_part(a).to_string()),
        cursor: frame.cursor,
        len: frame.len,
        at_ms: frame.at_ms,
        acting: frame.acting,
        row: frame.row,
        written: frame.written,
        stages_begun: frame.stages_begun,
        stage: frame.stage,
        revision: frame.revision,
        events: Vec::new(),
        pods: Vec::new(),
        nodes: Vec::new(),
        down: Vec::new(),
    }
}
