//! The scenario format (`cplab run`'s input, an assignment's `scenario`): JSON read into a
//! [`Scenario`], every problem named by its field. Valid documents take a typed fast path
//! (`scenario_fast`); the rest are checked field by field here.

use super::json::{document, err, join, object, only_fields, whole, InputError};
use super::limits::{MAX_INPUT_BYTES, MAX_ROUNDS};
use super::value_json::{parse_initial, parse_requests};
use super::{changes_json, mode_json, scenario_fast, timeline_json};
use crate::messages::Problem;
use crate::model::{lesson_initial, PartSet, Scenario, Value, DEFAULT_MAX_ROUNDS};
use serde_json::Value as Json;
use std::rc::Rc;

/// Parses a scenario document (docs/semantics.md gives its fields).
pub fn parse(text: &str) -> Result<Scenario, InputError> {
    // Editors on Windows start a file with a byte-order mark: it is not part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_INPUT_BYTES {
        return err("", Problem::of(|a| a.e_scenario_too_large).with("mib", MAX_INPUT_BYTES >> 20));
    }
    // Valid documents take the typed fast path; anything it rejects is parsed again by the
    // checking path, which names the field that is wrong (or accepts what the fast path is
    // too strict for, like `3.0` for 3).
    // The fast path reads `initial` typed and hands over the rest, to which `changes` apply.
    // The CLI first tries the plainest shape, read by hand (`scenario_scan`).
    #[cfg(not(target_arch = "wasm32"))]
    let fast = super::scenario_scan::parse(text).or_else(|| scenario_fast::parse(text));
    #[cfg(target_arch = "wasm32")]
    let fast = scenario_fast::parse(text);
    if let Some(fast) = fast {
        if let Ok(scenario) = with_initial(&Json::Object(fast.rest), "", fast.initial) {
            return Ok(scenario);
        }
    }
    from_value(&document(text)?, "")
}

/// Parses a scenario already read as JSON; `at` prefixes every error path.
pub fn from_value(doc: &Json, at: &str) -> Result<Scenario, InputError> {
    with_initial(doc, at, None)
}

