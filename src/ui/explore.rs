//! The page "List every round vs watch" (beyond the lesson, issue 22), the explorer build's own:
//! what an informer is, one of the lab's runs in list mode beside watch mode (a table and two load
//! charts per round), and the scale explorer (`explore_plot.rs`). Every number comes from the
//! playback layer's [`compare`] and the model's idle costs; this only draws them.

use super::explore_plot::ScaleExplorer;
use super::helpers::live;
use crate::formats::html::Markup;
use crate::messages::{fill, ExploreMessages, EN, EN_EXPLORE};
use crate::model::watch::Load;
use crate::model::{LessonService, PartSet, Run};
use crate::playback::{compare, CompareRound, Comparison, ModeRound, BAR_SPAN, LOAD_PARTS};
use leptos::prelude::*;

/// Mounts the explorer page into the body, in place of the shell index.html paints.
pub fn mount() {
    super::crash::arm();
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(document) = &document {
        if let Some(shell) = document.get_element_by_id("shell") {
            shell.remove();
        }
        document.set_title(EN_EXPLORE.title);
        if let Some(root) = document.document_element() {
            let _ = root.set_attribute("lang", EN_EXPLORE.lang);
        }
    }
    leptos::mount::mount_to_body(|| view! { <ExplorePage t=&EN_EXPLORE /> });
    super::crash::self_test();
}

/// The runs the side-by-side view offers: the lab's own.
const RUNS: [Run; 4] = [
    Run::Lesson,
    Run::Events,
    Run::Scale { service: LessonService::Collector, desired: 8 },
    Run::Scale { service: LessonService::Collector, desired: 20 },
];

/// The whole page.
#[component]
fn ExplorePage(t: &'static ExploreMessages) -> impl IntoView {
    view! {
        <main class="lab explore">
            <header>
                <h1>{t.title}</h1>
                <p>{t.intro}</p>
                <p><a href="?" data-testid="to-lab">{t.back}</a></p>
            </header>
            <section class="informer" aria-labelledby="informer-title">
                <h2 id="informer-title">{t.informer_title}</h2>
                <p>{t.informer_what}</p>
                <p data-testid="informer-first">{t.informer_first}</p>
                <p>{t.informer_why}</p>
                <p class="hint">{t.informer_sources}</p>
            </section>
            <SideBySide t />
            <ScaleExplorer t />
        </main>
    }
}

/// A run's name in the chooser.
fn run_name(t: &ExploreMessages, run: Run) -> String {
    match run {
        Run::Lesson => EN.picker_lesson.to_string(),
        Run::Events => EN.picker_events.to_string(),
        Run::Scale { desired, .. } => fill(t.compare_scale, &[("n", &desired)]),
        Run::Given => String::new(),
    }
}

/// One run in list mode beside watch mode.
#[component]
fn SideBySide(t: &'static ExploreMessages) -> impl IntoView {
    let picked = RwSignal::new(0usize);
    let comparison = Memo::new(move |_| {
        let run = RUNS[picked.get().min(RUNS.len() - 1)];
        let scenario = run.scenario(PartSet::NONE, None).map_err(|e| format!("{e:?}"))?;
        compare(&scenario).map_err(|limit| limit.to_string())
    });
    let body = move || {
        match comparison.get() {
        Ok(c) => view! {
            <p data-testid="compare-idle">{idle_sentence(t, &c)}</p>
            <div class="compare-table" tabindex="0" role="region" aria-label=t.compare_caption inner_html=table(t, &c)></div>
            <h3>{t.charts_title}</h3>
            <p class="hint">{t.charts_hint}</p>
            <div class="compare-charts">
                <figure><figcaption>{t.list_mode}</figcaption><div inner_html=chart(t, &c, false)></div></figure>
                <figure><figcaption>{t.watch_mode}</figcaption><div inner_html=chart(t, &c, true)></div></figure>
            </div>
        }
        .into_any(),
        Err(why) => view! { <p role="alert">{fill(t.compare_failed, &[("why", &why)])}</p> }.into_any(),
    }
    };
    view! {
        <section class="compare" aria-labelledby="compare-title" data-testid="compare">
            <h2 id="compare-title">{t.compare_title}</h2>
            <p class="hint">{t.compare_hint}</p>
            <label>
                {t.compare_run} " "
                <select data-testid="compare-run" prop:value=live(move || picked.get().to_string())
                    on:change=move |ev| picked.set(event_target_value(&ev).parse().unwrap_or(0))>
                    {RUNS.iter().enumerate().map(|(i, &run)| view! { <option value=i.to_string()>{run_name(t, run)}</option> }).collect_view()}
                </select>
            </label>
            {body}
        </section>
    }
}

/// The first round with nothing to do (no writes in either mode), and what each mode read in it.
fn idle_sentence(t: &ExploreMessages, c: &Comparison) -> String {
    let idle = c.rounds.iter().skip(1).find(|r| r.list.total.writes == 0 && r.watch.total.writes == 0);
    match idle {
        Some(r) => fill(
            t.compare_idle,
            &[
                ("round", &r.round),
                ("list", &t.number(r.list.total.listed)),
                ("watch", &t.number(r.watch.total.listed)),
            ],
        ),
        None => t.compare_no_idle.to_string(),
    }
}

