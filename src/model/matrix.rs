//! The failure matrix: the lesson's three events (a scale request, a copy's death report, a new
//! node) run with one part down at a time, and what became of each decision.

use super::api_server::Response;
use super::part::{Part, PartSet};
use super::scenario::{Outcome, Scenario};
use super::services::{count_of, service_counts};
use super::trace::{Totals, TraceLimit};
use super::value::{CopyRecord, Status, Value};
use serde::Serialize;

/// What became of one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Carried out completely.
    Done,
    /// Decided but not carried out completely.
    Half,
    /// Not decided at all.
    Halted,
    /// The cluster never learned of the event, so nothing could be decided.
    Unknown,
}

impl Verdict {
    /// Every verdict, in the lesson's order.
    pub const ALL: [Verdict; 4] = [Verdict::Done, Verdict::Half, Verdict::Halted, Verdict::Unknown];

    /// The lesson's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Done => "done",
            Verdict::Half => "half",
            Verdict::Halted => "halted",
            Verdict::Unknown => "unknown",
        }
    }

    fn of(done: bool, half: bool) -> Verdict {
        if done {
            Verdict::Done
        } else if half {
            Verdict::Half
        } else {
            Verdict::Halted
        }
    }
}

/// One row of the failure matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixRow {
    /// The parts that were down: none for the healthy run, one for each of the lesson's rows.
    pub down: PartSet,
    /// The scale request (collector 3 -> 5).
    pub scale: Verdict,
    /// The replacement of the copy reported dead.
    pub failure: Verdict,
    /// The new node's registration.
    pub node: Verdict,
    /// Whether read requests get answers.
    pub reads: Verdict,
    /// Running copies keep serving: always true, since the control plane does not do the work.
    pub traffic_continues: bool,
    /// Collector copies the store counts as running (by [`super::services::service_counts`]).
    pub believed: usize,
    /// Collector copies actually running (by the same rule).
    pub actual: usize,
    /// Items read from the store over the run.
    pub item_reads: usize,
    /// Writes and removes over the run.
    pub writes: usize,
}

/// A matrix row together with the run that produced it, for playback.
#[derive(Clone, Debug)]
pub struct MatrixRun {
    /// The row.
    pub row: MatrixRow,
    /// The run behind it.
    pub outcome: Outcome,
    /// Whether the death of `copy/collector-2` reached the store.
    pub reported: bool,
}

/// The rows in the order of the lesson's table, healthy run first; then two rows the lesson does
/// not print: the node agents down, and the whole control plane down at once.
pub const MATRIX_ORDER: [PartSet; 7] = [
    PartSet::NONE,
    PartSet::of_part(Part::ApiServer),
    PartSet::of_part(Part::StateStore),
    PartSet::of_part(Part::Scheduler),
    PartSet::of_part(Part::ControllerManager),
    PartSet::of_part(Part::NodeAgents),
    PartSet::CONTROL_PLANE,
];

/// The copy whose death is the second event.
const DEAD_COPY: &str = "copy/collector-2";

/// Runs the lesson's events with `down` out of service and judges each decision as the lesson
/// does.
pub fn matrix_run(down: PartSet) -> Result<MatrixRun, TraceLimit> {
    let outcome = Scenario::events(down).run()?;
    let (row, reported) = judge(&outcome, down);
    Ok(MatrixRun { row, outcome, reported })
}

/// The matrix row of a run of the lesson's events with `down` out of service from the start, as
/// its store stands at the end, and whether the store knows of the death of `copy/collector-2`
/// (it no longer holds that copy as running). The failure decision is done when no dead copy is
/// left and the collector has its desired count running (5 once the scale request landed, as in
/// the lesson; 3 when it was lost). Item reads and writes count the whole run.
pub fn judge(outcome: &Outcome, down: PartSet) -> (MatrixRow, bool) {
    let store = outcome.plane.store();
    let reported = store.get(DEAD_COPY).and_then(Value::as_copy).is_none_or(|c| !c.believed_running());
    // Collector copies by the one rule of `services.rs`: the service a copy's value names.
    let collectors: Vec<&CopyRecord> =
        store.entries().filter_map(|(_, v)| v.as_copy()).filter(|c| &*c.service == "collector").collect();
    let count = |s: Status| collectors.iter().filter(|c| c.status == s).count();
    let (believed, actual) = count_of(&service_counts(store.entries(), outcome.plane.actual()), "collector");
    let desired = match store.get("service/collector") {
        Some(Value::Service(s)) => s.desired as usize,
        _ => 0,
    };
    let failure = if reported {
        Verdict::of(count(Status::Dead) == 0 && believed == desired, count(Status::Dead) == 0)
    } else {
        Verdict::Unknown
    };
    // Read requests from outside need the ledger's gate and the ledger, as the run ends.
    let now = outcome.plane.down();
    let ledger_down = now.contains(Part::ApiServer) || now.contains(Part::StateStore);
    let totals = Totals::of(store.trace());
    let row = MatrixRow {
        down,
        scale: Verdict::of(believed == 5, count(Status::Pending) > 0),
        failure,
        node: if store.get("node/m4").is_some() { Verdict::Done } else { Verdict::Halted },
        reads: if ledger_down { Verdict::Halted } else { Verdict::Done },
        traffic_continues: true,
        believed,
        actual,
        item_reads: totals.item_reads,
        writes: totals.writes,
    };
    (row, reported)
}

