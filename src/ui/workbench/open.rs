//! Where an assignment comes from: anew from the lesson's scenario, an assignment file, or a
//! student link pasted in. What does not open says why and leaves the draft as it was.

use super::Workbench;
use crate::messages::{fill, EN_ASSIGNMENTS};
use crate::teaching::review::MAX_ASSIGNMENT_BYTES;
use crate::teaching::workbench::{open_pasted, Draft};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The start of the workbench.
#[component]
pub(crate) fn Open(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let a = &EN_ASSIGNMENTS;
    let said = RwSignal::new(None::<Result<String, String>>);
    let opened = move |result: Result<Draft, String>| match result {
        Ok(d) => {
            said.set(Some(Ok(fill(w.opened, &[("title", &d.title)]))));
            workbench.replace(d);
        }
        Err(why) => said.set(Some(Err(fill(w.open_failed, &[("why", &why)])))),
    };
    let choose = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let too_large = fill(a.e_assignment_browser_too_large, &[("mib", &(MAX_ASSIGNMENT_BYTES >> 20))]);
            let result = crate::ui::files::read_chosen_file(&input, MAX_ASSIGNMENT_BYTES, too_large, a)
                .await
                .and_then(|text| Draft::open(&text).map_err(|e| e.text(a)));
            opened(result);
        });
    };
    // A draft with anything in it is replaced only once the teacher says so.
    let confirming = RwSignal::new(false);
    let anew = move || {
        workbench.replace(Draft::default());
        confirming.set(false);
        said.set(None);
    };
    let start_anew = move |_| {
        if workbench.draft.with_untracked(|d| *d == Draft::default()) {
            anew();
        } else {
            confirming.set(true);
        }
    };
    let pasted = RwSignal::new(String::new());
    let open_link = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        opened(pasted.with(|p| open_pasted(p, a, w)));
    };
    view! {
        <section class="start" aria-labelledby="start-h">
            <h2 id="start-h">{w.start}</h2>
            <button type="button" data-testid="new" on:click=start_anew>{w.start_lesson}</button>
            <Show when=move || confirming.get()>
                <p role="alert" data-testid="new-confirm">{w.new_confirm}" "
                    <button type="button" data-testid="new-yes" on:click=move |_| anew()>{w.new_yes}</button>" "
                    <button type="button" data-testid="new-no" on:click=move |_| confirming.set(false)>{w.new_no}</button>
                </p>
            </Show>
            <label>{w.open_file}" "<input type="file" accept=".json,application/json" data-testid="open-file" on:change=choose /></label>
            <form on:submit=open_link>
                <label>{w.open_link}" "<input type="text" data-testid="open-link" prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev)) /></label>
                <button type="submit" data-testid="open-link-button">{w.open_link_button}</button>
            </form>
            {move || said.get().map(|r| match r {
                Ok(m) => view! { <p role="status" data-testid="opened">{m}</p> }.into_any(),
                Err(m) => view! { <p class="error" role="alert" data-testid="open-failed">{m}</p> }.into_any(),
            })}
        </section>
    }
}
