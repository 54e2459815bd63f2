//! The scale explorer: items read per idle round against cluster size, list mode and watch mode,
//! with a slider from 10 to 100,000 items. The model runs each size in the browser
//! ([`idle_cost`]); the playback layer's [`scale_plot`] places every point; this draws them, and
//! says the point under the slider and the whole curve as text too.
//!
//! The model runs in the explorer's worker (`explore_worker.rs`): the page asks for the curve's
//! sizes once and for the slider's size whenever it rests, says "computing" meanwhile, and drops
//! an answer for a size the slider has left.

use super::explore_worker::{Kind, Points, Reply};
use crate::formats::html::Markup;
use crate::messages::{fill, ExploreMessages};
use crate::model::scale::RequestCost;
use crate::playback::scale_plot::{
    items_at, path, scale_plot, step_of, ScalePlot, ScalePoint, AXIS, BOTTOM, CURVE_SIZES, HEIGHT, LEFT,
    RIGHT, SLIDER_STEPS, TOP, WIDTH, ZERO,
};
use leptos::prelude::*;
use std::rc::Rc;

/// The lesson's cluster once its request has run: 12 items, whose idle round 2 read 26.
const LESSON_ITEMS: usize = 12;

/// How long the slider must rest before the model runs its size, in milliseconds.
const REST_MS: u64 = 120;

/// The explorer: slider, the point under it in words, the plot, and the curve as a table.
#[component]
pub fn ScaleExplorer(t: &'static ExploreMessages) -> impl IntoView {
    // The slider's step, followed at once by its words; and the step the model is asked for once
    // the slider rests (a drag is not held up by one computation per pixel).
    let step = RwSignal::new(step_of(LESSON_ITEMS));
    let settled = RwSignal::new(step_of(LESSON_ITEMS));
    // The last point the model answered for the settled step (an answer for an earlier step is
    // dropped), and the curve: the model's costs at a few sizes each decade, as they arrive.
    let answered: RwSignal<Option<(usize, Result<ScalePoint, String>)>> = RwSignal::new(None);
    let curve: RwSignal<Vec<ScalePoint>> = RwSignal::new(Vec::new());
    let on_reply = move |reply: Reply| match reply.kind {
        Kind::Point if reply.items == items_at(settled.get_untracked()) => {
            answered.set(Some((reply.items, reply.point)));
        }
        Kind::Point => {}
        Kind::Curve => {
            if let Ok(p) = reply.point {
                curve.update(|c| {
                    let at = c.partition_point(|q| q.idle.items < p.idle.items);
                    c.insert(at, p);
                });
            }
        }
    };
    let points = Rc::new(Points::start(on_reply));
    points.ask(Kind::Point, LESSON_ITEMS);
    for &n in CURVE_SIZES.iter() {
        points.ask(Kind::Curve, n);
    }
    let busy = move || answered.with(|a| a.as_ref().map(|(n, _)| *n) != Some(items_at(settled.get())));
    let curve_busy = move || curve.with(|c| c.len()) < CURVE_SIZES.len();
    let point = move || answered.with(|a| a.as_ref().map(|(_, p)| p.clone()));
    let moved = move |ev| {
        let s = event_target_value(&ev).parse().unwrap_or(0);
        step.set(s);
        let points = points.clone();
        let rested = move || {
            if step.get_untracked() == s && settled.get_untracked() != s {
                settled.set(s);
                points.ask(Kind::Point, items_at(s));
            }
        };
        set_timeout(rested, std::time::Duration::from_millis(REST_MS));
    };
    let readout = move || match busy() {
        true => fill(t.computing, &[("items", &t.number(items_at(settled.get())))]),
        false => point().map(|p| readout_text(t, p)).unwrap_or_default(),
    };
    let request = move || {
        if busy() {
            return None;
        }
        Some(request_text(t, &point()?.ok()?.request))
    };
    let plot = move || {
        let at = point()?.ok()?;
        Some(curve.with(|curve| draw(t, &scale_plot(curve, &at))))
    };
    let value_text = move || fill(t.slider_value, &[("items", &t.number(items_at(step.get())))]);
    view! {
        <section class="scale" aria-labelledby="scale-title" data-testid="scale">
            <h2 id="scale-title">{t.scale_title}</h2>
            <p class="hint">{t.scale_hint}</p>
            <label class="slider">
                <span>{t.slider_label}</span>
                <input type="range" data-testid="scale-slider" min="0" max=SLIDER_STEPS.to_string() step="1"
                    prop:value=move || step.get().to_string() aria-valuetext=value_text
                    on:input=moved />
                <span data-testid="scale-items">{value_text}</span>
            </label>
            <div aria-live="polite" aria-busy=move || busy().to_string() data-testid="scale-status">
                <p data-testid="scale-readout">{readout}</p>
                <p data-testid="scale-request">{request}</p>
            </div>
            <div class="plot" inner_html=plot></div>
            <div class="scale-table" tabindex="0" role="region" aria-label=t.table_caption aria-busy=move || curve_busy().to_string()
                inner_html=move || curve.with(|c| table(t, c))></div>
        </section>
    }
}

