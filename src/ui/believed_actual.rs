//! What the store believes runs beside what actually runs, whenever the two differ; and, at the
//! end of a failure run, why each decision stopped.

use super::lab::Lab;
use super::live;
use crate::formats::html::Esc;
use crate::messages::fill;
use crate::model::reasons;
use leptos::prelude::*;

/// The believed / actual panel, drawn as markup (see `formats::html`).
#[component]
pub fn BelievedActual(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let gap = move || {
        use std::fmt::Write;
        let frame = lab.frame();
        let mut html = String::new();
        let counts =
            fill(t.believed_counts, &[("believed", &frame.believed.len()), ("actual", &frame.actual.len())]);
        let _ = write!(
            html,
            r#"<p data-testid="believed-counts">{}</p><ul class="services" data-testid="believed-services">"#,
            Esc(&counts)
        );
        for s in frame.services.iter().filter(|s| s.believed + s.actual > 0) {
            let line = fill(
                t.believed_service,
                &[("service", &s.service), ("believed", &s.believed), ("actual", &s.actual)],
            );
            let _ = write!(html, "<li>{}</li>", Esc(&line));
        }
        html.push_str("</ul>");
        for (keys, template, testid) in [
            (&frame.ghosts, t.believed_ghosts, "believed-gap"),
            (&frame.unseen, t.believed_unseen, "believed-unseen"),
        ] {
            if !keys.is_empty() {
                let keys: Vec<&str> = keys.iter().map(|k| &**k).collect();
                let said = fill(template, &[("keys", &keys.join(", "))]);
                let _ = write!(html, r#"<p class="warn" data-testid="{testid}">{}</p>"#, Esc(&said));
            }
        }
        // At the end of a failure run: why each decision stopped.
        let recording = lab.recording();
        let why = match (&recording.matrix_row, frame.at_end()) {
            (Some(row), true) => reasons(row, &recording.responses),
            _ => Vec::new(),
        };
        // No heading over nothing: after a repair that closed every gap, no decision stopped.
        if !why.is_empty() {
            let _ = write!(html, r#"<h3>{}</h3><ul data-testid="why">"#, Esc(t.why_title));
            for r in why {
                let _ = write!(html, "<li>{}</li>", Esc(&t.reason(&r)));
            }
            html.push_str("</ul>");
        }
        html
    };
    view! {
        <section class="believed" aria-labelledby="believed-title" data-testid="believed-actual">
            <h2 id="believed-title">{t.believed_title}</h2>
            <div inner_html=live(gap)></div>
        </section>
    }
}
