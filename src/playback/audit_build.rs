//! The end of loading a dropped log (issue 32), in steps of bounded work: the requests put in
//! the order kube-apiserver received them ([`RowOrder`]), the names of `generateName` creates
//! filled in ([`NameFill`]), each row's step of `kubectl apply` ([`StageFill`]), and the
//! recording's played rows and checkpoints ([`Build`]). Each step does at most the
//! [`FINISH_WORK`] units it is given (a row looked at, a sort key moved, 64 bytes of a body
//! parsed), so a 100 MB log never holds the page; [`AuditRecording::of`] and the CLI run the same
//! steps to the end at once, so there is one rule for each.

use super::audit::{is_pod_report, phase_running, stage_of, AuditRecording, Running, Shown, CHECKPOINT};
use crate::kube::audit::{AuditTrace, BackgroundCounts, NameFill, RequestRow, RowOrder, Work};
use std::collections::HashMap;

/// The work of one step of [`Finishing`]: 20,000 units. An assumption, like the reading's
/// budget (`audit_load::BUDGET`): a unit is at most a row's pass of constant work, so a step
/// is a few milliseconds natively (docs/audit.md has the figures).
pub const FINISH_WORK: usize = 20_000;

/// Each row's step of `kubectl apply`, in two passes: each pod's last status report, then each
/// row's stage (`audit::stages`' rule).
#[derive(Debug, Default)]
pub struct StageFill {
    last: HashMap<(String, String), usize>,
    stages: Vec<u8>,
    second: bool,
    at: usize,
}

impl StageFill {
    /// A fill not yet begun.
    pub fn new() -> StageFill {
        StageFill::default()
    }

    /// Does at most `work` on `rows` (the same rows each step); true once every row has its stage.
    pub fn step(&mut self, rows: &[RequestRow], work: &mut Work) -> bool {
        while work.left() {
            let Some(row) = rows.get(self.at) else {
                if self.second {
                    return true;
                }
                (self.second, self.at) = (true, 0);
                continue;
            };
            if !self.second {
                if is_pod_report(row) {
                    self.last.insert((row.namespace.clone(), row.name.clone()), self.at);
                }
                work.spend(1);
            } else {
                let stage = self.stage(row, work);
                self.stages.push(stage);
            }
            self.at += 1;
        }
        self.second && self.at >= rows.len()
    }

    fn stage(&self, row: &RequestRow, work: &mut Work) -> u8 {
        work.spend(1);
        if !is_pod_report(row) {
            return stage_of(row);
        }
        let last = self.last.get(&(row.namespace.clone(), row.name.clone())) == Some(&self.at);
        if let crate::kube::audit::Body::Json(json) = &row.request_object {
            work.spend(json.len() / 64); // the body is parsed for its phase
        }
        if phase_running(row).unwrap_or(last) {
            6
        } else {
            5
        }
    }

    /// The stages, one per row, once [`StageFill::step`] said so.
    pub fn into_stages(self) -> Vec<u8> {
        self.stages
    }
}

/// A recording being built: the rows played, then the counts at each checkpoint of the played
/// rows, then the background's at each checkpoint of every row.
#[derive(Debug)]
pub struct Build {
    trace: AuditTrace,
    shown: Shown,
    stages: Vec<u8>,
    played: Vec<usize>,
    running: Vec<Running>,
    now: Running,
    background: Vec<BackgroundCounts>,
    counts: BackgroundCounts,
    pass: u8,
    at: usize,
}

impl Build {
    /// Builds the recording of `trace` (in order, named) with its rows' `stages`.
    pub fn new(trace: AuditTrace, shown: Shown, stages: Vec<u8>) -> Build {
        Build {
            trace,
            shown,
            stages,
            played: Vec::new(),
            running: vec![Running::default()],
            now: Running::default(),
            background: vec![BackgroundCounts::default()],
            counts: BackgroundCounts::default(),
            pass: 0,
            at: 0,
        }
    }

    /// Does at most `work`; true once the recording is whole.
    pub fn step(&mut self, work: &mut Work) -> bool {
        while work.left() && self.pass < 3 {
            let len = if self.pass == 1 { self.played.len() } else { self.trace.rows.len() };
            if self.at >= len {
                (self.pass, self.at) = (self.pass + 1, 0);
                continue;
            }
            let n = self.at + 1;
            match self.pass {
                0 => {
                    if self.shown == Shown::All || self.trace.rows[self.at].background.is_none() {
                        self.played.push(self.at);
                    }
                }
                1 => {
                    let i = self.played[self.at];
                    self.now = self.now.add(&self.trace.rows[i], self.stages[i]);
                    if n % CHECKPOINT == 0 {
                        self.running.push(self.now);
                    }
                }
                _ => {
                    self.counts.add(&self.trace.rows[self.at]);
                    if n % CHECKPOINT == 0 {
                        self.background.push(self.counts);
                    }
                }
            }
            self.at = n;
            work.spend(1);
        }
        self.pass >= 3
    }

