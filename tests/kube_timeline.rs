//! The kube page's coming timeline view, derived natively: each Lease's holder and expiry, etcd's
//! leader and quorum, each node's Ready condition, and the scrubber's marks with their cursors.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::scenario::{Apply, Fault};
use cplab::kube::{simulate, Run, Scenario};
use cplab::playback::kube_timeline::{timeline, timeline_text};

const WEB: &str = include_str!("kube/web.yaml");
const SCALE: &str = include_str!("kube/scale.yaml");

fn nodes() -> Vec<String> {
    (1..=3).map(|i| format!("node-{i}")).collect()
}

fn run(setup: impl Fn(&mut Scenario)) -> Run {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.apply.push(Apply {
        at: 20.0,
        file: "scale.yaml".into(),
        manifests: Some(SCALE.into()),
        validate: true,
    });
    setup(&mut scenario);
    simulate(&scenario).expect("runs")
}

fn ha_run() -> Run {
    run(|s| {
        s.etcd = 3;
        s.replicas.kube_scheduler = 2;
        s.faults.push(Fault { part: "kube-scheduler/1".into(), down: 20.0, up: None });
        s.faults.push(Fault { part: "etcd/1".into(), down: 25.0, up: None });
    })
}

fn node_run() -> Run {
    run(|s| s.faults.push(Fault { part: "node/node-2".into(), down: 12.0, up: None }))
}

#[test]
fn the_schedulers_lease_expires_before_the_standby_takes_it_and_etcd_elects_a_new_leader() {
    let want = "\
etcd: 0s-25s etcd/1, quorum | 25s-26.5s no leader, quorum | 26.5s-38.53s etcd/2, quorum
Lease kube-system/kube-scheduler: 0s-20s held by kube-scheduler/1 | 20s-33s expiring (held by kube-scheduler/1, gone) | 33s-34s free | 34s-38.53s held by kube-scheduler/2
Lease kube-system/kube-controller-manager: 0s-38.53s held by kube-controller-manager/1
node-1 Ready: 0s-38.53s True
node-2 Ready: 0s-38.53s True
node-3 Ready: 0s-38.53s True
mark 20s new pods wait (kube-scheduler), cursor 325
mark 25s writes stopped (etcd), cursor 369
";
    assert_eq!(timeline_text(&timeline(&ha_run(), &nodes())), want);
}

#[test]
fn a_silent_nodes_timeline_not_ready_evicted_replaced() {
    let want = "\
etcd: 0s-369.64s etcd/1, quorum
Lease kube-system/kube-scheduler: 0s-369.64s held by kube-scheduler/1
Lease kube-system/kube-controller-manager: 0s-369.64s held by kube-controller-manager/1
node-1 Ready: 0s-369.64s True
node-2 Ready: 0s-65s True | 65s-369.64s Unknown
node-3 Ready: 0s-369.64s True
mark 65s node NotReady (node-2), cursor 488
mark 365.1s pods evicted (node-2), cursor 888
mark 369.625s replacements running (kubelet/node-3), cursor 994
";
    assert_eq!(timeline_text(&timeline(&node_run(), &nodes())), want);
}

#[test]
fn each_marks_cursor_shows_the_run_up_to_its_moment_and_no_further() {
    for r in [ha_run(), node_run()] {
        let t = timeline(&r, &nodes());
        assert!(!t.marks.is_empty());
        for m in &t.marks {
            assert!(m.cursor > 0 && r.trace[m.cursor - 1].at_ms <= m.at_ms, "{m:?}");
            assert!(r.trace.get(m.cursor).is_none_or(|s| s.at_ms > m.at_ms), "{m:?}");
        }
    }
}

#[test]
fn without_the_lease_side_there_are_no_lease_lanes_and_etcd_down_is_no_quorum() {
    let r = run(|s| s.faults.push(Fault { part: "etcd".into(), down: 20.0, up: Some(30.0) }));
    let t = timeline(&r, &nodes());
    assert!(t.leases.is_empty());
    let lanes: Vec<(u64, bool)> = t.etcd.iter().map(|s| (s.from_ms, s.value.quorum)).collect();
    assert_eq!(lanes, [(0, true), (20_000, false), (30_000, true)]);
    assert_eq!(t.marks.iter().map(|m| m.label).collect::<Vec<_>>(), ["writes stopped"]);
}