/// The table: per round, a row per component and a row of totals, list mode's three counts
/// beside watch mode's; the whole run last.
fn table(t: &ExploreMessages, c: &Comparison) -> String {
    let mut m = Markup::new();
    m.open("table", &[("data-testid", "compare-table")]).leaf("caption", &[], t.compare_caption);
    m.open("thead", &[]).open("tr", &[]);
    m.leaf("th", &[("scope", "col"), ("rowspan", "2")], t.col_round);
    m.leaf("th", &[("scope", "col"), ("rowspan", "2")], t.col_part);
    m.leaf("th", &[("scope", "colgroup"), ("colspan", "3")], t.list_mode);
    m.leaf("th", &[("scope", "colgroup"), ("colspan", "3")], t.watch_mode);
    m.close("tr").open("tr", &[]);
    for _ in 0..2 {
        for col in [t.col_listed, t.col_events, t.col_writes] {
            m.leaf("th", &[("scope", "col")], col);
        }
    }
    m.close("tr").close("thead");
    let cells = |m: &mut Markup, l: Load, w: Load| {
        for n in [l.listed, l.events, l.writes, w.listed, w.events, w.writes] {
            m.leaf("td", &[], &t.number(n));
        }
    };
    for r in &c.rounds {
        let round = if r.round == 0 { t.round_requests.to_string() } else { r.round.to_string() };
        m.open("tbody", &[("data-round", &r.round.to_string())]);
        let rows = LOAD_PARTS.len() + 1;
        for (i, part) in LOAD_PARTS.iter().enumerate() {
            m.open("tr", &[]);
            if i == 0 {
                m.leaf("th", &[("scope", "rowgroup"), ("rowspan", &rows.to_string())], &round);
            }
            m.leaf("td", &[], EN.part(*part));
            cells(&mut m, part_load(&r.list, i), part_load(&r.watch, i));
            m.close("tr");
        }
        m.open("tr", &[("class", "sum"), ("data-testid", "round-total")]).leaf("td", &[], t.all_parts);
        cells(&mut m, r.list.total, r.watch.total);
        m.close("tr").close("tbody");
    }
    m.open("tfoot", &[]).open("tr", &[("class", "sum")]);
    m.leaf("th", &[("scope", "row"), ("colspan", "2")], t.whole_run);
    cells(&mut m, c.list_total, c.watch_total);
    m.close("tr").close("tfoot").close("table");
    m.finish()
}

fn part_load(mode: &ModeRound, i: usize) -> Load {
    mode.parts[i]
}

/// The chart's geometry, in SVG units: a row per round, the rounds' labels left of the bars.
const ROW: usize = 26;
const LABEL: usize = 72;

/// SVG numbers as text.
fn n(v: usize) -> String {
    v.to_string()
}

/// One mode's chart: a bar per round, its items listed then its events, on the common scale.
fn chart(t: &ExploreMessages, c: &Comparison, watch: bool) -> String {
    let height = c.rounds.len() * ROW + 22;
    // Room after the longest bar for its total.
    let width = LABEL + BAR_SPAN + 60;
    let mut m = Markup::new();
    let title = if watch { t.watch_mode } else { t.list_mode };
    m.open(
        "svg",
        &[
            ("viewBox", &format!("0 0 {width} {height}")),
            ("role", "img"),
            ("aria-label", title),
            ("data-testid", if watch { "chart-watch" } else { "chart-list" }),
        ],
    );
    for (row, r) in c.rounds.iter().enumerate() {
        bar_row(&mut m, t, c, r, row * ROW, watch);
    }
    chart_axis(&mut m, t, c);
    m.close("svg");
    m.finish()
}

/// One round's bar at height `y`: its label, the items listed, the events, and their total.
fn bar_row(m: &mut Markup, t: &ExploreMessages, c: &Comparison, r: &CompareRound, y: usize, watch: bool) {
    let bar = c.bar(r, watch);
    let label = fill(
        t.bar_label,
        &[("round", &r.round), ("listed", &t.number(bar.listed)), ("events", &t.number(bar.events))],
    );
    let round = if r.round == 0 { t.round_requests.to_string() } else { r.round.to_string() };
    m.open("g", &[("data-round", &r.round.to_string()), ("data-listed", &n(bar.listed))]);
    m.leaf("text", &[("x", "0"), ("y", &n(y + 16))], &round);
    m.open(
        "rect",
        &[
            ("class", "listed"),
            ("x", &n(LABEL)),
            ("y", &n(y + 4)),
            ("width", &n(bar.listed_len)),
            ("height", "16"),
        ],
    )
    .leaf("title", &[], &label)
    .close("rect");
    m.open(
        "rect",
        &[
            ("class", "events"),
            ("x", &n(LABEL + bar.listed_len)),
            ("y", &n(y + 4)),
            ("width", &n(bar.events_len)),
            ("height", "16"),
        ],
    )
    .leaf("title", &[], &label)
    .close("rect");
    let end = LABEL + bar.listed_len + bar.events_len + 4;
    m.leaf(
        "text",
        &[("class", "value"), ("x", &n(end)), ("y", &n(y + 16))],
        &t.number(bar.listed + bar.events),
    );
    m.close("g");
}

/// The chart's axis under its rounds: zero, the common scale's most, and what it counts.
fn chart_axis(m: &mut Markup, t: &ExploreMessages, c: &Comparison) {
    let axis = c.rounds.len() * ROW + 4;
    let right = LABEL + BAR_SPAN;
    m.open(
        "line",
        &[("class", "axis"), ("x1", &n(LABEL)), ("y1", &n(axis)), ("x2", &n(right)), ("y2", &n(axis))],
    )
    .close("line");
    m.leaf("text", &[("class", "tick"), ("x", &n(LABEL)), ("y", &n(axis + 14))], "0");
    m.leaf(
        "text",
        &[("class", "tick"), ("x", &n(right)), ("y", &n(axis + 14)), ("text-anchor", "end")],
        &t.number(c.most),
    );
    m.leaf(
        "text",
        &[
            ("class", "axis-label"),
            ("x", &n(LABEL + BAR_SPAN / 2)),
            ("y", &n(axis + 14)),
            ("text-anchor", "middle"),
        ],
        t.charts_axis,
    );
}
