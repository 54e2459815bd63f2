//! Review an exported lab report: choose the JSON file, see its predictions and results.

use super::browser;
use crate::report::{parse_report, Report};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The report reviewer.
#[component]
pub fn ReportReview() -> impl IntoView {
    let shown = RwSignal::new(None::<Result<Report, String>>);
    let choose = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let result = browser::read_chosen_file(&input)
                .await
                .and_then(|t| parse_report(&t).map_err(|e| e.to_string()));
            shown.set(Some(result));
        });
    };
    view! {
        <details class="review">
            <summary>"Review a lab report"</summary>
            <label>"Report file (JSON) " <input type="file" accept=".json,application/json" data-testid="import-report" on:change=choose /></label>
            {move || shown.get().map(|r| match r {
                Err(why) => view! { <p class="error" role="alert" data-testid="import-error">{format!("This file cannot be reviewed: {why}")}</p> }.into_any(),
                Ok(report) => view! {
                    <div data-testid="imported-report">
                        <h3>{report.title.clone()}</h3>
                        <p>{format!("Score: {} / {} · {}", report.correct, report.total, report.time)}</p>
                        <ul>
                            {report.lines.iter().map(|l| view! {
                                <li>{format!("{}: predicted {}{} — {}", l.label, if l.predicted.is_empty() { "—" } else { &l.predicted },
                                    if l.actual.is_empty() { String::new() } else { format!(", actual {}", l.actual) },
                                    if l.correct { "✓" } else { "✗" })}</li>
                            }).collect_view()}
                        </ul>
                    </div>
                }.into_any(),
            })}
        </details>
    }
}
