//! The diagram: four components around the state store, each connected to the store and to
//! nothing else. The acting component lights up; a down part looks down and does nothing.

use super::lab::Lab;
use crate::messages::fill;
use crate::model::{Op, Part};
use leptos::prelude::*;

/// The four components and the store. Clicking a part (or Enter / Space on it) takes it down.
#[component]
pub fn Diagram(lab: Lab) -> impl IntoView {
    let t = lab.t;
    view! {
        <section class="diagram" aria-labelledby="diagram-title" data-testid="diagram">
            <h2 id="diagram-title">{t.diagram_title}</h2>
            <p class="hint">{t.diagram_hint}</p>
            <div class="plane">
                <PartBox lab part=Part::ApiServer area="api" />
                <PartBox lab part=Part::ControllerManager area="cm" />
                <StoreBox lab />
                <PartBox lab part=Part::Scheduler area="sched" />
                <PartBox lab part=Part::NodeAgents area="nodes" />
            </div>
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

/// The part acting at the cursor, if any.
fn acting(lab: Lab) -> Option<Part> {
    lab.frame().step.as_ref().map(|s| s.component)
}

/// One component of the diagram.
#[component]
fn PartBox(lab: Lab, part: Part, area: &'static str) -> impl IntoView {
    let is_down = move || lab.down.get() == Some(part);
    let is_acting = move || acting(lab) == Some(part);
    let t = lab.t;
    view! {
        <button
            class=move || format!("part area-{area}{}{}", if is_down() { " down" } else { "" }, if is_acting() { " acting" } else { "" })
            data-testid=format!("part-{}", slug(part))
            aria-pressed=move || if is_down() { "true" } else { "false" }
            on:click=move |_| lab.toggle_down(part)
        >
            <span class="name">{t.part(part)}</span>
            <span class="state">
                {move || {
                    if is_down() {
                        t.part_down
                    } else if is_acting() {
                        t.part_acting
                    } else {
                        t.part_up
                    }
                }}
            </span>
            <span class="link" aria-hidden="true"></span>
        </button>
    }
}

/// The store in the middle: its revision, and what the current step does to it.
#[component]
fn StoreBox(lab: Lab) -> impl IntoView {
    let part = Part::StateStore;
    let t = lab.t;
    let is_down = move || lab.down.get() == Some(part);
    let doing = move || {
        let frame = lab.frame();
        let step = frame.step.as_ref()?;
        Some(match step.op {
            Op::Read => fill(t.store_reading, &[("key", &step.key), ("items", &t.items(step.items))]),
            Op::Write => fill(t.store_writing, &[("key", &step.key)]),
            Op::Remove => fill(t.store_removing, &[("key", &step.key)]),
        })
    };
    let revision = move || lab.frame().revision;
    view! {
        <button
            class=move || format!("part store area-store{}", if is_down() { " down" } else { "" })
            data-testid="part-state-store"
            aria-pressed=move || if is_down() { "true" } else { "false" }
            on:click=move |_| lab.toggle_down(part)
        >
            <span class="name">{t.part(part)}</span>
            <span class="state">{move || if is_down() { t.part_down.to_string() } else { fill(t.revision, &[("n", &revision())]) }}</span>
            <span class="doing" data-testid="store-doing">{move || doing().unwrap_or_default()}</span>
        </button>
    }
}
