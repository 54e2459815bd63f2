//! The scenario's starting copies as a table (`teaching::scenario_events`): service, node and
//! status per copy, an edit written as a change to the starting state; each row's message
//! beside it.

use super::fields::{by_key, drawn_rows, row_of};
use super::{has_error, Notes, Workbench};
use crate::messages::fill;
use crate::teaching::scenario_events::{add_copy, copy_rows, remove_copy, set_copy, CopyRow};
use crate::teaching::table_drawing::Table;
use crate::teaching::workbench::Section;
use leptos::prelude::*;

/// The copies' table.
#[component]
pub(crate) fn Copies(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let rows = Memo::new(move |_| workbench.draft.with(copy_rows));
    let index = by_key(rows, |r: &CopyRow| r.key.clone());
    let shown = drawn_rows(workbench, rows, Table::Copies);
    view! {
        <table class="copies" data-testid="copies">
            <caption>{w.copies}</caption>
            <thead><tr><th scope="col">{w.copy_key}</th><th scope="col">{w.copy_service}</th><th scope="col">{w.copy_node}</th><th scope="col">{w.copy_status}</th><th scope="col"><span class="visually-hidden">{w.request_remove_col}</span></th></tr></thead>
            <tbody>
                <For each=move || shown.get() key=|r: &CopyRow| r.key.clone() let:row>
                    {copy_row(workbench, row_of(index, row.key.clone()), row.key)}
                </For>
            </tbody>
        </table>
        <button type="button" data-testid="copy-add" on:click=move |_| workbench.edit(add_copy)>{w.copy_add}</button>
    }
}

/// One of a copy's three fields.
#[derive(Clone, Copy)]
enum Field {
    Service,
    Node,
    Status,
}

fn copy_row(workbench: Workbench, row: Memo<Option<CopyRow>>, key: String) -> impl IntoView {
    let w = workbench.w;
    let name = key.trim_start_matches("copy/").to_string();
    let id = format!("copy-{}", name.replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    let notes_id = format!("{id}-notes");
    let section = Section::Change(key.clone());
    let invalid = {
        let section = section.clone();
        move || has_error(workbench, &section).then_some("true")
    };
    let field = |f: Field, label: &'static str| {
        let value = move || {
            row.get().map(|r| match f {
                Field::Service => r.service,
                Field::Node => r.node,
                Field::Status => r.status,
            })
        };
        let set = {
            let key = key.clone();
            move |ev: leptos::ev::Event| {
                let Some(mut r) = row.get_untracked() else { return };
                let v = event_target_value(&ev);
                match f {
                    Field::Service => r.service = v,
                    Field::Node => r.node = v,
                    Field::Status => r.status = v,
                }
                workbench.edit(|d| set_copy(d, &key, &r.service, &r.node, &r.status));
            }
        };
        let suffix = match f {
            Field::Service => "service",
            Field::Node => "node",
            Field::Status => "status",
        };
        view! {
            <td><input type="text" data-testid=format!("{id}-{suffix}") aria-label=fill(label, &[("copy", &name)])
                aria-invalid=invalid.clone() aria-describedby=notes_id.clone() prop:value=move || value().unwrap_or_default() on:input=set /></td>
        }
    };
    let remove = {
        let key = key.clone();
        move |_| {
            workbench.edit(|d| remove_copy(d, &key));
            super::fields::focus("copy-add");
        }
    };
    // The row's messages on a row of their own beneath it, across the whole table: beside the
    // fields they concern, however narrow the columns.
    view! {
        <tr data-testid="copy">
            <th scope="row">{key.clone()}</th>
            {field(Field::Service, w.copy_service_of)}
            {field(Field::Node, w.copy_node_of)}
            {field(Field::Status, w.copy_status_of)}
            <td><button type="button" aria-label=fill(w.copy_remove, &[("copy", &name)]) data-testid=format!("{id}-remove") on:click=remove>"×"</button></td>
        </tr>
        <tr class="row-notes"><td colspan="5"><Notes workbench section id=notes_id /></td></tr>
    }
}
