//! The teacher's workbench (issue 21): an assignment as the teacher edits it, without JSON. A
//! [`Draft`] keeps every field as typed (a tolerance "abc" stays "abc"), writes the assignment
//! file ([`Draft::text`]), and is checked by the format's own reader and `cplab check`'s
//! warnings ([`diagnose`]), each message placed beside the field it names ([`Section::of`]).

use super::assignment::{Cell, ItemKind, Quantity, Question, ASSIGNMENT_VERSION};
use crate::formats::assignment_json;
use crate::formats::json::InputError;
use crate::formats::tables::row_name;
use crate::messages::{fill, AssignmentMessages, Messages, WorkbenchMessages};
use crate::model::{PartSet, MATRIX_ORDER};
use serde_json::{json, Map, Value as Json};

/// An assignment being edited: each field as the teacher left it.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The heading students see.
    pub title: String,
    /// Shown above the predictions.
    pub instructions: String,
    /// The scenario as the opened file gives it, kept as written (none: the lesson's request).
    pub scenario: Option<Json>,
    /// The counts students predict, in the lesson's summary order.
    pub predict: Vec<Quantity>,
    /// The failure-matrix rows asked, in the matrix's order.
    pub rows: Vec<PartSet>,
    /// The cells asked in each of those rows, in the matrix's column order.
    pub cells: Vec<Cell>,
    /// Questions beyond the counts and cells, in the order asked.
    pub ask: Vec<Question>,
    /// Tolerances by item id or quantity/cell name, each as typed.
    pub tolerance: Vec<(String, String)>,
    /// Whether answers are shown after the run.
    pub reveal: bool,
    /// Retries allowed, as typed (blank: none).
    pub retries: String,
}

impl Default for Draft {
    /// The lesson's scenario with nothing asked yet: where a new assignment starts.
    fn default() -> Draft {
        Draft {
            title: String::new(),
            instructions: String::new(),
            scenario: Some(json!({"requests": [{"key": "service/collector", "value": {"desired": 5}}]})),
            predict: Vec::new(),
            rows: Vec::new(),
            cells: Vec::new(),
            ask: Vec::new(),
            tolerance: Vec::new(),
            reveal: true,
            retries: String::new(),
        }
    }
}

impl Draft {
    /// Opens an assignment file (or a link's decoded text): the format's reader decides whether
    /// it is one; its scenario is kept as the file writes it.
    pub fn open(text: &str) -> Result<Draft, InputError> {
        let a = assignment_json::parse(text)?;
        // Read once more as plain JSON for the scenario as written (the reader above took it).
        let doc: Option<Json> = serde_json::from_str(text.strip_prefix('\u{feff}').unwrap_or(text)).ok();
        let (rows, cells) = a.matrix.map(|m| (m.rows, m.cells)).unwrap_or_default();
        Ok(Draft {
            title: a.title,
            instructions: a.instructions,
            scenario: doc.and_then(|d| d.get("scenario").cloned()),
            predict: a.predict,
            rows,
            cells,
            ask: a.ask,
            tolerance: a.tolerance.into_iter().map(|(k, n)| (k, n.to_string())).collect(),
            reveal: a.reveal,
            retries: if a.retries == 0 { String::new() } else { a.retries.to_string() },
        })
    }

    /// Ticks or unticks a count, keeping the lesson's summary order.
    pub fn set_predict(&mut self, q: Quantity, on: bool) {
        self.predict.retain(|&p| p != q);
        if on {
            self.predict.push(q);
            self.predict.sort_by_key(|p| Quantity::ALL.iter().position(|a| a == p));
        }
    }

    /// Ticks or unticks a failure-matrix row, keeping the matrix's order.
    pub fn set_row(&mut self, down: PartSet, on: bool) {
        self.rows.retain(|&r| r != down);
        if on {
            self.rows.push(down);
            self.rows.sort_by_key(|r| MATRIX_ORDER.iter().position(|m| m == r));
        }
    }

    /// Ticks or unticks a matrix cell, keeping the column order.
    pub fn set_cell(&mut self, cell: Cell, on: bool) {
        self.cells.retain(|&c| c != cell);
        if on {
            self.cells.push(cell);
            self.cells.sort_by_key(|c| Cell::ALL.iter().position(|a| a == c));
        }
    }

