//! The control plane as a whole: the state store (what is believed), the world (what actually
//! runs), the four components around the store, and the round loop that runs them. Components
//! never call one another; each turn only reads and writes the store (the node agents also start
//! copies in the world), and the plane merely gives each component its turn.

use super::api_server::{api_server, Request, Response};
use super::controller_manager::controller_manager;
use super::names::sorted;
use super::node_agents::node_agents;
use super::part::{Part, PartSet};
use super::scheduler::scheduler;
use super::state_store::StateStore;
use super::timeline::{Change, Event};
use super::trace::{Op, TraceLimit};
use super::value::{CopyRecord, Status, Value};
use super::watch::WatchPlan;
use super::world::World;
use std::rc::Rc;

/// The lesson's default bound on rounds.
pub const DEFAULT_MAX_ROUNDS: u32 = 8;

/// A control plane, with any of its parts down.
#[derive(Clone, Debug)]
pub struct Plane {
    store: StateStore,
    world: World,
    down: PartSet,
    rounds: u32,
    /// Rounds at whose start the watch history expired (watch mode only).
    expired: Vec<u32>,
}

impl Plane {
    /// A plane over a store holding `initial`, with the parts of `down` out of service.
    pub fn new(initial: impl IntoIterator<Item = (Rc<str>, Value)>, down: PartSet) -> Plane {
        let mut store = StateStore::new(initial);
        store.set_down(down.contains(Part::StateStore));
        // The copies the starting state holds as running are taken to run; room for the store
        // to double, as the store has (a scaled run doubles its copies).
        let world = World::of(store.entries(), store.len().saturating_mul(2));
        Plane { store, world, down, rounds: 0, expired: Vec::new() }
    }

    /// Lets the components of `plan` watch rather than list every round (see [`super::watch`]).
    pub fn set_watch(&mut self, plan: &WatchPlan) {
        self.store.set_watching(plan.parts);
        self.expired = plan.expired.clone();
    }

    /// The store, with its trace and revision.
    pub fn store(&self) -> &StateStore {
        &self.store
    }

    /// The store, to adjust its limits.
    pub fn store_mut(&mut self) -> &mut StateStore {
        &mut self.store
    }

    /// What actually runs, with its change log.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The copies actually running: those the ledger holds in its order, then those it holds
    /// no record of (a running copy whose record was lost, or never landed), sorted. Believed
    /// and actual side by side: the world's copies in the ledger's order.
    pub fn actual(&self) -> Vec<&str> {
        let world = &self.world;
        let mut keys: Vec<&str> = Vec::with_capacity(world.len());
        keys.extend(self.store.entries().filter(|(k, _)| world.runs(k)).map(|(k, _)| &**k));
        if keys.len() == world.len() {
            return keys; // every running copy has its record: the usual case, with no second pass
        }
        let unrecorded = world.running().filter(|k| self.store.get(k).is_none()).cloned().collect();
        // Sorted with the one sort the page carries (of shared strings), then read back from the world.
        keys.extend(sorted(unrecorded).iter().filter_map(|k| world.get(k)).map(|k| &**k));
        keys
    }

    /// The parts down now.
    pub fn down(&self) -> PartSet {
        self.down
    }

    /// Takes `part` down (`down`) or brings it back.
    pub fn set_down(&mut self, part: Part, down: bool) {
        self.down = if down { self.down.with(part) } else { self.down.without(part) };
        if part == Part::StateStore {
            self.store.set_down(down);
        } else if down {
            // A component that stops loses its cache: back, it lists again.
            self.store.break_watches(PartSet::of(part));
        }
    }

    /// Rounds run so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Sends one request through the API server. A request that reports a copy dead (or
    /// running) is a node's report of something that already happened there: what actually
    /// runs changes whether or not the report lands.
    pub fn request(&mut self, request: &Request) -> Result<Response, TraceLimit> {
        let from = self.store.trace().len();
        let response = if self.down.contains(Part::ApiServer) {
            Response::Unavailable(Part::ApiServer)
        } else {
            api_server(&mut self.store, request)?
        };
        self.follow_removes(from);
        if let Some(Value::Copy(c)) = &request.value {
            if request.key.starts_with("copy/") && c.status != Status::Pending {
                let (key, at) = (Rc::from(request.key.as_str()), self.store.trace().len());
                let running = c.believed_running();
                if running {
                    self.world.start(&key, at);
                } else {
                    self.world.stop(&key, at);
                }
                self.store.draw_beside(&key, running);
                self.store.within_limits()?;
            }
        }
        Ok(response)
    }

    /// The node side stops what the ledger no longer has: each copy removed in the steps from
    /// `from` stops running, placed with its remove.
    fn follow_removes(&mut self, from: usize) {
        let removed = self.store.trace().get(from..).unwrap_or_default();
        let mut stopped = Vec::new();
        for (i, step) in removed.iter().enumerate().filter(|(_, s)| s.op == Op::Remove) {
            if self.world.stop(&step.key, from + i + 1) {
                stopped.push(step.key.clone());
            }
        }
        // A copy that ran with no record is no longer drawn beside the ledger's keys.
        for key in stopped {
            self.store.draw_beside(&key, false);
        }
    }

