//! The parts of the control plane: the four components and the state store.

use super::value::Prefix;
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

    /// The prefixes the part reads every round it acts, in order: the read load a student can
    /// predict before running (the API server only writes; the store is what is read).
    pub fn lists(self) -> &'static [Prefix] {
        match self {
            Part::ControllerManager => &[Prefix::Service, Prefix::Copy],
            Part::Scheduler => &[Prefix::Node, Prefix::Copy],
            Part::NodeAgents => &[Prefix::Copy],
            Part::ApiServer | Part::StateStore => &[],
        }
    }

    /// The valid names, quoted and comma-separated, for error messages.
    pub fn names_list() -> String {
        Part::ALL.iter().map(|p| format!("\"{}\"", p.name())).collect::<Vec<_>>().join(", ")
    }
}

/// A set of parts: those down at once. Small and `Copy`, since the lab keys its recordings by it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartSet(u8);

impl PartSet {
    /// No part.
    pub const NONE: PartSet = PartSet(0);

    /// The whole control plane: the API server, the state store, the scheduler and the
    /// controller manager (the node side keeps running, as the lesson's Summary says).
    pub const CONTROL_PLANE: PartSet = PartSet(0b01111);

    /// The set of just `part`.
    pub fn of(part: Part) -> PartSet {
        PartSet::of_part(part)
    }

    /// The set of just `part`, in a constant.
    pub const fn of_part(part: Part) -> PartSet {
        PartSet(1 << part as u8)
    }

    /// Whether `part` is in the set.
    pub fn contains(self, part: Part) -> bool {
        self.0 & (1 << part as u8) != 0
    }

    /// The set with `part` added.
    pub fn with(self, part: Part) -> PartSet {
        PartSet(self.0 | 1 << part as u8)
    }

    /// The set with `part` taken out.
    pub fn without(self, part: Part) -> PartSet {
        PartSet(self.0 & !(1 << part as u8))
    }

    /// The union of two sets.
    pub fn union(self, other: PartSet) -> PartSet {
        PartSet(self.0 | other.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many parts are in it.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Its parts, in [`Part::ALL`] order.
    pub fn parts(self) -> impl Iterator<Item = Part> {
        Part::ALL.into_iter().filter(move |&p| self.contains(p))
    }

    /// The only part in it, if it holds exactly one.
    pub fn single(self) -> Option<Part> {
        let mut parts = self.parts();
        match (parts.next(), parts.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }
}

impl From<Option<Part>> for PartSet {
    fn from(part: Option<Part>) -> PartSet {
        part.map_or(PartSet::NONE, PartSet::of)
    }
}

impl FromIterator<Part> for PartSet {
    fn from_iter<I: IntoIterator<Item = Part>>(parts: I) -> PartSet {
        parts.into_iter().fold(PartSet::NONE, PartSet::with)
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

    #[test]
    fn each_part_lists_the_prefixes_its_turn_reads() {
        // Checked against a real run: the reads of each part in its first round, in order.
        let out = crate::model::Scenario::lesson().simulate().unwrap();
        for part in Part::ALL {
            let read: Vec<String> = out
                .plane
                .store()
                .trace()
                .iter()
                .filter(|t| t.component == part && t.round == 1 && t.op == crate::model::Op::Read)
                .map(|t| t.key.to_string())
                .collect();
            let listed: Vec<String> = part.lists().iter().map(|p| format!("{}*", p.as_str())).collect();
            assert_eq!(read, listed, "{part}");
        }
    }

    #[test]
    fn a_set_holds_parts_in_the_lessons_order() {
        let set: PartSet = [Part::Scheduler, Part::ApiServer].into_iter().collect();
        assert_eq!(set.parts().collect::<Vec<_>>(), [Part::ApiServer, Part::Scheduler]);
        assert_eq!((set.len(), set.single(), set.contains(Part::StateStore)), (2, None, false));
        assert_eq!(set.without(Part::ApiServer).single(), Some(Part::Scheduler));
        assert_eq!(PartSet::from(None), PartSet::NONE);
        let plane: Vec<Part> = PartSet::CONTROL_PLANE.parts().collect();
        assert_eq!(plane, [Part::ApiServer, Part::StateStore, Part::Scheduler, Part::ControllerManager]);
    }
}
