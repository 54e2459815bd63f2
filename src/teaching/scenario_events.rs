//! The workbench's scenario as tables (issue 21), continued: the starting copies (service, node,
//! status) and the fault timeline (round, a part down or back up, a report). Rows are read from,
//! and written into, the draft's scenario as the format writes it, each field as typed, so the
//! format's reader names what is wrong by row (`Section::Change` for a copy, `Section::Event`
//! for a timeline entry). Timeline entries of other kinds (a request) are kept and counted.

use super::scenario_tables::{changes, starting_rows, typed};
use super::workbench::{typed_number, Draft};
use serde_json::{json, Map, Value as Json};

/// A starting copy, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyRow {
    /// The key (`copy/collector-1`).
    pub key: String,
    /// The service it is a copy of.
    pub service: String,
    /// The node it runs on (blank: none yet).
    pub node: String,
    /// `pending`, `running` or `dead` (as written).
    pub status: String,
}

/// The draft's scenario as an object (made one if it is none).
fn scenario(draft: &mut Draft) -> &mut Map<String, Json> {
    let s = draft.scenario.get_or_insert_with(|| json!({}));
    if !s.is_object() {
        *s = json!({});
    }
    match s {
        Json::Object(o) => o,
        _ => unreachable!("made an object just above"),
    }
}

/// The lesson's copies (`model::lesson_initial`): collector 1-3 on m1-m3, verifier 1-2 on
/// m1-m2, all running.
fn lesson_copies() -> Vec<CopyRow> {
    let copies = (1..=3).map(|i| ("collector", i)).chain((1..=2).map(|i| ("verifier", i)));
    copies
        .map(|(s, i)| CopyRow {
            key: format!("copy/{s}-{i}"),
            service: s.into(),
            node: format!("m{i}"),
            status: "running".into(),
        })
        .collect()
}

/// The starting copies of the draft's scenario: those of `initial` (else the lesson's five),
/// then copies its `changes` add, each with its change applied; a removed one is left out.
pub fn copy_rows(draft: &Draft) -> Vec<CopyRow> {
    let row = |k: &str, v: &Json| CopyRow {
        key: k.to_string(),
        service: typed(&v["service"]),
        node: typed(&v["node"]),
        status: typed(&v["status"]),
    };
    starting_rows(draft, "copy/", lesson_copies, row, |r| &r.key)
}

/// Sets copy `key` at the start, as a change to the starting state (a blank node: none yet).
pub fn set_copy(draft: &mut Draft, key: &str, service: &str, node: &str, status: &str) {
    let node = if node.trim().is_empty() { Json::Null } else { json!(node) };
    changes(draft)[key] = json!({"service": service, "node": node, "status": status});
}

/// Adds a pending copy of the lesson's collector, under the first key not taken.
pub fn add_copy(draft: &mut Draft) {
    let taken = copy_rows(draft);
    let n = (1..).find(|n| !taken.iter().any(|r| r.key == format!("copy/collector-{n}"))).unwrap_or(1);
    set_copy(draft, &format!("copy/collector-{n}"), "collector", "", "pending");
}

/// Removes copy `key` from the start: a copy of the starting state is removed by a change
/// (`null`), a copy the changes added loses its change, so nothing is left to say about it.
pub fn remove_copy(draft: &mut Draft, key: &str) {
    let mut base = draft.clone();
    if let Some(Json::Object(s)) = base.scenario.as_mut() {
        s.remove("changes");
    }
    let starting = copy_rows(&base).iter().any(|r| r.key == key);
    if let Json::Object(c) = changes(draft) {
        if starting {
            c.insert(key.into(), Json::Null);
        } else {
            c.remove(key);
        }
    }
}

/// A timeline entry that takes a part down, brings one back, or asks for a report, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    /// Its place in the scenario's `timeline`.
    pub at: usize,
    /// The round it starts, as typed.
    pub round: String,
    /// `down`, `up` or `report`.
    pub change: String,
    /// The parts it takes down or brings back, as typed (`scheduler`, or a list joined by `, `).
    pub parts: String,
}

/// The changes a timeline row can hold.
pub const EVENT_CHANGES: [&str; 3] = ["down", "up", "report"];

