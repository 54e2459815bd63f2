//! The API server: the single write gate. It validates a request against the schema and writes it
//! to the state store. It keeps no state of its own.

use super::part::Part;
use super::state_store::StateStore;
use super::trace::TraceLimit;
use super::value::{Prefix, Value};
use serde::Serialize;
use std::fmt;
use std::rc::Rc;

/// A request to set a key (`value` is some) or to remove it (`value` is none).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Request {
    /// The key, which should be under `service/`, `copy/` or `node/`.
    pub key: String,
    /// The new value, or none to remove the key.
    pub value: Option<Value>,
}

/// The API server's answer to a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// The request landed on the store.
    Written,
    /// The key is under no prefix of the schema, or the value's kind does not fit its prefix.
    OutOfSchema,
    /// Nothing was written because this part is down.
    Unavailable(Part),
}

impl Response {
    /// The answer as the CLI and the lab print it.
    pub fn as_str(&self) -> &'static str {
        match self {
            Response::Written => "written",
            Response::OutOfSchema => "out of schema",
            Response::Unavailable(Part::ApiServer) => "API server unavailable",
            Response::Unavailable(_) => "state store unavailable",
        }
    }
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Response {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Handles one request while the API server is up. It never answers `written` when nothing was
/// written: with the store down the answer is `state store unavailable`.
pub fn api_server(store: &mut StateStore, request: &Request) -> Result<Response, TraceLimit> {
    store.component(Part::ApiServer);
    let Some(prefix) = Prefix::of_key(&request.key) else {
        return Ok(Response::OutOfSchema);
    };
    if request.value.as_ref().is_some_and(|v| v.prefix() != prefix) {
        return Ok(Response::OutOfSchema);
    }
    if store.is_down() {
        return Ok(Response::Unavailable(Part::StateStore));
    }
    let key: Rc<str> = Rc::from(request.key.as_str());
    match &request.value {
        Some(v) => store.write(&key, v.clone())?,
        None => store.remove(&key)?,
    }
    Ok(Response::Written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::value::{CopyRecord, Service, Status};

    fn req(key: &str, value: Option<Value>) -> Request {
        Request { key: key.into(), value }
    }

    #[test]
    fn writes_in_schema_and_refuses_the_rest() {
        let mut s = StateStore::new([]);
        let svc = Some(Value::Service(Service { desired: 2 }));
        assert_eq!(api_server(&mut s, &req("service/a", svc.clone())).unwrap(), Response::Written);
        assert_eq!(api_server(&mut s, &req("pods/a", svc.clone())).unwrap(), Response::OutOfSchema);
        assert_eq!(api_server(&mut s, &req("node/a", svc)).unwrap(), Response::OutOfSchema);
        assert_eq!(api_server(&mut s, &req("copy/gone", None)).unwrap(), Response::Written);
        assert_eq!(s.revision(), 2);
        assert!(s.trace().iter().all(|t| t.component == Part::ApiServer));
    }

    #[test]
    fn never_says_written_when_the_store_is_down() {
        let mut s = StateStore::new([]);
        s.set_down(true);
        let dead = Value::Copy(CopyRecord { service: "a".into(), node: None, status: Status::Dead });
        let r = api_server(&mut s, &req("copy/a-1", Some(dead))).unwrap();
        assert_eq!(r, Response::Unavailable(Part::StateStore));
        assert_eq!(s.revision(), 0);
    }
}
