//! Scenarios: a starting store, the requests sent to it, which part is down, and how many rounds
//! may run. Parsed from JSON with every problem named by its field, then simulated.

use super::api_server::{Request, Response};
use super::part::Part;
use super::plane::{Plane, DEFAULT_MAX_ROUNDS};
use super::state_store::TraceLimit;
use super::value::{Copy, Health, Node, Prefix, Service, Status, Value};
use crate::messages::{AssignmentMessages, Problem, Template, EN_ASSIGNMENTS};
use serde_json::{Map, Value as Json};
use std::fmt;
use std::rc::Rc;

/// Largest `desired` or `capacity` a scenario may ask for.
pub const MAX_COUNT: u64 = 100_000;
/// Most entries a starting store may hold.
pub const MAX_ENTRIES: usize = 200_000;
/// Most requests a scenario may send.
pub const MAX_REQUESTS: usize = 100_000;
/// Most rounds a scenario may allow.
pub const MAX_ROUNDS: u32 = 1000;
/// Largest scenario text accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 64 << 20;

/// What one run starts from and does.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The starting store, in insertion order. A key may repeat: it keeps its first place and
    /// takes its last value, as when a JavaScript `Map` is built from entries.
    pub initial: Vec<(Rc<str>, Value)>,
    /// Requests sent through the API server before the first round.
    pub requests: Vec<Request>,
    /// The part that is down for the whole run, if any.
    pub down: Option<Part>,
    /// The most rounds the loop may run.
    pub max_rounds: u32,
}

/// A scenario (or a part of one) that cannot be used, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// Where the problem is, like `requests[2].value.status`; empty for the document itself.
    pub path: String,
    /// What is wrong there.
    pub problem: Problem,
}

impl ScenarioError {
    /// The error in `a`'s language: `requests[2].value.status: unknown status "lost"; …`.
    pub fn text(&self, a: &AssignmentMessages) -> String {
        if self.path.is_empty() {
            self.problem.text(a)
        } else {
            format!("{}: {}", self.path, self.problem.text(a))
        }
    }
}

/// In English.
impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN_ASSIGNMENTS))
    }
}

impl std::error::Error for ScenarioError {}

pub(crate) fn err<T>(path: &str, problem: Problem) -> Result<T, ScenarioError> {
    Err(ScenarioError { path: path.to_string(), problem })
}

/// The lesson's starting state: two services (3 collector copies, 2 verifier copies) and three
/// nodes of capacity four.
pub fn lesson_initial() -> Vec<(Rc<str>, Value)> {
    let mut entries: Vec<(Rc<str>, Value)> = vec![
        ("service/collector".into(), Value::Service(Service { desired: 3 })),
        ("service/verifier".into(), Value::Service(Service { desired: 2 })),
    ];
    let copies = (1..=3).map(|i| ("collector", i)).chain((1..=2).map(|i| ("verifier", i)));
    for (service, i) in copies {
        let copy =
            Copy { service: service.into(), node: Some(format!("m{i}").into()), status: Status::Running };
        entries.push((format!("copy/{service}-{i}").into(), Value::Copy(copy)));
    }
    for i in 1..=3 {
        entries.push((format!("node/m{i}").into(), Value::Node(Node { capacity: 4, health: Health::Alive })));
    }
    entries
}

/// The lesson's request: the collector service's desired copy count, 3 -> 5.
pub fn lesson_request() -> Request {
    Request { key: "service/collector".into(), value: Some(Value::Service(Service { desired: 5 })) }
}

impl Scenario {
    /// The lesson's traced scenario: its starting state and its one scale request.
    pub fn lesson() -> Scenario {
        Scenario {
            initial: lesson_initial(),
            requests: vec![lesson_request()],
            down: None,
            max_rounds: DEFAULT_MAX_ROUNDS,
        }
    }

