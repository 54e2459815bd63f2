//! "Share this view": a link that opens the lab on the same run, downed part and step, and, if
//! the student ticks the box, with their predictions.

use super::browser;
use super::lab::Lab;
use crate::share::{query, Shared};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The share box. `predictions` holds the assignment's typed predictions once one is loaded.
#[component]
pub fn ShareLink(
    lab: Lab,
    predictions: RwSignal<Option<RwSignal<BTreeMap<String, String>>>>,
) -> impl IntoView {
    let t = lab.t;
    let with_predictions = RwSignal::new(false);
    let link = RwSignal::new(None::<String>);
    let make = move |_| {
        let shared = Shared {
            run: Some(lab.play.get_untracked()),
            down: Some(lab.down.get_untracked()),
            step: Some(lab.cursor.get_untracked()),
            predictions: predictions
                .get_untracked()
                .filter(|_| with_predictions.get_untracked())
                .map(|p| p.get_untracked()),
        };
        let keep: Vec<(String, String)> =
            browser::params().into_iter().filter(|(k, _)| k == "a" || k == "assignment").collect();
        link.set(Some(format!("{}?{}", browser::page_address(), query(&shared, &keep))));
    };
    view! {
        <section class="share" aria-labelledby="share-title">
            <h2 id="share-title">{t.share_title}</h2>
            {move || predictions.get().is_some().then(|| view! {
                <label>
                    <input type="checkbox" data-testid="share-predictions" prop:checked=with_predictions
                        on:change=move |ev| with_predictions.set(event_target_checked(&ev)) />
                    {t.share_predictions}
                </label>
                " "
            })}
            <button type="button" data-testid="make-link" on:click=make>{t.share_make}</button>
            {move || link.get().map(|l| view! {
                <label class="link">
                    {t.share_link} <input type="text" readonly data-testid="share-url" prop:value=l />
                </label>
            })}
        </section>
    }
}
