//! Playback of a recorded run. A [`Recording`] keeps a finished run whole; [`Recording::frame`]
//! derives everything a view shows at one cursor (see `frame.rs`). The lab shows only what these
//! return; it never applies a rule of the model itself, and the CLI reaches the same runs.

/// Playback of a real cluster's audit log on the kube page's diagram and trace (issue 32).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod audit;
/// The end of loading a dropped audit log, in steps of bounded work (issue 32).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod audit_build;
/// A dropped audit log read in steps of bounded work, with progress (issue 32).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod audit_load;
/// A log's answers from the reader's worker to the kube page, as text (issue 30's weight).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
mod audit_wire;
/// A dropped audit log read in the reader's worker, taken by the page answer by answer.
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod audit_worker;
mod compare;
mod edits;
mod frame;
/// Playback of the real control plane's runs (the page `?kube=1`).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube;
/// What runs on each node at a cursor of a kube run.
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube_nodes;
/// What the page `?kube=1` shows of an etcd restore: the writes lost, believed against running.
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube_restore;
/// Where a kube recording's run comes from: simulated, or handed to the page (issue 30).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube_runs;
/// The page `?kube=1`'s scenario fields of issue 31 (members, replicas, faults).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube_setup;
/// The page `?kube=1`'s state and its transitions.
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube_state;
/// The guided stops of the overview's quiz on the page `?kube=1` (issue 31).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube_stops;
/// The timeline of a kube run's leases, etcd quorum and nodes (issue 31).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube_timeline;
mod lab_state;
mod load;
mod marks;
mod matrix;
/// The frame a simulated run and an audit log share (issue 32).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod played;
mod recordings;
mod rounds;
pub mod scale_plot;
/// The same request three ways: the lesson's toy, the simulation, an audit log (issue 32).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod side_by_side;
mod window;
mod world;

pub use crate::model::{RoundSpan, ServiceCount};
pub use compare::{compare, CompareBar, CompareRound, Comparison, ModeRound, BAR_SPAN};
pub use edits::Edits;
pub use frame::Frame;
pub use lab_state::{LabState, SPEEDS};
pub use load::{load_chart, LoadBar, LoadChart, LoadSegment, LOAD_PARTS, MOST_ROUNDS};
pub use marks::{Mark, MarkKind, MOST_OF_A_KIND};
pub use matrix::{phase_row, still_undone, Decision, MatrixLine, Phase};
pub use recordings::{Recorded, Recordings};
pub use rounds::{with_changes, RoundHeading};
pub use window::{around, MOST_KEYS, MOST_NODES};

pub use world::{CopyState, NamedBoth, NodeView, WorldView};

use crate::model::names::sorted;
use crate::model::{
    judge, lesson_initial, round_spans, ActualChange, Event, Limits, MatrixRow, PartSet, Request, Response,
    Run, RunError, Scenario, StateStore, Step, Totals, TraceLimit, Value,
};
use std::rc::Rc;

/// How far a run the lab plays in a browser may go: beyond these it is refused with a message that
/// names the limit and points to `cplab run`, which runs with the model's own bound. Chosen so the
/// largest run accepted records and plays without freezing the page (measured by
/// `tests/e2e/heavy.spec.mjs`): 25,000 steps, so a 20,000-step run still plays; two million items
/// read, as reads scan the store; 1,000 keys, as every frame shows the whole store.
pub const LIMITS: Limits = Limits { steps: 25_000, item_reads: 2_000_000, keys: 1_000 };

