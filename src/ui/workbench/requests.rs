//! The scenario's requests as a table (`teaching::scenario_tables`): a row per request that sets
//! a service's desired copies, each with the format's message for it; other requests are kept as
//! the file writes them, and counted.

use super::fields::{by_key, drawn_rows, row_of};
use super::{has_error, Notes, Workbench};
use crate::messages::fill;
use crate::teaching::scenario_tables::{add_request, remove_request, request_rows, set_request, RequestRow};
use crate::teaching::table_drawing::Table;
use crate::teaching::workbench::Section;
use leptos::prelude::*;

/// The requests' table.
#[component]
pub(crate) fn Requests(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let rows = Memo::new(move |_| workbench.draft.with(request_rows));
    let entries = Memo::new(move |_| rows.with(|r| r.0.clone()));
    let index = by_key(entries, |r: &RequestRow| r.at);
    let shown = drawn_rows(workbench, entries, Table::Requests);
    view! {
        <table class="requests" data-testid="requests">
            <caption>{w.requests}</caption>
            <thead><tr><th scope="col">{w.request_key}</th><th scope="col">{w.request_desired}</th><th scope="col"><span class="visually-hidden">{w.request_remove_col}</span></th></tr></thead>
            <tbody>
                <For each=move || shown.get() key=|r: &RequestRow| r.at let:row>
                    {request_row(workbench, row_of(index, row.at), row.at)}
                </For>
            </tbody>
        </table>
        {move || (rows.get().1 > 0).then(|| view! { <p data-testid="requests-other">{fill(w.requests_other, &[("n", &rows.get().1)])}</p> })}
        <button type="button" data-testid="request-add" on:click=move |_| workbench.edit(add_request)>{w.request_add}</button>
    }
}

fn request_row(workbench: Workbench, row: Memo<Option<RequestRow>>, at: usize) -> impl IntoView {
    let w = workbench.w;
    let key = move || row.get().map(|r| r.key).unwrap_or_default();
    let desired = move || row.get().map(|r| r.desired).unwrap_or_default();
    let invalid = move || has_error(workbench, &Section::Request(at)).then_some("true");
    let notes_id = format!("request-{at}-notes");
    view! {
        <tr data-testid="request">
            <td><input type="text" data-testid=format!("request-{at}-key") aria-label=fill(w.request_key_of, &[("n", &(at + 1))])
                prop:value=key on:input=move |ev| { let (k, n) = (event_target_value(&ev), untrack(desired)); workbench.edit(|d| set_request(d, at, &k, &n)); } /></td>
            <td><input type="text" inputmode="numeric" data-testid=format!("request-{at}-desired") aria-label=fill(w.request_desired_of, &[("n", &(at + 1))])
                aria-invalid=invalid aria-describedby=notes_id.clone()
                prop:value=desired on:input=move |ev| { let (k, n) = (untrack(key), event_target_value(&ev)); workbench.edit(|d| set_request(d, at, &k, &n)); } />
                <Notes workbench section=Section::Request(at) id=notes_id /></td>
            <td><button type="button" aria-label=fill(w.request_remove, &[("n", &(at + 1))]) on:click=move |_| { workbench.edit(|d| remove_request(d, at)); super::fields::focus("request-add"); }>"×"</button></td>
        </tr>
    }
}
