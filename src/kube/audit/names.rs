//! Names for creates by `generateName`, which carry none in `objectRef`
//! (`staging/src/k8s.io/apiserver/pkg/audit/request.go` fills the reference from the request
//! body, which has only the prefix). Where no `responseObject` gives the name, the names that
//! first show up in later requests of the same resource and namespace (the scheduler's
//! binding, the kubelet's status patch) are paired with the unnamed creates in order: the first
//! unnamed create gets the first new name after it. This pairing is the one inference of the
//! reader, so its names are marked (`~` in a key); a create that no later name fits stays
//! unnamed. [`NameFill`] does it in steps of bounded [`Work`], as a page needs.

use super::order::Work;
use super::row::{NameSource, RequestRow};
use rustc_hash::{FxHashMap, FxHashSet};

/// A name that first appears at row `first`, and whether a create has taken it.
#[derive(Debug)]
struct Candidate {
    first: usize,
    name: String,
    taken: bool,
}

/// The names first seen in one resource and namespace, in row order; those before `skip` can
/// no longer be taken (taken, or first seen before the create being named).
#[derive(Debug, Default)]
struct Group {
    candidates: Vec<Candidate>,
    skip: usize,
}

/// A resource, namespace and name.
type Key = (String, String, String);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// The names some create names outright: never a candidate.
    Created,
    /// Each other name, at the row it first appears.
    Candidates,
    /// Each unnamed create takes the first candidate after it that fits.
    Assign,
    Done,
}

/// The names of unnamed creates being filled in from later requests, step by step.
#[derive(Debug)]
pub struct NameFill {
    pass: Pass,
    /// The row the pass is at.
    at: usize,
    /// Where the search of the create at `at` is in its group (0: not begun).
    scan: usize,
    created: FxHashSet<Key>,
    seen: FxHashSet<Key>,
    groups: FxHashMap<(String, String), Group>,
}

fn is_unnamed_create(row: &RequestRow) -> bool {
    row.verb == "create" && row.name.is_empty() && row.subresource.is_empty() && !row.resource.is_empty()
}

fn key(row: &RequestRow) -> Key {
    (row.resource.clone(), row.namespace.clone(), row.name.clone())
}

impl Default for NameFill {
    fn default() -> NameFill {
        NameFill::new()
    }
}

impl NameFill {
    /// A fill not yet begun.
    pub fn new() -> NameFill {
        NameFill {
            pass: Pass::Created,
            at: 0,
            scan: 0,
            created: FxHashSet::default(),
            seen: FxHashSet::default(),
            groups: FxHashMap::default(),
        }
    }

    /// Does at most `work` on `rows` (in time order, the same rows each step); true once every
    /// unnamed create is named or marked unnamed.
    pub fn step(&mut self, rows: &mut [RequestRow], work: &mut Work) -> bool {
        while work.left() && self.pass != Pass::Done {
            let Some(row) = rows.get_mut(self.at) else {
                (self.pass, self.at) = (next(self.pass), 0);
                continue;
            };
            let pass = self.pass;
            match pass {
                Pass::Created => self.note_created(row),
                Pass::Candidates => self.note_candidate(row),
                Pass::Assign if is_unnamed_create(row) && !self.assign(row, work) => {
                    return false; // the search goes on in the next step
                }
                _ => {}
            }
            self.at += 1;
            work.spend(1);
        }
        if self.pass == Pass::Done {
            (self.created, self.seen, self.groups) = Default::default();
        }
        self.pass == Pass::Done
    }

    fn note_created(&mut self, row: &RequestRow) {
        if row.verb == "create" && row.subresource.is_empty() && !row.name.is_empty() {
            self.created.insert(key(row));
        }
    }

    fn note_candidate(&mut self, row: &RequestRow) {
        if row.name.is_empty() {
            return;
        }
        let key = key(row);
        if self.created.contains(&key) || !self.seen.insert(key) {
            return;
        }
        let group = self.groups.entry((row.resource.clone(), row.namespace.clone())).or_default();
        group.candidates.push(Candidate { first: self.at, name: row.name.clone(), taken: false });
    }

    /// Names the create `row` (at `self.at`), or marks it unnamed; false when the work ran out
    /// first (the search is taken up again from where it stopped).
    fn assign(&mut self, row: &mut RequestRow, work: &mut Work) -> bool {
        let at = self.at;
        let Some(group) = self.groups.get_mut(&(row.resource.clone(), row.namespace.clone())) else {
            row.name_source = NameSource::Unnamed;
            return true;
        };
        // Creates come in time order, so a name first seen before this one never fits a later one.
        while group.candidates.get(group.skip).is_some_and(|c| c.taken || c.first <= at) {
            group.skip += 1;
            work.spend(1);
        }
        let prefix = row.generate_name.as_deref().unwrap_or("");
        let mut scan = self.scan.max(group.skip);
        while let Some(c) = group.candidates.get_mut(scan) {
            if !work.left() {
                self.scan = scan;
                return false;
            }
            work.spend(1);
            if !c.taken && c.first > at && c.name.starts_with(prefix) {
                c.taken = true;
                (row.name, row.name_source) = (c.name.clone(), NameSource::Later);
                self.scan = 0;
                return true;
            }
            scan += 1;
        }
        row.name_source = NameSource::Unnamed;
        self.scan = 0;
        true
    }
}

fn next(pass: Pass) -> Pass {
    match pass {
        Pass::Created => Pass::Candidates,
        Pass::Candidates => Pass::Assign,
        Pass::Assign | Pass::Done => Pass::Done,
    }
}
