//! Assignments: a teacher's scenario, the counts students predict before running it, the
//! tolerance allowed, and the scoring of what they typed.

pub use crate::formats::assignment::{Assignment, MatrixTask, Quantity, ASSIGNMENT_VERSION};
use crate::formats::json::visible;
pub use crate::formats::question::{Cell, Question};
use crate::messages::{fill, AssignmentMessages, Messages, EN, EN_ASSIGNMENTS};
use crate::model::{
    count_of, matrix_run, repair_row, service_counts, Limits, MatrixRow, Outcome, Part, PartSet, TraceLimit,
    TraceSummary, Verdict,
};
use std::collections::BTreeSet;
use std::fmt;

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
    /// The id the lab's page gives the item's input (`predict-<page_id>`) and its reveal row
    /// (`reveal-<page_id>`): unique among the assignment's items (see [`set_page_ids`]).
    pub page_id: String,
}

/// What an item asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A count of the run.
    Count(Quantity),
    /// A cell of a failure-matrix row (by the parts down).
    Matrix(PartSet, Cell),
    /// A question of the `ask` list.
    Question(Question),
}

impl ItemKind {
    /// The label of an item of this kind in the language of `t` and `a`.
    pub fn label_in(&self, t: &Messages, a: &AssignmentMessages) -> String {
        match self {
            ItemKind::Count(q) => q.label_in(a).to_string(),
            ItemKind::Question(q) => question_label(q, t, a),
            &ItemKind::Matrix(down, cell) if down.is_empty() => {
                fill(a.matrix_item_healthy, &[("cell", &cell.label_in(t, a))])
            }
            &ItemKind::Matrix(down, cell) => {
                fill(a.matrix_item, &[("down", &t.down(down)), ("cell", &cell.label_in(t, a))])
            }
        }
    }
}

/// A question's label in the language of `t` and `a`.
fn question_label(q: &Question, t: &Messages, a: &AssignmentMessages) -> String {
    match q {
        Question::Round { round: 0, writes } => {
            if *writes { a.ask_requests_writes } else { a.ask_requests_reads }.to_string()
        }
        Question::Round { round, writes } => {
            fill(if *writes { a.ask_round_writes } else { a.ask_round_reads }, &[("round", round)])
        }
        Question::PartReads(p) => fill(a.ask_part_reads, &[("part", &t.part(*p))]),
        // The teacher's key and name are shown with invisible characters escaped: two keys that
        // differ only by a zero-width space must not read as the same question.
        Question::Writers(key) => fill(a.ask_writers, &[("key", &visible(key))]),
        Question::Service { service, actual } => {
            fill(if *actual { a.ask_actual } else { a.ask_believed }, &[("service", &visible(service))])
        }
        Question::Repair { down, cell } => {
            fill(a.ask_repair, &[("down", &t.down(*down)), ("cell", &cell.label_in(t, a))])
        }
        // The teacher's own words, in the language they wrote them in.
        Question::Choice(c) => c.prompt.clone(),
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
    /// Components in order (none: the key is never written).
    Parts(Vec<Part>),
    /// The text of one option of a choice question.
    Choice(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Word(v) => f.write_str(v.as_str()),
            Answer::Parts(parts) if parts.is_empty() => f.write_str("none"),
            Answer::Parts(parts) => {
                let names: Vec<&str> = parts.iter().map(|p| p.name()).collect();
                f.write_str(&names.join(", "))
            }
            Answer::Choice(option) => f.write_str(option),
        }
    }
}

// The answer key is the teaching side's: the document (in formats) only says what to ask.
impl Assignment {
    /// Whether it asks about its own run (a count, or a question other than after repair or of
    /// choice); if not, it is about the failure matrix's events or the teacher's options.
    pub fn asks_about_its_run(&self) -> bool {
        !self.predict.is_empty()
            || self.ask.iter().any(|q| !matches!(q, Question::Repair { .. } | Question::Choice(_)))
    }

    /// Every item to predict with its correct answer, computed by the model.
    pub fn answer_key(&self) -> Result<Vec<Item>, TraceLimit> {
        self.answer_key_within(Limits::MODEL)
    }

    /// The same, the assignment's run stopped at `limits` (the lab's budget in a browser).
    pub fn answer_key_within(&self, limits: Limits) -> Result<Vec<Item>, TraceLimit> {
        Ok(self.key_and_run(limits)?.0)
    }