    /// Sets the tolerance typed for `key` (blank: none).
    pub fn set_tolerance(&mut self, key: &str, typed: &str) {
        match self.tolerance.iter_mut().find(|(k, _)| k == key) {
            Some(entry) if !typed.trim().is_empty() => entry.1 = typed.to_string(),
            Some(_) => self.tolerance.retain(|(k, _)| k != key),
            None if !typed.trim().is_empty() => self.tolerance.push((key.to_string(), typed.to_string())),
            None => {}
        }
    }

    /// The tolerance typed for `key` (blank: none).
    pub fn tolerance_of(&self, key: &str) -> &str {
        self.tolerance.iter().find(|(k, _)| k == key).map_or("", |(_, t)| t.as_str())
    }

    /// The assignment file: what `cplab check` reads, fields in the format's order. A number
    /// typed as a number is written as one; anything else is written as the text typed, which the
    /// format's reader then names.
    pub fn text(&self) -> String {
        let mut doc = Map::new();
        doc.insert("version".into(), json!(ASSIGNMENT_VERSION));
        doc.insert("title".into(), json!(self.title));
        if !self.instructions.is_empty() {
            doc.insert("instructions".into(), json!(self.instructions));
        }
        if let Some(s) = &self.scenario {
            doc.insert("scenario".into(), s.clone());
        }
        if !self.predict.is_empty() {
            doc.insert("predict".into(), json!(self.predict.iter().map(|q| q.id()).collect::<Vec<_>>()));
        }
        if !self.rows.is_empty() || !self.cells.is_empty() {
            let rows: Vec<String> = self.rows.iter().map(|&d| row_name(d)).collect();
            let cells: Vec<&str> = self.cells.iter().map(|c| c.id()).collect();
            doc.insert("matrix".into(), json!({"rows": rows, "cells": cells}));
        }
        if !self.ask.is_empty() {
            doc.insert("ask".into(), Json::Array(self.ask.iter().map(question_json).collect()));
        }
        if !self.tolerance.is_empty() {
            let t: Map<String, Json> =
                self.tolerance.iter().map(|(k, v)| (k.clone(), typed_number(v))).collect();
            doc.insert("tolerance".into(), Json::Object(t));
        }
        doc.insert("reveal".into(), json!(self.reveal));
        if !self.retries.trim().is_empty() {
            doc.insert("retries".into(), typed_number(&self.retries));
        }
        let mut out = serde_json::to_string_pretty(&Json::Object(doc)).unwrap_or_default();
        out.push('\n');
        out
    }

    /// The tolerance keys worth offering: each count, each number cell asked, each question
    /// answered by a number (names and verdict words are scored exactly, and a tolerance for
    /// them is ignored, as `cplab check` warns).
    pub fn tolerance_keys(&self) -> Vec<String> {
        let counts = self.predict.iter().map(|q| q.id().to_string());
        let cells = if self.rows.is_empty() { Vec::new() } else { self.cells.clone() };
        let cells = cells.into_iter().filter(|c| !c.is_verdict()).map(|c| c.id().to_string());
        let numbers = self.ask.iter().filter(|q| match q {
            Question::Writers(_) => false,
            Question::Repair { cell, .. } => !cell.is_verdict(),
            _ => true,
        });
        counts.chain(cells).chain(numbers.map(Question::id)).collect()
    }

    /// The tolerance fields the workbench shows: one for each number asked, then one for each
    /// tolerance the draft gives for something no longer asked (kept, so nothing typed is lost).
    pub fn tolerance_fields(&self) -> Vec<String> {
        let mut keys = self.tolerance_keys();
        let given: Vec<String> =
            self.tolerance.iter().map(|(k, _)| k.clone()).filter(|k| !keys.contains(k)).collect();
        keys.extend(given);
        keys
    }
}

impl Draft {
    /// What the tolerance for `key` is for, in the teacher's words: a count's or a question's
    /// label, or a cell's in every row asked; a key the draft no longer asks is said as written.
    pub fn tolerance_label(
        &self,
        key: &str,
        t: &Messages,
        a: &AssignmentMessages,
        w: &WorkbenchMessages,
    ) -> String {
        if let Some(q) = Quantity::from_id(key) {
            return q.label_in(a).to_string();
        }
        if let Some(c) = Cell::from_id(key) {
            return fill(w.tolerance_cell, &[("cell", &c.label_in(t, a))]);
        }
        match self.ask.iter().find(|q| q.id() == key) {
            Some(q) => ItemKind::Question(q.clone()).label_in(t, a),
            None => key.to_string(),
        }
    }
}

