//! The controller manager: compares each service's desired copy count with its live copies,
//! creates the missing ones (node-less, pending), removes the extra ones, and cleans up dead
//! copies. It only reads and writes the state store.

use super::jsnum::{max_from_zero, to_js_string, to_number};
use super::names::{ByName, FxHashMap};
use super::part::Part;
use super::state_store::{Snapshot, StateStore};
use super::trace::TraceLimit;
use super::value::{CopyRecord, Status, Value};
use std::rc::Rc;

/// One turn of the controller manager; returns how many writes and removes it made.
pub fn controller_manager(store: &mut StateStore) -> Result<usize, TraceLimit> {
    store.component(Part::ControllerManager);
    let services = store.read("service/")?;
    let all = store.read("copy/")?;
    // Decide everything from what the two reads found, then write: the lesson's controller
    // manager also works from the arrays its reads returned.
    let changes = decide(store, &services, &all);
    make(store, changes)
}

/// What the turn changes, from the services and the copies its two reads found.
fn decide(store: &StateStore, services: &Snapshot, all: &Snapshot) -> Vec<Change> {
    let mut changes: Vec<Change> = Vec::new();
    let services: Vec<(&Rc<str>, &Value)> = store.view(services).collect();
    let names: FxHashMap<&str, usize> =
        services.iter().enumerate().map(|(i, (k, _))| (&k["service/".len()..], i)).collect();
    // Live copies by the service they name, and the highest number after `copy/<service>-`
    // for every service. A key like `copy/a-b-1` counts for service `a` (suffix `b-1`, not a
    // number) and for `a-b` (suffix 1).
    let prefixes = Names::of(services.iter().map(|(k, _)| &k["service/".len()..]));
    let mut by_service = ByName::new(&names);
    // Per service: its desired count (none where the value is not a service), its live copies
    // counted, and those past the desired count in store order (the extras). Only the extras
    // are kept: a list of every live copy cost a scaled run a push per copy a round.
    let desired: Vec<Option<usize>> = services
        .iter()
        .map(|(_, v)| match v {
            Value::Service(service) => Some(service.desired as usize),
            _ => None,
        })
        .collect();
    let mut live: Vec<usize> = vec![0; services.len()];
    let mut extras: Vec<Vec<&Rc<str>>> = vec![Vec::new(); services.len()];
    let mut highest: Vec<f64> = vec![0.0; services.len()];
    for (key, value) in store.view(all) {
        let Some(c) = value.as_copy() else { continue };
        if c.status == Status::Dead {
            // Dead copies go first, in store order.
            changes.push(Change::Remove(key.clone()));
        } else if let Some(i) = by_service.get(&c.service) {
            live[i] += 1;
            if desired[i].is_some_and(|d| live[i] > d) {
                extras[i].push(key);
            }
        }
        let rest = &key["copy/".len()..];
        prefixes.each_match(rest, |i, dash| {
            highest[i] = max_from_zero(highest[i], to_number(&rest[dash + 1..]));
        });
    }
    for (i, (key, _)) in services.iter().enumerate() {
        let Some(desired) = desired[i] else { continue };
        let missing = desired.saturating_sub(live[i]);
        if missing > 0 {
            let name = Rc::from(&key["service/".len()..]);
            changes.push(Change::Create { name, after: highest[i], count: missing });
        }
        // Extra copies: the last live ones in store order go first.
        for extra in extras[i].iter().rev() {
            changes.push(Change::Remove((*extra).clone()));
        }
    }
    changes
}

/// Writes what the turn decided, in order; returns how many writes and removes it made.
fn make(store: &mut StateStore, changes: Vec<Change>) -> Result<usize, TraceLimit> {
    let mut work = 0;
    for change in changes {
        match change {
            Change::Create { name, after, count } => {
                // Keys are made as they are written: a scaled run creates thousands of copies.
                let mut key = format!("copy/{name}-");
                let stem = key.len();
                let mut n = after;
                for _ in 0..count {
                    n += 1.0;
                    key.truncate(stem);
                    push_js_number(&mut key, n);
                    let copy = CopyRecord { service: name.clone(), node: None, status: Status::Pending };
                    store.write(&Rc::from(key.as_str()), Value::Copy(copy))?;
                }
                work += count;
            }
            Change::Remove(key) => {
                store.remove(&key)?;
                work += 1;
            }
        }
    }
    Ok(work)
}

/// What the controller manager decided on, in the order its writes follow.
enum Change {
    /// `count` new pending copies of service `name`, numbered after `after`.
    Create { name: Rc<str>, after: f64, count: usize },
    /// One removal.
    Remove(Rc<str>),
}

/// The services' names as a trie of bytes, to find in one pass over a copy's key every service
/// name it starts with followed by a dash. Looking up each prefix before each dash hashed the
/// key again at every dash: a key of thousands of dashes cost seconds a round.
struct Names {
    nodes: Vec<TrieNode>,
}

/// A node of [`Names`]: its children by byte (a short list: names share few branches), and the
/// index of the service whose name ends there.
type TrieNode = (Vec<(u8, u32)>, Option<usize>);

