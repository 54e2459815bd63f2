//! The assignment format: a teacher's JSON file read into an [`Assignment`], every problem named
//! by its field.

use super::assignment::{Assignment, MatrixTask, Quantity, Written, ASSIGNMENT_VERSION};
use super::json::{document, err, join, kind, object, only_fields, quoted, shown, string, whole, InputError};
use super::limits::{MAX_INPUT_BYTES, MAX_QUESTIONS, MAX_RETRIES, MAX_TEXT, MAX_TOLERANCE};
use super::question::{parse_question, Cell, Question};
use super::scenario_json;
use super::tables::{row_name, row_of_name};
use crate::messages::{Problem, Template};
use crate::model::{Scenario, MATRIX_ORDER};
use serde_json::{Map, Value as Json};
use std::collections::BTreeMap;

/// Whether a title is missing: blank, or spaces only. One rule for the reader and the workbench.
pub fn untitled(title: &str) -> bool {
    title.trim().is_empty()
}

/// Whether an assignment asks for nothing: no count, no failure-matrix cell (rows without cells,
/// or cells without rows, ask none) and no question. One rule for the reader and the workbench.
pub fn asks_nothing(predict: &[Quantity], rows: usize, cells: usize, ask: &[Question]) -> bool {
    predict.is_empty() && (rows == 0 || cells == 0) && ask.is_empty()
}

/// Parses an assignment document; errors name the field, in the order the fields are read here.
pub fn parse(text: &str) -> Result<Assignment, InputError> {
    from_document(&document(unmarked(text)?)?)
}

/// `text` without a byte-order mark (editors on Windows start a file with one: it is not part of
/// the JSON), once it is within the size any assignment may have.
pub(super) fn unmarked(text: &str) -> Result<&str, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_INPUT_BYTES {
        return err("", Problem::of(|a| a.e_assignment_too_large));
    }
    Ok(text)
}

