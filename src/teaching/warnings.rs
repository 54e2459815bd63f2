//! What `cplab check` warns about: an assignment that is valid but may not ask what its teacher
//! meant (a key never written, a round past the run's end, a tolerance that is ignored, answers
//! a student can copy). A warning is not an error: the assignment works as written. Each names
//! the field it concerns, so a page can show it beside that field; [`warnings`] is pure (it
//! reads answer keys already made), and [`check`] makes them. Those about the scenario's names
//! (a request outside the schema, a starting copy on no node, a service never held) and a
//! tolerance that marks a guess right are worked out in [`super::warnings_scenario`].

use super::assignment::{Answer, Assignment, Item, ItemKind, Question};
use super::warnings_scenario::{accepts_a_guess, matrix_runs, never_held, out_of_schema, starting_copies};
pub use super::warnings_scenario::{RequestAt, RunFacts, StartKey};
use crate::formats::json::quoted;
use crate::messages::{fill, CheckMessages};
use crate::model::{lesson_initial, Limits, Prefix, Scenario, TraceLimit, MATRIX_ORDER};
use std::collections::BTreeMap;
use std::fmt;

/// One thing an assignment says that its teacher may not mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// `initial` keeps only `kept` of the lesson's `of` keys: it replaces the lesson's whole
    /// starting state, where `changes` would change a few keys of it.
    PartialInitial {
        /// Lesson keys the starting state still has.
        kept: usize,
        /// Keys of the lesson's starting state.
        of: usize,
    },
    /// A copy the file writes into the starting state, on a node the starting state does not
    /// have (and no request makes): no node counts it.
    CopyOnNoNode {
        /// Where the copy is written.
        at: StartKey,
        /// Its node field, as written.
        node: String,
        /// The node's key it would need (`node/m9`).
        key: String,
    },
    /// A copy the file writes into the starting state, of a service the starting state does not
    /// have (and no request makes): no service counts it.
    CopyOfNoService {
        /// Where the copy is written.
        at: StartKey,
        /// Its service field.
        service: String,
    },
    /// A request whose key is outside the schema: the API server answers "out of schema".
    RequestOutOfSchema {
        /// Where it is sent from.
        at: RequestAt,
        /// Its key.
        key: String,
    },
    /// A `writers` question (entry `at` of `ask`) about a key the run never writes: its answer
    /// is "none".
    NeverWritten {
        /// Its place in `ask`.
        at: usize,
        /// The key.
        key: String,
    },
    /// A `round` question (entry `at` of `ask`) past the run's last round: its answer is 0.
    RoundPastEnd {
        /// Its place in `ask`.
        at: usize,
        /// The round asked.
        round: u32,
        /// The run's last round.
        last: u32,
    },
    /// A `service` question (entry `at` of `ask`) about a service the run's store never holds
    /// (no `service/<name>` key at its start or end, no copy of it): its answer is 0.
    NeverHeld {
        /// Its place in `ask`.
        at: usize,
        /// The service.
        service: String,
    },
    /// A tolerance at least as large as a positive answer it applies to: 0 is marked right, and
    /// so is every small guess.
    ToleranceAcceptsGuess {
        /// The tolerance's key.
        key: String,
        /// The item of the smallest positive answer it applies to (the key itself, or one of its
        /// quantity's or cell's items).
        item: String,
        /// The tolerance.
        tolerance: u64,
        /// That item's answer.
        answer: u64,
    },
    /// A tolerance for items scored exactly (names or words), which ignore it.
    ToleranceIgnored {
        /// The tolerance's key.
        key: String,
    },
    /// Every answer is the lesson's own: the run's answers are those of the lesson's run (or the
    /// cells are those the lesson's failure matrix prints), so a student can copy them.
    LessonsAnswers {
        /// Whether the assignment asks about its run (else only the lesson's matrix rows).
        run: bool,
    },
    /// Failure-matrix rows asked where the assignment's scenario is not the lesson's: the rows
    /// run the lesson's events (`model::matrix_run`), not that scenario.
    MatrixNotTheScenario,
    /// Failure-matrix rows asked where the instructions say parts are down (`parts`, by name):
    /// each row runs only its own parts down, whatever the instructions say.
    MatrixNotTheInstructions {
        /// The parts the instructions name beside "down", in the lesson's order.
        parts: Vec<&'static str>,
    },
    /// Retries with answers revealed: a retry after seeing the answers can copy them.
    RetriesAfterReveal {
        /// The retries allowed.
        retries: u32,
    },
}

