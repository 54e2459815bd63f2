//! Names for creates by `generateName`, which carry none in `objectRef`
//! (`staging/src/k8s.io/apiserver/pkg/audit/request.go` fills the reference from the request
//! body, which has only the prefix). Where no `responseObject` gives the name, the names that
//! first show up in later requests of the same resource and namespace (the scheduler's
//! binding, the kubelet's status patch) are paired with the unnamed creates in order: the first
//! unnamed create gets the first new name after it. This pairing is the one inference of the
//! reader, so its names are marked (`~` in a key); a create that no later name fits stays
//! unnamed.

use super::row::{NameSource, RequestRow};
use rustc_hash::{FxHashMap, FxHashSet};

/// A name that first appears at row `first`, and whether a create has taken it.
struct Candidate {
    first: usize,
    name: String,
    taken: bool,
}

fn is_unnamed_create(row: &RequestRow) -> bool {
    row.verb == "create" && row.name.is_empty() && row.subresource.is_empty() && !row.resource.is_empty()
}

/// Fills in the names of unnamed creates of `rows` (in time order) from later requests.
pub fn fill_later_names(rows: &mut [RequestRow]) {
    if !rows.iter().any(is_unnamed_create) {
        return;
    }
    // Names that some create in the log names itself are that create's, never a candidate.
    let created: FxHashSet<(&str, &str, &str)> = rows
        .iter()
        .filter(|r| r.verb == "create" && r.subresource.is_empty() && !r.name.is_empty())
        .map(|r| (r.resource.as_str(), r.namespace.as_str(), r.name.as_str()))
        .collect();
    let mut seen: FxHashSet<(&str, &str, &str)> = FxHashSet::default();
    let mut groups: FxHashMap<(String, String), Vec<Candidate>> = FxHashMap::default();
    for (at, r) in rows.iter().enumerate() {
        let key = (r.resource.as_str(), r.namespace.as_str(), r.name.as_str());
        if r.name.is_empty() || created.contains(&key) || !seen.insert(key) {
            continue;
        }
        let group = groups.entry((r.resource.clone(), r.namespace.clone())).or_default();
        group.push(Candidate { first: at, name: r.name.clone(), taken: false });
    }
    let mut assigned = Vec::new();
    for (at, row) in rows.iter().enumerate().filter(|(_, r)| is_unnamed_create(r)) {
        let name = groups.get_mut(&(row.resource.clone(), row.namespace.clone())).and_then(|group| {
            let prefix = row.generate_name.as_deref().unwrap_or("");
            let found = group.iter_mut().find(|c| !c.taken && c.first > at && c.name.starts_with(prefix))?;
            found.taken = true;
            Some(found.name.clone())
        });
        assigned.push((at, name));
    }
    for (at, name) in assigned {
        if let Some(row) = rows.get_mut(at) {
            match name {
                Some(n) => (row.name, row.name_source) = (n, NameSource::Later),
                None => row.name_source = NameSource::Unnamed,
            }
        }
    }
}
