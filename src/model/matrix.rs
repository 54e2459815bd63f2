//! The failure matrix: the lesson's three events (a scale request, a copy's death report, a new
//! node) run with one part down at a time, and what became of each decision.

use super::api_server::Request;
use super::part::Part;
use super::plane::{Plane, DEFAULT_MAX_ROUNDS};
use super::scenario::{lesson_initial, lesson_request, Outcome};
use super::state_store::{Op, TraceLimit};
use super::value::{Copy, Health, Node, Status, Value};
use crate::messages::{fill, Messages};
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatrixRow {
    /// The part that was down, none for the healthy run.
    pub down: Option<Part>,
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
    /// Collector copies the store counts as running.
    pub believed: usize,
    /// Collector copies actually running.
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

/// The lesson's three events: scale collector to 5, copy collector-2 reported dead (it was on
/// m2), node m4 joins.
pub fn lesson_events() -> Vec<Request> {
    let dead = Copy { service: "collector".into(), node: Some("m2".into()), status: Status::Dead };
    vec![
        lesson_request(),
        Request { key: "copy/collector-2".into(), value: Some(Value::Copy(dead)) },
        Request {
            key: "node/m4".into(),
            value: Some(Value::Node(Node { capacity: 4, health: Health::Alive })),
        },
    ]
}

/// The parts in the order of the lesson's table, healthy run first; node agents come last, in a
/// row the lesson does not print.
pub const MATRIX_ORDER: [Option<Part>; 6] = [
    None,
    Some(Part::ApiServer),
    Some(Part::StateStore),
    Some(Part::Scheduler),
    Some(Part::ControllerManager),
    Some(Part::NodeAgents),
];

/// Runs the lesson's events with `down` out of service and judges each decision as the lesson
/// does.
pub fn matrix_run(down: Option<Part>) -> Result<MatrixRun, TraceLimit> {
    let mut plane = Plane::new(lesson_initial(), down);
    let responses = lesson_events().iter().map(|r| plane.request(r)).collect::<Result<Vec<_>, _>>()?;
    let reported = plane
        .store()
        .get("copy/collector-2")
        .and_then(Value::as_copy)
        .is_some_and(|c| c.status == Status::Dead);
    plane.run(DEFAULT_MAX_ROUNDS)?;

    let store = plane.store();
    let collectors: Vec<&Copy> = store
        .entries()
        .filter(|(k, _)| k.starts_with("copy/collector"))
        .filter_map(|(_, v)| v.as_copy())
        .collect();
    let count = |s: Status| collectors.iter().filter(|c| c.status == s).count();
    let believed = count(Status::Running);
    let failure = if reported {
        Verdict::of(count(Status::Dead) == 0 && believed == 5, count(Status::Dead) == 0)
    } else {
        Verdict::Unknown
    };
    let ledger_down = matches!(down, Some(Part::ApiServer | Part::StateStore));
    let row = MatrixRow {
        down,
        scale: Verdict::of(believed == 5, count(Status::Pending) > 0),
        failure,
        node: if store.get("node/m4").is_some() { Verdict::Done } else { Verdict::Halted },
        reads: if ledger_down { Verdict::Halted } else { Verdict::Done },
        traffic_continues: true,
        believed,
        actual: store.actual().iter().filter(|k| k.starts_with("copy/collector")).count(),
        item_reads: store.trace().iter().filter(|t| t.op == Op::Read).map(|t| t.items).sum(),
        writes: store.trace().iter().filter(|t| t.op != Op::Read).count(),
    };
    Ok(MatrixRun { row, outcome: Outcome { responses, plane }, reported })
}

/// The lesson's five rows (healthy, then API server, state store, scheduler, controller manager).
pub fn lesson_matrix() -> Result<Vec<MatrixRow>, TraceLimit> {
    MATRIX_ORDER[..5].iter().map(|&d| matrix_run(d).map(|r| r.row)).collect()
}

/// Why each decision of a matrix row is not done, pointing at what is missing: the write that
/// never landed, or the part that did not act. Empty for a healthy row.
pub fn explain(row: &MatrixRow, responses: &[super::api_server::Response], t: &Messages) -> Vec<String> {
    let answer = |i: usize| responses.get(i).map_or(t.no_answer, |r| r.text(t));
    let mut why = Vec::new();
    match row.scale {
        Verdict::Done => {}
        Verdict::Half => why.push(match row.down {
            Some(Part::Scheduler) => t.why_scale_half_scheduler.to_string(),
            Some(Part::NodeAgents) => t.why_scale_half_nodes.to_string(),
            _ => t.why_scale_half.to_string(),
        }),
        _ => why.push(match row.down {
            Some(Part::ControllerManager) => t.why_scale_halted_cm.to_string(),
            _ => fill(t.why_scale_halted, &[("answer", &answer(0))]),
        }),
    }
    match row.failure {
        Verdict::Done => {}
        Verdict::Unknown => why.push(fill(t.why_failure_unknown, &[("answer", &answer(1))])),
        Verdict::Halted => why.push(fill(
            t.why_failure_halted,
            &[("part", &t.part(row.down.unwrap_or(Part::ControllerManager)))],
        )),
        Verdict::Half => why.push(t.why_failure_half.to_string()),
    }
    if row.node != Verdict::Done {
        why.push(fill(t.why_node_halted, &[("answer", &answer(2))]));
    }
    if row.reads != Verdict::Done {
        why.push(t.why_reads_halted.to_string());
    }
    why
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(down: Option<Part>) -> Vec<String> {
        let run = matrix_run(down).unwrap();
        explain(&run.row, &run.outcome.responses, &crate::messages::EN)
    }

    #[test]
    fn each_row_says_what_is_missing() {
        assert!(why(None).is_empty());
        let api = why(Some(Part::ApiServer));
        assert_eq!(api.len(), 4);
        assert!(api[0].contains("never landed (API server unavailable)"), "{api:?}");
        assert!(api[1].contains("still counts it as running"));
        assert!(why(Some(Part::StateStore))[0].contains("(state store unavailable)"));
        let sched = why(Some(Part::Scheduler));
        assert!(sched[0].contains("the scheduler is down and did not act to give them a node"), "{sched:?}");
        let cm = why(Some(Part::ControllerManager));
        assert!(cm[0].contains("the controller manager is down and did not act"), "{cm:?}");
        assert!(cm[1].contains("knows copy/collector-2 is dead"));
        assert!(why(Some(Part::NodeAgents))[0].contains("node agents are down and did not act to start them"));
    }
}
