//! Playback of a recorded run: what the store held, what actually ran, and the running totals
//! after any number of steps. The lab shows only what these functions return; it never applies a
//! rule of the model itself.

use super::api_server::{Request, Response};
use super::matrix::{lesson_events, matrix_run, MatrixRow};
use super::part::Part;
use super::plane::Plane;
use super::scenario::{lesson_initial, Scenario};
use super::state_store::{ActualChange, Op, StateStore, Step, TraceLimit};
use super::value::{Status, Value};
use crate::messages::{fill, Messages};
use std::rc::Rc;

/// A finished run, kept whole for playback.
#[derive(Clone, Debug)]
pub struct Recording {
    /// The store before the first request.
    pub initial: Vec<(Rc<str>, Value)>,
    /// The requests sent, in order.
    pub requests: Vec<Request>,
    /// The API server's answers, in order.
    pub responses: Vec<Response>,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Rounds run.
    pub rounds: u32,
    /// The part that was down.
    pub down: Option<Part>,
    /// What actually ran at the start.
    pub actual_initial: Vec<Rc<str>>,
    /// Every change to what actually ran.
    pub actual_changes: Vec<ActualChange>,
    /// The failure-matrix row, when the run was the lesson's three events.
    pub matrix_row: Option<MatrixRow>,
}

/// The totals after some steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Items read so far.
    pub reads: usize,
    /// Writes and removes so far (the revision).
    pub writes: usize,
}

impl Recording {
    /// Records a scenario.
    pub fn of(scenario: &Scenario) -> Result<Recording, TraceLimit> {
        let outcome = scenario.simulate()?;
        let (initial, requests) = (scenario.initial.clone(), scenario.requests.clone());
        Ok(Recording::from_plane(initial, requests, outcome.responses, &outcome.plane, None))
    }

    /// Records the lesson's three events with `down` out of service, with their matrix row.
    pub fn of_events(down: Option<Part>) -> Result<Recording, TraceLimit> {
        let run = matrix_run(down)?;
        let plane = &run.outcome.plane;
        Ok(Recording::from_plane(
            lesson_initial(),
            lesson_events(),
            run.outcome.responses.clone(),
            plane,
            Some(run.row),
        ))
    }

    fn from_plane(
        initial: Vec<(Rc<str>, Value)>,
        requests: Vec<Request>,
        responses: Vec<Response>,
        plane: &Plane,
        matrix_row: Option<MatrixRow>,
    ) -> Recording {
        let actual_initial =
            sorted(StateStore::new(initial.clone()).actual().into_iter().map(Rc::from).collect());
        Recording {
            initial,
            requests,
            responses,
            steps: plane.store().trace().to_vec(),
            rounds: plane.rounds(),
            down: plane.down(),
            actual_initial,
            actual_changes: plane.store().actual_log().to_vec(),
            matrix_row,
        }
    }

    /// How many steps there are.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the run recorded no step at all (everything it needed was down).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The store after the first `cursor` steps, replayed through the model's own store.
    pub fn store_at(&self, cursor: usize) -> StateStore {
        let mut store = StateStore::new(self.initial.clone());
        for step in &self.steps[..cursor.min(self.steps.len())] {
            // Replaying a recorded run cannot reach the step limit the run itself stayed under.
            let _ = match (step.op, &step.value) {
                (Op::Write, Some(value)) => store.write(&step.key, Value::clone(value)),
                (Op::Remove, _) => store.remove(&step.key),
                _ => Ok(()),
            };
        }
        store
    }

    /// Items read and writes made in the first `cursor` steps.
    pub fn totals_at(&self, cursor: usize) -> Totals {
        self.steps[..cursor.min(self.steps.len())].iter().fold(Totals::default(), |t, s| match s.op {
            Op::Read => Totals { reads: t.reads + s.items, ..t },
            _ => Totals { writes: t.writes + 1, ..t },
        })
    }

