//! Loading the assignment a page names (`?a=CODE` or `?assignment=PATH`), or the students'
//! sandbox's scenario (`?s=CODE`), for the assignments build only.

use super::assignment_panel::{AssignmentPanel, Loaded, Work};
use super::lms::Lms;
use super::{apply_shared, browser, files, Lab};
use crate::formats::assignment_within::{self, Unread};
use crate::messages::{fill, AssignmentMessages};
use crate::model::{Run, TraceLimit};
use crate::playback::LIMITS;
use crate::teaching::report::decode_link;
use crate::teaching::review::MAX_ASSIGNMENT_BYTES;
use crate::teaching::sandbox::{linked_scenario, SANDBOX_QUERY};
use crate::teaching::share::Shared;
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Where the assignment comes from, as the page's URL says.
enum Source {
    /// No assignment: the free lab.
    None,
    /// `?a=CODE`: the assignment itself, encoded in the link.
    Inline(Result<String, crate::messages::Problem>),
    /// `?assignment=PATH`: a file next to the page.
    File(String),
    /// `?s=CODE` alone: a scenario from the students' sandbox, run with nothing asked.
    Scenario(String),
}

fn source() -> Source {
    if let Some(code) = browser::query("a") {
        return Source::Inline(decode_link(&code));
    }
    match (browser::query("assignment"), browser::query("s")) {
        (Some(path), _) => Source::File(path),
        (None, Some(code)) => Source::Scenario(code),
        (None, None) => Source::None,
    }
}

/// What the assignment area shows.
#[derive(Clone, PartialEq)]
enum Status {
    /// The file named is on its way: every run is sealed until it is read.
    Loading(String),
    /// The file has not come after [`FILE_SLOW_MS`]: said, and the runs stay sealed.
    Slow(String),
    Failed(String),
    /// A sandbox link whose scenario does not open: said, and the lab's own runs stay.
    ScenarioFailed(String),
    /// A sandbox link's scenario, running: the way back to edit it (the sandbox's link).
    Scenario(String),
    Ready,
}

/// How long the page waits for an assignment's file before it says the file has not come (it
/// keeps waiting, sealed): an assumption of this lab, not a figure of any server, changeable here.
const FILE_SLOW_MS: u32 = 10_000;

/// A loaded assignment, the student's work on it, and the LMS it reports to (if any).
type Ready = (Rc<Loaded>, Work, Option<Lms>);

/// Loads the assignment named by the URL (if any) and returns its panel. A share link's run,
/// step and predictions for the assignment apply once it has loaded.
pub(super) fn load(
    lab: Lab,
    shared: Shared,
    predictions: RwSignal<Option<RwSignal<BTreeMap<String, String>>>>,
) -> impl IntoView {
    let a = super::assignment_texts(lab.t);
    let status = RwSignal::new(None::<Status>);
    let loaded: StoredValue<Option<Ready>, LocalStorage> = StoredValue::new_local(None);
    let source = source();
    if let Source::Scenario(code) = &source {
        open_linked(lab, code, status, &shared);
    }
    let to = Page { lab, status, loaded, predictions, a };
    let accept = move |text: Result<String, String>, origin: String| {
        match text.and_then(|text| read(text, &origin, a)) {
            Ok(l) => to.start(l, shared),
            // Nothing to predict: the lab below is the plain lab again, and says why.
            Err(why) => {
                lab.seal_runs(false);
                status.set(Some(Status::Failed(why)));
            }
        }
    };
    // An assignment named: no run plays before it is read (a file may come seconds after the
    // lab's wasm; a link's is read in the next task).
    if matches!(source, Source::Inline(_) | Source::File(_)) {
        lab.seal_runs(true);
    }
    match source {
        Source::None | Source::Scenario(_) => {}
        Source::Inline(text) => accept(
            text.map_err(|e| fill(a.assignment_link_broken, &[("why", &e.text(a))])),
            a.assignment_from_link.into(),
        ),
        Source::File(path) => fetch_file(path, status, accept, a),
    }
    move || shown(status.get(), loaded, lab, a)
}

/// The assignment's text read, refused with its reason (naming where it came from, `origin`)
/// when it is too large, not an assignment, or past what the browser plays.
fn read(text: String, origin: &str, a: &'static AssignmentMessages) -> Result<Loaded, String> {
    // Larger than any assignment the browser can play: refused unread, which also keeps every
    // report the lab writes within what its reviewer reads.
    if text.len() > MAX_ASSIGNMENT_BYTES {
        let why = fill(a.e_assignment_browser_too_large, &[("mib", &(MAX_ASSIGNMENT_BYTES >> 20))]);
        return Err(fill(a.assignment_not_usable, &[("origin", &origin), ("why", &why)]));
    }
    // A starting state past the store's limit is refused as it is read, at its first key too
    // many: its run would stop before its first step.
    let no_key = |e: TraceLimit| {
        let why = a.step_limit(&e);
        let (steps, items, keys) = (&LIMITS.steps, &LIMITS.item_reads, &LIMITS.keys);
        let args: [(&str, &dyn std::fmt::Display); 5] =
            [("origin", &origin), ("why", &why), ("steps", steps), ("items", items), ("keys", keys)];
        fill(a.assignment_no_key, &args)
    };
    let assignment = assignment_within::parse_within(&text, LIMITS.keys).map_err(|e| match e {
        Unread::Input(e) => fill(a.assignment_not_usable, &[("origin", &origin), ("why", &e.text(a))]),
        Unread::Store(keys) => no_key(TraceLimit::Keys(keys)),
    })?;
    let items = assignment.answer_key_within(LIMITS).map_err(no_key)?;
    Ok(Loaded { assignment, text, items })
}

