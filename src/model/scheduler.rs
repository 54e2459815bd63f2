//! The scheduler: places every node-less pending copy on the emptiest alive node that still has
//! room, the first such node in store order on a tie. It only reads and writes the state store.

use super::names::{ByName, FxHashMap};
use super::part::Part;
use super::state_store::{Place, StateStore};
use super::trace::TraceLimit;
use super::value::{CopyRecord, Health, Status, Value};
use std::cmp::Reverse;
use std::collections::binary_heap::{BinaryHeap, PeekMut};
use std::rc::Rc;

/// One turn of the scheduler; returns how many copies it placed.
pub fn scheduler(store: &mut StateStore) -> Result<usize, TraceLimit> {
    store.component(Part::Scheduler);
    let nodes = store.read("node/")?;
    let copies = store.read("copy/")?;

    // Where each copy goes, as (copy's place, node's index among the alive ones).
    let mut placements: Vec<(Place, usize)> = Vec::new();
    let node_keys: Vec<Rc<str>>;
    {
        // Alive nodes in store order, with their capacity.
        let alive: Vec<(&Rc<str>, u32)> = store
            .view(&nodes)
            .filter_map(|(k, v)| match v {
                Value::Node(n) if n.health == Health::Alive => Some((k, n.capacity)),
                _ => None,
            })
            .collect();
        node_keys = alive.iter().map(|(k, _)| (*k).clone()).collect();
        let position: FxHashMap<&str, usize> =
            alive.iter().enumerate().map(|(i, (k, _))| (&***k, i)).collect();

        // A node's load is the copies (of any status) whose node field equals the node's key.
        let mut load = vec![0u64; alive.len()];
        let mut by_node = ByName::new(&position);
        for (_, v) in store.view(&copies) {
            if let Some(i) = v.as_copy().and_then(|c| c.node.as_ref()).and_then(|n| by_node.get(n)) {
                load[i] += 1;
            }
        }

        // Nodes with room, least (load, store position) on top: the one to pick. The pairs are
        // unique (one per node), so the heap yields them in exactly the order a sorted set does;
        // placing a copy raises the top's load in place, one sift where a set (a B-tree) took a
        // removal and an insertion, a tenth of a scaled run's instructions.
        let mut room: BinaryHeap<Reverse<(u64, usize)>> = (0..alive.len())
            .filter(|&i| load[i] < u64::from(alive[i].1))
            .map(|i| Reverse((load[i], i)))
            .collect();

        for (place, _, value) in store.view_placed(&copies) {
            let Some(copy) = value.as_copy() else { continue };
            if copy.node.is_some() || copy.status != Status::Pending {
                continue;
            }
            let Some(mut top) = room.peek_mut() else { break }; // no room anywhere: left unplaced
            let Reverse((l, i)) = *top;
            placements.push((place, i));
            if l + 1 < u64::from(alive[i].1) {
                *top = Reverse((l + 1, i));
            } else {
                PeekMut::pop(top);
            }
        }
    }

    let work = placements.len();
    for (place, node) in placements {
        // Nothing was written to this copy since the read: its entry is as the read found it.
        let Some((key, Value::Copy(copy))) = store.entry_at(place) else { continue };
        let (key, placed) = (key.clone(), CopyRecord { node: Some(node_keys[node].clone()), ..copy.clone() });
        store.write_at(place, &key, Value::Copy(placed))?;
    }
    Ok(work)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::value::Node;

    fn node(capacity: u32, health: Health) -> Value {
        Value::Node(Node { capacity, health })
    }

    fn pending(node: Option<&str>) -> Value {
        Value::Copy(CopyRecord { service: "a".into(), node: node.map(Into::into), status: Status::Pending })
    }

    fn placements(s: &StateStore) -> Vec<String> {
        s.trace()
            .iter()
            .filter_map(|t| match t.value.as_deref() {
                Some(Value::Copy(c)) => Some(format!("{} {}", t.key, c.node.as_deref().unwrap_or("-"))),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn picks_the_emptiest_alive_node_first_on_ties_and_skips_full_ones() {
        let mut s = StateStore::new([
            ("node/m1".into(), node(1, Health::Alive)),
            ("node/m2".into(), node(3, Health::Dead)),
            ("node/m3".into(), node(2, Health::Alive)),
            ("node/m4".into(), node(0, Health::Alive)),
            ("copy/a-1".into(), pending(None)),
            ("copy/a-2".into(), pending(None)),
            ("copy/a-3".into(), pending(None)),
            ("copy/a-4".into(), pending(None)),
        ]);
        assert_eq!(scheduler(&mut s).unwrap(), 3);
        assert_eq!(placements(&s), ["copy/a-1 node/m1", "copy/a-2 node/m3", "copy/a-3 node/m3"]);
    }

    #[test]
    fn load_counts_only_copies_that_name_the_node_key() {
        // `m1` (a bare name, as in the lesson's starting state) is not `node/m1`.
        let mut s = StateStore::new([
            ("node/m1".into(), node(4, Health::Alive)),
            ("node/m2".into(), node(4, Health::Alive)),
            ("copy/a-1".into(), pending(Some("m1"))),
            ("copy/a-2".into(), pending(Some("node/m1"))),
            ("copy/a-3".into(), pending(None)),
        ]);
        scheduler(&mut s).unwrap();
        assert_eq!(placements(&s), ["copy/a-3 node/m2"]);
    }
}
