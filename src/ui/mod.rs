//! The lab in the browser. It plays back what the model recorded and computes no rule itself:
//! every component reads the recording and the cursor of one [`Lab`].

mod assignment_panel;
mod believed_actual;
mod browser;
mod controls;
mod crash;
mod diagram;
mod failure_matrix;
mod host;
mod lab;
mod report_review;
mod scenario_picker;
mod share_link;
mod store_view;
mod trace_table;

pub use believed_actual::BelievedActual;
pub use controls::Controls;
pub use diagram::Diagram;
pub use failure_matrix::FailureMatrix;
pub use lab::{Lab, Play};
pub use scenario_picker::ScenarioPicker;
pub use store_view::StoreView;
pub use trace_table::TraceTable;

use crate::model::assignment::Assignment;
use crate::report::decode_link;
use crate::share::{self, Run, Shared};
use assignment_panel::{AssignmentPanel, Loaded, Work};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Mounts the lab into the page body.
pub fn mount() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        crash::show(&info.to_string());
    }));
    // A way to see the fallback on purpose (the end-to-end tests use it).
    if browser::query("selftest").as_deref() == Some("panic") {
        panic!("self-test: the lab was asked to fail");
    }
    leptos::mount::mount_to_body(App);
}

/// The whole lab.
#[component]
pub fn App() -> impl IntoView {
    let lab = Lab::new();
    // Shortcuts: space plays or pauses, arrows step, Home resets, End runs to the end; never
    // while the student is in a field (or on a control that uses the key itself).
    let _keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if typing(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let handled = match ev.key().as_str() {
            " " => {
                controls::toggle(lab);
                true
            }
            "ArrowRight" => {
                controls::forward(lab);
                true
            }
            "ArrowLeft" => {
                controls::back(lab);
                true
            }
            "Home" => {
                controls::reset(lab);
                true
            }
            "End" => {
                controls::pause(lab);
                lab.go_to(usize::MAX);
                true
            }
            _ => false,
        };
        if handled {
            ev.prevent_default();
        }
    });
    let (shared, mut link_notices) = share::parse(&browser::params());
    let embed = browser::query("embed").is_some_and(|v| v != "0");
    if let Some(lang) = browser::query("lang").filter(|l| l != "en") {
        link_notices.push(format!("The lab is in English only for now (lang \"{lang}\" was asked for)."));
    }
    let (host, host_notice) = host::Host::from_url();
    link_notices.extend(host_notice);
    if let Some(h) = &host {
        h.start(embed);
    }
    provide_context(host);
    if shared.run != Some(Run::Assignment) {
        apply_shared(lab, &shared);
    }
    let predictions = RwSignal::new(None);
    let assignment = load_assignment(lab, shared, predictions);
    view! {
        <main class=if embed { "lab embed" } else { "lab" } data-testid="lab">
            <header>
                <h1>"Control Plane Lab"</h1>
                <p>"Four components never call one another: they only read and write the state store, whose revision counts every write. Step through a request and count."</p>
            </header>
            {(!link_notices.is_empty()).then(|| view! {
                <div class="notice" role="status" data-testid="link-notices">
                    {link_notices.into_iter().map(|n| view! { <p>{n}</p> }).collect_view()}
                </div>
            })}
            {assignment}
            <ScenarioPicker lab />
            <Controls lab />
            <Narration lab />
            <div class="stage">
                <Diagram lab />
                <StoreView lab />
            </div>
            <BelievedActual lab />
            <TraceTable lab />
            <FailureMatrix lab />
            <share_link::ShareLink lab predictions />
            <report_review::ReportReview />
        </main>
    }
}

/// Where the assignment comes from, as the page's URL says.
enum Source {
    /// No assignment: the free lab.
    None,
    /// `?a=CODE`: the assignment itself, encoded in the link.
    Inline(Result<String, String>),
    /// `?assignment=PATH`: a file next to the page.
    File(String),
}

fn source() -> Source {
    if let Some(code) = browser::query("a") {
        return Source::Inline(decode_link(&code));
    }
    match browser::query("assignment") {
        Some(path) => Source::File(path),
        None => Source::None,
    }
}

/// What the assignment area shows.
#[derive(Clone, PartialEq)]
enum Status {
    Loading(String),
    Failed(String),
    Ready,
}

