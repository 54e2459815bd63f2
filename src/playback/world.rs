//! The world the store describes, as it actually is at a step: the worker nodes the store knows,
//! the copies actually running on each, the ghosts (copies the store counts as running that are
//! dead), the copies placed but not started, those known dead, and those waiting for a node.

use crate::model::{Health, Prefix, Status, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// What a copy on a node is, as the world and the store see it together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyState {
    /// It runs, and the store says so.
    Running,
    /// The store counts it as running, but it is dead: a death the store never learned of.
    Ghost,
    /// Placed on the node, not started yet.
    Starting,
    /// Dead, and the store knows it (nobody has cleaned it up yet).
    Dead,
    /// It runs, and the store does not say so.
    Unseen,
}

/// One worker node and the copies on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    /// The node's name, without its `node/` prefix (`m1`).
    pub name: Rc<str>,
    /// Whether the store holds it as alive.
    pub alive: bool,
    /// The copies on it, in store order: key and state.
    pub copies: Vec<(Rc<str>, CopyState)>,
}

/// The world at a step: its nodes, and the copies that wait for one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorldView {
    /// The nodes the store knows, in store order (and any node a copy names that it does not).
    pub nodes: Vec<NodeView>,
    /// Copies with no node yet, in store order.
    pub waiting: Vec<Rc<str>>,
    /// The first node that copies name both ways, bare (`m1`) and by its key (`node/m1`).
    pub named_both: Option<NamedBoth>,
}

/// A node that copies name both ways. The scheduler counts a node's load by its key, so the
/// copies that name it bare are not counted (the lesson's rule), and it places copies there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedBoth {
    /// The node's bare name (`m1`).
    pub bare: Rc<str>,
    /// How many copies name it bare.
    pub bare_copies: usize,
    /// The copies that name its key, in store order.
    pub keyed: Vec<Rc<str>>,
}

impl WorldView {
    /// The world of a store's `entries` with `actual` (sorted) actually running.
    pub fn of(entries: &[(Rc<str>, Value)], actual: &[Rc<str>]) -> WorldView {
        let mut world = WorldView::default();
        // Nodes by name, so placing a thousand copies on a thousand nodes is not a million
        // comparisons at every step.
        let mut places: FxHashMap<Rc<str>, usize> = FxHashMap::default();
        for (key, value) in entries {
            if let (Some(name), Value::Node(n)) = (key.strip_prefix("node/"), value) {
                places.entry(name.into()).or_insert(world.nodes.len());
                world.nodes.push(NodeView {
                    name: name.into(),
                    alive: n.health == Health::Alive,
                    copies: Vec::new(),
                });
            }
        }
        // Per node, by its place: how many copies name it bare, and the copies that name its key
        // (a list beside the nodes, not a map of its own: a second map type costs the page).
        let mut naming: Vec<(usize, Vec<Rc<str>>)> = Vec::new();
        for (key, value) in entries {
            let Some(copy) = value.as_copy() else { continue };
            let runs = actual.binary_search(key).is_ok();
            let state = match (copy.status, runs) {
                (Status::Running, true) => CopyState::Running,
                (Status::Running, false) => CopyState::Ghost,
                (_, true) => CopyState::Unseen,
                (Status::Pending, false) => CopyState::Starting,
                (Status::Dead, false) => CopyState::Dead,
            };
            // The model's one rule for a copy's node: `m1` and `node/m1` are one machine.
            let Some(name) = copy.node_name() else {
                world.waiting.push(key.clone());
                continue;
            };
            let next = world.nodes.len();
            let at = *places.entry(name.into()).or_insert(next);
            if at == next {
                world.nodes.push(NodeView { name: name.into(), alive: false, copies: Vec::new() });
            }
            world.nodes[at].copies.push((key.clone(), state));
            naming.resize_with(world.nodes.len(), Default::default);
            let named = &mut naming[at];
            if copy.node.as_deref().is_some_and(|n| n.starts_with(Prefix::Node.as_str())) {
                named.1.push(key.clone());
            } else {
                named.0 += 1;
            }
        }
        world.named_both = world.nodes.iter().zip(&naming).find_map(|(n, (bare, keyed))| {
            (*bare > 0 && !keyed.is_empty()).then(|| NamedBoth {
                bare: n.name.clone(),
                bare_copies: *bare,
                keyed: keyed.clone(),
            })
        });
        world
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Part, PartSet, Run};
    use crate::playback::Recording;

    fn on(world: &WorldView, node: &str) -> Vec<(String, CopyState)> {
        let n = world.nodes.iter().find(|n| &*n.name == node).expect("node");
        n.copies.iter().map(|(k, s)| (k.to_string(), *s)).collect()
    }

    #[test]
    fn the_lessons_copies_sit_on_one_node_each_whether_named_m1_or_node_m1() {
        let r = Recording::of_run(Run::Lesson, PartSet::NONE, &[], None).unwrap();
        let start = r.frame(0).world;
        assert_eq!(start.nodes.len(), 3);
        assert_eq!(on(&start, "m1").len(), 2, "collector-1 and verifier-1");
        let end = r.frame(r.len()).world;
        assert_eq!(end.nodes.iter().map(|n| n.copies.len()).sum::<usize>(), 7, "every copy once");
        assert!(on(&end, "m1").contains(&("copy/collector-4".into(), CopyState::Running)));
        assert!(on(&end, "m2").contains(&("copy/collector-5".into(), CopyState::Running)));
        // Born without a node, then placed, then started.
        let born = r.frame(4).world;
        assert_eq!(born.waiting.iter().map(|k| &**k).collect::<Vec<_>>(), ["copy/collector-4"]);
        assert!(on(&r.frame(8).world, "m1").contains(&("copy/collector-4".into(), CopyState::Starting)));
    }

    /// Before the scheduler writes, every copy names its node bare; from its first placement
    /// (step 8: collector-4 onto node/m1, beside the bare-named collector-1) m1 is named both ways.
    #[test]
    fn a_node_named_bare_and_by_key_is_found_where_the_scheduler_places_a_copy() {
        let r = Recording::of_run(Run::Lesson, PartSet::NONE, &[], None).unwrap();
        assert_eq!(r.frame(7).world.named_both, None);
        let both = |n: usize| {
            let b = r.frame(n).world.named_both.expect("named both ways");
            (b.bare.to_string(), b.bare_copies, b.keyed.iter().map(|k| k.to_string()).collect::<Vec<_>>())
        };
        assert_eq!(both(8), ("m1".into(), 2, vec!["copy/collector-4".into()]));
        assert_eq!(both(r.len()), ("m1".into(), 2, vec!["copy/collector-4".into()]));
    }

    #[test]
    fn a_death_the_store_never_learned_of_is_a_ghost_on_its_node() {
        let r = Recording::of_run(Run::Events, PartSet::of(Part::ApiServer), &[], None).unwrap();
        let world = r.frame(r.len()).world;
        assert!(on(&world, "m2").contains(&("copy/collector-2".into(), CopyState::Ghost)));
        assert!(!world.nodes.iter().any(|n| &*n.name == "m4"), "m4's registration never landed");
        let known = Recording::of_run(Run::Events, PartSet::of(Part::ControllerManager), &[], None).unwrap();
        let world = known.frame(known.len()).world;
        assert!(
            on(&world, "m2").contains(&("copy/collector-2".into(), CopyState::Dead)),
            "known dead, not cleaned"
        );
        assert!(world.nodes.iter().any(|n| &*n.name == "m4"), "m4 appears once registered");
    }
}