    /// Parses a scenario document (see the README for its fields).
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        if text.len() > MAX_INPUT_BYTES {
            return err("", Problem::of(|a| a.e_scenario_too_large).with("mib", MAX_INPUT_BYTES >> 20));
        }
        // Valid documents take the typed fast path; anything it rejects is parsed again by the
        // checking path, which names the field that is wrong (or accepts what the fast path is
        // too strict for, like `3.0` for 3).
        if let Ok(scenario) = fast::parse(text) {
            return Ok(scenario);
        }
        let doc: Json = serde_json::from_str(text)
            .or_else(|e| err("", Problem::of(|a| a.e_invalid_json).with("why", e)))?;
        Scenario::from_value(&doc, "")
    }

    /// Parses a scenario already read as JSON; `at` prefixes every error path.
    pub fn from_value(doc: &Json, at: &str) -> Result<Scenario, ScenarioError> {
        let obj = object(doc, at, |a| a.what_scenario)?;
        only_fields(obj, at, &["initial", "requests", "down", "max_rounds"])?;
        let initial = match obj.get("initial") {
            None => lesson_initial(),
            Some(v) => parse_initial(v, &join(at, "initial"))?,
        };
        let requests = match obj.get("requests") {
            None => Vec::new(),
            Some(v) => parse_requests(v, &join(at, "requests"))?,
        };
        let down = match obj.get("down") {
            None | Some(Json::Null) => None,
            Some(Json::String(s)) => match Part::from_name(s) {
                Some(p) => Some(p),
                None => {
                    return err(
                        &join(at, "down"),
                        Problem::of(|a| a.e_unknown_component)
                            .with("found", s)
                            .with("names", Part::names_list()),
                    )
                }
            },
            Some(other) => {
                return err(
                    &join(at, "down"),
                    Problem::of(|a| a.e_not_component).with_text("kind", kind(other)),
                )
            }
        };
        let max_rounds = match obj.get("max_rounds") {
            None => DEFAULT_MAX_ROUNDS,
            Some(v) => whole(v, &join(at, "max_rounds"), 1, u64::from(MAX_ROUNDS))? as u32,
        };
        Ok(Scenario { initial, requests, down, max_rounds })
    }

    /// Runs the scenario: every request through the API server, then the round loop.
    pub fn simulate(&self) -> Result<Outcome, TraceLimit> {
        self.clone().run()
    }

    /// Like [`Scenario::simulate`], consuming the scenario (no copy of a large starting store).
    pub fn run(self) -> Result<Outcome, TraceLimit> {
        self.run_with(true)
    }

    /// Like [`Scenario::run`]; `values` says whether write steps keep the value they wrote
    /// (the CLI's output has no use for them).
    pub fn run_with(self, values: bool) -> Result<Outcome, TraceLimit> {
        let mut plane = Plane::new(self.initial, self.down);
        plane.store_mut().set_record_values(values);
        let mut responses = Vec::with_capacity(self.requests.len());
        for r in &self.requests {
            responses.push(plane.request(r)?);
        }
        plane.run(self.max_rounds)?;
        Ok(Outcome { responses, plane })
    }
}

/// What a simulated scenario produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The API server's answer to each request, in order.
    pub responses: Vec<Response>,
    /// The plane after the run: its store holds the trace, revision and final contents.
    pub plane: Plane,
}

/// A string in double quotes with quotes, backslashes and control characters escaped, for
/// paths and messages (without `{:?}`, whose Unicode tables would weigh on the page).
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(crate) fn join(at: &str, field: &str) -> String {
    if at.is_empty() {
        field.to_string()
    } else {
        format!("{at}.{field}")
    }
}

/// What kind of JSON value `v` is, as a diagnostic names it.
pub(crate) fn kind(v: &Json) -> Template {
    match v {
        Json::Null => |a| a.kind_null,
        Json::Bool(_) => |a| a.kind_boolean,
        Json::Number(_) => |a| a.kind_number,
        Json::String(_) => |a| a.kind_string,
        Json::Array(_) => |a| a.kind_array,
        Json::Object(_) => |a| a.kind_object,
    }
}

pub(crate) fn object<'a>(
    v: &'a Json,
    at: &str,
    what: Template,
) -> Result<&'a Map<String, Json>, ScenarioError> {
    match v {
        Json::Object(o) => Ok(o),
        other => err(at, Problem::of(|a| a.e_must_be).with_text("what", what).with_text("kind", kind(other))),
    }
}

pub(crate) fn only_fields(obj: &Map<String, Json>, at: &str, allowed: &[&str]) -> Result<(), ScenarioError> {
    for name in obj.keys() {
        if !allowed.contains(&name.as_str()) {
            return err(
                at,
                Problem::of(|a| a.e_unknown_field).with("name", name).with("fields", allowed.join(", ")),
            );
        }
    }
    Ok(())
}

pub(crate) fn required<'a>(
    obj: &'a Map<String, Json>,
    at: &str,
    field: &str,
) -> Result<&'a Json, ScenarioError> {
    obj.get(field).ok_or_else(|| ScenarioError {
        path: at.to_string(),
        problem: Problem::of(|a| a.e_missing_field).with("field", field),
    })
}