impl Warning {
    /// The field it concerns, as errors name theirs: `ask[2].writers`, `tolerance["rd"]`.
    pub fn field(&self) -> String {
        match self {
            Warning::PartialInitial { .. } => "scenario.initial".into(),
            Warning::CopyOnNoNode { at, .. } => format!("{}.node", at.field()),
            Warning::CopyOfNoService { at, .. } => format!("{}.service", at.field()),
            Warning::RequestOutOfSchema { at, .. } => at.field(),
            Warning::NeverHeld { at, .. } => format!("ask[{at}].service"),
            Warning::ToleranceAcceptsGuess { key, .. } => format!("tolerance[{}]", quoted(key)),
            Warning::NeverWritten { at, .. } => format!("ask[{at}].writers"),
            Warning::RoundPastEnd { at, .. } => format!("ask[{at}].round"),
            Warning::ToleranceIgnored { key } => format!("tolerance[{}]", quoted(key)),
            Warning::LessonsAnswers { run: true } => "scenario".into(),
            Warning::LessonsAnswers { run: false } => "matrix.rows".into(),
            Warning::MatrixNotTheScenario | Warning::MatrixNotTheInstructions { .. } => "matrix.rows".into(),
            Warning::RetriesAfterReveal { .. } => "retries".into(),
        }
    }

    /// What it says, in `c`'s language (without the field).
    pub fn said(&self, c: &CheckMessages) -> String {
        let said = match self {
            Warning::PartialInitial { kept, of } => {
                Said::of(c.w_partial_initial).with("kept", kept).with("of", of)
            }
            Warning::CopyOnNoNode { node, key, .. } => {
                Said::of(c.w_copy_no_node).with("node", quoted(node)).with("key", quoted(key))
            }
            Warning::CopyOfNoService { service, .. } => Said::of(c.w_copy_no_service)
                .with("service", quoted(service))
                .with("key", quoted(&format!("service/{service}"))),
            Warning::RequestOutOfSchema { key, .. } => {
                Said::of(c.w_request_out_of_schema).with("key", quoted(key))
            }
            Warning::NeverHeld { service, .. } => Said::of(c.w_never_held)
                .with("service", quoted(service))
                .with("key", quoted(&format!("service/{service}"))),
            Warning::ToleranceAcceptsGuess { key, item, tolerance, answer } => {
                let guess = if item == key {
                    Said::of(c.w_tolerance_guess)
                } else {
                    Said::of(c.w_tolerance_guess_item).with("item", quoted(item))
                };
                guess.with("most", answer.saturating_add(*tolerance)).with("answer", answer)
            }
            Warning::NeverWritten { key, .. } if Prefix::of_key(key).is_none() => {
                Said::of(c.w_never_written_schema).with("key", quoted(key))
            }
            Warning::NeverWritten { key, .. } => Said::of(c.w_never_written).with("key", quoted(key)),
            Warning::RoundPastEnd { round, last, .. } => {
                Said::of(c.w_round_past_end).with("round", round).with("last", last)
            }
            Warning::ToleranceIgnored { key } => Said::of(c.w_tolerance_ignored).with("key", quoted(key)),
            Warning::LessonsAnswers { run: true } => Said::of(c.w_lessons_run),
            Warning::LessonsAnswers { run: false } => Said::of(c.w_lessons_matrix),
            Warning::MatrixNotTheScenario => Said::of(c.w_matrix_not_scenario),
            Warning::MatrixNotTheInstructions { parts } => {
                Said::of(c.w_matrix_not_instructions).with("parts", parts.join(" and "))
            }
            Warning::RetriesAfterReveal { retries } => Said::of(c.w_retries_reveal).with("retries", retries),
        };
        let args: Vec<(&str, &dyn fmt::Display)> =
            said.args.iter().map(|(n, v)| (*n, v as &dyn fmt::Display)).collect();
        fill(said.template, &args)
    }

