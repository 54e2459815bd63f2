//! The recorder: every read and write of the state store as a step of the trace, who acted and in
//! which round, and how far the run may go (its [`Limits`]). The store holds one and records
//! through it; what the store believes and what actually runs are not its business.

use super::names::FxHashSet;
use super::part::Part;
use super::trace::{Limits, Op, Step, TraceLimit, MAX_TRACE_STEPS};
use super::value::Value;
use std::rc::Rc;

/// The trace of a run as it is recorded, with the counts its limits are checked against.
#[derive(Clone, Debug)]
pub struct Recorder {
    trace: Vec<Step>,
    active: Part,
    round: u32,
    limits: Limits,
    /// Items read so far (checked against `limits`).
    item_reads: usize,
    /// Items actually scanned so far: the work reads cost. Less than `item_reads` where idle
    /// rounds were copied rather than run again (see [`Recorder::repeat_steps`]).
    scanned: usize,
    /// Whether write steps keep the value written.
    record_values: bool,
    /// Keys drawn beside the ledger's: the copies the plane says run with no record in the
    /// ledger (a running report that never landed). Each counts against the key limit, as it is
    /// drawn and replayed like a key, until the ledger holds it (see [`Recorder::recorded`]).
    beside: FxHashSet<Rc<str>>,
}

impl Recorder {
    /// An empty trace, values recorded, within the model's own limits.
    pub(super) fn new() -> Recorder {
        Recorder {
            trace: Vec::new(),
            active: Part::ApiServer,
            round: 0,
            limits: Limits::MODEL,
            item_reads: 0,
            scanned: 0,
            record_values: true,
            beside: FxHashSet::default(),
        }
    }

    /// Room for `steps` more steps.
    pub(super) fn reserve(&mut self, steps: usize) {
        self.trace.reserve(steps.min(MAX_TRACE_STEPS));
    }

    /// Every step so far.
    pub fn trace(&self) -> &[Step] {
        &self.trace
    }

    /// Items scanned so far.
    pub fn scanned(&self) -> usize {
        self.scanned
    }

    /// The component whose steps follow.
    pub(super) fn component(&mut self, part: Part) {
        self.active = part;
    }

    /// The component acting now.
    pub(super) fn active(&self) -> Part {
        self.active
    }

    /// The round whose steps follow.
    pub(super) fn set_round(&mut self, round: u32) {
        self.round = round;
    }

    /// The round of the steps now.
    pub(super) fn round(&self) -> u32 {
        self.round
    }

    /// Whether write steps keep the value written.
    pub(super) fn set_record_values(&mut self, on: bool) {
        self.record_values = on;
    }

    /// The value a write step keeps: the value itself when values are recorded.
    pub(super) fn kept(&self, value: &Value) -> Option<Rc<Value>> {
        self.record_values.then(|| Rc::new(value.clone()))
    }

    /// Sets the limits (the steps never past [`MAX_TRACE_STEPS`]).
    pub(super) fn set_limits(&mut self, limits: Limits) {
        self.limits = Limits { steps: limits.steps.min(MAX_TRACE_STEPS), ..limits };
    }

    /// The limits set.
    pub(super) fn limits(&self) -> Limits {
        self.limits
    }

    /// Records a read that found `items` of a store of `keys` keys.
    pub(super) fn read(&mut self, prefix: &str, items: usize, keys: usize) {
        self.item_reads = self.item_reads.saturating_add(items);
        self.scanned = self.scanned.saturating_add(keys);
        self.record(Op::Read, Rc::from(format!("{prefix}*")), items, None);
    }

    /// Records a write or remove of `key`.
    pub(super) fn record(&mut self, op: Op, key: Rc<str>, items: usize, value: Option<Rc<Value>>) {
        self.trace.push(Step { component: self.active, op, key, items, value, round: self.round });
    }

    /// Records again, in the current round, the `count` steps from `from`: the reads of a round
    /// that changed nothing, which the next round would make alike (see `Plane::run_timeline`).
    /// Each counts against the limits as a read made anew would; `keys` is the ledger's.
    pub(super) fn repeat_steps(&mut self, from: usize, count: usize, keys: usize) -> Result<(), TraceLimit> {
        for i in from..from + count {
            self.check(keys)?;
            let Some(step) = self.trace.get(i) else { break };
            let step = Step { round: self.round, ..step.clone() };
            self.item_reads = self.item_reads.saturating_add(step.items);
            self.trace.push(step);
        }
        Ok(())
    }

    /// Checked before any change, with the ledger holding `keys` keys, so a stopped run never
    /// holds a half-recorded step. The step that takes the item reads or the keys past their
    /// limit still lands (a read's count is known only once it has scanned); the step after it
    /// is refused.
    pub(super) fn check(&self, keys: usize) -> Result<(), TraceLimit> {
        let limits = &self.limits;
        if self.trace.len() >= limits.steps {
            return Err(TraceLimit::Steps(limits.steps));
        }
        if self.item_reads > limits.item_reads {
            return Err(TraceLimit::ItemReads(limits.item_reads));
        }
        // Copies running with no key are drawn and replayed like keys: the same bound.
        if keys.saturating_add(self.beside.len()) > limits.keys {
            return Err(TraceLimit::Keys(limits.keys));
        }
        Ok(())
    }

    /// Counts `key` beside the ledger's keys (`true`: a copy runs with no record) or no longer.
    pub(super) fn draw_beside(&mut self, key: &Rc<str>, beside: bool) {
        if beside {
            self.beside.insert(key.clone());
        } else {
            self.beside.remove(key);
        }
    }

    /// The ledger now holds `key`: it is counted among its keys, no longer beside them.
    pub(super) fn recorded(&mut self, key: &str) {
        if !self.beside.is_empty() {
            self.beside.remove(key);
        }
    }
}