/// What an assignment, once read, sets going on the page.
#[derive(Clone, Copy)]
struct Page {
    lab: Lab,
    status: RwSignal<Option<Status>>,
    loaded: StoredValue<Option<Ready>, LocalStorage>,
    predictions: RwSignal<Option<RwSignal<BTreeMap<String, String>>>>,
    a: &'static AssignmentMessages,
}

impl Page {
    /// Starts the assignment read: its saved work, its LMS, its run sealed, a link's run and
    /// predictions applied. The answer key was this task's work (one run of the model); the lab
    /// records the assignment's run in the next task, so no single task holds the page for both
    /// (the largest run the browser takes cost over 200 ms as one).
    fn start(self, l: Loaded, shared: Shared) {
        let Page { lab, status, loaded, predictions, a } = self;
        let t = lab.t;
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(0).await;
            let work = Work::restore(&l.text, t, a);
            // Launched by an LMS (a SCORM package): the session starts with the saved work.
            let lms = super::lms::connect(work);
            lab.load_given(l.assignment.scenario.clone());
            lab.name_given(fill(a.picker_assignment, &[("title", &l.assignment.title)]));
            // A matrix assignment is about the failure-matrix events: that run is shown.
            if !l.assignment.asks_about_its_run() {
                lab.switch(Run::Events, crate::model::PartSet::NONE);
            }
            // Until the predictions are locked (for good, when answers are never shown), no
            // run may show what the assignment asks.
            if !work.locked.get_untracked() || !l.assignment.reveal {
                lab.seal(Some(Rc::new(l.assignment.clone())));
            } else {
                lab.seal_runs(false);
            }
            // A link's run, parts and step, once the assignment's run exists (a sealed run
            // stays at step 0 all the same).
            if shared.run.is_some() {
                apply_shared(lab, &shared);
            }
            if let Some(p) = &shared.predictions {
                work.adopt(p.clone());
            }
            predictions.set(Some(work.predictions));
            loaded.set_value(Some((Rc::new(l), work, lms)));
            status.set(Some(Status::Ready));
        });
    }
}

/// Asks for the assignment's file at `path` and hands its text to `accept`; said to be slow
/// after [`FILE_SLOW_MS`] while it has not come.
fn fetch_file(
    path: String,
    status: RwSignal<Option<Status>>,
    accept: impl FnOnce(Result<String, String>, String) + 'static,
    a: &'static AssignmentMessages,
) {
    status.set(Some(Status::Loading(path.clone())));
    let waited = path.clone();
    leptos::task::spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(FILE_SLOW_MS).await;
        if status.get_untracked() == Some(Status::Loading(waited.clone())) {
            status.set(Some(Status::Slow(waited)));
        }
    });
    leptos::task::spawn_local(async move {
        let text = files::fetch_text(&path, a).await;
        accept(text, fill(a.assignment_from_file, &[("path", &path)]));
    });
}

/// What the assignment area shows for `status`.
fn shown(
    status: Option<Status>,
    loaded: StoredValue<Option<Ready>, LocalStorage>,
    lab: Lab,
    a: &'static AssignmentMessages,
) -> Option<AnyView> {
    match status {
        None => None,
        Some(Status::Loading(path)) => Some(
            view! {
                <p class="notice" role="status" data-testid="assignment-loading">
                    {fill(a.assignment_loading, &[("path", &path)])}
                </p>
            }
            .into_any(),
        ),
        Some(Status::Slow(path)) => {
            let seconds = FILE_SLOW_MS / 1000;
            let said = fill(a.assignment_slow, &[("path", &path), ("seconds", &seconds)]);
            Some(
                view! { <p class="notice" role="alert" data-testid="assignment-loading">{said}</p> }
                    .into_any(),
            )
        }
        Some(Status::Failed(why)) => Some(
            view! {
                <section class="assignment-error" role="alert" data-testid="assignment-error">
                    <h2>{a.assignment_unusable}</h2>
                    <p>{why}</p>
                    <p>{a.assignment_unusable_hint}</p>
                </section>
            }
            .into_any(),
        ),
        Some(Status::Scenario(back)) => Some(
            view! { <p class="hint"><a href=back data-testid="sandbox-edit">{a.sandbox_edit}</a></p> }
                .into_any(),
        ),
        Some(Status::ScenarioFailed(why)) => Some(
            view! { <p class="notice" role="alert" data-testid="sandbox-link-broken">{why}</p> }.into_any(),
        ),
        Some(Status::Ready) => loaded.get_value().map(|(l, work, lms)| {
            let l = StoredValue::new_local(l);
            view! { <AssignmentPanel lab loaded=l work lms /> }.into_any()
        }),
    }
}

/// Runs a sandbox link's scenario as the lab's given run, with a share link's run, parts and step.
/// Nothing is asked, so nothing is sealed. A link that does not open is said; the lab's own runs
/// stay.
fn open_linked(lab: Lab, code: &str, status: RwSignal<Option<Status>>, shared: &Shared) {
    let a = super::assignment_texts(lab.t);
    match linked_scenario(code, a) {
        Ok(scenario) => {
            lab.load_given(scenario);
            lab.name_given(a.picker_sandbox.to_string());
            // Relative: the same page, with the sandbox's query.
            let back = format!("{SANDBOX_QUERY}&s={code}");
            status.set(Some(Status::Scenario(back)));
            if shared.run.is_some() {
                apply_shared(lab, shared);
            }
        }
        Err(why) => status.set(Some(Status::ScenarioFailed(fill(a.sandbox_link_broken, &[("why", &why)])))),
    }
}
