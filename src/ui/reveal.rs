//! The reveal: after the lock, each prediction beside the actual value, with the difference and
//! links to what explains a wrong one; a matrix assignment's cells in a grid shaped like the
//! failure matrix, before the lock (the inputs) and after it (the results).

use super::assignment_panel::{Loaded, PredictionInput, Work};
use super::files;
use super::helpers::shown;
use super::lab::Lab;
use crate::messages::{fill, AssignmentMessages, Messages};
use crate::model::{Op, PartSet, Run};
use crate::teaching::assignment::{Cell, Item, ItemKind, Quantity, Question};
use crate::teaching::explain;
use crate::teaching::marking::{mark_in, score, Marked};
use crate::teaching::report;
use leptos::prelude::*;
use std::rc::Rc;

/// The reveal: each prediction beside the actual value, with the difference and the rows that
/// explain it.
#[component]
pub(super) fn Reveal(
    lab: Lab,
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    work: Work,
    lms: Option<super::lms::Lms>,
) -> impl IntoView {
    let a = work.a;
    let marked = move || mark_in(&loaded.get_value().items, &work.predictions.get(), lab.t);
    let hand_in = hand_in(a, lms);
    // The answers show once the last attempt is locked (see `answers_open`).
    let reveal = super::assignment_panel::answers_open(&loaded.get_value(), &work.attempts.get_untracked());
    let held_back = loaded.with_value(|l| l.assignment.reveal) && !reveal;
    let watchable = reveal && loaded.with_value(|l| l.assignment.asks_about_its_run());
    let export = move |csv: bool| export(loaded, work, marked(), csv);
    view! {
        <div class="reveal" id="reveal" data-testid="reveal">
            <p class="score" data-testid="score">
                {move || { let (c, n) = score(&marked()); fill(a.score, &[("correct", &c), ("total", &n)]) }}
            </p>
            {watchable.then(|| view! { <p><button type="button" data-testid="watch" on:click=move |_| watch(lab)>{a.watch}</button></p> })}
            {held_back.then(|| view! { <p class="notice" data-testid="answers-held">{a.answers_held}</p> })}
            {list(lab, loaded, a, marked, reveal)}
            {move || results_grid(lab, loaded, work, marked(), reveal)}
            <p class="hint" data-testid="hand-in">{super::helpers::live(hand_in)}</p>
            <p class="export">
                <button type="button" data-testid="export-json" on:click=move |_| export(false)>{a.export_json}</button>
                " "
                <button type="button" data-testid="export-csv" on:click=move |_| export(true)>{a.export_csv}</button>
            </p>
        </div>
    }
}

