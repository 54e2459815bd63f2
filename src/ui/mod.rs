//! The lab in the browser. It plays back what the model recorded and computes no rule itself:
//! every component reads the recording and the cursor of one [`Lab`].

#[cfg(feature = "assignments")]
mod assignment_acts;
#[cfg(feature = "assignments")]
mod assignment_panel;
#[cfg(feature = "assignments")]
mod assignments;
mod believed_actual;
mod browser;
#[cfg(feature = "assignments")]
mod choice;
mod controls;
mod crash;
mod diagram;
/// The explorer build's page: list mode beside watch mode, and the scale explorer.
#[cfg(feature = "explore")]
pub mod explore;
#[cfg(feature = "explore")]
mod explore_plot;
#[cfg(feature = "explore")]
mod explore_worker;
mod failure_matrix;
// The workbench uses only its file reading and download, the reviewer only its file reading.
#[cfg(any(feature = "assignments", feature = "workbench", feature = "review"))]
#[cfg_attr(not(feature = "assignments"), allow(dead_code))]
mod files;
mod helpers;
mod host;
/// The real control plane's page (`?kube=1`).
#[cfg(feature = "kube")]
pub mod kube;
mod lab;
mod later;
#[cfg(feature = "assignments")]
mod lms;
mod load_chart;
#[cfg(feature = "review")]
mod report_review;
#[cfg(feature = "assignments")]
mod reveal;
mod review_place;
mod scenario_picker;
mod share_link;
mod store_view;
mod trace_table;
#[cfg(feature = "assignments")]
mod work;
#[cfg(feature = "workbench")]
pub mod workbench;
mod world_view;

pub use believed_actual::BelievedActual;
pub use controls::Controls;
pub use diagram::Diagram;
pub use failure_matrix::FailureMatrix;
pub use lab::Lab;
pub use scenario_picker::ScenarioPicker;
pub use store_view::StoreView;
pub use trace_table::TraceTable;

use crate::messages::{self, fill, Messages};
use crate::model::Run;
use crate::teaching::share::{self, Shared};
use helpers::live;
use leptos::prelude::*;

/// Mounts the lab into the page body.
pub fn mount() {
    crash::arm();
    // The shell index.html shows until the lab arrives leaves in the same task as the lab
    // mounts: the page never shows both, nor neither.
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(shell) = document.and_then(|d| d.get_element_by_id("shell")) {
        shell.remove();
    }
    leptos::mount::mount_to_body(App);
    crash::self_test();
}

/// The whole lab, in the language `?lang=` names (English when the lab has no table for it).
#[component]
pub fn App() -> impl IntoView {
    let (t, missing) = page_messages();
    view! { <LabPage t missing /> }
}

/// The table of the language `?lang=` names (English when there is none), and the asked-for
/// code when the lab has no table for it.
fn page_messages() -> (&'static Messages, Option<String>) {
    let asked = browser::query("lang");
    let found = asked.as_deref().and_then(messages::for_lang);
    (found.unwrap_or(&messages::EN), asked.filter(|_| found.is_none()))
}

/// The lab with every text from `t`. `missing` is a `?lang=` the lab has no table for.
#[component]
pub fn LabPage(t: &'static Messages, missing: Option<String>) -> impl IntoView {
    speak_language(t);
    let lab = Lab::with_messages(t);
    let _keys = controls::shortcuts(lab);
    let params = browser::params();
    let (shared, mut link_notices) = shared_link(&params, t);
    if let Some(lang) = missing {
        link_notices.push(fill(t.lang_missing, &[("lang", &lang)]));
    }
    let embed = browser::query("embed").is_some_and(|v| v != "0");
    provide_context(reporting_host(t, embed, &mut link_notices));
    // With an assignment named (or a sandbox's scenario), the link applies once it has loaded
    // (and sealed what it asks).
    // The plain lab never opens one: boot.js loads the assignments build for those pages.
    #[cfg(feature = "assignments")]
    let assignment_named = named(&params, &["a", "assignment", "s"]);
    #[cfg(not(feature = "assignments"))]
    let assignment_named = false;
    if shared.run != Some(Run::Given) && !assignment_named {
        apply_shared(lab, &shared);
    }
    // The assignment's run, with no assignment to run: said, not dropped.
    if shared.run == Some(Run::Given) && !assignment_named {
        link_notices.push(t.run_nothing_given.to_string());
    }
    let predictions: share_link::Predictions = RwSignal::new(None);
    let assignment = assignment_area(lab, shared, predictions);
    let class = page_class(embed);
    view! {
        <main class=class data-testid="lab">
            <header>
                <h1>{t.title}</h1>
                <p>{t.intro}</p>
            </header>
            {(!link_notices.is_empty()).then(|| view! {
                <div class="notice" role="status" data-testid="link-notices">
                    {link_notices.into_iter().map(|n| view! { <p>{n}</p> }).collect_view()}
                </div>
            })}
            <div class="top">
                <ScenarioPicker lab />
                {move || lab.problem().map(|p| view! { <p class="notice" role="status" data-testid="run-problem">{p}</p> })}
                <Controls lab />
            </div>
            <Narration lab />
            <div class="stage">
                <div class="left">
                    {later::diagram(lab)}
                </div>
                <div class="right" class:reading=move || lab.reading_panels()>
                    {later::trace(lab)}
                    <div class="panels" data-testid="panels">
                        <Switcher t />
                        {assignment}
                        {later::panels(lab, t, predictions)}
                    </div>
                </div>
            </div>
        </main>
    }
}

