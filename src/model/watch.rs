//! Watch mode, beyond the lesson: a component that lists its prefixes once and then keeps its own
//! cache up to date from the store's events, as a client-go informer does (its Reflector LISTs,
//! then WATCHes from that list's revision and applies each event to its local store:
//! kubernetes/kubernetes `staging/src/k8s.io/client-go/tools/cache/reflector.go`).
//!
//! The rules, each the simplest that real Kubernetes bears out:
//! - A watching component's first turn lists each prefix it reads (counted as item reads, as in
//!   list mode) and keeps what it found as its cache. Every later write or remove of a key under
//!   that prefix reaches the cache as one event (its own writes too, as an informer sees them).
//!   Its later turns decide from the cache and read nothing from the store.
//! - A component that goes down loses its cache (a stopped process keeps no memory); when it comes
//!   back, its first turn lists again.
//! - The state store going down breaks every watch (the stream it serves closes); each watching
//!   component lists again on its first turn once the store is back. The reflector re-lists
//!   after a watch that ended in an error it cannot resume from.
//! - The API server going down breaks nothing here: in the lesson's model the components reach
//!   the store without it (its failure-matrix row still reads 20 items), so their watches do too.
//! - A run may say the watch history expired at a round (the server's 410 Gone: etcd keeps
//!   5 minutes of history by default): every watching component lists again that round.
//!
//! Because every change under a prefix reaches the cache, with the store's own rules of order (a
//! new key goes last, an overwrite keeps its place), a cache always holds what a list would find:
//! both modes reach the same decisions, writes and final store. Only reads (fewer) and events
//! differ (see `tests/properties.rs`).

use super::names::FxHashMap;
use super::part::{Part, PartSet};
use super::state_store::{Slot, StateStore};
use super::trace::Op;
use super::value::{Prefix, Value};
use std::rc::Rc;

/// Whether this build has watch mode: the CLI and the native tests always do, and so do the
/// browser builds that can run a watching scenario (the explorer's and the assignments': features
/// `explore` and `assignments` turn on `watch`). The plain lab runs only the lesson's list mode,
/// and without it leaves every watch path out (about 1.3 KB gzipped). Without it a scenario's
/// watch plan is ignored: every component lists.
pub const WATCH_MODE: bool = cfg!(any(not(target_arch = "wasm32"), feature = "watch"));

/// The components that read the store, and so may watch it.
pub const READERS: [Part; 3] = [Part::ControllerManager, Part::Scheduler, Part::NodeAgents];

/// Which components watch, and when the watch history expires. The default is the lesson's list
/// mode: no component watches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WatchPlan {
    /// The components that watch (only those that read mean anything: the controller manager,
    /// the scheduler and the node agents).
    pub parts: PartSet,
    /// Rounds at whose start the watch history expired: every watching component lists again.
    pub expired: Vec<u32>,
}

impl WatchPlan {
    /// The lesson's mode: every component lists every round.
    pub const LIST: WatchPlan = WatchPlan { parts: PartSet::NONE, expired: Vec::new() };

    /// Every component that reads watches.
    pub fn all() -> WatchPlan {
        WatchPlan { parts: READERS.into_iter().collect(), expired: Vec::new() }
    }

    /// Whether any component watches.
    pub fn is_watching(&self) -> bool {
        READERS.into_iter().any(|p| self.parts.contains(p))
    }
}

/// One watching component's cache of one prefix: the store's own layout (entries in order, a
/// removed one leaving a hole until compaction), so a turn views it exactly as it views a read.
#[derive(Clone, Debug)]
pub(super) struct Cache {
    pub(super) part: Part,
    pub(super) tag: Prefix,
    pub(super) slots: Vec<Option<Slot>>,
    index: FxHashMap<Rc<str>, usize>,
    live: usize,
}

impl Cache {
    /// How many keys it holds.
    pub(super) fn len(&self) -> usize {
        self.live
    }

    /// Applies one event: `Some` sets the key (in place, or appended), `None` removes it.
    fn apply(&mut self, key: &Rc<str>, value: Option<&Value>) {
        match (value, self.index.get(key).copied()) {
            (Some(v), Some(i)) => {
                if let Some(slot) = &mut self.slots[i] {
                    slot.value = v.clone();
                }
            }
            (Some(v), None) => {
                self.index.insert(key.clone(), self.slots.len());
                self.slots.push(Some(Slot::new(Some(self.tag), key.clone(), v.clone())));
                self.live += 1;
            }
            (None, Some(i)) => {
                self.index.remove(key);
                self.slots[i] = None;
                self.live -= 1;
                self.compact_if_sparse();
            }
            (None, None) => {}
        }
    }

    /// Drops holes once they outnumber entries, as the store does, keeping order.
    fn compact_if_sparse(&mut self) {
        let holes = self.slots.len() - self.live;
        if holes > 64 && holes > self.live {
            self.slots.retain(Option::is_some);
            for (i, s) in self.slots.iter().flatten().enumerate() {
                if let Some(at) = self.index.get_mut(&s.key) {
                    *at = i;
                }
            }
        }
    }
}