/// A question as the format writes it (what `parse_question` reads back).
pub fn question_json(q: &Question) -> Json {
    fn count(second: bool, names: [&'static str; 2]) -> &'static str {
        names[usize::from(second)]
    }
    match q {
        Question::Round { round, writes } => {
            json!({"round": round, "count": count(*writes, ["reads", "writes"])})
        }
        Question::PartReads(p) => json!({"component": p.name()}),
        Question::Writers(key) => json!({"writers": key}),
        Question::Service { service, actual } => {
            json!({"service": service, "count": count(*actual, ["believed", "actual"])})
        }
        Question::Repair { down, cell } => json!({"repair": row_name(*down), "cell": cell.id()}),
        Question::Choice(c) => {
            let mut q = json!({"choice": c.name, "prompt": c.prompt, "options": c.options, "answer": c.answer_text()});
            if let Some(fact) = c.from {
                q["from"] = json!(fact.id());
            }
            if let Some(stop) = c.stop {
                q["stop"] = json!(stop);
            }
            q
        }
    }
}

/// Opens a pasted student link (`https://…/?a=CODE&…`) or its code alone; what is wrong is said
/// in `a`'s and `w`'s language (an address with no assignment in it, in `w`'s).
pub fn open_pasted(pasted: &str, a: &AssignmentMessages, w: &WorkbenchMessages) -> Result<Draft, String> {
    let pasted = pasted.trim();
    let query = pasted.split_once('?').map_or(pasted, |(_, q)| q);
    let query = query.split('#').next().unwrap_or("");
    // An address (a scheme, or a query) without `a=` holds no assignment: said as such, not as
    // a code with a character that does not belong.
    let address = pasted.contains('?') || pasted.contains("://");
    let code = match query.split('&').find_map(|p| p.strip_prefix("a=")) {
        Some(code) => code,
        // A link to a shipped assignment names its file on the lab's server (`?assignment=`),
        // which the workbench opens as a file: said so, with the path, not as no assignment.
        None if address => {
            let file = query.split('&').find_map(|p| p.strip_prefix("assignment="));
            return Err(match file {
                Some(path) => crate::messages::fill(
                    w.paste_file_link,
                    &[("path", &crate::formats::escape::quoted(path))],
                ),
                None => w.paste_not_link.to_string(),
            });
        }
        None => query,
    };
    let text = crate::teaching::report::decode_link(code).map_err(|p| p.text(a))?;
    // Past what the lab reads as an assignment: refused before its JSON is read, as a file is.
    let most = crate::teaching::review::MAX_ASSIGNMENT_BYTES;
    if text.len() > most {
        return Err(crate::messages::fill(a.e_assignment_browser_too_large, &[("mib", &(most >> 20))]));
    }
    Draft::open(&text).map_err(|e| e.text(a))
}

/// A question of kind `kind` from what was typed for it (`first`: the round, component, key,
/// service or row; `second`: its count or cell), read by the format's own reader as entry `at`
/// of `ask`, so a bad field gets the message a file would.
pub fn typed_question(kind: &str, first: &str, second: &str, at: usize) -> Result<Question, InputError> {
    let doc = match kind {
        "round" => json!({"round": typed_number(first), "count": second}),
        "service" => json!({"service": first, "count": second}),
        "repair" => json!({"repair": first, "cell": second}),
        other => json!({ other: first }),
    };
    crate::formats::question::parse_question(&doc, &format!("ask[{at}]"))
}

/// A number typed (surrounding spaces ignored) as a JSON number, so the format's reader says
/// what is wrong with it (`-1`, `1.5`), when JSON writes that number as it was typed; anything
/// else as the text itself (`1e3`, `-0`, `99999999999999999999`, which JSON would write back as
/// `1000.0`, `-0.0` and `1e20`), so the field shows what was typed and the reader names it.
pub(crate) fn typed_number(typed: &str) -> Json {
    match serde_json::from_str::<Json>(typed.trim()) {
        Ok(n @ Json::Number(_)) if writes_back_as(&n, typed.trim()) => n,
        _ => json!(typed),
    }
}

/// Whether JSON writes `n` back as exactly `typed` (a comparison of texts: comparing `n` with a
/// string would compare it with a JSON string, never equal to a number).
fn writes_back_as(n: &Json, typed: &str) -> bool {
    let written = n.to_string();
    written == typed
}

pub use super::diagnosis::{diagnose, tolerance_field, Diagnosis, Note, NoteKind, Section};

#[cfg(test)]
#[path = "workbench_tests.rs"]
mod tests;