/// The host page the lab reports to, started, where the address names one; where it names one
/// that cannot be reported to, why is told to the host and added to `notices`.
fn reporting_host(t: &'static Messages, embed: bool, notices: &mut Vec<String>) -> Option<host::Host> {
    match host::Host::from_url(t) {
        Ok(host) => {
            host.start(embed, t.lang);
            Some(host)
        }
        Err((why, notice)) => {
            notices.extend(notice);
            host::tell_not_reporting(why);
            None
        }
    }
}

/// The page's class. Embedded, the course page either lets the frame follow the lab's height
/// (the default) or sets the frame's height itself (`height=fixed`): then the lab is one screen
/// that scrolls inside its own panels, as it is in a window of its own.
fn page_class(embed: bool) -> &'static str {
    let fixed = browser::query("height").is_some_and(|v| v == "fixed");
    match (embed, fixed) {
        (false, _) => "lab",
        (true, true) => "lab embed",
        (true, false) => "lab embed flow",
    }
}

/// The page itself speaks the table's language: its lang attribute and its title.
fn speak_language(t: &'static Messages) {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        if let Some(root) = document.document_element() {
            let _ = root.set_attribute("lang", t.lang);
        }
        document.set_title(t.title);
    }
}

/// What the address shares (a run, parts down, a step, predictions), and the notices about what
/// it names that the page cannot use.
fn shared_link(params: &[(String, String)], t: &'static Messages) -> (Shared, Vec<String>) {
    let (shared, notices) = share::parse(params, t);
    #[cfg(feature = "assignments")]
    let (shared, notices) = with_predictions(params, t, shared, notices);
    (shared, notices)
}

/// Whether the address has any of the parameters `names` (the assignments build asks).
#[cfg(feature = "assignments")]
fn named(params: &[(String, String)], names: &[&str]) -> bool {
    params.iter().any(|(k, _)| names.contains(&k.as_str()))
}

/// The predictions a link shares: they belong to an assignment, so without one named they go
/// nowhere, and say so.
#[cfg(feature = "assignments")]
fn with_predictions(
    params: &[(String, String)],
    t: &'static Messages,
    shared: Shared,
    mut notices: Vec<String>,
) -> (Shared, Vec<String>) {
    let (predictions, notice) = share::predictions(params, t, assignment_texts(t));
    notices.extend(notice);
    let named = named(params, &["a", "assignment"]);
    if predictions.is_some() && !named {
        let why = assignment_texts(t).link_predictions_alone;
        notices.push(fill(t.link_ignored, &[("name", &"p"), ("why", &why)]));
    }
    (Shared { predictions: predictions.filter(|_| named), ..shared }, notices)
}

/// Links to the panels beside the trace: on a wide screen they sit in one box that scrolls, and a
/// link brings its panel into view there (the page itself does not move); on a phone, where the
/// panels follow one another down the page, the same links jump down to them. Plain links, so the
/// switch costs the page no code.
#[component]
fn Switcher(t: &'static Messages) -> impl IntoView {
    let panels = [
        ("#store-title", t.nav_store),
        ("#world-title", t.nav_world),
        ("#believed-title", t.nav_believed),
        ("#matrix-title", t.nav_matrix),
        ("#load-title", t.nav_load),
        ("#glossary", t.nav_words),
        // The page of the real control plane (issue 30): a build of its own, loaded on demand.
        ("?kube=1", t.nav_kube),
    ];
    view! {
        <nav class="switcher" aria-label=t.panels_label>
            {panels.into_iter().map(|(href, name)| view! { <a href=href>{name}</a> }).collect_view()}
        </nav>
    }
}

