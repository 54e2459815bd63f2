//! What the store believes runs beside what actually runs, whenever the two differ; and, at the
//! end of a failure run, why each decision stopped.

use super::lab::Lab;
use crate::messages::fill;
use crate::model::explain;
use leptos::prelude::*;

/// The believed / actual panel.
#[component]
pub fn BelievedActual(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let gap = move || {
        let recording = lab.recording();
        let cursor = lab.cursor.get();
        let believed = recording.believed_at(cursor);
        let actual = recording.actual_at(cursor);
        let missing = |from: &[std::rc::Rc<str>], other: &[std::rc::Rc<str>]| -> Vec<String> {
            from.iter().filter(|k| other.binary_search(k).is_err()).map(|k| k.to_string()).collect()
        };
        let ghosts = missing(&believed, &actual);
        let unseen = missing(&actual, &believed);
        (believed.len(), actual.len(), ghosts, unseen)
    };
    let why = move || {
        let recording = lab.recording();
        let done = lab.cursor.get() >= recording.len();
        match (&recording.matrix_row, done) {
            (Some(row), true) => explain(row, &recording.responses, t),
            _ => Vec::new(),
        }
    };
    view! {
        <section class="believed" aria-labelledby="believed-title" data-testid="believed-actual">
            <h2 id="believed-title">{t.believed_title}</h2>
            {move || {
                let (b, a, ghosts, unseen) = gap();
                view! {
                    <p data-testid="believed-counts">{fill(t.believed_counts, &[("believed", &b), ("actual", &a)])}</p>
                    {(!ghosts.is_empty()).then(|| view! {
                        <p class="warn" data-testid="believed-gap">{fill(t.believed_ghosts, &[("keys", &ghosts.join(", "))])}</p>
                    })}
                    {(!unseen.is_empty()).then(|| view! {
                        <p class="warn">{fill(t.believed_unseen, &[("keys", &unseen.join(", "))])}</p>
                    })}
                }
            }}
            {move || {
                let reasons = why();
                (!reasons.is_empty()).then(|| view! {
                    <h3>{t.why_title}</h3>
                    <ul data-testid="why">{reasons.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ul>
                })
            }}
        </section>
    }
}
