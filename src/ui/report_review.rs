//! Review an exported lab report: choose the JSON file, see its predictions and results.

use super::{browser, files};
use crate::messages::{fill, Messages};
use crate::teaching::report::{parse_report, Report};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The report reviewer.
#[component]
pub fn ReportReview(t: &'static Messages) -> impl IntoView {
    let a = super::assignment_texts(t);
    let shown = RwSignal::new(None::<Result<Report, String>>);
    let choose = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let result = files::read_chosen_file(&input, a)
                .await
                .and_then(|text| parse_report(&text).map_err(|e| e.text(a)));
            shown.set(Some(result));
        });
    };
    view! {
        <details class="review" open=browser::query("review").is_some()>
            <summary>{a.review_title}</summary>
            <label>{a.review_file} <input type="file" accept=".json,application/json" data-testid="import-report" on:change=choose /></label>
            {move || shown.get().map(|r| match r {
                Err(why) => view! { <p class="error" role="alert" data-testid="import-error">{fill(a.review_failed, &[("why", &why)])}</p> }.into_any(),
                Ok(report) => view! {
                    <div data-testid="imported-report">
                        <h3>{report.title.clone()}</h3>
                        <p>{fill(a.review_score, &[("correct", &report.correct), ("total", &report.total), ("time", &report.time)])}</p>
                        <ul>
                            {report.lines.iter().map(|l| view! {
                                <li>{fill(a.review_line, &[
                                    ("label", &l.label),
                                    ("predicted", &if l.predicted.is_empty() { t.not_yet } else { &l.predicted }),
                                    ("actual", &if l.actual.is_empty() { String::new() } else { fill(a.review_actual, &[("actual", &l.actual)]) }),
                                    ("mark", &if l.correct { "✓" } else { "✗" }),
                                ])}</li>
                            }).collect_view()}
                        </ul>
                    </div>
                }.into_any(),
            })}
        </details>
    }
}
