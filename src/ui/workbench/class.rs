//! Class review: the students' exported reports, many at once, marked anew against the
//! assignment being edited (`teaching::class_review`): per question how many were right and the
//! most common wrong answers; files of another assignment, or unreadable, named and skipped; the
//! same report given twice (its JSON and its CSV) named and counted once.

use super::Workbench;
use crate::formats::assignment_json;
use crate::messages::{fill, EN, EN_ASSIGNMENTS};
use crate::playback::LIMITS;
use crate::teaching::class_review::{class_review, duplicate_text, ClassReview};
use crate::teaching::review::MAX_REPORT_BYTES;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The class review's part of the workbench.
#[component]
pub(crate) fn Class(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let a = &EN_ASSIGNMENTS;
    // The files as read (name, text): the review is derived from them and the assignment, so
    // an assignment changed afterwards reviews them anew.
    let files = RwSignal::new_local(Vec::<(String, String)>::new());
    let review = Memo::new(move |_| {
        let files = files.get();
        // The draft's file read back: the assignment the reports must carry.
        let usable =
            workbench.checked.with(|c| c.checked.is_some().then(|| assignment_json::parse(&c.text).ok()));
        usable.flatten().map(|assignment| class_review(&assignment, &files, LIMITS, &EN, a))
    });
    let choose = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let mut read = Vec::new();
            let list = input.files();
            for i in 0..list.as_ref().map_or(0, |l| l.length()) {
                let Some(file) = list.as_ref().and_then(|l| l.get(i)) else { continue };
                // A file larger than any report is read no further than one byte past the
                // largest: the review refuses it as the single review does (over 4 MiB).
                let most = (MAX_REPORT_BYTES + 1) as f64;
                let head =
                    if file.size() > most { file.slice_with_f64_and_f64(0.0, most).ok() } else { None };
                let blob: web_sys::Blob = head.unwrap_or_else(|| file.clone().into());
                let text =
                    JsFuture::from(blob.text()).await.ok().and_then(|t| t.as_string()).unwrap_or_default();
                read.push((file.name(), text));
            }
            files.set(read);
        });
    };
    view! {
        <section class="class" aria-labelledby="class-h">
            <h2 id="class-h">{w.class}</h2>
            <label>{w.class_files}" "<input type="file" multiple accept=".json,.csv,application/json,text/csv" data-testid="class-files" on:change=choose /></label>
            {move || match review.get() {
                None => view! { <p class="notice">{w.class_needs_assignment}</p> }.into_any(),
                Some(r) if files.with(Vec::is_empty) => { let _ = r; ().into_any() }
                Some(r) => table(&r, workbench).into_any(),
            }}
        </section>
    }
}

fn table(r: &ClassReview, workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let a = &EN_ASSIGNMENTS;
    let rows = r
        .tallies
        .iter()
        .map(|t| {
            let wrong: Vec<String> = t
                .wrong
                .iter()
                .map(|(typed, n)| {
                    let typed = if typed.is_empty() { w.class_blank.to_string() } else { typed.clone() };
                    fill(w.class_wrong_one, &[("typed", &typed), ("n", n)])
                })
                .collect();
            view! {
                <tr data-testid="class-row">
                    <th scope="row">{t.label.clone()}</th>
                    <td>{t.answer.clone()}</td>
                    <td>{format!("{} / {}", t.right, t.of)}</td>
                    <td>{wrong.join(", ")}</td>
                </tr>
            }
        })
        .collect_view();
    let edited = (!r.edited.is_empty()).then(|| view! { <p class="notice" data-testid="class-edited">{fill(w.class_edited, &[("names", &r.edited.join(", "))])}</p> });
    let duplicates = r
        .duplicates
        .iter()
        .map(|(name, first)| {
            view! { <p class="notice" data-testid="class-duplicates">{duplicate_text(name, first, w)}</p> }
        })
        .collect_view();
    let skipped = r.skipped.iter().map(|(name, why)| {
        view! { <li data-testid="class-skipped">{fill(w.class_skipped, &[("name", name), ("why", &why.text(a))])}</li> }
    }).collect_view();
    let students = r
        .students
        .iter()
        .map(|s| {
            let who =
                if s.student.trim().is_empty() { w.class_no_name.to_string() } else { s.student.clone() };
            let missed =
                if s.missed.is_empty() { w.class_missed_none.to_string() } else { s.missed.join(", ") };
            view! {
                <tr data-testid="class-student">
                    <th scope="row">{who}</th>
                    <td>{s.file.clone()}</td>
                    <td class="num">{format!("{} / {}", s.score.0, s.score.1)}</td>
                    <td>{missed}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="students" data-testid="class-students">
            <caption>{w.class_students_caption}</caption>
            <thead><tr><th scope="col">{w.class_student}</th><th scope="col">{w.class_file}</th><th scope="col">{w.class_score}</th><th scope="col">{w.class_missed}</th></tr></thead>
            <tbody>{students}</tbody>
        </table>
        <table data-testid="class-table">
            <caption>{fill(w.class_caption, &[("counted", &r.counted.len())])}</caption>
            <thead><tr><th scope="col">{w.class_item}</th><th scope="col">{w.class_answer}</th><th scope="col">{w.class_right}</th><th scope="col">{w.class_wrong}</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
        {edited}
        {duplicates}
        <ul>{skipped}</ul>
    }
}
