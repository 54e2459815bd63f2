//! Fast look-ups by name for the model's string-keyed maps. The hasher is `rustc-hash`'s FxHash
//! (a maintained crate; SipHash, the standard one, was a visible share of a scaled run). Keys
//! come from scenarios, so a document built to collide could slow a run down; the step and size
//! limits still bound the work.

use std::rc::Rc;

pub use rustc_hash::{FxHashMap, FxHashSet};

/// Looks names up by string, remembering the answer per shared string: copies share their
/// service's and node's name (`Rc<str>`), so thousands of look-ups become a few string hashes and
/// pointer compares.
pub struct ByName<'a> {
    names: &'a FxHashMap<&'a str, usize>,
    seen: FxHashMap<usize, Option<usize>>,
    /// The last string asked for and its answer: copies in store order mostly name the same
    /// service one after another, and a compare costs less than a look-up.
    last: Option<(usize, Option<usize>)>,
}

impl<'a> ByName<'a> {
    /// Wraps a name -> index map.
    pub fn new(names: &'a FxHashMap<&'a str, usize>) -> ByName<'a> {
        ByName { names, seen: FxHashMap::default(), last: None }
    }

    /// The index of `name`, if the map has it.
    pub fn get(&mut self, name: &Rc<str>) -> Option<usize> {
        // While the store is borrowed for a turn's decisions no string is freed, so an address
        // stands for one string.
        let address = name.as_ptr() as usize;
        if let Some((last, found)) = self.last {
            if last == address {
                return found;
            }
        }
        let names = self.names;
        let found = *self.seen.entry(address).or_insert_with(|| names.get(&**name).copied());
        self.last = Some((address, found));
        found
    }
}

/// Keys sorted, each once. A sorted list rather than a set: the lab shows a handful of keys, and
/// one sort costs the page far less code than a set of its own. The model and the playback sort
/// keys only through here, so the page carries one copy of the sort.
pub fn sorted(mut keys: Vec<Rc<str>>) -> Vec<Rc<str>> {
    keys.sort_unstable();
    keys.dedup();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn similar_keys_do_not_collide() {
        let b = rustc_hash::FxBuildHasher;
        let mut seen = FxHashSet::default();
        for s in 1..=200 {
            for i in 1..=400 {
                assert!(seen.insert(b.hash_one(format!("copy/s{s}-{i}"))), "copy/s{s}-{i} collides");
            }
        }
    }

    #[test]
    fn a_shared_name_is_found_once_and_an_unknown_one_is_not_found() {
        let map: FxHashMap<&str, usize> = [("collector", 0), ("verifier", 1)].into_iter().collect();
        let mut by = ByName::new(&map);
        let (c, x): (Rc<str>, Rc<str>) = ("collector".into(), "ghost".into());
        assert_eq!((by.get(&c), by.get(&c.clone()), by.get(&x)), (Some(0), Some(0), None));
    }
}