/// A whole number in `lo..=hi`; `3.0` counts as 3, `3.5` and `-1` do not.
pub(crate) fn whole(v: &Json, at: &str, lo: u64, hi: u64) -> Result<u64, ScenarioError> {
    let Json::Number(n) = v else {
        return err(
            at,
            Problem::of(|a| a.e_not_whole).with("lo", lo).with("hi", hi).with_text("kind", kind(v)),
        );
    };
    let value = match (n.as_u64(), n.as_f64()) {
        (Some(u), _) => u,
        (None, Some(f)) if f < 0.0 => return err(at, Problem::of(|a| a.e_negative).with("found", n)),
        (None, Some(f)) if f.fract() != 0.0 => {
            return err(at, Problem::of(|a| a.e_fraction).with("found", n))
        }
        (None, Some(f)) if f <= hi as f64 => f as u64,
        _ => return err(at, Problem::of(|a| a.e_too_big).with("hi", hi).with("found", n)),
    };
    if value < lo || value > hi {
        return err(at, Problem::of(|a| a.e_out_of_range).with("lo", lo).with("hi", hi).with("found", value));
    }
    Ok(value)
}

pub(crate) fn string<'a>(v: &'a Json, at: &str) -> Result<&'a str, ScenarioError> {
    match v {
        Json::String(s) => Ok(s),
        other => err(at, Problem::of(|a| a.e_not_string).with_text("kind", kind(other))),
    }
}

fn parse_initial(v: &Json, at: &str) -> Result<Vec<(Rc<str>, Value)>, ScenarioError> {
    let obj = object(v, at, |a| a.what_initial)?;
    if obj.len() > MAX_ENTRIES {
        return err(at, Problem::of(|a| a.e_too_many_entries).with("n", obj.len()).with("max", MAX_ENTRIES));
    }
    let mut entries = Vec::with_capacity(obj.len());
    for (key, value) in obj {
        let path = format!("{at}[{}]", quoted(key));
        let Some(prefix) = Prefix::of_key(key) else {
            return err(&path, Problem::of(|a| a.e_outside_schema));
        };
        entries.push((key.as_str().into(), parse_value(value, &path, prefix)?));
    }
    Ok(entries)
}

fn parse_requests(v: &Json, at: &str) -> Result<Vec<Request>, ScenarioError> {
    let Json::Array(items) = v else {
        return err(at, Problem::of(|a| a.e_not_requests).with_text("kind", kind(v)));
    };
    if items.len() > MAX_REQUESTS {
        return err(
            at,
            Problem::of(|a| a.e_too_many_requests).with("n", items.len()).with("max", MAX_REQUESTS),
        );
    }
    items.iter().enumerate().map(|(i, item)| parse_request(item, &format!("{at}[{i}]"))).collect()
}

/// One request. Its key may be outside the schema (the API server answers `out of schema`), but
/// its value must still be a service, copy or node value, or null to remove the key.
pub fn parse_request(v: &Json, at: &str) -> Result<Request, ScenarioError> {
    let obj = object(v, at, |a| a.what_request)?;
    only_fields(obj, at, &["key", "value"])?;
    let key = string(required(obj, at, "key")?, &join(at, "key"))?.to_string();
    let value_at = join(at, "value");
    let value = match required(obj, at, "value")? {
        Json::Null => None,
        value => {
            let prefix = match Prefix::of_key(&key) {
                Some(p) => p,
                None => guess_prefix(value, &value_at)?,
            };
            Some(parse_value(value, &value_at, prefix)?)
        }
    };
    Ok(Request { key, value })
}

fn guess_prefix(v: &Json, at: &str) -> Result<Prefix, ScenarioError> {
    let obj = object(v, at, |a| a.what_value)?;
    if obj.contains_key("desired") {
        Ok(Prefix::Service)
    } else if obj.contains_key("status") {
        Ok(Prefix::Copy)
    } else if obj.contains_key("capacity") {
        Ok(Prefix::Node)
    } else {
        err(at, Problem::of(|a| a.e_not_a_value))
    }
}

