//! Assignments: a teacher's scenario, the counts students predict before running it, the
//! tolerance allowed, and the scoring of what they typed.

use super::matrix::{matrix_run, MatrixRow, Verdict};
use super::part::Part;
use super::scenario::{err, join, kind, object, only_fields, quoted, string, whole, Scenario, ScenarioError};
use super::state_store::TraceLimit;
use super::table::TraceSummary;
use crate::messages::{fill, AssignmentMessages, Messages, Problem, Template, EN, EN_ASSIGNMENTS};
use serde_json::{Map, Value as Json};
use std::collections::BTreeMap;
use std::fmt;

/// The version of the assignment format this lab reads.
pub const ASSIGNMENT_VERSION: u64 = 1;

/// A count of the traced run a student can predict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Quantity {
    /// Trace steps.
    Steps,
    /// Items read from the store.
    Reads,
    /// Writes and removes.
    Writes,
    /// The store's final revision.
    Revision,
    /// Rounds run.
    Rounds,
    /// Distinct components in the trace.
    Components,
}

impl Quantity {
    /// Every quantity, in the lesson's summary order.
    pub const ALL: [Quantity; 6] = [
        Quantity::Components,
        Quantity::Steps,
        Quantity::Reads,
        Quantity::Writes,
        Quantity::Revision,
        Quantity::Rounds,
    ];

    /// The name used in assignment files.
    pub fn id(self) -> &'static str {
        match self {
            Quantity::Steps => "steps",
            Quantity::Reads => "reads",
            Quantity::Writes => "writes",
            Quantity::Revision => "revision",
            Quantity::Rounds => "rounds",
            Quantity::Components => "components",
        }
    }

    /// A label for people, in `a`'s language.
    pub fn label_in(self, a: &AssignmentMessages) -> &'static str {
        match self {
            Quantity::Steps => a.quantity_steps,
            Quantity::Reads => a.quantity_reads,
            Quantity::Writes => a.quantity_writes,
            Quantity::Revision => a.quantity_revision,
            Quantity::Rounds => a.quantity_rounds,
            Quantity::Components => a.quantity_components,
        }
    }

    fn from_id(id: &str) -> Option<Quantity> {
        Quantity::ALL.into_iter().find(|q| q.id() == id)
    }
}

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

    fn from_id(id: &str) -> Option<Cell> {
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

/// The failure-matrix part of an assignment.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixTask {
    /// The rows to predict, by downed part (none: the healthy run).
    pub rows: Vec<Option<Part>>,
    /// The cells to predict in each row.
    pub cells: Vec<Cell>,
}

/// A teacher's assignment.
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    /// Shown as the heading.
    pub title: String,
    /// Shown above the predictions, as text.
    pub instructions: String,
    /// The run to predict (the lesson's request when absent).
    pub scenario: Scenario,
    /// The counts of that run to predict.
    pub predict: Vec<Quantity>,
    /// Failure-matrix rows to predict.
    pub matrix: Option<MatrixTask>,
    /// How far off a number may be and still count, by item id (`reads`, `matrix.scheduler.rd`)
    /// or by quantity / cell name for all of its items.
    pub tolerance: BTreeMap<String, u64>,
    /// Whether the correct answers may be shown after the run.
    pub reveal: bool,
}

/// One thing to predict, with its correct answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Stable id: `steps`, `matrix.API server.scale`.
    pub id: String,
    /// What to show beside the input, in English (reports use it).
    pub label: String,
    /// What it asks for, to label it in any language.
    pub kind: ItemKind,
    /// The correct answer.
    pub answer: Answer,
    /// How far off a number may be.
    pub tolerance: u64,
}

/// What an item asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A count of the run.
    Count(Quantity),
    /// A cell of a failure-matrix row (by downed part).
    Matrix(Option<Part>, Cell),
}

impl ItemKind {
    /// The label of an item of this kind in the language of `t` and `a`.
    pub fn label_in(self, t: &Messages, a: &AssignmentMessages) -> String {
        match self {
            ItemKind::Count(q) => q.label_in(a).to_string(),
            ItemKind::Matrix(None, cell) => fill(a.matrix_item_healthy, &[("cell", &cell.label_in(t, a))]),
            ItemKind::Matrix(Some(p), cell) => {
                fill(a.matrix_item, &[("down", &t.part(p)), ("cell", &cell.label_in(t, a))])
            }
        }
    }
}

