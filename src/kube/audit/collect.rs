//! Events gathered into requests: one row per `auditID`, each stage counted once.

use super::event::{AuditEvent, Stage};
use super::row::{NameSource, RequestRow, WatchSpan};
use rustc_hash::FxHashMap;

/// What adding an event did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// The first event of a request.
    NewRequest,
    /// A further stage of a request already seen.
    Stage,
    /// A stage this request already has (kubernetes/kubernetes#126466: a watch may log
    /// ResponseStarted twice): counted once, ignored.
    Duplicate,
}

/// The requests seen so far, in the order their first event came.
#[derive(Debug, Default)]
pub struct Collector {
    index: FxHashMap<String, usize>,
    requests: Vec<RequestRow>,
    /// The stages each request has had, one bit each (beside `requests`, so the rows are
    /// handed on without a pass over them).
    seen: Vec<u8>,
    show_secrets: bool,
}

fn stage_bit(stage: Stage) -> u8 {
    1 << (stage as u8)
}

impl Collector {
    /// A collector; Secret bodies are withheld unless `show_secrets`.
    pub fn new(show_secrets: bool) -> Collector {
        Collector { show_secrets, ..Collector::default() }
    }

    /// The number of requests so far.
    pub fn len(&self) -> usize {
        self.requests.len()
    }

    /// Whether no request came yet.
    pub fn is_empty(&self) -> bool {
        self.requests.is_empty()
    }

    /// Adds the event read at `line`: constant work, whatever came before.
    pub fn add(&mut self, event: &AuditEvent, line: u64) -> Added {
        let Some(&at) = self.index.get(&event.audit_id) else {
            let mut row = RequestRow::of_event(event, line, self.show_secrets);
            widen_watch(&mut row, event);
            self.index.insert(event.audit_id.clone(), self.requests.len());
            self.requests.push(row);
            self.seen.push(stage_bit(event.stage));
            return Added::NewRequest;
        };
        let (Some(row), Some(seen)) = (self.requests.get_mut(at), self.seen.get_mut(at)) else {
            return Added::Duplicate; // the index only holds positions it pushed
        };
        if *seen & stage_bit(event.stage) != 0 {
            return Added::Duplicate;
        }
        *seen |= stage_bit(event.stage);
        if event.stage > row.stage {
            let mut later = RequestRow::of_event(event, row.line, self.show_secrets);
            later.watch = row.watch;
            later.received = later.received.min(row.received);
            if later.generate_name.is_none() {
                later.generate_name = row.generate_name.take();
            }
            if later.name_source == NameSource::Recorded
                && later.name.is_empty()
                && row.name_source == NameSource::Response
            {
                (later.name, later.name_source) = (std::mem::take(&mut row.name), NameSource::Response);
            }
            *row = later;
        }
        widen_watch(row, event);
        Added::Stage
    }

    /// The rows, in the order kube-apiserver received the requests (ties: by line), with the
    /// names of `generateName` creates filled in where the log gives them.
    pub fn finish(self) -> Vec<RequestRow> {
        super::order::order_rows(self.into_rows())
    }

    /// The rows as they came (by their first event), not yet ordered nor named: for
    /// [`super::order::RowOrder`] to order in steps.
    pub fn into_rows(self) -> Vec<RequestRow> {
        self.requests
    }
}

/// A watch's span grows with its ResponseStarted and ResponseComplete stages.
fn widen_watch(row: &mut RequestRow, event: &AuditEvent) {
    if event.verb != "watch" {
        return;
    }
    let at = event.stage_timestamp.as_ref().map(|t| t.micros());
    let span = row.watch.get_or_insert(WatchSpan { started: None, ended: None });
    match event.stage {
        Stage::ResponseStarted => span.started = at,
        Stage::ResponseComplete | Stage::Panic => span.ended = at,
        Stage::RequestReceived => {}
    }
}

/// The rows of events already in memory (a simulated run's), as a log of them would give.
pub fn rows_of_events(events: &[AuditEvent], show_secrets: bool) -> Vec<RequestRow> {
    let mut collector = Collector::new(show_secrets);
    for (at, event) in events.iter().enumerate() {
        collector.add(event, at as u64 + 1);
    }
    collector.finish()
}