    /// The copies actually running after the first `cursor` steps, sorted, each once.
    pub fn actual_at(&self, cursor: usize) -> Vec<Rc<str>> {
        let mut running = self.actual_initial.clone();
        for change in self.actual_changes.iter().take_while(|c| c.after_steps <= cursor) {
            match (running.binary_search(&change.key), change.running) {
                (Err(at), true) => running.insert(at, change.key.clone()),
                (Ok(at), false) => {
                    running.remove(at);
                }
                _ => {}
            }
        }
        running
    }

    /// Copies the store holds as running after `cursor` steps, sorted, each once.
    pub fn believed_at(&self, cursor: usize) -> Vec<Rc<str>> {
        sorted(
            self.store_at(cursor)
                .entries()
                .filter(|(_, v)| v.as_copy().is_some_and(|c| c.status == Status::Running))
                .map(|(k, _)| k.clone())
                .collect(),
        )
    }

    /// One sentence for step `index` (0-based), as the live region reads it, in `t`'s language:
    /// `Step 8 of 17: scheduler writes copy/collector-4, node node/m1, pending`.
    pub fn narrate(&self, index: usize, t: &Messages) -> String {
        let total = self.len();
        let Some(step) = self.steps.get(index) else {
            return fill(t.narrate_start, &[("total", &total)]);
        };
        let what = match (step.op, &step.value) {
            (Op::Read, _) => fill(t.narrate_read, &[("key", &step.key), ("items", &t.items(step.items))]),
            (Op::Write, Some(v)) => fill(t.narrate_write, &[("key", &step.key), ("value", &t.value(v))]),
            (Op::Write, None) => fill(t.narrate_write_key, &[("key", &step.key)]),
            (Op::Remove, _) => fill(t.narrate_remove, &[("key", &step.key)]),
        };
        fill(
            t.narrate_step,
            &[("step", &(index + 1)), ("total", &total), ("part", &t.part(step.component)), ("what", &what)],
        )
    }
}

/// Keys sorted, each once. A sorted list rather than a set: the lab shows a handful of keys, and
/// one sort costs the page far less code than a set of its own.
fn sorted(mut keys: Vec<Rc<str>>) -> Vec<Rc<str>> {
    keys.sort_unstable();
    keys.dedup();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::EN;

    #[test]
    fn playback_of_the_lesson_ends_where_the_run_ended() {
        let r = Recording::of(&Scenario::lesson()).unwrap();
        assert_eq!(r.len(), 17);
        assert_eq!(r.totals_at(17), Totals { reads: 50, writes: 7 });
        assert_eq!(r.totals_at(9), Totals { reads: 17, writes: 5 });
        assert_eq!(r.store_at(17).revision(), 7);
        assert_eq!(r.store_at(0).len(), 10);
        let c4 = |n| r.store_at(n).get("copy/collector-4").map(ToString::to_string);
        // The copy's journey: born node-less and pending, given a node, then running.
        assert_eq!(c4(3), None);
        assert_eq!(c4(4).as_deref(), Some("no node, pending"));
        assert_eq!(c4(8).as_deref(), Some("node node/m1, pending"));
        assert_eq!(c4(11).as_deref(), Some("node node/m1, running"));
        assert_eq!(
            r.narrate(7, &EN),
            "Step 8 of 17: scheduler writes copy/collector-4, node node/m1, pending"
        );
        assert_eq!(r.narrate(1, &EN), "Step 2 of 17: controller manager reads service/*, 2 items");
    }

    #[test]
    fn believed_and_actual_part_when_a_death_never_reaches_the_store() {
        let r = Recording::of_events(Some(Part::ApiServer)).unwrap();
        assert_eq!((r.believed_at(r.len()).len(), r.actual_at(r.len()).len()), (5, 4));
        let c2: Rc<str> = "copy/collector-2".into();
        assert!(!r.actual_at(0).contains(&c2), "the copy died before any step");
        assert!(r.believed_at(r.len()).contains(&c2));
        let row = r.matrix_row.unwrap();
        assert_eq!((row.believed, row.actual, row.item_reads, row.writes), (3, 2, 20, 0));
    }
}