/// Events delivered to one component in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delivered {
    /// The round.
    pub round: u32,
    /// The component whose cache took them.
    pub part: Part,
    /// How many (one item each).
    pub events: usize,
}

/// The watches of a run: who watches, the caches established, and the events delivered.
#[derive(Clone, Debug)]
pub(super) struct Watches {
    parts: PartSet,
    caches: Vec<Cache>,
    delivered: Vec<Delivered>,
    /// Lists made by watching components so far: a round that listed is not repeated as idle.
    lists: u64,
}

impl Watches {
    pub(super) fn new(parts: PartSet) -> Watches {
        Watches { parts, caches: Vec::new(), delivered: Vec::new(), lists: 0 }
    }

    /// Whether `part` watches.
    pub(super) fn watches(&self, part: Part) -> bool {
        self.parts.contains(part)
    }

    /// The cache `part` keeps of `tag`, if its watch stands.
    pub(super) fn cache_of(&self, part: Part, tag: Prefix) -> Option<usize> {
        self.caches.iter().position(|c| c.part == part && c.tag == tag)
    }

    pub(super) fn cache(&self, at: usize) -> &Cache {
        &self.caches[at]
    }

    /// `part` listed `tag` and found `entries`: its cache from now on. Returns its place.
    pub(super) fn listed<'a>(
        &mut self,
        part: Part,
        tag: Prefix,
        entries: impl Iterator<Item = (&'a Rc<str>, &'a Value)>,
    ) -> usize {
        let mut cache = Cache { part, tag, slots: Vec::new(), index: FxHashMap::default(), live: 0 };
        for (key, value) in entries {
            cache.apply(key, Some(value));
        }
        self.lists += 1;
        // Only called where `part` has no cache of `tag`: the others' places stay as they were.
        self.caches.push(cache);
        self.caches.len() - 1
    }

    /// Delivers one write (`Some`) or remove (`None`) of `key` in `round` to every cache of its
    /// prefix.
    pub(super) fn deliver(&mut self, round: u32, key: &Rc<str>, value: Option<&Value>) {
        let Some(tag) = Prefix::of_key(key) else { return };
        for cache in self.caches.iter_mut().filter(|c| c.tag == tag) {
            cache.apply(key, value);
            let part = cache.part;
            match self.delivered.iter_mut().rev().take_while(|d| d.round == round).find(|d| d.part == part) {
                Some(d) => d.events += 1,
                None => self.delivered.push(Delivered { round, part, events: 1 }),
            }
        }
    }

    /// Breaks the watches of `parts`: each lists again on its next turn.
    pub(super) fn break_watches(&mut self, parts: PartSet) {
        self.caches.retain(|c| !parts.contains(c.part));
    }

    pub(super) fn delivered(&self) -> &[Delivered] {
        &self.delivered
    }

    pub(super) fn lists(&self) -> u64 {
        self.lists
    }
}

/// The store's side of watch mode: who watches, their caches, the events delivered.
impl StateStore {
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
    pub(super) fn watches(&self) -> Option<&Watches> {
        self.watch.as_deref().filter(|_| WATCH_MODE)
    }

    pub(super) fn watches_mut(&mut self) -> Option<&mut Watches> {
        self.watch.as_deref_mut().filter(|_| WATCH_MODE)
    }
}

/// One component's load on the store in one round: what it listed, the events it was sent, and
/// its writes (removes included, as the revision counts them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Load {
    /// Items its reads (lists) scanned.
    pub listed: usize,
    /// Events delivered to its caches, one item each.
    pub events: usize,
    /// Writes and removes it made.
    pub writes: usize,
}

/// Each round's load from round 0 (the requests) to `rounds`, per component in [`Part::ALL`]
/// order: the trace's reads and writes, and the events the store delivered.
pub fn load_by_round(store: &StateStore, rounds: u32) -> Vec<[Load; 5]> {
    let mut out = vec![[Load::default(); 5]; rounds as usize + 1];
    let slot = |p: Part| Part::ALL.iter().position(|&q| q == p).unwrap_or(0);
    for step in store.trace() {
        let Some(round) = out.get_mut(step.round as usize) else { continue };
        let load = &mut round[slot(step.component)];
        match step.op {
            Op::Read => load.listed += step.items,
            Op::Write | Op::Remove => load.writes += 1,
        }
    }
    for d in store.delivered() {
        if let Some(round) = out.get_mut(d.round as usize) {
            round[slot(d.part)].events += d.events;
        }
    }
    out
}

/// Events delivered in each round from round 0 to `rounds`, all components together.
pub fn events_per_round(store: &StateStore, rounds: u32) -> Vec<usize> {
    let mut out = vec![0; rounds as usize + 1];
    for d in store.delivered() {
        if let Some(n) = out.get_mut(d.round as usize) {
            *n += d.events;
        }
    }
    out
}
