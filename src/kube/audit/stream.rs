//! The log read as a stream: chunks of bytes in, requests out, with progress counts, so a page
//! can read a large file a chunk at a time without holding the browser.
//!
//! The work of one [`AuditReader::push`] is bounded by its chunk (at most
//! [`Limits::max_chunk_bytes`]) plus one line carried over from the chunk before (at most
//! [`Limits::max_line_bytes`]): each line is parsed once and each event added to its request in
//! constant time. Only [`AuditReader::finish`] sorts the requests, once (a page does it in
//! steps: [`AuditReader::finish_unordered`], then `RowOrder` and `NameFill`).

use super::collect::{Added, Collector};
use super::line::{parse_line, LineError, LineErrorKind};
use super::row::RequestRow;
use std::fmt;

/// The reader's limits. None comes from Kubernetes: each is an assumption of this reader, named
/// here with its default, and may be changed by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The whole log: past this, reading stops (the rows so far are kept).
    pub max_log_bytes: u64,
    /// One line: a longer one is named and skipped unread (a RequestResponse List of a large
    /// namespace can be longer; raise this to read it).
    pub max_line_bytes: usize,
    /// One chunk handed to `push`.
    pub max_chunk_bytes: usize,
    /// Problems kept with their line numbers; the rest are only counted.
    pub max_problems_kept: usize,
}

/// The default limits: a 128 MiB log, 1 MiB lines, 1 MiB chunks, 200 problems named.
pub const LIMITS: Limits = Limits {
    max_log_bytes: 128 << 20,
    max_line_bytes: 1 << 20,
    max_chunk_bytes: 1 << 20,
    max_problems_kept: 200,
};

/// The chunk size a page should hand to `push`: 256 KiB, small enough that one chunk's work
/// stays well under a frame budget (an assumption; measured in `tests/audit_stream.rs`).
pub const CHUNK_BYTES: usize = 256 << 10;

/// How a log is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadOptions {
    /// Show the bodies of `secrets` requests (withheld by default).
    pub show_secrets: bool,
    pub limits: Limits,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions { show_secrets: false, limits: LIMITS }
    }
}

/// Counts so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    pub bytes: u64,
    /// Lines ended so far (a last line without a newline counts when the reader finishes).
    pub lines: u64,
    /// Events loaded (duplicates included).
    pub events: u64,
    /// Events of a stage their request already had.
    pub duplicates: u64,
    /// Lines that are not audit events.
    pub problems: u64,
    /// Distinct requests (`auditID`s).
    pub requests: u64,
}

/// Why reading stopped or a chunk was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// A chunk larger than `max_chunk_bytes`: refused whole; hand it over in smaller pieces.
    ChunkTooLarge { len: usize, max: usize },
    /// The log passed `max_log_bytes`: reading stopped there.
    LogTooLarge { max: u64 },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::ChunkTooLarge { len, max } => {
                write!(f, "a chunk of {len} bytes is over the {max} a chunk may have")
            }
            ReadError::LogTooLarge { max } => write!(f, "the log is over {max} bytes: read up to there"),
        }
    }
}

impl std::error::Error for ReadError {}

/// What a log gave.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditTrace {
    /// One per request, in the order kube-apiserver received them.
    pub rows: Vec<RequestRow>,
    /// The lines that did not load, the first `max_problems_kept` of them.
    pub problems: Vec<LineError>,
    pub progress: Progress,
    /// Why reading stopped early, if it did.
    pub stopped: Option<ReadError>,
}

/// Reads a log chunk by chunk.
#[derive(Debug)]
pub struct AuditReader {
    options: ReadOptions,
    /// The start of a line that the last chunk cut.
    pending: Vec<u8>,
    /// Inside a line over the limit, which is being skipped.
    skipping: bool,
    collector: Collector,
    problems: Vec<LineError>,
    progress: Progress,
    stopped: Option<ReadError>,
}

impl AuditReader {
    /// A reader with these options.
    pub fn new(options: ReadOptions) -> AuditReader {
        AuditReader {
            options,
            pending: Vec::new(),
            skipping: false,
            collector: Collector::new(options.show_secrets),
            problems: Vec::new(),
            progress: Progress::default(),
            stopped: None,
        }
    }

    /// The counts so far.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// The lines so far that did not load (the first `max_problems_kept`), each by its number.
    pub fn problems(&self) -> &[LineError] {
        &self.problems
    }

    /// The limits and options this reader reads with.
    pub fn options(&self) -> ReadOptions {
        self.options
    }

