//! A small, fast, deterministic hasher for the model's string-keyed maps: SipHash was a visible
//! share of a scaled run. Keys come from scenarios, so a document built to collide could slow a
//! run down; it is a teaching lab's input, and the step and size limits still bound the work.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher state.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    /// One word in: a folded 64x64->128 multiply, as foldhash and ahash do, so that no bit of the
    /// word or the state can cancel out against another word (a plain multiply-rotate let
    /// `copy/s15-1`-style keys collide).
    fn add(&mut self, word: u64) {
        let m = u128::from(self.0 ^ word) * u128::from(SEED);
        self.0 = (m as u64) ^ ((m >> 64) as u64);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.add(u64::from_le_bytes(word));
        }
        // The last 0 to 7 bytes go in as one word with their count on top, so that "a-58" and
        // "0-4" style tails cannot cancel out byte by byte.
        let rest = chunks.remainder();
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(word) | ((rest.len() as u64) << 56));
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        // A final avalanche (MurmurHash3's fmix64), so every bit of the state reaches the top bits
        // hash tables pick buckets and tags from.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// Looks names up by string, remembering the answer per shared string: copies share their
/// service's and node's name (`Rc<str>`), so thousands of look-ups become a few string hashes and
/// pointer compares.
pub struct ByName<'a> {
    names: &'a FxHashMap<&'a str, usize>,
    seen: FxHashMap<usize, Option<usize>>,
}

impl<'a> ByName<'a> {
    /// Wraps a name -> index map.
    pub fn new(names: &'a FxHashMap<&'a str, usize>) -> ByName<'a> {
        ByName { names, seen: FxHashMap::default() }
    }

    /// The index of `name`, if the map has it.
    pub fn get(&mut self, name: &std::rc::Rc<str>) -> Option<usize> {
        // While the store is borrowed for a turn's decisions no string is freed, so an address
        // stands for one string.
        let address = name.as_ptr() as usize;
        let names = self.names;
        *self.seen.entry(address).or_insert_with(|| names.get(&**name).copied())
    }
}

/// Builds [`FxHasher`]s.
#[cfg(test)]
pub type FxBuildHasher = BuildHasherDefault<FxHasher>;
/// A `HashMap` with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with [`FxHasher`].
pub type FxHashSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn similar_keys_do_not_collide() {
        let b = FxBuildHasher::default();
        let mut seen = FxHashSet::default();
        for s in 1..=200 {
            for i in 1..=400 {
                assert!(seen.insert(b.hash_one(format!("copy/s{s}-{i}"))), "copy/s{s}-{i} collides");
            }
        }
    }
}
