//! What the store believes runs beside what actually runs, whenever the two differ; and, at the
//! end of a failure run, why each decision stopped.

use super::lab::Lab;
use crate::messages::fill;
use crate::model::reasons;
use leptos::prelude::*;

/// The believed / actual panel.
#[component]
pub fn BelievedActual(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let gap = move || {
        let frame = lab.frame();
        let keys = |keys: &[std::rc::Rc<str>]| keys.iter().map(|k| k.to_string()).collect::<Vec<_>>();
        let services: Vec<String> = frame
            .services
            .iter()
            .filter(|s| s.believed + s.actual > 0)
            .map(|s| {
                fill(
                    t.believed_service,
                    &[("service", &s.service), ("believed", &s.believed), ("actual", &s.actual)],
                )
            })
            .collect();
        (frame.believed.len(), frame.actual.len(), keys(&frame.ghosts), keys(&frame.unseen), services)
    };
    let why = move || {
        let recording = lab.recording();
        match (&recording.matrix_row, lab.frame().at_end()) {
            (Some(row), true) => reasons(row, &recording.responses).iter().map(|r| t.reason(r)).collect(),
            _ => Vec::new(),
        }
    };
    view! {
        <section class="believed" aria-labelledby="believed-title" data-testid="believed-actual">
            <h2 id="believed-title">{t.believed_title}</h2>
            {move || {
                let (b, a, ghosts, unseen, services) = gap();
                view! {
                    <p data-testid="believed-counts">{fill(t.believed_counts, &[("believed", &b), ("actual", &a)])}</p>
                    <ul class="services" data-testid="believed-services">
                        {services.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
                    </ul>
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
