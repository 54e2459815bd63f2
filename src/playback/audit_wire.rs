//! What the kube page's reader worker (`lab_kube_reader`, which reads audit logs with
//! serde_json off the page) hands back to the page for a log: its progress, the requests put in
//! order and named with each one's step of `kubectl apply`, and the log's problems and counts,
//! written as plain text, one field a line (`kube::manifest_wire`'s fields), and read back into
//! the same values. Hand-written, so the page carries no JSON reader; a body crosses already
//! pretty-printed (`kube::audit::pretty_json`), so the page prints it as it came.
//! tests/audit_wire.rs checks that every fixture log comes back exactly as read natively.

use super::audit_load::LoadProgress;
use crate::kube::audit::{
    AuditTrace, Background, Body, Component, Controller, Level, LineError, LineErrorKind, NameSource, Op,
    Progress, ReadError, RequestRow, Stage, Tally, WatchSpan,
};
use crate::kube::manifest_wire::{Reader, Writer};

/// Whose answer a malformed one is, in its error.
const WHOSE: &str = "the audit log reader";

/// A log's answer read back: a field that makes no sense is its error.
type Got<T> = Result<T, String>;

/// Writes one step's progress (tag `P`).
pub(crate) fn put_progress(w: &mut Writer, p: &LoadProgress) {
    w.put("P");
    put_counts(w, &p.read);
    for n in [p.total, p.step_lines, p.step_bytes, u64::from(p.done)] {
        w.num(n);
    }
    put_problems(w, &p.named);
}

/// Writes `rows` with their `stages` (tag `R`).
pub(crate) fn put_rows(w: &mut Writer, rows: &[RequestRow], stages: &[u8]) {
    w.put("R");
    w.num(rows.len());
    for (row, stage) in rows.iter().zip(stages) {
        w.num(stage);
        put_row(w, row);
    }
}

/// Writes the log's problems, counts and stop (tag `T`, the last answer of a log).
pub(crate) fn put_tail(w: &mut Writer, trace: &AuditTrace) {
    w.put("T");
    put_problems(w, &trace.problems);
    put_counts(w, &trace.progress);
    match trace.stopped {
        None => w.put("-"),
        Some(ReadError::ChunkTooLarge { len, max }) => {
            w.put("C");
            w.num(len);
            w.num(max);
        }
        Some(ReadError::LogTooLarge { max }) => {
            w.put("L");
            w.num(max);
        }
    }
}

fn put_counts(w: &mut Writer, p: &Progress) {
    for n in [p.bytes, p.lines, p.events, p.duplicates, p.problems, p.requests] {
        w.num(n);
    }
}

fn put_problems(w: &mut Writer, problems: &[LineError]) {
    w.num(problems.len());
    for e in problems {
        w.num(e.line);
        match &e.kind {
            LineErrorKind::Truncated => w.put("T"),
            LineErrorKind::NotJson { column } => w.put(&format!("J{column}")),
            LineErrorKind::NotAnEvent(why) => w.put(&format!("E{why}")),
            LineErrorKind::WrongKind(kind) => w.put(&format!("K{kind}")),
            LineErrorKind::UnsupportedVersion(v) => w.put(&format!("V{v}")),
            LineErrorKind::NoTimestamp => w.put("S"),
            LineErrorKind::NotUtf8 => w.put("U"),
            LineErrorKind::TooLong { limit } => w.put(&format!("L{limit}")),
        }
    }
}

/// An optional field: `-` for none, `+` before a value.
fn put_opt(w: &mut Writer, value: Option<&str>) {
    match value {
        None => w.put("-"),
        Some(v) => w.put(&format!("+{v}")),
    }
}

fn put_tally(w: &mut Writer, t: Tally) {
    match t {
        Tally::Counted(n) => w.put(&format!("+{n}")),
        Tally::NotRecorded => w.put("?"),
        Tally::NotApplicable => w.put("-"),
    }
}

fn put_body(w: &mut Writer, body: &Body) {
    match body {
        Body::NotRecorded => w.put("N"),
        Body::Redacted => w.put("R"),
        Body::Json(json) => w.put(&format!("J{json}")),
    }
}

fn put_component(w: &mut Writer, c: &Component) {
    match c {
        Component::Scheduler => w.put("S"),
        Component::ControllerManager(Controller::Account(name)) => w.put(&format!("A{name}")),
        Component::ControllerManager(Controller::AgentSays(name)) => w.put(&format!("G{name}")),
        Component::ControllerManager(Controller::Unknown) => w.put("M"),
        Component::Kubelet(node) => w.put(&format!("K{node}")),
        Component::KubeProxy => w.put("P"),
        Component::ApiServer => w.put("X"),
        Component::Client(user) => w.put(&format!("U{user}")),
    }
}

