//! The state store: an insertion-ordered key-value ledger whose revision counts every write: what
//! the control plane believes. Every read and write is a step its [`Recorder`] keeps; what
//! actually runs is the world's (see [`super::world`]), never the ledger's.

use super::names::FxHashMap;
use super::part::{Part, PartSet};
use super::recorder::Recorder;
use super::trace::{Limits, Op, Step, TraceLimit};
use super::value::{Prefix, Value};
use super::watch::Watches;
use std::collections::hash_map::Entry;
use std::rc::Rc;

/// One key and its value, held in place in the store (and in a watching component's cache).
#[derive(Clone, Debug)]
pub(super) struct Slot {
    /// The schema prefix of the key, so a read of `copy/` never looks at another key's text.
    tag: Option<Prefix>,
    pub(super) key: Rc<str>,
    pub(super) value: Value,
}

impl Slot {
    /// A slot holding `value` under `key`.
    pub(super) fn new(tag: Option<Prefix>, key: Rc<str>, value: Value) -> Slot {
        Slot { tag, key, value }
    }
}

/// Where an entry stands in the store, or in the watching component's cache, as a read saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    at: usize,
    /// The cache the read viewed (watch mode), or none: the store.
    cache: Option<usize>,
}

/// What a read found: a handle to view its entries with [`StateStore::view`] until the next
/// write. Components read first, decide, then write, exactly as the lesson's components act on
/// the arrays their reads returned.
#[derive(Clone, Debug)]
pub struct Snapshot {
    prefix: Rc<str>,
    tag: Option<Prefix>,
    /// The store was down: the read found nothing.
    empty: bool,
    /// Watch mode: the reader's own cache, viewed instead of the store.
    cache: Option<usize>,
    /// The revision the read saw; viewing after a later write would be a bug.
    revision: u64,
    /// How many items the read found.
    pub items: usize,
}

/// The state store: the ledger, with the recorder of its steps.
#[derive(Clone, Debug)]
pub struct StateStore {
    /// Entries in insertion order; removed ones leave `None` until compaction. Values sit in
    /// place, so a scan walks one contiguous array.
    slots: Vec<Option<Slot>>,
    index: FxHashMap<Rc<str>, usize>,
    live: usize,
    revision: u64,
    down: bool,
    recorder: Recorder,
    /// Watch mode's caches and events (see [`super::watch`]); none in the lesson's list mode,
    /// which then pays one check per read and write.
    pub(super) watch: Option<Box<Watches>>,
}

impl StateStore {
    /// A store holding `initial` in order (a repeated key keeps its first place and takes its
    /// last value, as a JavaScript `Map` built from entries does), at revision 0.
    pub fn new(initial: impl IntoIterator<Item = (Rc<str>, Value)>) -> StateStore {
        let mut store = StateStore {
            slots: Vec::new(),
            index: FxHashMap::default(),
            live: 0,
            revision: 0,
            down: false,
            recorder: Recorder::new(),
            watch: None,
        };
        let initial = initial.into_iter();
        // Room for the store to double before the index must grow: rehashing a large index is
        // a visible share of a scaled run.
        let room = initial.size_hint().0.saturating_mul(2);
        store.slots.reserve(room);
        store.index.reserve(room);
        for (k, v) in initial {
            store.set(k, v);
        }
        // A round's trace is a few reads plus at most a write per item; three rounds' worth
        // up front spares a scaled run most of the copying as the trace grows.
        store.recorder.reserve(store.live.saturating_mul(3));
        store
    }

    /// Takes the store down (reads find nothing, writes land nowhere) or brings it back.
    /// Going down breaks every watch: each watching component lists again once it is back.
    pub fn set_down(&mut self, down: bool) {
        self.down = down;
        if down {
            self.break_watches(PartSet::CONTROL_PLANE.with(Part::NodeAgents));
        }
    }

    /// Whether the store is down.
    pub fn is_down(&self) -> bool {
        self.down
    }

    /// Whether write steps keep the value written (on by default; the lab plays values back,
    /// while the CLI prints only keys and counts and saves the copies).
    pub fn set_record_values(&mut self, on: bool) {
        self.recorder.set_record_values(on);
    }

    /// Sets how far the run may go (the steps never past [`MAX_TRACE_STEPS`]). Says at once when
    /// the store already holds more keys than `limits` allow.
    pub fn set_limits(&mut self, limits: Limits) -> Result<(), TraceLimit> {
        self.recorder.set_limits(limits);
        let keys = self.recorder.limits().keys;
        if self.live > keys {
            return Err(TraceLimit::Keys(keys));
        }
        Ok(())
    }

