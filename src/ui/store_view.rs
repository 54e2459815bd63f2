//! The store's contents at the cursor, grouped by prefix, with the revision counter. The step at
//! the cursor is marked: the prefix a read scans, the key a write sets (with its new value), the
//! key a remove takes away.

use super::helpers::live;
use super::lab::Lab;
use crate::formats::html::Markup;
use crate::messages::fill;
use crate::model::{Op, Prefix};
use leptos::prelude::*;

/// A line that says how many keys of a group are not drawn.
fn more(html: &mut Markup, said: &str) {
    html.leaf("li", &[("class", "more"), ("data-testid", "store-more")], said);
}

/// One key: its name within the group, its value, and the step's mark on it.
fn key(html: &mut Markup, prefix: &str, k: &str, value: &str, class: &str, mark: Option<&str>) {
    html.open("li", &[("class", class), ("data-testid", "store-key"), ("data-key", k)])
        .leaf("code", &[], k.strip_prefix(prefix).unwrap_or(k))
        .text(" ")
        .leaf("span", &[("class", "value")], value);
    if let Some(m) = mark {
        html.leaf("span", &[("class", "mark")], m);
    }
    html.close("li");
}

/// The store's keys and values, drawn as markup (see `formats::html`).
#[component]
pub fn StoreView(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let groups = move || {
        let frame = lab.frame();
        let step = frame.step.as_ref();
        let mut html = Markup::new();
        for prefix in Prefix::ALL {
            let p = prefix.as_str();
            let read = step.filter(|s| s.op == Op::Read && s.key.strip_suffix('*') == Some(p));
            let testid = format!("group-{}", p.trim_end_matches('/'));
            let class = if read.is_some() { "group reading" } else { "group" };
            html.open("div", &[("class", class), ("data-testid", &testid)]).open("h3", &[]).text(p);
            if let Some(s) = read {
                let badge = fill(t.store_read_badge, &[("items", &t.items(s.items))]);
                html.leaf("span", &[("class", "badge")], &badge);
            }
            html.close("h3").open("ul", &[]);
            // A long group draws the keys around the one the step touches (see `Frame::key_group`).
            let group = frame.key_group(p);
            if group.before > 0 {
                more(&mut html, &fill(t.store_more, &[("n", &group.before)]));
            }
            for (k, v) in group.drawn {
                let written = step.is_some_and(|s| s.op == Op::Write && s.key == *k);
                let (class, mark) = if written { ("flash", Some(t.store_written)) } else { ("", None) };
                key(&mut html, p, k, &t.value(v), class, mark);
            }
            if group.after > 0 {
                more(&mut html, &fill(t.store_more, &[("n", &group.after)]));
            }
            // A removed key stays one step longer, struck through, so its going is visible.
            if let Some(s) = step.filter(|s| s.op == Op::Remove && s.key.starts_with(p)) {
                key(&mut html, p, &s.key, "", "removed", Some(t.store_removed));
            }
            html.close("ul").close("div");
        }
        html.finish()
    };
    let revision = move || lab.frame().revision;
    view! {
        <section class="store-view" aria-labelledby="store-title" data-testid="store-view">
            <h2 id="store-title">
                {t.store_title} <span class="revision" data-testid="revision">{live(move || fill(t.revision, &[("n", &revision())]))}</span>
            </h2>
            <div class="groups" inner_html=live(groups)></div>
        </section>
    }
}