/// The point under the slider in words: the idle round's cluster and what each mode read.
fn readout_text(t: &ExploreMessages, point: Result<ScalePoint, String>) -> String {
    match point {
        Ok(ScalePoint { idle: c, .. }) => fill(
            t.readout,
            &[
                ("items", &t.number(c.items)),
                ("services", &t.number(c.services)),
                ("copies", &t.number(c.copies)),
                ("nodes", &t.number(c.nodes)),
                ("list", &t.number(c.list)),
                ("watch", &t.number(c.watch)),
                ("first", &t.number(c.watch_first)),
            ],
        ),
        Err(why) => fill(t.scale_failed, &[("why", &why)]),
    }
}

/// What one request costs at the point under the slider, in words.
fn request_text(t: &ExploreMessages, r: &RequestCost) -> String {
    fill(
        t.readout_request,
        &[
            ("rounds", &r.rounds),
            ("list", &t.number(r.list)),
            ("reads", &t.number(r.watch_reads)),
            ("events", &t.number(r.watch_events)),
        ],
    )
}

/// The plot as SVG markup.
fn draw(t: &ExploreMessages, plot: &ScalePlot) -> String {
    let mut m = Markup::new();
    m.open(
        "svg",
        &[
            ("viewBox", &format!("0 0 {WIDTH} {HEIGHT}")),
            ("role", "img"),
            ("aria-labelledby", "scale-title"),
            ("data-testid", "scale-plot"),
        ],
    );
    axes(&mut m, t, plot);
    curves(&mut m, t, plot);
    legend(&mut m, t);
    m.close("svg");
    m.finish()
}

/// Integers as SVG writes them.
fn n(v: i32) -> String {
    v.to_string()
}

/// The axes, their ticks and their labels.
fn axes(m: &mut Markup, t: &ExploreMessages, plot: &ScalePlot) {
    // The y axis: a tick and a faint line every decade, then zero below the break.
    for tick in &plot.y_ticks {
        let y = n(tick.at);
        m.open("line", &[("class", "grid"), ("x1", &n(LEFT)), ("y1", &y), ("x2", &n(RIGHT)), ("y2", &y)])
            .close("line");
        m.leaf(
            "text",
            &[("class", "tick"), ("x", &n(LEFT - 6)), ("y", &n(tick.at + 4)), ("text-anchor", "end")],
            &t.number(tick.value),
        );
    }
    m.open(
        "line",
        &[("class", "axis"), ("x1", &n(LEFT)), ("y1", &n(TOP)), ("x2", &n(LEFT)), ("y2", &n(BOTTOM))],
    )
    .close("line");
    m.open(
        "line",
        &[
            ("class", "axis break"),
            ("x1", &n(LEFT)),
            ("y1", &n(ZERO - 6)),
            ("x2", &n(LEFT)),
            ("y2", &n(AXIS)),
        ],
    )
    .close("line");
    m.open(
        "line",
        &[("class", "axis"), ("x1", &n(LEFT)), ("y1", &n(AXIS)), ("x2", &n(RIGHT)), ("y2", &n(AXIS))],
    )
    .close("line");
    for tick in &plot.x_ticks {
        let x = n(tick.at);
        m.open("line", &[("class", "axis"), ("x1", &x), ("y1", &n(AXIS)), ("x2", &x), ("y2", &n(AXIS + 5))])
            .close("line");
        m.leaf(
            "text",
            &[("class", "tick"), ("x", &x), ("y", &n(AXIS + 18)), ("text-anchor", "middle")],
            &t.number(tick.value),
        );
    }
    m.leaf(
        "text",
        &[
            ("class", "axis-label"),
            ("x", &n((LEFT + RIGHT) / 2)),
            ("y", &n(AXIS + 36)),
            ("text-anchor", "middle"),
        ],
        t.x_axis,
    );
    let middle = (TOP + BOTTOM) / 2;
    m.leaf(
        "text",
        &[
            ("class", "axis-label"),
            ("x", "14"),
            ("y", &n(middle)),
            ("text-anchor", "middle"),
            ("transform", &format!("rotate(-90 14 {middle})")),
        ],
        t.y_axis,
    );
}