/// The draft's timeline entries of the kinds [`EVENT_CHANGES`] names, and how many of other
/// kinds (a request) it keeps.
pub fn event_rows(draft: &Draft) -> (Vec<EventRow>, usize) {
    let list = draft.scenario.as_ref().and_then(|s| s.get("timeline")).and_then(Json::as_array);
    let (mut rows, mut others) = (Vec::new(), 0);
    for (at, e) in list.into_iter().flatten().enumerate() {
        let Some(change) = EVENT_CHANGES.into_iter().find(|c| e.get(c).is_some()) else {
            others += 1;
            continue;
        };
        let parts = match &e[change] {
            Json::Array(items) => items.iter().map(typed).collect::<Vec<_>>().join(", "),
            _ if change == "report" => String::new(),
            other => typed(other),
        };
        rows.push(EventRow { at, round: typed(&e["round"]), change: change.into(), parts });
    }
    (rows, others)
}

/// The scenario's `timeline`, made a list if it is none yet.
fn timeline(draft: &mut Draft) -> &mut Vec<Json> {
    let list = scenario(draft).entry("timeline").or_insert_with(|| json!([]));
    if !list.is_array() {
        *list = json!([]);
    }
    match list {
        Json::Array(items) => items,
        _ => unreachable!("made an array just above"),
    }
}

/// Sets timeline entry `at`: in round `round` (as typed), `change` of `parts` (one name, or
/// names separated by commas, written as a list); a report takes no parts.
pub fn set_event(draft: &mut Draft, at: usize, round: &str, change: &str, parts: &str) {
    let names: Vec<&str> = parts.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
    let what = match (change, names.as_slice()) {
        ("report", _) => Json::Bool(true),
        (_, [one]) => json!(one),
        (_, many) => json!(many),
    };
    if let Some(e) = timeline(draft).get_mut(at) {
        let mut entry = Map::new();
        entry.insert("round".into(), typed_number(round));
        entry.insert(change.into(), what);
        *e = Json::Object(entry);
    }
}

/// Adds an entry that takes the scheduler down in round 2, to be edited.
pub fn add_event(draft: &mut Draft) {
    timeline(draft).push(json!({"round": 2, "down": "scheduler"}));
}

