//! The scale explorer's plot as data (beyond the lesson, issue 22): where each of the model's idle
//! costs stands on a plot of items read per idle round against cluster size, its ticks and its
//! paths, in whole SVG units; and of one request's cost (items read, and in watch mode events
//! delivered, from the request until the plane is quiet again). The explorer draws exactly these; the model computes the costs.
//!
//! A projection from data to SVG coordinates, as leptos-chartistry's `Projection` does it (SVG's
//! zero is the top left, the data's the bottom left), on log scales: cluster sizes span four
//! decades, reads six. Watch mode's idle rounds read nothing, which no log scale holds: the plot
//! gives zero a row of its own below the axis, labelled 0, a gap marking the break.

use crate::model::scale::{both_costs, IdleCost, RequestCost};
use crate::model::TraceLimit;
use serde::{Deserialize, Serialize};

/// The slider's steps: cluster sizes from [`LEAST_ITEMS`] to [`MOST_ITEMS`], 90 a decade, each
/// a round number of its decade (10, 11, … 99, 100, 110, … 990, 1,000, 1,100, …), so every step
/// changes the size and the steps spread evenly enough on a log scale.
pub const SLIDER_STEPS: u32 = 360;
/// The smallest cluster the slider reaches.
pub const LEAST_ITEMS: usize = 10;
/// The largest.
pub const MOST_ITEMS: usize = 100_000;
/// The sizes whose costs draw the curves: two or three a decade, the lesson's 12 among them.
pub const CURVE_SIZES: [usize; 14] =
    [10, 12, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/// The plot's frame, in SVG units.
pub const WIDTH: i32 = 560;
/// Its height.
pub const HEIGHT: i32 = 330;
/// Left edge of the plotting area (room for the reads' tick labels).
pub const LEFT: i32 = 70;
/// Right edge.
pub const RIGHT: i32 = 520;
/// Top edge.
pub const TOP: i32 = 14;
/// Bottom of the log scale of reads (1 item).
pub const BOTTOM: i32 = 240;
/// The row of zero reads, below the break.
pub const ZERO: i32 = 262;
/// The x axis line, under the zero row.
pub const AXIS: i32 = 274;

/// Reads span 10^0 to 10^6 on the y axis.
const Y_DECADES: f64 = 6.0;

/// A tick: where it stands along its axis, and the value it labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tick {
    /// Its x (on the x axis) or y (on the y axis), in SVG units.
    pub at: i32,
    /// The value.
    pub value: usize,
}

/// A point of the plot: the cluster size and items read, and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlotPoint {
    /// Items in the cluster.
    pub items: usize,
    /// Items read (and, for watch mode's request, events delivered: one item each).
    pub reads: usize,
    /// Its x, in SVG units.
    pub x: i32,
    /// Its y, in SVG units ([`ZERO`] for no reads).
    pub y: i32,
}

/// What the model says of one cluster size: an idle round's cost and one request's, each mode.
/// Serialisable: the explorer's worker hands it to the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScalePoint {
    /// An idle round.
    pub idle: IdleCost,
    /// One request raising a service by one copy, until the plane is quiet again.
    pub request: RequestCost,
}

/// Runs the idle cluster of `items` items, idle and with one request, in both modes (one run
/// each).
pub fn scale_point(items: usize) -> Result<ScalePoint, TraceLimit> {
    both_costs(items).map(|(idle, request)| ScalePoint { idle, request })
}

/// The whole plot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScalePlot {
    /// Ticks of cluster sizes, every decade.
    pub x_ticks: Vec<Tick>,
    /// Ticks of reads, every decade, then zero on its own row.
    pub y_ticks: Vec<Tick>,
    /// List mode: items read by each idle round, at each of the costs given.
    pub list: Vec<PlotPoint>,
    /// Watch mode, at the same sizes.
    pub watch: Vec<PlotPoint>,
    /// List mode: items read by one request, at the same sizes.
    pub list_request: Vec<PlotPoint>,
    /// Watch mode: items read and events delivered for one request.
    pub watch_request: Vec<PlotPoint>,
    /// List mode at the slider's size, idle.
    pub at_list: PlotPoint,
    /// Watch mode at the slider's size, idle.
    pub at_watch: PlotPoint,
}