/// Where the results have gone, or how to hand them in: to an LMS that took them, to a course
/// page that takes them (embedded by one), else as the exported report.
fn hand_in(a: &'static AssignmentMessages, lms: Option<super::lms::Lms>) -> impl Fn() -> &'static str + Copy {
    let reporting = use_context::<Option<super::host::Host>>().flatten().is_some();
    move || match lms {
        Some(lms) if lms.error.get().is_none() => a.hand_in_lms,
        _ if reporting => a.hand_in_host,
        _ => a.hand_in_export,
    }
}

/// Watches the predicted run from its start, the results and the diagram brought into view: on
/// one screen the results to the top of their panel (the page itself does not scroll), on a
/// phone the page to the diagram, which comes first there.
fn watch(lab: Lab) {
    lab.show_given();
    super::controls::play(lab);
    let document = web_sys::window().and_then(|w| w.document());
    for id in ["reveal", "diagram-title"] {
        if let Some(e) = document.as_ref().and_then(|d| d.get_element_by_id(id)) {
            super::helpers::scroll_into_box(&e, true);
        }
    }
}

/// Exports the student's report, as CSV or JSON; a download the browser refuses is said.
fn export(loaded: StoredValue<Rc<Loaded>, LocalStorage>, work: Work, marked: Vec<Marked>, csv: bool) {
    let a = work.a;
    let l = loaded.get_value();
    let r = report::report(
        &l.assignment,
        &l.text,
        &marked,
        &files::now_iso(),
        &work.attempts.get_untracked(),
        &work.student.get_untracked(),
    );
    let name = |ext| report::file_name(&l.assignment.title, &work.student.get_untracked(), ext);
    let result = if csv {
        files::download(&name("csv"), "text/csv", &report::report_csv(&r), a)
    } else {
        files::download(&name("json"), "application/json", &report::report_json(&r), a)
    };
    if let Err(why) = result {
        work.notice.set(Some(fill(a.export_failed, &[("why", &why)])));
    }
}

/// The list of results (every item but a matrix assignment's cells, which are in the grid; with
/// none, the list is empty and not shown).
fn list(
    lab: Lab,
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    a: &'static AssignmentMessages,
    marked: impl Fn() -> Vec<Marked> + Copy + Send + Sync + 'static,
    reveal: bool,
) -> impl IntoView {
    let has_list = loaded.with_value(|l| l.items.iter().any(|i| !matches!(i.kind, ItemKind::Matrix(..))));
    view! {
        <div class="scroll" tabindex="0" role="region" aria-label=a.reveal_region hidden=!has_list>
            <table>
                <thead>
                    <tr>
                        <th scope="col">{a.col_item}</th>
                        <th scope="col">{a.col_prediction}</th>
                        {reveal.then(|| view! { <th scope="col">{a.col_actual}</th><th scope="col">{a.col_difference}</th> })}
                        <th scope="col">{a.col_result}</th>
                        {reveal.then(|| view! { <th scope="col">{a.col_see}</th> })}
                    </tr>
                </thead>
                <tbody>
                    {move || marked().into_iter().filter(|m| !matches!(m.item.kind, ItemKind::Matrix(..))).map(|m| view! { <RevealRow lab a m reveal /> }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// Right, wrong, or by how much, in words.
fn result_text(m: &Marked, t: &Messages, a: &AssignmentMessages, reveal: bool) -> String {
    match (&m.read, m.correct, m.difference) {
        // Nothing can be entered any more: a blank is said as such, not asked for.
        (Err(_), _, _) if m.blank() => a.result_blank.to_string(),
        (Err(e), _, _) => fill(a.result_invalid, &[("why", &e.text(t, a))]),
        (Ok(_), true, _) => a.result_correct.to_string(),
        (Ok(_), false, Some(d)) if reveal => fill(a.result_off_by, &[("n", &d.unsigned_abs())]),
        (Ok(_), false, _) => a.result_wrong.to_string(),
    }
}

/// A matrix assignment's cells in a grid shaped like the failure matrix: a row per downed part, a
/// column per cell, each cell drawn by `cell` from its item and its column's label. Before the
/// lock each holds its input ([`input_cell`]); after it ([`results_grid`]), what was typed, right
/// or wrong, and with the answers shown the actual value and a link to the run that shows it.
/// The cell is a parameter, not a choice made inside, so the page's first module carries only the
/// inputs and the results come with the reveal (the assignment page's split, `later.rs`).
pub(super) fn matrix_grid(
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    work: Work,
    testid: &'static str,
    cell: impl Fn(&Item, &'static str) -> AnyView,
) -> impl IntoView {
    let l = loaded.get_value();
    let task = l.assignment.matrix.clone().filter(|m| !m.rows.is_empty() && !m.cells.is_empty())?;
    let (t, a) = (work.t, work.a);
    let heads =
        task.cells.iter().map(|&c| view! { <th scope="col">{column_head(&l, c, t, a)}</th> }).collect_view();
    let verdicts =
        task.cells.iter().any(|c| matches!(c, Cell::Scale | Cell::Failure | Cell::Node | Cell::ReadsOutcome));
    let rows = task
        .rows
        .iter()
        .map(|&down| {
            let name = if down.is_empty() { a.grid_none.to_string() } else { t.down(down) };
            let cells = task
                .cells
                .iter()
                .filter_map(|&cell| {
                    l.items
                        .iter()
                        .find(|i| i.kind == ItemKind::Matrix(down, cell))
                        .map(|i| (i, cell.label_in(t, a)))
                })
                .map(|(item, column)| cell(item, column))
                .collect_view();
            view! { <tr><th scope="row">{name}</th>{cells}</tr> }
        })
        .collect_view();
    Some(view! {
        <div class="scroll grid" tabindex="0" role="region" aria-label=a.grid_region>
            <table data-testid=testid>
                <caption data-testid="grid-run">{a.grid_run}</caption>
                <thead><tr><th scope="col">{t.col_down}</th>{heads}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
            {verdicts.then(|| view! { <p class="hint" data-testid="grid-verdicts">{a.grid_verdicts}</p> })}
        </div>
    })
}

/// A grid cell before the lock: the item's input.
pub(super) fn input_cell(
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    work: Work,
) -> impl Fn(&Item, &'static str) -> AnyView {
    move |item, column| {
        view! { <td data-label=column><PredictionInput item=item.clone() loaded work /></td> }.into_any()
    }
}

/// The grid after the lock: each cell's result, from what was `marked`, with the answers when
/// `reveal`.
fn results_grid(
    lab: Lab,
    loaded: StoredValue<Rc<Loaded>, LocalStorage>,
    work: Work,
    marked: Vec<Marked>,
    reveal: bool,
) -> impl IntoView {
    let (t, a) = (work.t, work.a);
    matrix_grid(loaded, work, "matrix-results", move |item, column| {
        marked
            .iter()
            .find(|m| m.item.id == item.id)
            .map_or_else(|| ().into_any(), |m| result_cell(lab, (t, a), m, column, reveal))
    })
}

/// A grid column's head: the cell's label, with its tolerance when every cell of the column
/// allows the same.
fn column_head(l: &Loaded, c: Cell, t: &Messages, a: &AssignmentMessages) -> String {
    let label = c.label_in(t, a);
    let mut of_column = l.items.iter().filter(|i| matches!(i.kind, ItemKind::Matrix(_, cell) if cell == c));
    let first = of_column.next().map_or(0, |i| i.tolerance);
    if first > 0 && of_column.all(|i| i.tolerance == first) {
        fill(a.grid_tolerance, &[("cell", &label), ("n", &first)])
    } else {
        label.to_string()
    }
}

/// A grid cell after the lock: what was typed, right or wrong, and with `reveal` the actual
/// value and, when wrong, a link to the run that shows it.
fn result_cell(
    lab: Lab,
    (t, a): (&'static Messages, &'static AssignmentMessages),
    m: &Marked,
    column: &'static str,
    reveal: bool,
) -> AnyView {
    let testid = format!("reveal-{}", m.item.page_id);
    let typed = m.typed_or(t.not_yet);
    let actual = reveal.then(|| fill(a.grid_actual, &[("actual", &shown(t, &m.item.answer))]));
    // In a cell, the link is short: the row and column already say which run.
    let links = (reveal && !m.correct).then(|| {
        let links = explaining_rows(lab, a, &m.item);
        see(lab, links.into_iter().map(|(href, _, down)| (href, a.grid_see.to_string(), down)).collect())
    });
    // What a count column counts, where students most often count otherwise.
    let counts = match (m.correct, &m.item.kind) {
        (false, ItemKind::Matrix(_, Cell::Believed)) => Some(a.grid_counts_believed),
        (false, ItemKind::Matrix(_, Cell::Actual)) => Some(a.grid_counts_actual),
        _ => None,
    };
    view! {
        <td data-testid=testid data-label=column class=if m.correct { "correct" } else { "wrong" }>
            <span class="typed">{typed}</span>
            <span class="result">{result_text(m, t, a, reveal)}</span>
            <span class="actual">{actual}</span>
            <span class="links">{links}</span>
            {counts.map(|c| view! { <span class="counts" data-testid="grid-counts">{c}</span> })}
        </td>
    }
    .into_any()
}

#[component]
fn RevealRow(lab: Lab, a: &'static AssignmentMessages, m: Marked, reveal: bool) -> impl IntoView {
    let t = lab.t;
    let result = result_text(&m, t, a, reveal);
    let links = (reveal && !m.correct).then(|| explaining_rows(lab, a, &m.item));
    let testid = format!("reveal-{}", m.item.page_id);
    view! {
        <tr data-testid=testid class:wrong=!m.correct>
            <th scope="row">{m.item.label_in(t, a)}</th>
            <td data-label=a.col_prediction>{m.typed_or(t.not_yet)}</td>
            {reveal.then(|| view! {
                <td data-label=a.col_actual>{shown(t, &m.item.answer)}</td>
                <td data-label=a.col_difference>{m.difference.map(|d| format!("{d:+}")).unwrap_or_default()}</td>
            })}
            <td data-label=a.col_result>{result}</td>
            {reveal.then(|| view! { <td class="links" data-label=a.col_see>{see(lab, links.unwrap_or_default())}</td> })}
        </tr>
    }
}

/// A link that explains a wrong answer: where it goes, its words, and for a failure-matrix row
/// the parts down, whose events run it shows to the end (filling that row) as it goes there.
type Link = (String, String, Option<PartSet>);

/// Links to what explains an item: the trace rows that make up a count, the world, or the run
/// of a failure-matrix row.
fn explaining_rows(lab: Lab, a: &AssignmentMessages, item: &Item) -> Vec<Link> {
    let t = lab.t;
    let row = |down: PartSet| -> Vec<Link> {
        let name = crate::formats::tables::row_name(down);
        let shown = if down.is_empty() { t.part_none.to_string() } else { t.down(down) };
        vec![(
            format!("#matrix-row-{}", name.replace(' ', "-")),
            fill(a.see_matrix_row, &[("name", &shown)]),
            Some(down),
        )]
    };
    let question = match &item.kind {
        &ItemKind::Matrix(down, _) | &ItemKind::Question(Question::Repair { down, .. }) => return row(down),
        ItemKind::Count(Quantity::Rounds | Quantity::Components) => {
            return vec![("#trace-title".to_string(), a.see_trace.to_string(), None)]
        }
        ItemKind::Question(Question::Service { .. }) => {
            return vec![("#world-title".to_string(), a.see_world.to_string(), None)]
        }
        ItemKind::Count(q) => return by_round(lab, a, *q),
        ItemKind::Question(q) => q,
    };
    // A long run's count is made of thousands of rows: the first few are linked, the rest named.
    let run = given_run(lab);
    let (steps, more) = explain::steps_counted(&run.steps, question, MOST_LINKS);
    let mut links: Vec<Link> = steps
        .into_iter()
        .map(|(n, s)| {
            let text = if s.op == Op::Read {
                fill(a.see_read_step, &[("n", &n), ("items", &t.items(s.items))])
            } else {
                fill(a.see_step, &[("n", &n)])
            };
            (format!("#step-{n}"), text, None)
        })
        .collect();
    if more > 0 {
        links.push(("#trace-title".to_string(), fill(a.see_more, &[("n", &more)]), None));
    }
    links
}

/// The assignment's run from its start, as the lab recorded it.
fn given_run(lab: Lab) -> Rc<crate::playback::Recording> {
    lab.recording_of(Run::Given, &crate::playback::Edits::starting(untrack(|| lab.down())))
}

/// The links that explain a whole run's count: one a round, each to the round's last step and
/// saying what the round adds (the lesson's reads: requests 0, round 1: 24, round 2: 26), so a
/// student finds which round their count missed rather than a list of every read.
fn by_round(lab: Lab, a: &AssignmentMessages, q: Quantity) -> Vec<Link> {
    let (shares, more) = explain::rounds_adding(given_run(lab).rounds(), q, MOST_LINKS);
    let mut links: Vec<Link> = shares
        .into_iter()
        .map(|share| {
            let text = if share.round == 0 {
                fill(a.see_requests, &[("n", &share.adds)])
            } else {
                fill(a.see_round, &[("round", &share.round), ("n", &share.adds)])
            };
            (format!("#step-{}", share.last), text, None)
        })
        .collect();
    // A long run's rounds: the first are linked, the rest named.
    if more > 0 {
        links.push(("#trace-title".to_string(), fill(a.see_more_rounds, &[("n", &more)]), None));
    }
    links
}

/// The links of a wrong answer; one to a failure-matrix row also shows that row's run to its end.
pub(super) fn see(lab: Lab, links: Vec<Link>) -> impl IntoView {
    links
        .into_iter()
        .map(|(href, text, down)| {
            // A trace row of a long run may not be drawn yet: the trace draws it, then goes there.
            let step = href.strip_prefix("#step-").and_then(|n| n.parse::<usize>().ok());
            let go = move |ev: leptos::ev::MouseEvent| {
                // A matrix row's run fills the row, which stays in view under the heads.
                if let Some(down) = down {
                    ev.prevent_default();
                    lab.switch(Run::Events, down);
                    lab.go_to(usize::MAX);
                    super::failure_matrix::show_row(down);
                }
                // A step's link moves the run there: the page does not jump to an anchor.
                if let Some(step) = step {
                    ev.prevent_default();
                    super::trace_table::show_step(lab, step);
                }
            };
            view! { <a href=href on:click=go data-testid="see">{text}</a> " " }
        })
        .collect_view()
}

/// Most trace rows one wrong answer links to.
const MOST_LINKS: usize = 20;
