//! The round facts of a recording, each derived here once, for every view and the marks: where
//! each round starts (the model's [`round_spans`](crate::model::round_spans), split once when
//! recorded), each round's totals up to a cursor, the changes that take effect at a round's first
//! step, the parts down at a round, the load per round and part, the trace's lines, and the round
//! headings the trace shows.

use super::{Frame, Recording};
use crate::model::{per_round, Change, Event, Op, Part, PartSet, RoundSpan, Totals};

/// The parts down once `events` have happened to `down`, in order: a part goes down or comes
/// back; other changes leave the parts as they are. The one rule for what a change does to them.
pub fn with_changes<'a>(down: PartSet, events: impl IntoIterator<Item = &'a Event>) -> PartSet {
    events.into_iter().fold(down, |set, e| match e.change {
        Change::Down(p) => set.with(p),
        Change::Up(p) => set.without(p),
        _ => set,
    })
}

/// A heading of the trace: a round's first step, what the round has cost so far, and the
/// changes made at its start.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundHeading {
    /// The round (0: the requests).
    pub round: u32,
    /// Its first step, numbered from 1: the heading stands above that step's row.
    pub first: usize,
    /// The round's own item reads and writes up to the cursor.
    pub totals: Totals,
    /// The changes made at the start of the round (and of any round with no step since the
    /// step before).
    pub changes: Vec<Change>,
}

impl Recording {
    /// Each round that has a step, in order (see [`RoundSpan`]). Round 0 is the requests.
    pub fn rounds(&self) -> &[RoundSpan] {
        &self.spans
    }

    /// How many rounds start among the first `n` steps: the headings above step `n + 1`.
    pub fn round_starts_within(&self, n: usize) -> usize {
        self.spans.partition_point(|s| s.first <= n)
    }

    /// The trace's line (heading rows and step rows, from 0) of the row of step `i` (from 0).
    pub fn line_of(&self, i: usize) -> usize {
        i + self.round_starts_within(i + 1)
    }

    /// The step (from 0) whose row is at or just after line `line`; the length past the end.
    pub fn step_at_line(&self, line: usize) -> usize {
        // Lines grow with steps, so the first step at or past the line is found by halving.
        let (mut low, mut high) = (0, self.steps.len());
        while low < high {
            let mid = (low + high) / 2;
            if self.line_of(mid) < line {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }

    /// The changes made at the start of the `k`th round span: those of every round after the
    /// span before it (a round with no step shows its changes at the next step).
    fn changes_of_span(&self, k: usize) -> Vec<Change> {
        let Some(span) = self.spans.get(k) else { return Vec::new() };
        let since = k.checked_sub(1).and_then(|j| self.spans.get(j)).map_or(0, |s| s.round);
        self.timeline
            .iter()
            .filter(|e| e.round > since && e.round <= span.round)
            .map(|e| e.change.clone())
            .collect()
    }

    /// The changes that take effect at step `step` (from 1): those made at the start of its
    /// round, when it is the round's first step; none otherwise.
    pub fn changes_at(&self, step: usize) -> Vec<Change> {
        let k = self.spans.partition_point(|s| s.first < step);
        match self.spans.get(k) {
            Some(span) if span.first == step => self.changes_of_span(k),
            _ => Vec::new(),
        }
    }

    /// The parts down in round `round`: those down from the start, with every change of the
    /// timeline up to that round.
    pub fn down_at(&self, round: u32) -> PartSet {
        with_changes(self.down, self.timeline.iter().filter(|e| e.round <= round))
    }

    /// Item reads and writes of each round, 0 to `round`, in the first `cursor` steps.
    pub fn per_round_at(&self, cursor: usize, round: u32) -> Vec<Totals> {
        per_round(&self.steps[..cursor.min(self.len())], round)
    }

    /// Item reads of each part in each round, 0 to `round`, in the first `cursor` steps:
    /// `load[round][part]`, parts in [`Part::ALL`] order.
    pub fn load_at(&self, cursor: usize, round: u32) -> Vec<[usize; 5]> {
        let mut load = vec![[0usize; 5]; round as usize + 1];
        for s in self.steps[..cursor.min(self.len())].iter().filter(|s| s.op == Op::Read) {
            if let Some(r) = load.get_mut(s.round as usize) {
                r[part_index(s.component)] += s.items;
            }
        }
        load
    }

    /// The round headings the trace shows at `frame` above the steps `from + 1` to `to`
    /// (numbered from 1): one for each round that starts there, with its totals so far.
    pub fn headings(&self, frame: &Frame, from: usize, to: usize) -> Vec<RoundHeading> {
        let to = to.min(frame.cursor);
        let first = self.spans.partition_point(|s| s.first <= from);
        let last = self.spans.partition_point(|s| s.first <= to);
        (first..last)
            .filter_map(|k| {
                let span = self.spans.get(k)?;
                Some(RoundHeading {
                    round: span.round,
                    first: span.first,
                    totals: frame.per_round.get(span.round as usize).copied().unwrap_or_default(),
                    changes: self.changes_of_span(k),
                })
            })
            .collect()
    }
}

/// Where `part` stands in [`Part::ALL`], the order of the per-part arrays.
pub(crate) fn part_index(part: Part) -> usize {
    Part::ALL.iter().position(|&p| p == part).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use crate::model::{Change, Event, Part, PartSet, Run, Scenario};
    use crate::playback::Recording;

    #[test]
    fn lines_and_steps_agree_with_one_heading_per_round() {
        let r = Recording::of(&Scenario::lesson()).unwrap();
        // Heading 0, request, heading 1, eleven steps, heading 2, five steps.
        assert_eq!((0..17).map(|i| r.line_of(i)).collect::<Vec<_>>()[..4], [1, 3, 4, 5]);
        assert_eq!(r.line_of(12), 15);
        for line in 0..22 {
            let i = r.step_at_line(line);
            assert!(i == 17 || r.line_of(i) >= line, "line {line}");
            assert!(i == 0 || r.line_of(i - 1) < line, "line {line}");
        }
        assert_eq!(r.round_starts_within(12), 2);
        assert_eq!(r.round_starts_within(13), 3);
    }

    #[test]
    fn headings_carry_the_rounds_totals_so_far_and_their_changes() {
        let sched = PartSet::of(Part::Scheduler);
        let back = [Event::at(3, Change::Up(Part::Scheduler))];
        let r = Recording::of_run(Run::Events, sched, &back, None).unwrap();
        let end = r.frame(r.len());
        let all = r.headings(&end, 0, r.len());
        assert_eq!(all.iter().map(|h| h.round).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        let three = &all[3];
        assert_eq!(three.changes, [Change::Up(Part::Scheduler)]);
        assert_eq!(r.changes_at(three.first), three.changes);
        assert!(r.changes_at(three.first + 1).is_empty());
        assert_eq!((r.down_at(2), r.down_at(3)), (sched, PartSet::NONE));
        // A window shows only the headings of the rounds starting in it.
        let window = r.headings(&end, three.first - 1, three.first + 2);
        assert_eq!(window.iter().map(|h| h.round).collect::<Vec<_>>(), [3]);
    }
}
