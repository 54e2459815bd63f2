//! The parts of the control plane: the four components and the state store.

use super::value::Prefix;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

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

/// The lesson's name for it.
impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no part's, or a part named twice in a list of parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartNameError {
    /// No part has this name (as given, without the spaces around it).
    Unknown(String),
    /// A list names this part twice.
    Twice(Part),
}

/// The part with this exact lesson name (what [`Part`]'s `Display` writes).
impl FromStr for Part {
    type Err = PartNameError;
    fn from_str(name: &str) -> Result<Part, PartNameError> {
        Part::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| PartNameError::Unknown(name.to_string()))
    }
}

/// A set's name, as the CLI, share links, tables and assignment files write it: `-` for no part,
/// `control plane` for the whole control plane, otherwise its parts' names in [`Part::ALL`] order
/// joined by commas.
impl fmt::Display for PartSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PartSet::NONE => f.write_str("-"),
            PartSet::CONTROL_PLANE => f.write_str("control plane"),
            set => {
                for (i, part) in set.parts().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    f.write_str(part.name())?;
                }
                Ok(())
            }
        }
    }
}

/// Reads what `Display` writes; also `none` or nothing for no part, and spaces around each name.
/// A part named twice is refused, as a scenario's `down` refuses it.
impl FromStr for PartSet {
    type Err = PartNameError;
    fn from_str(names: &str) -> Result<PartSet, PartNameError> {
        match names.trim() {
            "" | "-" | "none" => return Ok(PartSet::NONE),
            "control plane" => return Ok(PartSet::CONTROL_PLANE),
            _ => {}
        }
        let mut set = PartSet::NONE;
        for name in names.split(',') {
            let part: Part = name.trim().parse()?;
            if set.contains(part) {
                return Err(PartNameError::Twice(part));
            }
            set = set.with(part);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in Part::ALL {
            assert_eq!(p.to_string().parse(), Ok(p));
            assert_eq!(p.to_string(), p.name());
            assert_eq!(serde_json::to_value(p).unwrap(), p.name());
        }
        assert_eq!("api server".parse::<Part>(), Err(PartNameError::Unknown("api server".into())));
        assert_eq!(" scheduler".parse::<Part>(), Err(PartNameError::Unknown(" scheduler".into())));
    }

    #[test]
    fn every_set_of_parts_round_trips_through_its_name() {
        for bits in 0..1u8 << Part::ALL.len() {
            let set = PartSet(bits);
            let name = set.to_string();
            assert_eq!(name.parse(), Ok(set), "{name}");
        }
        assert_eq!(PartSet::NONE.to_string(), "-");
        assert_eq!(PartSet::CONTROL_PLANE.to_string(), "control plane");
        let two = PartSet::of(Part::Scheduler).with(Part::ApiServer);
        assert_eq!(two.to_string(), "API server,scheduler");
        for none in ["", "none", " - "] {
            assert_eq!(none.parse(), Ok(PartSet::NONE));
        }
        assert_eq!(" scheduler , API server".parse(), Ok(two));
        assert_eq!("scheduler,etcd".parse::<PartSet>(), Err(PartNameError::Unknown("etcd".into())));
        assert_eq!("scheduler, scheduler".parse::<PartSet>(), Err(PartNameError::Twice(Part::Scheduler)));
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