impl Item {
    /// The item's label in the language of `t` and `a`.
    pub fn label_in(&self, t: &Messages, a: &AssignmentMessages) -> String {
        self.kind.label_in(t, a)
    }
}

/// A correct answer: a number or a verdict word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A count.
    Number(u64),
    /// done, half, halted or unknown.
    Word(Verdict),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Word(v) => f.write_str(v.as_str()),
        }
    }
}

/// Limits that keep an assignment small enough to hand out.
const MAX_TEXT: usize = 4000;

impl Assignment {
    /// Parses an assignment document; errors name the field.
    pub fn from_json(text: &str) -> Result<Assignment, ScenarioError> {
        if text.len() > super::scenario::MAX_INPUT_BYTES {
            return err("", Problem::of(|a| a.e_assignment_too_large));
        }
        let doc: Json = serde_json::from_str(text)
            .or_else(|e| err("", Problem::of(|a| a.e_invalid_json).with("why", e)))?;
        let obj = object(&doc, "", |a| a.what_assignment)?;
        only_fields(
            obj,
            "",
            &["version", "title", "instructions", "scenario", "predict", "matrix", "tolerance", "reveal"],
        )?;
        let version = match obj.get("version") {
            Some(v) => whole(v, "version", 1, u64::MAX)?,
            None => return err("", Problem::of(|a| a.e_no_version).with("version", ASSIGNMENT_VERSION)),
        };
        if version > ASSIGNMENT_VERSION {
            let newer = Problem::of(|a| a.e_newer_assignment).with("version", version);
            return err("version", newer.with("supported", ASSIGNMENT_VERSION));
        }
        let text_field = |name: &str| -> Result<String, ScenarioError> {
            match obj.get(name) {
                None => Ok(String::new()),
                Some(v) => {
                    let s = string(v, name)?;
                    if s.len() > MAX_TEXT {
                        return err(name, Problem::of(|a| a.e_too_long).with("max", MAX_TEXT));
                    }
                    Ok(s.to_string())
                }
            }
        };
        let title = text_field("title")?;
        if title.trim().is_empty() {
            return err("title", Problem::of(|a| a.e_no_title));
        }
        let instructions = text_field("instructions")?;
        let scenario = match obj.get("scenario") {
            None => Scenario::lesson(),
            Some(v) => Scenario::from_value(v, "scenario")?,
        };
        let predict = match obj.get("predict") {
            None => Vec::new(),
            Some(v) => list(v, "predict", |s, at| {
                Quantity::from_id(s)
                    .ok_or_else(|| unknown(at, |a| a.e_unknown_quantity, s, Quantity::ALL.map(Quantity::id)))
            })?,
        };
        let matrix = match obj.get("matrix") {
            None | Some(Json::Null) => None,
            Some(v) => Some(parse_matrix(v)?),
        };
        if predict.is_empty() && matrix.as_ref().is_none_or(|m| m.rows.is_empty() || m.cells.is_empty()) {
            return err("predict", Problem::of(|a| a.e_asks_nothing));
        }
        let tolerance = match obj.get("tolerance") {
            None => BTreeMap::new(),
            Some(v) => {
                let t = object(v, "tolerance", |a| a.what_tolerance)?;
                t.iter()
                    .map(|(k, n)| {
                        Ok((k.clone(), whole(n, &format!("tolerance[{}]", quoted(k)), 0, 1_000_000)?))
                    })
                    .collect::<Result<_, ScenarioError>>()?
            }
        };
        let reveal = match obj.get("reveal") {
            None => true,
            Some(Json::Bool(b)) => *b,
            Some(other) => {
                return err("reveal", Problem::of(|a| a.e_not_bool).with_text("kind", kind(other)))
            }
        };
        Ok(Assignment { title, instructions, scenario, predict, matrix, tolerance, reveal })
    }