fn put_row(w: &mut Writer, r: &RequestRow) {
    w.put(&r.audit_id);
    w.num(r.line);
    w.num(r.received);
    put_component(w, &r.component);
    for text in [&r.username, &r.verb, &r.resource, &r.namespace, &r.name, &r.subresource, &r.path] {
        w.put(text);
    }
    w.put(match r.op {
        Op::Read => "R",
        Op::Write => "W",
        Op::Remove => "D",
        Op::Other => "O",
    });
    let sources = [NameSource::Recorded, NameSource::Response, NameSource::Later, NameSource::Unnamed];
    w.num(sources.iter().position(|s| *s == r.name_source).unwrap_or(0));
    let levels = [Level::None, Level::Metadata, Level::Request, Level::RequestResponse];
    w.num(levels.iter().position(|l| *l == r.level).unwrap_or(0));
    w.num(Stage::ALL.iter().position(|s| *s == r.stage).unwrap_or(0));
    put_opt(w, r.code.map(|c| c.to_string()).as_deref());
    put_tally(w, r.items);
    put_tally(w, r.writes);
    put_opt(w, r.background.map(Background::name));
    let span = |t: Option<i64>| t.map(|t| t.to_string());
    match r.watch {
        None => w.put("-"),
        Some(s) => {
            w.put("+");
            put_opt(w, span(s.started).as_deref());
            put_opt(w, span(s.ended).as_deref());
        }
    }
    put_body(w, &r.request_object);
    put_body(w, &r.response_object);
    put_opt(w, r.generate_name.as_deref());
}

/// A reader of a log's answers.
pub(crate) fn reader(text: &str) -> Reader<'_> {
    Reader::new(text, WHOSE)
}

/// Reads one step's progress (after its tag `P`).
pub(crate) fn take_progress(r: &mut Reader) -> Got<LoadProgress> {
    let read = take_counts(r)?;
    let [total, step_lines, step_bytes, done] = [r.num()?, r.num()?, r.num()?, r.num::<u64>()?];
    let named = take_problems(r)?;
    Ok(LoadProgress { read, total, named, step_lines, step_bytes, done: done == 1 })
}

/// Reads rows with their stages (after their tag `R`), appended to `rows` and `stages`.
pub(crate) fn take_rows(r: &mut Reader, rows: &mut Vec<RequestRow>, stages: &mut Vec<u8>) -> Got<()> {
    let n: usize = r.num()?;
    for _ in 0..n {
        stages.push(r.num()?);
        rows.push(take_row(r)?);
    }
    Ok(())
}

/// Reads the log's tail (after its tag `T`) into a trace with no rows.
pub(crate) fn take_tail(r: &mut Reader) -> Got<AuditTrace> {
    let problems = take_problems(r)?;
    let progress = take_counts(r)?;
    let stopped = match r.take()?.as_str() {
        "-" => None,
        "C" => Some(ReadError::ChunkTooLarge { len: r.num()?, max: r.num()? }),
        "L" => Some(ReadError::LogTooLarge { max: r.num()? }),
        _ => return Err(r.bad()),
    };
    Ok(AuditTrace { rows: Vec::new(), problems, progress, stopped })
}

fn take_counts(r: &mut Reader) -> Got<Progress> {
    let [bytes, lines, events, duplicates, problems, requests] =
        [r.num()?, r.num()?, r.num()?, r.num()?, r.num()?, r.num()?];
    Ok(Progress { bytes, lines, events, duplicates, problems, requests })
}

fn take_problems(r: &mut Reader) -> Got<Vec<LineError>> {
    let n: usize = r.num()?;
    (0..n).map(|_| Ok(LineError { line: r.num()?, kind: take_kind(r)? })).collect()
}

/// A field's tag (its first character) and the rest.
fn tagged(r: &mut Reader) -> Got<(char, String)> {
    let field = r.take()?;
    let mut chars = field.chars();
    let tag = chars.next().ok_or_else(|| r.bad())?;
    Ok((tag, chars.as_str().to_string()))
}

