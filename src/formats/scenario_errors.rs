//! Every problem of a scenario that can be told apart, not only the first: the workbench puts
//! each beside its own field, so a teacher who mistyped two fields sees both at once. The
//! scenario's reader ([`from_value`]) stops at its first problem, as a file's reader should; here
//! the parts that do not depend on one another are read again, each on its own.

use super::json::{err, join, quoted, whole, InputError};
use super::limits::MAX_ROUNDS;
use super::scenario_json::from_value;
use super::value_json::{parse_initial, parse_request, parse_value};
use super::{mode_json, timeline_json};
use crate::messages::Problem;
use crate::model::Prefix;
use serde_json::Value as Json;

/// The problems of the scenario `doc` (at `at`): none when [`from_value`] reads it; else its
/// first problem, then those of each request, each change's value, each timeline entry's round
/// and each other field, read on their own (a change that removes a key no one has, or a timeline
/// entry that depends on the one before it, is found by the reader's own pass). Each is listed
/// once.
pub fn every_error(doc: &Json, at: &str) -> Vec<InputError> {
    let Err(first) = from_value(doc, at) else { return Vec::new() };
    let mut all = vec![first];
    let Json::Object(obj) = doc else { return all };
    let mut add = |found: Result<(), InputError>| {
        if let Err(e) = found {
            if !all.contains(&e) {
                all.push(e);
            }
        }
    };
    if let Some(v) = obj.get("initial") {
        add(parse_initial(v, &join(at, "initial")).map(drop));
    }
    if let Some(Json::Object(changes)) = obj.get("changes") {
        let at = join(at, "changes");
        for (key, value) in changes {
            let path = format!("{at}[{}]", quoted(key));
            match Prefix::of_key(key) {
                None => add(err(&path, Problem::of(|a| a.e_outside_schema))),
                Some(_) if value.is_null() => {}
                Some(prefix) => add(parse_value(value, &path, prefix).map(drop)),
            }
        }
    }
    if let Some(Json::Array(requests)) = obj.get("requests") {
        let at = join(at, "requests");
        for (i, request) in requests.iter().enumerate() {
            add(parse_request(request, &format!("{at}[{i}]")).map(drop));
        }
    }
    if let Some(v) = obj.get("down") {
        add(timeline_json::parse_parts(v, &join(at, "down")).map(drop));
    }
    if let Some(v) = obj.get("max_rounds") {
        add(whole(v, &join(at, "max_rounds"), 1, u64::from(MAX_ROUNDS)).map(drop));
    }
    if let Some(Json::Array(events)) = obj.get("timeline") {
        let at = join(at, "timeline");
        for (i, event) in events.iter().enumerate() {
            if let Some(round) = event.get("round") {
                add(whole(round, &format!("{at}[{i}].round"), 1, u64::from(MAX_ROUNDS)).map(drop));
            }
            // A change naming no part depends on no other entry: each is said on its own row.
            for change in ["down", "up"] {
                let none = match event.get(change) {
                    Some(Json::Null) => true,
                    Some(Json::Array(parts)) => parts.is_empty(),
                    _ => false,
                };
                if none {
                    add(err(&format!("{at}[{i}].{change}"), Problem::of(|a| a.e_event_no_parts)));
                }
            }
        }
    }
    add(mode_json::parse(obj.get("mode"), obj.get("watch_expired"), at).map(drop));
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn said(doc: Json) -> Vec<String> {
        every_error(&doc, "scenario").iter().map(|e| e.to_string()).collect::<Vec<_>>()
    }

    #[test]
    fn a_scenario_that_reads_has_no_problem() {
        assert!(said(json!({"requests": [{"key": "service/collector", "value": {"desired": 5}}]})).is_empty());
        assert!(said(json!({})).is_empty());
    }

    #[test]
    fn each_independent_field_is_named_once_and_the_readers_first_leads() {
        let doc = json!({
            "changes": {"node/m3": {"capacity": -1, "health": "alive"}, "pod/x": {"desired": 1}},
            "requests": [
                {"key": "service/collector", "value": {"desired": "five"}},
                {"key": "service/verifier", "value": {"desired": 2}},
                {"key": "service/verifier", "value": {"desired": 100001}}
            ],
            "timeline": [{"round": "two", "down": "scheduler"}, {"round": 0, "report": true}],
            "max_rounds": 0
        });
        assert_eq!(
            said(doc),
            [
                "scenario.changes[\"node/m3\"].capacity: must not be negative, found -1",
                "scenario.changes[\"pod/x\"]: key is outside the schema (keys start with service/, copy/ or node/)",
                "scenario.requests[0].value.desired: must be a whole number from 0 to 100000, found the text \"five\"",
                "scenario.requests[2].value.desired: must be from 0 to 100000, found 100001",
                "scenario.max_rounds: must be from 1 to 1000, found 0",
                "scenario.timeline[0].round: must be a whole number from 1 to 1000, found the text \"two\"",
                "scenario.timeline[1].round: must be from 1 to 1000, found 0",
            ]
        );
    }

    #[test]
    fn every_change_that_names_no_part_is_said_on_its_own_row() {
        let doc = json!({"timeline": [
            {"round": 2, "down": []}, {"round": 3, "down": "scheduler"}, {"round": 4, "up": null}
        ]});
        let none = "names no part, so it changes nothing: name the part or parts (\"scheduler\", or [\"scheduler\", \"API server\"]), or remove the entry";
        assert_eq!(
            said(doc),
            [format!("scenario.timeline[0].down: {none}"), format!("scenario.timeline[2].up: {none}")]
        );
    }

    #[test]
    fn what_depends_on_the_rest_is_the_readers_own_first_problem() {
        // Bringing back a part that is not down depends on the entries before it: only the
        // reader's pass, in order, can say it.
        let doc = json!({"timeline": [{"round": 2, "up": "scheduler"}], "changes": {"node/m9": null}});
        assert_eq!(
            said(doc),
            ["scenario.changes[\"node/m9\"]: removes a key the starting state does not have"]
        );
        assert_eq!(said(json!([1])), ["scenario: must be a scenario object, found an array"]);
    }

    #[test]
    fn an_empty_text_where_a_number_belongs_is_said_to_be_empty() {
        let doc = json!({"requests": [{"key": "service/collector", "value": {"desired": "  "}}]});
        assert_eq!(
            said(doc),
            ["scenario.requests[0].value.desired: must be a whole number from 0 to 100000; it is empty"]
        );
    }

    #[test]
    fn text_where_a_number_belongs_is_quoted_and_cut() {
        let long = "x".repeat(50);
        let doc = json!({"requests": [{"key": "service/collector", "value": {"desired": long}}]});
        let expected = format!(
            "scenario.requests[0].value.desired: must be a whole number from 0 to 100000, found the text \"{}…\"",
            "x".repeat(40)
        );
        assert_eq!(said(doc), [expected]);
    }
}
