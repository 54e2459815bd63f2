//! The world the store describes: the worker nodes and the copies actually running on them, drawn
//! from the frame (the model's actual state, not the store's belief). A ghost, a copy the store
//! still counts as running that is dead, stands on its node in outline with its own mark and
//! words, so believed against actual is something a student sees.

use super::lab::Lab;
use super::live;
use crate::formats::html::Esc;
use crate::messages::{fill, Messages};
use crate::playback::{around, CopyState, MOST_NODES};
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
        // A large world draws its first nodes, and each node its first copies (see
        // `playback::around`), and says how many it left out.
        let nodes = &frame.world.nodes;
        for node in &nodes[around(nodes.len(), None, MOST_NODES)] {
            let label =
                fill(if node.alive { t.world_node } else { t.world_node_dead }, &[("name", &node.name)]);
            let _ = write!(
                html,
                r#"<li class="node{}" data-testid="world-node-{}"><span class="node-name">{}</span><ul class="copies">"#,
                if node.alive { "" } else { " dead" },
                Esc(&node.name),
                Esc(&label)
            );
            let drawn = around(node.copies.len(), None, MOST_NODES);
            let left = node.copies.len() - drawn.end;
            for (key, state) in &node.copies[drawn] {
                let (mark, class, words) = chip(t, key, *state);
                let _ = write!(
                    html,
                    r#"<li class="copy {class}" data-copy="{}" data-state="{class}"><span aria-hidden="true">{mark}</span> {}</li>"#,
                    Esc(key),
                    Esc(&words)
                );
            }
            if left > 0 {
                let said = fill(t.world_more_copies, &[("n", &left)]);
                let _ = write!(html, r#"<li class="more">{}</li>"#, Esc(&said));
            }
            let empty = if node.copies.is_empty() { t.world_empty } else { "" };
            let _ = write!(html, r#"</ul><span class="empty">{}</span></li>"#, Esc(empty));
        }
        if nodes.len() > MOST_NODES {
            let said = fill(t.world_more_nodes, &[("n", &(nodes.len() - MOST_NODES))]);
            let _ = write!(html, r#"<li class="more" data-testid="world-more">{}</li>"#, Esc(&said));
        }
        html
    };
    let waiting = move || {
        let frame = lab.frame();
        let waiting = &frame.world.waiting;
        let mut keys: Vec<&str> = waiting[around(waiting.len(), None, MOST_NODES)]
            .iter()
            .map(|k| k.strip_prefix("copy/").unwrap_or(k))
            .collect();
        let more = (waiting.len() > keys.len())
            .then(|| fill(t.world_more_copies, &[("n", &(waiting.len() - keys.len()))]));
        keys.extend(more.as_deref());
        (!keys.is_empty()).then(|| fill(t.world_waiting, &[("keys", &keys.join(", "))]))
    };
    view! {
        <section class="world" aria-labelledby="world-title" data-testid="world">
            <h2 id="world-title">{t.world_title}</h2>
            <p class="hint">{t.world_hint}</p>
            <ul class="nodes" inner_html=live(nodes)></ul>
            <p class="waiting" data-testid="world-waiting">{waiting}</p>
        </section>
    }
}
