//! The failure matrix: one row per downed part, filled in when the student runs the lesson's
//! three events to the end with that part down.

use super::lab::Lab;
use crate::messages::{fill, Messages};
use crate::model::{MatrixRow, Part, Run, MATRIX_ORDER};
use leptos::prelude::*;

/// The matrix, empty rows waiting to be run.
#[component]
pub fn FailureMatrix(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let rows = move || {
        let finished = lab.finished.get();
        MATRIX_ORDER
            .iter()
            .map(|&down| {
                let row = finished
                    .contains(&down)
                    .then(|| lab.recording_of(Run::Events, down).matrix_row.clone())
                    .flatten();
                view! { <MatrixLine t down row /> }
            })
            .collect_view()
    };
    let filled = move || lab.finished.get().len();
    view! {
        <section class="matrix" aria-labelledby="matrix-title">
            <h2 id="matrix-title">{t.matrix_title}</h2>
            <p class="hint">
                {t.matrix_hint}
                <span data-testid="matrix-progress">{move || fill(t.matrix_progress, &[("filled", &filled()), ("total", &MATRIX_ORDER.len())])}</span>
            </p>
            <div class="scroll" tabindex="0" role="region" aria-label=t.matrix_region>
                <table data-testid="matrix-table">
                    {super::column_heads(vec![
                        t.col_down, t.col_scale, t.col_failure, t.col_node, t.col_reads, t.col_traffic,
                        t.col_believed_actual, t.col_rd, t.col_wr,
                    ])}
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// One row: the lesson's words once run, dashes before.
#[component]
fn MatrixLine(t: &'static Messages, down: Option<Part>, row: Option<MatrixRow>) -> impl IntoView {
    let name = t.down(down);
    let beyond = (down == Some(Part::NodeAgents)).then_some(t.matrix_beyond);
    let cells: Vec<String> = match &row {
        Some(r) => vec![
            t.verdict(r.scale).to_string(),
            t.verdict(r.failure).to_string(),
            t.verdict(r.node).to_string(),
            t.verdict(r.reads).to_string(),
            if r.traffic_continues { t.traffic_continues } else { t.traffic_stops }.to_string(),
            format!("{}/{}", r.believed, r.actual),
            r.item_reads.to_string(),
            r.writes.to_string(),
        ],
        None => vec![t.not_yet.to_string(); 8],
    };
    // Ids stay in the lesson's words in every language: links and tests point at them.
    let testid = format!("matrix-row-{}", down.map_or("-", Part::name).replace(' ', "-"));
    view! {
        <tr data-testid=testid.clone() id=testid class:pending=row.is_none()>
            <th scope="row">{name}<span class="note">{beyond}</span></th>
            {cells.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}
        </tr>
    }
}