/// The assignment a document read as JSON holds; errors name the field, in the order read here.
pub(super) fn from_document(doc: &Json) -> Result<Assignment, InputError> {
    let obj = versioned(doc)?;
    let title = text_field(obj, "title")?;
    if untitled(&title) {
        return err("title", Problem::of(|a| a.e_no_title));
    }
    let instructions = text_field(obj, "instructions")?;
    let scenario = match obj.get("scenario") {
        None => Scenario::lesson(),
        Some(v) => scenario_json::from_value(v, "scenario")?,
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
    let ask = match obj.get("ask") {
        None => Vec::new(),
        Some(v) => parse_ask(v)?,
    };
    let (rows, cells) = matrix.as_ref().map_or((0, 0), |m| (m.rows.len(), m.cells.len()));
    if asks_nothing(&predict, rows, cells, &ask) {
        return err("predict", Problem::of(|a| a.e_asks_nothing));
    }
    let tolerance = match obj.get("tolerance") {
        None => BTreeMap::new(),
        Some(v) => parse_tolerance(v, &predict, matrix.as_ref(), &ask)?,
    };
    let reveal = match obj.get("reveal") {
        None => true,
        Some(Json::Bool(b)) => *b,
        Some(other) => return err("reveal", Problem::of(|a| a.e_not_bool).with_text("kind", kind(other))),
    };
    let retries = match obj.get("retries") {
        None => 0,
        Some(v) => whole(v, "retries", 0, u64::from(MAX_RETRIES))? as u32,
    };
    let written = written(obj.get("scenario"));
    Ok(Assignment {
        title,
        instructions,
        scenario,
        written,
        predict,
        matrix,
        ask,
        tolerance,
        reveal,
        retries,
    })
}

/// The document's object, once its fields and its version are ones this lab reads.
fn versioned(doc: &Json) -> Result<&Map<String, Json>, InputError> {
    let obj = object(doc, "", |a| a.what_assignment)?;
    let fields = [
        "version",
        "title",
        "instructions",
        "scenario",
        "predict",
        "matrix",
        "ask",
        "tolerance",
        "reveal",
        "retries",
    ];
    only_fields(obj, "", &fields)?;
    let version = match obj.get("version") {
        Some(v) => whole(v, "version", 1, u64::MAX)?,
        None => return err("", Problem::of(|a| a.e_no_version).with("version", ASSIGNMENT_VERSION)),
    };
    if version > ASSIGNMENT_VERSION {
        let newer = Problem::of(|a| a.e_newer_assignment).with("version", version);
        return err("version", newer.with("supported", ASSIGNMENT_VERSION));
    }
    Ok(obj)
}

/// A text field (`title`, `instructions`): empty when absent, at most [`MAX_TEXT`] bytes.
fn text_field(obj: &Map<String, Json>, name: &str) -> Result<String, InputError> {
    let Some(v) = obj.get(name) else { return Ok(String::new()) };
    let s = string(v, name)?;
    if s.len() > MAX_TEXT {
        return err(name, Problem::of(|a| a.e_too_long).with("max", MAX_TEXT));
    }
    Ok(s.to_string())
}

/// The `tolerance` object: each key an item, a quantity or cell asked for, or a question's id,
/// with a whole number up to [`MAX_TOLERANCE`].
fn parse_tolerance(
    v: &Json,
    predict: &[Quantity],
    matrix: Option<&MatrixTask>,
    ask: &[Question],
) -> Result<BTreeMap<String, u64>, InputError> {
    let t = object(v, "tolerance", |a| a.what_tolerance)?;
    // Inserted one by one: collecting into a map sorts first, and that sort's code would be the
    // page's only copy for this type.
    let mut tolerance = BTreeMap::new();
    for (k, n) in t {
        let at = format!("tolerance[{}]", quoted(k));
        if !known_tolerance(k, predict, matrix) && !ask.iter().any(|q| q.id() == *k) {
            return err(&at, Problem::of(|a| a.e_unknown_tolerance).with("found", quoted(k)));
        }
        tolerance.insert(k.clone(), whole(n, &at, 0, MAX_TOLERANCE)?);
    }
    Ok(tolerance)
}

/// Where a scenario that reads (`doc`) wrote its starting state and its timeline's requests.
fn written(doc: Option<&Json>) -> Written {
    let Some(Json::Object(s)) = doc else { return Written::default() };
    let changes = match s.get("changes") {
        Some(Json::Object(c)) => c.keys().cloned().collect(),
        _ => Vec::new(),
    };
    let timeline_requests = match s.get("timeline") {
        Some(Json::Array(events)) => {
            events.iter().enumerate().filter(|(_, e)| e.get("request").is_some()).map(|(i, _)| i).collect()
        }
        _ => Vec::new(),
    };
    Written { initial: s.contains_key("initial"), changes, timeline_requests }
}

fn unknown<const N: usize>(at: &str, what: Template, found: &str, expected: [&str; N]) -> InputError {
    InputError {
        path: at.to_string(),
        problem: Problem::of(what).with("found", shown(found)).with("expected", expected.join(", ")),
    }
}

/// A list of names, each read by `each`; a name listed twice is refused (it would ask the same
/// thing twice, and a page would show it twice).
fn list<T: PartialEq>(
    v: &Json,
    at: &str,
    each: impl Fn(&str, &str) -> Result<T, InputError>,
) -> Result<Vec<T>, InputError> {
    let Json::Array(items) = v else {
        return err(at, Problem::of(|a| a.e_not_names).with_text("kind", kind(v)));
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let path = format!("{at}[{i}]");
        let name = string(item, &path)?;
        let value = each(name, &path)?;
        if out.contains(&value) {
            return err(&path, Problem::of(|a| a.e_listed_twice).with("found", quoted(name)));
        }
        out.push(value);
    }
    Ok(out)
}

/// A tolerance key names a quantity, a cell, or one item of this assignment.
fn known_tolerance(key: &str, predict: &[Quantity], matrix: Option<&MatrixTask>) -> bool {
    let quantity = Quantity::from_id(key).is_some_and(|q| predict.contains(&q));
    let cell = Cell::from_id(key).is_some_and(|c| matrix.is_some_and(|m| m.cells.contains(&c)));
    let item = matrix.is_some_and(|m| {
        m.rows.iter().any(|&r| m.cells.iter().any(|c| key == format!("matrix.{}.{}", row_name(r), c.id())))
    });
    quantity || cell || item
}

/// The `ask` list: each question read, none asked twice, at most [`MAX_QUESTIONS`].
fn parse_ask(v: &Json) -> Result<Vec<Question>, InputError> {
    let Json::Array(items) = v else {
        return err("ask", Problem::of(|a| a.e_not_questions).with_text("kind", kind(v)));
    };
    if items.len() > MAX_QUESTIONS {
        return err("ask", Problem::of(|a| a.e_too_many_questions).with("max", MAX_QUESTIONS));
    }
    let mut out: Vec<Question> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = format!("ask[{i}]");
        let q = parse_question(item, &at)?;
        // Two choice questions of one name would share an item id, whatever they ask.
        if out.contains(&q) || out.iter().any(|o| matches!(o, Question::Choice(_)) && o.id() == q.id()) {
            return err(&at, Problem::of(|a| a.e_listed_twice).with("found", quoted(&q.id())));
        }
        out.push(q);
    }
    Ok(out)
}

