//! The trace table: one row per step up to the cursor, the current row marked, rounds set apart,
//! and the lesson's summary line. A long run is drawn a window at a time: only the rows near what
//! the box shows exist, with empty rows above and below standing in for the rest, so a
//! 20,000-step run scrolls and steps as fast as the lesson's 17.

use super::lab::Lab;
use crate::formats::html::Markup;
use crate::messages::fill;
use crate::messages::Messages;
use crate::model::TraceSummary;
use crate::playback::{Frame, Recording};

use super::helpers::live;
use leptos::prelude::*;

/// Runs up to this many steps are drawn whole.
const WHOLE: usize = 300;
/// Steps drawn above the first one in view, and in all: a box shows at most about 40 rows (18 px
/// each; a phone's are taller), and each row drawn costs a scrub or a window's move its layout and
/// paint (180 rows took about 100 ms on a desktop; scrubbing a long run redraws them all).
const ABOVE: usize = 30;
const WINDOW: usize = 100;
/// The window moves in strides this long, so scrolling redraws rows only now and then.
const STRIDE: usize = 30;
/// Rows drawn as one piece of markup, in a body of their own: a step redraws only the pieces
/// whose markup it changes (the row it adds, the current mark it moves, the heading of its
/// round), not the whole window. Divides [`STRIDE`], so pieces start at whole multiples.
const PIECE: usize = 10;
/// Bodies enough for the longest run drawn whole and for the widest window.
const PIECES: usize = if WHOLE > WINDOW { WHOLE } else { WINDOW } / PIECE + 1;

/// The first step drawn, when the box's first visible line is `line`: a stride's start.
fn window_start(recording: &Recording, line: usize) -> usize {
    recording.step_at_line(line).saturating_sub(ABOVE) / STRIDE * STRIDE
}

thread_local! {
    /// The row height last measured: the spacers use it, so drawing rows forces no layout.
    static ROW_HEIGHT: std::cell::Cell<i32> = const { std::cell::Cell::new(28) };
}

/// A row's height in pixels as drawn now (rows are all about one height; phones show them as
/// taller cards): the drawn rows' span over their number. Kept for the spacers.
fn row_height() -> Option<i32> {
    let height = measure_row_height()?;
    ROW_HEIGHT.with(|h| h.set(height));
    Some(height)
}

fn measure_row_height() -> Option<i32> {
    use wasm_bindgen::JsCast;
    let document = web_sys::window()?.document()?;
    let rows = document.query_selector_all("#trace-scroll tr[data-line]").ok()?;
    let at = |i| rows.item(i).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok());
    let (first, last) = (at(0)?, at(rows.length().checked_sub(1)?)?);
    let lines = last.get_attribute("data-line")?.parse::<i32>().ok()?
        - first.get_attribute("data-line")?.parse::<i32>().ok()?;
    let span = last.offset_top() + last.offset_height() - first.offset_top();
    (span > 0).then(|| span / (lines + 1).max(1))
}

/// Scrolls the trace's box (only the box, never the page) so that the row of step `step` is in
/// view: the current step stays visible while the student plays or steps. A row not drawn yet is
/// brought near by its line times the row height; the scroll then draws it, and once drawn it
/// is placed by its own position. The estimate alone is off by the rows' rounding (a fraction of
/// a pixel a row, over the window's 100 rows), more than a short box's half: beside an
/// assignment's results the box keeps three rows.
fn keep_in_view(step: usize, line: usize) {
    if scroll_to_row(step) {
        return;
    }
    let Some(scroller) = trace_scroller() else { return };
    let height = row_height().unwrap_or(28);
    scroller.set_scroll_top(line as i32 * height - scroller.client_height() / 2);
    // The scroll's event moves the window by the next frame; the frame after, the row is there.
    request_animation_frame(move || {
        request_animation_frame(move || {
            scroll_to_row(step);
        })
    });
}

/// The trace's scrolling box.
fn trace_scroller() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id("trace-scroll")
}

/// Scrolls the box so that the drawn row of step `step` is inside it, below the table's sticky
/// head; false when that row is not drawn.
fn scroll_to_row(step: usize) -> bool {
    use wasm_bindgen::JsCast;
    let Some(scroller) = trace_scroller() else { return true };
    let row = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&format!("step-{step}")))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(row) = row else { return false };
    // The table's sticky head covers the top of the box; keep the row below it.
    super::helpers::keep_row_in_box(&scroller, &row, 2);
    true
}