    /// Starts the next round: what is written from here on belongs to it.
    fn begin_round(&mut self) {
        self.rounds += 1;
        self.store.set_round(self.rounds);
        if self.expired.contains(&self.rounds) {
            // The watch history expired (410 Gone): every watch lists again this round.
            self.store.break_watches(PartSet::CONTROL_PLANE.with(Part::NodeAgents));
        }
    }

    /// The components' turns of the current round: controller manager, scheduler, node agents,
    /// in that order; a part that is down skips its turn. Returns the work done (writes and
    /// removes by the three).
    fn turns(&mut self) -> Result<usize, TraceLimit> {
        let mut work = 0;
        if !self.down.contains(Part::ControllerManager) {
            let from = self.store.trace().len();
            work += controller_manager(&mut self.store)?;
            self.follow_removes(from);
        }
        if !self.down.contains(Part::Scheduler) {
            work += scheduler(&mut self.store)?;
        }
        if !self.down.contains(Part::NodeAgents) {
            work += node_agents(&mut self.store, &mut self.world)?;
        }
        Ok(work)
    }

    /// Runs rounds while any component did work, at most `max_rounds` (at least one round runs).
    pub fn run(&mut self, max_rounds: u32) -> Result<u32, TraceLimit> {
        self.run_timeline(max_rounds, &[]).map(|_| self.rounds)
    }

    /// Runs rounds with `timeline`'s changes at the start of their rounds (in order; a change for
    /// a round already run is made at the start of the next). Rounds run while a component did
    /// work or a change is still to come, and at most `max_rounds` counted from the round of the
    /// last change (from round 1 when there is none): a quiet round before a change still runs,
    /// and reads, as the lesson's components do every round. Returns the API server's answers
    /// to the timeline's requests and reports, in order.
    pub fn run_timeline(&mut self, max_rounds: u32, timeline: &[Event]) -> Result<Vec<Response>, TraceLimit> {
        let last = timeline.iter().map(|e| e.round).max().unwrap_or(1).max(1);
        let limit = last.saturating_sub(1).saturating_add(max_rounds);
        let mut responses = Vec::new();
        let mut next = 0;
        // The last round that wrote nothing: the store's revision and the parts down it saw, and
        // its steps. A round that starts from the same store (no write since: the revision
        // counts every one) with the same parts down reads the same items and finds the same
        // nothing, so its steps are copied instead of scanning the store again: an idle stretch
        // costs its steps, not its store (a 200,000-key store idle for 1,000 rounds took 19 s).
        let mut quiet: Option<(u64, PartSet, usize, usize)> = None;
        loop {
            self.begin_round();
            while let Some(event) = timeline.get(next).filter(|e| e.round <= self.rounds) {
                responses.extend(self.change(&event.change)?);
                next += 1;
            }
            let (revision, from) = (self.store.revision(), self.store.trace().len());
            let (lists, expired) = (self.store.watch_lists(), self.expired.contains(&self.rounds));
            let work = match quiet {
                // A round whose watches expired lists again: it is not the idle round before it.
                Some((seen, down, steps_from, steps))
                    if seen == revision && down == self.down && !expired =>
                {
                    self.store.repeat_steps(steps_from, steps)?;
                    0
                }
                _ => {
                    let work = self.turns()?;
                    let wrote = self.store.revision() != revision;
                    let steps = self.store.trace().len() - from;
                    // A round in which a watching component listed is not repeated: its next
                    // turn reads its cache.
                    let listed = self.store.watch_lists() != lists;
                    quiet = (work == 0 && !wrote && !listed).then_some((revision, self.down, from, steps));
                    work
                }
            };
            if !((work > 0 || next < timeline.len()) && self.rounds < limit) {
                return Ok(responses);
            }
        }
    }

    /// Makes one change of a timeline; returns the API server's answers it caused.
    pub fn change(&mut self, change: &Change) -> Result<Vec<Response>, TraceLimit> {
        match change {
            Change::Down(part) => self.set_down(*part, true),
            Change::Up(part) => self.set_down(*part, false),
            Change::Request(request) => return Ok(vec![self.request(request)?]),
            Change::Report => return self.report_again(),
        }
        Ok(Vec::new())
    }

