//! What the store believes runs beside what actually runs, whenever the two differ; and, at the
//! end of a failure run, why each decision stopped.

use super::helpers::live;
use super::lab::Lab;
use crate::formats::html::Markup;
use crate::messages::fill;
use leptos::prelude::*;

/// The believed / actual panel, drawn as markup (see `formats::html`).
#[component]
pub fn BelievedActual(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let gap = move || {
        let frame = lab.frame();
        let mut html = Markup::new();
        let counts =
            fill(t.believed_counts, &[("believed", &frame.believed.len()), ("actual", &frame.actual.len())]);
        html.leaf("p", &[("data-testid", "believed-counts")], &counts)
            .open("ul", &[("class", "services"), ("data-testid", "believed-services")]);
        for s in frame.services.iter().filter(|s| s.believed + s.actual > 0) {
            let line = fill(
                t.believed_service,
                &[("service", &s.service), ("believed", &s.believed), ("actual", &s.actual)],
            );
            html.leaf("li", &[], &line);
        }
        html.close("ul");
        for (keys, template, testid) in [
            (&frame.ghosts, t.believed_ghosts, "believed-gap"),
            (&frame.unseen, t.believed_unseen, "believed-unseen"),
        ] {
            if !keys.is_empty() {
                let keys: Vec<&str> = keys.iter().map(|k| &**k).collect();
                let said = fill(template, &[("keys", &keys.join(", "))]);
                html.leaf("p", &[("class", "warn"), ("data-testid", testid)], &said);
            }
        }
        // At the end of a failure run: why each decision stopped.
        let why = lab.recording().reasons_at(&frame);
        // No heading over nothing: after a repair that closed every gap, no decision stopped.
        if !why.is_empty() {
            html.leaf("h3", &[], t.why_title).open("ul", &[("data-testid", "why")]);
            for r in why {
                html.leaf("li", &[], &t.reason(&r));
            }
            html.close("ul");
        }
        html.finish()
    };
    view! {
        <section class="believed" aria-labelledby="believed-title" data-testid="believed-actual">
            <h2 id="believed-title">{t.believed_title}</h2>
            <div inner_html=live(gap)></div>
        </section>
    }
}
