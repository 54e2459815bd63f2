//! The failure matrix: one row per downed part, filled in when the student runs the lesson's
//! three events to the end with that part down.

use super::lab::{Lab, Play};
use crate::model::{MatrixRow, Part, MATRIX_ORDER};
use leptos::prelude::*;

/// The matrix, empty rows waiting to be run.
#[component]
pub fn FailureMatrix(lab: Lab) -> impl IntoView {
    let rows = move || {
        let finished = lab.finished.get();
        MATRIX_ORDER
            .iter()
            .map(|&down| {
                let row = finished
                    .contains(&down)
                    .then(|| lab.recording_of(Play::Events, down).matrix_row.clone())
                    .flatten();
                view! { <MatrixLine down row /> }
            })
            .collect_view()
    };
    let filled = move || lab.finished.get().len();
    view! {
        <section class="matrix" aria-labelledby="matrix-title">
            <h2 id="matrix-title">"Failure matrix"</h2>
            <p class="hint">
                "Choose “Failure-matrix events”, take one part down (or none), and run to the end: its row fills in. "
                <span data-testid="matrix-progress">{move || format!("{} of {} rows run.", filled(), MATRIX_ORDER.len())}</span>
            </p>
            <div class="scroll" tabindex="0" role="region" aria-label="Failure matrix rows">
                <table data-testid="matrix-table">
                    {super::column_heads(&["down component", "scale", "failure", "node", "reads", "traffic", "believed/actual", "rd", "wr"])}
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// One row: the lesson's words once run, dashes before.
#[component]
fn MatrixLine(down: Option<Part>, row: Option<MatrixRow>) -> impl IntoView {
    let name = down.map_or("-", Part::name);
    let beyond = (down == Some(Part::NodeAgents)).then_some(" (beyond the lesson)");
    let cells: Vec<String> = match &row {
        Some(r) => vec![
            r.scale.as_str().to_string(),
            r.failure.as_str().to_string(),
            r.node.as_str().to_string(),
            r.reads.as_str().to_string(),
            if r.traffic_continues { "continues" } else { "stops" }.to_string(),
            format!("{}/{}", r.believed, r.actual),
            r.item_reads.to_string(),
            r.writes.to_string(),
        ],
        None => vec!["—".to_string(); 8],
    };
    let testid = format!("matrix-row-{}", name.replace(' ', "-"));
    view! {
        <tr data-testid=testid.clone() id=testid class:pending=row.is_none()>
            <th scope="row">{name}<span class="note">{beyond}</span></th>
            {cells.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}
        </tr>
    }
}
