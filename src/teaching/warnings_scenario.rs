//! `cplab check`'s warnings about what the scenario holds (found by a playtest of the workbench,
//! where a teacher typed names the run has no use for and nothing was said): a request whose key
//! is outside the schema, a starting copy on a node or of a service the starting state does not
//! have, and a question about a service the run never holds; and, found by the same playtest, a
//! tolerance so large that a guess is marked right. Apart from [`super::warnings`] to keep each
//! file readable; pure, as it is: the run is read once, by [`RunFacts::of`].

use super::assignment::{Answer, Assignment, Item, Question};
use super::warnings::{names, Warning};
use crate::formats::json::quoted;
use crate::model::{service_counts, Change, Outcome, Part, Prefix, Scenario};
use rustc_hash::FxHashMap;

/// Where the file wrote a key of the starting state: its field, `scenario.initial["copy/x"]` or
/// `scenario.changes["copy/x"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartKey {
    /// Under `initial` (and not changed under `changes`).
    Initial(String),
    /// Under `changes`.
    Changes(String),
}

impl StartKey {
    /// The field path of the key's value.
    pub fn field(&self) -> String {
        match self {
            StartKey::Initial(key) => format!("scenario.initial[{}]", quoted(key)),
            StartKey::Changes(key) => format!("scenario.changes[{}]", quoted(key)),
        }
    }
}

/// Where a request is sent from: `requests` (before round 1) or a timeline entry, by its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestAt {
    /// `scenario.requests[i]`.
    Requests(usize),
    /// `scenario.timeline[i].request`.
    Timeline(usize),
}

impl RequestAt {
    /// The request's field path.
    pub fn field(self) -> String {
        match self {
            RequestAt::Requests(i) => format!("scenario.requests[{i}]"),
            RequestAt::Timeline(i) => format!("scenario.timeline[{i}].request"),
        }
    }
}

/// What the warnings read of an assignment's run (none when it asks nothing about it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunFacts {
    /// The run's last round.
    pub last_round: u32,
    /// The services asked about (`ask`'s service questions) that the run's store holds at its
    /// start or end: a `service/<name>` key, or a copy of it. (A list, not a set: at most 50
    /// questions, and the pages carry no sorted set of names for it.)
    pub held: Vec<String>,
}

impl RunFacts {
    /// The facts of `a`'s run, from its `outcome`.
    pub fn of(a: &Assignment, outcome: &Outcome) -> RunFacts {
        let asked: Vec<&str> = a
            .ask
            .iter()
            .filter_map(|q| match q {
                Question::Service { service, .. } => Some(service.as_str()),
                _ => None,
            })
            .collect();
        let mut held: Vec<String> = Vec::new();
        if !asked.is_empty() {
            let store = outcome.plane.store();
            let mut see = |name: &str| {
                if asked.contains(&name) && !held.iter().any(|h| h == name) {
                    held.push(name.to_string());
                }
            };
            let start = a.scenario.initial.iter().map(|(k, v)| (k, v));
            for (key, value) in start.chain(store.entries()) {
                if let Some(name) = key.strip_prefix(Prefix::Service.as_str()) {
                    see(name);
                }
                if let Some(copy) = value.as_copy() {
                    see(&copy.service);
                }
            }
            // A copy that runs with no record in the store belongs to the name in its key: the
            // one rule the answer counts by.
            for s in service_counts(store.entries(), outcome.plane.actual()) {
                see(&s.service);
            }
        }
        RunFacts { last_round: outcome.plane.rounds(), held }
    }
}

/// Every request of `a`'s scenario with its place in the file, in the order sent.
fn requests(a: &Assignment) -> impl Iterator<Item = (RequestAt, &crate::model::Request)> {
    let before = a.scenario.requests.iter().enumerate().map(|(i, r)| (RequestAt::Requests(i), r));
    let timeline = a.scenario.timeline.iter().filter_map(|e| match &e.change {
        Change::Request(r) => Some(r),
        _ => None,
    });
    // The reader lists each timeline request's entry, in order.
    let timeline =
        a.written.timeline_requests.iter().zip(timeline).map(|(&i, r)| (RequestAt::Timeline(i), r));
    before.chain(timeline)
}

