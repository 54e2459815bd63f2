//! The frame: everything a view shows at one cursor, derived once per cursor move. The store is
//! replayed once; totals come from the recording's running counts; believed and actual are
//! compared here, so no view sums or compares anything itself.

use super::rounds::{part_index, with_changes};
use super::{sorted, Recording, WorldView};
use crate::model::{
    service_counts, Change, Event, Part, PartSet, ServiceCount, Step, Totals, TraceSummary, Value,
};
use std::rc::Rc;

/// What a view shows after the first `cursor` steps of a recording.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Steps shown, 0 to the recording's length.
    pub cursor: usize,
    /// Steps in the whole run.
    pub len: usize,
    /// The step at the cursor (the last one shown), if any.
    pub step: Option<Step>,
    /// The round of that step; at the end of the run, the rounds run; 0 before any step.
    pub round: u32,
    /// The store as it stands: entries in store order.
    pub entries: Vec<(Rc<str>, Value)>,
    /// The store's revision (writes so far).
    pub revision: u64,
    /// The lesson's summary line at the cursor: components, steps, item reads, writes,
    /// revision, round.
    pub summary: TraceSummary,
    /// Item reads and writes of each round so far: index 0 is the requests before round 1.
    pub per_round: Vec<Totals>,
    /// Item reads and writes of each part so far, in [`Part::ALL`] order.
    pub per_component: [Totals; 5],
    /// Item reads of each part in each round so far: `load[round][part]`, parts in [`Part::ALL`]
    /// order. Where the load comes from, round by round.
    pub load: Vec<[usize; 5]>,
    /// The world the store describes, as it actually is.
    pub world: WorldView,
    /// Copies the store holds as running, sorted.
    pub believed: Vec<Rc<str>>,
    /// Copies actually running, sorted.
    pub actual: Vec<Rc<str>>,
    /// Believed running but not running (a death the store never learned of).
    pub ghosts: Vec<Rc<str>>,
    /// Running but not believed (a start the store never learned of).
    pub unseen: Vec<Rc<str>>,
    /// Believed and actual per service, by the model's one rule ([`crate::model::service_counts`]).
    pub services: Vec<ServiceCount>,
    /// The parts down at the cursor's round.
    pub down: PartSet,
    /// The changes made at the start of the step's round, when the step at the cursor is the
    /// first one shown since they were made.
    pub changes: Vec<Change>,
    /// The changes still to come after the cursor's round.
    pub pending: Vec<Event>,
    /// Whether an open assignment seals the run: then the frame is the run's start, whatever
    /// the cursor, its length is 0 (not said), and it is never at its end, so no verdict shows.
    pub sealed: bool,
}

impl Frame {
    /// Whether the cursor is at the end of the run.
    pub fn at_end(&self) -> bool {
        !self.sealed && self.cursor >= self.len
    }

    /// The parts that will be down at the start of the next round: those down now, with every
    /// change the run makes then (the student's and its scenario's own). What a press at the
    /// cursor toggles.
    pub fn down_next(&self) -> PartSet {
        let next = self.round + 1;
        with_changes(self.down, self.pending.iter().filter(|e| e.round == next))
    }

    /// The changes still to come at the first round that has any, and that round: what the step
    /// sentence announces and what a part's box says it will do.
    pub fn coming(&self) -> Option<(u32, Vec<Change>)> {
        let round = self.pending.first()?.round;
        Some((round, self.pending.iter().filter(|e| e.round == round).map(|e| e.change.clone()).collect()))
    }

    /// Item reads and writes so far.
    pub fn totals(&self) -> Totals {
        Totals { item_reads: self.summary.item_reads, writes: self.summary.writes }
    }

    /// Item reads and writes of the cursor's round so far (the requests' before round 1).
    pub fn round_totals(&self) -> Totals {
        self.per_round.get(self.round as usize).copied().unwrap_or_default()
    }

    /// Item reads and writes of `part` so far.
    pub fn of_part(&self, part: Part) -> Totals {
        self.per_component[part_index(part)]
    }
}

