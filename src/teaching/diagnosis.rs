//! The workbench's draft checked (issue 21): every message placed beside the field it names
//! ([`Section::of`]), as an error, a step still to take, or `cplab check`'s warning ([`diagnose`]).

use super::assignment::Item;
use super::warnings::{check, Checked};
use super::workbench::{typed_number, Draft};
use crate::formats::assignment_json;
use crate::formats::json::{quoted, whole, InputError};
use crate::messages::{AssignmentMessages, WorkbenchMessages};
use crate::model::Limits;
use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet};

/// The largest tolerance the format takes.
const MAX_TOLERANCE: u64 = 1_000_000;

/// Where a message is shown: the part of the workbench its field belongs to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    /// The document as a whole (a version, a file too large).
    Whole,
    /// The title field.
    Title,
    /// The instructions field.
    Instructions,
    /// The scenario.
    Scenario,
    /// One of the scenario's requests, by its place.
    Request(usize),
    /// One of the scenario's changes to the starting state, by its key.
    Change(String),
    /// One entry of the scenario's timeline, by its place.
    Event(usize),
    /// The counts ticked.
    Predict,
    /// The failure-matrix rows and cells.
    Matrix,
    /// One question of `ask`, by its place.
    Ask(usize),
    /// One tolerance, by its key.
    Tolerance(String),
    /// The reveal switch.
    Reveal,
    /// The retries field.
    Retries,
}

impl Section {
    /// The section a field path (`ask[2].round`, `tolerance["reads"]`) belongs to, among the
    /// tolerance keys of `draft`.
    pub fn of(path: &str, draft: &Draft) -> Section {
        let head = path.split(['.', '[']).next().unwrap_or("");
        match head {
            "title" => Section::Title,
            "instructions" => Section::Instructions,
            "scenario" if path.starts_with("scenario.changes[") => draft
                .scenario
                .as_ref()
                .and_then(|s| s.get("changes"))
                .and_then(Json::as_object)
                .and_then(|c| change_key(path, c))
                .map_or(Section::Scenario, |k| Section::Change(k.clone())),
            "scenario" if path.starts_with("scenario.timeline[") => {
                place(&path["scenario.timeline[".len()..]).map_or(Section::Scenario, Section::Event)
            }
            "scenario" => path
                .strip_prefix("scenario.requests[")
                .and_then(place)
                .map_or(Section::Scenario, Section::Request),
            "predict" => Section::Predict,
            "matrix" => Section::Matrix,
            "reveal" => Section::Reveal,
            "retries" => Section::Retries,
            "ask" => path["ask[".len().min(path.len())..]
                .split(']')
                .next()
                .and_then(|n| n.parse().ok())
                .map_or(Section::Predict, Section::Ask),
            "tolerance" => draft
                .tolerance
                .iter()
                .find(|(k, _)| tolerance_field(k) == path)
                .map_or(Section::Whole, |(k, _)| Section::Tolerance(k.clone())),
            _ => Section::Whole,
        }
    }
}

/// The key of `changes` the field `path` (`scenario.changes["copy/a"].node`) belongs to. A key
/// that needs no escape is looked up at once (a thousand notes on a thousand changes cost a
/// thousand look-ups); one written with escapes is found among them all.
fn change_key<'c>(path: &str, changes: &'c serde_json::Map<String, Json>) -> Option<&'c String> {
    let names = |k: &str| {
        let field = format!("scenario.changes[{}]", quoted(k));
        path == field || path.starts_with(&format!("{field}."))
    };
    let plain = path.strip_prefix("scenario.changes[\"").and_then(|rest| rest.split("\"]").next());
    match plain.and_then(|k| changes.get_key_value(k)).filter(|(k, _)| names(k)) {
        Some((k, _)) => Some(k),
        None => changes.keys().find(|k| names(k)),
    }
}

