//! Issue 32: the page reads a dropped log in steps of bounded work (`playback::audit_load`). Each
//! step's lines and bytes stay within the budget on a 10 MB log generated here (not committed),
//! the steps give the trace a whole read gives, bad lines are named by number as they come, and
//! a log over the page's 100 MiB limit is refused with its message. Bounds are counts, never time.
#![cfg(not(target_arch = "wasm32"))] // native: fixture files, timing printed

mod support;

use cplab::kube::audit::{parse_events, read_log, write_log, Level, LineError, ReadOptions, WriteOptions};
use cplab::playback::audit::Shown;
use cplab::playback::audit_load::{size, Budget, LoadError, LogLoad, BUDGET, FINISH_WORK, PAGE_LOG_BYTES};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> Vec<u8> {
    let path = support::root().join("tests/fixtures/audit").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Copies of the nginx apply at RequestResponse, each with its own IDs, and a line cut in half
/// after every 100: at least `bytes` long.
fn big_log(bytes: usize) -> Vec<u8> {
    let (events, _) = parse_events(&String::from_utf8_lossy(&fixture("nginx-apply.jsonl")));
    let one = write_log(&events, WriteOptions { level: Level::RequestResponse, secret_bodies: false })
        .expect("writes");
    let mut out = String::with_capacity(bytes + one.len() * 2);
    let mut copy = 0;
    while out.len() < bytes {
        for (at, line) in one.lines().enumerate() {
            out.push_str(&line.replacen("\"auditID\":\"", &format!("\"auditID\":\"{copy}-"), 1));
            out.push('\n');
            if at % 100 == 66 {
                out.push_str(&line[..line.len() / 2]);
                out.push('\n');
            }
        }
        copy += 1;
    }
    out.into_bytes()
}

/// The trace of a load, its end run in steps of the page's work.
fn whole(load: LogLoad) -> cplab::kube::audit::AuditTrace {
    load.finish(Shown::All, FINISH_WORK).run().expect("not taken").trace
}

/// Loads `log` step by step as the page does; returns the trace, every step's (lines, bytes),
/// the bad lines named along the way, and the slowest step (printed, never a condition).
fn load(
    log: &[u8],
    budget: Budget,
) -> (cplab::kube::audit::AuditTrace, Vec<(u64, u64)>, Vec<LineError>, Duration) {
    let mut load =
        LogLoad::new(log.len() as u64, PAGE_LOG_BYTES, ReadOptions::default(), budget).expect("fits");
    let (mut steps, mut named, mut slowest) = (Vec::new(), Vec::new(), Duration::ZERO);
    let mut last_bytes = 0;
    loop {
        if let Some((start, end)) = load.wants() {
            load.give(&log[start as usize..end as usize]).expect("as asked");
        }
        let began = Instant::now();
        let progress = load.step();
        slowest = slowest.max(began.elapsed());
        assert_eq!(progress.read.bytes, last_bytes + progress.step_bytes, "progress counts every byte");
        assert_eq!(progress.total, log.len() as u64);
        last_bytes = progress.read.bytes;
        steps.push((progress.step_lines, progress.step_bytes));
        named.extend(progress.named);
        if progress.done {
            break;
        }
    }
    (whole(load), steps, named, slowest)
}

#[test]
fn a_ten_megabyte_log_loads_in_steps_within_the_budget_to_the_whole_reads_trace() {
    let log = big_log(10_000_000);
    assert!(log.len() >= 10_000_000, "{} bytes", log.len());
    let (trace, steps, named, slowest) = load(&log, BUDGET);
    eprintln!(
        "10 MB log: {} bytes in {} steps of {BUDGET:?}; slowest step {slowest:?}",
        log.len(),
        steps.len()
    );
    // No step passes its budget: the lines it ends, the bytes it reads.
    assert!(
        steps.iter().all(|&(l, b)| l <= BUDGET.lines as u64 && b <= BUDGET.bytes as u64),
        "a step over budget"
    );
    assert!(steps.len() as u64 >= log.len() as u64 / BUDGET.bytes as u64);
    // Steps read the same trace as one whole read; each bad line named once, by its number, as it came.
    let whole = read_log(&log, ReadOptions::default());
    assert_eq!(trace.rows, whole.rows);
    assert_eq!(trace.progress, whole.progress);
    assert!(whole.progress.problems > 100, "{}", whole.progress.problems);
    assert_eq!(named, whole.problems);
    assert_eq!(named.first().map(|p| p.line), Some(68));
}

#[test]
fn a_step_ends_at_most_its_lines_even_when_lines_are_short() {
    // 5,000 short lines (bad ones): the line budget binds before the bytes do.
    let log = "x\n".repeat(5_000).into_bytes();
    let budget = Budget { bytes: 1 << 16, lines: 300 };
    let (trace, steps, named, _) = load(&log, budget);
    assert!(steps.iter().all(|&(l, _)| l <= 300));
    assert_eq!(steps.iter().filter(|&&(l, _)| l == 300).count(), 5_000 / 300);
    assert_eq!((trace.progress.lines, trace.progress.problems), (5_000, 5_000));
    // The reader keeps the first 200 bad lines by number; the rest are counted.
    assert_eq!(named.len(), 200);
    assert_eq!(named.iter().map(|p| p.line).collect::<Vec<_>>(), (1..=200).collect::<Vec<u64>>());
}

#[test]
fn any_budget_gives_the_trace_of_a_whole_read() {
    let log = fixture("hostile.jsonl");
    let whole = read_log(&log, ReadOptions::default());
    for (bytes, lines) in [(1, 1), (7, 1), (100, 2), (4096, 3), (1 << 16, 1000)] {
        let (trace, steps, named, _) = load(&log, Budget { bytes, lines });
        assert_eq!(trace, whole, "budget {bytes} bytes, {lines} lines");
        // The last line has no newline: it is named when the load finishes.
        assert_eq!(named, whole.problems[..whole.problems.len() - 1]);
        assert!(steps.iter().all(|&(l, b)| l <= lines as u64 && b <= bytes as u64));
    }
}

#[test]
fn a_log_over_the_pages_limit_is_refused_with_its_message() {
    assert_eq!(PAGE_LOG_BYTES, 104_857_600);
    let options = ReadOptions::default();
    // A 100 MB log (decimal or binary) is read; a byte more than 100 MiB is not.
    assert!(LogLoad::new(100_000_000, PAGE_LOG_BYTES, options, BUDGET).is_ok());
    assert!(LogLoad::new(PAGE_LOG_BYTES, PAGE_LOG_BYTES, options, BUDGET).is_ok());
    let refused = LogLoad::new(PAGE_LOG_BYTES + 1, PAGE_LOG_BYTES, options, BUDGET).expect_err("too large");
    assert_eq!(refused, LoadError::TooLarge { bytes: PAGE_LOG_BYTES + 1, max: PAGE_LOG_BYTES });
    assert_eq!(
        refused.to_string(),
        "this log is 100.0 MiB (104857601 bytes), over the 100.0 MiB (104857600 bytes) the page reads: read it with `cplab kube audit FILE`, or cut it first (`head -c 104857600 FILE`)"
    );
    assert_eq!(
        (size(1_572_864), size(1536), size(12)),
        ("1.5 MiB".into(), "1.5 KiB".into(), "12 bytes".into())
    );
}

#[test]
fn progress_is_said_and_slices_are_given_only_as_asked() {
    let log = fixture("hostile.jsonl");
    let mut load =
        LogLoad::new(log.len() as u64, PAGE_LOG_BYTES, ReadOptions::default(), BUDGET).expect("fits");
    assert_eq!(load.wants(), Some((0, log.len() as u64)));
    assert_eq!(load.give(&[b' '; 20_000]), Err(LoadError::Unasked { given: 20_000, asked: log.len() }));
    load.give(&log).expect("as asked");
    assert_eq!((load.wants(), load.give(b"x")), (None, Err(LoadError::Unasked { given: 1, asked: 0 })));
    let progress = load.step();
    assert!(progress.done);
    assert_eq!(progress.said(), "read 11.7 KiB of 11.7 KiB (100%): 24 lines, 7 requests, 11 bad lines");
    assert_eq!(
        progress.named.iter().map(|p| p.line).collect::<Vec<_>>(),
        [3, 4, 5, 6, 7, 14, 16, 17, 19, 23, 24]
    );
    // The last line, cut off with no newline, is read when the load finishes.
    assert_eq!(whole(load).progress.problems, 12);
}