impl Recording {
    /// Why each decision of the failure-matrix row stopped, shown at the end of an events run
    /// (see [`crate::model::reasons`]); nothing before the end, nor for another run.
    pub fn reasons_at(&self, frame: &Frame) -> Vec<crate::model::Reason> {
        match (&self.matrix_row, frame.at_end()) {
            (Some(row), true) => crate::model::reasons(row, &self.responses),
            _ => Vec::new(),
        }
    }

    /// The frame after the first `cursor` steps (clamped to the run).
    pub fn frame(&self, cursor: usize) -> Frame {
        self.frame_with(cursor, self.actual_at(cursor))
    }

    /// The frame after the first `cursor` steps with `actual` the copies actually running.
    fn frame_with(&self, cursor: usize, actual: Vec<Rc<str>>) -> Frame {
        let cursor = cursor.min(self.len());
        let shown = &self.steps[..cursor];
        let store = self.store_at(cursor);
        let entries: Vec<(Rc<str>, Value)> = store.entries().map(|(k, v)| (k.clone(), v.clone())).collect();
        let step = shown.last().cloned();
        // At the end, the rounds run (a run with no step at all ends where it starts).
        let round = if cursor == self.len() { self.rounds } else { step.as_ref().map_or(0, |s| s.round) };

        // The round facts come from `rounds.rs`, where each is derived once.
        let mut per_component = [Totals::default(); 5];
        for s in shown {
            let i = part_index(s.component);
            per_component[i] = per_component[i].plus(s);
        }
        let per_round = self.per_round_at(cursor, round);
        let load = self.load_at(cursor, round);
        let running = |v: &Value| v.as_copy().is_some_and(|c| c.believed_running());
        let believed = sorted(entries.iter().filter(|(_, v)| running(v)).map(|(k, _)| k.clone()).collect());
        let missing = |from: &[Rc<str>], other: &[Rc<str>]| -> Vec<Rc<str>> {
            from.iter().filter(|k| other.binary_search(k).is_err()).cloned().collect()
        };
        let services = service_counts(entries.iter().map(|(k, v)| (k, v)), actual.iter().map(|k| &**k));
        let world = WorldView::of(&entries, &actual);
        let changes = self.changes_at(cursor);
        let down = self.down_at(round);
        let pending = self.timeline.iter().filter(|e| e.round > round).cloned().collect();
        Frame {
            cursor,
            len: self.len(),
            summary: TraceSummary::of(shown, store.revision(), round),
            revision: store.revision(),
            step,
            round,
            per_round,
            per_component,
            ghosts: missing(&believed, &actual),
            unseen: missing(&actual, &believed),
            believed,
            actual,
            services,
            entries,
            down,
            changes,
            pending,
            load,
            world,
            sealed: false,
        }
    }

