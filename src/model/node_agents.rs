//! The node agents, as one collective part: start every pending copy that has a node on its node
//! (in the world), and report it running (to the state store). They read only the store.

use super::part::Part;
use super::state_store::{Place, StateStore};
use super::trace::TraceLimit;
use super::value::{CopyRecord, Status, Value};
use super::world::World;

/// One turn of the node agents; returns how many copies they started.
pub fn node_agents(store: &mut StateStore, world: &mut World) -> Result<usize, TraceLimit> {
    store.component(Part::NodeAgents);
    let copies = store.read("copy/")?;
    let starts: Vec<Place> = store
        .view_placed(&copies)
        .filter(|(_, _, value)| {
            // An empty node name counts as no node, as an empty string is false in the lesson's JS.
            value.as_copy().is_some_and(|c| {
                c.node.as_deref().is_some_and(|n| !n.is_empty()) && c.status == Status::Pending
            })
        })
        .map(|(place, _, _)| place)
        .collect();
    let work = starts.len();
    for place in starts {
        // Nothing was written to this copy since the read: its entry is as the read found it.
        let Some((key, Value::Copy(copy))) = store.entry_at(place) else { continue };
        let (key, started) = (key.clone(), CopyRecord { status: Status::Running, ..copy.clone() });
        // The copy starts on its node, then the node agents report it: the start is placed with
        // the step of its report (the next), so the two show together.
        world.start(&key, store.trace().len() + 1);
        store.write_at(place, &key, Value::Copy(started))?;
    }
    Ok(work)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copy(node: Option<&str>, status: Status) -> Value {
        Value::Copy(CopyRecord { service: "a".into(), node: node.map(Into::into), status })
    }

    #[test]
    fn starts_placed_pending_copies_only() {
        let mut s = StateStore::new([
            ("copy/a-1".into(), copy(Some("node/m1"), Status::Pending)),
            ("copy/a-2".into(), copy(None, Status::Pending)),
            ("copy/a-3".into(), copy(Some(""), Status::Pending)),
            ("copy/a-4".into(), copy(Some("m9"), Status::Dead)),
        ]);
        let mut world = World::of(s.entries(), s.len());
        assert_eq!(node_agents(&mut s, &mut world).unwrap(), 1);
        assert_eq!(s.get("copy/a-1"), Some(&copy(Some("node/m1"), Status::Running)));
        assert!(world.runs("copy/a-1"));
        assert_eq!(world.log()[0].after_steps, 2, "placed with its report, the step after the read");
    }
}
