//! The controller manager: compares each service's desired copy count with its live copies,
//! creates the missing ones (node-less, pending), removes the extra ones, and cleans up dead
//! copies. It only reads and writes the state store.

use super::fxhash::FxHashMap;
use super::jsnum::{max_from_zero, to_js_string, to_number};
use super::part::Part;
use super::state_store::{StateStore, TraceLimit};
use super::value::{Copy, Status, Value};
use std::rc::Rc;

/// One turn of the controller manager; returns how many writes and removes it made.
pub fn controller_manager(store: &mut StateStore) -> Result<usize, TraceLimit> {
    store.component(Part::ControllerManager);
    let services = store.read("service/")?;
    let all = store.read("copy/")?;
    let mut work = 0;

    // Dead copies go first, in store order.
    for (key, value) in &all {
        if value.as_copy().is_some_and(|c| c.status == Status::Dead) {
            store.remove(key)?;
            work += 1;
        }
    }

    // Index the snapshot once instead of scanning it per service: live copies by the service
    // they name, and the highest number after `copy/<service>-` for every service. A key like
    // `copy/a-b-1` counts for service `a` (suffix `b-1`, not a number) and for `a-b` (suffix 1).
    let names: FxHashMap<&str, usize> =
        services.iter().enumerate().map(|(i, (k, _))| (&k["service/".len()..], i)).collect();
    let mut live: Vec<Vec<&Rc<str>>> = vec![Vec::new(); services.len()];
    let mut highest: Vec<f64> = vec![0.0; services.len()];
    for (key, value) in &all {
        if let Some(c) = value.as_copy() {
            if c.status != Status::Dead {
                if let Some(&i) = names.get(&*c.service) {
                    live[i].push(key);
                }
            }
        }
        let rest = &key["copy/".len()..];
        for (dash, _) in rest.match_indices('-') {
            if let Some(&i) = names.get(&rest[..dash]) {
                highest[i] = max_from_zero(highest[i], to_number(&rest[dash + 1..]));
            }
        }
    }

    for (i, (key, value)) in services.iter().enumerate() {
        let Value::Service(service) = &**value else { continue };
        let name = &key["service/".len()..];
        let desired = service.desired as usize;
        let mut n = highest[i];
        let service: Rc<str> = Rc::from(name);
        for _ in live[i].len()..desired {
            n += 1.0;
            let copy = Copy { service: service.clone(), node: None, status: Status::Pending };
            store.write(&Rc::from(format!("copy/{name}-{}", to_js_string(n))), Value::Copy(copy))?;
            work += 1;
        }
        // Extra copies: the last live ones in store order go first.
        for extra in live[i].iter().skip(desired).rev() {
            store.remove(extra)?;
            work += 1;
        }
    }
    Ok(work)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::value::Service;

    fn copy(service: &str, status: Status) -> Value {
        Value::Copy(Copy { service: service.into(), node: Some("m1".into()), status })
    }

    fn written(s: &StateStore) -> Vec<String> {
        s.trace()
            .iter()
            .filter(|t| t.op != crate::model::state_store::Op::Read)
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
    fn a_suffix_that_is_not_a_number_names_copies_nan() {
        let mut s = StateStore::new([
            ("service/a".into(), Value::Service(Service { desired: 2 })),
            ("copy/a-b-1".into(), copy("x", Status::Running)),
        ]);
        controller_manager(&mut s).unwrap();
        assert_eq!(written(&s), ["Write copy/a-NaN", "Write copy/a-NaN"]);
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
