//! The trace table: one row per step up to the cursor, the current row marked, rounds set apart,
//! and the lesson's summary line.

use super::lab::Lab;
use crate::model::{Op, TraceSummary};
use leptos::prelude::*;

/// The trace so far.
#[component]
pub fn TraceTable(lab: Lab) -> impl IntoView {
    let rows = move || {
        let recording = lab.recording();
        let cursor = lab.cursor.get().min(recording.len());
        let (mut rd, mut wr, mut round) = (0, 0, None);
        let mut out = Vec::new();
        for (i, t) in recording.steps[..cursor].iter().enumerate() {
            if round != Some(t.round) {
                round = Some(t.round);
                let label = if t.round == 0 { "requests".to_string() } else { format!("round {}", t.round) };
                out.push(
                    view! { <tr class="round"><th colspan="7" scope="rowgroup">{label}</th></tr> }.into_any(),
                );
            }
            if t.op == Op::Read {
                rd += t.items;
            } else {
                wr += 1;
            }
            let current = i + 1 == cursor;
            out.push(
                view! {
                    <tr data-testid="trace-row" id=format!("step-{}", i + 1) class:current=current aria-current=current.then_some("step")>
                        <td>{i + 1}</td>
                        <td>{t.component.name()}</td>
                        <td>{t.op.as_str()}</td>
                        <td><code>{t.key.to_string()}</code></td>
                        <td>{t.items}</td>
                        <td>{rd}</td>
                        <td>{wr}</td>
                    </tr>
                }
                .into_any(),
            );
        }
        out
    };
    let summary = move || {
        let recording = lab.recording();
        let cursor = lab.cursor.get().min(recording.len());
        let steps = &recording.steps[..cursor];
        let rounds =
            if cursor == recording.len() { recording.rounds } else { steps.last().map_or(0, |s| s.round) };
        TraceSummary::of(steps, recording.totals_at(cursor).writes as u64, rounds).line()
    };
    view! {
        <section class="trace" aria-labelledby="trace-title">
            <h2 id="trace-title">"Trace"</h2>
            <div class="scroll" tabindex="0" role="region" aria-label="Trace steps">
                <table data-testid="trace-table">
                    {super::column_heads(&["#", "component", "op", "key", "items", "rd", "wr"])}
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="summary" data-testid="trace-summary">{summary}</p>
        </section>
    }
}