    /// The frame a sealed run shows at any cursor: the starting state (the store, the world,
    /// the parts down) with no step, no count and no length, never at its end. The seal is
    /// this one rule over every run, whatever its name, its changes or its length, so no path
    /// can show a recorded outcome (a run of no steps included) before the predictions lock.
    pub fn sealed_frame(&self) -> Frame {
        // What ran before any request was sent: a report the API server refuses (a part down at
        // step 0) already counts at step 0 of an unsealed run, which would show that row's
        // believed and actual before the lock.
        let start = self.frame_with(0, self.actual_initial.clone());
        // A run of no steps is at its end at step 0, where the frame says the rounds it ran and
        // the parts its changes left down: the start says neither.
        Frame {
            len: 0,
            round: 0,
            summary: TraceSummary::of(&[], 0, 0),
            per_round: vec![Totals::default()],
            load: vec![[0; 5]],
            down: self.down,
            changes: Vec::new(),
            pending: Vec::new(),
            sealed: true,
            ..start
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Part, PartSet, Run, Scenario, Totals};
    use crate::playback::Recording;

    fn lesson() -> Recording {
        Recording::of(&Scenario::lesson()).unwrap()
    }

    #[test]
    fn the_changes_coming_are_those_of_the_first_round_that_has_any() {
        use crate::model::{Change, Event};
        let timeline =
            [Event::at(2, Change::Down(Part::Scheduler)), Event::at(3, Change::Up(Part::Scheduler))];
        let r = Recording::of_run(Run::Lesson, PartSet::NONE, &timeline, None).unwrap();
        assert_eq!(r.frame(0).coming(), Some((2, vec![Change::Down(Part::Scheduler)])));
        assert_eq!(r.frame(r.len()).coming(), None);
    }

    #[test]
    fn why_each_decision_stopped_shows_at_the_end_of_an_events_run_only() {
        let api = Recording::of_run(Run::Events, PartSet::of(Part::ApiServer), &[], None).unwrap();
        let said = |r: &Recording, c: usize| format!("{:?}", r.reasons_at(&r.frame(c)));
        // The API server's row, halted / unknown / halted / halted: each for the part's refusal.
        let unavailable = "answer: Some(Unavailable(ApiServer))";
        assert_eq!(
            said(&api, api.len()),
            format!(
                "[ScaleNeverLanded {{ {unavailable} }}, FailureUnknown {{ {unavailable} }}, NodeNeverLanded {{ {unavailable} }}, ReadsHalted]"
            )
        );
        assert_eq!(said(&api, api.len() - 1), "[]", "not before the end");
        assert_eq!(said(&lesson(), 17), "[]", "the lesson's request has no matrix row");
    }

    #[test]
    fn the_lessons_frames_carry_its_numbers() {
        let r = lesson();
        let start = r.frame(0);
        assert_eq!((start.cursor, start.len, start.step.is_none(), start.round), (0, 17, true, 0));
        assert_eq!(
            (start.entries.len(), start.revision, start.believed.len(), start.actual.len()),
            (10, 0, 5, 5)
        );
        let end = r.frame(17);
        assert!(end.at_end());
        assert_eq!((end.summary.steps, end.summary.item_reads, end.summary.writes), (17, 50, 7));
        assert_eq!((end.summary.revision, end.summary.rounds, end.summary.components), (7, 2, 4));
        let rounds: Vec<(usize, usize)> = end.per_round.iter().map(|t| (t.item_reads, t.writes)).collect();
        assert_eq!(rounds, [(0, 1), (24, 6), (26, 0)], "round 2 reads 26 items and writes nothing");
        // The decision-making components cause the load: 50 items read, none by the API server.
        let reads = |p| end.of_part(p).item_reads;
        assert_eq!(
            [Part::ApiServer, Part::ControllerManager, Part::Scheduler, Part::NodeAgents].map(reads),
            [0, 16, 20, 14]
        );
        assert_eq!(end.per_component.iter().map(|t| t.item_reads).sum::<usize>(), 50);
        // Round 2, the verification round: the three deciding parts read 9 + 10 + 7 = 26.
        assert_eq!(end.load[2], [0, 0, 10, 9, 7]);
        assert_eq!(end.load.iter().map(|r| r.iter().sum::<usize>()).collect::<Vec<_>>(), [0, 24, 26]);
        assert_eq!(r.frame(99), end, "the cursor is clamped");
    }

    #[test]
    fn a_sealed_frame_is_the_start_of_any_run_and_never_its_end() {
        use crate::model::{Change, Event};
        // The lesson's run, a run with no step at all (the store down: "at its end" at step 0
        // when unsealed), and one whose node agents come back at round 1.
        let store_down = Recording::of_run(Run::Events, PartSet::of(Part::StateStore), &[], None).unwrap();
        let back = [Event::at(1, Change::Up(Part::NodeAgents))];
        let agents = Recording::of_run(Run::Lesson, PartSet::of(Part::NodeAgents), &back, None).unwrap();
        assert_eq!(store_down.len(), 0);
        assert!(store_down.frame(0).at_end(), "unsealed, a run of no steps is at its end at once");
        // The events with the API server down: the death report never lands, and unsealed the
        // start already shows the ghost (that row's 3/2); sealed, the start is the same whatever
        // is down.
        let api = Recording::of_run(Run::Events, PartSet::of(Part::ApiServer), &[], None).unwrap();
        let healthy = Recording::of_run(Run::Events, PartSet::NONE, &[], None).unwrap();
        assert!(!api.frame(0).ghosts.is_empty());
        let (a, h) = (api.sealed_frame(), healthy.sealed_frame());
        assert_eq!(
            (&a.world, &a.services, &a.ghosts, &a.actual),
            (&h.world, &h.services, &h.ghosts, &h.actual)
        );
        assert!(a.ghosts.is_empty());
        for r in [lesson(), store_down, agents] {
            let f = r.sealed_frame();
            assert!(f.sealed && !f.at_end(), "sealed: never at its end, so no verdict shows");
            assert_eq!((f.cursor, f.len, f.round, f.step.is_none()), (0, 0, 0, true));
            assert_eq!((f.summary.steps, f.summary.item_reads, f.summary.writes, f.revision), (0, 0, 0, 0));
            assert!(f.pending.is_empty() && f.changes.is_empty());
            let start = r.frame(0);
            let world = crate::playback::WorldView::of(&start.entries, &r.actual_initial);
            assert_eq!((f.entries, f.world, f.down), (start.entries, world, r.down), "the start stays");
        }
    }

    #[test]
    fn what_will_be_down_next_round_counts_the_scenarios_own_changes() {
        use crate::model::{Change, Event};
        // A scenario whose own timeline brings the scheduler back at round 3.
        let back = Scenario {
            down: PartSet::of(Part::Scheduler),
            timeline: vec![Event::at(3, Change::Up(Part::Scheduler))],
            ..Scenario::lesson()
        };
        let r = Recording::of_run(Run::Given, back.down, &[], Some(&back)).unwrap();
        let in_round_2 = (1..=r.len()).map(|c| r.frame(c)).find(|f| f.round == 2).unwrap();
        assert_eq!((in_round_2.down, in_round_2.down_next()), (PartSet::of(Part::Scheduler), PartSet::NONE));
    }

    #[test]
    fn a_frame_mid_run_shows_the_copy_being_written() {
        let r = lesson();
        let f = r.frame(8);
        let step = f.step.as_ref().unwrap();
        assert_eq!((&*step.key, step.component, f.round), ("copy/collector-4", Part::Scheduler, 1));
        assert_eq!(f.summary.rounds, 1);
        let c4 = f.entries.iter().find(|(k, _)| &**k == "copy/collector-4").map(|(_, v)| v.to_string());
        assert_eq!(c4.as_deref(), Some("node node/m1, pending"));
        assert_eq!((f.totals(), f.revision), (Totals { item_reads: 17, writes: 4 }, 4));
    }

    #[test]
    fn believed_and_actual_part_when_a_death_never_reaches_the_store() {
        let r = Recording::of_run(Run::Events, PartSet::of(Part::ApiServer), &[], None).unwrap();
        let f = r.frame(r.len());
        assert_eq!((f.believed.len(), f.actual.len()), (5, 4));
        assert_eq!(f.ghosts.iter().map(|k| &**k).collect::<Vec<_>>(), ["copy/collector-2"]);
        assert!(f.unseen.is_empty());
        let collector = f.services.iter().find(|s| &*s.service == "collector").unwrap();
        assert_eq!((collector.believed, collector.actual), (3, 2), "the lesson's 3/2");
        assert!(!r.frame(0).actual.iter().any(|k| &**k == "copy/collector-2"), "it died before any step");
    }

    #[test]
    fn a_repair_shows_when_the_part_came_back_and_what_is_down_at_each_step() {
        use crate::model::{Change, Event};
        let sched = PartSet::of(Part::Scheduler);
        let before = Recording::of_run(Run::Events, sched, &[], None).unwrap();
        let back = [Event::at(3, Change::Up(Part::Scheduler))];
        let r = Recording::of_run(Run::Events, sched, &back, None).unwrap();
        assert_eq!(&r.steps[..before.len()], &before.steps[..], "the run before the repair is unchanged");
        let last_before = r.frame(before.len());
        assert_eq!((last_before.down, last_before.pending.len()), (sched, 1), "still down; back next round");
        let first_after = r.frame(before.len() + 1);
        assert_eq!((first_after.round, first_after.down), (3, PartSet::NONE));
        assert_eq!(first_after.changes, [Change::Up(Part::Scheduler)]);
        assert!(r.frame(before.len() + 2).changes.is_empty(), "said once, at the round's first step");
        let end = r.frame(r.len());
        assert_eq!(
            (end.believed.len(), end.actual.len(), end.ghosts.len()),
            (7, 7, 0),
            "placed: believed = actual"
        );
    }
}