/// The requests whose key is outside the schema, which the API server answers "out of schema"
/// (its rule: a key under no prefix; a value is read by its key's prefix, so it always fits one).
pub(super) fn out_of_schema(a: &Assignment) -> Vec<Warning> {
    requests(a)
        .filter(|(_, r)| Prefix::of_key(&r.key).is_none())
        .map(|(at, r)| Warning::RequestOutOfSchema { at, key: r.key.clone() })
        .collect()
}

/// The copies the file writes into the starting state (under `initial` or `changes`: the
/// lesson's own are right) whose node is no node of it, or whose service is no service of it,
/// unless a request makes that node or service later.
pub(super) fn starting_copies(a: &Assignment) -> Vec<Warning> {
    let initial = &a.scenario.initial;
    // Maps of the kind the model already keeps (name to place), so the pages carry no other:
    // each key of the starting state to its last place (a key may repeat in a starting state: it
    // takes its last value), then the keys a request makes.
    let mut known: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, (key, _)) in initial.iter().enumerate() {
        known.insert(key, i);
    }
    for (_, r) in requests(a).filter(|(_, r)| r.value.is_some()) {
        known.entry(&r.key).or_insert(usize::MAX);
    }
    let has = |prefix: Prefix, name: &str| known.contains_key(format!("{}{name}", prefix.as_str()).as_str());
    let mut changed: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, key) in a.written.changes.iter().enumerate() {
        changed.insert(key, i);
    }
    let mut out = Vec::new();
    for (i, (key, value)) in initial.iter().enumerate() {
        let key: &str = key;
        let Some(copy) = value.as_copy().filter(|_| known.get(key) == Some(&i)) else { continue };
        let at = if changed.contains_key(key) {
            StartKey::Changes(key.to_string())
        } else if a.written.initial {
            StartKey::Initial(key.to_string())
        } else {
            continue;
        };
        if let Some(node) = copy.node_name().filter(|n| !has(Prefix::Node, n)) {
            let field = copy.node.as_deref().unwrap_or(node).to_string();
            out.push(Warning::CopyOnNoNode { at: at.clone(), node: field, key: format!("node/{node}") });
        }
        if !has(Prefix::Service, &copy.service) {
            out.push(Warning::CopyOfNoService { at, service: copy.service.to_string() });
        }
    }
    out
}

/// Whether `service` is never held by the run (by `run`'s facts; none: no run was made, and
/// nothing is said).
pub(super) fn never_held(run: Option<&RunFacts>, service: &str) -> bool {
    run.is_some_and(|r| !r.held.iter().any(|h| h == service))
}

/// A tolerance `t` on an answer `n` marks right every prediction from `n - t` (at least 0) to
/// `n + t`: once `t >= n > 0`, 0 is right, and so is any small guess. Said once per key, of the
/// smallest positive answer it applies to (the items whose tolerance it gives: an item's own id
/// comes before its quantity or cell, as the answer key takes it). An answer of 0 is left out:
/// there 0 is the answer, and a tolerance only allows for a miscount.
pub(super) fn accepts_a_guess(a: &Assignment, key: &str, items: &[Item]) -> Option<Warning> {
    let &tolerance = a.tolerance.get(key)?;
    let gives = |i: &Item| i.id == key || (!a.tolerance.contains_key(&i.id) && names(i)[1] == key);
    let smallest = items
        .iter()
        .filter(|i| gives(i))
        .filter_map(|i| match i.answer {
            Answer::Number(n) if n > 0 && tolerance >= n => Some((n, i)),
            _ => None,
        })
        .min_by_key(|&(n, _)| n)?;
    let (answer, item) = smallest;
    Some(Warning::ToleranceAcceptsGuess { key: key.to_string(), item: item.id.clone(), tolerance, answer })
}

