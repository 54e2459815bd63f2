//! Failures over time: what happens at the start of a round, beside the components' turns. A part
//! goes down or comes back, a request arrives (through the API server, like any request), or the
//! node agents report again what actually runs.

use super::api_server::Request;
use super::part::Part;

/// One thing that happens at the start of a round.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The part goes down: from this round on it does nothing (the store: reads find nothing,
    /// writes land nowhere; the API server: every request is answered unavailable).
    Down(Part),
    /// The part comes back: from this round on it acts again. What was lost while it was down
    /// stays lost; what waits in the ledger is acted on.
    Up(Part),
    /// A request arrives through the API server.
    Request(Request),
    /// The node agents report again what actually runs: each copy whose record in the store
    /// says running while it does not run, or the other way round, gets its status re-sent
    /// through the API server (if it and the store are up). A running copy the store has no
    /// record of is not reported: the node side reports by record.
    Report,
}

/// A change at the start of a round.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// The round at whose start it happens, from 1.
    pub round: u32,
    /// What happens.
    pub change: Change,
}

impl Event {
    /// `change` at the start of `round`.
    pub fn at(round: u32, change: Change) -> Event {
        Event { round, change }
    }
}
