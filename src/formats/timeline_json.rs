//! The scenario format's failures over time: `down` as one part or a list, and the `timeline` of
//! changes at the start of rounds. Every problem is named by its place, like the rest of the
//! format, and a timeline that could not happen (a part brought back that is not down, events
//! out of round order) is refused before anything runs.

use super::json::{err, kind, object, only_fields, quoted, shown, string, whole, InputError};
use super::limits::{MAX_EVENTS, MAX_ROUNDS};
use super::value_json::parse_request;
use crate::messages::Problem;
use crate::model::{Change, Event, Part, PartSet};
use serde_json::Value as Json;

/// One part's name.
pub(crate) fn part(v: &Json, at: &str) -> Result<Part, InputError> {
    let name = string(v, at)?;
    name.parse().map_err(|_| InputError {
        path: at.to_string(),
        problem: Problem::of(|a| a.e_unknown_component)
            .with("found", shown(name))
            .with("names", Part::names_list()),
    })
}

/// `down` or a change's parts: null (none), one part's name, or a list of names.
pub fn parse_parts(v: &Json, at: &str) -> Result<PartSet, InputError> {
    match v {
        Json::Null => Ok(PartSet::NONE),
        Json::String(_) => part(v, at).map(PartSet::of),
        Json::Array(items) => {
            let mut parts = PartSet::NONE;
            for (i, item) in items.iter().enumerate() {
                let at = format!("{at}[{i}]");
                let p = part(item, &at)?;
                // Named twice, a part would be taken down once: refused, as a list naming a
                // thing twice is everywhere else in the formats.
                if parts.contains(p) {
                    return err(&at, Problem::of(|a| a.e_listed_twice).with("found", quoted(p.name())));
                }
                parts = parts.with(p);
            }
            Ok(parts)
        }
        other => err(at, Problem::of(|a| a.e_not_component).with_text("kind", kind(other))),
    }
}

/// The `timeline`: changes in round order, each possible where it stands (`down` is what is
/// down when the run starts).
pub fn parse(v: &Json, at: &str, down: PartSet) -> Result<Vec<Event>, InputError> {
    let Json::Array(items) = v else {
        return err(at, Problem::of(|a| a.e_not_timeline).with_text("kind", kind(v)));
    };
    if items.len() > MAX_EVENTS {
        return err(at, Problem::of(|a| a.e_too_many_events).with("n", items.len()).with("max", MAX_EVENTS));
    }
    let (mut events, mut now, mut previous) = (Vec::new(), down, 1);
    for (i, item) in items.iter().enumerate() {
        let at = format!("{at}[{i}]");
        let obj = object(item, &at, |a| a.what_event)?;
        only_fields(obj, &at, &["round", "down", "up", "request", "report"])?;
        let Some(round) = obj.get("round") else {
            return err(&at, Problem::of(|a| a.e_missing_field).with("field", "round"));
        };
        let round = whole(round, &format!("{at}.round"), 1, u64::from(MAX_ROUNDS))? as u32;
        if round < previous {
            let problem = Problem::of(|a| a.e_event_order).with("round", round).with("previous", previous);
            return err(&format!("{at}.round"), problem);
        }
        previous = round;
        let changes: Vec<(&str, &Json)> = ["down", "up", "request", "report"]
            .into_iter()
            .filter_map(|name| obj.get(name).map(|v| (name, v)))
            .collect();
        let [(name, value)] = changes[..] else {
            return err(&at, Problem::of(|a| a.e_event_one_change));
        };
        let at = format!("{at}.{name}");
        match name {
            "down" | "up" => {
                let going_down = name == "down";
                let parts = parse_parts(value, &at)?;
                // `[]` or null would be a change that changes nothing: a part left out by
                // mistake (a blank in the workbench's timeline table), said rather than run.
                if parts.is_empty() {
                    return err(&at, Problem::of(|a| a.e_event_no_parts));
                }
                for p in parts.parts() {
                    if now.contains(p) == going_down {
                        let problem = if going_down {
                            Problem::of(|a| a.e_part_already_down)
                        } else {
                            Problem::of(|a| a.e_part_not_down)
                        };
                        return err(&at, problem.with("part", p).with("round", round));
                    }
                    now = if going_down { now.with(p) } else { now.without(p) };
                    let change = if going_down { Change::Down(p) } else { Change::Up(p) };
                    add(&mut events, Event::at(round, change), &at)?;
                }
            }
            "request" => {
                add(&mut events, Event::at(round, Change::Request(parse_request(value, &at)?)), &at)?
            }
            _ if value == &Json::Bool(true) => add(&mut events, Event::at(round, Change::Report), &at)?,
            _ => return err(&at, Problem::of(|a| a.e_report_not_true).with_text("kind", kind(value))),
        }
    }
    Ok(events)
}

