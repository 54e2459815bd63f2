//! "Share this view": a link that opens the lab on the same run, downed part and step, and, in
//! the assignments build, if the student ticks the box, with their predictions.

use super::browser;
use super::lab::Lab;
use crate::messages::Messages;
use crate::teaching::share::{query, Shared};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The typed predictions of a loaded assignment, if any.
pub type Predictions = RwSignal<Option<RwSignal<BTreeMap<String, String>>>>;

/// The share box. `predictions` holds the assignment's typed predictions once one is loaded.
#[component]
pub fn ShareLink(lab: Lab, predictions: Predictions) -> impl IntoView {
    let t = lab.t;
    let with_predictions = RwSignal::new(false);
    let link = RwSignal::new(None::<String>);
    // Whether the last copy reached the clipboard (none: not tried yet).
    let copied = RwSignal::new(None::<bool>);
    let make = move |_| {
        let shared = Shared {
            run: Some(untrack(|| lab.run())),
            down: Some(untrack(|| lab.down())),
            step: Some(untrack(|| lab.cursor())),
            predictions: None,
        };
        let mut keep: Vec<(String, String)> = browser::params()
            .into_iter()
            .filter(|(k, _)| ["a", "assignment", "s"].contains(&k.as_str()))
            .collect();
        keep.extend(shared_predictions(predictions, with_predictions));
        link.set(Some(format!("{}?{}", browser::page_address(), query(&shared, &keep))));
        copied.set(None);
    };
    view! {
        <section class="share" aria-labelledby="share-title">
            <h2 id="share-title">{t.share_title}</h2>
            {predictions_box(t, predictions, with_predictions)}
            <button type="button" data-testid="make-link" on:click=make>{t.share_make}</button>
            {move || link.get().map(|l| view! {
                <label class="share-field">
                    {t.share_link} <input type="text" readonly id="share-url" data-testid="share-url" prop:value=l.clone() />
                </label>
                <button type="button" data-testid="copy-link" on:click=move |_| copied.set(Some(copy_text(&l, select_link)))>{t.share_copy}</button>
                <span role="status" data-testid="copy-status">{move || copied.get().map(|ok| if ok { t.share_copied } else { t.share_copy_failed })}</span>
            })}
        </section>
    }
}

/// Puts `text` on the clipboard; where the page may not (a sandboxed frame), `select`s the
/// field showing it so it can be copied by hand. Returns whether the clipboard was asked.
pub fn copy_text(text: &str, select: impl FnOnce()) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let clipboard = window.navigator().clipboard();
    if js_sys::Reflect::has(&window.navigator(), &"clipboard".into()).unwrap_or(false) {
        let _ = clipboard.write_text(text);
        return true;
    }
    select();
    false
}

/// Selects the share link's field, to be copied by hand.
fn select_link() {
    use wasm_bindgen::JsCast;
    if let Some(input) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("share-url"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        input.select();
    }
}

/// The link's `p` parameter, when the student chose to share their predictions.
#[cfg(feature = "assignments")]
fn shared_predictions(predictions: Predictions, with: RwSignal<bool>) -> Option<(String, String)> {
    let p = predictions.get_untracked().filter(|_| with.get_untracked())?;
    Some(crate::teaching::share::predictions_param(&p.get_untracked()))
}

#[cfg(not(feature = "assignments"))]
fn shared_predictions(_: Predictions, _: RwSignal<bool>) -> Option<(String, String)> {
    None
}

/// The box that adds predictions to the link, once an assignment is loaded.
#[cfg(feature = "assignments")]
fn predictions_box(t: &'static Messages, predictions: Predictions, with: RwSignal<bool>) -> impl IntoView {
    let a = super::assignment_texts(t);
    move || {
        predictions.get().is_some().then(|| {
            view! {
                <label>
                    <input type="checkbox" data-testid="share-predictions" prop:checked=with
                        on:change=move |ev| with.set(event_target_checked(&ev)) />
                    {a.share_predictions}
                </label>
                " "
            }
        })
    }
}

/// The plain lab has no predictions to share.
#[cfg(not(feature = "assignments"))]
fn predictions_box(_: &'static Messages, _: Predictions, _: RwSignal<bool>) -> impl IntoView {}
