//! Believed and actual copies per service: the one rule every view, answer key and table counts
//! by (the failure matrix, the assignments' answer keys, the CLI and the lab's panel).

use super::value::Value;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// One service's copies: how many the store believes run, and how many actually do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceCount {
    /// The service's name.
    pub service: Rc<str>,
    /// Copies of it the store holds as running.
    pub believed: usize,
    /// Copies of it actually running.
    pub actual: usize,
}

/// Believed and actual copies per service, from the store's `entries` (in store order) and the
/// keys of the copies that `actual`ly run.
///
/// The rule is the lesson's controller manager's: it counts a service's copies as
/// `all.filter(([, v]) => v.service === name && ...)`, so a copy belongs to the service its value
/// names, whatever its key says (`copy/a-1` of service `x` is one of `x`'s). A copy is believed
/// when the store holds it as running. A copy actually running that the store does not hold (a
/// report that never landed) has no value to ask: it belongs to the name in its key,
/// `copy/<service>-<n>`, the only name anyone gave it.
///
/// Services of the store come first, in store order (each listed, even with no copy); then any
/// other service a copy names, in the order its first copy comes (believed first, then actual).
pub fn service_counts<'a>(
    entries: impl IntoIterator<Item = (&'a Rc<str>, &'a Value)>,
    actual: impl IntoIterator<Item = &'a str>,
) -> Vec<ServiceCount> {
    let entries: Vec<(&Rc<str>, &Value)> = entries.into_iter().collect();
    let mut out: Vec<ServiceCount> = entries
        .iter()
        .filter_map(|(k, _)| k.strip_prefix("service/"))
        .map(|name| ServiceCount { service: name.into(), believed: 0, actual: 0 })
        .collect();
    // Looked up by map, not by scanning: the lab counts a store of a thousand keys at every step.
    let mut places: FxHashMap<Rc<str>, usize> = FxHashMap::default();
    for (i, s) in out.iter().enumerate() {
        places.entry(s.service.clone()).or_insert(i);
    }
    let mut copies: FxHashMap<&str, &Value> = FxHashMap::default();
    for &(k, v) in &entries {
        copies.entry(&**k).or_insert(v);
    }
    let mut place = |service: Rc<str>| -> usize {
        let next = out.len();
        let at = *places.entry(service.clone()).or_insert(next);
        if at == next {
            out.push(ServiceCount { service, believed: 0, actual: 0 });
        }
        at
    };
    let mut believed_at = Vec::new();
    for (_, v) in &entries {
        if let Some(c) = v.as_copy().filter(|c| c.believed_running()) {
            believed_at.push(place(c.service.clone()));
        }
    }
    let mut actual_at = Vec::new();
    for key in actual {
        let service = match copies.get(key).and_then(|v| v.as_copy()) {
            Some(copy) => copy.service.clone(),
            None => service_in_key(key).into(),
        };
        actual_at.push(place(service));
    }
    for at in believed_at {
        out[at].believed += 1;
    }
    for at in actual_at {
        out[at].actual += 1;
    }
    out
}

/// The counts of service `name` among `counts` (none: zero of each).
pub fn count_of(counts: &[ServiceCount], name: &str) -> (usize, usize) {
    counts.iter().find(|s| &*s.service == name).map_or((0, 0), |s| (s.believed, s.actual))
}

/// The service a copy's key names: `copy/<service>-<n>` gives `<service>` (the last dash ends it).
fn service_in_key(key: &str) -> &str {
    let name = key.strip_prefix("copy/").unwrap_or(key);
    name.rsplit_once('-').map_or(name, |(stem, _)| stem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CopyRecord, Service, Status};

    fn copy(service: &str, status: Status) -> Value {
        Value::Copy(CopyRecord { service: service.into(), node: Some("m1".into()), status })
    }

    #[test]
    fn a_copy_belongs_to_the_service_its_value_names_not_its_key() {
        let entries: Vec<(Rc<str>, Value)> = vec![
            ("service/a".into(), Value::Service(Service { desired: 2 })),
            ("copy/a-1".into(), copy("x", Status::Running)),
            ("copy/a-2".into(), copy("a", Status::Running)),
            ("copy/a-3".into(), copy("a", Status::Dead)),
        ];
        let counts =
            service_counts(entries.iter().map(|(k, v)| (k, v)), ["copy/a-1", "copy/a-2", "copy/b-9"]);
        let got: Vec<(&str, usize, usize)> =
            counts.iter().map(|s| (&*s.service, s.believed, s.actual)).collect();
        // `b` runs only outside the store: its key is all that names it.
        assert_eq!(got, [("a", 1, 1), ("x", 1, 1), ("b", 0, 1)]);
        assert_eq!((count_of(&counts, "x"), count_of(&counts, "nothing")), ((1, 1), (0, 0)));
    }
}