    /// The answer key and the assignment's own run, if it asks about it (the checks read the
    /// run too, and a run is the costly part: made once).
    pub(crate) fn key_and_run(&self, limits: Limits) -> Result<(Vec<Item>, Option<Outcome>), TraceLimit> {
        let mut items = Vec::new();
        // The assignment's own run, when a count or a question about it is asked.
        let outcome = if self.asks_about_its_run() {
            Some(self.scenario.clone().run_within(true, limits)?)
        } else {
            None
        };
        if let Some(outcome) = outcome.as_ref().filter(|_| !self.predict.is_empty()) {
            let store = outcome.plane.store();
            let s = TraceSummary::of(store.trace(), store.revision(), outcome.plane.rounds());
            for &q in &self.predict {
                let n = match q {
                    Quantity::Steps => s.steps as u64,
                    Quantity::ItemReads => s.item_reads as u64,
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
                let name = crate::formats::tables::row_name(down);
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
        for q in &self.ask {
            let answer = match (q, &outcome) {
                (Question::Repair { down, cell }, _) => {
                    Some(cell_answer(&repair_row(*down)?.repaired, *cell))
                }
                // The file's right option: `cplab check` holds it to the fact it names, if any.
                (Question::Choice(c), _) => Some(Answer::Choice(c.answer_text().to_string())),
                (q, Some(outcome)) => run_answer(q, outcome),
                // Every other question asks about the run, which was run above.
                (_, None) => None,
            };
            let Some(answer) = answer else { continue };
            let id = q.id();
            items.push(self.item(&id, &id, ItemKind::Question(q.clone()), answer));
        }
        set_page_ids(&mut items);
        Ok((items, outcome))
    }

    fn item(&self, id: &str, name: &str, kind: ItemKind, answer: Answer) -> Item {
        let tolerance = match answer {
            Answer::Word(_) | Answer::Parts(_) | Answer::Choice(_) => 0,
            Answer::Number(_) => {
                self.tolerance.get(id).or_else(|| self.tolerance.get(name)).copied().unwrap_or(0)
            }
        };
        let label = kind.label_in(&EN, &EN_ASSIGNMENTS);
        Item { id: id.to_string(), label, kind, answer, tolerance, page_id: String::new() }
    }
}

/// Gives each item its page id: its id with every character but ASCII letters, digits, `-` and
/// `_` made `-` (`writers.copy/collector-4` gives `writers-copy-collector-4`), as the lab has
/// always made them, so the shipped assignments keep theirs. Ids that differ only there (by `.`,
/// `/`, a space, `-` or any other character) would share one input and its label: each after
/// the first takes its place in the list too (`writers-copy-a-3`), numbered on if even that is
/// another item's.
pub fn set_page_ids(items: &mut [Item]) {
    let plain: Vec<String> = items
        .iter()
        .map(|i| i.id.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '-' }).collect())
        .collect();
    // Every plain id is kept for its first item: an id made for a later one must not take it.
    // Inserted one by one: collecting into a set sorts first, a sort the page has no other use for.
    let mut taken = BTreeSet::new();
    for id in &plain {
        taken.insert(id.clone());
    }
    let mut first: BTreeSet<&str> = BTreeSet::new();
    for (place, (item, plain)) in items.iter_mut().zip(&plain).enumerate() {
        item.page_id = if first.insert(plain) {
            plain.clone()
        } else {
            let mut id = format!("{plain}-{place}");
            let mut n = 2;
            while taken.contains(&id) {
                id = format!("{plain}-{place}-{n}");
                n += 1;
            }
            taken.insert(id.clone());
            id
        };
    }
}

/// The answer to a question about the assignment's run, from its outcome (none for a question
/// after repair, which is about the failure matrix's events instead).
fn run_answer(q: &Question, outcome: &Outcome) -> Option<Answer> {
    let store = outcome.plane.store();
    // The steps the answer is made of, by the one rule the reveal links to (`Question::counts`).
    let counted = || store.trace().iter().filter(|s| q.counts(s));
    Some(match q {
        // A round's writes (and removes) are its steps that are not reads.
        Question::Round { writes: true, .. } => Answer::Number(counted().count() as u64),
        Question::Round { .. } | Question::PartReads(_) => {
            Answer::Number(counted().map(|s| s.items as u64).sum())
        }
        Question::Writers(_) => {
            let mut parts: Vec<Part> = Vec::new();
            for s in counted() {
                if parts.last() != Some(&s.component) {
                    parts.push(s.component);
                }
            }
            Answer::Parts(parts)
        }
        // The one rule the matrix and the lab's panel count by: the service a copy's value names.
        Question::Service { service, actual } => {
            let (believed, running) =
                count_of(&service_counts(store.entries(), outcome.plane.actual()), service);
            Answer::Number(if *actual { running } else { believed } as u64)
        }
        Question::Repair { .. } | Question::Choice(_) => return None,
    })
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The lesson's trace assignment asking for every count, with `tolerance` (JSON).
    pub(crate) fn lesson_assignment(tolerance: &str) -> Assignment {
        crate::formats::assignment_json::parse(&format!(
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
    fn matrix_items_carry_the_lessons_cells() {
        let a = crate::formats::assignment_json::parse(
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
}
