//! Where the load comes from: items each part has read so far, as horizontal bars with one
//! segment per round, from the frame. The API server reads nothing; the three deciding parts read
//! the whole ledger every round, the quiet ones too.

use super::lab::Lab;
use crate::messages::fill;
use crate::model::Part;
use leptos::prelude::*;

/// Geometry of the chart, in whole SVG user units: an `f64` attribute would bring float
/// formatting into the page (12 KB).
const LABEL: usize = 150;
const WIDTH: usize = 460;
const ROW: usize = 26;

/// The chart: a bar per part, a segment per round, a labelled axis.
#[component]
pub fn LoadChart(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let parts = [Part::ApiServer, Part::ControllerManager, Part::Scheduler, Part::NodeAgents];
    let chart = move || {
        let frame = lab.frame();
        let index = |p: Part| Part::ALL.iter().position(|&q| q == p).unwrap_or(0);
        let total = |p: Part| frame.load.iter().map(|r| r[index(p)]).sum::<usize>();
        let most = parts.iter().map(|&p| total(p)).max().unwrap_or(0).max(1);
        // A bar's length in units, rounded so that segments end where the whole bar ends.
        let span = |reads: usize| reads * (WIDTH - LABEL - 10) / most;
        let bars = parts
            .iter()
            .enumerate()
            .map(|(row, &part)| {
                let y = row * ROW + 4;
                let mut sum = 0;
                let segments: Vec<_> = frame
                    .load
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r[index(part)] > 0)
                    .map(|(round, r)| {
                        let at = LABEL + span(sum);
                        sum += r[index(part)];
                        let w = LABEL + span(sum) - at;
                        let title = fill(t.load_segment, &[("round", &round), ("reads", &r[index(part)])]);
                        view! {
                            <rect class=if round % 2 == 0 { "seg even" } else { "seg odd" } x=at y=y width=w height=ROW - 8><title>{title}</title></rect>
                        }
                    })
                    .collect();
                let label = fill(t.load_bar, &[("part", &t.part(part)), ("reads", &total(part))]);
                view! {
                    <g data-testid="load-bar" data-part=part.name() data-reads=total(part)>
                        <text x="0" y=y + 13>{label}</text>
                        {segments}
                    </g>
                }
            })
            .collect_view();
        let axis_y = parts.len() * ROW + 6;
        view! {
            {bars}
            <line class="axis" x1=LABEL y1=axis_y x2=WIDTH - 10 y2=axis_y></line>
            <text class="tick" x=LABEL y=axis_y + 14>"0"</text>
            <text class="tick" x=WIDTH - 10 y=axis_y + 14 text-anchor="end">{most}</text>
            <text class="axis-label" x=(LABEL + WIDTH) / 2 y=axis_y + 14 text-anchor="middle">{t.load_axis}</text>
        }
    };
    let height = parts.len() * ROW + 28;
    view! {
        <section class="load" aria-labelledby="load-title">
            <h2 id="load-title">{t.load_title}</h2>
            <p class="hint">{t.load_hint}</p>
            <svg data-testid="load-chart" viewBox=format!("0 0 {WIDTH} {height}") role="img" aria-labelledby="load-title">{chart}</svg>
        </section>
    }
}
