//! The scenario format's values: a starting state's entries (`initial`), the requests a scenario
//! sends, and the service, copy or node value each carries. `scenario_json`, `changes_json`,
//! `timeline_json` and `scenario_errors` read values through here, so none of them reads another
//! for it.

use super::json::{err, join, kind, object, only_fields, quoted, required, shown, string, whole, InputError};
use super::limits::{MAX_COUNT, MAX_ENTRIES, MAX_REQUESTS};
use crate::messages::Problem;
use crate::model::{CopyRecord, Health, Node, Prefix, Request, Service, Status, Value};
use serde_json::Value as Json;
use std::rc::Rc;

/// A starting state (`initial`): each key in the schema, with a value of its prefix's kind.
pub(super) fn parse_initial(v: &Json, at: &str) -> Result<Vec<(Rc<str>, Value)>, InputError> {
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

/// A scenario's `requests`, at most [`MAX_REQUESTS`].
pub(super) fn parse_requests(v: &Json, at: &str) -> Result<Vec<Request>, InputError> {
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
pub fn parse_request(v: &Json, at: &str) -> Result<Request, InputError> {
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

fn guess_prefix(v: &Json, at: &str) -> Result<Prefix, InputError> {
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
pub fn parse_value(v: &Json, at: &str, prefix: Prefix) -> Result<Value, InputError> {
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
                s => return err(&status_at, Problem::of(|a| a.e_unknown_status).with("found", shown(s))),
            };
            Ok(Value::Copy(CopyRecord { service, node, status }))
        }
        Prefix::Node => {
            let obj = object(v, at, |a| a.what_node)?;
            only_fields(obj, at, &["capacity", "health"])?;
            let capacity = whole(required(obj, at, "capacity")?, &join(at, "capacity"), 0, max)? as u32;
            let health_at = join(at, "health");
            let health = match string(required(obj, at, "health")?, &health_at)? {
                "alive" => Health::Alive,
                "dead" => Health::Dead,
                s => return err(&health_at, Problem::of(|a| a.e_unknown_health).with("found", shown(s))),
            };
            Ok(Value::Node(Node { capacity, health }))
        }
    }
}
