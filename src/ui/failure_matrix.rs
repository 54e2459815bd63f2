//! The failure matrix: one row per set of parts down, filled in when the student runs the lesson's
//! three events to the end with those parts down; then, as they bring the parts back at the end
//! (the repair) and have the node agents report again, the columns after repair and after the
//! report. Every number comes from the recordings the student ran (`playback::MatrixLine`).

use super::helpers::live;
use super::lab::Lab;
use crate::messages::{fill, Messages};
use crate::model::{MatrixRow, Part, PartSet, MATRIX_ORDER};
use crate::playback::{still_undone, Decision, MatrixLine, Phase};
use leptos::prelude::*;

/// The matrix, empty rows waiting to be run.
#[component]
pub fn FailureMatrix(lab: Lab) -> impl IntoView {
    let t = lab.t;
    let rows = move || {
        MATRIX_ORDER
            .iter()
            .map(|&down| view! { <MatrixRowView lab down line=lab.line(down) /> })
            .collect_view()
    };
    let filled = move || lab.rows_filled();
    view! {
        <section class="matrix" aria-labelledby="matrix-title">
            <h2 id="matrix-title">{t.matrix_title}</h2>
            <p class="hint">
                {t.matrix_hint}
                <span data-testid="matrix-progress">{live(move || fill(t.matrix_progress, &[("filled", &filled()), ("total", &MATRIX_ORDER.len())]))}</span>
            </p>
            <div class="scroll" tabindex="0" role="region" aria-label=t.matrix_region>
                <table data-testid="matrix-table" id="matrix-table">
                    {super::helpers::column_heads(vec![
                        t.col_down, t.col_scale, t.col_failure, t.col_node, t.col_reads, t.col_traffic,
                        t.col_believed_actual, t.col_rd, t.col_wr, t.col_after_repair, t.col_after_report,
                    ])}
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// The lesson's cells of a row, in its words.
fn lesson_cells(t: &Messages, r: &MatrixRow) -> Vec<String> {
    vec![
        t.verdict(r.scale).to_string(),
        t.verdict(r.failure).to_string(),
        t.verdict(r.node).to_string(),
        t.verdict(r.reads).to_string(),
        if r.traffic_continues { t.traffic_continues } else { t.traffic_stops }.to_string(),
        // As the lesson prints it: believed, then actual.
        format!("{}/{}", r.believed, r.actual),
        r.item_reads.to_string(),
        r.writes.to_string(),
    ]
}

/// The two cells beyond the lesson's columns: after repair, after the report (the healthy row has
/// nothing to repair).
fn repair_cells(t: &Messages, down: PartSet, line: &MatrixLine) -> [String; 2] {
    let none = || t.not_yet.to_string();
    if down.is_empty() {
        return [none(), none()];
    }
    let repaired = line.repaired.as_ref().map(|a| {
        fill(
            t.matrix_repaired,
            &[
                ("scale", &t.verdict(a.scale)),
                ("failure", &t.verdict(a.failure)),
                ("node", &t.verdict(a.node)),
                ("believed", &a.believed),
                ("actual", &a.actual),
                ("reads", &a.item_reads),
                ("writes", &a.writes),
            ],
        )
    });
    let reported = match &line.reported {
        Some(p) => Some(fill(
            t.matrix_reported,
            &[
                ("failure", &t.verdict(p.failure)),
                ("kept", &kept(t, p)),
                ("believed", &p.believed),
                ("actual", &p.actual),
                ("reads", &p.item_reads),
                ("writes", &p.writes),
            ],
        )),
        None if repaired.is_some() && !line.report_due() => Some(t.matrix_no_gap.to_string()),
        None => None,
    };
    [repaired.unwrap_or_else(none), reported.unwrap_or_else(none)]
}

/// What a report leaves halted, said before its counts (nothing when it leaves nothing).
fn kept(t: &Messages, row: &MatrixRow) -> String {
    let undone: Vec<String> =
        still_undone(row).into_iter().map(|(d, v)| format!("{} {}", column_of(t, d), t.verdict(v))).collect();
    if undone.is_empty() {
        return String::new();
    }
    fill(t.matrix_kept, &[("decisions", &undone.join(t.matrix_kept_join))])
}

/// A decision's column name.
fn column_of(t: &Messages, d: Decision) -> &'static str {
    match d {
        Decision::Scale => t.col_scale,
        Decision::Node => t.col_node,
    }
}

/// The matrix's column names after the first, for the cards a phone shows.
fn column_names(t: &Messages) -> [&'static str; 10] {
    [
        t.col_scale,
        t.col_failure,
        t.col_node,
        t.col_reads,
        t.col_traffic,
        t.col_believed_actual,
        t.col_rd,
        t.col_wr,
        t.col_after_repair,
        t.col_after_report,
    ]
}

/// Fills a row's phase and keeps the row in view with the matrix's column heads above it: the
/// views above the matrix change height as the run changes, and the row would leave the box.
fn fill_and_show(lab: Lab, down: PartSet, phase: Phase) {
    lab.fill_row(down, phase);
    show_row(down);
}

/// Brings the row of `down` into view under the matrix's heads (see `helpers::bring_into_view`).
pub(super) fn show_row(down: PartSet) {
    let row = format!("matrix-row-{}", crate::formats::tables::row_name(down).replace(' ', "-"));
    super::helpers::bring_into_view("matrix-table".to_string(), Some(row));
}

/// One row: the lesson's words once run, dashes before. The row's name is a button that fills
/// it (the failure-matrix events with its parts down, run to the end); once run, its repair and
/// then its report are buttons in their own cells.
#[component]
fn MatrixRowView(lab: Lab, down: PartSet, line: MatrixLine) -> impl IntoView {
    let t = lab.t;
    let name = t.down(down);
    // The healthy row says what its "-" means; the rows past the lesson say so.
    let beyond = if down.is_empty() {
        Some(t.matrix_healthy)
    } else {
        (down == PartSet::of(Part::NodeAgents) || down == PartSet::CONTROL_PLANE).then_some(t.matrix_beyond)
    };
    let mut cells: Vec<String> = match &line.run {
        Some(row) => lesson_cells(t, row),
        None => vec![t.not_yet.to_string(); 8],
    };
    let later = repair_cells(t, down, &line);
    // The next phase a press can fill: the repair once run, the report once repaired (where the
    // repair left a gap); none for the healthy row, which has nothing to repair.
    let furthest = line.furthest();
    let next = match furthest {
        Some(Phase::Run) if !down.is_empty() => Some((Phase::Repaired, t.matrix_repair, 8)),
        Some(Phase::Repaired) if line.report_due() => Some((Phase::Reported, t.matrix_report, 9)),
        _ => None,
    };
    let label = fill(
        t.matrix_fill,
        &[("down", &if down.is_empty() { t.down_nothing.to_string() } else { name.clone() })],
    );
    // Ids stay in the lesson's words in every language: links and tests point at them.
    let row = crate::formats::tables::row_name(down).replace(' ', "-");
    let testid = format!("matrix-row-{row}");
    let lesson = cells.drain(..).zip(column_names(t)).map(|(c, name)| view! { <td data-label=name>{c}</td> });
    let phase_row = row.clone();
    let after = later.into_iter().enumerate().map(move |(i, c)| {
        let column = column_names(t)[8 + i];
        match next.filter(|n| n.2 == 8 + i) {
            Some((phase, text, _)) => view! {
                <td data-label=column>
                    <button type="button" class="phase" data-testid=format!("matrix-{}-{phase_row}", if i == 0 { "repair" } else { "report" })
                        on:click=move |_| fill_and_show(lab, down, phase)>{text}</button>
                </td>
            }
            .into_any(),
            None => view! { <td data-label=column>{c}</td> }.into_any(),
        }
    });
    view! {
        <tr data-testid=testid.clone() id=testid class:pending=furthest.is_none()>
            <th scope="row">
                <button type="button" class="fill" aria-label=label data-testid=format!("matrix-fill-{row}")
                    on:click=move |_| fill_and_show(lab, down, Phase::Run)>{name}</button>
                <span class="note">{beyond}</span>
            </th>
            {lesson.collect_view()}
            {after.collect_view()}
        </tr>
    }
}
