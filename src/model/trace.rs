//! What the state store records: every read and write as a step of the trace, and the totals the
//! lesson counts (item reads and writes).

use super::part::Part;
use super::value::Value;
use serde::Serialize;
use std::rc::Rc;

/// What a step did to the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// Scanned one prefix.
    Read,
    /// Set one key.
    Write,
    /// Deleted one key.
    Remove,
}

impl Op {
    /// The lesson's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Read => "read",
            Op::Write => "write",
            Op::Remove => "remove",
        }
    }
}

/// One step of the trace: a component read a prefix or wrote or removed a key.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Who acted.
    pub component: Part,
    /// Read, write or remove.
    pub op: Op,
    /// The key written or removed, or the prefix read followed by `*`.
    pub key: Rc<str>,
    /// Items a read found; 1 for a write or remove.
    pub items: usize,
    /// The value a write set (none for reads and removes, and when values are not recorded).
    pub value: Option<Rc<Value>>,
    /// The round it happened in; 0 for requests before the first round.
    pub round: u32,
}

/// The run went past one of its [`Limits`]: it was stopped there. (Its text is the messages
/// layer's; the model only says which limit, and its value.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceLimit {
    /// More trace steps than this.
    Steps(usize),
    /// More items read, over all reads, than this.
    ItemReads(usize),
    /// More keys in the store, and copies running without a key, at once than this.
    Keys(usize),
}

/// How far one run may go before it is stopped: what a driver of the model can afford. The CLI
/// runs with [`Limits::MODEL`]; the lab in a browser sets its own, smaller ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most trace steps.
    pub steps: usize,
    /// Most items read over the run: the cost of reads, which grows with the store.
    pub item_reads: usize,
    /// Most keys the store may hold at once, counting the copies that run without a key (a
    /// running report that never landed): every one is drawn and replayed like a key.
    pub keys: usize,
}

impl Limits {
    /// The model's own bound: [`MAX_TRACE_STEPS`] steps, reads and keys unbounded.
    pub const MODEL: Limits = Limits { steps: MAX_TRACE_STEPS, item_reads: usize::MAX, keys: usize::MAX };
}

/// Most trace steps one run may record. A scenario can ask for endless work (a copy suffix that
/// is not a number makes every new copy overwrite `copy/<service>-NaN`, so each round has work);
/// this bound keeps such a run to well under a second and its memory small.
pub const MAX_TRACE_STEPS: usize = 1_000_000;

/// The lesson's two counts of store load (CA10): items scanned by reads, and writes (a remove is
/// a write: the revision counts both). The one place that says how a step adds to them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Items read: each read adds the items it scanned.
    pub item_reads: usize,
    /// Writes and removes: each adds one.
    pub writes: usize,
}

impl Totals {
    /// These totals with `step` counted.
    pub fn plus(self, step: &Step) -> Totals {
        match step.op {
            Op::Read => Totals { item_reads: self.item_reads + step.items, ..self },
            Op::Write | Op::Remove => Totals { writes: self.writes + 1, ..self },
        }
    }

    /// The totals of `steps`.
    pub fn of<'a>(steps: impl IntoIterator<Item = &'a Step>) -> Totals {
        steps.into_iter().fold(Totals::default(), Totals::plus)
    }
}

/// One round of a trace (see [`round_spans`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundSpan {
    /// The round (0: the requests).
    pub round: u32,
    /// Its first step, numbered from 1.
    pub first: usize,
    /// Its last step, numbered from 1.
    pub last: usize,
    /// How many steps it has.
    pub steps: usize,
    /// Its item reads and writes.
    pub totals: Totals,
}

/// Each round of `trace` that has a step, in order: its number, its first and last step
/// (numbered from 1, as the trace numbers them), its steps and its item reads and writes. The
/// one place a round's start is found (a step starts a round when the step before it is of
/// another round) and a round's totals summed: here, in the model, because the JSON `cplab run`
/// prints, the answer keys and playback all need them and the model is the layer all reach.
pub fn round_spans(trace: &[Step]) -> Vec<RoundSpan> {
    let mut spans: Vec<RoundSpan> = Vec::new();
    for (i, s) in trace.iter().enumerate() {
        match spans.last_mut() {
            Some(span) if span.round == s.round => {
                span.last = i + 1;
                span.steps += 1;
                span.totals = span.totals.plus(s);
            }
            _ => spans.push(RoundSpan {
                round: s.round,
                first: i + 1,
                last: i + 1,
                steps: 1,
                totals: Totals::default().plus(s),
            }),
        }
    }
    spans
}

/// Item reads and writes of each round of `trace` from round 0 (the requests) to `rounds`, a
/// round with no step counting zero: [`round_spans`] laid out by round number.
pub fn per_round(trace: &[Step], rounds: u32) -> Vec<Totals> {
    let mut out = vec![Totals::default(); rounds as usize + 1];
    for span in round_spans(trace) {
        if let Some(t) = out.get_mut(span.round as usize) {
            // Rounds only grow along a trace, so each has one span; summed all the same.
            t.item_reads += span.totals.item_reads;
            t.writes += span.totals.writes;
        }
    }
    out
}

/// The totals under a trace table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceSummary {
    /// Distinct components that appear in the trace.
    pub components: usize,
    /// Trace steps.
    pub steps: usize,
    /// Items read, summed over every read.
    pub item_reads: usize,
    /// Writes and removes.
    pub writes: usize,
    /// The store's revision at the end.
    pub revision: u64,
    /// Rounds run.
    pub rounds: u32,
}

impl TraceSummary {
    /// Totals of a recorded trace.
    pub fn of(trace: &[Step], revision: u64, rounds: u32) -> TraceSummary {
        // One bit per part: a set of five needs no set type.
        let seen = trace.iter().fold(0u8, |seen, t| seen | 1 << t.component as u8);
        let components = seen.count_ones() as usize;
        let totals = Totals::of(trace);
        TraceSummary {
            components,
            steps: trace.len(),
            item_reads: totals.item_reads,
            writes: totals.writes,
            revision,
            rounds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(op: Op, items: usize) -> Step {
        Step { component: Part::Scheduler, op, key: "copy/*".into(), items, value: None, round: 1 }
    }

    #[test]
    fn reads_add_their_items_and_every_write_or_remove_adds_one() {
        let steps = [step(Op::Read, 7), step(Op::Write, 1), step(Op::Read, 3), step(Op::Remove, 1)];
        assert_eq!(Totals::of(&steps), Totals { item_reads: 10, writes: 2 });
        assert_eq!(Totals::default().plus(&steps[0]), Totals { item_reads: 7, writes: 0 });
    }
}
