//! Questions beyond the lesson's six counts and its matrix cells (issue 12): one round's load,
//! one component's reads, the order in which components write one key, believed and actual per
//! service, and what a failure-matrix decision becomes once the parts come back. An assignment
//! lists them under `ask`; each has a stable id that marks, reports and tolerances use.

use super::choice::{parse_choice, Choice};
use super::json::{err, object, only_fields, required, shown, string, whole, InputError};
use super::limits::{MAX_NAME, MAX_ROUNDS};
use super::tables::{row_name, row_of_name};
use super::timeline_json::part;
use crate::messages::{AssignmentMessages, Messages, Problem};
use crate::model::{Op, Part, PartSet, Step, MATRIX_ORDER};
use serde_json::Value as Json;

/// A cell of a failure-matrix row a student can predict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cell {
    /// The scale decision.
    Scale,
    /// The failure decision.
    Failure,
    /// The new node's registration.
    Node,
    /// Whether reads get answers.
    ReadsOutcome,
    /// Copies the store believes run.
    Believed,
    /// Copies actually running.
    Actual,
    /// Items read.
    Rd,
    /// Writes.
    Wr,
}

impl Cell {
    /// Every cell, in the lesson's column order.
    pub const ALL: [Cell; 8] = [
        Cell::Scale,
        Cell::Failure,
        Cell::Node,
        Cell::ReadsOutcome,
        Cell::Believed,
        Cell::Actual,
        Cell::Rd,
        Cell::Wr,
    ];

    /// The name used in assignment files.
    pub fn id(self) -> &'static str {
        match self {
            Cell::Scale => "scale",
            Cell::Failure => "failure",
            Cell::Node => "node",
            Cell::ReadsOutcome => "reads",
            Cell::Believed => "believed",
            Cell::Actual => "actual",
            Cell::Rd => "rd",
            Cell::Wr => "wr",
        }
    }

    /// The cell an assignment file names `id`.
    pub fn from_id(id: &str) -> Option<Cell> {
        Cell::ALL.into_iter().find(|c| c.id() == id)
    }

    /// The cell's name in the language of `t` and `a`.
    pub fn label_in(self, t: &Messages, a: &AssignmentMessages) -> &'static str {
        match self {
            Cell::Scale => t.col_scale,
            Cell::Failure => t.col_failure,
            Cell::Node => t.col_node,
            Cell::ReadsOutcome => t.col_reads,
            Cell::Believed => a.cell_believed,
            Cell::Actual => a.cell_actual,
            Cell::Rd => t.col_rd,
            Cell::Wr => t.col_wr,
        }
    }

    /// Whether the cell holds a verdict word rather than a number.
    pub fn is_verdict(self) -> bool {
        matches!(self, Cell::Scale | Cell::Failure | Cell::Node | Cell::ReadsOutcome)
    }
}

/// One question of an assignment's `ask` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Items read (or writes made) in one round of the assignment's run; round 0 is the requests
    /// before round 1.
    Round {
        /// The round.
        round: u32,
        /// Writes rather than item reads.
        writes: bool,
    },
    /// Items one component reads over the assignment's run.
    PartReads(Part),
    /// The components that write one key in the assignment's run, in order (a component writing
    /// it twice in a row is named once). A key never written: no component.
    Writers(String),
    /// Copies of one service at the end of the assignment's run: those the store believes run, or
    /// those that actually do.
    Service {
        /// The service's name (`collector` for `service/collector`).
        service: String,
        /// Actual rather than believed.
        actual: bool,
    },
    /// A cell of a failure-matrix row once its parts are brought back and the run is quiet again
    /// (the repair: `cplab matrix --repair`).
    Repair {
        /// The row, by the parts down.
        down: PartSet,
        /// The cell.
        cell: Cell,
    },
    /// One of 2 to 6 options, the right one the teacher's or a fact the lab derives
    /// (`formats::choice`).
    Choice(Choice),
}

impl Question {
    /// Whether `step` is one of the steps the answer is made of: a round's reads (or writes and
    /// removes), a component's reads, a key's writes and removes. The one rule the answer key
    /// counts by and the reveal links to; none for a question about the end of a run (a service's
    /// copies) or about the failure matrix (a repair).
    pub fn counts(&self, step: &Step) -> bool {
        match self {
            Question::Round { round, writes } => step.round == *round && (step.op != Op::Read) == *writes,
            Question::PartReads(p) => step.component == *p && step.op == Op::Read,
            Question::Writers(key) => step.op != Op::Read && *step.key == **key,
            Question::Service { .. } | Question::Repair { .. } | Question::Choice(_) => false,
        }
    }

    /// The item id: `round.2.reads`, `component.scheduler.reads`, `writers.copy/collector-4`,
    /// `service.collector.believed`, `repair.scheduler.scale`, `choice.etcd-writer`.
    pub fn id(&self) -> String {
        match self {
            Question::Round { round, writes } => {
                format!("round.{round}.{}", if *writes { "writes" } else { "reads" })
            }
            Question::PartReads(p) => format!("component.{}.reads", p.name()),
            Question::Writers(key) => format!("writers.{key}"),
            Question::Service { service, actual } => {
                format!("service.{service}.{}", if *actual { "actual" } else { "believed" })
            }
            Question::Repair { down, cell } => format!("repair.{}.{}", row_name(*down), cell.id()),
            Question::Choice(c) => format!("choice.{}", c.name),
        }
    }
}

