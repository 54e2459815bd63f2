//! A request as the trace shows it: one row per `auditID`, from its most advanced stage.

use super::background::{background_of, Background};
use super::event::{AuditEvent, Level, ObjectReference, Stage};
use super::identity::Component;
use serde_json::Value;

/// What a request does to the store, from its verb (the verbs of
/// `staging/src/k8s.io/apiserver/pkg/endpoints/request/requestinfo.go`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// get, list, watch.
    Read,
    /// create, update, patch.
    Write,
    /// delete, deletecollection.
    Remove,
    /// Any other verb: a non-resource request's HTTP method, proxy, connect, ...
    Other,
}

impl Op {
    /// The op of a verb.
    pub fn of(verb: &str) -> Op {
        match verb {
            "get" | "list" | "watch" => Op::Read,
            "create" | "update" | "patch" => Op::Write,
            "delete" | "deletecollection" => Op::Remove,
            _ => Op::Other,
        }
    }
}

/// A count the log may or may not hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tally {
    Counted(u64),
    /// The log does not say (its level leaves it out, or it never can): shown, never guessed.
    NotRecorded,
    /// The count does not apply (items of a write, writes of a read).
    NotApplicable,
}

/// Where a row's object name comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameSource {
    /// `objectRef.name` (or no name is due: a list, a watch of a collection).
    Recorded,
    /// A create by `generateName`: the name is in its `responseObject` (RequestResponse).
    Response,
    /// A create by `generateName`: the name is one that first shows up in later requests of the
    /// same resource and namespace (a binding, a status patch), paired in order.
    Later,
    /// A create by `generateName` whose name the log never gives.
    Unnamed,
}

/// A request or response body as a row may show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// Not in the log (its level records no body).
    NotRecorded,
    /// A Secret's body, withheld unless the reader is asked to show secrets.
    Redacted,
    /// The body, as compact JSON.
    Json(String),
}

/// A watch's span: ResponseStarted (headers sent) to ResponseComplete (stream closed), in
/// microseconds since 1970 (`staging/src/k8s.io/apiserver/pkg/endpoints/filters/audit.go`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WatchSpan {
    pub started: Option<i64>,
    pub ended: Option<i64>,
}

/// One request of the log.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestRow {
    pub audit_id: String,
    /// The line of the request's first event.
    pub line: u64,
    /// `requestReceivedTimestamp`, microseconds since 1970.
    pub received: i64,
    pub component: Component,
    pub username: String,
    pub verb: String,
    pub op: Op,
    pub resource: String,
    pub namespace: String,
    /// The object's name; see `name_source`.
    pub name: String,
    pub subresource: String,
    pub name_source: NameSource,
    /// `requestURI` without its query: the key of a non-resource request (`/healthz`).
    pub path: String,
    pub level: Level,
    /// The most advanced stage the log holds for the request.
    pub stage: Stage,
    /// `responseStatus.code`; None before a response.
    pub code: Option<i32>,
    /// Items the request read.
    pub items: Tally,
    /// Writes to etcd.
    pub writes: Tally,
    pub background: Option<Background>,
    pub watch: Option<WatchSpan>,
    pub request_object: Body,
    /// `responseObject`: recorded at RequestResponse only; a Secret's withheld like its request.
    pub response_object: Body,
    /// v1 `generateName` of a create, where the request body records it.
    pub generate_name: Option<String>,
}

impl RequestRow {
    /// `pods/web-1/binding`, `deployments/nginx`, `pods` (a collection), `/healthz` (non-resource);
    /// a name taken from later requests is marked `~`, a missing one `(unnamed)`.
    pub fn key(&self) -> String {
        if self.resource.is_empty() {
            return self.path.clone();
        }
        let mut key = self.resource.clone();
        match self.name_source {
            NameSource::Unnamed => key.push_str("/(unnamed)"),
            NameSource::Later => {
                key.push_str("/~");
                key.push_str(&self.name);
            }
            _ if !self.name.is_empty() => {
                key.push('/');
                key.push_str(&self.name);
            }
            _ => {}
        }
        if !self.subresource.is_empty() {
            key.push('/');
            key.push_str(&self.subresource);
        }
        key
    }

    /// Whether the request failed: a code of 400 or more, or a panic.
    pub fn failed(&self) -> bool {
        self.stage == Stage::Panic || self.code.is_some_and(|c| c >= 400)
    }

    /// The row of one event (its request's latest stage so far).
    pub(super) fn of_event(event: &AuditEvent, line: u64, show_secrets: bool) -> RequestRow {
        let object = event.object_ref.clone().unwrap_or_default();
        let op = Op::of(&event.verb);
        let code = event.code();
        let response = event.response_object.as_ref();
        let response_name = response.and_then(|r| r.pointer("/metadata/name")).and_then(Value::as_str);
        let (name, name_source) = match (object.name.is_empty(), response_name) {
            (true, Some(n)) if event.verb == "create" && object.subresource.is_empty() => {
                (n.to_string(), NameSource::Response)
            }
            _ => (object.name.clone(), NameSource::Recorded),
        };
        let generate_name = event.request_object.as_ref().and_then(|r| r.pointer("/metadata/generateName"));
        let component = Component::of(&event.user.username, &event.user_agent);
        let path = event.request_uri.split('?').next().unwrap_or("").to_string();
        let background = background_of(&object, op, &component, &path);
        RequestRow {
            audit_id: event.audit_id.clone(),
            line,
            received: event.received().map_or(0, |t| t.micros()),
            component,
            username: event.user.username.clone(),
            verb: event.verb.clone(),
            op,
            name,
            name_source,
            path,
            level: event.level,
            stage: event.stage,
            code,
            items: items(&event.verb, op, code, response),
            writes: writes(event, op, code),
            background,
            watch: None,
            request_object: body(event.request_object.as_ref(), &object, show_secrets),
            response_object: body(response, &object, show_secrets),
            generate_name: generate_name.and_then(Value::as_str).map(str::to_string),
            resource: object.resource,
            namespace: object.namespace,
            subresource: object.subresource,
        }
    }
}

