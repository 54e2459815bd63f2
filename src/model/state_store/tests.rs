//! The ledger's own rules: order, revision, reads by prefix, a store down, compaction, limits.

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
