//! The workbench's scenario as tables (issue 21), a first table: the requests that set a
//! service's desired copies. Rows are read from, and written into, the draft's scenario as the
//! format writes it, each field as typed; the format's reader names what is wrong, by row.
//! Requests of other kinds (a copy, a node, a removal) are kept as written and counted.

use super::workbench::{typed_number, Draft};
use crate::messages::AssignmentMessages;
use crate::model::Limits;
use serde_json::{json, Value as Json};
use std::collections::BTreeMap;

/// A request that sets a service's desired copies, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestRow {
    /// Its place in the scenario's `requests`.
    pub at: usize,
    /// The key (`service/collector`).
    pub key: String,
    /// The desired copies, as typed.
    pub desired: String,
}

/// Whether `v` is a request that sets `desired` alone.
fn is_desired(v: &Json) -> bool {
    v.get("value").and_then(Json::as_object).is_some_and(|o| o.len() == 1 && o.contains_key("desired"))
        && v.get("key").is_some_and(Json::is_string)
}

/// The draft's desired-copies requests, and how many requests of other kinds it keeps.
pub fn request_rows(draft: &Draft) -> (Vec<RequestRow>, usize) {
    let list = draft.scenario.as_ref().and_then(|s| s.get("requests")).and_then(Json::as_array);
    let (mut rows, mut others) = (Vec::new(), 0);
    for (at, r) in list.into_iter().flatten().enumerate() {
        if !is_desired(r) {
            others += 1;
            continue;
        }
        let desired = match &r["value"]["desired"] {
            Json::String(s) => s.clone(),
            other => other.to_string(),
        };
        rows.push(RequestRow { at, key: r["key"].as_str().unwrap_or_default().to_string(), desired });
    }
    (rows, others)
}

/// The scenario's `requests`, made a list if it is none yet.
fn requests(draft: &mut Draft) -> &mut Vec<Json> {
    let scenario = draft.scenario.get_or_insert_with(|| json!({}));
    if !scenario.is_object() {
        *scenario = json!({});
    }
    let list = &mut scenario["requests"];
    if !list.is_array() {
        *list = json!([]);
    }
    match list {
        Json::Array(items) => items,
        _ => unreachable!("made an array just above"),
    }
}

/// Sets request `at` to `key` wanting `desired` copies (as typed: a number is written as one).
pub fn set_request(draft: &mut Draft, at: usize, key: &str, desired: &str) {
    let desired = typed_number(desired);
    if let Some(r) = requests(draft).get_mut(at) {
        *r = json!({"key": key, "value": {"desired": desired}});
    }
}

/// Adds a request for the lesson's service, to be edited.
pub fn add_request(draft: &mut Draft) {
    requests(draft).push(json!({"key": "service/collector", "value": {"desired": 5}}));
}

/// Removes request `at`.
pub fn remove_request(draft: &mut Draft, at: usize) {
    let list = requests(draft);
    if at < list.len() {
        list.remove(at);
    }
}

/// A starting node, as typed: the lesson's (or `initial`'s) value, or its change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRow {
    /// The key (`node/m3`).
    pub key: String,
    /// Its capacity, as typed.
    pub capacity: String,
    /// `alive` or `dead` (as written).
    pub health: String,
}

/// The typed text of a JSON field (a string as it is, null as blank, anything else as JSON).
pub(crate) fn typed(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        Json::Null => String::new(),
        other => other.to_string(),
    }
}

