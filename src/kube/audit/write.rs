//! Events written as kube-apiserver's log backend writes them: `audit.k8s.io/v1`, one JSON
//! object a line (`--audit-log-path`; kubernetes/website
//! `content/en/docs/tasks/debug/debug-cluster/audit.md`), so this reader and other tools that
//! read audit logs read it back.

use super::event::{AuditEvent, Level, API_VERSION_V1};
use std::fmt;

/// How events are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// Metadata (no bodies: the default), Request (request bodies) or RequestResponse (both).
    pub level: Level,
    /// Write the bodies of `secrets` requests too. Off by default: the kubernetes/website example
    /// policy (`content/en/examples/audit/audit-policy.yaml`) logs secrets at Metadata only.
    pub secret_bodies: bool,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions { level: Level::Metadata, secret_bodies: false }
    }
}

/// Why events could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteError {
    /// Level None logs nothing (types.go): there is no log to write.
    LevelNone,
    /// An event did not serialize (serde's words): its position in the list.
    Encode { at: usize, why: String },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::LevelNone => {
                f.write_str("level None logs nothing: pick Metadata, Request or RequestResponse")
            }
            WriteError::Encode { at, why } => write!(f, "event {at} did not encode: {why}"),
        }
    }
}

impl std::error::Error for WriteError {}

/// The event as written at `options`: v1, the level set, bodies above it left out, v1beta1's
/// `timestamp` moved to `requestReceivedTimestamp`.
pub fn at_level(event: &AuditEvent, options: WriteOptions) -> AuditEvent {
    let mut e = event.clone();
    e.kind = "Event".to_string();
    e.api_version = API_VERSION_V1.to_string();
    e.level = options.level;
    if e.request_received_timestamp.is_none() {
        e.request_received_timestamp = e.timestamp.clone();
    }
    e.timestamp = None;
    e.metadata = None;
    let secret = e.object_ref.as_ref().is_some_and(|o| o.resource == "secrets");
    if options.level < Level::Request || (secret && !options.secret_bodies) {
        e.request_object = None;
    }
    if options.level < Level::RequestResponse || (secret && !options.secret_bodies) {
        e.response_object = None;
    }
    e
}

/// The events as JSON lines, each ending in a newline.
pub fn write_log(events: &[AuditEvent], options: WriteOptions) -> Result<String, WriteError> {
    if options.level == Level::None {
        return Err(WriteError::LevelNone);
    }
    let mut out = String::new();
    for (at, event) in events.iter().enumerate() {
        let line = serde_json::to_string(&at_level(event, options))
            .map_err(|e| WriteError::Encode { at, why: e.to_string() })?;
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}