/// One entry of `ask`, at `at`.
pub fn parse_question(v: &Json, at: &str) -> Result<Question, InputError> {
    let obj = object(v, at, |a| a.what_question)?;
    let field = |name: &str| format!("{at}.{name}");
    let count = |allowed: [&str; 2]| -> Result<bool, InputError> {
        let found = string(required(obj, at, "count")?, &field("count"))?;
        match allowed.iter().position(|a| *a == found) {
            Some(i) => Ok(i == 1),
            None => err(
                &field("count"),
                Problem::of(|a| a.e_unknown_count)
                    .with("found", shown(found))
                    .with("expected", allowed.join(", ")),
            ),
        }
    };
    if let Some(round) = obj.get("round") {
        only_fields(obj, at, &["round", "count"])?;
        let round = whole(round, &field("round"), 0, u64::from(MAX_ROUNDS))? as u32;
        return Ok(Question::Round { round, writes: count(["reads", "writes"])? });
    }
    if let Some(p) = obj.get("component") {
        only_fields(obj, at, &["component"])?;
        return Ok(Question::PartReads(part(p, &field("component"))?));
    }
    if let Some(key) = obj.get("writers") {
        only_fields(obj, at, &["writers"])?;
        return Ok(Question::Writers(name(key, &field("writers"))?));
    }
    if let Some(service) = obj.get("service") {
        only_fields(obj, at, &["service", "count"])?;
        let service = name(service, &field("service"))?;
        return Ok(Question::Service { service, actual: count(["believed", "actual"])? });
    }
    if let Some(row) = obj.get("repair") {
        only_fields(obj, at, &["repair", "cell"])?;
        let name = string(row, &field("repair"))?;
        let down =
            row_of_name(name).filter(|d| !d.is_empty() && MATRIX_ORDER.contains(d)).ok_or_else(|| {
                let rows: Vec<String> =
                    MATRIX_ORDER.iter().filter(|d| !d.is_empty()).map(|d| row_name(*d)).collect();
                InputError {
                    path: field("repair"),
                    problem: Problem::of(|a| a.e_unknown_row)
                        .with("found", shown(name))
                        .with("expected", rows.join(", ")),
                }
            })?;
        let name = string(required(obj, at, "cell")?, &field("cell"))?;
        let cell = Cell::from_id(name).ok_or_else(|| InputError {
            path: field("cell"),
            problem: Problem::of(|a| a.e_unknown_cell)
                .with("found", shown(name))
                .with("expected", Cell::ALL.map(Cell::id).join(", ")),
        })?;
        return Ok(Question::Repair { down, cell });
    }
    if obj.contains_key("choice") {
        return Ok(Question::Choice(parse_choice(obj, at)?));
    }
    err(at, Problem::of(|a| a.e_question_kind))
}

/// A key or a service's name, at most [`MAX_NAME`] characters.
fn name(v: &Json, at: &str) -> Result<String, InputError> {
    let s = string(v, at)?;
    if s.chars().count() > MAX_NAME {
        return err(at, Problem::of(|a| a.e_too_long).with("max", MAX_NAME));
    }
    Ok(s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(text: &str) -> Result<Question, String> {
        parse_question(&serde_json::from_str(text).unwrap(), "ask[0]").map_err(|e| e.to_string())
    }

    #[test]
    fn each_kind_reads_and_names_its_item() {
        let ids: Vec<String> = [
            r#"{"round": 2, "count": "reads"}"#,
            r#"{"round": 0, "count": "writes"}"#,
            r#"{"component": "scheduler"}"#,
            r#"{"writers": "copy/collector-4"}"#,
            r#"{"service": "collector", "count": "actual"}"#,
            r#"{"repair": "API server", "cell": "believed"}"#,
        ]
        .iter()
        .map(|t| q(t).unwrap().id())
        .collect();
        assert_eq!(
            ids,
            [
                "round.2.reads",
                "round.0.writes",
                "component.scheduler.reads",
                "writers.copy/collector-4",
                "service.collector.actual",
                "repair.API server.believed"
            ]
        );
    }

    #[test]
    fn a_bad_question_names_its_place() {
        for (text, message) in [
            (r#"{"round": 2}"#, "ask[0]: missing field \"count\""),
            (
                r#"{"round": 2, "count": "items"}"#,
                "ask[0].count: unknown count \"items\" (expected one of reads, writes)",
            ),
            (r#"{"round": -1, "count": "reads"}"#, "ask[0].round: must not be negative"),
            (r#"{"component": "etcd"}"#, "ask[0].component: unknown component \"etcd\""),
            (
                r#"{"service": "collector", "count": "reads"}"#,
                "ask[0].count: unknown count \"reads\" (expected one of believed, actual)",
            ),
            (r#"{"repair": "-", "cell": "scale"}"#, "ask[0].repair: unknown row \"-\""),
            (r#"{"repair": "scheduler", "cell": "speed"}"#, "ask[0].cell: unknown cell \"speed\""),
            (r#"{"writers": "copy/a", "extra": 1}"#, "ask[0]: unknown field \"extra\""),
            (
                r#"{"what": 1}"#,
                "ask[0]: a question names one of round, component, writers, service, repair or choice",
            ),
            ("[]", "ask[0]: must be an object naming"),
        ] {
            let got = q(text).unwrap_err();
            assert!(got.starts_with(message), "{text}: {got}");
        }
    }
}
