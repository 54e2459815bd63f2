//! The etcd rules of issue 31 (`cplab::kube::ha::etcd`), exact on the clock: quorum, the leader's
//! crash and its election, the majority lost (writes and linearizable reads time out after 7 s
//! with the message a member gives), serializable reads, and "why odd sizes" by experiment.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::ha::etcd::{
    quorum, tolerance_table, Consistency, EtcdCluster, EtcdTimings, LeaderSpan, Outcome, ReadOutcome,
    ToleranceRow, DEADLINE_EXCEEDED, REQUEST_TIMED_OUT,
};
use cplab::kube::ha::{Change, HaError};

fn down(number: u32, at_ms: u64) -> Change {
    Change { number, at_ms, up: false }
}

fn up(number: u32, at_ms: u64) -> Change {
    Change { number, at_ms, up: true }
}

fn cluster(members: u32, changes: Vec<Change>) -> EtcdCluster {
    EtcdCluster::with_changes(members, EtcdTimings::default(), changes).expect("valid cluster")
}

fn done(at_ms: u64) -> Outcome {
    Outcome::Done { at_ms }
}

fn timed_out(at_ms: u64, message: &'static str) -> Outcome {
    Outcome::TimedOut { at_ms, message }
}

#[test]
fn the_defaults_are_etcds() {
    let t = EtcdTimings::default();
    assert_eq!((t.heartbeat_ms, t.election_timeout_ms, t.new_leader_ms), (100, 1000, 1500));
    // 5 s + 2 x election timeout.
    assert_eq!(t.request_timeout_ms(), 7000);
}

#[test]
fn quorum_is_a_majority() {
    let quorums: Vec<u32> = (1..=7).map(quorum).collect();
    assert_eq!(quorums, [1, 2, 2, 3, 3, 4, 4]);
}

#[test]
fn why_odd_sizes_by_experiment() {
    let row = |members, quorum, tolerates| ToleranceRow { members, quorum, tolerates };
    // 3 and 4 both survive one loss; only 5 survives two: a 4th member adds no tolerance.
    assert_eq!(
        tolerance_table(EtcdTimings::default()),
        [row(1, 1, 0), row(2, 2, 0), row(3, 2, 1), row(4, 3, 1), row(5, 3, 2), row(6, 4, 2), row(7, 4, 3)]
    );
}

#[test]
fn a_healthy_cluster_writes_at_once_with_member_1_leading() {
    let c = cluster(3, vec![]);
    assert_eq!(c.leader_at(0), Some(1));
    assert_eq!(c.write_outcome(5000), done(5000));
    assert_eq!(
        c.read_outcome(Consistency::Linearizable, 5000),
        ReadOutcome { outcome: done(5000), possibly_stale: false }
    );
    assert_eq!(c.spans(), [LeaderSpan { from_ms: 0, leader: Some(1), believed: true, quorum: true }]);
}

#[test]
fn one_follower_down_writes_go_on() {
    let c = cluster(3, vec![down(3, 1000)]);
    assert_eq!(c.up_at(2000), 2);
    assert!(!c.is_up(3, 1000) && c.is_up(3, 999));
    // There is no member 0 or 4.
    assert!(!c.is_up(0, 0) && !c.is_up(4, 0));
    assert_eq!(c.leader_at(2000), Some(1));
    assert_eq!(c.write_outcome(2000), done(2000));
}

#[test]
fn the_leaders_crash_stops_writes_for_an_election() {
    let c = cluster(3, vec![down(1, 10_000)]);
    assert_eq!(c.leader_at(9_999), Some(1));
    assert_eq!(c.leader_at(10_000), None);
    assert_eq!(c.leader_at(11_499), None);
    // The lowest-numbered member up wins, 1500 ms after the crash.
    assert_eq!(c.leader_at(11_500), Some(2));
    // A write meanwhile waits for the new leader, then commits.
    assert_eq!(c.write_outcome(10_200), done(11_500));
    assert_eq!(c.write_outcome(12_000), done(12_000));
    let span = |from_ms, leader, believed| LeaderSpan { from_ms, leader, believed, quorum: true };
    assert_eq!(
        c.spans(),
        [
            span(0, Some(1), true),
            span(10_000, None, true),
            span(11_000, None, false),
            span(11_500, Some(2), true)
        ]
    );
}

