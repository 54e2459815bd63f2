//! The state store: an insertion-ordered key-value ledger whose revision counts every write, and
//! which records every read and write as a step of the trace. Longer than 400 lines: one
//! component of the lesson, its scans, writes and what-actually-runs bookkeeping, with its tests.

use super::names::{sorted, FxHashMap, FxHashSet};
use super::part::{Part, PartSet};
use super::trace::{ActualChange, Limits, Op, Step, TraceLimit, MAX_TRACE_STEPS};
use super::value::{Prefix, Status, Value};
use super::watch::{Delivered, Watches, WATCH_MODE};
use std::collections::hash_map::Entry;
use std::rc::Rc;

/// One key and its value, held in place in the store (and in a watching component's cache).
#[derive(Clone, Debug)]
pub(super) struct Slot {
    /// The schema prefix of the key, so a read of `copy/` never looks at another key's text.
    tag: Option<Prefix>,
    pub(super) key: Rc<str>,
    pub(super) value: Value,
    /// Whether the copy under this key actually runs (what the nodes do, not what the store says).
    runs: bool,
}

impl Slot {
    /// A slot for a cache: whether a copy runs is the store's to know, not a cache's.
    pub(super) fn new(tag: Option<Prefix>, key: Rc<str>, value: Value) -> Slot {
        Slot { tag, key, value, runs: false }
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

/// The state store with its trace.
#[derive(Clone, Debug)]
pub struct StateStore {
    /// Entries in insertion order; removed ones leave `None` until compaction. Values sit in
    /// place, so a scan walks one contiguous array.
    slots: Vec<Option<Slot>>,
    index: FxHashMap<Rc<str>, usize>,
    live: usize,
    revision: u64,
    trace: Vec<Step>,
    active: Part,
    round: u32,
    down: bool,
    limits: Limits,
    /// Items read so far (checked against `limits`).
    item_reads: usize,
    /// Items actually scanned so far: the work reads cost. Less than `item_reads` where idle
    /// rounds were copied rather than run again (see [`StateStore::repeat_steps`]).
    scanned: usize,
    /// Copies that actually run but have no record in the store (a running report that never
    /// landed); the rest is the `runs` flag of each slot.
    orphans: FxHashSet<Rc<str>>,
    actual_log: Vec<ActualChange>,
    record_values: bool,
    /// Watch mode's caches and events; none in the lesson's list mode, which then pays one
    /// check per read and write.
    watch: Option<Box<Watches>>,
}

impl StateStore {
    /// A store holding `initial` in order (a repeated key keeps its first place and takes its
    /// last value, as a JavaScript `Map` built from entries does), at revision 0. Copies marked
    /// running there are taken to be actually running.
    pub fn new(initial: impl IntoIterator<Item = (Rc<str>, Value)>) -> StateStore {
        let mut store = StateStore {
            slots: Vec::new(),
            index: FxHashMap::default(),
            live: 0,
            revision: 0,
            trace: Vec::new(),
            active: Part::ApiServer,
            round: 0,
            down: false,
            limits: Limits::MODEL,
            item_reads: 0,
            scanned: 0,
            orphans: FxHashSet::default(),
            actual_log: Vec::new(),
            record_values: true,
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
        store.trace.reserve(store.live.saturating_mul(3).min(MAX_TRACE_STEPS));
        for slot in store.slots.iter_mut().flatten() {
            slot.runs = slot.value.as_copy().is_some_and(|c| c.status == Status::Running);
        }
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

    /// Lets `parts` watch (see [`super::watch`]) rather than list every round.
    pub fn set_watching(&mut self, parts: PartSet) {
        self.watch = (WATCH_MODE && !parts.is_empty()).then(|| Box::new(Watches::new(parts)));
    }

    /// Breaks the watches of `parts` (a part that went down, expired history): each lists again
    /// on its next turn.
    pub fn break_watches(&mut self, parts: PartSet) {
        if let Some(w) = self.watches_mut() {
            w.break_watches(parts);
        }
    }

    /// Events delivered so far, by round and component, in order (empty in list mode).
    pub fn delivered(&self) -> &[Delivered] {
        self.watches().map_or(&[], |w| w.delivered())
    }

    /// Whether any component watches (the run is not the lesson's list mode).
    pub fn is_watching(&self) -> bool {
        self.watches().is_some()
    }

    /// Lists made by watching components so far.
    pub fn watch_lists(&self) -> u64 {
        self.watches().map_or(0, |w| w.lists())
    }

    /// The watches, if any component watches: never in a build without watch mode (the plain
    /// lab: see [`WATCH_MODE`]), so that build leaves every watch path out.
    fn watches(&self) -> Option<&Watches> {
        self.watch.as_deref().filter(|_| WATCH_MODE)
    }

    fn watches_mut(&mut self) -> Option<&mut Watches> {
        self.watch.as_deref_mut().filter(|_| WATCH_MODE)
    }

    /// Whether the store is down.
    pub fn is_down(&self) -> bool {
        self.down
    }

    /// Whether write steps keep the value written (on by default; the lab plays values back,
    /// while the CLI prints only keys and counts and saves the copies).
    pub fn set_record_values(&mut self, on: bool) {
        self.record_values = on;
    }

    /// Sets how far the run may go (the steps never past [`MAX_TRACE_STEPS`]). Says at once when
    /// the store already holds more keys than `limits` allow.
    pub fn set_limits(&mut self, limits: Limits) -> Result<(), TraceLimit> {
        self.limits = Limits { steps: limits.steps.min(MAX_TRACE_STEPS), ..limits };
        if self.live > self.limits.keys {
            return Err(TraceLimit::Keys(self.limits.keys));
        }
        Ok(())
    }

    /// Names the component whose reads and writes follow.
    pub fn component(&mut self, part: Part) {
        self.active = part;
    }

    /// Names the round whose steps follow.
    pub fn set_round(&mut self, round: u32) {
        self.round = round;
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
        let watching = match (self.watches(), tag) {
            (Some(w), Some(tag)) if w.watches(self.active) => Some(tag),
            _ => None,
        };
        if let (Some(w), Some(tag)) = (self.watches(), watching) {
            if let Some(at) = w.cache_of(self.active, tag) {
                snapshot.cache = Some(at);
                snapshot.items = w.cache(at).len();
                return Ok(snapshot);
            }
        }
        self.check_limit()?;
        snapshot.items = self.view(&snapshot).count();
        self.item_reads = self.item_reads.saturating_add(snapshot.items);
        self.scanned = self.scanned.saturating_add(self.live);
        self.record(Op::Read, Rc::from(format!("{prefix}*")), snapshot.items, None);
        if let Some(tag) = watching {
            // The list starts the watch: what it found is the cache from now on.
            let mut watch = self.watch.take();
            if let Some(w) = &mut watch {
                w.listed(self.active, tag, self.view(&snapshot));
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
        let traced = self.record_values.then(|| Rc::new(value.clone()));
        let status = value.as_copy().map(|c| c.status);
        let round = self.round;
        if let Some(w) = self.watches_mut() {
            w.deliver(round, key, Some(&value));
        }
        if let Some(slot) = &mut self.slots[place.at] {
            slot.value = value;
        }
        self.wrote(key, traced, status, Some(place.at));
        Ok(())
    }

    /// Sets a key; a new key goes to the end, an existing one keeps its place.
    pub fn write(&mut self, key: &Rc<str>, value: Value) -> Result<(), TraceLimit> {
        if self.down {
            return Ok(());
        }
        self.check_limit()?;
        let traced = self.record_values.then(|| Rc::new(value.clone()));
        let status = value.as_copy().map(|c| c.status);
        let round = self.round;
        if let Some(w) = self.watches_mut() {
            w.deliver(round, key, Some(&value));
        }
        let slot = self.set(key.clone(), value);
        self.wrote(key, traced, status, Some(slot));
        Ok(())
    }

    /// What every write does after setting the value: count it, trace it, and let a copy's new
    /// status change what actually runs.
    fn wrote(
        &mut self,
        key: &Rc<str>,
        traced: Option<Rc<Value>>,
        status: Option<Status>,
        slot: Option<usize>,
    ) {
        self.revision += 1;
        self.record(Op::Write, key.clone(), 1, traced);
        match status {
            Some(Status::Running) => self.mark(key, slot, true),
            Some(Status::Dead) => self.mark(key, slot, false),
            _ => {}
        }
    }

    /// Deletes a key (counted as a write even when the key was absent, as in the lesson). A copy
    /// whose record is removed stops running: the node side stops what the ledger no longer has.
    pub fn remove(&mut self, key: &Rc<str>) -> Result<(), TraceLimit> {
        if self.down {
            return Ok(());
        }
        self.check_limit()?;
        let mut ran = false;
        if let Some(slot) = self.index.remove(key) {
            ran = self.slots[slot].take().is_some_and(|s| s.runs);
            self.live -= 1;
            self.compact_if_sparse();
        }
        let round = self.round;
        if let Some(w) = self.watches_mut() {
            w.deliver(round, key, None);
        }
        self.revision += 1;
        self.record(Op::Remove, key.clone(), 1, None);
        if ran {
            self.log_actual(key, false);
        }
        self.mark(key, None, false);
        Ok(())
    }

    /// Records a fact on the nodes that did not come through the store (a death that happened
    /// whether or not its report landed).
    pub fn set_actual(&mut self, key: &Rc<str>, running: bool) {
        let slot = self.index.get(key).copied();
        self.mark(key, slot, running);
    }

    /// Sets whether `key` actually runs; `slot` is where it stands in the store, if it does.
    fn mark(&mut self, key: &Rc<str>, slot: Option<usize>, running: bool) {
        let changed = match slot.and_then(|i| self.slots.get_mut(i)).and_then(Option::as_mut) {
            Some(s) => std::mem::replace(&mut s.runs, running) != running,
            None if running => self.orphans.insert(key.clone()),
            None => self.orphans.remove(key),
        };
        if changed {
            self.log_actual(key, running);
        }
    }

    fn log_actual(&mut self, key: &Rc<str>, running: bool) {
        self.actual_log.push(ActualChange { after_steps: self.trace.len(), key: key.clone(), running });
    }

    /// The entries in store order, each with whether it actually runs (see
    /// [`StateStore::actually_runs`]), without looking each key up again.
    pub fn entries_running(&self) -> impl Iterator<Item = (&Rc<str>, &Value, bool)> {
        self.slots.iter().flatten().map(|s| (&s.key, &s.value, s.runs))
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
        self.scanned
    }

    /// Every step so far.
    pub fn trace(&self) -> &[Step] {
        &self.trace
    }

    /// The copies actually running: those in the store in store order, then any the store no
    /// longer holds (a running copy whose record was lost), sorted.
    pub fn actual(&self) -> Vec<&str> {
        let mut keys: Vec<&str> = self.slots.iter().flatten().filter(|s| s.runs).map(|s| &*s.key).collect();
        // Sorted with the one sort the page carries (of shared strings), then read back from the set.
        let gone = sorted(self.orphans.iter().cloned().collect());
        keys.extend(gone.iter().filter_map(|k| self.orphans.get(k)).map(|k| &**k));
        keys
    }

    /// Whether a copy actually runs.
    pub fn actually_runs(&self, key: &str) -> bool {
        match self.index.get(key) {
            Some(&i) => self.slots[i].as_ref().is_some_and(|s| s.runs),
            None => self.orphans.contains(key),
        }
    }

    /// Every change to what actually runs, in order.
    pub fn actual_log(&self) -> &[ActualChange] {
        &self.actual_log
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
                // A copy that ran without a record now has one: its flag moves into the slot.
                let runs = !self.orphans.is_empty() && self.orphans.remove(&key);
                self.slots.push(Some(Slot { tag: Prefix::of_key(&key), key, value, runs }));
                self.live += 1;
                i
            }
        }
    }

    /// Checked before any change, so a stopped run never holds a half-recorded step.
    /// The step that takes the item reads or the keys past their limit still lands (a read's
    /// count is known only once it has scanned); the step after it is refused.
    /// Records again, in the current round, the `count` steps from `from`: the reads of a round
    /// that changed nothing, which the next round would make alike (see `Plane::run_timeline`).
    /// Each counts against the limits as a read made anew would.
    pub fn repeat_steps(&mut self, from: usize, count: usize) -> Result<(), TraceLimit> {
        for i in from..from + count {
            self.check_limit()?;
            let Some(step) = self.trace.get(i) else { break };
            let step = Step { round: self.round, ..step.clone() };
            self.item_reads = self.item_reads.saturating_add(step.items);
            self.trace.push(step);
        }
        Ok(())
    }

    fn check_limit(&self) -> Result<(), TraceLimit> {
        let limits = &self.limits;
        if self.trace.len() >= limits.steps {
            return Err(TraceLimit::Steps(limits.steps));
        }
        if self.item_reads > limits.item_reads {
            return Err(TraceLimit::ItemReads(limits.item_reads));
        }
        // Copies running with no key (reports sent while the API server was down) are drawn
        // and replayed like keys: they count against the same bound.
        if self.live.saturating_add(self.orphans.len()) > limits.keys {
            return Err(TraceLimit::Keys(limits.keys));
        }
        Ok(())
    }

    /// Whether the run is still within its limits: for what changes the store's world without
    /// a step (a node's report that never landed still starts or ends a copy).
    pub fn within_limits(&self) -> Result<(), TraceLimit> {
        self.check_limit()
    }

    fn record(&mut self, op: Op, key: Rc<str>, items: usize, value: Option<Rc<Value>>) {
        self.trace.push(Step { component: self.active, op, key, items, value, round: self.round });
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
mod tests {
    use super::*;
    use crate::model::value::{Health, Node, Service};

    fn svc(n: u32) -> Value {
        Value::Service(Service { desired: n })
    }

    fn keys(s: &StateStore) -> Vec<String> {
        s.entries().map(|(k, _)| k.to_string()).collect()
    }

    #[test]
    fn overwrite_keeps_place_and_rewrite_after_remove_goes_last() {
        let mut s = StateStore::new([("service/a".into(), svc(1)), ("service/b".into(), svc(2))]);
        s.write(&Rc::from("service/a"), svc(3)).unwrap();
        assert_eq!(keys(&s), ["service/a", "service/b"]);
        s.remove(&Rc::from("service/a")).unwrap();
        s.write(&Rc::from("service/a"), svc(4)).unwrap();
        assert_eq!(keys(&s), ["service/b", "service/a"]);
        assert_eq!(s.revision(), 3);
    }

    #[test]
    fn reads_count_items_of_one_prefix() {
        let mut s = StateStore::new([
            ("service/a".into(), svc(1)),
            ("node/m1".into(), Value::Node(Node { capacity: 1, health: Health::Alive })),
            ("service/b".into(), svc(2)),
        ]);
        let found = s.read("service/").unwrap();
        assert_eq!(found.items, 2);
        let keys: Vec<&str> = s.view(&found).map(|(k, _)| &**k).collect();
        assert_eq!(keys, ["service/a", "service/b"]);
        let step = &s.trace()[0];
        assert_eq!((&*step.key, step.items, step.op), ("service/*", 2, Op::Read));
        assert_eq!(s.revision(), 0, "reads are not writes");
    }

    #[test]
    fn a_down_store_finds_nothing_and_keeps_nothing() {
        let mut s = StateStore::new([("service/a".into(), svc(1))]);
        s.set_down(true);
        let found = s.read("service/").unwrap();
        assert_eq!((found.items, s.view(&found).count()), (0, 0));
        s.write(&Rc::from("service/b"), svc(1)).unwrap();
        s.remove(&Rc::from("service/a")).unwrap();
        assert_eq!((s.revision(), s.trace().len(), s.len()), (0, 0, 1));
    }

    #[test]
    fn removing_an_absent_key_still_counts() {
        let mut s = StateStore::new([]);
        s.remove(&Rc::from("copy/x")).unwrap();
        assert_eq!(s.revision(), 1);
    }

    #[test]
    fn order_survives_compaction() {
        let mut s = StateStore::new((0..200).map(|i| (Rc::from(format!("service/s{i}")), svc(i))));
        for i in (0..200).step_by(2) {
            s.remove(&Rc::from(format!("service/s{i}"))).unwrap();
        }
        s.write(&Rc::from("service/s0"), svc(0)).unwrap();
        s.write(&Rc::from("service/s1"), svc(9)).unwrap();
        let k = keys(&s);
        assert_eq!(k.len(), 101);
        assert_eq!(
            (k[0].as_str(), k[99].as_str(), k[100].as_str()),
            ("service/s1", "service/s199", "service/s0")
        );
        assert_eq!(s.get("service/s1"), Some(&svc(9)));
    }

    #[test]
    fn the_step_limit_stops_a_run() {
        let mut s = StateStore::new([]);
        s.set_limits(Limits { steps: 2, ..Limits::MODEL }).unwrap();
        s.read("copy/").unwrap();
        s.read("copy/").unwrap();
        assert_eq!(s.read("copy/").unwrap_err(), TraceLimit::Steps(2));
    }

    #[test]
    fn the_item_read_and_key_limits_stop_a_run() {
        let copy = |i: usize| (Rc::from(format!("copy/a-{i}")), svc(1));
        let mut s = StateStore::new((0..3).map(copy));
        s.set_limits(Limits { item_reads: 5, ..Limits::MODEL }).unwrap();
        s.read("copy/").unwrap();
        s.read("copy/").unwrap();
        assert_eq!(s.read("copy/").unwrap_err(), TraceLimit::ItemReads(5));

        let mut s = StateStore::new((0..3).map(copy));
        assert_eq!(s.set_limits(Limits { keys: 2, ..Limits::MODEL }), Err(TraceLimit::Keys(2)));
        let mut s = StateStore::new((0..3).map(copy));
        s.set_limits(Limits { keys: 4, ..Limits::MODEL }).unwrap();
        s.write(&Rc::from("copy/a-3"), svc(1)).unwrap();
        s.write(&Rc::from("copy/a-3"), svc(2)).expect("a key already there adds none");
        s.write(&Rc::from("copy/a-4"), svc(1)).expect("the step past the limit lands");
        assert_eq!(s.read("copy/").unwrap_err(), TraceLimit::Keys(4));
    }
}