/// What a link to `#step-N` does: the assignment's run goes to that step (the cursor moves,
/// so the row is the current one and the trace's box scrolls to it), and the page scrolls only
/// as far as needed to show the row below the sticky status strip.
#[cfg(feature = "assignments")]
pub fn show_step(lab: Lab, step: usize) {
    if untrack(|| lab.run()) != crate::model::Run::Given {
        lab.show_given();
    }
    lab.go_to(step);
    let line = lab.recording_untracked().line_of(step.saturating_sub(1));
    keep_in_view(step, line);
    // The box's scroll draws the row by the next frame; the page follows after that.
    request_animation_frame(move || {
        request_animation_frame(move || {
            let Some(window) = web_sys::window() else { return };
            let Some(document) = window.document() else { return };
            let Some(row) = document.get_element_by_id(&format!("step-{step}")) else { return };
            let strip = document
                .query_selector("[data-testid=status-strip]")
                .ok()
                .flatten()
                .map_or(0.0, |s| s.get_bounding_client_rect().bottom().max(0.0));
            let (r, height) =
                (row.get_bounding_client_rect(), window.inner_height().ok().and_then(|h| h.as_f64()));
            let below = height.map_or(0.0, |h| r.bottom() - h);
            if r.top() < strip + 8.0 {
                window.scroll_by_with_x_and_y(0.0, r.top() - strip - 8.0);
            } else if below > 0.0 {
                window.scroll_by_with_x_and_y(0.0, below + 8.0);
            }
        })
    });
}

/// The trace so far.
#[component]
pub fn TraceTable(lab: Lab) -> impl IntoView {
    let t = lab.t;
    follow_cursor(lab);
    // The first step drawn (a stride's start); moved by scrolling the box.
    let start = RwSignal::new(0usize);
    let on_scroll = move |_| {
        let Some(line) = first_visible_line() else { return };
        let at = window_start(&lab.recording_untracked(), line);
        if at != start.get_untracked() {
            start.set(at);
        }
    };
    // The steps drawn, and the lines the empty rows above and below them stand in for.
    let window = move || drawn(&lab.recording(), lab.frame().cursor, start.get());
    let spacer = move |lines: usize| format!("{}px", lines as i32 * ROW_HEIGHT.with(|h| h.get()));
    // The rows drawn, as markup (see `formats::html` for why, and how text is kept text), in
    // pieces: piece `k` holds the steps from the window's first plus `k` pieces. A piece whose
    // markup a step leaves unchanged is not redrawn (an inner HTML is set only when it differs).
    let piece = move |k: usize| {
        let (from, to, _, _) = window();
        let lo = from + k * PIECE;
        if lo >= to {
            return String::new();
        }
        rows(&lab.recording(), &lab.frame(), t, lo, (lo + PIECE).min(to))
    };
    let summary = move || summary_text(t, &lab.frame().summary);
    view! {
        <section class="trace" aria-labelledby="trace-title">
            <h2 id="trace-title">{t.trace_title}</h2>
            <div class="scroll" id="trace-scroll" tabindex="0" role="region" aria-label=t.trace_region on:scroll=on_scroll>
                <table data-testid="trace-table">
                    {super::helpers::column_heads(vec![t.col_step, t.col_component, t.col_op, t.col_key, t.col_items, t.col_rd, t.col_wr])}
                    <tbody aria-hidden="true"><tr class="spacer" style:height=move || spacer(window().2)></tr></tbody>
                    {(0..PIECES).map(|k| view! { <tbody inner_html=live(move || piece(k))></tbody> }).collect_view()}
                    <tbody aria-hidden="true"><tr class="spacer" style:height=move || spacer(window().3)></tr></tbody>
                </table>
            </div>
            <p class="summary" data-testid="trace-summary">{live(summary)}</p>
        </section>
    }
}

/// Keeps the cursor's row in view: runs after the rows are drawn for a new cursor (not for
/// another change of the lab's state: a pause leaves the box where the student scrolled it); it
/// writes no signal, only the box's scroll position.
fn follow_cursor(lab: Lab) {
    Effect::new(move |before: Option<usize>| {
        let step = lab.cursor();
        if step > 0 && before != Some(step) {
            let line = lab.recording_untracked().line_of(step - 1);
            request_animation_frame(move || keep_in_view(step, line));
        }
        step
    });
}

