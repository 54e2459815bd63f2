//! The view model, checked without a browser: what the lab shows at a cursor (round headings with
//! their totals and words, believed and actual per service, the parts down, the load chart's
//! bars) rendered as plain text and compared byte for byte with the files in `tests/golden/view/`.
//! A difference fails; to accept a deliberate change, run with `UPDATE_GOLDEN=1` and read the diff
//! before committing it.
#![cfg(not(target_arch = "wasm32"))] // native: reads and writes files

mod support;

use cplab::messages::{Messages, EN};
use cplab::model::{count_of, repair_scenarios, service_counts, Part, PartSet, Run, MATRIX_ORDER};
use cplab::playback::{load_chart, Frame, Recording};
use std::fmt::Write;

/// The view model of `recording` at `cursor`, as text: the run's place, the round headings as
/// the trace shows them (words a screen reader says, and the step each stands above), the parts
/// down, believed and actual per service, the events run's matrix row, and the load chart's bars
/// with their segments.
fn render(t: &Messages, recording: &Recording, cursor: usize) -> String {
    let frame: Frame = recording.frame(cursor);
    let mut out = String::new();
    let _ = writeln!(out, "step {} of {}, round {}", frame.cursor, frame.len, frame.round);
    let _ = writeln!(out, "round headings:");
    for h in recording.headings(&frame, 0, frame.cursor) {
        let text = t.round_heading(h.round, h.totals, &h.changes);
        let _ = writeln!(out, "  step {:>3}: {}", h.first, text.spoken);
    }
    let _ = writeln!(out, "parts down: {}", t.down(frame.down));
    let _ = writeln!(out, "believed/actual:");
    for s in frame.services.iter() {
        let _ = writeln!(out, "  {}: {}/{}", s.service, s.believed, s.actual);
    }
    // The failure-matrix row the events run fills, as the lab's matrix shows it: its phase's own
    // reads and writes (a repair's or a report's alone); its believed/actual is the panel's
    // collector.
    if let Some(m) = &cplab::playback::phase_row(recording) {
        let _ = writeln!(
            out,
            "matrix row: scale {}, failure {}, node {}, reads {}, believed/actual {}/{}, rd {}, wr {}",
            m.scale.as_str(),
            m.failure.as_str(),
            m.node.as_str(),
            m.reads.as_str(),
            m.believed,
            m.actual,
            m.item_reads,
            m.writes
        );
    }
    let chart = load_chart(&frame);
    let _ = writeln!(out, "load (axis to {}):", chart.most);
    for bar in &chart.bars {
        let segments: Vec<String> = bar
            .segments
            .iter()
            .map(|s| t.load_segment_label(bar.part, bar.reads, s.round, s.reads))
            .collect();
        let _ = writeln!(out, "  {} [{}]", t.load_bar_label(bar.part, bar.reads), segments.join(" | "));
    }
    out
}

fn lesson() -> Recording {
    Recording::of_run(Run::Lesson, PartSet::NONE, &[], None).expect("records")
}

#[test]
fn the_lessons_request_at_its_end_and_at_step_5() {
    let r = lesson();
    support::golden("view", "lesson-end", &render(&EN, &r, r.len()));
    support::golden("view", "lesson-step-5", &render(&EN, &r, 5));
}

/// A file name for a row's parts down: `healthy`, `api-server`, `control-plane`.
fn row_name(down: PartSet) -> String {
    match down {
        d if d.is_empty() => "healthy".to_string(),
        d if d == PartSet::CONTROL_PLANE => "control-plane".to_string(),
        d => d.parts().map(|p| p.name().to_lowercase().replace(' ', "-")).collect::<Vec<_>>().join("+"),
    }
}

#[test]
fn the_failure_matrix_events_with_each_part_down() {
    for down in MATRIX_ORDER {
        let r = Recording::of_run(Run::Events, down, &[], None).expect("records");
        support::golden("view", &format!("events-{}", row_name(down)), &render(&EN, &r, r.len()));
    }
}