fn success(code: Option<i32>) -> Option<bool> {
    code.map(|c| (200..300).contains(&c))
}

/// Items read, only where the response body holds them: a List's `items`, a Table's `rows`
/// (kubectl asks for `as=Table`: `staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go`,
/// `Table`), or the one object a successful get returns. A watch's pushed objects never appear
/// in the log (audit is per request), so a watch is never counted.
fn items(verb: &str, op: Op, code: Option<i32>, response: Option<&Value>) -> Tally {
    if op != Op::Read {
        return Tally::NotApplicable;
    }
    match response {
        _ if verb == "watch" => Tally::NotRecorded,
        Some(r) => match listed(r) {
            Some(list) => Tally::Counted(list.len() as u64),
            None if verb == "get" && success(code) == Some(true) => Tally::Counted(1),
            None => Tally::NotRecorded,
        },
        None => Tally::NotRecorded,
    }
}

/// The objects a List (`items`) or a Table (`rows`) holds.
fn listed(response: &Value) -> Option<&Vec<Value>> {
    let key = if response.get("kind").and_then(Value::as_str) == Some("Table") { "rows" } else { "items" };
    response.get(key).and_then(Value::as_array)
}

/// Writes to etcd: a successful create, update, patch or delete stores once (a binding's create
/// updates its pod: `pkg/registry/core/pod/storage/storage.go`, `BindingREST`); a failed or
/// dry-run request (`dryRun` in the query:
/// https://kubernetes.io/docs/reference/using-api/api-concepts/#dry-run) stores nothing; a
/// deletecollection removes as many as its response lists, which only RequestResponse records.
/// An update that changes nothing is not stored either
/// (`staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go`, `GuaranteedUpdate`), which the
/// log cannot tell: it counts one.
fn writes(event: &AuditEvent, op: Op, code: Option<i32>) -> Tally {
    if op != Op::Write && op != Op::Remove {
        return Tally::NotApplicable;
    }
    let dry_run = event
        .request_uri
        .split_once('?')
        .is_some_and(|(_, q)| q.split('&').any(|p| p.starts_with("dryRun=")));
    match success(code) {
        None => Tally::NotRecorded,
        Some(false) => Tally::Counted(0),
        Some(true) if dry_run => Tally::Counted(0),
        Some(true) if event.verb == "deletecollection" => event
            .response_object
            .as_ref()
            .and_then(listed)
            .map_or(Tally::NotRecorded, |l| Tally::Counted(l.len() as u64)),
        Some(true) => Tally::Counted(1),
    }
}

/// A Secret's body is withheld unless asked for: it holds the secret's data.
fn body(object: Option<&Value>, target: &ObjectReference, show_secrets: bool) -> Body {
    match object {
        None => Body::NotRecorded,
        Some(_) if target.resource == "secrets" && !show_secrets => Body::Redacted,
        Some(v) => Body::Json(v.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kube::audit::parse_line;

    #[test]
    fn each_verb_has_its_op() {
        let ops = [
            "get",
            "list",
            "watch",
            "create",
            "update",
            "patch",
            "delete",
            "deletecollection",
            "post",
            "proxy",
        ]
        .map(Op::of);
        use Op::{Other, Read, Remove, Write};
        assert_eq!(ops, [Read, Read, Read, Write, Write, Write, Remove, Remove, Other, Other]);
    }

    #[test]
    fn a_key_names_resource_name_and_subresource() {
        let line = r#"{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"a","stage":"ResponseComplete","requestURI":"/api/v1/namespaces/d/pods/web-1/binding","verb":"create","user":{"username":"system:kube-scheduler"},"objectRef":{"resource":"pods","namespace":"d","name":"web-1","subresource":"binding"},"responseStatus":{"code":201},"requestReceivedTimestamp":"2026-12-01T20:00:00.000000Z"}"#;
        let row = RequestRow::of_event(&parse_line(line).expect("an event"), 1, false);
        assert_eq!(
            (row.key(), row.writes, row.component),
            ("pods/web-1/binding".to_string(), Tally::Counted(1), Component::Scheduler)
        );
        let healthz = line
            .replace(
                r#""objectRef":{"resource":"pods","namespace":"d","name":"web-1","subresource":"binding"},"#,
                "",
            )
            .replace("/api/v1/namespaces/d/pods/web-1/binding", "/healthz?verbose");
        assert_eq!(
            RequestRow::of_event(&parse_line(&healthz).expect("an event"), 1, false).key(),
            "/healthz"
        );
    }
}
