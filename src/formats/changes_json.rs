//! A scenario's `changes`: the lesson's starting state (or `initial`) plus a few keys set or
//! removed, so a teacher need not copy the whole state to change one node.

use super::json::{err, object, quoted, InputError};
use super::limits::MAX_ENTRIES;
use super::value_json::parse_value;
use crate::messages::Problem;
use crate::model::{Prefix, Value};
use rustc_hash::FxHashMap;
use serde_json::Value as Json;
use std::rc::Rc;

/// `changes` applied in order to `initial`: a value sets its key (in place, or last when new),
/// `null` removes it. So a scenario can be "the lesson's state plus changes" without copying
/// the whole state, which a partial `initial` would silently replace.
pub fn apply(
    initial: Vec<(Rc<str>, Value)>,
    v: &Json,
    at: &str,
) -> Result<Vec<(Rc<str>, Value)>, InputError> {
    let obj = object(v, at, |a| a.what_changes)?;
    // Each key at its place in the store; a removed one leaves a hole, dropped at the end (so a
    // removal costs no shift of a 200,000-entry store).
    let mut entries: Vec<Option<(Rc<str>, Value)>> = initial.into_iter().map(Some).collect();
    let mut place: FxHashMap<Rc<str>, usize> = FxHashMap::default();
    for (i, entry) in entries.iter().enumerate() {
        if let Some((key, _)) = entry {
            place.insert(key.clone(), i);
        }
    }
    for (key, value) in obj {
        let path = format!("{at}[{}]", quoted(key));
        let Some(prefix) = Prefix::of_key(key) else {
            return err(&path, Problem::of(|a| a.e_outside_schema));
        };
        match value {
            Json::Null => match place.remove(key.as_str()) {
                Some(i) => entries[i] = None,
                // A removal that removes nothing is a typo (a key spelt otherwise): said.
                None => return err(&path, Problem::of(|a| a.e_change_no_key)),
            },
            value => {
                let value = parse_value(value, &path, prefix)?;
                match place.get(key.as_str()) {
                    Some(&i) => entries[i] = Some((key.as_str().into(), value)),
                    None => {
                        if place.len() >= MAX_ENTRIES {
                            let problem = Problem::of(|a| a.e_too_many_entries);
                            return err(at, problem.with("n", place.len() + 1).with("max", MAX_ENTRIES));
                        }
                        let key: Rc<str> = key.as_str().into();
                        place.insert(key.clone(), entries.len());
                        entries.push(Some((key, value)));
                    }
                }
            }
        }
    }
    Ok(entries.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use crate::formats::scenario_json::{from_value, parse};
    use crate::model::Scenario;

    fn error_of(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn changes_apply_in_order_to_the_lessons_state_or_to_initial() {
        let keys_and_values = |s: &Scenario| -> Vec<String> {
            s.initial.iter().map(|(k, v)| format!("{k}={}", crate::messages::EN.value(v))).collect()
        };
        // Beside `requests` only: the lesson's ten keys, m3 changed in place, one copy removed
        // and one node added at the end.
        let text = r#"{"changes": {"node/m3": {"capacity": 4, "health": "dead"}, "copy/verifier-2": null, "node/m4": {"capacity": 1, "health": "alive"}}, "requests": []}"#;
        for s in [parse(text).unwrap(), from_value(&serde_json::from_str(text).unwrap(), "").unwrap()] {
            let got = keys_and_values(&s);
            assert_eq!(got.len(), 10);
            assert_eq!(got[4..6], ["copy/collector-3=node m3, running", "copy/verifier-1=node m1, running"]);
            assert_eq!(got[8..], ["node/m3=capacity 4, dead", "node/m4=capacity 1, alive"]);
        }
        // Beside `initial` (both paths): applied to it, in the document's order.
        let text = r#"{"initial": {"service/a": {"desired": 1}, "node/n": {"capacity": 2, "health": "alive"}}, "changes": {"service/a": null, "service/b": {"desired": 3}, "service/a": {"desired": 4}}}"#;
        assert!(error_of(text).starts_with("changes: key \"service/a\" is given twice"));
        let text = r#"{"initial": {"service/a": {"desired": 1}, "node/n": {"capacity": 2, "health": "alive"}}, "changes": {"service/a": null, "service/b": {"desired": 3}}}"#;
        assert!(crate::formats::scenario_fast::parse(text).is_some(), "valid changes take the fast path");
        for s in [parse(text).unwrap(), from_value(&serde_json::from_str(text).unwrap(), "").unwrap()] {
            assert_eq!(keys_and_values(&s), ["node/n=capacity 2, alive", "service/b=desired 3"]);
        }
        // Removed and added back: the key comes last, a new key.
        let s = parse(r#"{"changes": {"service/collector": null}}"#).unwrap();
        assert_eq!(s.initial.len(), 9);
        assert!(s.initial.iter().all(|(k, _)| &**k != "service/collector"));
    }

    #[test]
    fn bad_changes_are_named_by_place() {
        let cases = [
            (
                r#"{"changes": []}"#,
                "changes: must be an object of key: value (null removes the key), found an array",
            ),
            (
                r#"{"changes": {"pod/x": null}}"#,
                "changes[\"pod/x\"]: key is outside the schema (keys start with service/, copy/ or node/)",
            ),
            (
                r#"{"changes": {"copy/verifier-3": null}}"#,
                "changes[\"copy/verifier-3\"]: removes a key the starting state does not have",
            ),
            (
                r#"{"changes": {"node/m3": {"capacity": -1, "health": "dead"}}}"#,
                "changes[\"node/m3\"].capacity: must not be negative, found -1",
            ),
            (
                r#"{"changes": {"node/m3": {"capacity": 4}}}"#,
                "changes[\"node/m3\"]: missing field \"health\"",
            ),
            (
                r#"{"version": 1, "changes": {}}"#,
                "unknown field \"version\" (expected initial, changes, requests, down, max_rounds, timeline, mode, watch_expired)",
            ),
        ];
        for (text, want) in cases {
            let got = error_of(text);
            assert_eq!(got, want, "{text}");
        }
    }
}
