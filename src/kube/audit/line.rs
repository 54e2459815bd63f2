//! One line of a log into one event, or a named reason why it is not one.

use super::event::{AuditEvent, API_VERSION_V1, API_VERSION_V1BETA1};
use std::fmt;

/// Why a line is not an audit event this reader can use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineErrorKind {
    /// The line ends inside its JSON (a log cut off mid-write).
    Truncated,
    /// Not JSON at all, at this column.
    NotJson { column: usize },
    /// JSON, but not an audit event: a field missing or of the wrong type, or an unknown stage
    /// or level (serde's words, without its position).
    NotAnEvent(String),
    /// A `kind` other than `Event`.
    WrongKind(String),
    /// An `apiVersion` other than `audit.k8s.io/v1` or `v1beta1`.
    UnsupportedVersion(String),
    /// Neither `requestReceivedTimestamp` nor (v1beta1) `timestamp`.
    NoTimestamp,
    /// The line is not UTF-8.
    NotUtf8,
    /// Longer than the reader's limit of this many bytes; skipped unread.
    TooLong { limit: usize },
}

/// A line that did not load, by its number (1 is the first line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    pub line: u64,
    pub kind: LineErrorKind,
}

impl fmt::Display for LineErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineErrorKind::Truncated => f.write_str("cut off: the JSON ends before the event does"),
            LineErrorKind::NotJson { column } => write!(f, "not JSON (at column {column})"),
            LineErrorKind::NotAnEvent(why) => write!(f, "not an audit event: {why}"),
            LineErrorKind::WrongKind(kind) => write!(f, "kind {kind:?} is not Event"),
            LineErrorKind::UnsupportedVersion(v) => {
                write!(f, "apiVersion {v:?} is neither {API_VERSION_V1} nor {API_VERSION_V1BETA1}")
            }
            LineErrorKind::NoTimestamp => {
                f.write_str("no requestReceivedTimestamp (nor v1beta1's timestamp)")
            }
            LineErrorKind::NotUtf8 => f.write_str("not UTF-8 text"),
            LineErrorKind::TooLong { limit } => write!(f, "longer than {limit} bytes: skipped"),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for LineError {}

/// Reads one line (without its newline) as an audit event.
pub fn parse_line(line: &str) -> Result<AuditEvent, LineErrorKind> {
    if !line.trim_start().starts_with('{') {
        // serde would try a JSON array as the event's fields in order: say what it is instead.
        return match serde_json::from_str::<serde::de::IgnoredAny>(line) {
            Ok(_) => Err(LineErrorKind::NotAnEvent("JSON, but not an object".to_string())),
            Err(e) => Err(json_error(&e)),
        };
    }
    let event: AuditEvent = serde_json::from_str(line).map_err(|e| json_error(&e))?;
    if event.kind != "Event" {
        return Err(LineErrorKind::WrongKind(event.kind));
    }
    if event.api_version != API_VERSION_V1 && event.api_version != API_VERSION_V1BETA1 {
        return Err(LineErrorKind::UnsupportedVersion(event.api_version));
    }
    if event.received().is_none() {
        return Err(LineErrorKind::NoTimestamp);
    }
    Ok(event)
}

/// Every event of a log held as text, and the lines that are not events (blank lines are
/// neither). For the writer and tests; a page reads with [`super::AuditReader`].
pub fn parse_events(log: &str) -> (Vec<AuditEvent>, Vec<LineError>) {
    let mut events = Vec::new();
    let mut problems = Vec::new();
    for (at, line) in log.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(line) {
            Ok(event) => events.push(event),
            Err(kind) => problems.push(LineError { line: at as u64 + 1, kind }),
        }
    }
    (events, problems)
}

/// serde_json's error as a kind; its " at line L column C" is left out (the line is ours).
fn json_error(e: &serde_json::Error) -> LineErrorKind {
    use serde_json::error::Category;
    match e.classify() {
        Category::Eof => LineErrorKind::Truncated,
        Category::Syntax | Category::Io => LineErrorKind::NotJson { column: e.column() },
        Category::Data => {
            let text = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            LineErrorKind::NotAnEvent(text.strip_suffix(&suffix).unwrap_or(&text).to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"a1","stage":"ResponseComplete","requestURI":"/api/v1/pods","verb":"list","user":{"username":"u"},"requestReceivedTimestamp":"2026-12-01T20:00:00.000000Z","stageTimestamp":"2026-12-01T20:00:00.001000Z","future":{"x":1}}"#;

    #[test]
    fn reads_an_event_and_ignores_unknown_fields() {
        let e = parse_line(GOOD).expect("an event");
        assert_eq!((e.audit_id.as_str(), e.verb.as_str()), ("a1", "list"));
    }

    #[test]
    fn names_what_is_wrong() {
        assert_eq!(parse_line(&GOOD[..40]), Err(LineErrorKind::Truncated));
        assert_eq!(parse_line("hello"), Err(LineErrorKind::NotJson { column: 1 }));
        assert_eq!(parse_line("[1,2,3]"), Err(LineErrorKind::NotAnEvent("JSON, but not an object".into())));
        assert_eq!(parse_line("[1,2"), Err(LineErrorKind::Truncated));
        let stage = parse_line(&GOOD.replace("ResponseComplete", "ResponseAborted"));
        assert!(
            matches!(&stage, Err(LineErrorKind::NotAnEvent(m)) if m.starts_with("unknown variant `ResponseAborted`")),
            "{stage:?}"
        );
        let typed = parse_line(&GOOD.replace(r#""verb":"list""#, r#""verb":7"#));
        assert_eq!(
            typed,
            Err(LineErrorKind::NotAnEvent("invalid type: integer `7`, expected a string".into()))
        );
        assert_eq!(
            parse_line(&GOOD.replace("audit.k8s.io/v1", "audit.k8s.io/v2")),
            Err(LineErrorKind::UnsupportedVersion("audit.k8s.io/v2".into()))
        );
        assert_eq!(
            parse_line(&GOOD.replace(r#""kind":"Event""#, r#""kind":"Policy""#)),
            Err(LineErrorKind::WrongKind("Policy".into()))
        );
        let no_time = GOOD.replace(r#""requestReceivedTimestamp":"2026-12-01T20:00:00.000000Z","#, "");
        assert_eq!(parse_line(&no_time), Err(LineErrorKind::NoTimestamp));
        let bad_time = parse_line(&GOOD.replace("2026-12-01T20:00:00.000000Z", "yesterday"));
        assert!(
            matches!(&bad_time, Err(LineErrorKind::NotAnEvent(m)) if m.contains("yesterday")),
            "{bad_time:?}"
        );
    }
}