fn parse_matrix(v: &Json) -> Result<MatrixTask, InputError> {
    let obj: &Map<String, Json> = object(v, "matrix", |a| a.what_matrix)?;
    only_fields(obj, "matrix", &["rows", "cells"])?;
    let names = MATRIX_ORDER.map(row_name);
    let names = names.each_ref().map(String::as_str);
    let rows = match obj.get("rows") {
        None => MATRIX_ORDER[..5].to_vec(),
        Some(v) => list(v, &join("matrix", "rows"), |s, at| {
            row_of_name(s).ok_or_else(|| unknown(at, |a| a.e_unknown_row, s, names))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_skipped_and_known_tolerances_pass() {
        let a = parse("\u{feff}{\"version\": 1, \"title\": \"x\", \"predict\": [\"reads\"], \"tolerance\": {\"reads\": 2}}").unwrap();
        assert_eq!(a.tolerance.get("reads"), Some(&2));
        let m = parse(
            r#"{"version": 1, "title": "x", "matrix": {"rows": ["scheduler"]}, "tolerance": {"rd": 1, "matrix.scheduler.wr": 0}}"#,
        );
        assert!(m.is_ok(), "{m:?}");
        assert!(crate::formats::scenario_json::parse("\u{feff}{}").is_ok());
    }

    #[test]
    fn a_key_given_twice_is_refused_by_name_wherever_it_is() {
        let cases = [
            (
                r#"{"version": 1, "title": "x", "predict": ["steps"], "tolerance": {"steps": 1}, "tolerance": {}}"#,
                "key \"tolerance\" is given twice",
            ),
            (
                r#"{"version": 1, "title": "x", "predict": ["steps"], "tolerance": {"steps": 1, "steps": 0}}"#,
                "tolerance: key \"steps\" is given twice",
            ),
            (
                r#"{"version": 1, "title": "x", "ask": [{"round": 1, "count": "reads"}, {"round": 2, "round": 1, "count": "reads"}]}"#,
                "ask[1]: key \"round\" is given twice",
            ),
            (
                r#"{"version": 1, "title": "x", "predict": ["steps"], "scenario": {"timeline": [], "timeline": []}}"#,
                "scenario: key \"timeline\" is given twice",
            ),
            (
                r#"{"version": 1, "title": "x", "predict": ["steps"], "scenario": {"timeline": [{"round": 1, "report": true, "report": true}]}}"#,
                "scenario.timeline[0]: key \"report\" is given twice",
            ),
            (
                r#"{"version": 1, "title": "x", "matrix": {"rows": ["-"], "rows": ["scheduler"]}}"#,
                "matrix: key \"rows\" is given twice",
            ),
        ];
        for (text, want) in cases {
            let got = parse(text).unwrap_err().to_string();
            assert!(got.starts_with(want), "{text}\n  gave: {got}\n  want: {want}");
        }
    }

    /// Broken assignment files, each with what its error says (a part of it).
    const BROKEN: &[(&str, &str)] = &[
        ("{", "invalid JSON"),
        (r#"{"title": "x", "predict": ["steps"]}"#, "missing field \"version\""),
        (
            r#"{"version": 2, "title": "x", "predict": ["steps"]}"#,
            "version: version 2 is newer than this lab",
        ),
        (r#"{"version": 1, "predict": ["steps"]}"#, "title: an assignment needs a title"),
        (r#"{"version": 1, "title": "x", "predict": ["stepz"]}"#, "predict[0]: unknown quantity \"stepz\""),
        (r#"{"version": 1, "title": "x"}"#, "the assignment asks for nothing"),
        (r#"{"version": 1, "title": "x", "ask": {}}"#, "ask: must be an array of questions, found an object"),
        (
            r#"{"version": 1, "title": "x", "ask": [{"component": "scheduler"}, {"component": "scheduler"}]}"#,
            "ask[1]: \"component.scheduler.reads\" is listed twice",
        ),
        (
            r#"{"version": 1, "title": "x", "ask": [{"round": 1, "count": "reads"}], "tolerance": {"round.2.reads": 1}}"#,
            "tolerance[\"round.2.reads\"]",
        ),
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
        (
            r#"{"version": 1, "title": "x", "predict": ["steps"], "retries": -1}"#,
            "retries: must not be negative",
        ),
        (
            r#"{"version": 1, "title": "x", "predict": ["steps"], "retries": 99}"#,
            "retries: must be from 0 to 20",
        ),
        (
            r#"{"version": 1, "title": "x", "predict": ["steps", "steps"]}"#,
            "predict[1]: \"steps\" is listed twice",
        ),
        (
            r#"{"version": 1, "title": "x", "matrix": {"rows": ["-", "-"]}}"#,
            "matrix.rows[1]: \"-\" is listed twice",
        ),
        (
            r#"{"version": 1, "title": "x", "matrix": {"cells": ["rd", "rd"]}}"#,
            "matrix.cells[1]: \"rd\" is listed twice",
        ),
        (
            r#"{"version": 1, "title": "x", "predict": ["steps"], "tolerance": {"bogus": 1}}"#,
            "tolerance[\"bogus\"]: unknown item \"bogus\"",
        ),
        (
            r#"{"version": 1, "title": "x", "predict": ["steps"], "tolerance": {"reads": 1}}"#,
            "tolerance[\"reads\"]: unknown item",
        ),
        (
            r#"{"version": 1, "title": "x", "matrix": {"rows": ["-"]}, "tolerance": {"matrix.scheduler.rd": 1}}"#,
            "unknown item \"matrix.scheduler.rd\"",
        ),
        (r#"{"version": 1, "title": "x", "predict": ["steps"], "extra": 1}"#, "unknown field \"extra\""),
    ];

    #[test]
    fn broken_assignments_name_what_is_wrong() {
        for &(text, expected) in BROKEN {
            let got = parse(text).unwrap_err().to_string();
            assert!(got.contains(expected), "{text}\n  gave: {got}\n  want: {expected}");
        }
    }
}
