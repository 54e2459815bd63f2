//! Issue 30's weight: an audit log read in the reader's worker (`playback::audit_worker::
//! LogWorker`) and taken by the page answer by answer (`Arrival`) gives the page exactly what
//! reading it on the page gave (`LogLoad` then `Finishing`, as before the move): the same
//! progress at every step, the same recording (each body pretty-printed once, by the worker),
//! the same bodies shown. Any answer cut, lengthened or with a changed field is an error, never
//! a panic; a log over the page's limit is refused in the same words.
#![cfg(not(target_arch = "wasm32"))] // native: fixture files

mod support;

use cplab::kube::audit::{row_bodies, row_bodies_printed, Body, ReadOptions, Work};
use cplab::playback::audit::{AuditRecording, Shown};
use cplab::playback::audit_build::FINISH_WORK;
use cplab::playback::audit_load::{LoadError, LoadProgress, LogLoad, BUDGET, PAGE_LOG_BYTES};
use cplab::playback::audit_worker::{Answer, Arrival, LogWorker, ROWS_PER_ANSWER};

const FIXTURES: [&str; 4] =
    ["nginx-apply.jsonl", "hostile.jsonl", "names-and-writes.jsonl", "heartbeats.jsonl"];

fn fixture(name: &str) -> Vec<u8> {
    let path = support::root().join("tests/fixtures/audit").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The log read on the page as before: every step's progress, then the recording.
fn on_page(log: &[u8], secrets: bool) -> (Vec<LoadProgress>, AuditRecording) {
    let options = ReadOptions { show_secrets: secrets, ..ReadOptions::default() };
    let mut load = LogLoad::new(log.len() as u64, PAGE_LOG_BYTES, options, BUDGET).expect("within the limit");
    let mut steps = Vec::new();
    loop {
        if let Some((start, end)) = load.wants() {
            load.give(&log[start as usize..end as usize]).expect("as asked");
        }
        let step = load.step();
        let done = step.done;
        steps.push(step);
        if done {
            break;
        }
    }
    let recording = load.finish(Shown::Journey, FINISH_WORK).run().expect("finished");
    (steps, recording)
}

/// Every answer the worker gives for `log`.
fn answers(log: &[u8], secrets: bool) -> Vec<String> {
    let mut worker = LogWorker::new(log.len() as u64, secrets).expect("within the limit");
    let mut out = Vec::new();
    while !worker.done() {
        if let Some((start, end)) = worker.wants() {
            worker.give(&log[start as usize..end as usize]).expect("as asked");
        }
        out.push(worker.answer());
        assert!(out.len() < 100_000, "the worker never ends");
    }
    out
}

/// The page's side: every progress taken, then the recording built in the page's steps.
fn taken(answers: &[String]) -> Result<(Vec<LoadProgress>, AuditRecording), String> {
    let mut arrival = Arrival::new(Shown::Journey);
    let mut steps = Vec::new();
    for (i, wire) in answers.iter().enumerate() {
        match arrival.take(wire)? {
            Answer::Progress(p) => steps.push(p),
            Answer::Done(mut build) => {
                assert_eq!(i + 1, answers.len(), "the tail is the last answer");
                while !build.step(&mut Work::new(FINISH_WORK)) {}
                return Ok((steps, build.into_recording()));
            }
            Answer::Ordering { .. } | Answer::Rows(_) => {}
        }
    }
    Err("no tail".to_string())
}

/// The recording with every JSON body pretty-printed, as the worker sends it.
fn pretty(mut recording: AuditRecording) -> AuditRecording {
    for row in &mut recording.trace.rows {
        for body in [&mut row.request_object, &mut row.response_object] {
            if let Body::Json(json) = body {
                *json = cplab::kube::audit::pretty_json(json);
            }
        }
    }
    recording
}

fn same_as_on_page(name: &str, log: &[u8], secrets: bool) {
    let (steps, recording) = on_page(log, secrets);
    let (got_steps, got) = taken(&answers(log, secrets)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(got_steps, steps, "{name}: the progress of every step");
    let start = recording.trace.rows.first().map_or(0, |r| r.received);
    for (native, page) in recording.trace.rows.iter().zip(&got.trace.rows) {
        assert_eq!(row_bodies_printed(page, start, str::to_string), row_bodies(native, start), "{name}");
    }
    assert_eq!(got, pretty(recording), "{name}: the recording");
}

#[test]
fn every_fixture_arrives_as_read_on_the_page() {
    for name in FIXTURES {
        for secrets in [false, true] {
            same_as_on_page(name, &fixture(name), secrets);
        }
    }
}

/// Bad lines of every kind the reader names, a line longer than its limit, and no newline at
/// the end: named and counted as on the page.
#[test]
fn bad_lines_arrive_named() {
    let nginx = String::from_utf8(fixture("nginx-apply.jsonl")).expect("UTF-8");
    let lines: Vec<&str> = nginx.lines().collect();
    let mut log = Vec::new();
    let bad: [&[u8]; 8] = [
        b"{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",",
        b"not json at all",
        b"[1, 2]",
        b"{\"kind\":\"Pod\",\"apiVersion\":\"v1\"}",
        b"{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v2\"}",
        b"{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"auditID\":\"x\",\"stage\":\"RequestReceived\",\"level\":\"Metadata\",\"verb\":\"get\",\"requestURI\":\"/\"}",
        b"\xff\xfe not UTF-8 \\ with a backslash",
        b"{\"stage\": \"Nowhere\"}",
    ];
    for (i, line) in lines.iter().enumerate() {
        log.extend_from_slice(line.as_bytes());
        log.push(b'\n');
        if let Some(b) = bad.get(i) {
            log.extend_from_slice(b);
            log.push(b'\n');
        }
    }
    log.extend(std::iter::repeat_n(b'x', (1 << 20) + 10));
    log.extend_from_slice(b"\n");
    log.extend_from_slice(lines[0].as_bytes()); // no newline at the end
    same_as_on_page("bad lines", &log, false);
}

/// A log of many copies: its requests arrive a thousand at a time.
#[test]
fn a_large_log_arrives_in_parts() {
    let nginx = fixture("nginx-apply.jsonl");
    let text = String::from_utf8(nginx).expect("UTF-8");
    let mut log = String::new();
    for copy in 0..120 {
        log.push_str(&text.replace("\"auditID\":\"", &format!("\"auditID\":\"{copy}-")));
    }
    let all = answers(log.as_bytes(), false);
    let parts = all.iter().filter(|a| a.starts_with("R\n")).count();
    let (_, recording) = on_page(log.as_bytes(), false);
    assert_eq!(parts, recording.trace.rows.len().div_ceil(ROWS_PER_ANSWER));
    assert!(parts > 2, "{parts} parts");
    same_as_on_page("120 copies", log.as_bytes(), false);
}

/// Every answer cut at each field, given a field more, or with a field changed: an error, never
/// a panic, never a recording.
#[test]
fn a_malformed_answer_is_an_error() {
    let all = answers(&fixture("hostile.jsonl"), true);
    for (i, wire) in all.iter().enumerate() {
        let ends: Vec<usize> = wire.match_indices('\n').map(|(at, _)| at).collect();
        for &end in &ends[..ends.len() - 1] {
            let mut cut = all.clone();
            cut[i] = wire[..=end].to_string();
            assert!(taken(&cut).is_err(), "answer {i} cut after byte {end} was taken");
        }
        let mut longer = all.clone();
        longer[i].push_str("more\n");
        assert!(taken(&longer).is_err(), "answer {i} with a field more was taken");
    }
    for wire in ["", "\n", "Z\n", "P\nx\n", "R\n1\n0\n", "T\n0\n0\n0\n0\n0\n0\n0\nQ\n", "O\n1\n"] {
        assert!(Arrival::new(Shown::Journey).take(wire).is_err(), "{wire:?} was taken");
    }
}

#[test]
fn a_log_over_the_limit_is_refused_in_the_pages_words() {
    let refused = LogWorker::new(PAGE_LOG_BYTES + 1, false).map(|_| ());
    let words = LoadError::TooLarge { bytes: PAGE_LOG_BYTES + 1, max: PAGE_LOG_BYTES }.to_string();
    assert_eq!(refused, Err(words));
    let mut worker = LogWorker::new(10, false).expect("small");
    assert!(worker.give(&[b'x'; 11]).is_err(), "more than asked");
}
