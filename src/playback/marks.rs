//! Marks on the scrubber: where each round starts, each write lands, and each change made at a
//! round (a part down or back, a report) takes effect, each at the step that shows it, so a
//! click goes there. From the recording alone: the marks of a run never move as it plays.

use super::Recording;
use crate::model::{Change, Op, Part};
use std::rc::Rc;

/// Most marks of one kind a scrubber carries: past it, that kind is left off (a long run's
/// thousands of writes would hide the rounds and the changes, which are always kept).
pub const MOST_OF_A_KIND: usize = 100;

/// What a mark stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum MarkKind {
    /// Round `n` starts here (0: the requests before round 1).
    Round(u32),
    /// `part` writes (or removes) `key` here.
    Write { part: Part, key: Rc<str> },
    /// The changes made at the start of this step's round take effect here.
    Change(Vec<Change>),
}

/// One mark: the cursor it goes to (the step shown, from 1), and what happens there.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// The cursor position that shows the step.
    pub step: usize,
    /// What happens at that step.
    pub kind: MarkKind,
}

impl Recording {
    /// The run's marks, in step order: at each step its round start, then its changes, then its
    /// write.
    pub fn marks(&self) -> Vec<Mark> {
        let spans = self.rounds();
        let writes = self.steps.iter().filter(|s| s.op != Op::Read).count();
        let (rounds, writes) = (spans.len() <= MOST_OF_A_KIND, writes <= MOST_OF_A_KIND);
        let mut marks = Vec::new();
        let mut next_span = spans.iter().peekable();
        for (i, s) in self.steps.iter().enumerate() {
            let step = i + 1;
            if let Some(span) = next_span.next_if(|span| span.first == step) {
                if rounds {
                    marks.push(Mark { step, kind: MarkKind::Round(span.round) });
                }
                let made = self.changes_at(step);
                if !made.is_empty() {
                    marks.push(Mark { step, kind: MarkKind::Change(made) });
                }
            }
            if writes && s.op != Op::Read {
                marks.push(Mark { step, kind: MarkKind::Write { part: s.component, key: s.key.clone() } });
            }
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Event, PartSet, Run};

    #[test]
    fn the_lessons_request_has_a_mark_per_round_and_per_write() {
        let r = Recording::of_run(Run::Lesson, PartSet::NONE, &[], None).unwrap();
        let marks = r.marks();
        let rounds: Vec<(usize, u32)> = marks
            .iter()
            .filter_map(|m| match m.kind {
                MarkKind::Round(n) => Some((m.step, n)),
                _ => None,
            })
            .collect();
        // The request (step 1), round 1 from step 2, round 2 (the verification round) after it.
        assert_eq!(rounds.len(), 3);
        assert_eq!(rounds[0], (1, 0));
        assert_eq!(rounds[1], (2, 1));
        let writes = marks.iter().filter(|m| matches!(m.kind, MarkKind::Write { .. })).count();
        assert_eq!(writes, 7, "the lesson's seven writes");
        assert!(marks.windows(2).all(|w| w[0].step <= w[1].step));
        // Each write mark goes to a step that writes.
        for m in &marks {
            if let MarkKind::Write { key, .. } = &m.kind {
                assert_eq!(r.steps[m.step - 1].key, *key);
                assert_ne!(r.steps[m.step - 1].op, Op::Read);
            }
        }
    }

    #[test]
    fn a_part_down_and_back_is_marked_where_it_takes_effect() {
        let sched = PartSet::of(Part::Scheduler);
        let back = [Event { round: 2, change: Change::Up(Part::Scheduler) }];
        let r = Recording::of_run(Run::Events, sched, &back, None).unwrap();
        let changes: Vec<Mark> =
            r.marks().into_iter().filter(|m| matches!(m.kind, MarkKind::Change(_))).collect();
        assert_eq!(changes.len(), 1);
        let at = changes[0].step;
        assert_eq!(r.steps[at - 1].round, 2, "the first step of round 2");
        assert_eq!(changes[0].kind, MarkKind::Change(vec![Change::Up(Part::Scheduler)]));
    }
}
