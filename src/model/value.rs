//! The typed values the state store holds, one kind per key prefix of the lesson's schema.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::rc::Rc;

/// A service's desired copy count: the value under `service/<name>`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Service {
    /// How many live copies the controller manager keeps.
    pub desired: u32,
}

/// Where a copy is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Created by the controller manager, not started yet.
    Pending,
    /// Started by the node agents.
    Running,
    /// Reported dead by its node.
    Dead,
}

/// The ledger's record of one copy of a service: the value under `copy/<name>` (what is believed
/// of it; what actually runs is the world's). Named so, not `Copy`, which is the prelude's trait.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CopyRecord {
    /// The service it belongs to (by this field, not by its key).
    pub service: Rc<str>,
    /// The node it is placed on; `None` until the scheduler places it. The scheduler writes a
    /// node's key (`node/m1`) while the lesson's starting copies name bare nodes (`m1`): both are
    /// kept as written, because the scheduler's load count compares them literally.
    pub node: Option<Rc<str>>,
    /// Pending, running or dead.
    pub status: Status,
}

impl CopyRecord {
    /// Whether the ledger believes the copy runs (its status is running): what is believed, not
    /// what runs, which only the world knows. The one rule every believed count uses.
    pub fn believed_running(&self) -> bool {
        self.status == Status::Running
    }

    /// The machine the copy is on, by the node's name (`m1`): the scheduler writes a node's key
    /// (`node/m1`) while the lesson's starting copies name the bare node (`m1`); both are the
    /// same machine. None when it is on none yet: no node, or an empty one (an empty string is
    /// false in the lesson's JS, so the node agents take it for no node).
    pub fn node_name(&self) -> Option<&str> {
        let node = self.node.as_deref().filter(|n| !n.is_empty())?;
        Some(node.strip_prefix(Prefix::Node.as_str()).unwrap_or(node))
    }
}

/// Whether a node takes work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Health {
    /// The scheduler may place copies on it.
    Alive,
    /// The scheduler skips it.
    Dead,
}

/// A machine copies run on: the value under `node/<name>`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Node {
    /// How many copies the scheduler will place on it.
    pub capacity: u32,
    /// Alive or dead.
    pub health: Health,
}

/// Any value the store holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    /// Under `service/`.
    Service(Service),
    /// Under `copy/`.
    Copy(CopyRecord),
    /// Under `node/`.
    Node(Node),
}

/// The three key prefixes of the lesson's schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prefix {
    /// `service/`
    Service,
    /// `copy/`
    Copy,
    /// `node/`
    Node,
}

impl Prefix {
    /// All prefixes, in the lesson's order.
    pub const ALL: [Prefix; 3] = [Prefix::Service, Prefix::Copy, Prefix::Node];

    /// The prefix as it appears in keys, slash included.
    pub fn as_str(self) -> &'static str {
        match self {
            Prefix::Service => "service/",
            Prefix::Copy => "copy/",
            Prefix::Node => "node/",
        }
    }

    /// The prefix a key is under, if it is in the schema at all.
    pub fn of_key(key: &str) -> Option<Prefix> {
        Prefix::ALL.into_iter().find(|p| key.starts_with(p.as_str()))
    }
}

impl Value {
    /// The prefix this kind of value belongs under.
    pub fn prefix(&self) -> Prefix {
        match self {
            Value::Service(_) => Prefix::Service,
            Value::Copy(_) => Prefix::Copy,
            Value::Node(_) => Prefix::Node,
        }
    }

    /// The copy inside, if this is a copy.
    pub fn as_copy(&self) -> Option<&CopyRecord> {
        match self {
            Value::Copy(c) => Some(c),
            _ => None,
        }
    }
}

impl Status {
    /// The lesson's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Running => "running",
            Status::Dead => "dead",
        }
    }
}

impl Health {
    /// The lesson's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Health::Alive => "alive",
            Health::Dead => "dead",
        }
    }
}

/// Short, human-readable: `desired 5`, `node node/m1, pending`, `capacity 4, alive`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Service(s) => write!(f, "desired {}", s.desired),
            Value::Copy(c) => match &c.node {
                Some(n) => write!(f, "node {}, {}", n, c.status.as_str()),
                None => write!(f, "no node, {}", c.status.as_str()),
            },
            Value::Node(n) => write!(f, "capacity {}, {}", n.capacity, n.health.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_serialize_in_the_lessons_shape() {
        let c = Value::Copy(CopyRecord { service: "collector".into(), node: None, status: Status::Pending });
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"service":"collector","node":null,"status":"pending"}"#
        );
        let n = Value::Node(Node { capacity: 4, health: Health::Alive });
        assert_eq!(serde_json::to_string(&n).unwrap(), r#"{"capacity":4,"health":"alive"}"#);
        let s = Value::Service(Service { desired: 5 });
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"desired":5}"#);
    }

    #[test]
    fn prefixes_are_found_only_at_the_start() {
        assert_eq!(Prefix::of_key("copy/a-1"), Some(Prefix::Copy));
        assert_eq!(Prefix::of_key("service/"), Some(Prefix::Service));
        assert_eq!(Prefix::of_key("services/x"), None);
        assert_eq!(Prefix::of_key("pod/copy/x"), None);
    }

    #[test]
    fn display_is_short() {
        let c = Value::Copy(CopyRecord {
            service: "collector".into(),
            node: Some("node/m1".into()),
            status: Status::Running,
        });
        assert_eq!(c.to_string(), "node node/m1, running");
    }

    #[test]
    fn a_copys_node_is_named_bare_or_by_key_and_empty_is_none() {
        let on = |node: Option<&str>| {
            CopyRecord { service: "a".into(), node: node.map(Into::into), status: Status::Pending }
                .node_name()
                .map(str::to_string)
        };
        assert_eq!(on(Some("m1")), Some("m1".into()));
        assert_eq!(on(Some("node/m1")), Some("m1".into()));
        assert_eq!((on(Some("")), on(None)), (None, None));
    }
}
