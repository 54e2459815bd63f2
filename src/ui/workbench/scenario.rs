//! The scenario's tables (services, nodes, copies, requests, the faults over time) in a box of
//! their own height, then the run's counts and the scenario's notes: a scenario of a thousand
//! rows scrolls inside its box, so what students are asked stays near the top of the page, and
//! the counts stand under the box, covering nothing.

use super::{Notes, Workbench};
use crate::teaching::workbench::Section;
use leptos::prelude::*;

/// The scenario's tables, its run and its notes (the workbench's and the sandbox's).
#[component]
pub(crate) fn ScenarioTables(workbench: Workbench) -> impl IntoView {
    let w = workbench.w;
    view! {
        <div class="scenario-tables" data-testid="scenario-tables" role="region" aria-label=w.scenario_tables tabindex="0">
            <super::services::Services workbench />
            <super::nodes::Nodes workbench />
            <super::copies::Copies workbench />
            <super::requests::Requests workbench />
            <super::timeline::Timeline workbench />
        </div>
        <super::run::RunShown workbench />
        <Notes workbench section=Section::Scenario id="scenario-notes".into() />
    }
}