/// Adds one change, refusing the one past [`MAX_EVENTS`] by its place.
fn add(events: &mut Vec<Event>, event: Event, at: &str) -> Result<(), InputError> {
    if events.len() == MAX_EVENTS {
        let problem = Problem::of(|a| a.e_too_many_changes).with("n", events.len() + 1);
        return err(at, problem.with("max", MAX_EVENTS));
    }
    events.push(event);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Request;

    fn timeline(text: &str, down: PartSet) -> Result<Vec<Event>, String> {
        parse(&serde_json::from_str(text).unwrap(), "timeline", down).map_err(|e| e.to_string())
    }

    #[test]
    fn each_kind_of_change_is_read_in_order() {
        let events = timeline(
            r#"[{"round": 2, "down": ["scheduler", "API server"]}, {"round": 3, "up": "scheduler"},
                {"round": 3, "request": {"key": "node/m9", "value": null}}, {"round": 5, "report": true}]"#,
            PartSet::NONE,
        )
        .unwrap();
        assert_eq!(
            events,
            [
                Event::at(2, Change::Down(Part::ApiServer)),
                Event::at(2, Change::Down(Part::Scheduler)),
                Event::at(3, Change::Up(Part::Scheduler)),
                Event::at(3, Change::Request(Request { key: "node/m9".into(), value: None })),
                Event::at(5, Change::Report),
            ]
        );
    }

    #[test]
    fn an_impossible_timeline_is_named() {
        let sched = PartSet::of(Part::Scheduler);
        let cases = [
            (r#"{}"#, PartSet::NONE, "timeline: must be an array of events, found an object"),
            (r#"[{"round": 2}]"#, PartSet::NONE, "timeline[0]: give exactly one of"),
            (
                r#"[{"round": 2, "up": "scheduler", "report": true}]"#,
                sched,
                "timeline[0]: give exactly one of",
            ),
            (r#"[{"up": "scheduler"}]"#, sched, "timeline[0]: missing field \"round\""),
            (
                r#"[{"round": 0, "report": true}]"#,
                PartSet::NONE,
                "timeline[0].round: must be from 1 to 1000, found 0",
            ),
            (
                r#"[{"round": 3, "report": true}, {"round": 2, "report": true}]"#,
                PartSet::NONE,
                "timeline[1].round: round 2 comes after round 3",
            ),
            (
                r#"[{"round": 2, "up": "scheduler"}]"#,
                PartSet::NONE,
                "timeline[0].up: \"scheduler\" is not down at round 2",
            ),
            (
                r#"[{"round": 2, "down": "scheduler"}]"#,
                sched,
                "timeline[0].down: \"scheduler\" is already down at round 2",
            ),
            (
                r#"[{"round": 2, "down": "etcd"}]"#,
                PartSet::NONE,
                "timeline[0].down: unknown component \"etcd\"",
            ),
            (
                r#"[{"round": 2, "down": ["scheduler", 3]}]"#,
                PartSet::NONE,
                "timeline[0].down[1]: must be a string",
            ),
            (r#"[{"round": 2, "report": "yes"}]"#, PartSet::NONE, "timeline[0].report: must be true"),
            (
                r#"[{"round": 2, "request": {"key": "a"}}]"#,
                PartSet::NONE,
                "timeline[0].request: missing field \"value\"",
            ),
            (r#"[{"round": 2, "when": 1}]"#, PartSet::NONE, "timeline[0]: unknown field \"when\""),
            (
                r#"[{"round": 2, "down": []}]"#,
                PartSet::NONE,
                "timeline[0].down: names no part, so it changes nothing: name the part or parts (\"scheduler\", or [\"scheduler\", \"API server\"]), or remove the entry",
            ),
            (r#"[{"round": 2, "up": null}]"#, sched, "timeline[0].up: names no part, so it changes nothing"),
            (
                r#"[{"round": 2, "down": ["scheduler", "API server", "scheduler"]}]"#,
                PartSet::NONE,
                "timeline[0].down[2]: \"scheduler\" is listed twice",
            ),
        ];
        for (text, down, want) in cases {
            let got = timeline(text, down).unwrap_err();
            assert!(got.contains(want), "{text}\n  gave: {got}\n  want: {want}");
        }
    }

    #[test]
    fn the_cap_counts_changes_not_entries() {
        // 201 entries of five parts each (all down, then all back): 1,005 changes, over the cap
        // of 1,000 though the entries are under it.
        let all = r#"["API server", "state store", "scheduler", "controller manager", "node agents"]"#;
        let entries: Vec<String> = (0..201)
            .map(|i| {
                format!(r#"{{"round": {}, "{}": {all}}}"#, i + 1, if i % 2 == 0 { "down" } else { "up" })
            })
            .collect();
        let got = timeline(&format!("[{}]", entries.join(",")), PartSet::NONE).unwrap_err();
        assert_eq!(
            got,
            "timeline[200].down: brings the timeline to 1001 changes; at most 1000 are allowed (each part that goes down or comes back is one change)"
        );
        // Exactly 1,000 changes pass.
        let fits = entries[..200].join(",");
        assert_eq!(timeline(&format!("[{fits}]"), PartSet::NONE).map(|e| e.len()), Ok(1000));
    }

    #[test]
    fn a_part_named_twice_in_one_change_or_in_down_is_refused() {
        let got =
            timeline(r#"[{"round": 2, "down": ["scheduler", "scheduler"]}]"#, PartSet::NONE).unwrap_err();
        assert_eq!(got, "timeline[0].down[1]: \"scheduler\" is listed twice");
        let down = parse_parts(&serde_json::json!(["node agents", "node agents"]), "down").unwrap_err();
        assert_eq!(down.to_string(), "down[1]: \"node agents\" is listed twice");
    }
}