/// Where the failure-matrix rows asked and the rest of the assignment disagree on the run: the
/// rows run the lesson's events with each row's parts down from the start (`model::matrix_run`),
/// never the assignment's scenario, and never the parts its instructions say are down (a
/// teacher's "with the scheduler down" makes a row's natural answer the wrong one).
pub(super) fn matrix_runs(a: &Assignment) -> Vec<Warning> {
    let mut out = Vec::new();
    if a.matrix.as_ref().is_none_or(|m| m.rows.is_empty() || m.cells.is_empty()) {
        return out;
    }
    if a.scenario != Scenario::lesson() {
        out.push(Warning::MatrixNotTheScenario);
    }
    let said = a.instructions.to_lowercase();
    let down = said.split(|c: char| !c.is_alphanumeric()).any(|w| w == "down");
    let parts: Vec<&'static str> = Part::ALL
        .iter()
        .map(|p| p.name())
        .filter(|name| down && said.contains(&name.to_lowercase()))
        .collect();
    if !parts.is_empty() {
        out.push(Warning::MatrixNotTheInstructions { parts });
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::formats::assignment_json::parse;
    use crate::model::Limits;
    use crate::teaching::warnings::{check, Warning};

    /// The warnings of an assignment with `rest` beside its version and title, in English,
    /// keeping those whose field starts with `field`.
    fn said(rest: &str, field: &str) -> Vec<String> {
        let a = parse(&format!(r#"{{"version": 1, "title": "x", "predict": ["steps"], {rest}}}"#)).unwrap();
        let warnings = check(&a, Limits::MODEL).unwrap().warnings;
        warnings.iter().map(Warning::to_string).filter(|w| w.starts_with(field)).collect()
    }

    /// Every warning of an assignment with `rest` beside its version and title.
    fn said_all(rest: &str) -> Vec<String> {
        let a = parse(&format!(r#"{{"version": 1, "title": "x", {rest}}}"#)).unwrap();
        check(&a, Limits::MODEL).unwrap().warnings.iter().map(Warning::to_string).collect()
    }

    #[test]
    fn a_tolerance_that_marks_a_guess_right_is_said_once_per_key() {
        // The lesson's run: steps 17, writes 7, rounds 2; rd is 52, 20 and 0 in these rows.
        let rest = r#""predict": ["steps", "writes", "rounds"], "matrix": {"rows": ["-", "API server", "state store"], "cells": ["rd", "wr"]}, "tolerance": {"steps": 50, "writes": 6, "rounds": 2, "rd": 25, "wr": 0}"#;
        let tolerances: Vec<String> =
            said_all(rest).into_iter().filter(|w| w.starts_with("tolerance")).collect();
        assert_eq!(
            tolerances,
            [
                "tolerance[\"rd\"]: accepts every prediction from 0 to 45 for \"matrix.API server.rd\" (its answer is 20): a guess is marked right; keep it below 20",
                "tolerance[\"rounds\"]: accepts every prediction from 0 to 4 (the answer is 2): a guess is marked right; keep it below 2",
                "tolerance[\"steps\"]: accepts every prediction from 0 to 67 (the answer is 17): a guess is marked right; keep it below 17",
            ]
        );
        // An item's own tolerance comes before its cell's: the API server's row keeps 1, and rd's
        // 25 applies to 52 and to 0 (where 0 is the answer), marking no guess right.
        let own = r#""matrix": {"rows": ["-", "API server", "state store"], "cells": ["rd"]}, "tolerance": {"rd": 25, "matrix.API server.rd": 1}"#;
        assert!(said_all(own).iter().all(|w| !w.starts_with("tolerance")), "{:?}", said_all(own));
    }

    #[test]
    fn a_request_outside_the_schema_is_said_where_it_is_sent() {
        let rest = r#""scenario": {"requests": [{"key": "service/collector", "value": {"desired": 5}}, {"key": "pods/x", "value": null}], "timeline": [{"round": 2, "down": ["scheduler", "node agents"]}, {"round": 3, "up": "scheduler"}, {"round": 3, "request": {"key": "collector", "value": {"desired": 2}}}, {"round": 4, "request": {"key": "node/m4", "value": null}}]}"#;
        assert_eq!(
            said(rest, "scenario."),
            [
                "scenario.requests[1]: \"pods/x\" is outside the schema (keys start with service/, copy/ or node/): the API server answers \"out of schema\" and the request changes nothing",
                "scenario.timeline[2].request: \"collector\" is outside the schema (keys start with service/, copy/ or node/): the API server answers \"out of schema\" and the request changes nothing",
            ]
        );
    }

    #[test]
    fn a_starting_copy_on_no_node_or_of_no_service_is_said_at_its_field() {
        // `m1` and `node/m1` are one machine; an empty node is none; `m9` and `node/m3x` are no
        // node the state has; a node or service a request makes is one the run has.
        let rest = r#""scenario": {"changes": {
            "copy/a-1": {"service": "collector", "node": "node/m1", "status": "running"},
            "copy/a-2": {"service": "collector", "node": "m9", "status": "running"},
            "copy/a-3": {"service": "colector", "node": "", "status": "pending"},
            "copy/a-4": {"service": "late", "node": "node/m3x", "status": "dead"},
            "copy/a-5": {"service": "late", "node": "m7", "status": "running"}},
            "requests": [{"key": "service/late", "value": {"desired": 1}}, {"key": "node/m7", "value": {"capacity": 1, "health": "alive"}}]}"#;
        assert_eq!(
            said(rest, "scenario."),
            [
                "scenario.changes[\"copy/a-2\"].node: \"m9\" is not a node of the starting state (there is no \"node/m9\"): no node counts this copy among its copies; a copy names its node \"m1\" or \"node/m1\"",
                "scenario.changes[\"copy/a-3\"].service: \"colector\" is not a service of the starting state (there is no \"service/colector\"): no service counts this copy among its copies, so the controller manager neither keeps it nor removes it as an extra one",
                "scenario.changes[\"copy/a-4\"].node: \"node/m3x\" is not a node of the starting state (there is no \"node/m3x\"): no node counts this copy among its copies; a copy names its node \"m1\" or \"node/m1\"",
            ]
        );
        // Under `initial`, the field is initial's; the lesson's own copies are never said.
        let rest = r#""scenario": {"initial": {"node/m1": {"capacity": 2, "health": "alive"}, "service/a": {"desired": 1}, "copy/a-1": {"service": "a", "node": "m2", "status": "running"}}}"#;
        assert_eq!(
            said(rest, "scenario.initial["),
            ["scenario.initial[\"copy/a-1\"].node: \"m2\" is not a node of the starting state (there is no \"node/m2\"): no node counts this copy among its copies; a copy names its node \"m1\" or \"node/m1\""]
        );
        assert_eq!(
            said(r#""scenario": {"changes": {"node/m1": null}}"#, "scenario.changes"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_question_about_a_service_the_run_never_holds_is_said() {
        // `verifier` is in the store; `gone` only at the start (its key removed by a request);
        // `orphan` has only a copy; `colector` is nowhere.
        let rest = r#""scenario": {"changes": {"service/gone": {"desired": 0}, "copy/orphan-1": {"service": "orphan", "node": "m1", "status": "dead"}}, "requests": [{"key": "service/gone", "value": null}]},
            "ask": [{"service": "verifier", "count": "believed"}, {"service": "gone", "count": "actual"}, {"service": "orphan", "count": "believed"}, {"service": "colector", "count": "actual"}]"#;
        assert_eq!(
            said(rest, "ask"),
            ["ask[3].service: \"colector\" is never a service in this run (no \"service/colector\" at its start or end, and no copy of it), so its answer is 0"]
        );
    }
}
