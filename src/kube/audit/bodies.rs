//! A request's bodies on demand: its `requestObject` (recorded at level Request and up) and
//! `responseObject` (RequestResponse only), as types.go's `Level` says, with a Secret's withheld
//! unless the log was read with `show_secrets` (the reader redacts; this only prints).

use super::event::Level;
use super::render::millis;
use super::row::{Body, RequestRow};
use super::stream::AuditTrace;
use std::fmt::Write;

/// A body as compact JSON, pretty-printed (as given if it is not JSON).
pub fn pretty_json(json: &str) -> String {
    serde_json::from_str::<serde_json::Value>(json)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .unwrap_or_else(|_| json.to_string())
}

/// Why a body is not shown, or the body printed by `print`.
fn said(body: &Body, level: Level, needs: Level, print: fn(&str) -> String) -> String {
    match body {
        Body::Json(json) => print(json),
        Body::Redacted => "withheld: a Secret's body (read with --show-secrets to see it)".to_string(),
        Body::NotRecorded if level < needs => {
            format!("not recorded: level {level:?} records none (it needs {needs:?})")
        }
        Body::NotRecorded => "none in the log".to_string(),
    }
}

/// The bodies of one row, headed by its time, sender, verb and key, pretty-printed.
pub fn row_bodies(row: &RequestRow, start: i64) -> String {
    row_bodies_printed(row, start, pretty_json)
}

/// [`row_bodies`] with each JSON body printed by `print`: the page's bodies arrive
/// pretty-printed already (by the reader's worker), so it prints them as they are.
pub fn row_bodies_printed(row: &RequestRow, start: i64, print: fn(&str) -> String) -> String {
    let mut out = format!(
        "{} ms  {}  {}  {}  (line {}, level {:?})\n",
        millis(row.received - start),
        row.component,
        row.verb,
        row.key(),
        row.line,
        row.level
    );
    for (name, body, needs) in [
        ("requestObject", &row.request_object, Level::Request),
        ("responseObject", &row.response_object, Level::RequestResponse),
    ] {
        let text = said(body, row.level, needs, print);
        let _ = writeln!(out, "{name}: {}", text.replace('\n', "\n  "));
    }
    out
}

/// The bodies of every request of `trace` whose key is `key` (as the trace prints it, `~` of a
/// name taken from later requests left out), in time order. `Err`: no request has it.
pub fn bodies(trace: &AuditTrace, key: &str) -> Result<String, String> {
    let start = trace.rows.first().map_or(0, |r| r.received);
    let wanted = key.replace("/~", "/");
    let rows: Vec<&RequestRow> = trace.rows.iter().filter(|r| r.key().replace("/~", "/") == wanted).collect();
    if rows.is_empty() {
        return Err(format!("no request of the log has the key {key:?} (keys as the trace prints them)"));
    }
    Ok(rows.iter().map(|r| row_bodies(r, start)).collect::<Vec<_>>().join("\n"))
}
