//! The teacher's workbench (issue 21), a build of its own (`lab_workbench`, feature `workbench`) that
//! boot.js loads for `?workbench=1`: the plain lab's first load carries none of it. It edits a
//! [`Draft`] and renders what `teaching::workbench`, `handout` and `class_review` derive; it
//! decides nothing itself.

mod ask_form;
mod class;
mod copies;
mod fields;
mod nodes;
mod open;
mod out;
mod questions;
mod requests;
mod run;
mod sandbox;
mod saved;
mod scenario;
mod services;
mod timeline;

use crate::messages::{WorkbenchMessages, EN_WORKBENCH};
use crate::playback::LIMITS;
use crate::teaching::diagnosis::diagnose_scenario;
use crate::teaching::scenario_tables::{scenario_run, ScenarioRun};
use crate::teaching::table_drawing::{after_task, table_lengths, Drawn, ALL_DRAWN};
use crate::teaching::workbench::{diagnose, Diagnosis, Draft, Note, NoteKind, Section};
use leptos::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// How long the workbench waits after an edit before it checks and runs the draft anew: a
/// keystroke changes the field at once, and the check and the run (a scenario of a thousand
/// copies runs for a good part of 200 ms) follow once the typing pauses. An assumption of this
/// lab, changeable here.
pub const SETTLE_MS: u32 = 150;

/// The draft being edited and what it is checked as, shared by the page's parts.
#[derive(Clone, Copy)]
pub struct Workbench {
    /// The assignment as the teacher left it.
    pub draft: RwSignal<Draft>,
    /// The draft as last checked and run: [`Workbench::draft`] once the typing has paused
    /// ([`SETTLE_MS`]), or at once when something is handed out ([`Workbench::settle`]); none until
    /// the page has mounted, so that drawing a thousand rows and checking and running them are
    /// two tasks, not one.
    settled: RwSignal<Option<Draft>>,
    /// The draft as last run: [`Workbench::settled`] one task later, so that checking a draft (its
    /// answer key is a run of the model) and running it for the page's run view are two tasks,
    /// never one (a scenario of a thousand copies runs for a good part of 200 ms each time).
    ran: RwSignal<Option<Draft>>,
    /// Edits not yet checked, so a pause checks only the last.
    edits: StoredValue<u64>,
    /// The draft checked (the file, its notes, its answer key).
    pub checked: Memo<Diagnosis>,
    /// The checked notes by the section they stand in (warnings only where the page shows them).
    notes: Memo<BTreeMap<Section, Vec<Note>>>,
    /// The sections with an error.
    errors: Memo<BTreeSet<Section>>,
    /// The draft's scenario run: its counts, trace and the names it writes (none while the
    /// scenario has an error, and until the draft checked has run, a task after its check).
    pub run: Memo<Option<ScenarioRun>>,
    /// The workbench's texts.
    pub w: &'static WorkbenchMessages,
    /// Why the draft is not kept in this browser, when it cannot be (none: kept, or not asked).
    pub unsaved: RwSignal<Option<String>>,
    /// Whether the page builds an assignment (the workbench): its draft is kept in this browser
    /// at every edit, and `cplab check`'s warnings, all about what students are asked, are shown.
    /// The sandbox has neither: its link keeps its scenario, and it asks nothing.
    pub assignment: bool,
    /// How many rows of each scenario table the page has drawn: a large scenario's rows are
    /// drawn a piece a task (`teaching::table_drawing`), so no task draws them all.
    drawn: RwSignal<Drawn>,
    /// The drawing under way, counted: a draft replaced starts a drawing of its own, which ends
    /// the one before.
    drawing: StoredValue<u64>,
}

impl Workbench {
    /// The page's parts' shared state, for `draft`: its check and its run, each derived once.
    pub fn new(draft: RwSignal<Draft>, w: &'static WorkbenchMessages) -> Workbench {
        Workbench::made(draft, w, false)
    }

    /// The same, for the page that builds an assignment (see [`Workbench::assignment`]).
    pub fn for_assignment(draft: RwSignal<Draft>, w: &'static WorkbenchMessages) -> Workbench {
        Workbench::made(draft, w, true)
    }

