//! The store's contents at the cursor, grouped by prefix, with the revision counter. The step at
//! the cursor is marked: the prefix a read scans, the key a write sets (with its new value), the
//! key a remove takes away.

use super::lab::Lab;
use crate::messages::fill;
use crate::model::{Op, Prefix};
use leptos::prelude::*;

/// What the step at the cursor did to a key.
#[derive(Clone, Copy, PartialEq)]
enum Mark {
    Written,
    Removed,
}

/// One key as shown.
#[derive(Clone, PartialEq)]
struct Row {
    key: String,
    value: String,
    mark: Option<Mark>,
}

/// The store's keys and values.
#[component]
pub fn StoreView(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let groups = move || {
        let frame = lab.frame();
        let step = frame.step.clone();
        Prefix::ALL
            .into_iter()
            .map(|prefix| {
                let mut rows: Vec<Row> = frame
                    .entries
                    .iter()
                    .filter(|(k, _)| k.starts_with(prefix.as_str()))
                    .map(|(k, v)| {
                        let written = step.as_ref().is_some_and(|s| s.op == Op::Write && s.key == *k);
                        Row { key: k.to_string(), value: t.value(v), mark: written.then_some(Mark::Written) }
                    })
                    .collect();
                // A removed key stays one step longer, struck through, so its going is visible.
                if let Some(s) =
                    step.as_ref().filter(|s| s.op == Op::Remove && s.key.starts_with(prefix.as_str()))
                {
                    rows.push(Row {
                        key: s.key.to_string(),
                        value: String::new(),
                        mark: Some(Mark::Removed),
                    });
                }
                let read =
                    step.as_ref().filter(|s| s.op == Op::Read && *s.key == format!("{}*", prefix.as_str()));
                (prefix, rows, read.map(|s| s.items))
            })
            .collect::<Vec<_>>()
    };
    let revision = move || lab.frame().revision;
    view! {
        <section class="store-view" aria-labelledby="store-title" data-testid="store-view">
            <h2 id="store-title">
                {t.store_title} <span class="revision" data-testid="revision">{move || fill(t.revision, &[("n", &revision())])}</span>
            </h2>
            <div class="groups">
                {move || {
                    groups()
                        .into_iter()
                        .map(|(prefix, rows, read)| {
                            view! {
                                <div class=if read.is_some() { "group reading" } else { "group" } data-testid=format!("group-{}", prefix.as_str().trim_end_matches('/'))>
                                    <h3>
                                        {prefix.as_str()}
                                        {read.map(|n| view! { <span class="badge">{fill(t.store_read_badge, &[("items", &t.items(n))])}</span> })}
                                    </h3>
                                    <ul>
                                        {rows
                                            .into_iter()
                                            .map(|r| {
                                                let (class, mark) = match r.mark {
                                                    Some(Mark::Removed) => ("removed", Some(t.store_removed)),
                                                    Some(Mark::Written) => ("flash", Some(t.store_written)),
                                                    None => ("", None),
                                                };
                                                view! {
                                                    <li class=class data-testid="store-key" data-key=r.key.clone()>
                                                        <code>{r.key.trim_start_matches(prefix.as_str()).to_string()}</code>
                                                        " "
                                                        <span class="value">{r.value}</span>
                                                        {mark.map(|m| view! { <span class="mark">{m}</span> })}
                                                    </li>
                                                }
                                            })
                                            .collect_view()}
                                    </ul>
                                </div>
                            }
                        })
                        .collect_view()
                }}
            </div>
        </section>
    }
}
