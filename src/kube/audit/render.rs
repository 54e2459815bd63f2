//! The trace of a log as plain text: what `cplab kube audit FILE` prints and the goldens hold.
//! The request's journey comes first, then the background (leases, events, heartbeats), counted
//! kind by kind, then the lines that did not load.

use super::background::{written, BackgroundCounts};
use super::event::Stage;
use super::row::{RequestRow, Tally};
use super::stream::AuditTrace;
use std::fmt::Write;

/// The columns of a row, in order (a page's trace heads them so too).
pub const TRACE_HEADS: [&str; 9] =
    ["ms", "component", "verb", "ns", "key", "items", "code", "writes", "watch"];

/// A count as the trace prints it: the number, `not recorded`, or `-` where it does not apply.
pub fn tally(t: Tally) -> String {
    match t {
        Tally::Counted(n) => n.to_string(),
        Tally::NotRecorded => "not recorded".to_string(),
        Tally::NotApplicable => "-".to_string(),
    }
}

/// Microseconds as milliseconds with three decimals, exactly (no floating point).
pub fn millis(micros: i64) -> String {
    let sign = if micros < 0 { "-" } else { "" };
    let m = micros.unsigned_abs();
    format!("{sign}{}.{:03}", m / 1000, m % 1000)
}

fn code(row: &RequestRow) -> String {
    match (row.stage, row.code) {
        (Stage::Panic, Some(c)) => format!("panic {c}"),
        (Stage::Panic, None) => "panic".to_string(),
        (_, Some(c)) => c.to_string(),
        (Stage::RequestReceived, None) => "pending".to_string(),
        (_, None) => "-".to_string(),
    }
}

fn watch(row: &RequestRow, start: i64) -> String {
    let Some(span) = row.watch else { return String::new() };
    let at = |t: Option<i64>| t.map_or_else(|| "?".to_string(), |t| millis(t - start));
    match (span.started, span.ended, row.stage) {
        (_, None, _) if row.stage < Stage::ResponseComplete => {
            format!("open {} to end of log", at(span.started))
        }
        _ => format!("open {} to {}", at(span.started), at(span.ended)),
    }
}

/// A row's cells under [`TRACE_HEADS`]; `start` is the first request's time (microseconds).
pub fn row_cells(row: &RequestRow, start: i64) -> [String; 9] {
    [
        millis(row.received - start),
        row.component.to_string(),
        row.verb.clone(),
        if row.namespace.is_empty() { "-".to_string() } else { row.namespace.clone() },
        row.key(),
        tally(row.items),
        code(row),
        tally(row.writes),
        watch(row, start),
    ]
}

/// `1 request`, `2 requests`.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn writes_of<'a>(rows: impl Iterator<Item = &'a RequestRow>) -> u64 {
    rows.map(|r| written(r.writes)).sum()
}

fn table(out: &mut String, rows: &[&[String; 9]], widths: &[usize; 9]) {
    for cells in rows {
        let mut line = String::new();
        for (at, (cell, width)) in cells.iter().zip(widths).enumerate() {
            // The time is right-aligned, every other column left-aligned.
            let _ = if at == 0 { write!(line, "{cell:>width$}  ") } else { write!(line, "{cell:<width$}  ") };
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The whole trace as text.
pub fn render(trace: &AuditTrace) -> String {
    let start = trace.rows.first().map_or(0, |r| r.received);
    let all: Vec<[String; 9]> = trace.rows.iter().map(|r| row_cells(r, start)).collect();
    let mut widths = TRACE_HEADS.map(str::len);
    for row in &all {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let header = TRACE_HEADS.map(str::to_string);
    let (journey, background): (Vec<_>, Vec<_>) =
        trace.rows.iter().zip(&all).partition(|(r, _)| r.background.is_none());
    let p = &trace.progress;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "audit log: {}, {} ({}), {}, {} not loaded",
        count(p.lines as usize, "line"),
        count(p.events as usize, "event"),
        count(p.duplicates as usize, "duplicate stage"),
        count(p.requests as usize, "request"),
        count(p.problems as usize, "line"),
    );
    out.push_str(
        "ms: after the first request; ~name: taken from later requests; ?: from the user agent only\n",
    );
    let counts = BackgroundCounts::of(&trace.rows);
    let _ = writeln!(out, "background by kind: {}", counts.summary());
    for (title, part) in
        [("the request's journey", &journey), ("background: leases, events and heartbeats", &background)]
    {
        let writes = writes_of(part.iter().map(|(r, _)| *r));
        let failed = part.iter().filter(|(r, _)| r.failed()).count();
        let (requests, writes) = (count(part.len(), "request"), count(writes as usize, "write"));
        let _ = writeln!(out, "\n{title}: {requests}, {writes} to etcd, {failed} failed");
        if part.is_empty() {
            continue;
        }
        let mut lines: Vec<&[String; 9]> = vec![&header];
        lines.extend(part.iter().map(|(_, c)| *c));
        table(&mut out, &lines, &widths);
    }
    if !trace.problems.is_empty() || p.problems > 0 {
        let _ = writeln!(out, "\nlines not loaded: {}", p.problems);
        for problem in &trace.problems {
            let _ = writeln!(out, "  {problem}");
        }
        let unnamed = p.problems.saturating_sub(trace.problems.len() as u64);
        if unnamed > 0 {
            let _ = writeln!(out, "  and {unnamed} more");
        }
    }
    if let Some(stop) = &trace.stopped {
        let _ = writeln!(out, "\nreading stopped: {stop}");
    }
    out
}
