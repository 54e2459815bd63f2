//! The teacher's workbench (issue 21), a build of its own (`lab_teach`, feature `teach`) that
//! boot.js loads for `?teach=1`: the plain lab's first load carries none of it. It edits a
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
mod services;
mod timeline;

use crate::messages::{TeachMessages, EN_TEACH};
use crate::playback::LIMITS;
use crate::teaching::scenario_tables::{scenario_run, ScenarioRun};
use crate::teaching::workbench::{diagnose, Diagnosis, Draft, Note, NoteKind, Section};
use leptos::prelude::*;

/// The draft being edited and what it is checked as, shared by the page's parts.
#[derive(Clone, Copy)]
pub struct Bench {
    /// The assignment as the teacher left it.
    pub draft: RwSignal<Draft>,
    /// The draft checked (the file, its notes, its answer key).
    pub checked: Memo<Diagnosis>,
    /// The draft's scenario run: its counts, trace and the names it writes (none while the
    /// scenario has an error).
    pub run: Memo<Option<ScenarioRun>>,
    /// The workbench's texts.
    pub w: &'static TeachMessages,
    /// Why the draft is not kept in this browser, when it cannot be (none: kept, or not asked).
    pub unsaved: RwSignal<Option<String>>,
    /// Whether the page builds an assignment (the workbench): its draft is kept in this browser
    /// at every edit, and `cplab check`'s warnings, all about what students are asked, are shown.
    /// The sandbox has neither: its link keeps its scenario, and it asks nothing.
    pub assignment: bool,
}

impl Bench {
    /// The page's parts' shared state, for `draft`: its check and its run, each derived once.
    pub fn new(draft: RwSignal<Draft>, w: &'static TeachMessages) -> Bench {
        let a = &crate::messages::EN_ASSIGNMENTS;
        let checked = Memo::new(move |_| draft.with(|d| diagnose(d, LIMITS, a, w)));
        let run = Memo::new(move |_| draft.with(|d| scenario_run(d, LIMITS, a)).ok());
        Bench { draft, checked, run, w, unsaved: RwSignal::new(None), assignment: false }
    }

    /// The same, for the page that builds an assignment (see [`Bench::assignment`]).
    pub fn for_assignment(draft: RwSignal<Draft>, w: &'static TeachMessages) -> Bench {
        Bench { assignment: true, ..Bench::new(draft, w) }
    }

    /// Changes the draft (the one way the page changes it), and keeps it.
    pub fn edit(self, f: impl FnOnce(&mut Draft)) {
        self.draft.update(f);
        if self.assignment {
            self.unsaved.set(self.draft.with_untracked(|d| saved::keep(d, self.w)).err());
        }
    }

    /// Replaces the draft (a new one, or one opened), and keeps it.
    pub fn replace(self, draft: Draft) {
        self.edit(|d| *d = draft);
    }
}

/// Mounts the workbench into the page body.
pub fn mount() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
    }));
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(shell) = document.as_ref().and_then(|d| d.get_element_by_id("shell")) {
        shell.remove();
    }
    // The students' sandbox is the same build: its scenario tables without the assignment.
    let sandbox = crate::ui::browser::query("sandbox").is_some();
    if let Some(d) = document {
        d.set_title(if sandbox { EN_TEACH.sandbox_title } else { EN_TEACH.title });
    }
    if sandbox {
        leptos::mount::mount_to_body(sandbox::SandboxPage);
    } else {
        leptos::mount::mount_to_body(TeachPage);
    }
}

/// The whole workbench.
#[component]
pub fn TeachPage() -> impl IntoView {
    let w = &EN_TEACH;
    let (start, restored) = saved::restored(w);
    let draft = RwSignal::new(start);
    let bench = Bench::for_assignment(draft, w);
    view! {
        <main class="lab teach" data-testid="teach">
            <header>
                <h1>{w.title}</h1>
                <p>{w.intro}</p>
            </header>
            {restored.map(|m| view! { <p class="notice" role="status" data-testid="draft-restored">{m}</p> })}
            {move || bench.unsaved.get().map(|m| view! { <p class="notice" role="alert" data-testid="draft-unsaved">{m}</p> })}
            <open::Open bench />
            <questions::Questions bench />
            <out::Out bench />
            <class::Class bench />
        </main>
    }
}

/// The notes of `section`, beside its field; `id` lets the field name them (aria-describedby).
#[component]
pub fn Notes(bench: Bench, section: Section, id: String) -> impl IntoView {
    let w = bench.w;
    let notes = Memo::new(move |_| bench.checked.with(|c| c.at(&section, bench.assignment)));
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
pub fn has_error(bench: Bench, section: &Section) -> bool {
    bench.checked.with(|c| c.notes.iter().any(|n| n.kind == NoteKind::Error && &n.section == section))
}
