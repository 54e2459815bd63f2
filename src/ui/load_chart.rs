//! Where the load comes from: items each part has read so far, as horizontal bars with one
//! segment per round, from the frame. The API server reads nothing; the three deciding parts read
//! the whole ledger every round, the quiet ones too.

use super::helpers::live;
use super::lab::Lab;
use crate::formats::html::Markup;
use crate::messages::Messages;
use crate::playback::{load_chart, LoadBar, LoadChart as LoadChartData, LOAD_PARTS};
use leptos::prelude::*;

/// Geometry of the chart, in whole SVG user units: an `f64` attribute would bring float
/// formatting into the page. Each part's label stands on a line of its own above its bar, so no
/// bar ever covers it.
const WIDTH: usize = 460;
const ROW: usize = 40;
const BAR: usize = 18;
/// A segment this wide (or wider) carries its round's number inside it.
const NUMBERED: usize = 16;

/// The chart: a bar per part, a segment per round (numbered where it is wide enough, its round's
/// reads in its title), a labelled axis and a line that says what a segment is. Its numbers are
/// the playback layer's [`load_chart`]; this only draws them.
#[component]
pub fn LoadChart(lab: Lab) -> impl IntoView {
    let t = lab.t;
    // Drawn as markup (see `formats::html`).
    let chart = move || draw(t, &load_chart(&lab.frame()));
    let height = LOAD_PARTS.len() * ROW + 22;
    // Plain links, written by the table: the explorer and the sandbox are builds of their own,
    // loaded only when followed, and the page carries no code for them. Never on an assignment
    // page: both count the lesson's runs, which would answer its questions before the lock.
    let links = (!cfg!(feature = "assignments"))
        .then(|| view! { <p class="hint" data-testid="load-links" inner_html=t.load_links></p> });
    view! {
        <section class="load" aria-labelledby="load-title">
            <h2 id="load-title">{t.load_title}</h2>
            <p class="hint">{t.load_hint}</p>
            <p class="hint" data-testid="load-legend">{t.load_legend}</p>
            {links}
            <svg data-testid="load-chart" viewBox=format!("0 0 {WIDTH} {height}") role="img" aria-labelledby="load-title" inner_html=live(chart)></svg>
        </section>
    }
}

/// The chart's bars and axis as SVG markup.
fn draw(t: &'static Messages, chart: &LoadChartData) -> String {
    let mut svg = Markup::new();
    for (row, bar) in chart.bars.iter().enumerate() {
        let y = row * ROW;
        let reads = n(bar.reads);
        svg.open("g", &[("data-testid", "load-bar"), ("data-part", bar.part.name()), ("data-reads", &reads)])
            .leaf("text", &[("x", "0"), ("y", &n(y + 13))], &t.load_bar_label(bar.part, bar.reads));
        segments(&mut svg, t, bar, y, chart.most);
        svg.close("g");
    }
    let axis_y = LOAD_PARTS.len() * ROW + 4;
    let (y, label_y, right) = (n(axis_y), n(axis_y + 14), n(WIDTH - 10));
    svg.open("line", &[("class", "axis"), ("x1", "0"), ("y1", &y), ("x2", &right), ("y2", &y)])
        .close("line")
        .leaf("text", &[("class", "tick"), ("x", "0"), ("y", &label_y)], "0")
        .leaf(
            "text",
            &[("class", "tick"), ("x", &right), ("y", &label_y), ("text-anchor", "end")],
            &n(chart.most),
        )
        .leaf(
            "text",
            &[("class", "axis-label"), ("x", &n(WIDTH / 2)), ("y", &label_y), ("text-anchor", "middle")],
            t.load_axis,
        );
    svg.finish()
}

/// One bar's segments at height `y`, a round each, on the scale where `most` reads fill the
/// width: numbered where wide enough, the round's reads in each title.
fn segments(svg: &mut Markup, t: &'static Messages, bar: &LoadBar, y: usize, most: usize) {
    // A bar's length in units, rounded so that segments end where the whole bar ends.
    let span = |reads: usize| reads * (WIDTH - 10) / most;
    let mut sum = 0;
    for segment in &bar.segments {
        let at = span(sum);
        sum += segment.reads;
        let w = span(sum) - at;
        let round = segment.round.unwrap_or(0);
        let title = t.load_segment_label(bar.part, bar.reads, segment.round, segment.reads);
        let class = if round % 2 == 0 { "seg even" } else { "seg odd" };
        let (bar_y, height) = (n(y + 18), n(BAR));
        svg.open(
            "rect",
            &[("class", class), ("x", &n(at)), ("y", &bar_y), ("width", &n(w)), ("height", &height)],
        )
        .leaf("title", &[], &title)
        .close("rect");
        if w >= NUMBERED {
            let (x, ny) = (n(at + w / 2), n(y + 31));
            let number = [
                ("class", "seg-round"),
                ("x", &x),
                ("y", &ny),
                ("text-anchor", "middle"),
                ("aria-hidden", "true"),
            ];
            svg.open("text", &number).number(round).close("text");
        }
    }
}

/// SVG numbers as text.
fn n(v: usize) -> String {
    v.to_string()
}