/// The starting rows of one prefix in the draft's scenario: those of `initial` (else `lesson()`,
/// the lesson's own), then the rows its `changes` add, each with its change applied; a row the
/// changes remove is left out. One rule for the services', nodes' and copies' tables.
pub(crate) fn starting_rows<R>(
    draft: &Draft,
    prefix: &str,
    lesson: impl FnOnce() -> Vec<R>,
    row: impl Fn(&str, &Json) -> R,
    key: impl Fn(&R) -> &str,
) -> Vec<R> {
    let scenario = draft.scenario.as_ref();
    let rows: Vec<R> = match scenario.and_then(|s| s.get("initial")).and_then(Json::as_object) {
        Some(initial) => {
            initial.iter().filter(|(k, _)| k.starts_with(prefix)).map(|(k, v)| row(k, v)).collect()
        }
        None => lesson(),
    };
    // Each row's place by its key, so a change finds its row at once: a scenario of a thousand
    // changes costs a thousand look-ups, not a million comparisons. A removed row is left empty
    // and dropped at the end, so no other row's place moves.
    let mut at: BTreeMap<String, usize> =
        rows.iter().enumerate().map(|(i, r)| (key(r).to_string(), i)).collect();
    let mut rows: Vec<Option<R>> = rows.into_iter().map(Some).collect();
    let changes = scenario.and_then(|s| s.get("changes")).and_then(Json::as_object);
    for (k, v) in changes.into_iter().flatten().filter(|(k, _)| k.starts_with(prefix)) {
        match at.get(k.as_str()).and_then(|&i| rows.get_mut(i)) {
            Some(slot) if v.is_null() => {
                *slot = None;
                at.remove(k.as_str());
            }
            Some(slot) => *slot = Some(row(k, v)),
            None if v.is_null() => {}
            None => {
                at.insert(k.clone(), rows.len());
                rows.push(Some(row(k, v)));
            }
        }
    }
    rows.into_iter().flatten().collect()
}

/// The starting nodes of the draft's scenario: those of `initial` (else the lesson's three),
/// then nodes its `changes` add, each with its change applied; a node the changes remove is left
/// out.
pub fn node_rows(draft: &Draft) -> Vec<NodeRow> {
    let lesson = || {
        (1..=3)
            .map(|i| NodeRow { key: format!("node/m{i}"), capacity: "4".into(), health: "alive".into() })
            .collect()
    };
    let row = |k: &str, v: &Json| NodeRow {
        key: k.to_string(),
        capacity: typed(&v["capacity"]),
        health: typed(&v["health"]),
    };
    starting_rows(draft, "node/", lesson, row, |r| &r.key)
}

/// A starting service, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceRow {
    /// The key (`service/collector`).
    pub key: String,
    /// Its desired copies, as typed.
    pub desired: String,
}

/// The starting services of the draft's scenario: those of `initial` (else the lesson's two),
/// then services its `changes` add, each with its change applied (a removed one left out).
pub fn service_rows(draft: &Draft) -> Vec<ServiceRow> {
    let lesson = || {
        [("service/collector", 3), ("service/verifier", 2)]
            .map(|(k, n)| ServiceRow { key: k.into(), desired: n.to_string() })
            .into()
    };
    let row = |k: &str, v: &Json| ServiceRow { key: k.to_string(), desired: typed(&v["desired"]) };
    starting_rows(draft, "service/", lesson, row, |r| &r.key)
}

/// Sets service `key`'s desired copies at the start, as a change to the starting state.
pub fn set_service(draft: &mut Draft, key: &str, desired: &str) {
    let desired = typed_number(desired);
    changes(draft)[key] = json!({ "desired": desired });
}

/// The scenario's `changes`, made an object if it is none yet.
pub(crate) fn changes(draft: &mut Draft) -> &mut Json {
    let scenario = draft.scenario.get_or_insert_with(|| json!({}));
    if !scenario.is_object() {
        *scenario = json!({});
    }
    if !scenario["changes"].is_object() {
        scenario["changes"] = json!({});
    }
    &mut scenario["changes"]
}

/// Sets node `key`'s capacity and health, as a change to the starting state.
pub fn set_node(draft: &mut Draft, key: &str, capacity: &str, health: &str) {
    let capacity = typed_number(capacity);
    changes(draft)[key] = json!({"capacity": capacity, "health": health});
}

/// The most trace rows the workbench writes out: the lesson's run is 17; a run of thousands of
/// steps is summed up in its counts, and its rows are `cplab run`'s to print.
pub const TRACE_ROWS: usize = 200;

/// The draft's run as the workbench shows it beside the scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScenarioRun {
    /// Counted as the lesson's summary line counts it (`cplab trace`'s last line).
    pub counts: String,
    /// Its trace table, as `cplab trace` prints it (the lesson's layout), at most
    /// [`TRACE_ROWS`] rows of it.
    pub trace: String,
    /// Its steps in all (more than the table's rows when the run is long).
    pub steps: usize,
    /// The steps the table writes out.
    pub rows: usize,
    /// The keys the run writes or removes, in the order first touched (at most [`TRACE_ROWS`]):
    /// what a question on a key's writers can name, offered as the teacher types.
    pub written: Vec<String>,
    /// The services the store holds at the end (`collector` for `service/collector`): what a
    /// question on a service's copies can name.
    pub services: Vec<String>,
}