impl Names {
    fn of<'a>(names: impl Iterator<Item = &'a str>) -> Names {
        let mut nodes: Vec<TrieNode> = vec![(Vec::new(), None)];
        for (i, name) in names.enumerate() {
            let mut at = 0usize;
            for &b in name.as_bytes() {
                at = match nodes[at].0.iter().find(|(c, _)| *c == b) {
                    Some(&(_, next)) => next as usize,
                    None => {
                        nodes.push((Vec::new(), None));
                        let next = nodes.len() - 1;
                        nodes[at].0.push((b, next as u32));
                        next
                    }
                };
            }
            // Keys are unique in the store, so each name ends at one node.
            nodes[at].1.get_or_insert(i);
        }
        Names { nodes }
    }

    /// Calls `found(service, dash)` for every dash in `rest` whose prefix is a service's name,
    /// in order of the dash; one walk over `rest`.
    fn each_match(&self, rest: &str, mut found: impl FnMut(usize, usize)) {
        let mut at = 0usize;
        for (pos, &b) in rest.as_bytes().iter().enumerate() {
            if b == b'-' {
                if let Some(i) = self.nodes[at].1 {
                    found(i, pos);
                }
            }
            match self.nodes[at].0.iter().find(|(c, _)| *c == b) {
                Some(&(_, next)) => at = next as usize,
                None => return,
            }
        }
    }
}

/// Appends `String(n)` as JavaScript writes it; whole numbers, the usual case, without `format!`.
fn push_js_number(out: &mut String, n: f64) {
    if n.fract() == 0.0 && (1.0..1e15).contains(&n) {
        let mut digits = [0u8; 16];
        let (mut v, mut i) = (n as u64, digits.len());
        while v > 0 {
            i -= 1;
            digits[i] = b'0' + (v % 10) as u8;
            v /= 10;
        }
        out.extend(digits[i..].iter().map(|&d| char::from(d)));
    } else {
        out.push_str(&to_js_string(n));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::value::Service;

    fn copy(service: &str, status: Status) -> Value {
        Value::Copy(CopyRecord { service: service.into(), node: Some("m1".into()), status })
    }

    fn written(s: &StateStore) -> Vec<String> {
        s.trace()
            .iter()
            .filter(|t| t.op != crate::model::trace::Op::Read)
            .map(|t| format!("{:?} {}", t.op, t.key))
            .collect()
    }

    #[test]
    fn numbers_continue_after_the_highest_dead_ones_included() {
        let mut s = StateStore::new([
            ("service/a".into(), Value::Service(Service { desired: 2 })),
            ("copy/a-1".into(), copy("a", Status::Running)),
            ("copy/a-7".into(), copy("a", Status::Dead)),
        ]);
        assert_eq!(controller_manager(&mut s).unwrap(), 2);
        assert_eq!(written(&s), ["Remove copy/a-7", "Write copy/a-8"]);
    }

    #[test]
    fn scale_down_removes_the_last_live_copies() {
        let mut s = StateStore::new([
            ("copy/a-1".into(), copy("a", Status::Running)),
            ("copy/a-2".into(), copy("a", Status::Pending)),
            ("service/a".into(), Value::Service(Service { desired: 0 })),
            ("copy/a-3".into(), copy("a", Status::Running)),
        ]);
        assert_eq!(controller_manager(&mut s).unwrap(), 3);
        assert_eq!(written(&s), ["Remove copy/a-3", "Remove copy/a-2", "Remove copy/a-1"]);
    }

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        for n in [1.0, 9.0, 10.0, 123456.0, 999_999_999_999_999.0, 1e15, 2.5, f64::NAN, f64::INFINITY, 1e21] {
            let mut s = String::from("x-");
            push_js_number(&mut s, n);
            assert_eq!(s, format!("x-{}", to_js_string(n)));
        }
    }

    #[test]
    fn a_suffix_that_is_not_a_number_names_copies_nan() {
        let mut s = StateStore::new([
            ("service/a".into(), Value::Service(Service { desired: 2 })),
            ("copy/a-b-1".into(), copy("x", Status::Running)),
        ]);
        controller_manager(&mut s).unwrap();
        assert_eq!(written(&s), ["Write copy/a-NaN", "Write copy/a-NaN"]);
    }

    #[test]
    fn every_service_name_before_a_dash_is_found_in_one_walk() {
        let services = ["a", "a-b", "a-b-c", "b", "", "a--"];
        let names = Names::of(services.iter().copied());
        for rest in ["a-b-c-5", "a--7", "b-1", "-3", "ab-1", "a", "a-", "x-a-1", "a-b-c"] {
            let mut found = Vec::new();
            names.each_match(rest, |i, dash| found.push((services[i], dash)));
            // The rule it replaces: every prefix before a dash, looked up by name.
            let naive: Vec<(&str, usize)> = rest
                .match_indices('-')
                .filter_map(|(dash, _)| services.iter().find(|s| **s == &rest[..dash]).map(|s| (*s, dash)))
                .collect();
            assert_eq!(found, naive, "{rest}");
        }
    }

    #[test]
    fn a_key_of_thousands_of_dashes_is_walked_once() {
        // The red team's key: 5,500 dashes after the service's name. One match (at the first
        // dash), so one number parsed; the walk stops where no name goes on.
        let key = format!("a{}", "-".repeat(5_500));
        let names = Names::of(["a"].into_iter());
        let mut matches = 0;
        names.each_match(&key, |_, dash| {
            assert_eq!(dash, 1);
            matches += 1;
        });
        assert_eq!(matches, 1);
    }

    #[test]
    fn copies_count_by_their_service_field_not_their_key() {
        let mut s = StateStore::new([
            ("service/a".into(), Value::Service(Service { desired: 1 })),
            ("copy/b-1".into(), copy("a", Status::Running)),
        ]);
        assert_eq!(controller_manager(&mut s).unwrap(), 0);
    }
}
