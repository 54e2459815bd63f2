//! Assignments: a teacher's scenario, the counts students predict before running it, the
//! tolerance allowed, and the scoring of what they typed.

pub use crate::formats::assignment::{Assignment, Cell, MatrixTask, Quantity, ASSIGNMENT_VERSION};
use crate::messages::{fill, AssignmentMessages, Messages, EN, EN_ASSIGNMENTS};
use crate::model::{matrix_run, Limits, MatrixRow, PartSet, Scenario, TraceLimit, TraceSummary, Verdict};
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
}

/// What an item asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A count of the run.
    Count(Quantity),
    /// A cell of a failure-matrix row (by the parts down).
    Matrix(PartSet, Cell),
}

impl ItemKind {
    /// The label of an item of this kind in the language of `t` and `a`.
    pub fn label_in(self, t: &Messages, a: &AssignmentMessages) -> String {
        match self {
            ItemKind::Count(q) => q.label_in(a).to_string(),
            ItemKind::Matrix(down, cell) if down.is_empty() => {
                fill(a.matrix_item_healthy, &[("cell", &cell.label_in(t, a))])
            }
            ItemKind::Matrix(down, cell) => {
                fill(a.matrix_item, &[("down", &t.down(down)), ("cell", &cell.label_in(t, a))])
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

// The answer key is the teaching side's: the document (in formats) only says what to ask.
impl Assignment {
    /// Whether running `scenario` would show an answer this assignment asks for: its own run
    /// when it asks for counts, and the lesson's events with an asked row's parts down when it
    /// asks for matrix cells. Compared without timeline changes: those are made mid-run, after
    /// the steps that would already have shown the answer.
    pub fn reveals(&self, scenario: &Scenario) -> bool {
        let bare = Scenario { timeline: Vec::new(), ..scenario.clone() };
        let own = Scenario { timeline: Vec::new(), ..self.scenario.clone() };
        let counts = !self.predict.is_empty() && bare == own;
        let rows =
            self.matrix.as_ref().is_some_and(|m| m.rows.iter().any(|&down| bare == Scenario::events(down)));
        counts || rows
    }

    /// Every item to predict with its correct answer, computed by the model.
    pub fn answer_key(&self) -> Result<Vec<Item>, TraceLimit> {
        self.answer_key_within(Limits::MODEL)
    }

    /// The same, the assignment's run stopped at `limits` (the lab's budget in a browser).
    pub fn answer_key_within(&self, limits: Limits) -> Result<Vec<Item>, TraceLimit> {
        let mut items = Vec::new();
        if !self.predict.is_empty() {
            let outcome = self.scenario.clone().run_within(true, limits)?;
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

    fn shipped(name: &str) -> Assignment {
        let path = format!("{}/assignments/{name}.json", env!("CARGO_MANIFEST_DIR"));
        crate::formats::assignment_json::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn an_assignment_seals_exactly_the_runs_that_would_show_its_answers() {
        use crate::model::{LessonService, Part, Run};
        let run = |r: Run, down: PartSet| r.scenario(down, None).unwrap();
        let trace = shipped("lesson-trace");
        assert!(trace.reveals(&run(Run::Lesson, PartSet::NONE)));
        // Scaling collector to 5 on the lesson's state is the same run by another name.
        assert!(
            trace.reveals(&run(Run::Scale { service: LessonService::Collector, desired: 5 }, PartSet::NONE))
        );
        assert!(
            !trace.reveals(&run(Run::Scale { service: LessonService::Collector, desired: 4 }, PartSet::NONE))
        );
        assert!(!trace.reveals(&run(Run::Lesson, PartSet::of(Part::Scheduler))));
        assert!(!trace.reveals(&run(Run::Events, PartSet::NONE)));
        let matrix = shipped("failure-matrix");
        assert!(matrix.reveals(&run(Run::Events, PartSet::NONE)));
        assert!(matrix.reveals(&run(Run::Events, PartSet::of(Part::ApiServer))));
        assert!(!matrix.reveals(&run(Run::Events, PartSet::of(Part::NodeAgents))), "a row it does not ask");
        assert!(!matrix.reveals(&run(Run::Lesson, PartSet::NONE)));
        let node = shipped("full-node");
        assert!(node.reveals(&Run::Given.scenario(PartSet::NONE, Some(&node.scenario)).unwrap()));
        assert!(!node.reveals(&run(Run::Lesson, PartSet::NONE)));
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
