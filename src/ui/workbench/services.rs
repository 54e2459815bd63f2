//! The scenario's starting services as a table (`teaching::scenario_tables`): desired copies per
//! service, an edit written as a change to the starting state; each row's message beside it.

use super::fields::{by_key, drawn_rows, row_of};
use super::{has_error, Notes, Workbench};
use crate::messages::fill;
use crate::teaching::scenario_tables::{service_rows, set_service, ServiceRow};
use crate::teaching::table_drawing::Table;
use crate::teaching::workbench::Section;
use leptos::prelude::*;

/// The services' table.
#[component]
pub(crate) fn Services(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let rows = Memo::new(move |_| workbench.draft.with(service_rows));
    let index = by_key(rows, |r: &ServiceRow| r.key.clone());
    let shown = drawn_rows(workbench, rows, Table::Services);
    view! {
        <table class="services" data-testid="services">
            <caption>{w.services}</caption>
            <thead><tr><th scope="col">{w.service_key}</th><th scope="col">{w.service_desired}</th></tr></thead>
            <tbody>
                <For each=move || shown.get() key=|r: &ServiceRow| r.key.clone() let:row>
                    {service_row(workbench, row_of(index, row.key.clone()), row.key)}
                </For>
            </tbody>
        </table>
    }
}

fn service_row(workbench: Workbench, row: Memo<Option<ServiceRow>>, key: String) -> impl IntoView {
    let w = workbench.w;
    let desired = move || row.get().map(|r| r.desired).unwrap_or_default();
    let section = Section::Change(key.clone());
    let invalid = {
        let section = section.clone();
        move || has_error(workbench, &section).then_some("true")
    };
    let name = key.trim_start_matches("service/").to_string();
    let id = format!("service-{}", name.replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    let notes_id = format!("{id}-notes");
    let set = {
        let key = key.clone();
        move |ev: leptos::ev::Event| {
            let n = event_target_value(&ev);
            workbench.edit(|d| set_service(d, &key, &n));
        }
    };
    view! {
        <tr data-testid="service">
            <th scope="row">{key.clone()}</th>
            <td><input type="text" inputmode="numeric" data-testid=format!("{id}-desired") aria-label=fill(w.service_desired_of, &[("service", &name)])
                aria-invalid=invalid aria-describedby=notes_id.clone() prop:value=desired on:input=set />
                <Notes workbench section id=notes_id /></td>
        </tr>
    }
}