#[test]
fn a_repair_and_a_report() {
    // The scheduler down, brought back once the run went quiet: the gap closes.
    let sched = repair_scenarios(PartSet::of(Part::Scheduler)).expect("runs");
    let repaired = Recording::of_run(Run::Events, PartSet::of(Part::Scheduler), &sched[1].timeline, None)
        .expect("records");
    support::golden("view", "repair-scheduler", &render(&EN, &repaired, repaired.len()));
    // The API server down: back, the gap stays open until the node agents report.
    let api = repair_scenarios(PartSet::of(Part::ApiServer)).expect("runs");
    let reported = Recording::of_run(Run::Events, PartSet::of(Part::ApiServer), &api[2].timeline, None)
        .expect("records");
    support::golden("view", "report-api-server", &render(&EN, &reported, reported.len()));
}

#[test]
fn the_round_headings_read_as_words() {
    let r = lesson();
    let text = render(&EN, &r, r.len());
    assert!(text.contains("round 2 · 26 item reads, 0 writes"), "{text}");
}

/// One rule for a service's copies: `copy/a-1` whose value names service `x` is `x`'s, in the
/// lab's panel, in the model's count (the matrix's), and in an assignment's answer key.
#[test]
fn the_panel_the_matrix_count_and_the_answer_key_agree_on_a_copy_named_for_another_service() {
    let doc = r#"{"version": 1, "title": "x", "scenario": {"initial": {
        "service/a": {"desired": 1},
        "copy/a-1": {"service": "x", "node": "m1", "status": "running"},
        "node/m1": {"capacity": 4, "health": "alive"}}, "requests": []},
        "ask": [{"service": "a", "count": "believed"}, {"service": "a", "count": "actual"},
                {"service": "x", "count": "believed"}, {"service": "x", "count": "actual"}]}"#;
    let assignment = cplab::formats::assignment_json::parse(doc).expect("parses");
    let key: Vec<String> =
        assignment.answer_key().expect("runs").iter().map(|i| format!("{}={}", i.id, i.answer)).collect();
    assert_eq!(
        key,
        ["service.a.believed=1", "service.a.actual=1", "service.x.believed=1", "service.x.actual=1"],
        "x counts copy/a-1; a counts only the copy/a-2 it asked for"
    );
    // The lab's panel at the end of the same run.
    let r = Recording::of(&assignment.scenario).expect("records");
    let end = r.frame(r.len());
    let panel: Vec<(&str, usize, usize)> =
        end.services.iter().map(|s| (&*s.service, s.believed, s.actual)).collect();
    assert_eq!(panel, [("a", 1, 1), ("x", 1, 1)]);
    // The model's count, the one the failure matrix's believed/actual cells use.
    let outcome = assignment.scenario.clone().simulate().expect("runs");
    let store = outcome.plane.store();
    let counts = service_counts(store.entries(), outcome.plane.actual());
    assert_eq!((count_of(&counts, "a"), count_of(&counts, "x")), ((1, 1), (1, 1)));
    // At the start, before the controller manager acts: x has its one copy, a has none.
    let start = r.frame(0);
    let at_start: Vec<(&str, usize, usize)> =
        start.services.iter().map(|s| (&*s.service, s.believed, s.actual)).collect();
    assert_eq!(at_start, [("a", 0, 0), ("x", 1, 1)]);
}