    /// The field and what it says, in `c`'s language.
    pub fn text(&self, c: &CheckMessages) -> String {
        format!("{}: {}", self.field(), self.said(c))
    }
}

/// In English.
impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&crate::messages::EN_CHECK))
    }
}

/// A template of the check table with its values, filled once said.
struct Said {
    template: &'static str,
    args: Vec<(&'static str, String)>,
}

impl Said {
    fn of(template: &'static str) -> Said {
        Said { template, args: Vec::new() }
    }

    fn with(mut self, name: &'static str, value: impl fmt::Display) -> Said {
        self.args.push((name, value.to_string()));
        self
    }
}

/// An assignment's answer key and its warnings.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Every item with its answer.
    pub items: Vec<Item>,
    /// What it may not mean: the starting state, the requests, then `ask` in order, the
    /// tolerances, the answers as a whole, the retries.
    pub warnings: Vec<Warning>,
}

/// Makes the answer key (the run stopped at `limits`) and the warnings: the assignment's run is
/// run once, and its questions about the run once more on the lesson's own run, to compare.
pub fn check(a: &Assignment, limits: Limits) -> Result<Checked, TraceLimit> {
    let (items, outcome) = a.key_and_run(limits)?;
    let run = outcome.as_ref().map(|o| RunFacts::of(a, o));
    drop(outcome);
    // The same questions about the run, on the lesson's run (small: never near the limits).
    let lessons = Assignment {
        title: String::new(),
        instructions: String::new(),
        scenario: Scenario::lesson(),
        written: Default::default(),
        predict: a.predict.clone(),
        matrix: None,
        ask: a.ask.iter().filter(|q| !matches!(q, Question::Repair { .. })).cloned().collect(),
        tolerance: BTreeMap::new(),
        reveal: a.reveal,
        retries: 0,
    };
    let lesson_key = if lessons.asks_about_its_run() { lessons.answer_key()? } else { Vec::new() };
    let warnings = warnings(a, &items, run.as_ref(), &lesson_key);
    Ok(Checked { items, warnings })
}

/// The warnings for `a`, from its answer key `items`, what its run gives (none: it asks nothing
/// about its run) and `lesson_key`, the answers of its questions about the run on the lesson's
/// own run. Pure: it runs nothing.
pub fn warnings(a: &Assignment, items: &[Item], run: Option<&RunFacts>, lesson_key: &[Item]) -> Vec<Warning> {
    let mut out = Vec::new();
    if a.written.initial {
        let lesson = lesson_initial();
        let kept = lesson.iter().filter(|(k, _)| a.scenario.initial.iter().any(|(i, _)| i == k)).count();
        // Fewer than half: a few keys meant to change, not a state of its own.
        if kept * 2 < lesson.len() {
            out.push(Warning::PartialInitial { kept, of: lesson.len() });
        }
    }
    out.extend(starting_copies(a));
    out.extend(out_of_schema(a));
    let answer_of = |id: &str| items.iter().find(|i| i.id == id).map(|i| &i.answer);
    for (at, q) in a.ask.iter().enumerate() {
        match q {
            Question::Writers(key) if answer_of(&q.id()).is_some_and(|a| *a == Answer::Parts(Vec::new())) => {
                out.push(Warning::NeverWritten { at, key: key.clone() });
            }
            &Question::Round { round, .. } => {
                if let Some(last) = run.map(|r| r.last_round).filter(|&last| round > last) {
                    out.push(Warning::RoundPastEnd { at, round, last });
                }
            }
            Question::Service { service, .. } if never_held(run, service) => {
                out.push(Warning::NeverHeld { at, service: service.clone() });
            }
            _ => {}
        }
    }
    for key in a.tolerance.keys() {
        let named: Vec<&Item> = items.iter().filter(|i| names(i).contains(&key.as_str())).collect();
        if !named.is_empty() && named.iter().all(|i| !matches!(i.answer, Answer::Number(_))) {
            out.push(Warning::ToleranceIgnored { key: key.clone() });
        } else if let Some(w) = accepts_a_guess(a, key, items) {
            out.push(w);
        }
    }
    let lessons_own = |i: &Item| match &i.kind {
        // The lesson prints its five rows of the failure matrix; the rows beyond, and repair,
        // are not in it.
        ItemKind::Matrix(down, _) => MATRIX_ORDER[..5].contains(down),
        ItemKind::Question(Question::Repair { .. }) => false,
        _ => lesson_key.iter().any(|l| l.id == i.id && l.answer == i.answer),
    };
    if !items.is_empty() && items.iter().all(lessons_own) {
        out.push(Warning::LessonsAnswers { run: a.asks_about_its_run() });
    }
    out.extend(matrix_runs(a));
    if a.retries > 0 && a.reveal {
        out.push(Warning::RetriesAfterReveal { retries: a.retries });
    }
    out
}

