//! Where the load comes from: items each part has read so far, as horizontal bars with one
//! segment per round, from the frame. The API server reads nothing; the three deciding parts read
//! the whole ledger every round, the quiet ones too.

use super::lab::Lab;
use super::live;
use crate::formats::html::Esc;
use crate::playback::{load_chart, LOAD_PARTS};
use leptos::prelude::*;

/// Geometry of the chart, in whole SVG user units: an `f64` attribute would bring float
/// formatting into the page (12 KB).
const LABEL: usize = 150;
const WIDTH: usize = 460;
const ROW: usize = 26;

/// The chart: a bar per part, a segment per round, a labelled axis. Its numbers are the
/// playback layer's [`load_chart`]; this only draws them.
#[component]
pub fn LoadChart(lab: Lab) -> impl IntoView {
    let t = lab.t;
    // Drawn as markup (see `formats::html`).
    let chart = move || {
        use std::fmt::Write;
        let chart = load_chart(&lab.frame());
        // A bar's length in units, rounded so that segments end where the whole bar ends.
        let span = |reads: usize| reads * (WIDTH - LABEL - 10) / chart.most;
        let mut svg = String::new();
        for (row, bar) in chart.bars.iter().enumerate() {
            let y = row * ROW + 4;
            let label = t.load_bar_label(bar.part, bar.reads);
            let _ = write!(
                svg,
                r#"<g data-testid="load-bar" data-part="{}" data-reads="{}"><text x="0" y="{}">{}</text>"#,
                Esc(bar.part.name()),
                bar.reads,
                y + 13,
                Esc(&label)
            );
            let mut sum = 0;
            for segment in &bar.segments {
                let at = LABEL + span(sum);
                sum += segment.reads;
                let w = LABEL + span(sum) - at;
                let title = t.load_segment_label(bar.part, bar.reads, segment.round, segment.reads);
                let _ = write!(
                    svg,
                    r#"<rect class="seg {}" x="{at}" y="{y}" width="{w}" height="{}"><title>{}</title></rect>"#,
                    if segment.round.unwrap_or(0) % 2 == 0 { "even" } else { "odd" },
                    ROW - 8,
                    Esc(&title)
                );
            }
            svg.push_str("</g>");
        }
        let axis_y = LOAD_PARTS.len() * ROW + 6;
        let _ = write!(
            svg,
            r#"<line class="axis" x1="{LABEL}" y1="{axis_y}" x2="{}" y2="{axis_y}"></line><text class="tick" x="{LABEL}" y="{}">0</text><text class="tick" x="{}" y="{}" text-anchor="end">{}</text><text class="axis-label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            WIDTH - 10,
            axis_y + 14,
            WIDTH - 10,
            axis_y + 14,
            chart.most,
            (LABEL + WIDTH) / 2,
            axis_y + 14,
            Esc(t.load_axis)
        );
        svg
    };
    let height = LOAD_PARTS.len() * ROW + 28;
    view! {
        <section class="load" aria-labelledby="load-title">
            <h2 id="load-title">{t.load_title}</h2>
            <p class="hint">{t.load_hint}</p>
            <svg data-testid="load-chart" viewBox=format!("0 0 {WIDTH} {height}") role="img" aria-labelledby="load-title" inner_html=live(chart)></svg>
        </section>
    }
}