/// Removes timeline entry `at`.
pub fn remove_event(draft: &mut Draft, at: usize) {
    let list = timeline(draft);
    if at < list.len() {
        list.remove(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_removed_is_a_change_or_no_change_at_all() {
        let changes = |d: &Draft| d.scenario.as_ref().map(|s| s["changes"].clone());
        let mut d = Draft::default();
        remove_copy(&mut d, "copy/collector-3");
        assert_eq!(changes(&d), Some(json!({"copy/collector-3": null})));
        assert_eq!(copy_rows(&d).len(), 4);
        // A copy added, then removed: no change is left for it.
        add_copy(&mut d);
        add_copy(&mut d);
        let keys: Vec<String> = copy_rows(&d).into_iter().map(|r| r.key).collect();
        assert_eq!(keys.len(), 6);
        assert!(keys.contains(&"copy/collector-4".to_string()), "{keys:?}");
        remove_copy(&mut d, "copy/collector-4");
        assert_eq!(
            changes(&d),
            Some(json!({"copy/collector-3": {"service": "collector", "node": null, "status": "pending"}}))
        );
        remove_copy(&mut d, "copy/collector-3");
        assert_eq!(changes(&d), Some(json!({"copy/collector-3": null})));
        assert_eq!(copy_rows(&d).len(), 4);
    }

    use crate::formats::assignment::Quantity;
    use crate::formats::assignment_json::parse;
    use crate::messages::EN_ASSIGNMENTS;
    use crate::model::Limits;
    use crate::teaching::scenario_tables::scenario_counts;
    use crate::teaching::workbench::{diagnose, Section};

    fn draft() -> Draft {
        let mut d = Draft { title: "t".into(), ..Draft::default() };
        d.set_predict(Quantity::Steps, true);
        d
    }

    fn errors(d: &Draft) -> Vec<String> {
        let notes = diagnose(d, Limits::MODEL, &EN_ASSIGNMENTS, &crate::messages::EN_WORKBENCH).notes;
        notes
            .into_iter()
            .filter(|n| n.kind == crate::teaching::workbench::NoteKind::Error)
            .map(|n| format!("{:?}: {}", n.section, n.text))
            .collect()
    }

    fn shown(rows: &[CopyRow]) -> Vec<String> {
        rows.iter().map(|r| format!("{} {} [{}] {}", r.key, r.service, r.node, r.status)).collect()
    }

    #[test]
    fn copies_are_the_starting_state_plus_changes_each_field_named_on_its_row() {
        let mut d = draft();
        assert_eq!(
            shown(&copy_rows(&d)),
            [
                "copy/collector-1 collector [m1] running",
                "copy/collector-2 collector [m2] running",
                "copy/collector-3 collector [m3] running",
                "copy/verifier-1 verifier [m1] running",
                "copy/verifier-2 verifier [m2] running"
            ]
        );
        set_copy(&mut d, "copy/collector-2", "collector", "m2", "dead");
        // The e2e test (sandbox.spec.mjs) expects these counts.
        assert_eq!(scenario_counts(&d, Limits::MODEL, &EN_ASSIGNMENTS).unwrap(), "components visited 4   trace steps 21   store reads 50   store writes 11   revision 0 -> 11   round 2");
        add_copy(&mut d);
        assert_eq!(
            shown(&copy_rows(&d))[1..],
            [
                "copy/collector-2 collector [m2] dead",
                "copy/collector-3 collector [m3] running",
                "copy/verifier-1 verifier [m1] running",
                "copy/verifier-2 verifier [m2] running",
                "copy/collector-4 collector [] pending"
            ]
        );
        let a = parse(&d.text()).unwrap();
        assert_eq!(a.scenario.initial.len(), 11);
        assert_eq!(errors(&d), Vec::<String>::new());
        assert_eq!(scenario_counts(&d, Limits::MODEL, &EN_ASSIGNMENTS).unwrap(), "components visited 4   trace steps 20   store reads 51   store writes 10   revision 0 -> 10   round 2"
        );
        // A bad status is kept as typed and named on its row.
        set_copy(&mut d, "copy/collector-4", "collector", "", "lost");
        assert_eq!(copy_rows(&d)[5].status, "lost");
        assert_eq!(
            errors(&d),
            [r#"Change("copy/collector-4"): unknown status "lost"; use "pending", "running" or "dead""#]
        );
    }

    #[test]
    fn the_timeline_as_rows_each_field_named_on_its_row_other_kinds_kept() {
        let mut d = draft();
        d.scenario = Some(json!({
            "requests": [{"key": "service/collector", "value": {"desired": 5}}],
            "timeline": [{"round": 2, "request": {"key": "node/m9", "value": null}}, {"round": 3, "down": ["scheduler", "API server"]}]
        }));
        let shown = |d: &Draft| {
            let (rows, others) = event_rows(d);
            let rows: Vec<String> =
                rows.iter().map(|r| format!("{} {} {} [{}]", r.at, r.round, r.change, r.parts)).collect();
            (rows, others)
        };
        assert_eq!(shown(&d), (vec!["1 3 down [scheduler, API server]".to_string()], 1));
        add_event(&mut d);
        set_event(&mut d, 2, " 4 ", "up", "scheduler");
        add_event(&mut d);
        set_event(&mut d, 3, "5", "report", "anything");
        assert_eq!(shown(&d).0, ["1 3 down [scheduler, API server]", "2 4 up [scheduler]", "3 5 report []"]);
        assert_eq!(errors(&d), Vec::<String>::new());
        assert_eq!(d.scenario.as_ref().unwrap()["timeline"][2], json!({"round": 4, "up": "scheduler"}));
        // Each bad field is kept as typed and named on its row.
        set_event(&mut d, 2, "two", "up", "scheduler");
        assert_eq!(event_rows(&d).0[1].round, "two");
        assert_eq!(errors(&d), ["Event(2): must be a whole number from 1 to 1000, found the text \"two\""]);
        set_event(&mut d, 2, "4", "up", "etcd");
        assert_eq!(
            errors(&d),
            [
                r#"Event(2): unknown component "etcd"; use null or one of "API server", "state store", "scheduler", "controller manager", "node agents""#
            ]
        );
        set_event(&mut d, 2, "2", "up", "scheduler");
        assert_eq!(errors(&d), ["Event(2): round 2 comes after round 3: events must be in round order"]);
        set_event(&mut d, 2, "4", "up", "controller manager");
        assert_eq!(
            errors(&d),
            [
                r#"Event(2): "controller manager" is not down at round 4: only a part that is down can come back"#
            ]
        );
        remove_event(&mut d, 2);
        assert_eq!(errors(&d), Vec::<String>::new());
        assert_eq!(errors(&d).len(), 0);
        assert_eq!(Section::of("scenario.timeline[12].round", &d), Section::Event(12));
        // The lesson with the scheduler down from round 2 (sandbox.spec.mjs expects these counts).
        let mut d = draft();
        add_event(&mut d);
        assert_eq!(scenario_counts(&d, Limits::MODEL, &EN_ASSIGNMENTS).unwrap(), "components visited 4   trace steps 15   store reads 40   store writes 7   revision 0 -> 7   round 2");
    }
}
