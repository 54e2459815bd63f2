//! The node lifecycle controller's timeline (`cplab::kube::ha::node_lifecycle`), exact on the
//! clock: for each fault on a node, when the cluster knows, when traffic stops, when the pods are
//! evicted and replaced, and how long the cluster keeps believing the old fact.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::ha::node_lifecycle::{
    fault_table, node_timeline, Moment, MomentKind, NodeFault, NodeTimeline, NodeTimings, ReadyStatus,
    GRACE_PERIOD_BEFORE_1_32_MS, NOT_READY_TAINT, UNREACHABLE_TAINT,
};
use cplab::kube::ha::HaError;

fn line(fault: NodeFault, at_ms: u64) -> NodeTimeline {
    node_timeline(fault, at_ms, 3, NodeTimings::default()).expect("valid")
}

#[test]
fn the_defaults_are_v1_32s() {
    let t = NodeTimings::default();
    assert_eq!((t.monitor_period_ms, t.grace_period_ms, t.toleration_s), (5_000, 50_000, 300));
    assert_eq!(GRACE_PERIOD_BEFORE_1_32_MS, 40_000);
}

#[test]
fn the_kubelet_down() {
    let l = line(NodeFault::KubeletDown, 12_000);
    // Last renewal at 10 s, seen by the check at 10 s; Unknown at the first check after 60 s.
    assert_eq!(l.last_renewal_ms, Some(10_000));
    assert_eq!(l.knows, Some((65_000, ReadyStatus::Unknown)));
    assert_eq!(l.believed_old_fact_ms(), Some(53_000));
    assert_eq!(l.routing_stops_ms, Some(65_000));
    assert_eq!(l.taint, Some((UNREACHABLE_TAINT, 65_100)));
    assert_eq!(l.evicted_ms, Some(365_100));
    assert_eq!(l.replacement_ms, Some(365_100));
    // The containers run on: the cluster stops routing to pods that still answer.
    assert_eq!((l.serving_stops_ms, l.black_hole_ms()), (None, None));
}

#[test]
fn the_whole_node_down_routes_into_a_black_hole_until_the_cluster_knows() {
    let l = line(NodeFault::WholeNode, 12_000);
    assert_eq!(l.serving_stops_ms, Some(12_000));
    assert_eq!(l.knows, Some((65_000, ReadyStatus::Unknown)));
    assert_eq!(l.black_hole_ms(), Some(53_000));
    let at = |kind: MomentKind, at_ms: u64| Moment { kind, at_ms, after_fault_ms: at_ms as i64 - 12_000 };
    assert_eq!(
        l.rows(),
        [
            at(MomentKind::LastRenewal, 10_000),
            at(MomentKind::Fault, 12_000),
            at(MomentKind::ServingStops, 12_000),
            at(MomentKind::ClusterKnows, 65_000),
            at(MomentKind::RoutingStops, 65_000),
            at(MomentKind::Tainted, 65_100),
            at(MomentKind::Evicted, 365_100),
            at(MomentKind::ReplacementCreated, 365_100),
        ]
    );
}

#[test]
fn the_network_down_looks_like_the_whole_node_to_the_cluster() {
    let whole = line(NodeFault::WholeNode, 12_000);
    let network = line(NodeFault::Network, 12_000);
    assert_eq!(NodeTimeline { fault: NodeFault::WholeNode, ..network.clone() }, whole);
    // But its pods run on, unreachable: after the replacements, more copies run than believed.
    assert!(network.pods_run_on() && !whole.pods_run_on());
}

#[test]
fn the_runtime_down_keeps_the_lease_and_the_kubelet_reports_not_ready() {
    let l = line(NodeFault::RuntimeDown, 12_000);
    assert_eq!(l.last_renewal_ms, None);
    // Last good runtime check at 10 s; down from 40 s; posted at the 40 s status update.
    assert_eq!(l.knows, Some((40_000, ReadyStatus::False)));
    assert_eq!(l.believed_old_fact_ms(), Some(28_000));
    assert_eq!(l.taint, Some((NOT_READY_TAINT, 40_100)));
    assert_eq!(l.evicted_ms, Some(340_100));
    assert_eq!(l.serving_stops_ms, None);
}

#[test]
fn kube_proxy_down_the_cluster_never_learns() {
    let l = line(NodeFault::KubeProxyDown, 12_000);
    assert_eq!(l.rows(), [Moment { kind: MomentKind::Fault, at_ms: 12_000, after_fault_ms: 0 }]);
    assert_eq!(l.believed_old_fact_ms(), None);
}

#[test]
fn how_long_a_silent_node_is_believed_ready() {
    // Over every ms of a minute: 45 s (the fault at a renewal that then does not happen) up to
    // 55 s less 1 ms (just after one).
    let believed: Vec<u64> =
        (1..=60_000).filter_map(|at| line(NodeFault::KubeletDown, at).believed_old_fact_ms()).collect();
    assert_eq!((believed.iter().min(), believed.iter().max()), (Some(&45_000), Some(&54_999)));
    assert_eq!(line(NodeFault::KubeletDown, 10_000).believed_old_fact_ms(), Some(45_000));
    assert_eq!(line(NodeFault::KubeletDown, 10_001).believed_old_fact_ms(), Some(54_999));
}

#[test]
fn the_grace_period_before_v1_32() {
    let t = NodeTimings { grace_period_ms: GRACE_PERIOD_BEFORE_1_32_MS, ..NodeTimings::default() };
    let l = node_timeline(NodeFault::KubeletDown, 12_000, 3, t).expect("valid");
    assert_eq!(l.knows, Some((55_000, ReadyStatus::Unknown)));
}

#[test]
fn a_zone_of_one_node_is_fully_disrupted_and_evicts_nothing() {
    let l = node_timeline(NodeFault::WholeNode, 12_000, 1, NodeTimings::default()).expect("valid");
    assert_eq!(l.knows, Some((65_000, ReadyStatus::Unknown)));
    assert_eq!((l.taint, l.evicted_ms, l.replacement_ms), (None, None, None));
}

#[test]
fn the_fault_table_in_seconds() {
    let table = fault_table(12_000, 3, NodeTimings::default()).expect("valid");
    let secs = |at: Option<u64>| at.map(|at| (at - 12_000) as f64 / 1000.0);
    let rows: Vec<_> = table
        .iter()
        .map(|l| (l.fault, secs(l.knows.map(|(at, _)| at)), secs(l.routing_stops_ms), secs(l.evicted_ms)))
        .collect();
    assert_eq!(
        rows,
        [
            (NodeFault::KubeletDown, Some(53.0), Some(53.0), Some(353.1)),
            (NodeFault::RuntimeDown, Some(28.0), Some(28.0), Some(328.1)),
            (NodeFault::KubeProxyDown, None, None, None),
            (NodeFault::WholeNode, Some(53.0), Some(53.0), Some(353.1)),
            (NodeFault::Network, Some(53.0), Some(53.0), Some(353.1)),
        ]
    );
    assert!(NodeFault::ALL
        .iter()
        .all(|f| f.silences_lease() == table.iter().any(|l| l.fault == *f && l.last_renewal_ms.is_some())));
}

#[test]
fn bad_input_is_named() {
    assert_eq!(node_timeline(NodeFault::WholeNode, 0, 0, NodeTimings::default()), Err(HaError::NoNodes));
    let t = NodeTimings { grace_period_ms: 1_000, ..NodeTimings::default() };
    assert!(matches!(node_timeline(NodeFault::WholeNode, 0, 3, t), Err(HaError::Timing(_))));
}
