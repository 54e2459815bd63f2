//! A dropped audit log read off the kube page (issue 30's weight): the reader's worker
//! (`lab_kube_reader`) runs a [`LogWorker`], which reads the log in the page's steps
//! (`audit_load::LogLoad`, the CLI's own reader, serde_json's events), finishes it
//! (`audit_build::Finishing`: order, names, stages) and answers step by step in
//! `audit_wire`'s text: each step's progress, then the requests a thousand at a time, then the
//! log's problems and counts. The page takes each answer as it comes ([`Arrival`], one a task),
//! then builds the recording in steps of bounded work (`audit_build::Build`), so it carries
//! neither the JSON reader nor the sort.

use super::audit::Shown;
use super::audit_build::{Build, Finishing, FINISH_WORK};
use super::audit_load::{LoadProgress, LogLoad, BUDGET, PAGE_LOG_BYTES};
use super::audit_wire::{put_progress, put_rows, put_tail, reader, take_progress, take_rows, take_tail};
use crate::kube::audit::{pretty_json, AuditTrace, Body, ReadOptions, RequestRow};
use crate::kube::manifest_wire::Writer;

/// Requests sent in one answer: 1,000, as a reading step ends at most 1,000 lines
/// (`audit_load::BUDGET`), so the page's decoding of one is a step of the same size.
pub const ROWS_PER_ANSWER: usize = 1_000;

/// Where the worker's reading of one log is.
#[derive(Debug)]
enum Step {
    Reading(LogLoad),
    Finishing(Finishing),
    Sending { trace: AuditTrace, stages: Vec<u8>, at: usize },
    Done,
}

/// One log read in the worker, answer by answer.
#[derive(Debug)]
pub struct LogWorker {
    step: Step,
}

impl LogWorker {
    /// A log of `total` bytes, a Secret's bodies shown or withheld; `Err` (its words) when the
    /// page does not read a log that large (`audit_load::PAGE_LOG_BYTES`).
    pub fn new(total: u64, show_secrets: bool) -> Result<LogWorker, String> {
        let options = ReadOptions { show_secrets, ..ReadOptions::default() };
        let load = LogLoad::new(total, PAGE_LOG_BYTES, options, BUDGET).map_err(|e| e.to_string())?;
        Ok(LogWorker { step: Step::Reading(load) })
    }

    /// The bytes of the file to hand over next (`LogLoad::wants`).
    pub fn wants(&self) -> Option<(u64, u64)> {
        match &self.step {
            Step::Reading(load) => load.wants(),
            _ => None,
        }
    }

    /// Hands over the bytes [`LogWorker::wants`] asked for.
    pub fn give(&mut self, bytes: &[u8]) -> Result<(), String> {
        match &mut self.step {
            Step::Reading(load) => load.give(bytes).map_err(|e| e.to_string()),
            _ => Err(format!("{} bytes were given after the log was read", bytes.len())),
        }
    }

    /// Whether the last answer was given.
    pub fn done(&self) -> bool {
        matches!(self.step, Step::Done)
    }

    /// Does the next step and says what it did: a reading step's progress (`P`), a finishing
    /// step's pass (`O`), the next requests (`R`), or the log's end (`T`); nothing once done.
    pub fn answer(&mut self) -> String {
        let mut w = Writer(String::new());
        self.step = match std::mem::replace(&mut self.step, Step::Done) {
            Step::Reading(mut load) => {
                let progress = load.step();
                put_progress(&mut w, &progress);
                match progress.done {
                    true => Step::Finishing(load.finish(Shown::Journey, FINISH_WORK)),
                    false => Step::Reading(load),
                }
            }
            Step::Finishing(finishing) => finish(&mut w, finishing),
            Step::Sending { trace, stages, at } => send(&mut w, trace, stages, at),
            Step::Done => Step::Done,
        };
        w.0
    }
}

/// A finishing step: its pass and the requests; once done, the requests to send.
fn finish(w: &mut Writer, mut finishing: Finishing) -> Step {
    let requests = finishing.requests();
    let step = finishing.step();
    w.put("O");
    w.num(step.pass);
    w.num(requests);
    match finishing.take() {
        Some(recording) => Step::Sending { trace: recording.trace, stages: recording.stages, at: 0 },
        None => Step::Finishing(finishing),
    }
}

/// The next requests, their bodies pretty-printed; the tail after the last.
fn send(w: &mut Writer, mut trace: AuditTrace, stages: Vec<u8>, at: usize) -> Step {
    let end = (at + ROWS_PER_ANSWER).min(trace.rows.len());
    if at >= end {
        put_tail(w, &trace);
        return Step::Done;
    }
    for row in &mut trace.rows[at..end] {
        pretty(&mut row.request_object);
        pretty(&mut row.response_object);
    }
    put_rows(w, &trace.rows[at..end], &stages[at..end]);
    Step::Sending { trace, stages, at: end }
}

fn pretty(body: &mut Body) {
    if let Body::Json(json) = body {
        *json = pretty_json(json);
    }
}

/// What one of the worker's answers said, taken by the page.
#[derive(Debug)]
pub enum Answer {
    /// A reading step's progress.
    Progress(LoadProgress),
    /// A finishing step: its pass (1 to `audit_build::PASSES`) and the requests.
    Ordering { pass: usize, requests: u64 },
    /// Requests arrived: how many so far.
    Rows(usize),
    /// The last answer: the recording to build, in steps (`Build::step`).
    Done(Box<Build>),
}

/// The page's side of a log read in the worker: the requests as they arrive.
#[derive(Debug)]
pub struct Arrival {
    shown: Shown,
    rows: Vec<RequestRow>,
    stages: Vec<u8>,
}

impl Arrival {
    /// A log to play `shown`.
    pub fn new(shown: Shown) -> Arrival {
        Arrival { shown, rows: Vec::new(), stages: Vec::new() }
    }

    /// Takes one answer; `Err` when it is not one [`LogWorker::answer`] wrote.
    pub fn take(&mut self, wire: &str) -> Result<Answer, String> {
        let mut r = reader(wire);
        let answer = match r.take()?.as_str() {
            "P" => Answer::Progress(take_progress(&mut r)?),
            "O" => Answer::Ordering { pass: r.num()?, requests: r.num()? },
            "R" => {
                take_rows(&mut r, &mut self.rows, &mut self.stages)?;
                Answer::Rows(self.rows.len())
            }
            "T" => {
                let mut trace = take_tail(&mut r)?;
                trace.rows = std::mem::take(&mut self.rows);
                let stages = std::mem::take(&mut self.stages);
                Answer::Done(Box::new(Build::new(trace, self.shown, stages)))
            }
            _ => return Err(r.bad()),
        };
        // Each answer ends with its last field's newline: nothing may follow.
        match r.take()?.is_empty() && r.take().is_err() {
            true => Ok(answer),
            false => Err(r.bad()),
        }
    }
}
