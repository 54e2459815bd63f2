//! What students predict: the title and instructions, the counts, the failure-matrix rows and
//! cells, more questions, a tolerance per number asked, reveal and retries. Each field's notes
//! (the format's errors, `cplab check`'s warnings) stand beside it.

use super::fields::{TextField, Tick};
use super::{has_error, Notes, Workbench};
use crate::formats::assignment::Quantity;
use crate::formats::question::Cell;
use crate::messages::{fill, EN, EN_ASSIGNMENTS};
use crate::model::MATRIX_ORDER;
use crate::teaching::assignment::ItemKind;
use crate::teaching::workbench::Section;
use leptos::prelude::*;

/// The questions' part of the workbench.
#[component]
pub(crate) fn Questions(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let (t, a) = (&EN, &EN_ASSIGNMENTS);
    let scenario = move || {
        let about = if workbench
            .draft
            .with(|d| d.scenario == crate::teaching::workbench::Draft::default().scenario)
        {
            w.scenario_lesson
        } else {
            w.scenario_file
        };
        fill(w.scenario, &[("about", &about)])
    };
    let counts = Quantity::ALL.map(|q| {
        let on = Signal::derive(move || workbench.draft.with(|d| d.predict.contains(&q)));
        let set = Callback::new(move |v| workbench.edit(|d| d.set_predict(q, v)));
        view! { <Tick label=q.label_in(a).to_string() id=format!("count-{}", q.id()) on set /> }
    });
    let rows = MATRIX_ORDER.map(|down| {
        let on = Signal::derive(move || workbench.draft.with(|d| d.rows.contains(&down)));
        let set = Callback::new(move |v| workbench.edit(|d| d.set_row(down, v)));
        let label = if down.is_empty() { w.row_healthy.to_string() } else { t.down(down) };
        view! { <Tick label id=format!("row-{}", crate::formats::tables::row_name(down).replace(' ', "-")) on set /> }
    });
    let cells = Cell::ALL.map(|c| {
        let on = Signal::derive(move || workbench.draft.with(|d| d.cells.contains(&c)));
        let set = Callback::new(move |v| workbench.edit(|d| d.set_cell(c, v)));
        view! { <Tick label=c.label_in(t, a).to_string() id=format!("cell-{}", c.id()) on set /> }
    });
    let reveal_on = Signal::derive(move || workbench.draft.with(|d| d.reveal));
    let reveal_set = Callback::new(move |v| workbench.edit(|d| d.reveal = v));
    view! {
        <section class="questions" aria-labelledby="questions-h">
            <h2 id="questions-h">{w.questions}</h2>
            <Notes workbench section=Section::Whole id="whole-notes".into() />
            <TextField workbench label=w.field_title.into() id="title" section=Section::Title
                get=|d| d.title.clone() set=|d, v| d.title = v />
            <TextField workbench label=w.field_instructions.into() id="instructions" section=Section::Instructions
                get=|d| d.instructions.clone() set=|d, v| d.instructions = v area=true />
            <p data-testid="scenario">{scenario}</p>
            <super::scenario::ScenarioTables workbench />
            <fieldset><legend>{w.counts}</legend>{counts}<Notes workbench section=Section::Predict id="predict-notes".into() /></fieldset>
            <fieldset><legend>{w.matrix_rows}</legend><p class="hint" data-testid="matrix-run">{w.matrix_run}</p>{rows}</fieldset>
            <fieldset><legend>{w.matrix_cells}</legend><p class="hint">{w.cells_hint}</p>{cells}<Notes workbench section=Section::Matrix id="matrix-notes".into() /></fieldset>
            <Asked workbench />
            <Tolerances workbench />
            <Tick label=w.reveal.into() id="reveal".into() on=reveal_on set=reveal_set />
            <Notes workbench section=Section::Reveal id="reveal-notes".into() />
            <TextField workbench label=w.retries.into() id="retries" section=Section::Retries
                get=|d| d.retries.clone() set=|d, v| d.retries = v />
        </section>
    }
}

/// The questions of `ask`, each with its notes and a remove button, and the form that adds one.
#[component]
fn Asked(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let (t, a) = (&EN, &EN_ASSIGNMENTS);
    let list = move || {
        workbench.draft.with(|d| d.ask.clone()).into_iter().enumerate().map(|(at, q)| {
            let label = format!("{} ({})", ItemKind::Question(q.clone()).label_in(t, a), q.id());
            let remove = fill(w.ask_remove, &[("label", &label)]);
            view! {
                <li data-testid="asked">
                    <span>{label}</span>" "
                    <button type="button" aria-label=remove on:click=move |_| { workbench.edit(|d| { d.ask.remove(at); }); super::fields::focus("ask-kind"); }>"×"</button>
                    <Notes workbench section=Section::Ask(at) id=format!("ask-{at}-notes") />
                </li>
            }
        }).collect_view()
    };
    view! {
        <fieldset>
            <legend>{w.ask}</legend>
            <ul>{list}</ul>
            <super::ask_form::AskForm workbench />
        </fieldset>
    }
}

/// A tolerance field for each number the draft asks (and each tolerance it already gives).
#[component]
fn Tolerances(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let keys = Memo::new(move |_| workbench.draft.with(|d| d.tolerance_fields()));
    view! {
        <fieldset>
            <legend>{w.tolerances}</legend>
            <Show when=move || keys.with(|k| k.is_empty())><p class="hint" data-testid="tolerance-none">{w.tolerance_none}</p></Show>
            <For each=move || keys.get() key=|k| k.clone() let:key>
                {tolerance_field(workbench, key)}
            </For>
        </fieldset>
    }
}

fn tolerance_field(workbench: Workbench, key: String) -> impl IntoView {
    let w = workbench.w;
    let id = format!("tolerance-{}", key.replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    let notes_id = format!("{id}-notes");
    let section = Section::Tolerance(key.clone());
    let invalid = {
        let section = section.clone();
        move || has_error(workbench, &section).then_some("true")
    };
    let value = {
        let key = key.clone();
        move || workbench.draft.with(|d| d.tolerance_of(&key).to_string())
    };
    let item = workbench.draft.with_untracked(|d| d.tolerance_label(&key, &EN, &EN_ASSIGNMENTS, w));
    let label = fill(w.tolerance_of, &[("item", &item)]);
    let input = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev);
        workbench.edit(|d| d.set_tolerance(&key, &typed));
    };
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <input id=id.clone() data-testid=id type="text" inputmode="numeric" aria-describedby=notes_id.clone() aria-invalid=invalid prop:value=value on:input=input />
            <Notes workbench section id=notes_id />
        </div>
    }
}