/// The cluster size at slider step `step` (clamped to [`SLIDER_STEPS`]): in decade `d` (from 0),
/// step `r` of it is 10^d × (10 + r).
pub fn items_at(step: u32) -> usize {
    let step = step.min(SLIDER_STEPS) as usize;
    10usize.pow((step / 90) as u32) * (10 + step % 90)
}

/// The slider step of the largest slider size at most `items` (clamped to the slider's range).
pub fn step_of(items: usize) -> u32 {
    let items = items.clamp(LEAST_ITEMS, MOST_ITEMS);
    let mut decade = 0;
    while items >= 10usize.pow(decade + 2) && decade < 4 {
        decade += 1;
    }
    let r = (items / 10usize.pow(decade)).saturating_sub(10).min(89);
    (decade as usize * 90 + r).min(SLIDER_STEPS as usize) as u32
}

/// The x of a cluster size.
fn x_of(items: usize) -> i32 {
    let decades = (items.max(1) as f64 / LEAST_ITEMS as f64).log10();
    let span = (MOST_ITEMS as f64 / LEAST_ITEMS as f64).log10();
    LEFT + (decades / span * f64::from(RIGHT - LEFT)).round() as i32
}

/// The y of a number of reads: on the log scale, or on the zero row.
fn y_of(reads: usize) -> i32 {
    if reads == 0 {
        return ZERO;
    }
    let decades = (reads as f64).log10().min(Y_DECADES);
    BOTTOM - (decades / Y_DECADES * f64::from(BOTTOM - TOP)).round() as i32
}

fn point(items: usize, reads: usize) -> PlotPoint {
    PlotPoint { items, reads, x: x_of(items), y: y_of(reads) }
}

/// The plot of the costs `curve` (in size order) with the slider at `at`.
pub fn scale_plot(curve: &[ScalePoint], at: &ScalePoint) -> ScalePlot {
    let decades = |from: usize, to: usize| {
        std::iter::successors(Some(from), move |&v| (v < to).then_some(v * 10)).collect::<Vec<_>>()
    };
    let x_ticks =
        decades(LEAST_ITEMS, MOST_ITEMS).into_iter().map(|v| Tick { at: x_of(v), value: v }).collect();
    let mut y_ticks: Vec<Tick> =
        decades(1, 1_000_000).into_iter().map(|v| Tick { at: y_of(v), value: v }).collect();
    y_ticks.push(Tick { at: ZERO, value: 0 });
    ScalePlot {
        x_ticks,
        y_ticks,
        list: curve.iter().map(|c| point(c.idle.items, c.idle.list)).collect(),
        watch: curve.iter().map(|c| point(c.idle.items, c.idle.watch)).collect(),
        list_request: curve.iter().map(|c| point(c.request.items, c.request.list)).collect(),
        watch_request: curve
            .iter()
            .map(|c| point(c.request.items, c.request.watch_reads + c.request.watch_events))
            .collect(),
        at_list: point(at.idle.items, at.idle.list),
        at_watch: point(at.idle.items, at.idle.watch),
    }
}

/// An SVG path through `points`: `M x y L x y …`.
pub fn path(points: &[PlotPoint]) -> String {
    let mut out = String::new();
    for (i, p) in points.iter().enumerate() {
        let op = if i == 0 { 'M' } else { 'L' };
        out.push_str(&format!("{}{op}{} {}", if i == 0 { "" } else { " " }, p.x, p.y));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slider_spans_four_decades_and_finds_the_lessons_cluster() {
        assert_eq!((items_at(0), items_at(90), items_at(SLIDER_STEPS)), (10, 100, 100_000));
        assert_eq!((step_of(12), items_at(2)), (2, 12), "the lesson's 12 items are a step of the slider");
        assert_eq!(
            (items_at(SLIDER_STEPS + 5), step_of(7), step_of(1_000_000)),
            (MOST_ITEMS, 0, SLIDER_STEPS)
        );
        assert_eq!((items_at(91), items_at(181), step_of(1_050)), (110, 1_100, 180));
        for step in 0..=SLIDER_STEPS {
            assert_eq!(step_of(items_at(step)), step, "step {step}");
            assert!(step == 0 || items_at(step) > items_at(step - 1), "every step changes the size");
        }
    }

    #[test]
    fn the_corners_are_the_plots_edges() {
        assert_eq!((x_of(LEAST_ITEMS), x_of(MOST_ITEMS)), (LEFT, RIGHT));
        assert_eq!((y_of(1), y_of(1_000_000), y_of(0)), (BOTTOM, TOP, ZERO));
    }
}
