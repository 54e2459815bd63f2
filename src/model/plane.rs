//! The control plane as a whole: the state store, the four components around it, and the round
//! loop that runs them. Components never call one another; each turn only reads and writes the
//! store, and the plane merely gives each component its turn.

use super::api_server::{api_server, Request, Response};
use super::controller_manager::controller_manager;
use super::node_agents::node_agents;
use super::part::Part;
use super::scheduler::scheduler;
use super::state_store::StateStore;
use super::trace::TraceLimit;
use super::value::{Status, Value};
use std::rc::Rc;

/// The lesson's default bound on rounds.
pub const DEFAULT_MAX_ROUNDS: u32 = 8;

/// A control plane with at most one part down.
#[derive(Clone, Debug)]
pub struct Plane {
    store: StateStore,
    down: Option<Part>,
    rounds: u32,
}

impl Plane {
    /// A plane over a store holding `initial`, with `down` out of service for the whole run.
    pub fn new(initial: impl IntoIterator<Item = (Rc<str>, Value)>, down: Option<Part>) -> Plane {
        let mut store = StateStore::new(initial);
        store.set_down(down == Some(Part::StateStore));
        Plane { store, down, rounds: 0 }
    }

    /// The store, with its trace and revision.
    pub fn store(&self) -> &StateStore {
        &self.store
    }

    /// The store, to adjust its limits.
    pub fn store_mut(&mut self) -> &mut StateStore {
        &mut self.store
    }

    /// Which part is down, if any.
    pub fn down(&self) -> Option<Part> {
        self.down
    }

    /// Rounds run so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Sends one request through the API server. A request that reports a copy dead (or
    /// running) is a node's report of something that already happened there: what actually
    /// runs changes whether or not the report lands.
    pub fn request(&mut self, request: &Request) -> Result<Response, TraceLimit> {
        let response = if self.down == Some(Part::ApiServer) {
            Response::Unavailable(Part::ApiServer)
        } else {
            api_server(&mut self.store, request)?
        };
        if let Some(Value::Copy(c)) = &request.value {
            if request.key.starts_with("copy/") && c.status != Status::Pending {
                self.store.set_actual(&Rc::from(request.key.as_str()), c.status == Status::Running);
            }
        }
        Ok(response)
    }

    /// One round: controller manager, scheduler, node agents, in that order; a part that is
    /// down skips its turn. Returns the work done (writes and removes by the three).
    pub fn round(&mut self) -> Result<usize, TraceLimit> {
        self.rounds += 1;
        self.store.set_round(self.rounds);
        let mut work = 0;
        if self.down != Some(Part::ControllerManager) {
            work += controller_manager(&mut self.store)?;
        }
        if self.down != Some(Part::Scheduler) {
            work += scheduler(&mut self.store)?;
        }
        if self.down != Some(Part::NodeAgents) {
            work += node_agents(&mut self.store)?;
        }
        Ok(work)
    }

    /// Runs rounds while any component did work, at most `max_rounds` (at least one round runs).
    pub fn run(&mut self, max_rounds: u32) -> Result<u32, TraceLimit> {
        while self.round()? > 0 && self.rounds < max_rounds {}
        Ok(self.rounds)
    }
}