fn take_kind(r: &mut Reader) -> Got<LineErrorKind> {
    let (tag, rest) = tagged(r)?;
    let number = |r: &Reader| rest.parse().map_err(|_| r.bad());
    Ok(match tag {
        'T' if rest.is_empty() => LineErrorKind::Truncated,
        'J' => LineErrorKind::NotJson { column: number(r)? },
        'E' => LineErrorKind::NotAnEvent(rest),
        'K' => LineErrorKind::WrongKind(rest),
        'V' => LineErrorKind::UnsupportedVersion(rest),
        'S' if rest.is_empty() => LineErrorKind::NoTimestamp,
        'U' if rest.is_empty() => LineErrorKind::NotUtf8,
        'L' => LineErrorKind::TooLong { limit: number(r)? },
        _ => return Err(r.bad()),
    })
}

fn take_opt(r: &mut Reader) -> Got<Option<String>> {
    match tagged(r)? {
        ('-', rest) if rest.is_empty() => Ok(None),
        ('+', rest) => Ok(Some(rest)),
        _ => Err(r.bad()),
    }
}

fn take_opt_num<T: std::str::FromStr>(r: &mut Reader) -> Got<Option<T>> {
    take_opt(r)?.map(|t| t.parse().map_err(|_| r.bad())).transpose()
}

fn take_tally(r: &mut Reader) -> Got<Tally> {
    match r.take()?.as_str() {
        "?" => Ok(Tally::NotRecorded),
        "-" => Ok(Tally::NotApplicable),
        t => t.strip_prefix('+').and_then(|n| n.parse().ok()).map(Tally::Counted).ok_or_else(|| r.bad()),
    }
}

fn take_body(r: &mut Reader) -> Got<Body> {
    Ok(match tagged(r)? {
        ('N', rest) if rest.is_empty() => Body::NotRecorded,
        ('R', rest) if rest.is_empty() => Body::Redacted,
        ('J', json) => Body::Json(json),
        _ => return Err(r.bad()),
    })
}

fn take_component(r: &mut Reader) -> Got<Component> {
    let (tag, rest) = tagged(r)?;
    let bare = |c: Component| if rest.is_empty() { Ok(c) } else { Err(r.bad()) };
    match tag {
        'S' => bare(Component::Scheduler),
        'A' => Ok(Component::ControllerManager(Controller::Account(rest))),
        'G' => Ok(Component::ControllerManager(Controller::AgentSays(rest))),
        'M' => bare(Component::ControllerManager(Controller::Unknown)),
        'K' => Ok(Component::Kubelet(rest)),
        'P' => bare(Component::KubeProxy),
        'X' => bare(Component::ApiServer),
        'U' => Ok(Component::Client(rest)),
        _ => Err(r.bad()),
    }
}

/// The `n`-th of `all`, as [`put_row`] wrote its position.
fn nth<T: Copy>(r: &mut Reader, all: &[T]) -> Got<T> {
    let at: usize = r.num()?;
    all.get(at).copied().ok_or_else(|| r.bad())
}

fn take_row(r: &mut Reader) -> Got<RequestRow> {
    let (audit_id, line, received) = (r.take()?, r.num()?, r.num()?);
    let component = take_component(r)?;
    let [username, verb, resource, namespace, name, subresource, path] =
        [r.take()?, r.take()?, r.take()?, r.take()?, r.take()?, r.take()?, r.take()?];
    let op = match r.take()?.as_str() {
        "R" => Op::Read,
        "W" => Op::Write,
        "D" => Op::Remove,
        "O" => Op::Other,
        _ => return Err(r.bad()),
    };
    let name_source =
        nth(r, &[NameSource::Recorded, NameSource::Response, NameSource::Later, NameSource::Unnamed])?;
    let level = nth(r, &[Level::None, Level::Metadata, Level::Request, Level::RequestResponse])?;
    let stage = nth(r, &Stage::ALL)?;
    let code = take_opt_num(r)?;
    let (items, writes) = (take_tally(r)?, take_tally(r)?);
    let background = match take_opt(r)? {
        None => None,
        Some(name) => Some(*Background::ALL.iter().find(|b| b.name() == name).ok_or_else(|| r.bad())?),
    };
    let watch = match r.take()?.as_str() {
        "-" => None,
        "+" => Some(WatchSpan { started: take_opt_num(r)?, ended: take_opt_num(r)? }),
        _ => return Err(r.bad()),
    };
    let (request_object, response_object) = (take_body(r)?, take_body(r)?);
    let generate_name = take_opt(r)?;
    Ok(RequestRow {
        audit_id,
        line,
        received,
        component,
        username,
        verb,
        op,
        resource,
        namespace,
        name,
        subresource,
        name_source,
        path,
        level,
        stage,
        code,
        items,
        writes,
        background,
        watch,
        request_object,
        response_object,
        generate_name,
    })
}
