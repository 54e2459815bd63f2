//! The scenario's fault timeline as a table (`teaching::scenario_events`): per entry, its round
//! and the part taken down or brought back (or a report), each with the format's message for it;
//! entries of other kinds are kept as the file writes them, and counted.

use super::fields::{by_key, drawn_rows, row_of};
use super::{has_error, Notes, Workbench};
use crate::messages::fill;
use crate::teaching::scenario_events::{
    add_event, event_rows, remove_event, set_event, EventRow, EVENT_CHANGES,
};
use crate::teaching::table_drawing::Table;
use crate::teaching::workbench::Section;
use leptos::prelude::*;

/// The timeline's table.
#[component]
pub(crate) fn Timeline(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let rows = Memo::new(move |_| workbench.draft.with(event_rows));
    let entries = Memo::new(move |_| rows.with(|r| r.0.clone()));
    let index = by_key(entries, |r: &EventRow| r.at);
    let shown = drawn_rows(workbench, entries, Table::Timeline);
    view! {
        <table class="timeline" data-testid="timeline">
            <caption>{w.timeline}</caption>
            <thead><tr><th scope="col">{w.event_round}</th><th scope="col">{w.event_change}</th><th scope="col">{w.event_parts}</th><th scope="col"><span class="visually-hidden">{w.request_remove_col}</span></th></tr></thead>
            <tbody>
                <For each=move || shown.get() key=|r: &EventRow| r.at let:row>
                    {event_row(workbench, row_of(index, row.at), row.at)}
                </For>
            </tbody>
        </table>
        {move || (rows.get().1 > 0).then(|| view! { <p data-testid="timeline-other">{fill(w.events_other, &[("n", &rows.get().1)])}</p> })}
        <button type="button" data-testid="event-add" on:click=move |_| workbench.edit(add_event)>{w.event_add}</button>
    }
}

fn event_row(workbench: Workbench, row: Memo<Option<EventRow>>, at: usize) -> impl IntoView {
    let w = workbench.w;
    let get = move |f: fn(EventRow) -> String| move || row.get().map(f).unwrap_or_default();
    let edit = move |f: fn(&mut EventRow, String)| {
        move |ev: leptos::ev::Event| {
            let Some(mut r) = row.get_untracked() else { return };
            f(&mut r, event_target_value(&ev));
            workbench.edit(|d| set_event(d, at, &r.round, &r.change, &r.parts));
        }
    };
    let invalid = move || has_error(workbench, &Section::Event(at)).then_some("true");
    let notes_id = format!("event-{at}-notes");
    let n = at + 1;
    let labels = [w.event_down, w.event_up, w.event_report];
    view! {
        <tr data-testid="event">
            <td><input type="text" inputmode="numeric" data-testid=format!("event-{at}-round") aria-label=fill(w.event_round_of, &[("n", &n)])
                aria-invalid=invalid aria-describedby=notes_id.clone() prop:value=get(|r| r.round) on:input=edit(|r, v| r.round = v) /></td>
            <td><select data-testid=format!("event-{at}-change") aria-label=fill(w.event_change_of, &[("n", &n)])
                prop:value=get(|r| r.change) on:change=edit(|r, v| r.change = v)>
                {EVENT_CHANGES.into_iter().zip(labels).map(|(c, l)| view! { <option value=c>{l}</option> }).collect_view()}
            </select></td>
            <td><input type="text" data-testid=format!("event-{at}-parts") aria-label=fill(w.event_parts_of, &[("n", &n)])
                aria-invalid=invalid aria-describedby=notes_id.clone() prop:value=get(|r| r.parts) on:input=edit(|r, v| r.parts = v) /></td>
            <td><button type="button" aria-label=fill(w.event_remove, &[("n", &n)]) on:click=move |_| { workbench.edit(|d| remove_event(d, at)); super::fields::focus("event-add"); }>"×"</button></td>
        </tr>
        // The entry's messages beneath it, across the table: beside the fields they concern.
        <tr class="row-notes"><td colspan="4"><Notes workbench section=Section::Event(at) id=notes_id /></td></tr>
    }
}