/// The side-by-side view's data as text: each round's load per component in list mode and in
/// watch mode (listed/events/writes), its bars on the common axis, and the whole run.
fn render_comparison(c: &cplab::playback::Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "axis to {} items ({} units)", c.most, cplab::playback::BAR_SPAN);
    let load = |l: &cplab::model::watch::Load| format!("{}/{}/{}", l.listed, l.events, l.writes);
    for r in &c.rounds {
        let (lb, wb) = (c.bar(r, false), c.bar(r, true));
        let _ = writeln!(
            out,
            "round {}: list {} bar {}+{}, watch {} bar {}+{}",
            r.round,
            load(&r.list.total),
            lb.listed_len,
            lb.events_len,
            load(&r.watch.total),
            wb.listed_len,
            wb.events_len
        );
        for (i, part) in cplab::playback::LOAD_PARTS.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {:<18} list {:>9}  watch {:>9}",
                part.name(),
                load(&r.list.parts[i]),
                load(&r.watch.parts[i])
            );
        }
    }
    let _ = writeln!(out, "whole run: list {}, watch {}", load(&c.list_total), load(&c.watch_total));
    out
}

/// The lesson's request and the failure-matrix events, listing beside watching: the lesson's
/// idle round 2 reads 26 listing and nothing watching; round 1 watching lists 24 and takes 12
/// events (docs/watch.md's derivation).
#[test]
fn list_mode_beside_watch_mode() {
    use cplab::playback::compare;
    for (name, run) in [("lesson", Run::Lesson), ("events", Run::Events)] {
        let scenario = run.scenario(PartSet::NONE, None).expect("a run");
        let c = compare(&scenario).expect("runs");
        support::golden("view", &format!("compare-{name}"), &render_comparison(&c));
    }
    let c = compare(&Run::Lesson.scenario(PartSet::NONE, None).expect("a run")).expect("runs");
    let totals: Vec<(usize, usize, usize)> =
        c.rounds.iter().map(|r| (r.list.total.listed, r.watch.total.listed, r.watch.total.events)).collect();
    assert_eq!(totals, [(0, 0, 0), (24, 24, 12), (26, 0, 0)]);
}

/// The scale explorer's plot with the slider on the lesson's 12 items and on 10,000: ticks, the
/// curves' points (an idle round, and one request) and the points under the slider, each as
/// items, reads and (x, y).
#[test]
fn the_scale_plot_at_the_lessons_size_and_at_ten_thousand() {
    use cplab::playback::scale_plot::{path, scale_plot, scale_point, PlotPoint, CURVE_SIZES};
    let curve: Vec<_> = CURVE_SIZES.iter().map(|&n| scale_point(n).expect("runs")).collect();
    let point = |p: &PlotPoint| format!("{} items: {} at ({}, {})", p.items, p.reads, p.x, p.y);
    for items in [12, 10_000] {
        let plot = scale_plot(&curve, &scale_point(items).expect("runs"));
        let mut out = String::new();
        let ticks = |ts: &[cplab::playback::scale_plot::Tick]| {
            ts.iter().map(|t| format!("{}@{}", t.value, t.at)).collect::<Vec<_>>().join(" ")
        };
        let _ = writeln!(out, "x ticks: {}", ticks(&plot.x_ticks));
        let _ = writeln!(out, "y ticks: {}", ticks(&plot.y_ticks));
        let _ = writeln!(out, "list: {}", path(&plot.list));
        for p in &plot.list {
            let _ = writeln!(out, "  {}", point(p));
        }
        let _ = writeln!(out, "watch: {}", path(&plot.watch));
        let _ = writeln!(out, "list, one request: {}", path(&plot.list_request));
        for p in &plot.list_request {
            let _ = writeln!(out, "  {}", point(p));
        }
        let _ = writeln!(out, "watch, one request: {}", path(&plot.watch_request));
        for p in &plot.watch_request {
            let _ = writeln!(out, "  {}", point(p));
        }
        let _ = writeln!(out, "slider, list: {}", point(&plot.at_list));
        let _ = writeln!(out, "slider, watch: {}", point(&plot.at_watch));
        support::golden("view", &format!("scale-plot-{items}"), &out);
    }
    let lesson = scale_plot(&curve, &scale_point(12).expect("runs"));
    assert_eq!((lesson.at_list.reads, lesson.at_watch.reads), (26, 0), "the lesson's idle round");
    assert!(lesson.list.iter().any(|p| (p.items, p.reads) == (12, 26)), "the lesson is a point of the curve");
}
