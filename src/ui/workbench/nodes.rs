//! The scenario's starting nodes as a table (`teaching::scenario_tables`): capacity and health
//! per node, an edit written as a change to the starting state; each row's message beside it.

use super::fields::{by_key, drawn_rows, row_of};
use super::{has_error, Notes, Workbench};
use crate::messages::fill;
use crate::teaching::scenario_tables::{node_rows, set_node, NodeRow};
use crate::teaching::table_drawing::Table;
use crate::teaching::workbench::Section;
use leptos::prelude::*;

/// The nodes' table.
#[component]
pub(crate) fn Nodes(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let rows = Memo::new(move |_| workbench.draft.with(node_rows));
    let index = by_key(rows, |r: &NodeRow| r.key.clone());
    let shown = drawn_rows(workbench, rows, Table::Nodes);
    view! {
        <table class="nodes" data-testid="nodes">
            <caption>{w.nodes}</caption>
            <thead><tr><th scope="col">{w.node_key}</th><th scope="col">{w.node_capacity}</th><th scope="col">{w.node_health}</th></tr></thead>
            <tbody>
                <For each=move || shown.get() key=|r: &NodeRow| r.key.clone() let:row>
                    {node_row(workbench, row_of(index, row.key.clone()), row.key)}
                </For>
            </tbody>
        </table>
    }
}

fn node_row(workbench: Workbench, row: Memo<Option<NodeRow>>, key: String) -> impl IntoView {
    let w = workbench.w;
    let capacity = move || row.get().map(|r| r.capacity).unwrap_or_default();
    let health = move || row.get().map(|r| r.health).unwrap_or_default();
    let section = Section::Change(key.clone());
    let invalid = {
        let section = section.clone();
        move || has_error(workbench, &section).then_some("true")
    };
    let name = key.trim_start_matches("node/").to_string();
    let id = format!("node-{}", name.replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    let notes_id = format!("{id}-notes");
    let set_capacity = {
        let key = key.clone();
        move |ev: leptos::ev::Event| {
            let (c, h) = (event_target_value(&ev), untrack(health));
            workbench.edit(|d| set_node(d, &key, &c, &h));
        }
    };
    let set_health = {
        let key = key.clone();
        move |ev: leptos::ev::Event| {
            let (c, h) = (untrack(capacity), event_target_value(&ev));
            workbench.edit(|d| set_node(d, &key, &c, &h));
        }
    };
    view! {
        <tr data-testid="node">
            <th scope="row">{key.clone()}</th>
            <td><input type="text" inputmode="numeric" data-testid=format!("{id}-capacity") aria-label=fill(w.node_capacity_of, &[("node", &name)])
                aria-invalid=invalid aria-describedby=notes_id.clone() prop:value=capacity on:input=set_capacity />
                <Notes workbench section id=notes_id /></td>
            <td><select data-testid=format!("{id}-health") aria-label=fill(w.node_health_of, &[("node", &name)]) prop:value=health on:change=set_health>
                <option value="alive">"alive"</option><option value="dead">"dead"</option>
            </select></td>
        </tr>
    }
}