#[test]
fn the_majority_lost_with_the_leader_alive() {
    let c = cluster(3, vec![down(2, 10_000), down(3, 10_000)]);
    // The leader acts on until CheckQuorum steps it down, one election timeout later.
    assert_eq!(c.leader_at(10_999), Some(1));
    assert_eq!(c.leader_at(11_000), None);
    // While it still leads, the proposal enters raft and times out with etcd's own error ...
    assert_eq!(c.write_outcome(10_000), timed_out(17_000, REQUEST_TIMED_OUT));
    // ... after it stepped down, raft takes no proposal and the deadline's error comes back.
    assert_eq!(c.write_outcome(12_000), timed_out(19_000, DEADLINE_EXCEEDED));
    // A linearizable read times out inside etcd either way; a serializable one answers.
    let linearizable = c.read_outcome(Consistency::Linearizable, 12_000);
    assert_eq!(
        linearizable,
        ReadOutcome { outcome: timed_out(19_000, REQUEST_TIMED_OUT), possibly_stale: false }
    );
    let serializable = c.read_outcome(Consistency::Serializable, 12_000);
    assert_eq!(serializable, ReadOutcome { outcome: done(12_000), possibly_stale: true });
}

#[test]
fn the_majority_lost_with_the_leader() {
    let c = cluster(3, vec![down(1, 10_000), down(2, 10_000)]);
    assert_eq!(c.leader_at(10_000), None);
    // Member 3 believes in the crashed leader for one election timeout.
    assert_eq!(c.write_outcome(10_999), timed_out(17_999, REQUEST_TIMED_OUT));
    assert_eq!(c.write_outcome(11_000), timed_out(18_000, DEADLINE_EXCEEDED));
    assert_eq!(c.leader_at(60_000), None);
}

#[test]
fn the_quorum_regained_elects_a_leader_and_waiting_writes_commit() {
    let c = cluster(3, vec![down(2, 10_000), down(3, 10_000), up(2, 20_000)]);
    assert_eq!(c.leader_at(20_000), None);
    assert_eq!(c.leader_at(21_500), Some(1));
    // Sent at 15 s, the write waits until 21.5 s, within its 7 s.
    assert_eq!(c.write_outcome(15_000), done(21_500));
    // Sent at 12 s, its deadline (19 s) comes first.
    assert_eq!(c.write_outcome(12_000), timed_out(19_000, DEADLINE_EXCEEDED));
}

#[test]
fn every_member_down_nobody_answers() {
    let c = cluster(3, vec![down(1, 0), down(2, 0), down(3, 0)]);
    assert_eq!(c.write_outcome(1000), Outcome::NoMemberUp);
    assert_eq!(c.read_outcome(Consistency::Serializable, 1000).outcome, Outcome::NoMemberUp);
    assert_eq!(c.read_outcome(Consistency::Linearizable, 1000).outcome, Outcome::NoMemberUp);
}

#[test]
fn a_lone_member_is_no_high_availability() {
    let c = cluster(1, vec![down(1, 5000), up(1, 8000)]);
    assert_eq!(c.write_outcome(6000), Outcome::NoMemberUp);
    // Back up, it elects itself after the assumed election time.
    assert_eq!(c.leader_at(9_499), None);
    assert_eq!(c.leader_at(9_500), Some(1));
    assert_eq!(c.write_outcome(8000), done(9_500));
}

#[test]
fn a_second_crash_during_an_election_waits_again() {
    // 5 members: 1 crashes, then 2 (the next in line) just before the election ends.
    let c = cluster(5, vec![down(1, 10_000), down(2, 11_000)]);
    assert_eq!(c.leader_at(11_500), Some(3));
    assert_eq!(c.write_outcome(10_500), done(11_500));
}

#[test]
fn bad_input_is_named() {
    let t = EtcdTimings::default();
    assert_eq!(EtcdCluster::new(0, t), Err(HaError::Members(0)));
    assert_eq!(EtcdCluster::new(8, t), Err(HaError::Members(8)));
    let no_such = EtcdCluster::with_changes(3, t, vec![down(4, 0)]);
    assert_eq!(no_such, Err(HaError::NoSuch { what: "member", number: 4, count: 3 }));
    let late = EtcdCluster::with_changes(3, t, vec![down(1, 500), up(1, 100)]);
    assert_eq!(late, Err(HaError::OutOfOrder { at_ms: 100, previous_ms: 500 }));
    assert_eq!(HaError::Members(8).to_string(), "an etcd cluster has 1 to 7 members, not 8");
    let zero = EtcdTimings { new_leader_ms: 0, ..t };
    assert!(matches!(EtcdCluster::new(3, zero), Err(HaError::Timing(_))));
}