/// The draft's run, within `limits`: its counts and trace; what stops it (a scenario's error, a
/// run past the limits) said in `a`'s language. Shown live beside the scenario.
pub fn scenario_run(draft: &Draft, limits: Limits, a: &AssignmentMessages) -> Result<ScenarioRun, String> {
    let scenario = match &draft.scenario {
        None => crate::model::Scenario::lesson(),
        Some(v) => crate::formats::scenario_json::from_value(v, "scenario").map_err(|e| e.text(a))?,
    };
    let outcome = scenario.run_within(false, limits).map_err(|l| a.step_limit(&l))?;
    let store = outcome.plane.store();
    let (trace, revision, rounds) = (store.trace(), store.revision(), outcome.plane.rounds());
    let summary = crate::model::TraceSummary::of(trace, revision, rounds);
    let shown = &trace[..trace.len().min(TRACE_ROWS)];
    let mut table = crate::formats::tables::trace_table("", shown, revision, rounds);
    // The table's own summary line counts its rows: the run's is the one above it.
    table.truncate(table.trim_end().rfind('\n').unwrap_or(0));
    let table = table.trim_start_matches('\n').trim_end().to_string();
    let (counts, steps, rows) = (crate::formats::tables::summary_line(&summary), trace.len(), shown.len());
    let mut written: Vec<String> = Vec::new();
    for step in trace.iter().filter(|s| s.op != crate::model::Op::Read) {
        if written.len() < TRACE_ROWS && !written.iter().any(|k| **k == *step.key) {
            written.push(step.key.to_string());
        }
    }
    let services =
        store.entries().filter_map(|(k, _)| k.strip_prefix("service/")).map(String::from).collect();
    Ok(ScenarioRun { counts, trace: table, steps, rows, written, services })
}

/// The draft's run counted, as [`scenario_run`] counts it.
pub fn scenario_counts(draft: &Draft, limits: Limits, a: &AssignmentMessages) -> Result<String, String> {
    scenario_run(draft, limits, a).map(|r| r.counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::assignment_json::parse;
    use crate::messages::EN_ASSIGNMENTS;
    use crate::teaching::workbench::{diagnose, Section};

    #[test]
    fn rows_edit_the_scenario_as_the_format_writes_it() {
        let mut d = Draft { title: "t".into(), ..Draft::default() };
        d.set_predict(crate::formats::assignment::Quantity::Steps, true);
        assert_eq!(
            request_rows(&d),
            (vec![RequestRow { at: 0, key: "service/collector".into(), desired: "5".into() }], 0)
        );
        add_request(&mut d);
        set_request(&mut d, 1, "service/verifier", " 3 ");
        let a = parse(&d.text()).unwrap();
        assert_eq!(a.scenario.requests.len(), 2);
        assert_eq!(a.scenario.requests[1].key, "service/verifier");
        // A bad number is kept as typed and named by row.
        set_request(&mut d, 0, "service/collector", "five");
        assert_eq!(request_rows(&d).0[0].desired, "five");
        let notes = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH).notes;
        assert_eq!(notes[0].section, Section::Request(0));
        assert_eq!(notes[0].text, "must be a whole number from 0 to 100000, found the text \"five\"");
        remove_request(&mut d, 0);
        assert_eq!(request_rows(&d).0.len(), 1);
        assert!(diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH)
            .notes
            .iter()
            .all(|n| !n.blocks()));
    }

    #[test]
    fn nodes_are_the_starting_state_plus_changes_and_a_bad_capacity_is_named_on_its_row() {
        let mut d = Draft { title: "t".into(), ..Draft::default() };
        d.set_predict(crate::formats::assignment::Quantity::Steps, true);
        let lesson: Vec<NodeRow> = node_rows(&d);
        assert_eq!(
            lesson.iter().map(|r| format!("{} {} {}", r.key, r.capacity, r.health)).collect::<Vec<_>>(),
            ["node/m1 4 alive", "node/m2 4 alive", "node/m3 4 alive"]
        );
        set_node(&mut d, "node/m3", "0", "dead");
        assert_eq!(
            node_rows(&d)[2],
            NodeRow { key: "node/m3".into(), capacity: "0".into(), health: "dead".into() }
        );
        let a = parse(&d.text()).unwrap();
        let m3 = a.scenario.initial.iter().find(|(k, _)| &**k == "node/m3").unwrap();
        assert_eq!(
            crate::messages::EN.value(&m3.1),
            crate::messages::EN.value(&crate::model::Value::Node(crate::model::Node {
                capacity: 0,
                health: crate::model::Health::Dead
            }))
        );
        set_node(&mut d, "node/m2", "lots", "alive");
        let notes = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH).notes;
        assert_eq!(notes[0].section, Section::Change("node/m2".into()));
        assert_eq!(notes[0].text, "must be a whole number from 0 to 100000, found the text \"lots\"");
        assert_eq!(node_rows(&d)[1].capacity, "lots");
        // A file's own `initial` gives the nodes.
        let full = Draft::open(
            &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assignments/full-node.json"))
                .unwrap(),
        )
        .unwrap();
        assert_eq!(node_rows(&full).iter().map(|r| r.capacity.as_str()).collect::<Vec<_>>(), ["2", "1", "0"]);
    }

    #[test]
    fn services_start_as_the_lesson_and_change_under_changes() {
        let mut d = Draft { title: "t".into(), ..Draft::default() };
        d.set_predict(crate::formats::assignment::Quantity::Steps, true);
        let shown = |d: &Draft| {
            service_rows(d).iter().map(|r| format!("{}={}", r.key, r.desired)).collect::<Vec<_>>()
        };
        assert_eq!(shown(&d), ["service/collector=3", "service/verifier=2"]);
        set_service(&mut d, "service/verifier", "3");
        assert_eq!(shown(&d), ["service/collector=3", "service/verifier=3"]);
        assert_eq!(d.scenario.as_ref().unwrap()["changes"], json!({"service/verifier": {"desired": 3}}));
        set_service(&mut d, "service/verifier", "-2");
        let notes = diagnose(&d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH).notes;
        assert_eq!(
            (notes[0].section.clone(), notes[0].text.as_str()),
            (Section::Change("service/verifier".into()), "must not be negative, found -2")
        );
        assert_eq!(shown(&d)[1], "service/verifier=-2");
    }

    #[test]
    fn other_requests_are_kept_and_counted() {
        let d = Draft {
            scenario: Some(
                json!({"requests": [{"key": "node/m3", "value": {"capacity": 2, "health": "alive"}}, {"key": "copy/x", "value": null}]}),
            ),
            ..Draft::default()
        };
        assert_eq!(request_rows(&d), (vec![], 2));
    }
}