    /// Names the component whose reads and writes follow.
    pub fn component(&mut self, part: Part) {
        self.recorder.component(part);
    }

    /// Names the round whose steps follow.
    pub fn set_round(&mut self, round: u32) {
        self.recorder.set_round(round);
    }

    /// The recorder of the store's steps.
    pub fn recorder(&self) -> &Recorder {
        &self.recorder
    }

    /// Counts `key` beside the ledger's keys against the key limit (`true`: a copy runs with no
    /// record, as the plane, which owns the world, says) or no longer.
    pub fn draw_beside(&mut self, key: &Rc<str>, beside: bool) {
        self.recorder.draw_beside(key, beside && !self.index.contains_key(key));
    }

    /// Scans one prefix and records the count of items found as read load. A down store finds
    /// nothing and records nothing.
    pub fn read(&mut self, prefix: &str) -> Result<Snapshot, TraceLimit> {
        let tag = Prefix::ALL.into_iter().find(|p| p.as_str() == prefix);
        let mut snapshot = Snapshot {
            prefix: Rc::from(prefix),
            tag,
            empty: self.down,
            cache: None,
            revision: self.revision,
            items: 0,
        };
        if self.down {
            return Ok(snapshot);
        }
        // Watch mode: a standing watch answers from the cache, with no step and no item read.
        let active = self.recorder.active();
        let watching = match (self.watches(), tag) {
            (Some(w), Some(tag)) if w.watches(active) => Some(tag),
            _ => None,
        };
        if let (Some(w), Some(tag)) = (self.watches(), watching) {
            if let Some(at) = w.cache_of(active, tag) {
                snapshot.cache = Some(at);
                snapshot.items = w.cache(at).len();
                return Ok(snapshot);
            }
        }
        self.check_limit()?;
        snapshot.items = self.view(&snapshot).count();
        self.recorder.read(prefix, snapshot.items, self.live);
        if let Some(tag) = watching {
            // The list starts the watch: what it found is the cache from now on.
            let mut watch = self.watch.take();
            if let Some(w) = &mut watch {
                w.listed(active, tag, self.view(&snapshot));
            }
            self.watch = watch;
        }
        Ok(snapshot)
    }

    /// The entries a read found, in store order. Only valid until the next write.
    pub fn view<'a>(&'a self, snapshot: &'a Snapshot) -> impl Iterator<Item = (&'a Rc<str>, &'a Value)> + 'a {
        self.view_placed(snapshot).map(|(_, k, v)| (k, v))
    }