/// The names a tolerance may give an item by: its id, and its quantity or cell.
pub(super) fn names(i: &Item) -> [&str; 2] {
    match &i.kind {
        ItemKind::Count(q) => [&i.id, q.id()],
        ItemKind::Matrix(_, cell) => [&i.id, cell.id()],
        ItemKind::Question(_) => [&i.id, &i.id],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::assignment_json::parse;

    /// The warnings of an assignment with `rest` beside its version and title, in English.
    fn said(rest: &str) -> Vec<String> {
        let a = parse(&format!(r#"{{"version": 1, "title": "x", {rest}}}"#)).unwrap();
        check(&a, Limits::MODEL).unwrap().warnings.iter().map(Warning::to_string).collect()
    }

    const CHANGED: &str = r#""scenario": {"changes": {"service/verifier": {"desired": 3}}, "requests": [{"key": "service/collector", "value": {"desired": 5}}]}"#;

    #[test]
    fn a_partial_initial_is_named_and_changes_suggested() {
        let partial = r#""scenario": {"initial": {"node/m3": {"capacity": 4, "health": "dead"}}}, "predict": ["steps"]"#;
        assert_eq!(
            said(partial),
            ["scenario.initial: keeps 1 of the lesson's 10 keys: a partial initial replaces the lesson's whole starting state; to change a few keys of it, give them under \"changes\" instead"]
        );
        // The same change under `changes` keeps the lesson's state: nothing said of the state
        // (its run is the lesson's numbers, which is said).
        let changed = r#""scenario": {"changes": {"node/m3": {"capacity": 4, "health": "dead"}}}, "predict": ["steps"]"#;
        assert!(said(changed).iter().all(|w| !w.starts_with("scenario.initial")), "{:?}", said(changed));
        // A state of its own that keeps most of the lesson's keys is not partial.
        let full =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assignments/full-node.json"))
                .unwrap();
        let a = parse(&full).unwrap();
        assert!(a.written.initial);
        assert_eq!(check(&a, Limits::MODEL).unwrap().warnings, []);
    }

    #[test]
    fn questions_whose_answer_is_none_or_zero_are_named_by_place() {
        let ask = format!(
            r#"{CHANGED}, "ask": [{{"writers": "copy/collector-4"}}, {{"writers": "verifier-3"}}, {{"round": 9, "count": "reads"}}, {{"writers": "copy/verifier-4"}}, {{"round": 2, "count": "writes"}}, {{"writers": "copy/verifier-3"}}]"#
        );
        assert_eq!(
            said(&ask),
            [
                "ask[1].writers: \"verifier-3\" is never written in this run, so its answer is \"none\" (keys start with service/, copy/ or node/)",
                "ask[2].round: round 9 is past the run's last round, 2, so its answer is 0",
                "ask[3].writers: \"copy/verifier-4\" is never written in this run, so its answer is \"none\"",
            ]
        );
    }

    #[test]
    fn a_tolerance_for_names_or_words_is_ignored_and_said() {
        let rest = format!(
            r#"{CHANGED}, "ask": [{{"writers": "copy/collector-4"}}, {{"component": "scheduler"}}], "matrix": {{"rows": ["node agents"], "cells": ["scale", "rd"]}}, "tolerance": {{"writers.copy/collector-4": 1, "component.scheduler.reads": 2, "scale": 1, "rd": 3}}"#
        );
        assert_eq!(
            said(&rest),
            [
                "tolerance[\"scale\"]: \"scale\" is scored exactly (names or words, not a number), so its tolerance is ignored",
                "tolerance[\"writers.copy/collector-4\"]: \"writers.copy/collector-4\" is scored exactly (names or words, not a number), so its tolerance is ignored",
                "matrix.rows: the failure-matrix rows do not run this assignment's scenario: each runs the lesson's events (collector scaled to 5, copy collector-2 reported dead, node m4 joins) with its own parts down from the start; say so in the instructions, or ask about the scenario with counts and questions",
            ]
        );
    }

    #[test]
    fn matrix_rows_beside_instructions_that_take_parts_down_are_said_to_run_the_lessons_events() {
        let asked = r#""matrix": {"rows": ["scheduler"], "cells": ["believed"]}"#;
        let with = |instructions: &str| {
            said(&format!(r#""instructions": "{instructions}", {asked}"#))
                .into_iter()
                .filter(|w| w.starts_with("matrix.rows: the instructions"))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            with("With the scheduler and the API server down, how many run?"),
            ["matrix.rows: the instructions say API server and scheduler down, but the failure-matrix rows do not run so: each runs the lesson's events (collector scaled to 5, copy collector-2 reported dead, node m4 joins) with only its own parts down from the start, whatever the instructions say"]
        );
        // No part named, or no part down: nothing to disagree with.
        assert!(with("For each part taken down, predict the cells.").is_empty());
        assert!(with("The scheduler places copies.").is_empty());
        assert!(with("The scheduler breaks down...").len() == 1);
    }

    #[test]
    fn answers_a_student_can_copy_from_the_lesson_are_said() {
        let run = r#""predict": ["steps", "reads"], "ask": [{"writers": "copy/collector-4"}]"#;
        let want = "scenario: every answer is the lesson's own";
        assert!(said(run)[0].starts_with(want), "{:?}", said(run));
        // The lesson's run written out with changes that change nothing is still the lesson's.
        let same = r#""scenario": {"changes": {"node/m3": {"capacity": 4, "health": "alive"}}, "requests": [{"key": "service/collector", "value": {"desired": 5}}]}, "predict": ["steps"]"#;
        assert!(said(same)[0].starts_with(want));
        let matrix = r#""matrix": {"rows": ["-", "scheduler"], "cells": ["scale", "rd"]}"#;
        assert!(said(matrix)[0]
            .starts_with("matrix.rows: every cell asked is one the lesson's failure matrix prints"));
        // A row the lesson does not print, a repair, or another run: something new.
        for rest in [
            r#""matrix": {"rows": ["-", "node agents"]}"#,
            r#""predict": ["steps"], "ask": [{"repair": "scheduler", "cell": "scale"}]"#,
            &format!(r#"{CHANGED}, "predict": ["steps"]"#),
        ] {
            assert_eq!(said(rest), Vec::<String>::new(), "{rest}");
        }
    }

    #[test]
    fn retries_with_the_answers_revealed_are_said() {
        let rest = format!(r#"{CHANGED}, "predict": ["steps"], "retries": 2"#);
        assert_eq!(
            said(&rest),
            ["retries: 2 retries with \"reveal\": true: a student who has seen the answers can start over and copy them; set \"reveal\": false or \"retries\": 0"]
        );
        assert_eq!(said(&format!(r#"{rest}, "reveal": false"#)), Vec::<String>::new());
    }

    #[test]
    fn the_warnings_are_the_tables_texts() {
        let pseudo = crate::messages::EN_CHECK.map(|t| Box::leak(format!("<{t}>").into_boxed_str()));
        let w = Warning::RoundPastEnd { at: 3, round: 9, last: 2 };
        assert_eq!(
            w.text(&pseudo),
            "ask[3].round: <round 9 is past the run's last round, 2, so its answer is 0>"
        );
    }
}