/// Shows the run, downed part and step a share link names.
fn apply_shared(lab: Lab, shared: &Shared) {
    let play = shared.run.unwrap_or_else(|| lab.play.get_untracked());
    if shared.run.is_some() || shared.down.is_some() {
        lab.switch(play, shared.down.unwrap_or_else(|| lab.down.get_untracked()));
    }
    if let Some(step) = shared.step {
        lab.go_to(step);
    }
}

/// Loads the assignment named by the URL (if any) and returns its panel. A share link's run,
/// step and predictions for the assignment apply once it has loaded.
fn load_assignment(
    lab: Lab,
    shared: Shared,
    predictions: RwSignal<Option<RwSignal<BTreeMap<String, String>>>>,
) -> impl IntoView {
    let status = RwSignal::new(None::<Status>);
    let loaded: StoredValue<Option<(Rc<Loaded>, Work)>, LocalStorage> = StoredValue::new_local(None);
    let accept = move |text: Result<String, String>, origin: String| {
        let parsed = text.and_then(|t| {
            let assignment =
                Assignment::from_json(&t).map_err(|e| format!("{origin} is not a usable assignment: {e}"))?;
            let items = assignment.answer_key().map_err(|e| format!("{origin}: {e}"))?;
            Ok(Loaded { assignment, text: t, items })
        });
        match parsed {
            Ok(l) => {
                let work = Work::restore(&l.text);
                lab.load_assignment(l.assignment.scenario.clone());
                if shared.run == Some(Run::Assignment) {
                    apply_shared(lab, &shared);
                }
                if let Some(p) = &shared.predictions {
                    work.adopt(p.clone());
                }
                predictions.set(Some(work.predictions));
                loaded.set_value(Some((Rc::new(l), work)));
                status.set(Some(Status::Ready));
            }
            Err(why) => status.set(Some(Status::Failed(why))),
        }
    };
    match source() {
        Source::None => {}
        Source::Inline(text) => accept(
            text.map_err(|e| format!("The assignment link is broken: {e}")),
            "The link's assignment".into(),
        ),
        Source::File(path) => {
            status.set(Some(Status::Loading(path.clone())));
            leptos::task::spawn_local(async move {
                let text = browser::fetch_text(&path).await.map_err(|e| format!("The assignment {e}"));
                accept(text, format!("\"{path}\""));
            });
        }
    }
    move || match status.get() {
        None => None,
        Some(Status::Loading(path)) => Some(
            view! { <p class="notice" role="status">{format!("Loading the assignment \"{path}\"…")}</p> }
                .into_any(),
        ),
        Some(Status::Failed(why)) => Some(
            view! {
                <section class="assignment-error" role="alert" data-testid="assignment-error">
                    <h2>"This assignment cannot be used"</h2>
                    <p>{why}</p>
                    <p>"The lab below still works; ask your teacher for a corrected link."</p>
                </section>
            }
            .into_any(),
        ),
        Some(Status::Ready) => loaded.get_value().map(|(l, work)| {
            let l = StoredValue::new_local(l);
            view! { <AssignmentPanel lab loaded=l work /> }.into_any()
        }),
    }
}

/// The one polite live region, present from the start: it narrates the step at the cursor.
#[component]
pub fn Narration(lab: Lab) -> impl IntoView {
    let text = move || {
        let recording = lab.recording();
        let cursor = lab.cursor.get();
        // While playing the region stays quiet, so a screen reader is not flooded.
        if lab.playing.get() && cursor < recording.len() {
            return String::new();
        }
        match cursor {
            0 => recording.narrate(usize::MAX),
            n => recording.narrate(n - 1),
        }
    };
    view! { <p class="narration" aria-live="polite" role="status" data-testid="narration">{text}</p> }
}

/// The header row of a table: one column header per name.
pub(crate) fn column_heads(names: &'static [&'static str]) -> impl IntoView {
    view! {
        <thead>
            <tr>{names.iter().map(|n| view! { <th scope="col">{*n}</th> }).collect_view()}</tr>
        </thead>
    }
}

/// Whether a key press belongs to a field or control that handles it itself.
fn typing(ev: &leptos::ev::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let tag = el.tag_name().to_ascii_lowercase();
    let own_key = matches!(tag.as_str(), "input" | "select" | "textarea")
        || el.get_attribute("contenteditable").is_some_and(|v| v != "false");
    // Space on a focused button presses that button; let the browser do it.
    let space_on_control = ev.key() == " " && matches!(tag.as_str(), "button" | "a" | "summary");
    own_key || space_on_control
}
