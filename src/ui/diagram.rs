//! The diagram: four components around the state store, each connected to the store and to
//! nothing else. The acting component lights up; a part that is down at the cursor looks down and
//! does nothing. Pressing a part takes it down, or brings it back, from the next round on.

use super::helpers::{live, with_lab};
use super::lab::Lab;
use crate::formats::html::Markup;
use crate::messages::{fill, Messages};
use crate::model::{Change, Op, Part, PartSet, Run, MATRIX_ORDER};
use crate::playback::Phase;
use leptos::prelude::*;

/// The four components and the store, and the controls that act on several parts or on the
/// node side. Clicking a part (or Enter / Space on it) takes it down or brings it back.
#[component]
pub fn Diagram(lab: Lab) -> impl IntoView {
    let t = lab.t;
    view! {
        <section class="diagram" aria-labelledby="diagram-title" data-testid="diagram">
            <h2 id="diagram-title">{t.diagram_title}</h2>
            <p class="hint">{t.diagram_hint}</p>
            <MatrixNote lab />
            <div class="plane" data-testid="plane">
                <PartBox lab part=Part::ApiServer area="api" />
                <PartBox lab part=Part::ControllerManager area="cm" />
                <PartBox lab part=Part::StateStore area="store" />
                <PartBox lab part=Part::Scheduler area="sched" />
                <PartBox lab part=Part::NodeAgents area="nodes" />
                <Link lab part=Part::ApiServer area="api" />
                <Link lab part=Part::ControllerManager area="cm" />
                <Link lab part=Part::Scheduler area="sched" />
                <Link lab part=Part::NodeAgents area="nodes" />
            </div>
            <TimelineControls lab />
        </section>
    }
}

fn slug(part: Part) -> &'static str {
    match part {
        Part::ApiServer => "api-server",
        Part::StateStore => "state-store",
        Part::Scheduler => "scheduler",
        Part::ControllerManager => "controller-manager",
        Part::NodeAgents => "node-agents",
    }
}

/// What a part's box says under its name: down, acting or up, and what pressing it does.
fn state_of(lab: Lab, part: Part) -> (bool, &'static str, &'static str) {
    let t = lab.t;
    let frame = lab.frame();
    let down = frame.down.contains(part);
    // Only a change at the next round is "next round": one further on is the trace's to tell.
    let coming =
        frame.coming().filter(|(round, _)| *round == frame.round + 1).map(|(_, c)| c).unwrap_or_default();
    let next = coming.iter().find_map(|c| match *c {
        Change::Up(p) if p == part => Some(t.part_back_next),
        Change::Down(p) if p == part => Some(t.part_down_next),
        _ => None,
    });
    let acting = frame.step.as_ref().is_some_and(|s| s.component == part);
    let state = if down {
        t.part_down
    } else if acting {
        t.part_acting
    } else {
        t.part_up
    };
    (down, state, next.unwrap_or(if down { t.part_bring_back } else { t.part_take_down }))
}

/// What a part reads every round it acts (the model's own list), so reads can be predicted.
fn lists(t: &Messages, part: Part) -> Option<String> {
    if part == Part::ApiServer {
        return Some(t.part_lists_api.to_string());
    }
    let prefixes: Vec<String> = part.lists().iter().map(|p| format!("{}*", p.as_str())).collect();
    (!prefixes.is_empty()).then(|| fill(t.part_lists, &[("prefixes", &prefixes.join(", "))]))
}

/// The token on `part`'s link at the cursor, when the step is `part`'s: a read travels from the
/// store with its item count, a write (or remove) to the store with its key, each said by a label
/// above the link. Its arrow points the way it goes, so with reduced motion, where it stands still mid-link, the direction
/// is still there. It travels under the boxes (the style sheet stacks them above the links), so
/// it never covers a component's text. It crosses the link in four fifths of a step at the playback speed (a class per
/// speed, in the style sheet); each step alternates two identical animations, so the next one
/// starts afresh. Escaped markup (see `formats::html`): a key is a teacher's text.
fn token(lab: Lab, part: Part, area: &str) -> String {
    let frame = lab.frame();
    let Some(step) = frame.step.as_ref().filter(|s| s.component == part && part != Part::StateStore) else {
        return String::new();
    };
    let read = step.op == Op::Read;
    // The API server and the controller manager stand left of the store, the scheduler and the
    // node agents right of it: a write points to the store, a read away from it.
    let left = matches!(area, "api" | "cm");
    let arrow = if left != read { '→' } else { '←' };
    let label = if read { lab.t.items(step.items) } else { step.key.to_string() };
    let class = format!(
        "token {} {} speed-{}",
        if read { "read" } else { "write" },
        if frame.cursor % 2 == 0 { "a" } else { "b" },
        lab.speed()
    );
    // The token travels the whole link, under the boxes; what it carries rides the link above
    // it, standing in the gap between the boxes, so it is read whole however long the key is.
    // The token's own copy of what it carries is not drawn (the style sheet hides it): it names
    // the token for whoever reads the markup.
    let said = format!("{arrow} {label}");
    let mut html = Markup::new();
    html.open("span", &[("class", &class), ("data-testid", "token")])
        .text(&arrow.to_string())
        .leaf("span", &[("class", "carried")], &said[arrow.len_utf8()..])
        .close("span");
    html.leaf("span", &[("class", "token-label"), ("data-testid", "token-label")], &said);
    html.finish()
}