/// The place that starts `rest` (`2].round` -> 2).
fn place(rest: &str) -> Option<usize> {
    rest.split(']').next().and_then(|n| n.parse().ok())
}

/// Whether any of `notes` is an error (a field wrong as typed).
fn any_error(notes: &[Note]) -> bool {
    notes.iter().any(|n| n.kind == NoteKind::Error)
}

/// The field path of the tolerance for `key`, as errors and warnings name it.
pub fn tolerance_field(key: &str) -> String {
    format!("tolerance[{}]", quoted(key))
}

/// What a note is: each blocks handing out but a warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// A field is wrong as typed: no file can be made until it is fixed.
    Error,
    /// A field still to fill in (a title, something to predict): no file yet, but nothing is
    /// wrong, so it is said as a step to take, not an error, before anything is typed.
    ToDo,
    /// `cplab check`'s warning: the file can be made, and may not mean what it says.
    Warning,
}

/// One message beside a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Where it is shown.
    pub section: Section,
    /// What it says (without the field's path: it stands beside the field).
    pub text: String,
    /// An error, a step still to take, or a warning.
    pub kind: NoteKind,
}

impl Note {
    /// Whether the note keeps the assignment from being handed out.
    pub fn blocks(&self) -> bool {
        self.kind != NoteKind::Warning
    }
}

/// A draft checked: the file, the messages, and (when it is a usable assignment) its answer key.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnosis {
    /// The file the draft writes.
    pub text: String,
    /// Errors first, then `cplab check`'s warnings, in its order.
    pub notes: Vec<Note>,
    /// The answer key with the warnings, when there is no error.
    pub checked: Option<Checked>,
}

impl Diagnosis {
    /// The answer key's items (none while the draft has an error).
    pub fn items(&self) -> &[Item] {
        self.checked.as_ref().map_or(&[], |c| c.items.as_slice())
    }

    /// The steps still to take, in the page's order (a title, something to predict).
    pub fn todos(&self) -> Vec<&str> {
        self.notes.iter().filter(|n| n.kind == NoteKind::ToDo).map(|n| n.text.as_str()).collect()
    }

    /// Whether a field is wrong as typed.
    pub fn has_errors(&self) -> bool {
        any_error(&self.notes)
    }

    /// The notes shown in `section`: `cplab check`'s warnings only with `warnings` (a page that
    /// builds an assignment; the sandbox asks nothing, and they are all about what is asked).
    pub fn at(&self, section: &Section, warnings: bool) -> Vec<Note> {
        let shown = |n: &&Note| &n.section == section && (warnings || n.kind != NoteKind::Warning);
        self.notes.iter().filter(shown).cloned().collect()
    }

    /// Every section's notes, as [`Diagnosis::at`] gives each, in one pass: a page of a thousand
    /// rows looks its row up rather than reading every note for each row.
    pub fn by_section(&self, warnings: bool) -> BTreeMap<Section, Vec<Note>> {
        let mut by: BTreeMap<Section, Vec<Note>> = BTreeMap::new();
        for n in self.notes.iter().filter(|n| warnings || n.kind != NoteKind::Warning) {
            by.entry(n.section.clone()).or_default().push(n.clone());
        }
        by
    }

    /// The sections with an error (their fields are marked invalid), in one pass.
    pub fn error_sections(&self) -> BTreeSet<Section> {
        self.notes.iter().filter(|n| n.kind == NoteKind::Error).map(|n| n.section.clone()).collect()
    }
}

/// Checks a draft as `cplab check` checks its file: every typed number on its own by the format's
/// rule (so each bad one is named at once), the scenario's fields each on their own, then the
/// whole file by the format's reader, then the warnings, from the same [`check`] the CLI calls,
/// within `limits`. A title or a question still to give is a step to take (`w`'s words), not an
/// error: the file is read with a stand-in title meanwhile, so every other field's error and
/// warning shows before the title is typed.
pub fn diagnose(draft: &Draft, limits: Limits, a: &AssignmentMessages, w: &WorkbenchMessages) -> Diagnosis {
    diagnosed(draft, limits, a, w, a.workbench_no_key)
}