    /// The node agents report again: every copy whose record says running while it does not
    /// run (or says otherwise while it runs) is re-sent with its actual status, in store order.
    fn report_again(&mut self) -> Result<Vec<Response>, TraceLimit> {
        let world = &self.world;
        // One pass over the store, one look-up in the world for each copy.
        let reports: Vec<Request> = self
            .store
            .entries()
            .filter_map(|(key, value)| {
                let copy = value.as_copy()?;
                let runs = world.runs(key);
                let believed = copy.believed_running();
                (runs != believed).then(|| {
                    let status = if runs { Status::Running } else { Status::Dead };
                    Request {
                        key: key.to_string(),
                        value: Some(Value::Copy(CopyRecord { status, ..copy.clone() })),
                    }
                })
            })
            .collect();
        reports.iter().map(|r| self.request(r)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::lesson_initial;
    use crate::model::value::Service;

    fn lesson_plane(down: PartSet) -> Plane {
        Plane::new(lesson_initial(), down)
    }

    /// The lesson's state with `n` more copies running on m1 (service `z`, no service key).
    fn lesson_with_copies(n: usize) -> Vec<(Rc<str>, Value)> {
        use crate::model::value::{CopyRecord, Status};
        let mut initial = lesson_initial();
        initial.extend((0..n).map(|i| {
            let copy = CopyRecord { service: "z".into(), node: Some("m1".into()), status: Status::Running };
            (Rc::from(format!("copy/z-{i}")), Value::Copy(copy))
        }));
        initial
    }

    #[test]
    fn an_idle_stretch_copied_is_the_stretch_run() {
        // The scheduler down from the start, back at round 40: rounds 2 to 39 find the same
        // nothing to do. Copied, they must be exactly what running each one gives.
        let scale =
            Request { key: "service/collector".into(), value: Some(Value::Service(Service { desired: 5 })) };
        let timeline =
            [Event::at(1, Change::Request(scale.clone())), Event::at(40, Change::Up(Part::Scheduler))];
        let mut copied = lesson_plane(PartSet::of(Part::Scheduler));
        copied.run_timeline(8, &timeline).unwrap();

        let mut scanned = lesson_plane(PartSet::of(Part::Scheduler));
        // The loop without the copying: every round scans the store.
        loop {
            scanned.begin_round();
            let round = scanned.rounds();
            if round == 1 {
                scanned.request(&scale).unwrap();
            }
            if round == 40 {
                scanned.set_down(Part::Scheduler, false);
            }
            let work = scanned.turns().unwrap();
            if !((work > 0 || round < 40) && round < 47) {
                break;
            }
        }
        assert_eq!(copied.rounds(), scanned.rounds());
        assert_eq!(copied.store().trace(), scanned.store().trace());
        assert_eq!(copied.store().revision(), scanned.store().revision());
        assert_eq!(copied.actual(), scanned.actual());
        let idle = copied.store().trace().iter().filter(|s| (2..40).contains(&s.round)).count();
        assert_eq!(
            idle,
            38 * 3,
            "the controller manager's two reads and the node agents' one, each idle round"
        );
    }

    #[test]
    fn a_large_store_idle_for_a_thousand_rounds_is_scanned_only_around_its_changes() {
        // 5,000 running copies and a report at round 1000 (at 200,000 keys this took 19 s).
        let initial = lesson_with_copies(5_000);
        let keys = initial.len();
        let mut plane = Plane::new(initial, PartSet::NONE);
        plane.run_timeline(8, &[Event::at(1000, Change::Report)]).unwrap();
        assert_eq!(plane.rounds(), 1000);
        let reads_a_round = 5; // service/ and copy/ by the controller manager, node/ and copy/ by the scheduler, copy/ by the node agents
        assert_eq!(plane.store().trace().len(), 1000 * reads_a_round);
        // Round 1 scanned; the rest copied: the report at round 1000 found nothing to re-send,
        // so that round started from the same store as well.
        assert_eq!(plane.store().scanned(), reads_a_round * keys);
    }

    #[test]
    fn a_report_every_round_that_changes_nothing_scans_nothing_more() {
        use crate::model::value::{CopyRecord, Status};
        let initial = lesson_with_copies(2_000);
        let keys = initial.len();
        let reports: Vec<Event> = (1..=300).map(|r| Event::at(r, Change::Report)).collect();
        let mut plane = Plane::new(initial.clone(), PartSet::NONE);
        plane.run_timeline(8, &reports).unwrap();
        assert_eq!((plane.rounds(), plane.store().trace().len()), (300, 300 * 5));
        assert_eq!(plane.store().scanned(), 5 * keys);
        // A report that does re-send something changes the store: the next round scans again.
        let mut ghost = initial;
        ghost.push((
            "copy/z-dead".into(),
            Value::Copy(CopyRecord { service: "z".into(), node: Some("m1".into()), status: Status::Running }),
        ));
        let mut plane = Plane::new(ghost, PartSet::NONE);
        plane.world.stop(&Rc::from("copy/z-dead"), 0);
        plane.run_timeline(8, &[Event::at(50, Change::Report)]).unwrap();
        let dead = plane.store().get("copy/z-dead").and_then(|v| v.as_copy()).map(|c| c.status);
        assert_eq!(dead, None, "reported dead at round 50, removed by the controller manager");
        assert!(plane.store().scanned() > 5 * (keys + 1), "round 50 and after scanned the changed store");
    }
}
