//! The world: what actually runs on the nodes, as opposed to what the state store believes. The
//! plane owns it beside the store. A copy starts here when the node agents start it (then they
//! report it to the store), stops when its record leaves the ledger (the node side stops what the
//! ledger no longer has), and dies here whether or not its death report reaches the store through
//! the API server. Nothing here reads the ledger, and the ledger holds nothing of this.

use super::names::FxHashSet;
use super::value::Value;
use std::rc::Rc;

/// A change to what actually runs, as opposed to what the store believes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActualChange {
    /// How many trace steps had been recorded when it happened (a start is placed with the step
    /// that reports it).
    pub after_steps: usize,
    /// The copy's key.
    pub key: Rc<str>,
    /// Whether the copy runs from now on.
    pub running: bool,
}

/// The copies actually running, with every change to them in order.
#[derive(Clone, Debug, Default)]
pub struct World {
    running: FxHashSet<Rc<str>>,
    log: Vec<ActualChange>,
}

impl World {
    /// The world of a starting state: the copies it holds as running are taken to run. `room`:
    /// how many copies may come to run before the set must grow (rehashing a large set is a
    /// visible share of a scaled run; the store's entries give no count to size it from).
    pub fn of<'a>(entries: impl IntoIterator<Item = (&'a Rc<str>, &'a Value)>, room: usize) -> World {
        let mut running = FxHashSet::with_capacity_and_hasher(room, Default::default());
        for (key, value) in entries {
            if value.as_copy().is_some_and(|c| c.believed_running()) {
                running.insert(key.clone());
            }
        }
        World { running, log: Vec::new() }
    }

    /// The copy under `key` starts running (nothing changes if it runs already), placed after
    /// `after_steps` steps. Returns whether it changed.
    pub fn start(&mut self, key: &Rc<str>, after_steps: usize) -> bool {
        let changed = self.running.insert(key.clone());
        if changed {
            self.log.push(ActualChange { after_steps, key: key.clone(), running: true });
        }
        changed
    }

    /// The copy under `key` stops (dies, or is stopped), placed after `after_steps` steps.
    /// Returns whether it ran.
    pub fn stop(&mut self, key: &Rc<str>, after_steps: usize) -> bool {
        let changed = self.running.remove(key);
        if changed {
            self.log.push(ActualChange { after_steps, key: key.clone(), running: false });
        }
        changed
    }

    /// Whether the copy under `key` actually runs.
    pub fn runs(&self, key: &str) -> bool {
        self.running.contains(key)
    }

    /// The key as the world holds it, if that copy runs.
    pub fn get(&self, key: &str) -> Option<&Rc<str>> {
        self.running.get(key)
    }

    /// The copies running now, in no order.
    pub fn running(&self) -> impl Iterator<Item = &Rc<str>> {
        self.running.iter()
    }

    /// How many copies run now.
    pub fn len(&self) -> usize {
        self.running.len()
    }

    /// Whether no copy runs.
    pub fn is_empty(&self) -> bool {
        self.running.is_empty()
    }

    /// What ran at the start, in no order: what runs now with the log undone, latest first
    /// (each entry is a change, so undoing it is exact). Kept by no copy during the run.
    pub fn started_with(&self) -> Vec<Rc<str>> {
        let mut running = self.running.clone();
        for change in self.log.iter().rev() {
            if change.running {
                running.remove(&change.key);
            } else {
                running.insert(change.key.clone());
            }
        }
        running.into_iter().collect()
    }

    /// Every change to what actually runs, in order.
    pub fn log(&self) -> &[ActualChange] {
        &self.log
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::value::{CopyRecord, Status};

    #[test]
    fn a_start_and_a_stop_are_logged_once_each_where_they_happen() {
        let running =
            Value::Copy(CopyRecord { service: "a".into(), node: Some("m1".into()), status: Status::Running });
        let pending =
            Value::Copy(CopyRecord { status: Status::Pending, ..running.as_copy().unwrap().clone() });
        let (a, b): (Rc<str>, Rc<str>) = ("copy/a-1".into(), "copy/a-2".into());
        let mut world = World::of([(&a, &running), (&b, &pending)], 2);
        assert_eq!((world.started_with(), world.len()), (vec![a.clone()], 1));
        assert!(!world.start(&a, 3), "already running");
        assert!(world.start(&b, 4) && world.stop(&a, 7) && !world.stop(&a, 8));
        let log: Vec<(usize, &str, bool)> =
            world.log().iter().map(|c| (c.after_steps, &*c.key, c.running)).collect();
        assert_eq!(log, [(4, "copy/a-2", true), (7, "copy/a-1", false)]);
        assert!(world.runs("copy/a-2") && !world.runs("copy/a-1"));
        assert_eq!(world.started_with(), [a], "the start, with the log undone");
    }
}