    /// Every item to predict with its correct answer, computed by the model.
    pub fn answer_key(&self) -> Result<Vec<Item>, TraceLimit> {
        let mut items = Vec::new();
        if !self.predict.is_empty() {
            let outcome = self.scenario.simulate()?;
            let store = outcome.plane.store();
            let s = TraceSummary::of(store.trace(), store.revision(), outcome.plane.rounds());
            for &q in &self.predict {
                let n = match q {
                    Quantity::Steps => s.steps as u64,
                    Quantity::Reads => s.reads as u64,
                    Quantity::Writes => s.writes as u64,
                    Quantity::Revision => s.revision,
                    Quantity::Rounds => u64::from(s.rounds),
                    Quantity::Components => s.components as u64,
                };
                items.push(self.item(q.id(), q.id(), ItemKind::Count(q), Answer::Number(n)));
            }
        }
        if let Some(m) = &self.matrix {
            for &down in &m.rows {
                let row = matrix_run(down)?.row;
                let name = down.map_or("-", Part::name);
                for &cell in &m.cells {
                    let id = format!("matrix.{name}.{}", cell.id());
                    items.push(self.item(
                        &id,
                        cell.id(),
                        ItemKind::Matrix(down, cell),
                        cell_answer(&row, cell),
                    ));
                }
            }
        }
        Ok(items)
    }

    fn item(&self, id: &str, name: &str, kind: ItemKind, answer: Answer) -> Item {
        let tolerance = match answer {
            Answer::Word(_) => 0,
            Answer::Number(_) => {
                self.tolerance.get(id).or_else(|| self.tolerance.get(name)).copied().unwrap_or(0)
            }
        };
        Item { id: id.to_string(), label: kind.label_in(&EN, &EN_ASSIGNMENTS), kind, answer, tolerance }
    }
}

fn cell_answer(row: &MatrixRow, cell: Cell) -> Answer {
    match cell {
        Cell::Scale => Answer::Word(row.scale),
        Cell::Failure => Answer::Word(row.failure),
        Cell::Node => Answer::Word(row.node),
        Cell::ReadsOutcome => Answer::Word(row.reads),
        Cell::Believed => Answer::Number(row.believed as u64),
        Cell::Actual => Answer::Number(row.actual as u64),
        Cell::Rd => Answer::Number(row.item_reads as u64),
        Cell::Wr => Answer::Number(row.writes as u64),
    }
}

fn unknown<const N: usize>(at: &str, what: Template, found: &str, expected: [&str; N]) -> ScenarioError {
    ScenarioError {
        path: at.to_string(),
        problem: Problem::of(what).with("found", found).with("expected", expected.join(", ")),
    }
}

fn list<T>(
    v: &Json,
    at: &str,
    each: impl Fn(&str, &str) -> Result<T, ScenarioError>,
) -> Result<Vec<T>, ScenarioError> {
    let Json::Array(items) = v else {
        return err(at, Problem::of(|a| a.e_not_names).with_text("kind", kind(v)));
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let path = format!("{at}[{i}]");
        out.push(each(string(item, &path)?, &path)?);
    }
    Ok(out)
}

fn parse_matrix(v: &Json) -> Result<MatrixTask, ScenarioError> {
    let obj: &Map<String, Json> = object(v, "matrix", |a| a.what_matrix)?;
    only_fields(obj, "matrix", &["rows", "cells"])?;
    let names = ["-", "API server", "state store", "scheduler", "controller manager", "node agents"];
    let rows = match obj.get("rows") {
        None => super::matrix::MATRIX_ORDER[..5].to_vec(),
        Some(v) => list(v, &join("matrix", "rows"), |s, at| match s {
            "-" => Ok(None),
            name => {
                Part::from_name(name).map(Some).ok_or_else(|| unknown(at, |a| a.e_unknown_row, name, names))
            }
        })?,
    };
    let cells = match obj.get("cells") {
        None => Cell::ALL.to_vec(),
        Some(v) => list(v, &join("matrix", "cells"), |s, at| {
            Cell::from_id(s).ok_or_else(|| unknown(at, |a| a.e_unknown_cell, s, Cell::ALL.map(Cell::id)))
        })?,
    };
    Ok(MatrixTask { rows, cells })
}

/// Why a typed prediction is not a usable answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// Nothing typed.
    Empty,
    /// Not a whole number (the text is kept).
    NotANumber(String),
    /// Below zero.
    Negative,
    /// Not one of done, half, halted, unknown.
    NotAVerdict(String),
}

