//! Review an exported lab report (its JSON or its CSV): the marks and the score shown are the
//! lab's, recomputed from the report's predictions and the assignment it carries
//! (`teaching::review`), never what the file claims; where the file claims otherwise, it says so.

use super::{browser, files};
use crate::messages::{fill, AssignmentMessages, Messages};
use crate::playback::LIMITS;
use crate::teaching::review::{read_report, review, too_large, Review, ReviewedAttempt, MAX_REPORT_BYTES};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The report reviewer.
#[component]
pub fn ReportReview(t: &'static Messages) -> impl IntoView {
    let a = super::assignment_texts(t);
    let shown = RwSignal::new_local(None::<Result<Review, String>>);
    let choose = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        leptos::task::spawn_local(async move {
            // A file larger than any report is refused by its size, before it is read.
            let result = files::read_chosen_file(&input, MAX_REPORT_BYTES, too_large().text(a), a)
                .await
                .and_then(|text| read_report(&text).map_err(|e| e.text(a)))
                .and_then(|report| review(&report, LIMITS, t).map_err(|e| e.text(a)));
            shown.set(Some(result));
        });
    };
    // On its own page (`?review=1`) the reviewer is what the teacher came for: opened and brought
    // into view (it sits below the lab's panels, 2,200 px down their box at 1280x800).
    let own_page = browser::query("review").is_some();
    let place = NodeRef::<leptos::html::Details>::new();
    Effect::new(move |_| {
        if let Some(e) = place.get().filter(|_| own_page) {
            super::helpers::scroll_into_box(&e, true);
        }
    });
    view! {
        <details class="review" open=own_page node_ref=place>
            <summary>{a.review_title}</summary>
            <label>{a.review_file} <input type="file" accept=".json,.csv,application/json,text/csv" data-testid="import-report" on:change=choose /></label>
            {move || shown.with(|r| r.as_ref().map(|r| match r {
                Err(why) => view! { <p class="error" role="alert" data-testid="import-error">{fill(a.review_failed, &[("why", why)])}</p> }.into_any(),
                Ok(r) => reviewed(r, t, a).into_any(),
            }))}
        </details>
    }
}

/// A reviewed report: the recomputed score and marks, then each earlier attempt.
fn reviewed(r: &Review, t: &'static Messages, a: &'static AssignmentMessages) -> impl IntoView {
    let reveal = r.assignment.reveal;
    let last = &r.last;
    let score =
        fill(a.review_score, &[("correct", &last.score.0), ("total", &last.score.1), ("time", &last.time)]);
    let unasked = (!r.unasked.is_empty())
        .then(|| view! { <p class="notice" data-testid="review-unasked">{fill(a.review_unasked, &[("ids", &r.unasked.join(", "))])}</p> });
    let earlier = (!r.earlier.is_empty()).then(|| {
        let attempts = r
            .earlier
            .iter()
            .enumerate()
            .map(|(i, attempt)| {
                let (correct, total) = attempt.score;
                let args: [(&str, &dyn std::fmt::Display); 4] =
                    [("n", &(i + 1)), ("time", &attempt.time), ("correct", &correct), ("total", &total)];
                view! {
                    <li data-testid="review-attempt">
                        <p>{fill(a.review_attempt, &args)}</p>
                        {claim(attempt, a)}
                        {lines(attempt, reveal, t, a)}
                    </li>
                }
            })
            .collect_view();
        view! { <h4>{a.review_attempts}</h4><ol>{attempts}</ol> }
    });
    view! {
        <div data-testid="imported-report">
            <h3>{r.assignment.title.clone()}</h3>
            <p data-testid="review-score">{score}</p>
            {claim(last, a)}
            {unasked}
            {lines(last, reveal, t, a)}
            {earlier}
        </div>
    }
}

/// What the file claims otherwise than the lab recomputes, if anything.
fn claim(attempt: &ReviewedAttempt, a: &'static AssignmentMessages) -> Option<impl IntoView> {
    let text = if attempt.claimed != attempt.score {
        let (claimed_correct, claimed_total) = attempt.claimed;
        let (correct, total) = attempt.score;
        let args: [(&str, &dyn std::fmt::Display); 4] = [
            ("claimed_correct", &claimed_correct),
            ("claimed_total", &claimed_total),
            ("correct", &correct),
            ("total", &total),
        ];
        fill(a.review_claim, &args)
    } else if attempt.claims_differ() {
        a.review_claim_marks.to_string()
    } else {
        return None;
    };
    Some(view! { <p class="error" data-testid="review-claim">{text}</p> })
}

/// Each item: what was predicted, the answer when the assignment reveals it, the lab's mark, and
/// the file's own mark where it differs.
fn lines(
    attempt: &ReviewedAttempt,
    reveal: bool,
    t: &'static Messages,
    a: &'static AssignmentMessages,
) -> impl IntoView {
    let mark = |right: bool| if right { "✓" } else { "✗" };
    let items = attempt
        .lines
        .iter()
        .map(|l| {
            let m = &l.marked;
            let predicted = m.typed_or(t.not_yet);
            let actual = if reveal {
                fill(a.review_actual, &[("actual", &super::helpers::shown(t, &m.item.answer))])
            } else {
                String::new()
            };
            let args: [(&str, &dyn std::fmt::Display); 4] = [
                ("label", &m.item.label_in(t, a)),
                ("predicted", &predicted),
                ("actual", &actual),
                ("mark", &mark(m.correct)),
            ];
            let claimed = l
                .claimed
                .filter(|&c| c != m.correct)
                .map(|c| fill(a.review_line_claimed, &[("mark", &mark(c))]));
            view! { <li data-testid="review-line">{fill(a.review_line, &args)}{claimed}</li> }
        })
        .collect_view();
    view! { <ul>{items}</ul> }
}
