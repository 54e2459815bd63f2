//! The students' sandbox (`?workbench=1&sandbox=1`): the workbench's scenario tables without an
//! assignment's parts, the run's counts live, and a link that reopens the scenario
//! (`teaching::sandbox`). A link that does not open says why; the lesson's scenario stands in.

use super::Workbench;
use crate::messages::{fill, EN_ASSIGNMENTS, EN_WORKBENCH};
use crate::teaching::sandbox::{lab_link, open_sandbox, sandbox_draft, sandbox_link};
use crate::teaching::workbench::Draft;
use crate::ui::browser::{page_address, query};
use leptos::prelude::*;

/// The whole sandbox page.
#[component]
pub fn SandboxPage() -> impl IntoView {
    let (w, a) = (&EN_WORKBENCH, &EN_ASSIGNMENTS);
    let (start, failed) = match query("s").map(|code| open_sandbox(&code, a)) {
        Some(Ok(d)) => (d, None),
        Some(Err(why)) => {
            (sandbox_draft(Draft::default().scenario), Some(fill(w.sandbox_bad_link, &[("why", &why)])))
        }
        None => (sandbox_draft(Draft::default().scenario), None),
    };
    let draft = RwSignal::new(start);
    let workbench = Workbench::new(draft, w);
    let checked = workbench.checked;
    let base = page_address();
    let link = {
        let base = base.clone();
        Memo::new(move |_| draft.with(|d| sandbox_link(&base, d.scenario.as_ref())))
    };
    // The lab runs the scenario once it reads: a scenario with an error has no run to show.
    let runs = move || checked.with(|c| !c.has_errors());
    let in_lab = Memo::new(move |_| draft.with(|d| lab_link(&base, d.scenario.as_ref())));
    view! {
        <main class="lab workbench sandbox" data-testid="sandbox">
            <header>
                <h1>{w.sandbox_title}</h1>
                <p>{w.sandbox_intro}</p>
                <p><a href="?" data-testid="sandbox-back">{w.sandbox_back}</a></p>
            </header>
            {failed.map(|m| view! { <p class="error" role="alert" data-testid="sandbox-bad-link">{m}</p> })}
            <section class="questions" aria-labelledby="sandbox-h">
                <h2 id="sandbox-h">{w.sandbox_scenario}</h2>
                <super::scenario::ScenarioTables workbench />
            </section>
            <section class="out" aria-labelledby="sandbox-share-h">
                <h2 id="sandbox-share-h">{w.sandbox_share}</h2>
                <div class="field">
                    <label for="sandbox-link">{w.sandbox_link}</label>
                    <input id="sandbox-link" data-testid="sandbox-share-link" type="text" readonly prop:value=link />
                    <a href=link data-testid="sandbox-reopen">{w.sandbox_reopen}</a>
                </div>
                <Show when=runs fallback=move || view! { <p class="hint" data-testid="sandbox-no-run">{w.sandbox_no_run}</p> }>
                    <p><a href=in_lab data-testid="sandbox-run">{w.sandbox_run}</a>" "{w.sandbox_run_hint}</p>
                </Show>
            </section>
        </main>
    }
}
