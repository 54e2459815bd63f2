//! Beside the diagram: the trace around the cursor, and under it the events and pods tables at
//! the cursor (kubectl's own columns and words, from `playback::kube`) and the blast-radius
//! table the runs played to their end have filled.

use super::Kube;
use crate::messages::fill;
use crate::playback::around;
use crate::playback::kube::{drawn, Rows, EVENT_HEADS, POD_HEADS};
use leptos::prelude::*;

/// Rows of the trace drawn around the cursor.
const TRACE_ROWS: usize = 12;

/// A table of kubectl's: its heads, then `rows` (the ones [`drawn`] picks), and how many are
/// left out; kubectl's "No resources found" when there is none.
fn rows_view(kube: Kube, heads: &'static [&'static str], rows: Rows, newest_last: bool) -> impl IntoView {
    let k = kube.k;
    let range = drawn(rows.len(), newest_last);
    let more = rows.len() - range.len();
    if rows.is_empty() {
        return view! { <p class="hint" data-testid="no-rows">{k.no_rows}</p> }.into_any();
    }
    let body = rows[range]
        .iter()
        .map(|row| view! { <tr>{row.iter().map(|c| view! { <td>{c.clone()}</td> }).collect_view()}</tr> })
        .collect_view();
    view! {
        <table>
            {super::super::helpers::column_heads(heads.to_vec())}
            <tbody>{body}</tbody>
        </table>
        {(more > 0).then(|| view! { <p class="hint">{fill(k.rows_more, &[("n", &more)])}</p> })}
    }
    .into_any()
}

/// `kubectl get events --sort-by=.lastTimestamp` at the cursor.
#[component]
pub fn Events(kube: Kube) -> impl IntoView {
    let rows = move || kube.frame().map(|f| f.events.clone()).unwrap_or_default();
    view! {
        <section class="k-table" aria-labelledby="events-title" data-testid="events">
            <h2 id="events-title">{kube.k.events_title}</h2>
            <div class="scroll" tabindex="0" data-testid="events-table">
                {move || rows_view(kube, &EVENT_HEADS, rows(), true)}
            </div>
        </section>
    }
}

/// `kubectl get pods -o wide` at the cursor.
#[component]
pub fn Pods(kube: Kube) -> impl IntoView {
    let rows = move || kube.frame().map(|f| f.pods.clone()).unwrap_or_default();
    view! {
        <section class="k-table" aria-labelledby="pods-title" data-testid="pods">
            <h2 id="pods-title">{kube.k.pods_title}</h2>
            <div class="scroll" tabindex="0" data-testid="pods-table">
                {move || rows_view(kube, &POD_HEADS, rows(), false)}
            </div>
            {super::restore::unbelieved_line(kube)}
        </section>
    }
}

/// The trace as `cplab kube apply -o trace` prints it (or a log's, as `cplab kube audit`
/// does), the rows around the cursor, the last step shown marked.
#[component]
pub fn Trace(kube: Kube) -> impl IntoView {
    let k = kube.k;
    let body = move || {
        let (cursor, rows) = kube.read(|s| {
            let range = around(s.len(), s.cursor().checked_sub(1), TRACE_ROWS);
            (s.cursor(), range.map(|i| (i, s.trace_row(i).unwrap_or_default())).collect::<Vec<_>>())
        });
        let rows = rows.into_iter().map(|(i, row)| {
            let current = i + 1 == cursor;
            let cells = row.into_iter().map(|c| view! { <td>{c}</td> }).collect_view();
            view! { <tr class:current=current aria-current=current.then_some("step") data-step=(i + 1).to_string()>{cells}</tr> }
        });
        rows.collect_view()
    };
    let heads = move || super::super::helpers::column_heads(kube.read(|s| s.trace_heads().to_vec()));
    let scroller = NodeRef::<leptos::html::Div>::new();
    follow_cursor(kube, scroller);
    view! {
        <section class="trace k-trace" aria-labelledby="trace-title" data-testid="trace">
            <h2 id="trace-title">{k.trace_title}</h2>
            <div class="scroll" tabindex="0" node_ref=scroller>
                <table>
                    {heads}
                    <tbody>{body}</tbody>
                </table>
            </div>
        </section>
    }
}

/// Keeps the last step shown in the trace's box: more rows are drawn around the cursor than the
/// box shows, and at the run's end the current row was the last drawn, below the box's bottom.
/// Only the box scrolls (not the page), once the rows of a new cursor are drawn; a pause leaves
/// the box where the student scrolled it.
fn follow_cursor(kube: Kube, scroller: NodeRef<leptos::html::Div>) {
    Effect::new(move |before: Option<usize>| {
        let step = kube.read(|s| s.cursor());
        if before.is_some_and(|b| b != step) {
            request_animation_frame(move || {
                use wasm_bindgen::JsCast;
                let Some(scroller) = scroller.get_untracked() else { return };
                let row = scroller.query_selector("tbody tr.current").ok().flatten();
                if let Some(row) = row.and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok()) {
                    super::super::helpers::keep_row_in_box(&scroller, &row, 1);
                }
            });
        }
        step
    });
}

/// The blast-radius table: one row per set of parts down, filled as a run reaches its end.
#[component]
pub fn Blast(kube: Kube) -> impl IntoView {
    let (k, h) = (kube.k, kube.ha);
    // With the Lease side on (issue 31) the rows carry the seconds each thing took: four more
    // columns, before the words (`kube::blast`'s HaSeconds, the CLI's KNOWS to REPLACED).
    let seconds = move || kube.read(|s| s.rows().iter().any(|r| r.ha.is_some()));
    let heads = move || {
        let mut heads: Vec<&'static str> = k.blast_heads.split('|').collect();
        if seconds() {
            let words = heads.pop();
            heads.extend(h.blast_ha_heads.split('|').chain(words));
        }
        super::super::helpers::column_heads(heads)
    };
    let rows = move || {
        let rows = kube.read(|s| s.rows().to_vec());
        let with_seconds = rows.iter().any(|r| r.ha.is_some());
        if rows.is_empty() {
            return view! { <tr><td colspan="8">{k.blast_none}</td></tr> }.into_any();
        }
        rows.into_iter()
            .map(|r| {
                let ok = if r.kubectl_ok { k.blast_ok } else { k.blast_fails };
                let cells = [
                    r.pods.to_string(),
                    r.bound.to_string(),
                    r.reported_running.to_string(),
                    r.running.to_string(),
                    r.writes_during.to_string(),
                ];
                let ha = r.ha.clone().map(|s| [s.knows, s.pause, s.traffic_stops, s.replaced]);
                let ha = with_seconds.then(|| ha.unwrap_or_else(|| ["-".into(), "-".into(), "-".into(), "-".into()]));
                view! {
                    <tr data-testid="blast-row" data-down=r.down.clone()>
                        <th scope="row">{r.down.clone()}</th>
                        <td>{ok}</td>
                        {cells.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}
                        {ha.map(|cells| cells.into_iter().map(|c| view! { <td class="seconds">{c}</td> }).collect_view())}
                        <td class="radius">{r.radius.clone()}</td>
                    </tr>
                }
            })
            .collect_view()
            .into_any()
    };
    view! {
        <section class="k-table blast" aria-labelledby="blast-title" data-testid="blast">
            <h2 id="blast-title">{k.blast_title}</h2>
            <p class="hint">{k.blast_hint}</p>
            {move || seconds().then(|| view! { <p class="hint" data-testid="blast-seconds-hint">{h.blast_ha_hint}</p> })}
            <div class="scroll" tabindex="0">
                <table>
                    {heads}
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}
