//! The scenario's run, counted live beside the scenario's tables, with its trace (the lesson's
//! table) behind a disclosure: `teaching::scenario_tables::scenario_run`, computed once per edit
//! ([`Workbench::run`]).

use super::Workbench;
use crate::messages::fill;
use leptos::prelude::*;

/// The run's counts and trace. Its errors, if any, stand in the scenario's notes.
#[component]
pub(crate) fn RunShown(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    let run = workbench.run;
    let counts = move || run.with(|r| r.as_ref().map(|r| r.counts.clone()).unwrap_or_default());
    let trace = move || run.with(|r| r.as_ref().map(|r| r.trace.clone()).unwrap_or_default());
    let summary = move || {
        run.with(|r| match r {
            Some(r) if r.rows < r.steps => {
                fill(w.run_trace_first, &[("shown", &r.rows), ("steps", &r.steps)])
            }
            Some(r) => fill(w.run_trace, &[("steps", &r.steps)]),
            None => w.run_trace_none.to_string(),
        })
    };
    view! {
        // Sticky at the window's foot while the scenario's tables are in view: every edit's
        // effect on the run is seen without scrolling to it.
        <p class="counts" data-testid="scenario-counts" aria-live="polite">{counts}</p>
        <details class="run-trace" data-testid="run-trace">
            <summary>{summary}</summary>
            <pre tabindex="0" data-testid="run-trace-table">{trace}</pre>
        </details>
    }
}