/// One part of the diagram; the store also shows its revision and what the step does to it.
#[component]
fn PartBox(lab: Lab, part: Part, area: &'static str) -> impl IntoView {
    let t = lab.t;
    let state = move || state_of(lab, part);
    let acting = move || lab.frame().step.as_ref().is_some_and(|s| s.component == part);
    let store = part == Part::StateStore;
    let class = move || {
        format!(
            "part area-{area}{}{}{}",
            if store { " store" } else { "" },
            if state().0 { " down" } else { "" },
            if acting() { " acting" } else { "" }
        )
    };
    view! {
        <button
            class=live(class)
            data-testid=format!("part-{}", slug(part))
            aria-pressed=live(move || if state().0 { "true" } else { "false" })
            on:click=move |_| lab.press(PartSet::of(part))
        >
            <span class="name">{t.part(part)}</span>
            <span class="real">{t.real(part)}</span>
            <span class="state">{live(move || state().1)}</span>
            <span class="lists">{lists(t, part)}</span>
            {store.then(|| view! { <StoreLine lab t /> })}
            <span class="action">{live(move || state().2)}</span>
        </button>
    }
}

/// The link between `part` and the store: a line of its own in the diagram's grid, as long as the
/// gap between them, along which the step's token travels.
#[component]
fn Link(lab: Lab, part: Part, area: &'static str) -> impl IntoView {
    view! {
        <span class=format!("link link-{area}") data-testid=format!("link-{}", slug(part)) aria-hidden="true"
            inner_html=live(move || token(lab, part, area))></span>
    }
}

/// The store's revision and what the step at the cursor does to it.
#[component]
fn StoreLine(lab: Lab, t: &'static Messages) -> impl IntoView {
    let doing = move || {
        let frame = lab.frame();
        let step = frame.step.as_ref()?;
        Some(match step.op {
            Op::Read => fill(t.store_reading, &[("key", &step.key), ("items", &t.items(step.items))]),
            Op::Write => fill(t.store_writing, &[("key", &step.key)]),
            Op::Remove => fill(t.store_removing, &[("key", &step.key)]),
        })
    };
    view! {
        <span class="revision-line">{live(move || fill(t.revision, &[("n", &lab.frame().revision)]))}</span>
        <span class=move || doing_class(lab) data-testid="store-doing">{live(move || doing().unwrap_or_default())}</span>
    }
}

/// The store's line flashes on each write or remove: two identical animations alternate by step,
/// so the next write flashes afresh.
fn doing_class(lab: Lab) -> &'static str {
    let frame = lab.frame();
    match frame.step.as_ref().map(|s| s.op) {
        Some(Op::Write | Op::Remove) if frame.cursor % 2 == 0 => "doing wrote a",
        Some(Op::Write | Op::Remove) => "doing wrote b",
        _ => "doing",
    }
}

/// The whole control plane at once, and the node agents' second report.
#[component]
fn TimelineControls(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let plane_down = move || {
        let frame = lab.frame();
        PartSet::CONTROL_PLANE.parts().all(|p| frame.down.contains(p))
    };
    let gap = move || {
        let frame = lab.frame();
        !frame.ghosts.is_empty() || !frame.unseen.is_empty()
    };
    view! {
        <div class="timeline-controls">
            <button type="button" data-testid="whole-plane" aria-pressed=live(move || if plane_down() { "true" } else { "false" })
                on:click=with_lab(lab, |lab| lab.press(PartSet::CONTROL_PLANE))>
                {live(move || if plane_down() { t.plane_back } else { t.plane_down })}
            </button>
            <button type="button" data-testid="report-again" disabled=live(move || !gap())
                aria-describedby="report-state" on:click=with_lab(lab, |lab| lab.report_again())>
                {t.report_again}
            </button>
            <span id="report-state" class="hint">{live(move || if gap() { t.report_needed } else { t.report_not_needed })}</span>
        </div>
    }
}

/// Beside the diagram, when the parts pressed cannot fill a row of the failure matrix: why, and
/// a one-click switch to the run that fills the row of the parts down, when there is one.
#[component]
fn MatrixNote(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let note = move || {
        let (run, down, changed) = (lab.run(), lab.down(), lab.changed());
        let why = match run {
            Run::Events if changed && !lab.fills_row() => t.matrix_mid_run,
            Run::Events => return None,
            _ if down.is_empty() && !changed => return None,
            _ => t.matrix_other_run,
        };
        // The row to switch to: the parts down now, when the matrix has that row.
        let parts = lab.frame().down_next();
        let parts = if parts.is_empty() { down } else { parts };
        let switch = MATRIX_ORDER.contains(&parts).then(|| {
            let named = if parts.is_empty() { t.down_nothing.to_string() } else { t.down(parts) };
            let label = fill(t.matrix_switch, &[("down", &named)]);
            view! {
                <button type="button" data-testid="matrix-switch" on:click=move |_| lab.fill_row(parts, Phase::Run)>{label}</button>
            }
        });
        Some(view! {
            <p class="matrix-note" role="status" data-testid="matrix-note">{why} " " {switch}</p>
        })
    };
    view! { {note} }
}