#[cfg(test)]
mod run_tests {
    use super::*;
    use crate::messages::EN_ASSIGNMENTS;

    #[test]
    fn the_lessons_run_is_its_trace_table_and_summary() {
        let run = scenario_run(&Draft::default(), Limits::MODEL, &EN_ASSIGNMENTS).unwrap();
        let lesson = std::fs::read_to_string("tests/golden/trace.txt").unwrap();
        // The lesson's table, its title and summary aside, row for row.
        let rows: Vec<&str> = lesson.lines().skip(1).take(18).collect();
        assert_eq!(run.trace, rows.join("\n"));
        assert_eq!((run.steps, run.rows), (17, 17));
        assert_eq!(run.written, ["service/collector", "copy/collector-4", "copy/collector-5"]);
        assert_eq!(run.services, ["collector", "verifier"]);
        assert_eq!(
            run.counts,
            "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2"
        );
    }

    #[test]
    fn a_long_run_writes_out_its_first_rows_and_counts_them_all() {
        let mut d = Draft::default();
        set_request(&mut d, 0, "service/collector", "400");
        let run = scenario_run(&d, Limits::MODEL, &EN_ASSIGNMENTS).unwrap();
        assert!(run.steps > TRACE_ROWS, "{}", run.steps);
        assert_eq!(run.trace.lines().count(), TRACE_ROWS + 1);
        assert_eq!(run.rows, TRACE_ROWS);
        assert!(run.counts.contains(&format!("trace steps {}", run.steps)), "{}", run.counts);
        let bad = {
            let mut d = Draft::default();
            set_request(&mut d, 0, "service/collector", "x");
            d
        };
        assert_eq!(
            scenario_run(&bad, Limits::MODEL, &EN_ASSIGNMENTS),
            Err("scenario.requests[0].value.desired: must be a whole number from 0 to 100000, found the text \"x\"".into())
        );
    }
}