/// A finished run, kept whole for playback.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// The store before the first request.
    pub initial: Vec<(Rc<str>, Value)>,
    /// The requests sent, in order.
    pub requests: Vec<Request>,
    /// The API server's answers, in order.
    pub responses: Vec<Response>,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Item reads and writes after each number of steps: `running[n]` counts the first `n`.
    pub running: Vec<Totals>,
    /// Rounds run.
    pub rounds: u32,
    /// The parts down from the start.
    pub down: PartSet,
    /// The changes at the start of rounds: parts down and back, requests, reports.
    pub timeline: Vec<Event>,
    /// What actually ran at the start, sorted.
    pub actual_initial: Vec<Rc<str>>,
    /// Every change to what actually ran.
    pub actual_changes: Vec<ActualChange>,
    /// The failure-matrix row, when the run was the lesson's three events.
    pub matrix_row: Option<MatrixRow>,
    /// Each round that has a step ([`round_spans`] of `steps`): split once, when recorded.
    pub spans: Vec<RoundSpan>,
}

/// Why a run could not be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The run has no scenario.
    Run(RunError),
    /// The run went past the step limit.
    Limit(TraceLimit),
}

impl Recording {
    /// Records a scenario.
    pub fn of(scenario: &Scenario) -> Result<Recording, TraceLimit> {
        Recording::record(scenario, false)
    }

    /// Records one of the lab's runs with `down` out of service from the start and `timeline`'s
    /// changes; `given` is the scenario of [`Run::Given`]. The events run carries its
    /// failure-matrix row.
    pub fn of_run(
        run: Run,
        down: PartSet,
        timeline: &[Event],
        given: Option<&Scenario>,
    ) -> Result<Recording, RecordError> {
        let scenario = run.scenario_with(down, timeline, given).map_err(RecordError::Run)?;
        Recording::record(&scenario, run == Run::Events).map_err(RecordError::Limit)
    }

    fn record(scenario: &Scenario, matrix: bool) -> Result<Recording, TraceLimit> {
        let outcome = scenario.clone().run_within(true, LIMITS)?;
        let store = outcome.plane.store();
        let steps = store.trace().to_vec();
        let mut running = Vec::with_capacity(steps.len() + 1);
        running.push(Totals::default());
        for step in &steps {
            let last = running.last().copied().unwrap_or_default();
            running.push(last.plus(step));
        }
        // What ran at the start and every change since, as the model's world kept them.
        let world = outcome.plane.world();
        let actual_initial = sorted(world.started_with());
        let spans = round_spans(&steps);
        Ok(Recording {
            initial: scenario.initial.clone(),
            requests: scenario.requests.clone(),
            steps,
            running,
            rounds: outcome.plane.rounds(),
            down: scenario.down,
            timeline: scenario.timeline.clone(),
            actual_initial,
            actual_changes: world.log().to_vec(),
            matrix_row: matrix.then(|| judge(&outcome, scenario.down).0),
            spans,
            responses: outcome.responses,
        })
    }

