//! The world the store describes: the worker nodes and the copies actually running on them, drawn
//! from the frame (the model's actual state, not the store's belief). A ghost, a copy the store
//! still counts as running that is dead, stands on its node in outline with its own mark and
//! words, so believed against actual is something a student sees.

use super::lab::Lab;
use crate::formats::html::Esc;
use crate::messages::{fill, Messages};
use crate::playback::CopyState;
use leptos::prelude::*;

/// A copy's mark, class and words.
fn chip(t: &Messages, key: &str, state: CopyState) -> (&'static str, &'static str, String) {
    let name = key.strip_prefix("copy/").unwrap_or(key);
    let (mark, class, template) = match state {
        CopyState::Running => ("●", "running", t.copy_running),
        CopyState::Ghost => ("◌", "ghost", t.copy_ghost),
        CopyState::Starting => ("◔", "starting", t.copy_starting),
        CopyState::Dead => ("✕", "dead", t.copy_dead),
        CopyState::Unseen => ("◍", "unseen", t.copy_unseen),
    };
    (mark, class, fill(template, &[("name", &name)]))
}

/// The nodes and their copies at the cursor.
#[component]
pub fn WorldView(lab: Lab) -> impl IntoView {
    let t = lab.t;
    // Drawn as markup (see `formats::html`).
    let nodes = move || {
        use std::fmt::Write;
        let frame = lab.frame();
        let mut html = String::new();
        for node in &frame.world.nodes {
            let label =
                fill(if node.alive { t.world_node } else { t.world_node_dead }, &[("name", &node.name)]);
            let _ = write!(
                html,
                r#"<li class="node{}" data-testid="world-node-{}"><span class="node-name">{}</span><ul class="copies">"#,
                if node.alive { "" } else { " dead" },
                Esc(&node.name),
                Esc(&label)
            );
            for (key, state) in &node.copies {
                let (mark, class, words) = chip(t, key, *state);
                let _ = write!(
                    html,
                    r#"<li class="copy {class}" data-copy="{}" data-state="{class}"><span aria-hidden="true">{mark}</span> {}</li>"#,
                    Esc(key),
                    Esc(&words)
                );
            }
            let empty = if node.copies.is_empty() { t.world_empty } else { "" };
            let _ = write!(html, r#"</ul><span class="empty">{}</span></li>"#, Esc(empty));
        }
        html
    };
    let waiting = move || {
        let frame = lab.frame();
        let keys: Vec<&str> =
            frame.world.waiting.iter().map(|k| k.strip_prefix("copy/").unwrap_or(k)).collect();
        (!keys.is_empty()).then(|| fill(t.world_waiting, &[("keys", &keys.join(", "))]))
    };
    view! {
        <section class="world" aria-labelledby="world-title" data-testid="world">
            <h2 id="world-title">{t.world_title}</h2>
            <p class="hint">{t.world_hint}</p>
            <ul class="nodes" inner_html=nodes></ul>
            <p class="waiting" data-testid="world-waiting">{waiting}</p>
        </section>
    }
}