/// The assignment texts a page shows, in the assignments and review builds: those an enclosing
/// component provides (a test's pseudo-language), else the table of the page's language.
#[cfg(any(feature = "assignments", feature = "review"))]
#[derive(Clone, Copy)]
pub struct AssignmentTexts(pub &'static messages::AssignmentMessages);

#[cfg(any(feature = "assignments", feature = "review"))]
fn assignment_texts(t: &Messages) -> &'static messages::AssignmentMessages {
    use_context::<AssignmentTexts>().map_or_else(|| messages::assignment_texts(t), |c| c.0)
}

/// Shows the run, downed part and step a share link names.
fn apply_shared(lab: Lab, shared: &Shared) {
    let run = shared.run.unwrap_or_else(|| untrack(|| lab.run()));
    if shared.run.is_some() || shared.down.is_some() {
        lab.switch(run, shared.down.unwrap_or_else(|| untrack(|| lab.down())));
    }
    if let Some(step) = shared.step {
        lab.go_to(step);
    }
}

/// The assignment the page names, once loaded, with what a share link adds to it.
#[cfg(feature = "assignments")]
fn assignment_area(lab: Lab, shared: Shared, predictions: share_link::Predictions) -> impl IntoView {
    assignments::load(lab, shared, predictions)
}

/// The plain build never sees an assignment: boot.js loads the other build for those pages.
#[cfg(not(feature = "assignments"))]
fn assignment_area(_: Lab, _: Shared, _: share_link::Predictions) -> impl IntoView {}

/// The status strip and the step sentence, always visible, and the one polite live region,
/// present from the start, which stays quiet while playing so a screen reader is not flooded.
#[component]
pub fn Narration(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let sentence = move || {
        let frame = lab.frame();
        let said = |changes: Vec<String>| changes.join("; ");
        let mut sentence = String::new();
        if !frame.changes.is_empty() {
            let changes = said(frame.changes.iter().map(|c| t.change(c)).collect());
            sentence = fill(t.changes_at, &[("round", &frame.round), ("changes", &changes)]) + " ";
        }
        sentence += &if frame.len == 0 && frame.at_end() {
            t.run_nothing_acts.to_string()
        } else {
            t.narrate(frame.step.as_ref(), frame.cursor, &controls::total(lab))
        };
        if let Some((next, coming)) = frame.coming() {
            let changes = said(coming.iter().map(|c| t.change(c)).collect());
            sentence += &fill(t.changes_next, &[("round", &next), ("changes", &changes)]);
        }
        sentence
    };
    let status = move || {
        let frame = lab.frame();
        let totals = frame.totals();
        let own = frame.round_totals();
        fill(
            t.status_strip,
            &[
                ("step", &frame.cursor),
                ("total", &controls::total(lab)),
                ("round", &frame.round),
                ("round_reads", &own.item_reads),
                ("round_writes", &own.writes),
                ("reads", &totals.item_reads),
                ("writes", &totals.writes),
                ("revision", &frame.revision),
            ],
        )
    };
    let spoken = move || if lab.playing() && !lab.frame().at_end() { String::new() } else { sentence() };
    view! {
        <div class="now">
            <p class="status" data-testid="status-strip">{live(status)}</p>
            <p class="narration" data-testid="step-sentence">{live(sentence)}</p>
            <p class="visually-hidden" aria-live="polite" role="status" data-testid="narration">{live(spoken)}</p>
        </div>
    }
}

/// The words and marks a student meets, explained once, each from the table. Plain list items of
/// text, the same shape as the page's other lists (each new shape costs the page its own code).
#[component]
fn Glossary(t: &'static Messages) -> impl IntoView {
    let lines = [
        t.gloss_items,
        t.gloss_rd,
        t.gloss_wr,
        t.gloss_round,
        t.gloss_healthy,
        t.gloss_verdicts,
        t.gloss_believed,
        t.gloss_nodes,
        t.gloss_node_column,
        t.gloss_traffic,
        t.gloss_reads,
        t.gloss_kubernetes,
        t.gloss_tokens,
        t.gloss_marks,
    ];
    view! {
        <details class="glossary" id="glossary" data-testid="glossary">
            <summary>{t.glossary_title}</summary>
            <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
        </details>
    }
}
