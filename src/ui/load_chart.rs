//! Where the load comes from: items each part has read so far, as horizontal bars with one
//! segment per round, from the frame. The API server reads nothing; the three deciding parts read
//! the whole ledger every round, the quiet ones too.

use super::lab::Lab;
use crate::formats::html::Esc;
use crate::messages::fill;
use crate::model::Part;
use leptos::prelude::*;

/// Geometry of the chart, in whole SVG user units: an `f64` attribute would bring float
/// formatting into the page (12 KB).
const LABEL: usize = 150;
const WIDTH: usize = 460;
const ROW: usize = 26;
/// Most rounds drawn as segments of their own.
const MOST_ROUNDS: usize = 40;

/// The chart: a bar per part, a segment per round, a labelled axis.
#[component]
pub fn LoadChart(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let parts = [Part::ApiServer, Part::ControllerManager, Part::Scheduler, Part::NodeAgents];
    // Drawn as markup (see `formats::html`).
    let chart = move || {
        use std::fmt::Write;
        let frame = lab.frame();
        let index = |p: Part| Part::ALL.iter().position(|&q| q == p).unwrap_or(0);
        let total = |p: Part| frame.load.iter().map(|r| r[index(p)]).sum::<usize>();
        let most = parts.iter().map(|&p| total(p)).max().unwrap_or(0).max(1);
        // A bar's length in units, rounded so that segments end where the whole bar ends.
        let span = |reads: usize| reads * (WIDTH - LABEL - 10) / most;
        let mut svg = String::new();
        for (row, &part) in parts.iter().enumerate() {
            let y = row * ROW + 4;
            let label = fill(t.load_bar, &[("part", &t.part(part)), ("reads", &total(part))]);
            let _ = write!(
                svg,
                r#"<g data-testid="load-bar" data-part="{}" data-reads="{}"><text x="0" y="{}">{}</text>"#,
                Esc(part.name()),
                total(part),
                y + 13,
                Esc(&label)
            );
            // A segment per round; past a few dozen rounds they would be slivers, and one bar says it.
            let whole = [(0, total(part))];
            let rounds: Vec<(usize, usize)> = if frame.load.len() > MOST_ROUNDS {
                whole.into_iter().filter(|&(_, n)| n > 0).collect()
            } else {
                frame.load.iter().map(|r| r[index(part)]).enumerate().filter(|&(_, n)| n > 0).collect()
            };
            let mut sum = 0;
            for (round, reads) in rounds {
                let at = LABEL + span(sum);
                sum += reads;
                let w = LABEL + span(sum) - at;
                let title = if frame.load.len() > MOST_ROUNDS {
                    label.clone()
                } else {
                    fill(t.load_segment, &[("round", &round), ("reads", &reads)])
                };
                let _ = write!(
                    svg,
                    r#"<rect class="seg {}" x="{at}" y="{y}" width="{w}" height="{}"><title>{}</title></rect>"#,
                    if round % 2 == 0 { "even" } else { "odd" },
                    ROW - 8,
                    Esc(&title)
                );
            }
            svg.push_str("</g>");
        }
        let axis_y = parts.len() * ROW + 6;
        let _ = write!(
            svg,
            r#"<line class="axis" x1="{LABEL}" y1="{axis_y}" x2="{}" y2="{axis_y}"></line><text class="tick" x="{LABEL}" y="{}">0</text><text class="tick" x="{}" y="{}" text-anchor="end">{most}</text><text class="axis-label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            WIDTH - 10,
            axis_y + 14,
            WIDTH - 10,
            axis_y + 14,
            (LABEL + WIDTH) / 2,
            axis_y + 14,
            Esc(t.load_axis)
        );
        svg
    };
    let height = parts.len() * ROW + 28;
    view! {
        <section class="load" aria-labelledby="load-title">
            <h2 id="load-title">{t.load_title}</h2>
            <p class="hint">{t.load_hint}</p>
            <svg data-testid="load-chart" viewBox=format!("0 0 {WIDTH} {height}") role="img" aria-labelledby="load-title" inner_html=chart></svg>
        </section>
    }
}
