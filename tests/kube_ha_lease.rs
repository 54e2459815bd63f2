//! Leader election through a Lease and the node Lease (`cplab::kube::ha::lease`), exact on the
//! clock: who leads at each moment, the failover gap, what a store outage does to the leader, and
//! the writes that high availability costs while nothing happens.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::ha::lease::{
    failover_gap_ms, node_lease_name, node_lease_renewals, quiet_load, Election, LeaseTimings, Outage,
    QuietLoad, Tenure, TenureEnd, CONTROLLER_MANAGER_LEASE, SCHEDULER_LEASE,
};
use cplab::kube::ha::{Change, HaError};

fn down(number: u32, at_ms: u64) -> Change {
    Change { number, at_ms, up: false }
}

fn run(
    replicas: u32,
    changes: Vec<Change>,
    outages: Vec<Outage>,
    until_ms: u64,
) -> cplab::kube::ha::lease::ElectionRun {
    Election::new(replicas, LeaseTimings::default(), changes, outages).expect("valid election").run(until_ms)
}

#[test]
fn the_defaults_are_component_bases() {
    let t = LeaseTimings::default();
    assert_eq!(
        (t.lease_duration_ms, t.renew_deadline_ms, t.retry_period_ms, t.standby_jitter_permille),
        (15_000, 10_000, 2_000, 0)
    );
    assert_eq!(
        (SCHEDULER_LEASE, CONTROLLER_MANAGER_LEASE),
        ("kube-system/kube-scheduler", "kube-system/kube-controller-manager")
    );
}

#[test]
fn replica_1_leads_and_renews_every_retry_period() {
    let r = run(3, vec![], vec![], 10_000);
    assert_eq!(r.tenures, [Tenure { replica: 1, from_ms: 0, until: None }]);
    // Winning is one update, the first renewal a second one in the same moment.
    assert_eq!(r.writes, [0, 0, 2000, 4000, 6000, 8000]);
    // Every replica's first try GETs the Lease (replica 1 finds none and creates it); then
    // each standby GETs it every RetryPeriod.
    assert_eq!(r.reads, [0, 0, 0, 2000, 2000, 4000, 4000, 6000, 6000, 8000, 8000]);
    assert_eq!(r.leader_at(9_999), Some(1));
}

#[test]
fn the_failover_gap_when_the_leader_goes_down() {
    let r = run(3, vec![down(1, 10_000)], vec![], 40_000);
    // The last renewal was at 8 s; the standbys saw it then and wait 15 s: their first try
    // after 23 s is at 24 s.
    let first = Tenure { replica: 1, from_ms: 0, until: Some((10_000, TenureEnd::Down)) };
    assert_eq!(r.tenures, [first, Tenure { replica: 2, from_ms: 24_000, until: None }]);
    assert_eq!((r.leader_at(10_000), r.leader_at(23_999), r.leader_at(24_000)), (None, None, Some(2)));
    assert_eq!(r.writes_between(10_000, 24_000), 0);
    let gap = |at| failover_gap_ms(3, LeaseTimings::default(), at).expect("valid");
    assert_eq!(gap(10_000), Some(14_000));
    // A moment after a renewal the gap is longest: 16 s minus 1 ms.
    assert_eq!(gap(10_001), Some(15_999));
    assert_eq!(gap(11_000), Some(15_000));
}

#[test]
fn a_lone_replica_has_no_failover() {
    assert_eq!(failover_gap_ms(1, LeaseTimings::default(), 10_000), Ok(None));
}

#[test]
fn jitter_stretches_the_standbys_wait() {
    // The longest wait client-go's jitter allows: 2 s x 2.2 = 4.4 s between tries.
    let t = LeaseTimings { standby_jitter_permille: 1200, ..LeaseTimings::default() };
    // Tries at 0, 4.4, 8.8, 13.2, 17.6, 22, 26.4 s; the renewal of 8 s is seen at 8.8 s, so
    // the Lease counts as expired from 23.8 s: taken at 26.4 s.
    assert_eq!(failover_gap_ms(3, t, 10_000), Ok(Some(16_400)));
}

