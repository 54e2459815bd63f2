//! The parts of the control plane: the four components and the state store.

use serde::Serialize;
use std::fmt;

/// A part of the control plane that can act, or be taken down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Part {
    /// The single write gate: validates requests and writes them to the store.
    #[serde(rename = "API server")]
    ApiServer,
    /// The durable home of every item; counts every write in its revision.
    #[serde(rename = "state store")]
    StateStore,
    /// Places node-less pending copies on the emptiest alive node with room.
    #[serde(rename = "scheduler")]
    Scheduler,
    /// Closes the gap between desired and live copies; cleans up dead copies.
    #[serde(rename = "controller manager")]
    ControllerManager,
    /// The node side as one part: starts placed pending copies.
    #[serde(rename = "node agents")]
    NodeAgents,
}

impl Part {
    /// Every part, in the lesson's failure-matrix order (node agents last, beyond the lesson).
    pub const ALL: [Part; 5] =
        [Part::ApiServer, Part::StateStore, Part::Scheduler, Part::ControllerManager, Part::NodeAgents];

    /// The lesson's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Part::ApiServer => "API server",
            Part::StateStore => "state store",
            Part::Scheduler => "scheduler",
            Part::ControllerManager => "controller manager",
            Part::NodeAgents => "node agents",
        }
    }

    /// The part with this exact lesson name.
    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The valid names, quoted and comma-separated, for error messages.
    pub fn names_list() -> String {
        Part::ALL.iter().map(|p| format!("\"{}\"", p.name())).collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in Part::ALL {
            assert_eq!(Part::from_name(p.name()), Some(p));
            assert_eq!(serde_json::to_value(p).unwrap(), p.name());
        }
        assert_eq!(Part::from_name("api server"), None);
    }
}