    /// Like [`StateStore::view`], with each entry's place, for [`StateStore::write_at`].
    pub fn view_placed<'a>(
        &'a self,
        snapshot: &'a Snapshot,
    ) -> impl Iterator<Item = (Place, &'a Rc<str>, &'a Value)> + 'a {
        debug_assert_eq!(snapshot.revision, self.revision, "a snapshot viewed after a write");
        let slots = match (snapshot.empty, snapshot.cache, self.watches()) {
            (true, _, _) => &self.slots[..0],
            (false, Some(at), Some(w)) => &w.cache(at).slots[..],
            _ => &self.slots[..],
        };
        let cache = snapshot.cache;
        slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i, s)))
            .filter(move |(_, s)| match snapshot.tag {
                Some(tag) => s.tag == Some(tag),
                None => s.key.starts_with(&*snapshot.prefix),
            })
            .map(move |(i, s)| (Place { at: i, cache }, &s.key, &s.value))
    }

    /// The entry a read of this turn found at `place`, if it is still there.
    pub fn entry_at(&self, place: Place) -> Option<(&Rc<str>, &Value)> {
        let slots = match (place.cache, self.watches()) {
            (Some(at), Some(w)) => &w.cache(at).slots,
            _ => &self.slots,
        };
        slots.get(place.at).and_then(Option::as_ref).map(|s| (&s.key, &s.value))
    }

    /// Writes a key that a read of this turn found at `place`: the same as [`StateStore::write`],
    /// without looking the key up again (a scaled run spends its time in those look-ups).
    pub fn write_at(&mut self, place: Place, key: &Rc<str>, value: Value) -> Result<(), TraceLimit> {
        let here = place.cache.is_none()
            && self.slots.get(place.at).and_then(Option::as_ref).is_some_and(|s| Rc::ptr_eq(&s.key, key));
        if !here || self.down {
            return self.write(key, value);
        }
        self.check_limit()?;
        let traced = self.recorder.kept(&value);
        let round = self.recorder.round();
        if let Some(w) = self.watches_mut() {
            w.deliver(round, key, Some(&value));
        }
        if let Some(slot) = &mut self.slots[place.at] {
            slot.value = value;
        }
        self.wrote(key, traced);
        Ok(())
    }

    /// Sets a key; a new key goes to the end, an existing one keeps its place.
    pub fn write(&mut self, key: &Rc<str>, value: Value) -> Result<(), TraceLimit> {
        if self.down {
            return Ok(());
        }
        self.check_limit()?;
        let traced = self.recorder.kept(&value);
        let round = self.recorder.round();
        if let Some(w) = self.watches_mut() {
            w.deliver(round, key, Some(&value));
        }
        self.set(key.clone(), value);
        self.wrote(key, traced);
        Ok(())
    }

    /// What every write does after setting the value: count it and trace it.
    fn wrote(&mut self, key: &Rc<str>, traced: Option<Rc<Value>>) {
        self.revision += 1;
        self.recorder.record(Op::Write, key.clone(), 1, traced);
    }

    /// Deletes a key (counted as a write even when the key was absent, as in the lesson).
    pub fn remove(&mut self, key: &Rc<str>) -> Result<(), TraceLimit> {
        if self.down {
            return Ok(());
        }
        self.check_limit()?;
        if let Some(slot) = self.index.remove(key) {
            self.slots[slot] = None;
            self.live -= 1;
            self.compact_if_sparse();
        }
        let round = self.recorder.round();
        if let Some(w) = self.watches_mut() {
            w.deliver(round, key, None);
        }
        self.revision += 1;
        self.recorder.record(Op::Remove, key.clone(), 1, None);
        Ok(())
    }

    /// The entries in store order.
    pub fn entries(&self) -> impl Iterator<Item = (&Rc<str>, &Value)> {
        self.slots.iter().flatten().map(|s| (&s.key, &s.value))
    }

    /// The value under a key.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.index.get(key).and_then(|&i| self.slots[i].as_ref()).map(|s| &s.value)
    }

    /// How many keys the store holds.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether the store holds no key.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Writes and removes so far.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Items scanned so far: every read walks the whole store once (the work a read costs,
    /// whatever it finds); a copied idle round walks nothing.
    pub fn scanned(&self) -> usize {
        self.recorder.scanned()
    }

    /// Every step so far.
    pub fn trace(&self) -> &[Step] {
        self.recorder.trace()
    }

    /// Sets a key's value in place or appends it; returns its slot.
    fn set(&mut self, key: Rc<str>, value: Value) -> usize {
        match self.index.entry(key) {
            Entry::Occupied(e) => {
                let i = *e.get();
                if let Some(slot) = &mut self.slots[i] {
                    slot.value = value;
                }
                i
            }
            Entry::Vacant(e) => {
                let key = e.key().clone();
                let i = self.slots.len();
                e.insert(i);
                // A copy that ran without a record now has one: a key of the ledger's own.
                self.recorder.recorded(&key);
                self.slots.push(Some(Slot { tag: Prefix::of_key(&key), key, value }));
                self.live += 1;
                i
            }
        }
    }

    /// Records again, in the current round, the `count` steps from `from` (see
    /// [`Recorder::repeat_steps`]).
    pub fn repeat_steps(&mut self, from: usize, count: usize) -> Result<(), TraceLimit> {
        self.recorder.repeat_steps(from, count, self.live)
    }

    /// Checked before any change (see [`Recorder::check`]).
    fn check_limit(&self) -> Result<(), TraceLimit> {
        self.recorder.check(self.live)
    }

    /// Whether the run is still within its limits: for what changes the world without a step
    /// (a node's report that never landed still starts or ends a copy).
    pub fn within_limits(&self) -> Result<(), TraceLimit> {
        self.check_limit()
    }

    /// Drops removed slots once they outnumber live ones, keeping reads linear in live keys.
    fn compact_if_sparse(&mut self) {
        let dead = self.slots.len() - self.live;
        if dead > 64 && dead > self.live {
            self.slots.retain(Option::is_some);
            for (i, s) in self.slots.iter().flatten().enumerate() {
                if let Some(slot) = self.index.get_mut(&s.key) {
                    *slot = i;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