/// The curves, the point under the slider on each, and the lesson's own point.
fn curves(m: &mut Markup, t: &ExploreMessages, plot: &ScalePlot) {
    m.open("path", &[("class", "curve list"), ("d", &path(&plot.list)), ("data-testid", "curve-list")])
        .close("path");
    m.open("path", &[("class", "curve list request"), ("d", &path(&plot.list_request))]).close("path");
    m.open("path", &[("class", "curve watch request"), ("d", &path(&plot.watch_request))]).close("path");
    m.open("path", &[("class", "curve watch"), ("d", &path(&plot.watch)), ("data-testid", "curve-watch")])
        .close("path");
    for (p, class) in [(plot.at_list, "at list"), (plot.at_watch, "at watch")] {
        m.open("circle", &[("class", class), ("cx", &n(p.x)), ("cy", &n(p.y)), ("r", "5")])
            .leaf("title", &[], &t.number(p.reads))
            .close("circle");
    }
    if let Some(lesson) = plot.list.iter().find(|p| p.items == LESSON_ITEMS) {
        let label = fill(t.lesson_point, &[("reads", &t.number(lesson.reads))]);
        m.open("circle", &[("class", "lesson"), ("cx", &n(lesson.x)), ("cy", &n(lesson.y)), ("r", "3")])
            .close("circle");
        m.leaf(
            "text",
            &[
                ("class", "note"),
                ("x", &n(lesson.x + 6)),
                ("y", &n(lesson.y - 8)),
                ("data-testid", "lesson-point"),
            ],
            &label,
        );
    }
}

/// The legend, top left, inside the plot.
fn legend(m: &mut Markup, t: &ExploreMessages) {
    let legend = [
        ("curve list", t.legend_list),
        ("curve list request", t.legend_list_request),
        ("curve watch request", t.legend_watch_request),
        ("curve watch", t.legend_watch),
    ];
    for (i, (swatch, text)) in legend.into_iter().enumerate() {
        let y = TOP + 8 + 16 * i as i32;
        m.open(
            "line",
            &[("class", swatch), ("x1", &n(LEFT + 10)), ("y1", &n(y)), ("x2", &n(LEFT + 34)), ("y2", &n(y))],
        )
        .close("line");
        m.leaf("text", &[("class", "legend"), ("x", &n(LEFT + 40)), ("y", &n(y + 4))], text);
    }
}

/// The curve's costs as a table.
fn table(t: &ExploreMessages, curve: &[ScalePoint]) -> String {
    let mut m = Markup::new();
    m.open("table", &[("data-testid", "scale-table")]).leaf("caption", &[], t.table_caption);
    m.open("thead", &[]).open("tr", &[]);
    let cols = [
        t.col_items,
        t.col_list_idle,
        t.col_watch_first,
        t.col_watch_idle,
        t.col_list_request,
        t.col_watch_request,
    ];
    for col in cols {
        m.leaf("th", &[("scope", "col")], col);
    }
    m.close("tr").close("thead").open("tbody", &[]);
    for ScalePoint { idle: c, request: r } in curve {
        m.open("tr", &[("data-items", &c.items.to_string())]).leaf(
            "th",
            &[("scope", "row")],
            &t.number(c.items),
        );
        for v in [c.list, c.watch_first, c.watch, r.list, r.watch_reads + r.watch_events] {
            m.leaf("td", &[], &t.number(v));
        }
        m.close("tr");
    }
    m.close("tbody").close("table");
    m.finish()
}