/// The lesson's five rows (healthy, then API server, state store, scheduler, controller manager).
pub fn lesson_matrix() -> Result<Vec<MatrixRow>, TraceLimit> {
    MATRIX_ORDER[..5].iter().map(|&d| matrix_run(d).map(|r| r.row)).collect()
}

/// Why a decision of a matrix row is not done: data for the messages layer to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The scale request was decided but not carried out: `down` holds the part that did not
    /// act (the scheduler gives no node, the node agents start nothing).
    ScaleHalf {
        /// The parts down.
        down: PartSet,
    },
    /// The controller manager was down: nobody created the missing copies.
    ScaleNotActedOn,
    /// The scale request never landed; `answer` is what the API server said to it.
    ScaleNeverLanded {
        /// The answer to the request, if it was sent.
        answer: Option<Response>,
    },
    /// The death report never landed, so the store still counts the copy as running.
    FailureUnknown {
        /// The answer to the report, if it was sent.
        answer: Option<Response>,
    },
    /// The store knows of the death and `part` (down: the controller manager) did not act on it.
    FailureNotActedOn {
        /// The part that did not act.
        part: Part,
    },
    /// The dead copy was replaced, and the replacement does not run yet.
    FailureHalf,
    /// The new node's registration never landed.
    NodeNeverLanded {
        /// The answer to the registration, if it was sent.
        answer: Option<Response>,
    },
    /// Read requests from outside get no answer: the ledger's gate or the ledger is down.
    ReadsHalted,
}

/// Why each decision of a matrix row is not done, pointing at what is missing: the write that
/// never landed, or the part that did not act. Empty for a healthy row.
pub fn reasons(row: &MatrixRow, responses: &[Response]) -> Vec<Reason> {
    let answer = |i: usize| responses.get(i).copied();
    let mut why = Vec::new();
    match row.scale {
        Verdict::Done => {}
        Verdict::Half => why.push(Reason::ScaleHalf { down: row.down }),
        _ if row.down.contains(Part::ControllerManager) && !row.down.contains(Part::ApiServer) => {
            why.push(Reason::ScaleNotActedOn)
        }
        _ => why.push(Reason::ScaleNeverLanded { answer: answer(0) }),
    }
    match row.failure {
        Verdict::Done => {}
        Verdict::Unknown => why.push(Reason::FailureUnknown { answer: answer(1) }),
        Verdict::Halted => why.push(Reason::FailureNotActedOn { part: Part::ControllerManager }),
        Verdict::Half => why.push(Reason::FailureHalf),
    }
    if row.node != Verdict::Done {
        why.push(Reason::NodeNeverLanded { answer: answer(2) });
    }
    if row.reads != Verdict::Done {
        why.push(Reason::ReadsHalted);
    }
    why
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(down: Option<Part>) -> Vec<Reason> {
        let down = PartSet::from(down);
        let run = matrix_run(down).unwrap();
        reasons(&run.row, &run.outcome.responses)
    }

    #[test]
    fn each_row_says_what_is_missing() {
        assert!(why(None).is_empty());
        let unavailable = Some(Response::Unavailable(Part::ApiServer));
        assert_eq!(
            why(Some(Part::ApiServer)),
            [
                Reason::ScaleNeverLanded { answer: unavailable },
                Reason::FailureUnknown { answer: unavailable },
                Reason::NodeNeverLanded { answer: unavailable },
                Reason::ReadsHalted,
            ]
        );
        let store_down = Some(Response::Unavailable(Part::StateStore));
        assert_eq!(why(Some(Part::StateStore))[0], Reason::ScaleNeverLanded { answer: store_down });
        assert_eq!(
            why(Some(Part::Scheduler)),
            [Reason::ScaleHalf { down: PartSet::of(Part::Scheduler) }, Reason::FailureHalf]
        );
        assert_eq!(
            why(Some(Part::ControllerManager)),
            [Reason::ScaleNotActedOn, Reason::FailureNotActedOn { part: Part::ControllerManager }]
        );
        assert_eq!(why(Some(Part::NodeAgents))[0], Reason::ScaleHalf { down: PartSet::of(Part::NodeAgents) });
    }
}