    /// The recording, once [`Build::step`] said so.
    pub fn into_recording(self) -> AuditRecording {
        let Build { trace, shown, played, running, background, stages, .. } = self;
        AuditRecording { trace, shown, played, running, background, stages }
    }
}

/// Where the end of a load is.
#[derive(Debug)]
enum Stage {
    Order(RowOrder),
    Names(Vec<RequestRow>, NameFill),
    Stages(StageFill),
    Record(Build),
    Done(Box<AuditRecording>),
    Taken,
}

/// What a step of [`Finishing`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinishStep {
    /// The pass now under way, 1 to [`PASSES`] ([`PASSES`] once done).
    pub pass: usize,
    /// The units this step did.
    pub units: usize,
    /// Whether the recording is whole (or was taken).
    pub done: bool,
}

/// The passes of [`Finishing`]: order, names, stages, recording.
pub const PASSES: usize = 4;

/// The end of a load, step by step: from a trace whose rows are as the log gave them (the
/// reader's `finish_unordered`) to the recording the page plays.
#[derive(Debug)]
pub struct Finishing {
    /// The trace's problems, counts and stop; its rows are in `stage` until the end.
    trace: AuditTrace,
    shown: Shown,
    stage: Stage,
    budget: usize,
}

impl Finishing {
    /// Finishes `trace` (rows unordered), playing `shown`, at most `budget` units a step.
    pub fn new(mut trace: AuditTrace, shown: Shown, budget: usize) -> Finishing {
        let rows = std::mem::take(&mut trace.rows);
        Finishing { trace, shown, stage: Stage::Order(RowOrder::new(rows)), budget: budget.max(1) }
    }

    /// The requests being finished.
    pub fn requests(&self) -> u64 {
        self.trace.progress.requests
    }

    /// Does one step of at most the budget's units.
    pub fn step(&mut self) -> FinishStep {
        let mut work = Work::new(self.budget);
        while work.left() {
            let stage = std::mem::replace(&mut self.stage, Stage::Taken);
            self.stage = self.advance(stage, &mut work);
            if matches!(self.stage, Stage::Done(_) | Stage::Taken) {
                break;
            }
        }
        let pass = match &self.stage {
            Stage::Order(_) => 1,
            Stage::Names(..) => 2,
            Stage::Stages(_) => 3,
            _ => PASSES,
        };
        FinishStep { pass, units: work.spent(), done: matches!(self.stage, Stage::Done(_) | Stage::Taken) }
    }

    fn advance(&mut self, stage: Stage, work: &mut Work) -> Stage {
        match stage {
            Stage::Order(mut order) => match order.step(work) {
                true => Stage::Names(order.into_rows(), NameFill::new()),
                false => Stage::Order(order),
            },
            Stage::Names(mut rows, mut names) => match names.step(&mut rows, work) {
                true => {
                    self.trace.rows = rows;
                    Stage::Stages(StageFill::new())
                }
                false => Stage::Names(rows, names),
            },
            Stage::Stages(mut fill) => match fill.step(&self.trace.rows, work) {
                true => {
                    let trace = std::mem::replace(&mut self.trace, empty_trace());
                    Stage::Record(Build::new(trace, self.shown, fill.into_stages()))
                }
                false => Stage::Stages(fill),
            },
            Stage::Record(mut build) => match build.step(work) {
                true => Stage::Done(Box::new(build.into_recording())),
                false => Stage::Record(build),
            },
            done => done,
        }
    }

    /// The recording, once a step said it is done (then only once).
    pub fn take(&mut self) -> Option<AuditRecording> {
        match std::mem::replace(&mut self.stage, Stage::Taken) {
            Stage::Done(recording) => Some(*recording),
            other => {
                self.stage = other;
                None
            }
        }
    }

    /// Every step at once (the tests' way); none if the recording was taken already.
    pub fn run(mut self) -> Option<AuditRecording> {
        while !self.step().done {}
        self.take()
    }
}

fn empty_trace() -> AuditTrace {
    AuditTrace { rows: Vec::new(), problems: Vec::new(), progress: Default::default(), stopped: None }
}
