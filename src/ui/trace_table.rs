//! The trace table: one row per step up to the cursor, the current row marked, rounds set apart,
//! and the lesson's summary line.

use super::lab::Lab;
use crate::messages::fill;

use leptos::prelude::*;

/// Scrolls the trace's box (only the box, never the page) so that the row of step `step` is in
/// view: the current step stays visible while the student plays or steps.
fn keep_in_view(step: usize) {
    use wasm_bindgen::JsCast;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let row = document
        .get_element_by_id(&format!("step-{step}"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let scroller = document.get_element_by_id("trace-scroll");
    let (Some(row), Some(scroller)) = (row, scroller) else { return };
    let (top, height) = (row.offset_top(), row.offset_height());
    // The table's sticky head covers the top of the box; keep the row below it.
    let head = 2 * height;
    let view = scroller.client_height();
    if top - head < scroller.scroll_top() {
        scroller.set_scroll_top((top - head).max(0));
    } else if top + height > scroller.scroll_top() + view {
        scroller.set_scroll_top(top + height - view);
    }
}

/// The trace so far.
#[component]
pub fn TraceTable(lab: Lab) -> impl IntoView {
    let t = lab.t;
    // Runs after the rows are drawn for the new cursor; it writes no signal, only the box's
    // scroll position.
    Effect::new(move |_| {
        let step = lab.cursor.get();
        if step > 0 {
            request_animation_frame(move || keep_in_view(step));
        }
    });
    let rows = move || {
        let recording = lab.recording();
        let frame = lab.frame();
        let cursor = frame.cursor;
        let mut round = None;
        let mut out = Vec::new();
        for (i, s) in recording.steps[..cursor].iter().enumerate() {
            // A round's first step carries the round's heading row. One row type for every step
            // (no type-erased views): the plain lab's size budget counts such things.
            let heading = (round != Some(s.round)).then(|| {
                let since = round.unwrap_or(0);
                round = Some(s.round);
                // What changed at the start of this round (and of any round with no step since).
                let changes: Vec<String> = recording
                    .timeline
                    .iter()
                    .filter(|e| e.round > since && e.round <= s.round)
                    .map(|e| t.change(&e.change))
                    .collect();
                let changes = (!changes.is_empty()).then(|| {
                    view! { <span class="round-changes" data-testid="round-changes">{changes.join("; ")}</span> }
                });
                let name = if s.round == 0 {
                    t.trace_requests.to_string()
                } else {
                    fill(t.trace_round, &[("n", &s.round)])
                };
                // The round's own load so far (the verification round: 26 item reads, 0 writes).
                let own = frame.per_round.get(s.round as usize).copied().unwrap_or_default();
                let totals =
                    fill(t.trace_round_totals, &[("reads", &own.item_reads), ("writes", &own.writes)]);
                view! {
                    <tr class="round" data-testid="round-heading" data-round=s.round>
                        <th colspan="7" scope="rowgroup">{name}<span class="round-totals">{totals}</span>{changes}</th>
                    </tr>
                }
            });
            let so_far = recording.totals_at(i + 1);
            let current = i + 1 == cursor;
            out.push(
                view! {
                    {heading}
                    <tr data-testid="trace-row" id=format!("step-{}", i + 1) class:current=current aria-current=current.then_some("step")>
                        <td>{i + 1}</td>
                        <td>{t.part(s.component)}</td>
                        <td>{t.op(s.op)}</td>
                        <td><code>{s.key.to_string()}</code></td>
                        <td data-label=t.col_items>{s.items}</td>
                        <td data-label=t.col_rd>{so_far.item_reads}</td>
                        <td data-label=t.col_wr>{so_far.writes}</td>
                    </tr>
                },
            );
        }
        out
    };
    let summary = move || {
        let s = lab.frame().summary.clone();
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
    };
    view! {
        <section class="trace" aria-labelledby="trace-title">
            <h2 id="trace-title">{t.trace_title}</h2>
            <div class="scroll" id="trace-scroll" tabindex="0" role="region" aria-label=t.trace_region>
                <table data-testid="trace-table">
                    {super::column_heads(vec![t.col_step, t.col_component, t.col_op, t.col_key, t.col_items, t.col_rd, t.col_wr])}
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="summary" data-testid="trace-summary">{summary}</p>
        </section>
    }
}
