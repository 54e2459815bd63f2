//! A dropped audit log read by the page in steps of bounded work (issue 32): the page asks which
//! bytes of the file to read next ([`LogLoad::wants`]), hands them over ([`LogLoad::give`]), and
//! runs one [`LogLoad::step`] per task. A step reads at most [`Budget::lines`] lines and
//! [`Budget::bytes`] bytes (plus, once, the rest of a line cut by the step before, at most the
//! reader's `max_line_bytes`), so no task holds the page however large the log; its progress
//! says bytes read of the total, lines, requests, and names each bad line by its number as it
//! comes. The reading itself is `kube::audit::AuditReader`'s, the CLI's own.

use super::audit::Shown;
use super::audit_build::Finishing;
pub use super::audit_build::FINISH_WORK;
use crate::kube::audit::{AuditReader, LineError, Progress, ReadOptions, CHUNK_BYTES};
use std::fmt;

/// The largest log the page reads: 100 MiB (104,857,600 bytes). The page's own assumption, not a
/// Kubernetes number (kube-apiserver rotates its log at `--audit-log-maxsize` megabytes, which
/// has no default limit); past it the page says so and points to the CLI, which reads up to the
/// reader's own limit (`kube::audit::LIMITS`, 128 MiB) as a stream.
pub const PAGE_LOG_BYTES: u64 = 100 << 20;

/// The work of one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes read at most.
    pub bytes: usize,
    /// Lines ended at most.
    pub lines: usize,
}

/// The page's step: 64 KiB or 1,000 lines, whichever comes first. An assumption: a quarter of
/// the reader's suggested chunk (`CHUNK_BYTES`), whose slowest measured natively in a debug
/// build on a loaded machine is in docs/audit.md; a step must stay well under 200 ms in wasm.
pub const BUDGET: Budget = Budget { bytes: CHUNK_BYTES / 4, lines: 1_000 };

/// Why a log is not loaded, or a slice refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file is over [`PAGE_LOG_BYTES`] (or the limit given).
    TooLarge { bytes: u64, max: u64 },
    /// More bytes than [`LogLoad::wants`] asked for, or before it asked.
    Unasked { given: usize, asked: usize },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::TooLarge { bytes, max } => write!(
                f,
                "this log is {} ({bytes} bytes), over the {} ({max} bytes) the page reads: read it with `cplab kube audit FILE`, or cut it first (`head -c {max} FILE`)",
                size(*bytes),
                size(*max)
            ),
            LoadError::Unasked { given, asked } => {
                write!(f, "{given} bytes were given where {asked} were asked for")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Bytes as MiB with one decimal, exactly rounded down (`100.0 MiB`), or KiB/bytes below.
pub fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 => format!("{}.{} MiB", b >> 20, ((b & 0xf_ffff) * 10) >> 20),
        b if b >= 1 << 10 => format!("{}.{} KiB", b >> 10, ((b & 0x3ff) * 10) >> 10),
        b => format!("{b} bytes"),
    }
}

/// What a step did, and the counts so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProgress {
    /// The reader's counts so far (bytes, lines, events, duplicates, problems, requests).
    pub read: Progress,
    /// The file's size.
    pub total: u64,
    /// Bad lines named since the step before, each by its number.
    pub named: Vec<LineError>,
    /// This step's work: lines ended and bytes read.
    pub step_lines: u64,
    pub step_bytes: u64,
    /// Whether every byte of the file is read.
    pub done: bool,
}

impl LoadProgress {
    /// `read 3.2 MiB of 10.0 MiB (32%): 5,400 lines, 2,300 requests, 2 bad lines`.
    pub fn said(&self) -> String {
        let percent = (self.read.bytes * 100).checked_div(self.total).unwrap_or(100);
        let bad = match self.read.problems {
            1 => "1 bad line".to_string(),
            n => format!("{n} bad lines"),
        };
        format!(
            "read {} of {} ({percent}%): {} lines, {} requests, {bad}",
            size(self.read.bytes),
            size(self.total),
            self.read.lines,
            self.read.requests
        )
    }
}

/// A log being loaded, step by step.
#[derive(Debug)]
pub struct LogLoad {
    reader: AuditReader,
    total: u64,
    budget: Budget,
    /// Bytes given and not yet read, from `at`.
    buffer: Vec<u8>,
    at: usize,
    /// Bytes handed over so far.
    given: u64,
    /// Problems already reported in a step.
    reported: usize,
}

impl LogLoad {
    /// A load of a file of `total` bytes, refused if it is over `max` (the page: [`PAGE_LOG_BYTES`]).
    pub fn new(total: u64, max: u64, options: ReadOptions, budget: Budget) -> Result<LogLoad, LoadError> {
        if total > max {
            return Err(LoadError::TooLarge { bytes: total, max });
        }
        let mut options = options;
        options.limits.max_log_bytes = max;
        options.limits.max_chunk_bytes = options.limits.max_chunk_bytes.max(budget.bytes);
        let budget = Budget { bytes: budget.bytes.max(1), lines: budget.lines.max(1) };
        Ok(LogLoad {
            reader: AuditReader::new(options),
            total,
            budget,
            buffer: Vec::new(),
            at: 0,
            given: 0,
            reported: 0,
        })
    }

    /// The bytes of the file to read next, `start..end`, once those given are all read; None
    /// while some are left, or when the file is all given.
    pub fn wants(&self) -> Option<(u64, u64)> {
        if self.at < self.buffer.len() || self.given >= self.total {
            return None;
        }
        Some((self.given, (self.given + CHUNK_BYTES as u64).min(self.total)))
    }

    /// Hands over the bytes [`LogLoad::wants`] asked for (fewer is allowed: the file ended).
    pub fn give(&mut self, bytes: &[u8]) -> Result<(), LoadError> {
        let asked = self.wants().map_or(0, |(a, b)| (b - a) as usize);
        if bytes.len() > asked {
            return Err(LoadError::Unasked { given: bytes.len(), asked });
        }
        self.buffer.clear();
        self.buffer.extend_from_slice(bytes);
        self.at = 0;
        self.given += bytes.len() as u64;
        if bytes.len() < asked {
            self.total = self.given; // the file was shorter than it said
        }
        Ok(())
    }

    /// Reads at most the budget's lines and bytes of what was given.
    pub fn step(&mut self) -> LoadProgress {
        let window = &self.buffer[self.at..(self.at + self.budget.bytes).min(self.buffer.len())];
        let cut = window
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .nth(self.budget.lines - 1)
            .map_or(window.len(), |(i, _)| i + 1);
        let before = self.reader.progress();
        // A part is never over the chunk limit (set to the budget at least), and the log never
        // over its size limit (checked when the load began), so the reader refuses neither.
        let _ = self.reader.push(&window[..cut]);
        self.at += cut;
        let read = self.reader.progress();
        let named = self.reader.problems()[self.reported..].to_vec();
        self.reported += named.len();
        LoadProgress {
            read,
            total: self.total,
            named,
            step_lines: read.lines - before.lines,
            step_bytes: read.bytes - before.bytes,
            done: self.given >= self.total && self.at >= self.buffer.len(),
        }
    }

    /// The end of the load, in steps of at most `budget` units (the page: [`FINISH_WORK`]): the
    /// requests of everything read (a last line without a newline too) put in order, named, and
    /// kept for playback as `shown`.
    pub fn finish(self, shown: Shown, budget: usize) -> Finishing {
        Finishing::new(self.reader.finish_unordered(), shown, budget)
    }
}
