//! The scenario format's typed fast path: well-formed documents go straight into typed values,
//! without an intermediate JSON tree (a scaled scenario holds hundreds of thousands of entries).
//! Errors here carry no useful message: the caller checks the document again, field by field.

use super::json::Checked;
use super::limits::{MAX_COUNT, MAX_ENTRIES};
use crate::model::{CopyRecord, Health, Node, Prefix, Service, Status, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value as Json};
use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// The document in `text`, if it is well formed: `initial` typed, the rest as JSON for the
/// caller (`scenario_json`) to read. None sends the caller to the checking path.
pub(super) fn parse(text: &str) -> Option<Doc> {
    serde_json::from_str(text).ok()
}

/// The document: `initial` typed, every other field kept for the checking path.
pub(super) struct Doc {
    /// The starting state, when the document gives one.
    pub(super) initial: Option<Vec<(Rc<str>, Value)>>,
    /// Every other field.
    pub(super) rest: Map<String, Json>,
}

impl<'de> Deserialize<'de> for Doc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Doc, D::Error> {
        d.deserialize_map(DocVisitor)
    }
}

struct DocVisitor;

impl<'de> Visitor<'de> for DocVisitor {
    type Value = Doc;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a scenario object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Doc, A::Error> {
        let mut doc = Doc { initial: None, rest: Map::new() };
        // A key given twice, here or in any object below, sends the document to the checking
        // path, which names it.
        let repeated = RefCell::new(None);
        while let Some(key) = map.next_key::<String>()? {
            if doc.rest.contains_key(&key) || (key == "initial" && doc.initial.is_some()) {
                return Err(A::Error::custom("a key is given twice"));
            }
            if key == "initial" {
                doc.initial = Some(map.next_value_seed(InitialSeed)?);
            } else {
                let value = map.next_value_seed(Checked::root(&repeated))?;
                doc.rest.insert(key, value);
            }
        }
        Ok(doc)
    }
}

struct InitialSeed;

impl<'de> DeserializeSeed<'de> for InitialSeed {
    type Value = Vec<(Rc<str>, Value)>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for InitialSeed {
    type Value = Vec<(Rc<str>, Value)>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of key: value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries: Vec<(Rc<str>, Value)> = Vec::with_capacity(map.size_hint().unwrap_or(0));
        // Service and node names repeat across copies: one shared string each.
        let mut names: FxHashMap<Box<str>, Rc<str>> = Default::default();
        let mut intern = |s: &str| -> Rc<str> {
            if let Some(rc) = names.get(s) {
                return rc.clone();
            }
            let rc: Rc<str> = Rc::from(s);
            names.insert(s.into(), rc.clone());
            rc
        };
        while let Some(Borrowed(key)) = map.next_key::<Borrowed<'de>>()? {
            let prefix = Prefix::of_key(&key).ok_or_else(|| A::Error::custom("out of schema"))?;
            let value = match prefix {
                Prefix::Service => {
                    let s: RawService = map.next_value()?;
                    Value::Service(Service { desired: count(s.desired)? })
                }
                Prefix::Copy => {
                    let c: RawCopy<'de> = map.next_value()?;
                    let node = c.node.map(|n| intern(&n));
                    Value::Copy(CopyRecord { service: intern(&c.service), node, status: c.status })
                }
                Prefix::Node => {
                    let n: RawNode = map.next_value()?;
                    Value::Node(Node { capacity: count(n.capacity)?, health: n.health })
                }
            };
            if entries.len() == MAX_ENTRIES {
                return Err(A::Error::custom("too many entries"));
            }
            entries.push((Rc::from(&*key), value));
        }
        // A key given twice is refused (by the checking path, which names it): one pass over
        // the keys once they are all read, cheaper than an index kept up while reading.
        let mut seen: FxHashSet<&str> =
            FxHashSet::with_capacity_and_hasher(entries.len(), Default::default());
        if !entries.iter().all(|(k, _)| seen.insert(k)) {
            return Err(A::Error::custom("a key is given twice"));
        }
        Ok(entries)
    }
}

fn count<E: serde::de::Error>(n: u64) -> Result<u32, E> {
    if n <= MAX_COUNT {
        Ok(n as u32)
    } else {
        Err(E::custom("count out of range"))
    }
}

/// `node` must be present (null or a string): no `Option` default for a missing field.
fn present_node<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Cow<'de, str>>, D::Error> {
    Ok(Option::<Borrowed<'de>>::deserialize(d)?.map(|b| b.0))
}

/// A string borrowed from the input when it has no escapes (serde's own `Cow` always copies).
#[derive(Deserialize)]
struct Borrowed<'a>(#[serde(borrow)] Cow<'a, str>);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawService {
    desired: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCopy<'a> {
    #[serde(borrow)]
    service: Cow<'a, str>,
    #[serde(borrow, deserialize_with = "present_node")]
    node: Option<Cow<'a, str>>,
    status: Status,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNode {
    capacity: u64,
    health: Health,
}
