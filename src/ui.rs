//! The lab in the browser. It plays back what the model recorded and computes no rule itself.

use crate::model::{Scenario, TraceSummary, LESSON_TRACE_TITLE};
use leptos::prelude::*;

/// Mounts the lab into the page body.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}

/// The whole lab.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <main class="lab">
            <h1>"Control Plane Lab"</h1>
            <TraceTable />
        </main>
    }
}

/// The lesson's request traced end to end, as the model recorded it.
#[component]
pub fn TraceTable() -> impl IntoView {
    let outcome = Scenario::lesson().simulate();
    let Ok(outcome) = outcome else {
        return view! { <p role="alert">"The model could not run the lesson's scenario."</p> }.into_any();
    };
    let store = outcome.plane.store();
    let summary = TraceSummary::of(store.trace(), store.revision(), outcome.plane.rounds());
    let (mut rd, mut wr) = (0, 0);
    let rows = store
        .trace()
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if t.op == crate::model::Op::Read {
                rd += t.items;
            } else {
                wr += 1;
            }
            view! {
                <tr data-testid="trace-row">
                    <td>{i + 1}</td>
                    <td>{t.component.name()}</td>
                    <td>{t.op.as_str()}</td>
                    <td>{t.key.to_string()}</td>
                    <td>{t.items}</td>
                    <td>{rd}</td>
                    <td>{wr}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section aria-labelledby="trace-title">
            <h2 id="trace-title">{LESSON_TRACE_TITLE}</h2>
            <table data-testid="trace-table">
                <thead>
                    <tr>
                        <th scope="col">"#"</th>
                        <th scope="col">"component"</th>
                        <th scope="col">"op"</th>
                        <th scope="col">"key"</th>
                        <th scope="col">"items"</th>
                        <th scope="col">"rd"</th>
                        <th scope="col">"wr"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <p data-testid="trace-summary">{summary.line()}</p>
        </section>
    }
    .into_any()
}
