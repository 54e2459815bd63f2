//! The world the store describes: the worker nodes and the copies actually running on them, drawn
//! from the frame (the model's actual state, not the store's belief). A ghost, a copy the store
//! still counts as running that is dead, stands on its node in outline with its own mark and
//! words, so believed against actual is something a student sees.

use super::lab::Lab;
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
    let nodes = move || {
        let frame = lab.frame();
        frame
            .world
            .nodes
            .iter()
            .map(|node| {
                let label = fill(if node.alive { t.world_node } else { t.world_node_dead }, &[("name", &node.name)]);
                let copies: Vec<_> = node.copies.iter().map(|(k, s)| (k.to_string(), *s)).collect();
                let empty = copies.is_empty().then_some(t.world_empty);
                view! {
                    <li class=if node.alive { "node" } else { "node dead" } data-testid=format!("world-node-{}", node.name)>
                        <span class="node-name">{label}</span>
                        <ul class="copies">
                            {copies.into_iter().map(|(key, state)| {
                                let (mark, class, words) = chip(t, &key, state);
                                view! { <li class=format!("copy {class}") data-copy=key data-state=class><span aria-hidden="true">{mark}</span>" "{words}</li> }
                            }).collect_view()}
                        </ul>
                        <span class="empty">{empty}</span>
                    </li>
                }
            })
            .collect_view()
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
            <ul class="nodes">{nodes}</ul>
            <p class="waiting" data-testid="world-waiting">{waiting}</p>
        </section>
    }
}