#[test]
fn a_store_outage_makes_the_leader_give_up_after_the_renew_deadline() {
    let r = run(3, vec![], vec![Outage { from_ms: 10_000, until_ms: 30_000 }], 40_000);
    // Renewals fail from 10 s; at 20 s RenewDeadline has passed: replica 1 stops leading and
    // comes back as a standby; nobody can write the Lease until 30 s, when replica 2 (which last
    // saw a renewal at 8 s) takes it; replica 1 saw the record fresh at 20 s and still waits.
    let first = Tenure { replica: 1, from_ms: 0, until: Some((20_000, TenureEnd::GaveUp)) };
    assert_eq!(r.tenures, [first, Tenure { replica: 2, from_ms: 30_000, until: None }]);
    assert_eq!(r.leader_at(25_000), None);
    assert_eq!(r.writes_between(10_000, 30_000), 0);
}

#[test]
fn a_short_outage_is_ridden_out() {
    let r = run(2, vec![], vec![Outage { from_ms: 10_000, until_ms: 15_000 }], 30_000);
    assert_eq!(r.tenures, [Tenure { replica: 1, from_ms: 0, until: None }]);
    // Retries at 10, 12 and 14 s fail; 16 s succeeds, then every 2 s again.
    assert_eq!(r.writes_between(8_000, 22_000), 4);
    assert_eq!(
        r.writes.iter().filter(|w| (8_000..22_000).contains(*w)).copied().collect::<Vec<_>>(),
        [8_000, 16_000, 18_000, 20_000]
    );
}

#[test]
fn a_replica_back_up_is_a_standby() {
    let r = run(3, vec![down(1, 10_000), Change { number: 1, at_ms: 40_000, up: true }], vec![], 60_000);
    assert_eq!(r.tenures.len(), 2);
    assert_eq!(r.leader_at(59_000), Some(2));
}

#[test]
fn the_price_of_high_availability_while_nothing_happens() {
    // Scheduler and controller manager, 3 replicas each, and 3 nodes.
    let load = quiet_load(&[3, 3], 3, LeaseTimings::default()).expect("valid");
    assert_eq!(load, QuietLoad { leader_renewals: 60, standby_reads: 120, node_renewals: 18 });
    assert_eq!(load.writes(), 78);
    // One replica each: the same writes, no standby reads.
    let single = quiet_load(&[1, 1], 3, LeaseTimings::default()).expect("valid");
    assert_eq!((single.writes(), single.standby_reads), (78, 0));
}

#[test]
fn the_node_lease() {
    assert_eq!(node_lease_name("node-1"), "kube-node-lease/node-1");
    assert_eq!(node_lease_renewals(None, 30_001), [0, 10_000, 20_000, 30_000]);
    assert_eq!(node_lease_renewals(Some(25_000), 60_000), [0, 10_000, 20_000]);
    // A renewal due at the very moment the node goes silent does not happen.
    assert_eq!(node_lease_renewals(Some(20_000), 60_000), [0, 10_000]);
}

#[test]
fn bad_input_is_named() {
    let t = LeaseTimings::default();
    assert_eq!(Election::new(0, t, vec![], vec![]), Err(HaError::Replicas(0)));
    assert_eq!(Election::new(8, t, vec![], vec![]), Err(HaError::Replicas(8)));
    let no_such = Election::new(2, t, vec![down(3, 0)], vec![]);
    assert_eq!(no_such, Err(HaError::NoSuch { what: "replica", number: 3, count: 2 }));
    let inverted = LeaseTimings { renew_deadline_ms: 20_000, ..t };
    assert!(matches!(Election::new(2, inverted, vec![], vec![]), Err(HaError::Timing(_))));
    let jittery = LeaseTimings { standby_jitter_permille: 1300, ..t };
    assert!(matches!(Election::new(2, jittery, vec![], vec![]), Err(HaError::Timing(_))));
}