    /// A recording of nothing: the lesson's starting state, no step.
    pub fn empty() -> Recording {
        Recording {
            initial: lesson_initial(),
            requests: Vec::new(),
            responses: Vec::new(),
            steps: Vec::new(),
            running: vec![Totals::default()],
            rounds: 0,
            down: PartSet::NONE,
            timeline: Vec::new(),
            actual_initial: Vec::new(),
            actual_changes: Vec::new(),
            matrix_row: None,
            spans: Vec::new(),
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

    /// Item reads and writes in the first `cursor` steps.
    pub fn totals_at(&self, cursor: usize) -> Totals {
        self.running.get(cursor.min(self.steps.len())).copied().unwrap_or_default()
    }

    /// The ledger after the first `cursor` steps, replayed through the model's own store (what
    /// is believed only: what actually runs is [`Recording::actual_at`], from the world's log).
    pub fn store_at(&self, cursor: usize) -> StateStore {
        let mut store = StateStore::new(self.initial.clone());
        for step in &self.steps[..cursor.min(self.steps.len())] {
            // Replaying a recorded run cannot reach the step limit the run itself stayed under.
            let _ = match (step.op, &step.value) {
                (crate::model::Op::Write, Some(value)) => store.write(&step.key, Value::clone(value)),
                (crate::model::Op::Remove, _) => store.remove(&step.key),
                _ => Ok(()),
            };
        }
        store
    }

    /// The copies actually running after the first `cursor` steps, sorted, each once: what ran
    /// at the start with the world's changes up to the cursor.
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
}

/// How many recordings a page keeps, and how many steps they may hold in all, before the oldest
/// is dropped: each press at a new round of a large run records a new run (about 2.6 MB each at
/// the browser's limits), and the page kept every one. Twice the step limit keeps the run shown
/// and the one before it whatever their size; small runs are kept by the dozen.
pub const KEPT: (usize, usize) = (16, 2 * LIMITS.steps);

/// Drops the oldest recordings of `kept` (oldest first) until it holds at most [`KEPT`]: never
/// the newest, the one being shown.
pub fn keep_recent<K>(kept: &mut Vec<(K, Result<Rc<Recording>, RecordError>)>) {
    let steps = |k: &[(K, Result<Rc<Recording>, RecordError>)]| {
        k.iter().map(|(_, r)| r.as_ref().map_or(0, |r| r.len())).sum::<usize>()
    };
    let mut over = 0;
    while kept.len() - over > 1 && (kept.len() - over > KEPT.0 || steps(&kept[over..]) > KEPT.1) {
        over += 1;
    }
    kept.drain(..over);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{LessonService, Part, MAX_DESIRED};

    #[test]
    fn the_events_run_carries_its_matrix_row_and_other_runs_none() {
        let events = Recording::of_run(Run::Events, PartSet::of(Part::ApiServer), &[], None).unwrap();
        let row = events.matrix_row.expect("the events run has a row");
        assert_eq!((row.believed, row.actual, row.item_reads, row.writes), (3, 2, 20, 0));
        assert_eq!(Recording::of_run(Run::Lesson, PartSet::NONE, &[], None).unwrap().matrix_row, None);
    }

    #[test]
    fn a_run_that_cannot_be_recorded_says_why() {
        let big = Run::Scale { service: LessonService::Collector, desired: MAX_DESIRED + 1 };
        assert_eq!(
            Recording::of_run(big, PartSet::NONE, &[], None),
            Err(RecordError::Run(RunError::DesiredTooLarge { desired: MAX_DESIRED + 1 }))
        );
        assert_eq!(
            Recording::of_run(Run::Given, PartSet::NONE, &[], None),
            Err(RecordError::Run(RunError::NothingGiven))
        );
    }

    /// A scenario of one service at `desired` beside a copy whose suffix is not a number, on one
    /// node: with `desired` over 2 every round has work (each new copy is `copy/b-NaN`).
    fn endless(desired: u32, max_rounds: u32) -> Scenario {
        use crate::model::{CopyRecord, Health, Node, Service, Status};
        let copy = CopyRecord { service: "b".into(), node: Some("m".into()), status: Status::Running };
        Scenario {
            initial: vec![
                ("service/b".into(), Value::Service(Service { desired })),
                ("copy/b-x".into(), Value::Copy(copy)),
                ("node/m".into(), Value::Node(Node { capacity: 100, health: Health::Alive })),
            ],
            requests: Vec::new(),
            max_rounds,
            ..Scenario::lesson()
        }
    }

    #[test]
    fn the_browser_plays_a_20000_step_run_and_refuses_past_its_limits() {
        let long = Recording::of_run(Run::Given, PartSet::NONE, &[], Some(&endless(20, 800))).unwrap();
        assert_eq!(long.len(), 20_001);
        // Lengths, not recordings: a failure prints a number, not twenty thousand steps.
        let over = |s: Scenario| {
            Recording::of_run(Run::Given, PartSet::NONE, &[], Some(&s)).map(|r| r.len()).unwrap_err()
        };
        assert_eq!(over(endless(20, 1000)), RecordError::Limit(TraceLimit::Steps(LIMITS.steps)));
        // A short link of the kind that froze the page: desired 100,000 fills the store past its
        // key limit within the first round.
        let mut big = endless(100_000, 10);
        big.initial.remove(1);
        assert_eq!(over(big), RecordError::Limit(TraceLimit::Keys(LIMITS.keys)));
        // Reads that scan a large store add up first: 900 copies read three times a round.
        let mut wide = endless(3, 1000);
        wide.initial.extend((0..900).map(|i| {
            let c = crate::model::CopyRecord {
                service: "c".into(),
                node: None,
                status: crate::model::Status::Running,
            };
            (format!("copy/c-{i}").into(), Value::Copy(c))
        }));
        let wide = Recording::of_run(Run::Given, PartSet::NONE, &[], Some(&wide)).map(|r| r.len());
        assert_eq!(wide, Err(RecordError::Limit(TraceLimit::ItemReads(LIMITS.item_reads))));
    }

    #[test]
    fn recordings_kept_are_bounded_by_count_and_steps_and_the_newest_stays() {
        let small = Rc::new(Recording::of(&Scenario::lesson()).unwrap());
        let large =
            Rc::new(Recording::of_run(Run::Given, PartSet::NONE, &[], Some(&endless(20, 800))).unwrap());
        let mut kept: Vec<(usize, Result<Rc<Recording>, RecordError>)> = Vec::new();
        for i in 0..40 {
            kept.push((i, Ok(small.clone())));
            keep_recent(&mut kept);
        }
        assert_eq!(kept.iter().map(|(i, _)| *i).collect::<Vec<_>>(), (24..40).collect::<Vec<_>>());
        // Three runs of 20,001 steps: the two newest fit in twice the step limit.
        for i in 40..43 {
            kept.push((i, Ok(large.clone())));
            keep_recent(&mut kept);
        }
        assert_eq!(kept.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [41, 42]);
        // One run alone is kept whatever its size; a run refused holds no steps.
        kept.push((43, Err(RecordError::Limit(TraceLimit::Steps(1)))));
        keep_recent(&mut kept);
        assert_eq!(kept.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [41, 42, 43]);
    }

    #[test]
    fn copies_running_without_a_key_count_against_the_key_limit() {
        use crate::model::{CopyRecord, Request, Status};
        // Reports sent while the API server is down start copies the store never hears of: no
        // step, no read, no key, yet each is drawn on its node at every step.
        let report = |i: usize| Request {
            key: format!("copy/x-{i}"),
            value: Some(Value::Copy(CopyRecord {
                service: "x".into(),
                node: Some("m1".into()),
                status: Status::Running,
            })),
        };
        let orphans = |n: usize| Scenario {
            requests: (0..n).map(report).collect(),
            down: PartSet::of(Part::ApiServer),
            ..Scenario::lesson()
        };
        let fits = LIMITS.keys - 10; // the lesson's 10 keys beside them
        let api = PartSet::of(Part::ApiServer);
        let r = Recording::of_run(Run::Given, api, &[], Some(&orphans(fits))).unwrap();
        assert_eq!(r.actual_at(0).len(), 5 + fits);
        let over = Recording::of_run(Run::Given, api, &[], Some(&orphans(fits + 1))).map(|r| r.len());
        assert_eq!(over, Err(RecordError::Limit(TraceLimit::Keys(LIMITS.keys))));
    }

    #[test]
    fn the_lessons_rounds_are_the_requests_then_two() {
        let r = Recording::of(&Scenario::lesson()).unwrap();
        let spans: Vec<(u32, usize, usize, usize, usize, usize)> = r
            .rounds()
            .iter()
            .map(|s| (s.round, s.first, s.last, s.steps, s.totals.item_reads, s.totals.writes))
            .collect();
        assert_eq!(spans, [(0, 1, 1, 1, 0, 1), (1, 2, 12, 11, 24, 6), (2, 13, 17, 5, 26, 0)]);
    }

    #[test]
    fn running_totals_count_every_prefix_of_the_lessons_trace() {
        let r = Recording::of(&Scenario::lesson()).unwrap();
        assert_eq!(r.running.len(), 18);
        assert_eq!(r.totals_at(9), Totals { item_reads: 17, writes: 5 });
        assert_eq!(r.totals_at(17), Totals { item_reads: 50, writes: 7 });
        assert_eq!(r.totals_at(1000), r.totals_at(17));
    }
}