impl EntryError {
    /// The message in `t`'s language.
    pub fn text(&self, t: &Messages, a: &AssignmentMessages) -> String {
        match self {
            EntryError::Empty => a.entry_empty.to_string(),
            EntryError::NotANumber(s) => fill(a.entry_not_a_number, &[("text", s)]),
            EntryError::Negative => a.entry_negative.to_string(),
            EntryError::NotAVerdict(s) => {
                let verdicts =
                    [Verdict::Done, Verdict::Half, Verdict::Halted, Verdict::Unknown].map(|v| t.verdict(v));
                fill(a.entry_not_a_verdict, &[("text", s), ("verdicts", &verdicts.join(", "))])
            }
        }
    }
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN, &EN_ASSIGNMENTS))
    }
}

/// Reads a typed count the way people type it: spaces around it and a leading `+` are fine.
pub fn parse_count(text: &str) -> Result<u64, EntryError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(EntryError::Empty);
    }
    let digits = t.strip_prefix('+').unwrap_or(t).trim_start();
    if let Some(rest) = digits.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(EntryError::Negative);
        }
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(EntryError::NotANumber(t.to_string()));
    }
    digits.parse().map_err(|_| EntryError::NotANumber(t.to_string()))
}

/// Reads a typed verdict, in any case, with spaces around it.
pub fn parse_verdict(text: &str) -> Result<Verdict, EntryError> {
    let t = text.trim();
    match t.to_ascii_lowercase().as_str() {
        "" => Err(EntryError::Empty),
        "done" => Ok(Verdict::Done),
        "half" => Ok(Verdict::Half),
        "halted" => Ok(Verdict::Halted),
        "unknown" => Ok(Verdict::Unknown),
        _ => Err(EntryError::NotAVerdict(t.to_string())),
    }
}

/// One prediction against its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marked {
    /// The item.
    pub item: Item,
    /// What the student typed.
    pub typed: String,
    /// The typed value read as an answer, or why it could not be.
    pub read: Result<Answer, EntryError>,
    /// Predicted minus actual, for numbers.
    pub difference: Option<i64>,
    /// Within tolerance (numbers) or equal (words).
    pub correct: bool,
}

/// Marks every item against what was typed for it (missing entries count as empty).
pub fn mark(items: &[Item], typed: &BTreeMap<String, String>) -> Vec<Marked> {
    items
        .iter()
        .map(|item| {
            let text = typed.get(&item.id).cloned().unwrap_or_default();
            let read = match item.answer {
                Answer::Number(_) => parse_count(&text).map(Answer::Number),
                Answer::Word(_) => parse_verdict(&text).map(Answer::Word),
            };
            let (difference, correct) = match (&read, &item.answer) {
                (Ok(Answer::Number(p)), Answer::Number(a)) => {
                    let d = *p as i128 - *a as i128;
                    (
                        Some(d.clamp(i64::MIN as i128, i64::MAX as i128) as i64),
                        d.unsigned_abs() <= u128::from(item.tolerance),
                    )
                }
                (Ok(Answer::Word(p)), Answer::Word(a)) => (None, p == a),
                _ => (None, false),
            };
            Marked { item: item.clone(), typed: text, read, difference, correct }
        })
        .collect()
}