/// A value of the kind its prefix holds.
pub fn parse_value(v: &Json, at: &str, prefix: Prefix) -> Result<Value, ScenarioError> {
    let max = MAX_COUNT;
    match prefix {
        Prefix::Service => {
            let obj = object(v, at, |a| a.what_service)?;
            only_fields(obj, at, &["desired"])?;
            let desired = whole(required(obj, at, "desired")?, &join(at, "desired"), 0, max)? as u32;
            Ok(Value::Service(Service { desired }))
        }
        Prefix::Copy => {
            let obj = object(v, at, |a| a.what_copy)?;
            only_fields(obj, at, &["service", "node", "status"])?;
            let service = string(required(obj, at, "service")?, &join(at, "service"))?.into();
            let node = match required(obj, at, "node")? {
                Json::Null => None,
                n => Some(string(n, &join(at, "node"))?.into()),
            };
            let status_at = join(at, "status");
            let status = match string(required(obj, at, "status")?, &status_at)? {
                "pending" => Status::Pending,
                "running" => Status::Running,
                "dead" => Status::Dead,
                s => return err(&status_at, Problem::of(|a| a.e_unknown_status).with("found", s)),
            };
            Ok(Value::Copy(Copy { service, node, status }))
        }
        Prefix::Node => {
            let obj = object(v, at, |a| a.what_node)?;
            only_fields(obj, at, &["capacity", "health"])?;
            let capacity = whole(required(obj, at, "capacity")?, &join(at, "capacity"), 0, max)? as u32;
            let health_at = join(at, "health");
            let health = match string(required(obj, at, "health")?, &health_at)? {
                "alive" => Health::Alive,
                "dead" => Health::Dead,
                s => return err(&health_at, Problem::of(|a| a.e_unknown_health).with("found", s)),
            };
            Ok(Value::Node(Node { capacity, health }))
        }
    }
}

