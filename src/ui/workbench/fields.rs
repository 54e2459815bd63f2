//! The workbench's fields: a labelled input (or text area) bound to one field of the draft, its
//! notes beside it, marked invalid while the draft has an error there. What is typed stays as
//! typed: the draft keeps the text, never a value read from it.

use super::{has_error, Notes, Workbench};
use crate::teaching::table_drawing::{shown, Table};
use crate::teaching::workbench::{Draft, Section};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// A text field of the draft: `get` reads it, `set` writes what was typed.
#[component]
pub(crate) fn TextField(
    workbench: Workbench,
    label: String,
    id: &'static str,
    section: Section,
    get: fn(&Draft) -> String,
    set: fn(&mut Draft, String),
    #[prop(optional)] area: bool,
) -> impl IntoView {
    let notes_id = format!("{id}-notes");
    let invalid = {
        let section = section.clone();
        move || has_error(workbench, &section).then_some("true")
    };
    let value = move || workbench.draft.with(get);
    let input = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev);
        workbench.edit(|d| set(d, typed));
    };
    let field = if area {
        view! { <textarea id=id data-testid=id rows="4" aria-describedby=notes_id.clone() aria-invalid=invalid prop:value=value on:input=input /> }.into_any()
    } else {
        view! { <input id=id data-testid=id type="text" aria-describedby=notes_id.clone() aria-invalid=invalid prop:value=value on:input=input /> }.into_any()
    };
    view! {
        <div class="field">
            <label for=id>{label}</label>
            {field}
            <Notes workbench section id=notes_id />
        </div>
    }
}

/// A box ticked when `on` holds, which calls `set` when changed.
#[component]
pub(crate) fn Tick(label: String, id: String, on: Signal<bool>, set: Callback<bool>) -> impl IntoView {
    view! {
        <label class="tick">
            <input type="checkbox" id=id.clone() data-testid=id prop:checked=move || on.get()
                on:change=move |ev| set.run(event_target_checked(&ev)) />
            {label}
        </label>
    }
}

/// Moves the keyboard's focus to the control `testid`: after a row is removed, its button is gone
/// with it, and focus would fall back to the page's start.
pub(crate) fn focus(testid: &str) {
    use wasm_bindgen::JsCast;
    let found = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&format!("[data-testid={testid}]")).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(e) = found {
        let _ = e.focus();
    }
}

/// A table's rows by their keys, derived once an edit from the table's rows (`rows`): each row
/// then reads its own with [`row_of`].
pub(crate) fn by_key<K, R>(rows: Memo<Vec<R>>, key: fn(&R) -> K) -> Memo<BTreeMap<K, R>>
where
    K: Ord + Clone + Send + Sync + 'static,
    R: Clone + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| rows.with(|rows| rows.iter().map(|r| (key(r), r.clone())).collect()))
}

/// The rows of `table` the page has drawn so far (`teaching::table_drawing`): its first rows
/// while a large scenario is being drawn, a piece a task, then all of them.
pub(crate) fn drawn_rows<R>(workbench: Workbench, rows: Memo<Vec<R>>, table: Table) -> Memo<Vec<R>>
where
    R: Clone + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| workbench.drawn.with(|d| rows.with(|r| shown(r, d, table))))
}

/// Row `key` of a table (none once it is gone), a memo of its own: an edit of one row wakes that
/// row's fields only, so a table of a thousand rows costs a look-up per row an edit, never a
/// thousand derivations of the table (`by_key`).
pub(crate) fn row_of<K, R>(rows: Memo<BTreeMap<K, R>>, key: K) -> Memo<Option<R>>
where
    K: Ord + Clone + Send + Sync + 'static,
    R: Clone + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| rows.with(|rows| rows.get(&key).cloned()))
}