/// Correct answers out of all items.
pub fn score(marked: &[Marked]) -> (usize, usize) {
    (marked.iter().filter(|m| m.correct).count(), marked.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_counts_are_read_as_people_type_them() {
        assert_eq!(parse_count(" 17 "), Ok(17));
        assert_eq!(parse_count("+50"), Ok(50));
        assert_eq!(parse_count("+ 7"), Ok(7));
        assert_eq!(parse_count(""), Err(EntryError::Empty));
        assert_eq!(parse_count("   "), Err(EntryError::Empty));
        assert_eq!(parse_count("-3"), Err(EntryError::Negative));
        assert_eq!(parse_count("3.5"), Err(EntryError::NotANumber("3.5".into())));
        assert_eq!(parse_count("seven"), Err(EntryError::NotANumber("seven".into())));
        assert_eq!(parse_count("1e3"), Err(EntryError::NotANumber("1e3".into())));
        assert_eq!(
            parse_count("99999999999999999999999"),
            Err(EntryError::NotANumber("99999999999999999999999".into()))
        );
        assert_eq!(parse_verdict(" Halted "), Ok(Verdict::Halted));
        assert_eq!(parse_verdict("stopped"), Err(EntryError::NotAVerdict("stopped".into())));
    }

    fn lesson_assignment(tolerance: &str) -> Assignment {
        Assignment::from_json(&format!(
            r#"{{"version": 1, "title": "Trace", "predict": ["steps", "reads", "writes", "revision", "rounds", "components"], "tolerance": {tolerance}}}"#
        ))
        .unwrap()
    }

    #[test]
    fn the_answer_key_is_the_lessons_numbers() {
        let key = lesson_assignment("{}").answer_key().unwrap();
        let answers: Vec<String> = key.iter().map(|i| format!("{}={}", i.id, i.answer)).collect();
        assert_eq!(answers, ["steps=17", "reads=50", "writes=7", "revision=7", "rounds=2", "components=4"]);
    }

    #[test]
    fn scoring_counts_within_tolerance_and_never_counts_a_non_number() {
        let key = lesson_assignment(r#"{"reads": 3}"#).answer_key().unwrap();
        let typed: BTreeMap<String, String> =
            [("steps", "17"), ("reads", " 47"), ("writes", "+8"), ("revision", "seven"), ("rounds", "2")]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
        let marked = mark(&key, &typed);
        assert_eq!(score(&marked), (3, 6));
        assert_eq!(marked[1].difference, Some(-3));
        assert!(marked[1].correct, "3 off with tolerance 3");
        assert_eq!((marked[2].difference, marked[2].correct), (Some(1), false));
        assert_eq!(marked[3].read, Err(EntryError::NotANumber("seven".into())));
        assert_eq!(marked[5].read, Err(EntryError::Empty));
    }

    #[test]
    fn matrix_items_carry_the_lessons_cells() {
        let a = Assignment::from_json(
            r#"{"version": 1, "title": "M", "matrix": {"rows": ["API server", "scheduler"], "cells": ["scale", "failure", "believed", "actual", "rd", "wr"]}}"#,
        )
        .unwrap();
        let key: Vec<String> =
            a.answer_key().unwrap().iter().map(|i| format!("{}={}", i.id, i.answer)).collect();
        assert_eq!(
            key,
            [
                "matrix.API server.scale=halted",
                "matrix.API server.failure=unknown",
                "matrix.API server.believed=3",
                "matrix.API server.actual=2",
                "matrix.API server.rd=20",
                "matrix.API server.wr=0",
                "matrix.scheduler.scale=half",
                "matrix.scheduler.failure=half",
                "matrix.scheduler.believed=2",
                "matrix.scheduler.actual=2",
                "matrix.scheduler.rd=30",
                "matrix.scheduler.wr=7",
            ]
        );
    }

    #[test]
    fn broken_assignments_name_what_is_wrong() {
        let cases = [
            ("{", "invalid JSON"),
            (r#"{"title": "x", "predict": ["steps"]}"#, "missing field \"version\""),
            (
                r#"{"version": 2, "title": "x", "predict": ["steps"]}"#,
                "version: version 2 is newer than this lab",
            ),
            (r#"{"version": 1, "predict": ["steps"]}"#, "title: an assignment needs a title"),
            (
                r#"{"version": 1, "title": "x", "predict": ["stepz"]}"#,
                "predict[0]: unknown quantity \"stepz\"",
            ),
            (r#"{"version": 1, "title": "x"}"#, "the assignment asks for nothing"),
            (
                r#"{"version": 1, "title": "x", "predict": ["steps"], "scenario": {"down": "etcd"}}"#,
                "scenario.down: unknown component \"etcd\"",
            ),
            (
                r#"{"version": 1, "title": "x", "matrix": {"rows": ["kubelet"]}}"#,
                "matrix.rows[0]: unknown row \"kubelet\"",
            ),
            (
                r#"{"version": 1, "title": "x", "matrix": {"cells": ["speed"]}}"#,
                "matrix.cells[0]: unknown cell \"speed\"",
            ),
            (
                r#"{"version": 1, "title": "x", "predict": ["steps"], "tolerance": {"steps": -1}}"#,
                "tolerance[\"steps\"]: must not be negative",
            ),
            (
                r#"{"version": 1, "title": "x", "predict": ["steps"], "reveal": "yes"}"#,
                "reveal: must be true or false",
            ),
            (r#"{"version": 1, "title": "x", "predict": ["steps"], "extra": 1}"#, "unknown field \"extra\""),
        ];
        for (text, expected) in cases {
            let got = Assignment::from_json(text).unwrap_err().to_string();
            assert!(got.contains(expected), "{text}\n  gave: {got}\n  want: {expected}");
        }
    }
}
