//! Issue 32: the end of a page's load (`playback::audit_build::Finishing`) in steps of bounded
//! work. On a 10 MB log generated here (not committed) no step passes its count of units (by
//! at most the one item it began), whatever the budget the steps give the recording of a whole
//! read, and the order is `(requestReceivedTimestamp, line)` as a plain sort gives it. Bounds
//! are counts, never time (the slowest step is printed for the record).
#![cfg(not(target_arch = "wasm32"))] // native: fixture files, timing printed

mod support;

use cplab::kube::audit::{
    parse_events, read_log, write_log, AuditReader, Level, ReadOptions, WriteOptions, LIMITS,
};
use cplab::playback::audit::{AuditRecording, Shown};
use cplab::playback::audit_build::{Finishing, FINISH_WORK, PASSES};
use cplab::playback::audit_load::{LogLoad, BUDGET, PAGE_LOG_BYTES};
use std::time::{Duration, Instant};

const FIXTURES: [&str; 4] =
    ["nginx-apply.jsonl", "hostile.jsonl", "names-and-writes.jsonl", "heartbeats.jsonl"];

/// The most units one item can take: a row, or a status body of the longest line parsed.
const MOST_ITEM: usize = 1 + LIMITS.max_line_bytes / 64;

fn fixture(name: &str) -> Vec<u8> {
    let path = support::root().join("tests/fixtures/audit").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Copies of the nginx apply written at `level`, each with its own IDs and its lines shuffled,
/// so the log's order is not the order received and the sort has work to do.
fn shuffled_log(bytes: usize, level: Level) -> Vec<u8> {
    let (events, _) = parse_events(&String::from_utf8_lossy(&fixture("nginx-apply.jsonl")));
    let one = write_log(&events, WriteOptions { level, secret_bodies: false }).expect("writes");
    let mut rng = support::Rng::new(32);
    let mut out = String::with_capacity(bytes + one.len());
    let mut copy = 0;
    while out.len() < bytes {
        let mut lines: Vec<String> =
            one.lines().map(|l| l.replacen("\"auditID\":\"", &format!("\"auditID\":\"{copy}-"), 1)).collect();
        for i in (1..lines.len()).rev() {
            lines.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
        copy += 1;
    }
    out.into_bytes()
}

/// The reading's end as the page has it: the rows as the log gave them.
fn unordered(log: &[u8]) -> cplab::kube::audit::AuditTrace {
    let mut reader = AuditReader::new(ReadOptions::default());
    for chunk in log.chunks(1 << 16) {
        reader.push(chunk).expect("within the limits");
    }
    reader.finish_unordered()
}

/// Finishes `log` in steps of `budget`: the recording, each step's units and pass, the slowest.
fn finish(log: &[u8], budget: usize) -> (AuditRecording, Vec<(usize, usize)>, Duration) {
    let mut finishing = Finishing::new(unordered(log), Shown::Journey, budget);
    let (mut steps, mut slowest) = (Vec::new(), Duration::ZERO);
    loop {
        let began = Instant::now();
        let step = finishing.step();
        slowest = slowest.max(began.elapsed());
        steps.push((step.units, step.pass));
        if step.done {
            return (finishing.take().expect("done, not taken"), steps, slowest);
        }
        assert!(steps.len() < 10_000_000, "no end");
    }
}

#[test]
fn a_ten_megabyte_log_finishes_in_steps_each_within_its_count() {
    let log = shuffled_log(10_000_000, Level::Metadata);
    let (recording, steps, slowest) = finish(&log, FINISH_WORK);
    let units: usize = steps.iter().map(|s| s.0).sum();
    eprintln!(
        "10 MB log: {} requests finished in {} steps of {FINISH_WORK} units ({units} units); slowest step {slowest:?}",
        recording.trace.rows.len(),
        steps.len()
    );
    assert!(recording.trace.rows.len() > 5_000, "{}", recording.trace.rows.len());
    // No step passes its count by more than the one item it began, and every step but the last
    // does its full count: the work is spread, not done at once.
    assert!(steps.iter().all(|&(u, _)| u < FINISH_WORK + MOST_ITEM), "a step over its count");
    assert!(steps.len() as u64 > units as u64 / (FINISH_WORK + MOST_ITEM) as u64);
    assert!(steps.len() >= 5, "{} steps", steps.len());
    // The passes come in order, each in steps of its own.
    let passes: Vec<usize> = steps.iter().map(|s| s.1).collect();
    assert!(passes.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!((passes.first(), passes.last()), (Some(&1), Some(&PASSES)));
    // The same recording as a whole read.
    assert_eq!(recording, AuditRecording::of(read_log(&log, ReadOptions::default()), Shown::Journey));
}

#[test]
fn any_budget_gives_the_recording_of_a_whole_read() {
    for name in FIXTURES {
        let log = fixture(name);
        let whole = AuditRecording::of(read_log(&log, ReadOptions::default()), Shown::Journey);
        for budget in [1, 2, 5, 64, FINISH_WORK] {
            let (recording, steps, _) = finish(&log, budget);
            assert_eq!(recording, whole, "{name}, {budget} units a step");
            assert!(steps.iter().all(|&(u, _)| u < budget + MOST_ITEM), "{name}: a step over {budget}");
        }
    }
    // A shuffled log of a few copies too: the names of `generateName` creates paired in steps.
    let log = shuffled_log(200_000, Level::RequestResponse);
    let whole = AuditRecording::of(read_log(&log, ReadOptions::default()), Shown::Journey);
    assert!(whole.trace.rows.iter().any(|r| r.name_source == cplab::kube::audit::NameSource::Later));
    assert_eq!(finish(&log, 3).0, whole);
}

#[test]
fn the_order_is_the_plain_sort_by_time_then_line() {
    let log = shuffled_log(300_000, Level::Metadata);
    let mut sorted = unordered(&log).rows;
    let was: Vec<String> = sorted.iter().map(|r| r.audit_id.clone()).collect();
    sorted.sort_by_key(|r| (r.received, r.line));
    let want: Vec<String> = sorted.iter().map(|r| r.audit_id.clone()).collect();
    assert_ne!(was, want, "the shuffled log is out of order");
    let (recording, _, _) = finish(&log, 17);
    let got: Vec<String> = recording.trace.rows.iter().map(|r| r.audit_id.clone()).collect();
    assert_eq!(got, want);
}

#[test]
fn a_page_load_ends_in_a_recording_taken_once() {
    let log = fixture("nginx-apply.jsonl");
    let mut load =
        LogLoad::new(log.len() as u64, PAGE_LOG_BYTES, ReadOptions::default(), BUDGET).expect("fits");
    let (start, end) = load.wants().expect("asks");
    load.give(&log[start as usize..end as usize]).expect("as asked");
    assert!(load.step().done);
    let mut finishing = load.finish(Shown::Journey, FINISH_WORK);
    assert_eq!(finishing.requests(), 33);
    assert_eq!(finishing.take(), None, "nothing before the steps are done");
    while !finishing.step().done {}
    let recording = finishing.take().expect("once");
    assert_eq!(recording, AuditRecording::of(read_log(&log, ReadOptions::default()), Shown::Journey));
    assert_eq!(finishing.take(), None, "taken once");
    assert!(finishing.step().done);
}
