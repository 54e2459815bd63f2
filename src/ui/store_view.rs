//! The store's contents at the cursor, grouped by prefix, with the revision counter. The step at
//! the cursor is marked: the prefix a read scans, the key a write sets (with its new value), the
//! key a remove takes away.

use super::lab::Lab;
use crate::formats::html::Esc;
use crate::messages::fill;
use crate::model::{Op, Prefix};
use leptos::prelude::*;

/// The store's keys and values, drawn as markup (see `formats::html`).
#[component]
pub fn StoreView(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let groups = move || {
        use std::fmt::Write;
        let frame = lab.frame();
        let step = frame.step.as_ref();
        let mut html = String::new();
        for prefix in Prefix::ALL {
            let p = prefix.as_str();
            let read = step.filter(|s| s.op == Op::Read && s.key.strip_suffix('*') == Some(p));
            let _ = write!(
                html,
                r#"<div class="group{}" data-testid="group-{}"><h3>{p}"#,
                if read.is_some() { " reading" } else { "" },
                p.trim_end_matches('/')
            );
            if let Some(s) = read {
                let badge = fill(t.store_read_badge, &[("items", &t.items(s.items))]);
                let _ = write!(html, r#"<span class="badge">{}</span>"#, Esc(&badge));
            }
            html.push_str("</h3><ul>");
            let mut key = |k: &str, value: &str, class: &str, mark: Option<&str>| {
                let _ = write!(
                    html,
                    r#"<li class="{class}" data-testid="store-key" data-key="{}"><code>{}</code> <span class="value">{}</span>"#,
                    Esc(k),
                    Esc(k.strip_prefix(p).unwrap_or(k)),
                    Esc(value)
                );
                if let Some(m) = mark {
                    let _ = write!(html, r#"<span class="mark">{}</span>"#, Esc(m));
                }
                html.push_str("</li>");
            };
            for (k, v) in frame.entries.iter().filter(|(k, _)| k.starts_with(p)) {
                let written = step.is_some_and(|s| s.op == Op::Write && s.key == *k);
                let (class, mark) = if written { ("flash", Some(t.store_written)) } else { ("", None) };
                key(k, &t.value(v), class, mark);
            }
            // A removed key stays one step longer, struck through, so its going is visible.
            if let Some(s) = step.filter(|s| s.op == Op::Remove && s.key.starts_with(p)) {
                key(&s.key, "", "removed", Some(t.store_removed));
            }
            html.push_str("</ul></div>");
        }
        html
    };
    let revision = move || lab.frame().revision;
    view! {
        <section class="store-view" aria-labelledby="store-title" data-testid="store-view">
            <h2 id="store-title">
                {t.store_title} <span class="revision" data-testid="revision">{move || fill(t.revision, &[("n", &revision())])}</span>
            </h2>
            <div class="groups" inner_html=groups></div>
        </section>
    }
}