/// The same for the students' sandbox, which asks nothing: a run past the browser's limits is
/// said as a run the CLI plays (`cplab run`), not as answers `cplab answer-key` works out.
pub fn diagnose_scenario(
    draft: &Draft,
    limits: Limits,
    a: &AssignmentMessages,
    w: &WorkbenchMessages,
) -> Diagnosis {
    diagnosed(draft, limits, a, w, a.sandbox_no_run_here)
}

/// [`diagnose`], a run past `limits` said by `no_run` (with `{why}`).
fn diagnosed(
    draft: &Draft,
    limits: Limits,
    a: &AssignmentMessages,
    w: &WorkbenchMessages,
    no_run: &str,
) -> Diagnosis {
    let text = draft.text();
    let mut notes = Vec::new();
    let note = |e: InputError, notes: &mut Vec<Note>| {
        let n = Note { section: Section::of(&e.path, draft), text: e.problem.text(a), kind: NoteKind::Error };
        if !notes.contains(&n) {
            notes.push(n);
        }
    };
    let untitled = assignment_json::untitled(&draft.title);
    let asks_nothing =
        assignment_json::asks_nothing(&draft.predict, draft.rows.len(), draft.cells.len(), &draft.ask);
    // Rows without cells (or cells without rows) ask nothing of the matrix: the step is the half
    // still to tick, rather than "choose what to predict" when the rest asks nothing either.
    let half = draft.rows.is_empty() != draft.cells.is_empty();
    for (todo, section, said) in [
        (untitled, Section::Title, w.todo_title),
        (asks_nothing && !half, Section::Predict, w.todo_predict),
        (half && draft.cells.is_empty(), Section::Matrix, w.todo_cells),
        (half && draft.rows.is_empty(), Section::Matrix, w.todo_rows),
    ] {
        if todo {
            notes.push(Note { section, text: said.to_string(), kind: NoteKind::ToDo });
        }
    }
    for (key, typed) in &draft.tolerance {
        if let Err(e) = whole(&typed_number(typed), &tolerance_field(key), 0, MAX_TOLERANCE) {
            note(e, &mut notes);
        }
    }
    // The scenario on its own too, every field that can be told apart: its errors show even
    // while another field has one, each beside its own row.
    if let Some(s) = &draft.scenario {
        for e in crate::formats::scenario_errors::every_error(s, "scenario") {
            note(e, &mut notes);
        }
    }
    if !draft.retries.trim().is_empty() {
        let most = u64::from(crate::formats::limits::MAX_RETRIES);
        if let Err(e) = whole(&typed_number(&draft.retries), "retries", 0, most) {
            note(e, &mut notes);
        }
    }
    let read = if untitled {
        assignment_json::parse(&Draft { title: w.untitled.to_string(), ..draft.clone() }.text())
    } else {
        assignment_json::parse(&text)
    };
    let checked = match read {
        // Asking nothing is the to-do above, said in the workbench's words.
        Err(e) if asks_nothing && e.path == "predict" => None,
        Err(e) => {
            note(e, &mut notes);
            None
        }
        Ok(_) if any_error(&notes) => None,
        Ok(assignment) => match check(&assignment, limits) {
            Ok(c) => {
                let said = crate::messages::check_texts(w.lang);
                for warning in &c.warnings {
                    let section = Section::of(&warning.field(), draft);
                    notes.push(Note { section, text: warning.said(said), kind: NoteKind::Warning });
                }
                (!notes.iter().any(Note::blocks)).then_some(c)
            }
            Err(limit) => {
                let text = crate::messages::fill(no_run, &[("why", &a.step_limit(&limit))]);
                notes.push(Note { section: Section::Scenario, text, kind: NoteKind::Error });
                None
            }
        },
    };
    Diagnosis { text, notes, checked }
}