/// The line of the trace at the top of the box, as scrolled.
fn first_visible_line() -> Option<usize> {
    let scroller =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("trace-scroll"))?;
    Some((scroller.scroll_top() / row_height().unwrap_or(28).max(1)).max(0) as usize)
}

/// The steps drawn with the cursor at `cursor` and the window asked to start at `start`, and
/// the lines the empty rows above and below them stand in for: `(from, to, above, below)`.
fn drawn(recording: &Recording, cursor: usize, start: usize) -> (usize, usize, usize, usize) {
    if cursor <= WHOLE {
        return (0, cursor, 0, 0);
    }
    // The last stride start from which the window still reaches the cursor's row.
    let last = cursor.saturating_sub(WINDOW).div_ceil(STRIDE) * STRIDE;
    let from = start.min(last);
    let to = (from + WINDOW).min(cursor);
    let starts = |n| recording.round_starts_within(n);
    let above = from + starts(from);
    let below = (cursor - to) + starts(cursor) - starts(to);
    (from, to, above, below)
}

/// The summary line under the trace.
fn summary_text(t: &Messages, s: &TraceSummary) -> String {
    fill(
        t.trace_summary,
        &[
            ("components", &s.components),
            ("steps", &s.steps),
            ("reads", &s.item_reads),
            ("writes", &s.writes),
            ("from", &0),
            ("to", &s.revision),
            ("round", &s.rounds),
        ],
    )
}

/// The trace's rows of steps `from + 1` to `to` (numbered from 1) at `frame`, with the headings
/// of the rounds that start among them, as markup.
fn rows(recording: &Recording, frame: &Frame, t: &'static Messages, from: usize, to: usize) -> String {
    let cursor = frame.cursor;
    // The headings of the rounds starting among the steps drawn, with their words, from the
    // playback layer's view of the rounds.
    let mut headings = recording.headings(frame, from, to).into_iter().peekable();
    let mut line = from + recording.round_starts_within(from);
    let mut html = Markup::new();
    for (i, s) in recording.steps[..to].iter().enumerate().skip(from) {
        // A round's first step comes after the round's heading row.
        if let Some(h) = headings.next_if(|h| h.first == i + 1) {
            let text = t.round_heading(h.round, h.totals, &h.changes);
            // The separators are hidden from sight (the heading keeps its spacing) but read
            // aloud and copied, so the heading reads "round 2 · 26 item reads, 0 writes".
            let sep = t.trace_heading_separator;
            let (round, at) = (h.round.to_string(), line.to_string());
            let heading = [
                ("class", "round"),
                ("data-testid", "round-heading"),
                ("data-round", &round),
                ("data-line", &at),
            ];
            html.open("tr", &heading)
                .open("th", &[("colspan", "7"), ("scope", "rowgroup")])
                .text(&text.name)
                .leaf("span", &[("class", "visually-hidden")], sep)
                .leaf("span", &[("class", "round-totals")], &text.totals);
            if !text.changes.is_empty() {
                html.leaf("span", &[("class", "visually-hidden")], sep).leaf(
                    "span",
                    &[("class", "round-changes"), ("data-testid", "round-changes")],
                    &text.changes,
                );
            }
            html.close("th").close("tr");
            line += 1;
        }
        let so_far = recording.totals_at(i + 1);
        let (id, at) = (format!("step-{}", i + 1), line.to_string());
        let mut attrs = vec![("data-testid", "trace-row"), ("id", id.as_str()), ("data-line", at.as_str())];
        if i + 1 == cursor {
            attrs.extend([("class", "current"), ("aria-current", "step")]);
        }
        html.open("tr", &attrs)
            .open("td", &[])
            .number(i + 1)
            .close("td")
            .leaf("td", &[], t.part(s.component))
            .leaf("td", &[], t.op(s.op))
            .open("td", &[])
            .leaf("code", &[("title", &s.key)], &s.key)
            .close("td");
        for (label, n) in [(t.col_items, s.items), (t.col_rd, so_far.item_reads), (t.col_wr, so_far.writes)] {
            html.open("td", &[("data-label", label)]).number(n).close("td");
        }
        html.close("tr");
        line += 1;
    }
    html.finish()
}