    /// Reads the next chunk of the log. A chunk may end anywhere, even inside a line or a
    /// UTF-8 character. After `LogTooLarge` every further chunk is refused with it.
    pub fn push(&mut self, chunk: &[u8]) -> Result<Progress, ReadError> {
        if let Some(stop) = &self.stopped {
            return Err(stop.clone());
        }
        let max = self.options.limits.max_chunk_bytes;
        if chunk.len() > max {
            return Err(ReadError::ChunkTooLarge { len: chunk.len(), max });
        }
        let room = self.options.limits.max_log_bytes.saturating_sub(self.progress.bytes);
        let allowed =
            chunk.get(..usize::try_from(room).unwrap_or(usize::MAX).min(chunk.len())).unwrap_or(chunk);
        self.progress.bytes += allowed.len() as u64;
        let mut rest = allowed;
        while let Some(at) = rest.iter().position(|b| *b == b'\n') {
            let (line, after) = rest.split_at(at);
            self.end_line(line);
            rest = after.get(1..).unwrap_or(&[]);
        }
        self.carry(rest);
        if allowed.len() < chunk.len() {
            let stop = ReadError::LogTooLarge { max: self.options.limits.max_log_bytes };
            self.stopped = Some(stop.clone());
            return Err(stop);
        }
        Ok(self.progress)
    }

    /// The rows of everything read; a last line without a newline is read too (unless reading
    /// stopped at the size limit, which cut it).
    pub fn finish(self) -> AuditTrace {
        let mut trace = self.finish_unordered();
        trace.rows = super::order::order_rows(std::mem::take(&mut trace.rows));
        trace
    }

    /// As [`AuditReader::finish`], but the rows as the log gave them (by first event), neither
    /// ordered nor named: for a page to order in steps (`RowOrder`, then `NameFill`).
    pub fn finish_unordered(mut self) -> AuditTrace {
        if self.stopped.is_none() && (!self.pending.is_empty() || self.skipping) {
            self.end_line(&[]);
        }
        AuditTrace {
            rows: self.collector.into_rows(),
            problems: self.problems,
            progress: self.progress,
            stopped: self.stopped,
        }
    }

    /// Keeps the start of a line the chunk cut, or names it as too long.
    fn carry(&mut self, part: &[u8]) {
        if self.skipping || part.is_empty() {
            return;
        }
        if self.pending.len() + part.len() > self.options.limits.max_line_bytes {
            self.too_long();
        } else {
            self.pending.extend_from_slice(part);
        }
    }

    fn too_long(&mut self) {
        self.pending.clear();
        self.skipping = true;
        let limit = self.options.limits.max_line_bytes;
        self.problem(LineErrorKind::TooLong { limit });
    }

    /// A line ends: `tail` is its part in the current chunk.
    fn end_line(&mut self, tail: &[u8]) {
        if !self.skipping && self.pending.len() + tail.len() > self.options.limits.max_line_bytes {
            self.too_long();
        }
        if self.skipping {
            self.skipping = false;
        } else if self.pending.is_empty() {
            self.read_line(tail);
        } else {
            let mut line = std::mem::take(&mut self.pending);
            line.extend_from_slice(tail);
            self.read_line(&line);
            line.clear();
            self.pending = line; // keeps its buffer for the next cut line
        }
        self.progress.lines += 1;
    }

    fn read_line(&mut self, bytes: &[u8]) {
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return; // a blank line is no event and no problem
        }
        let event = std::str::from_utf8(bytes).map_err(|_| LineErrorKind::NotUtf8).and_then(parse_line);
        match event {
            Ok(event) => {
                self.progress.events += 1;
                match self.collector.add(&event, self.progress.lines + 1) {
                    Added::Duplicate => self.progress.duplicates += 1,
                    Added::NewRequest => self.progress.requests += 1,
                    Added::Stage => {}
                }
            }
            Err(kind) => self.problem(kind),
        }
    }

    fn problem(&mut self, kind: LineErrorKind) {
        self.progress.problems += 1;
        if self.problems.len() < self.options.limits.max_problems_kept {
            self.problems.push(LineError { line: self.progress.lines + 1, kind });
        }
    }
}

/// Reads a whole log held in memory, in chunks of [`CHUNK_BYTES`] (or the limit, if smaller).
pub fn read_log(log: &[u8], options: ReadOptions) -> AuditTrace {
    let mut reader = AuditReader::new(options);
    for chunk in log.chunks(CHUNK_BYTES.min(options.limits.max_chunk_bytes).max(1)) {
        if reader.push(chunk).is_err() {
            break;
        }
    }
    reader.finish()
}

/// Reads a log from `source` (a file, standard input) a chunk of [`CHUNK_BYTES`] at a time,
/// never whole; past the size limit it stops and the trace says where. Only the source's own
/// errors fail it.
pub fn read_stream<R: std::io::Read>(mut source: R, options: ReadOptions) -> std::io::Result<AuditTrace> {
    let mut reader = AuditReader::new(options);
    let mut buf = vec![0; CHUNK_BYTES.min(options.limits.max_chunk_bytes).max(1)];
    loop {
        let n = source.read(&mut buf)?;
        // A read fills at most the buffer, which is no larger than a chunk may be.
        if n == 0 || reader.push(buf.get(..n).unwrap_or(&[])).is_err() {
            return Ok(reader.finish());
        }
    }
}