/// The typed fast path for well-formed documents: `initial` straight into typed values, without
/// an intermediate JSON tree. Errors here carry no useful message; the caller re-parses.
mod fast {
    use super::*;
    use crate::model::fxhash::FxHashMap;
    use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, Visitor};
    use serde::Deserialize;
    use std::borrow::Cow;

    pub(super) fn parse(text: &str) -> Result<Scenario, ()> {
        let doc: Doc = serde_json::from_str(text).map_err(drop)?;
        let mut scenario = Scenario::from_value(&Json::Object(doc.rest), "").map_err(drop)?;
        if let Some(initial) = doc.initial {
            scenario.initial = initial;
        }
        Ok(scenario)
    }

    /// The document: `initial` typed, every other field kept for the checking path.
    struct Doc {
        initial: Option<Vec<(Rc<str>, Value)>>,
        rest: Map<String, Json>,
    }

    impl<'de> Deserialize<'de> for Doc {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Doc, D::Error> {
            d.deserialize_map(DocVisitor)
        }
    }

    struct DocVisitor;

    impl<'de> Visitor<'de> for DocVisitor {
        type Value = Doc;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a scenario object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Doc, A::Error> {
            let mut doc = Doc { initial: None, rest: Map::new() };
            while let Some(key) = map.next_key::<String>()? {
                if key == "initial" {
                    doc.initial = Some(map.next_value_seed(InitialSeed)?);
                } else {
                    let value = map.next_value::<Json>()?;
                    doc.rest.insert(key, value);
                }
            }
            Ok(doc)
        }
    }

    struct InitialSeed;

    impl<'de> DeserializeSeed<'de> for InitialSeed {
        type Value = Vec<(Rc<str>, Value)>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_map(self)
        }
    }

    impl<'de> Visitor<'de> for InitialSeed {
        type Value = Vec<(Rc<str>, Value)>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object of key: value")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut entries: Vec<(Rc<str>, Value)> = Vec::with_capacity(map.size_hint().unwrap_or(0));
            // Service and node names repeat across copies: one shared string each.
            let mut names: FxHashMap<Box<str>, Rc<str>> = Default::default();
            let mut intern = |s: &str| -> Rc<str> {
                if let Some(rc) = names.get(s) {
                    return rc.clone();
                }
                let rc: Rc<str> = Rc::from(s);
                names.insert(s.into(), rc.clone());
                rc
            };
            while let Some(Borrowed(key)) = map.next_key::<Borrowed<'de>>()? {
                let prefix = Prefix::of_key(&key).ok_or_else(|| A::Error::custom("out of schema"))?;
                let value = match prefix {
                    Prefix::Service => {
                        let s: RawService = map.next_value()?;
                        Value::Service(Service { desired: count(s.desired)? })
                    }
                    Prefix::Copy => {
                        let c: RawCopy<'de> = map.next_value()?;
                        let node = c.node.map(|n| intern(&n));
                        Value::Copy(Copy { service: intern(&c.service), node, status: c.status })
                    }
                    Prefix::Node => {
                        let n: RawNode = map.next_value()?;
                        Value::Node(Node { capacity: count(n.capacity)?, health: n.health })
                    }
                };
                // A repeated key stays repeated here: the store keeps its first place and takes
                // its last value, as JSON.parse does, without a second index over the keys.
                if entries.len() == MAX_ENTRIES {
                    return Err(A::Error::custom("too many entries"));
                }
                entries.push((Rc::from(&*key), value));
            }
            Ok(entries)
        }
    }

    fn count<E: serde::de::Error>(n: u64) -> Result<u32, E> {
        if n <= MAX_COUNT {
            Ok(n as u32)
        } else {
            Err(E::custom("count out of range"))
        }
    }

    /// `node` must be present (null or a string): no `Option` default for a missing field.
    fn present_node<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Cow<'de, str>>, D::Error> {
        Ok(Option::<Borrowed<'de>>::deserialize(d)?.map(|b| b.0))
    }

    /// A string borrowed from the input when it has no escapes (serde's own `Cow` always copies).
    #[derive(Deserialize)]
    struct Borrowed<'a>(#[serde(borrow)] Cow<'a, str>);

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawService {
        desired: u64,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawCopy<'a> {
        #[serde(borrow)]
        service: Cow<'a, str>,
        #[serde(borrow, deserialize_with = "present_node")]
        node: Option<Cow<'a, str>>,
        status: Status,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawNode {
        capacity: u64,
        health: Health,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        Scenario::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn defaults_are_the_lessons_state_no_requests_nothing_down_eight_rounds() {
        let s = Scenario::from_json("{}").unwrap();
        assert_eq!(s.initial, lesson_initial());
        assert_eq!((s.requests.len(), s.down, s.max_rounds), (0, None, 8));
    }

    #[test]
    fn initial_keeps_document_order() {
        let s = Scenario::from_json(r#"{"initial": {"node/b": {"capacity": 1, "health": "alive"}, "copy/a-1": {"service": "a", "node": null, "status": "pending"}, "service/a": {"desired": 1}}}"#).unwrap();
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
                "desired: must be a whole number from 0 to 100000, found a string",
            ),
            (
                r#"{"initial": {"node/a": {"capacity": 1e9, "health": "alive"}}}"#,
                "capacity: must be at most 100000",
            ),
            (
                r#"{"initial": {"copy/a": {"service": "a", "node": null, "status": "lost"}}}"#,
                "status: unknown status \"lost\"",
            ),
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
            (r#"{"down": 3}"#, "down: must be null or a component name"),
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
            r#"{"initial": {"copy/a-1": {"service": "a", "node": null, "status": "pending"}, "node/b": {"capacity": 3, "health": "dead"}, "copy/a-1": {"service": "b", "node": "m1", "status": "dead"}}, "down": null}"#,
            r#"{"max_rounds": 2, "initial": {"service/a": {"desired": 3}}, "requests": [{"key": "x", "value": null}]}"#,
            r#"{"initial": {"service/a": {"desired": 3.0}}}"#,
            r#"{"initial": {}}"#,
        ];
        let store = |s: &Scenario| {
            let store = crate::model::StateStore::new(s.initial.clone());
            store.entries().map(|(k, v)| (k.to_string(), v.clone())).collect::<Vec<_>>()
        };
        for text in docs {
            let slow = Scenario::from_value(&serde_json::from_str(text).unwrap(), "").unwrap();
            let fast = Scenario::from_json(text).unwrap();
            assert_eq!(store(&fast), store(&slow), "{text}");
            assert_eq!(
                (&fast.requests, fast.down, fast.max_rounds),
                (&slow.requests, slow.down, slow.max_rounds)
            );
        }
        // The repeated key keeps its first place and takes its last value.
        let first = store(&Scenario::from_json(docs[0]).unwrap());
        assert_eq!(first[0].0, "copy/a-1");
        assert_eq!(first[0].1.as_copy().map(|c| c.status), Some(Status::Dead));
        assert!(fast::parse(docs[0]).is_ok(), "valid documents take the fast path");
        assert!(
            fast::parse(r#"{"initial": {"copy/a": {"service": "a", "status": "dead"}}}"#).is_err(),
            "node is required"
        );
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
        let s = Scenario::from_json(r#"{"requests": [{"key": "pods/a", "value": {"desired": 1}}]}"#).unwrap();
        let out = s.simulate().unwrap();
        assert_eq!(out.responses, [Response::OutOfSchema]);
    }
}