    fn made(draft: RwSignal<Draft>, w: &'static WorkbenchMessages, assignment: bool) -> Workbench {
        let a = &crate::messages::EN_ASSIGNMENTS;
        let settled = RwSignal::new(None);
        let check = if assignment { diagnose } else { diagnose_scenario };
        let unchecked = || Diagnosis { text: String::new(), notes: Vec::new(), checked: None };
        let checked = Memo::new(move |_| {
            settled.with(|d| d.as_ref().map_or_else(unchecked, |d| check(d, LIMITS, a, w)))
        });
        let ran = RwSignal::new(None);
        let run = Memo::new(move |_| ran.with(|d| d.as_ref().and_then(|d| scenario_run(d, LIMITS, a).ok())));
        let notes = Memo::new(move |_| checked.with(|c| c.by_section(assignment)));
        let errors = Memo::new(move |_| checked.with(Diagnosis::error_sections));
        let unsaved = RwSignal::new(None);
        let edits = StoredValue::new(0);
        let (drawn, drawing) = (RwSignal::new(ALL_DRAWN), StoredValue::new(0));
        let workbench = Workbench {
            draft,
            settled,
            ran,
            edits,
            checked,
            notes,
            errors,
            run,
            w,
            unsaved,
            assignment,
            drawn,
            drawing,
        };
        workbench.draw();
        // The first check in a task of its own, once the page is drawn.
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(0).await;
            workbench.settle();
        });
        workbench
    }

    /// Changes the draft (the one way the page changes it), and keeps it. Its check and run
    /// follow once the typing pauses, each in a task of its own.
    pub fn edit(self, f: impl FnOnce(&mut Draft)) {
        self.draft.update(f);
        if self.assignment {
            self.unsaved.set(self.draft.with_untracked(|d| saved::keep(d, self.w)).err());
        }
        self.edits.update_value(|n| *n += 1);
        let edit = self.edits.get_value();
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(SETTLE_MS).await;
            if self.edits.try_get_value() == Some(edit) {
                self.settle();
            }
        });
    }

    /// Checks the draft as it is now, if it was not yet: before anything is handed out. Its run
    /// follows in the next task ([`Workbench::ran`]).
    pub fn settle(self) {
        if self.draft.with_untracked(|d| self.settled.with_untracked(|s| s.as_ref() != Some(d))) {
            self.settled.set(Some(self.draft.get_untracked()));
            leptos::task::spawn_local(async move {
                gloo_timers::future::TimeoutFuture::new(0).await;
                self.run_settled();
            });
        }
    }

    /// Runs the draft last checked, if it has not run yet.
    fn run_settled(self) {
        let (Some(settled), Some(ran)) = (self.settled.try_get_untracked(), self.ran.try_get_untracked())
        else {
            return; // the page is gone
        };
        if settled != ran {
            self.ran.set(settled);
        }
    }

    /// Replaces the draft (a new one, or one opened), and keeps it; its tables are drawn anew.
    pub fn replace(self, draft: Draft) {
        self.edit(|d| *d = draft);
        self.draw();
    }

    /// Draws the scenario's tables from their first rows: at most `table_drawing::ROWS_PER_TASK`
    /// rows now, as many in each task after, until every row is drawn.
    fn draw(self) {
        let (mut at, first) = after_task(self.draft.with_untracked(table_lengths), 0);
        self.drawn.set(first);
        self.drawing.update_value(|n| *n += 1);
        if first == ALL_DRAWN {
            return;
        }
        let this = self.drawing.get_value();
        leptos::task::spawn_local(async move {
            loop {
                gloo_timers::future::TimeoutFuture::new(0).await;
                // Replaced meanwhile (or the page gone): that drawing is the one to finish.
                if self.drawing.try_get_value() != Some(this) {
                    return;
                }
                let now;
                (at, now) = after_task(self.draft.with_untracked(table_lengths), at);
                self.drawn.set(now);
                if now == ALL_DRAWN {
                    return;
                }
            }
        });
    }
}

/// Mounts the workbench into the page body.
pub fn mount() {
    // The same notice as every page's when it fails (a panic, or a trap, which the pages' builds
    // make of a panic too: scripts/env.sh); the workbench had none, and froze without a word.
    crate::ui::crash::arm();
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(shell) = document.as_ref().and_then(|d| d.get_element_by_id("shell")) {
        shell.remove();
    }
    // The students' sandbox is the same build: its scenario tables without the assignment.
    let sandbox = crate::ui::browser::query("sandbox").is_some();
    if let Some(d) = document {
        d.set_title(if sandbox { EN_WORKBENCH.sandbox_title } else { EN_WORKBENCH.title });
    }
    if sandbox {
        leptos::mount::mount_to_body(sandbox::SandboxPage);
    } else {
        leptos::mount::mount_to_body(WorkbenchPage);
    }
    crate::ui::crash::self_test();
}

/// The whole workbench.
#[component]
pub fn WorkbenchPage() -> impl IntoView {
    let w = &EN_WORKBENCH;
    let (start, restored) = saved::restored(w);
    let draft = RwSignal::new(start);
    let workbench = Workbench::for_assignment(draft, w);
    view! {
        <main class="lab workbench" data-testid="workbench">
            <header>
                <h1>{w.title}</h1>
                <p>{w.intro}</p>
            </header>
            {restored.map(|m| view! { <p class="notice" role="status" data-testid="draft-restored">{m}</p> })}
            {move || workbench.unsaved.get().map(|m| view! { <p class="notice" role="alert" data-testid="draft-unsaved">{m}</p> })}
            <open::Open workbench />
            <questions::Questions workbench />
            <out::Out workbench />
            <class::Class workbench />
        </main>
    }
}

/// The notes of `section`, beside its field; `id` lets the field name them (aria-describedby).
#[component]
pub fn Notes(workbench: Workbench, section: Section, id: String) -> impl IntoView {
    let w = workbench.w;
    let notes = Memo::new(move |_| workbench.notes.with(|by| by.get(&section).cloned().unwrap_or_default()));
    view! {
        <div id=id class="notes" aria-live="polite">
            {move || notes.get().into_iter().map(|n: Note| {
                let (class, prefix) = match n.kind {
                    NoteKind::Error => ("error", w.error),
                    NoteKind::ToDo => ("todo", w.todo),
                    NoteKind::Warning => ("warning", w.warning),
                };
                view! { <p class=class data-testid="note"><strong>{prefix}</strong>" "{n.text}</p> }
            }).collect_view()}
        </div>
    }
}

/// Whether `section` has an error (its field is marked invalid; a step still to take is not).
pub fn has_error(workbench: Workbench, section: &Section) -> bool {
    workbench.errors.with(|e| e.contains(section))
}