/// The same, with `initial` already read (the fast path reads it typed, and hands over the
/// rest): `changes` still apply to it.
fn with_initial(doc: &Json, at: &str, typed: Option<Vec<(Rc<str>, Value)>>) -> Result<Scenario, InputError> {
    let obj = object(doc, at, |a| a.what_scenario)?;
    let fields =
        ["initial", "changes", "requests", "down", "max_rounds", "timeline", "mode", "watch_expired"];
    only_fields(obj, at, &fields)?;
    let initial = match (typed, obj.get("initial")) {
        (Some(initial), _) => initial,
        (None, None) => lesson_initial(),
        (None, Some(v)) => parse_initial(v, &join(at, "initial"))?,
    };
    let initial = match obj.get("changes") {
        None => initial,
        Some(v) => changes_json::apply(initial, v, &join(at, "changes"))?,
    };
    let requests = match obj.get("requests") {
        None => Vec::new(),
        Some(v) => parse_requests(v, &join(at, "requests"))?,
    };
    let down = match obj.get("down") {
        None => PartSet::NONE,
        Some(v) => timeline_json::parse_parts(v, &join(at, "down"))?,
    };
    let max_rounds = match obj.get("max_rounds") {
        None => DEFAULT_MAX_ROUNDS,
        Some(v) => whole(v, &join(at, "max_rounds"), 1, u64::from(MAX_ROUNDS))? as u32,
    };
    let timeline = match obj.get("timeline") {
        None => Vec::new(),
        Some(v) => timeline_json::parse(v, &join(at, "timeline"), down)?,
    };
    let watch = mode_json::parse(obj.get("mode"), obj.get("watch_expired"), at)?;
    Ok(Scenario { initial, requests, down, max_rounds, timeline, watch })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::limits::MAX_ENTRIES;

    fn error_of(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn defaults_are_the_lessons_state_no_requests_nothing_down_eight_rounds() {
        let s = parse("{}").unwrap();
        assert_eq!(s.initial, lesson_initial());
        assert_eq!((s.requests.len(), s.down, s.max_rounds), (0, crate::model::PartSet::NONE, 8));
    }

    #[test]
    fn initial_keeps_document_order() {
        let s = parse(r#"{"initial": {"node/b": {"capacity": 1, "health": "alive"}, "copy/a-1": {"service": "a", "node": null, "status": "pending"}, "service/a": {"desired": 1}}}"#).unwrap();
        let keys: Vec<_> = s.initial.iter().map(|(k, _)| &**k).collect();
        assert_eq!(keys, ["node/b", "copy/a-1", "service/a"]);
    }

    #[test]
    fn each_bad_input_names_its_field() {
        let cases = [
            ("{", "invalid JSON"),
            ("[]", "must be a scenario object, found an array"),
            (r#"{"initail": {}}"#, "unknown field \"initail\""),
            (r#"{"initial": {"pods/x": {}}}"#, "initial[\"pods/x\"]: key is outside the schema"),
            (
                r#"{"initial": {"service/a": {"desired": -1}}}"#,
                "initial[\"service/a\"].desired: must not be negative",
            ),
            (
                r#"{"initial": {"service/a": {"desired": 2.5}}}"#,
                "initial[\"service/a\"].desired: must be a whole number",
            ),
            (r#"{"initial": {"service/a": {"desired": 100001}}}"#, "must be from 0 to 100000"),
            (
                r#"{"initial": {"service/a": {"desired": "3"}}}"#,
                "desired: must be a whole number from 0 to 100000, found the text \"3\"",
            ),
            (
                r#"{"initial": {"node/a": {"capacity": 1e9, "health": "alive"}}}"#,
                "capacity: must be at most 100000",
            ),
            (
                r#"{"initial": {"copy/a": {"service": "a", "node": null, "status": "lost"}}}"#,
                "status: unknown status \"lost\"",
            ),
            // Every message quotes what it found by one rule: a control character escaped.
            (
                r#"{"initial": {"copy/a": {"service": "a", "node": null, "status": "\u0000"}}}"#,
                "status: unknown status \"\\u{0000}\"",
            ),
            (
                r#"{"initial": {"node/a": {"capacity": 1, "health": "\u001b[2J"}}}"#,
                "unknown health \"\\u{001b}[2J\"",
            ),
            (r#"{"down": "\u0007"}"#, "down: unknown component \"\\u{0007}\""),
            (
                r#"{"initial": {"copy/a": {"service": "a", "status": "dead"}}}"#,
                "initial[\"copy/a\"]: missing field \"node\"",
            ),
            (
                r#"{"initial": {"node/a": {"capacity": 1, "health": "alive", "zone": 1}}}"#,
                "unknown field \"zone\"",
            ),
            (r#"{"requests": {}}"#, "requests: must be an array"),
            (r#"{"requests": [{"key": "service/a"}]}"#, "requests[0]: missing field \"value\""),
            (r#"{"requests": [{"key": 3, "value": null}]}"#, "requests[0].key: must be a string"),
            (
                r#"{"requests": [{"key": "pods/a", "value": {"x": 1}}]}"#,
                "requests[0].value: must be a service",
            ),
            (r#"{"down": "etcd"}"#, "down: unknown component \"etcd\""),
            (r#"{"down": 3}"#, "down: must be null, a component name or a list of them"),
            (r#"{"max_rounds": 0}"#, "max_rounds: must be from 1 to 1000"),
            (r#"{"max_rounds": 1001}"#, "max_rounds: must be from 1 to 1000"),
        ];
        for (text, expected) in cases {
            let got = error_of(text);
            assert!(got.contains(expected), "{text}\n  gave: {got}\n  want: {expected}");
        }
    }

    #[test]
    fn the_fast_path_agrees_with_the_checking_path() {
        let docs = [
            r#"{"initial": {"copy/a-1": {"service": "a", "node": null, "status": "pending"}, "node/b": {"capacity": 3, "health": "dead"}, "copy/a-2": {"service": "b", "node": "m1", "status": "dead"}}, "down": null}"#,
            r#"{"max_rounds": 2, "initial": {"service/a": {"desired": 3}}, "requests": [{"key": "x", "value": null}]}"#,
            r#"{"initial": {"service/a": {"desired": 3.0}}}"#,
            r#"{"initial": {}}"#,
        ];
        let store = |s: &Scenario| {
            let store = crate::model::StateStore::new(s.initial.clone());
            store.entries().map(|(k, v)| (k.to_string(), v.clone())).collect::<Vec<_>>()
        };
        for text in docs {
            let slow = from_value(&serde_json::from_str(text).unwrap(), "").unwrap();
            let fast = parse(text).unwrap();
            assert_eq!(store(&fast), store(&slow), "{text}");
            assert_eq!(
                (&fast.requests, fast.down, fast.max_rounds),
                (&slow.requests, slow.down, slow.max_rounds)
            );
        }
        assert!(super::super::scenario_fast::parse(docs[0]).is_some(), "valid documents take the fast path");
        assert!(
            super::super::scenario_fast::parse(
                r#"{"initial": {"copy/a": {"service": "a", "status": "dead"}}}"#
            )
            .is_none(),
            "node is required"
        );
    }

    #[test]
    fn a_key_given_twice_is_refused_by_name_at_every_level() {
        let cases = [
            (
                r#"{"initial": {"copy/a-1": {"service": "a", "node": null, "status": "pending"}, "copy/a-1": {"service": "b", "node": "m1", "status": "dead"}}}"#,
                "initial: key \"copy/a-1\" is given twice; give each key once (JSON would keep only the last)",
            ),
            (r#"{"max_rounds": 2, "max_rounds": 3}"#, "key \"max_rounds\" is given twice"),
            (r#"{"initial": {}, "requests": [], "initial": {}}"#, "key \"initial\" is given twice"),
            (
                r#"{"initial": {"service/a": {"desired": 1, "desired": 2}}}"#,
                "initial[\"service/a\"]: key \"desired\" is given twice",
            ),
            (
                r#"{"timeline": [{"round": 2, "report": true}, {"round": 2, "round": 3, "report": true}]}"#,
                "timeline[1]: key \"round\" is given twice",
            ),
            (
                r#"{"timeline": [{"round": 2, "request": {"key": "a", "value": {"desired": 1}, "key": "b"}}]}"#,
                "timeline[0].request: key \"key\" is given twice",
            ),
            (
                r#"{"requests": [{"key": "service/a", "value": {"desired": 1, "desired": 5}}]}"#,
                "requests[0].value: key \"desired\" is given twice",
            ),
        ];
        for (text, want) in cases {
            assert!(super::super::scenario_fast::parse(text).is_none(), "the fast path declines {text}");
            let got = error_of(text);
            assert!(got.starts_with(want), "{text}\n  gave: {got}\n  want: {want}");
        }
        // The top-level message has no path: the document itself.
        assert!(error_of(r#"{"down": null, "down": "scheduler"}"#).starts_with("key \"down\""));
    }

    #[test]
    fn too_many_entries_is_refused_before_any_work() {
        let entries: Vec<String> =
            (0..=MAX_ENTRIES).map(|i| format!("\"service/s{i}\":{{\"desired\":0}}")).collect();
        let text = format!("{{\"initial\":{{{}}}}}", entries.join(","));
        assert!(error_of(&text).contains("at most 200000"));
    }

    #[test]
    fn out_of_schema_requests_parse_and_are_refused_by_the_api_server() {
        let s = parse(r#"{"requests": [{"key": "pods/a", "value": {"desired": 1}}]}"#).unwrap();
        let out = s.simulate().unwrap();
        assert_eq!(out.responses, [crate::model::Response::OutOfSchema]);
    }
}
