//! The world the store describes: the worker nodes and the copies actually running on them, drawn
//! from the frame (the model's actual state, not the store's belief). A ghost, a copy the store
//! still counts as running that is dead, stands on its node in outline with its own mark and
//! words, so believed against actual is something a student sees.

use super::helpers::live;
use super::lab::Lab;
use crate::formats::html::Markup;
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
        let frame = lab.frame();
        let mut html = Markup::new();
        // A large world draws its first nodes, and each node its first copies (see
        // `playback::around`), and says how many it left out.
        let nodes = &frame.world.nodes;
        for node in &nodes[around(nodes.len(), None, MOST_NODES)] {
            let label =
                fill(if node.alive { t.world_node } else { t.world_node_dead }, &[("name", &node.name)]);
            let testid = format!("world-node-{}", node.name);
            html.open(
                "li",
                &[("class", if node.alive { "node" } else { "node dead" }), ("data-testid", &testid)],
            )
            .leaf("span", &[("class", "node-name")], &label)
            .open("ul", &[("class", "copies")]);
            let drawn = around(node.copies.len(), None, MOST_NODES);
            let left = node.copies.len() - drawn.end;
            for (key, state) in &node.copies[drawn] {
                let (mark, class, words) = chip(t, key, *state);
                let chip_class = format!("copy {class}");
                html.open("li", &[("class", &chip_class), ("data-copy", key), ("data-state", class)])
                    .leaf("span", &[("aria-hidden", "true")], mark)
                    .text(" ")
                    .text(&words)
                    .close("li");
            }
            if left > 0 {
                html.leaf("li", &[("class", "more")], &fill(t.world_more_copies, &[("n", &left)]));
            }
            let empty = if node.copies.is_empty() { t.world_empty } else { "" };
            html.close("ul").leaf("span", &[("class", "empty")], empty).close("li");
        }
        if nodes.len() > MOST_NODES {
            let said = fill(t.world_more_nodes, &[("n", &(nodes.len() - MOST_NODES))]);
            html.leaf("li", &[("class", "more"), ("data-testid", "world-more")], &said);
        }
        html.finish()
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
    // Where the scheduler has placed a copy by a node's key beside copies that name it bare: a
    // text that follows the frame (empty otherwise), the shape of the page's other live texts.
    let names = move || {
        let Some(both) = lab.frame().world.named_both.clone() else { return String::new() };
        let copies: Vec<&str> = both.keyed.iter().map(|k| k.strip_prefix("copy/").unwrap_or(k)).collect();
        let key = format!("node/{}", both.bare);
        fill(
            t.world_names,
            &[
                ("bare", &both.bare),
                ("key", &key),
                ("copies", &copies.join(", ")),
                ("running", &both.bare_copies),
            ],
        )
    };
    view! {
        <section class="world" aria-labelledby="world-title" data-testid="world">
            <h2 id="world-title">{t.world_title}</h2>
            <p class="hint">{t.world_hint}</p>
            <ul class="nodes" inner_html=live(nodes)></ul>
            <p class="waiting" data-testid="world-waiting">{waiting}</p>
            <p class="hint names" data-testid="world-names">{live(names)}</p>
        </section>
    }
}
