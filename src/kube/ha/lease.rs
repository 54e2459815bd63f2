//! Leader election through a Lease (kube-scheduler, kube-controller-manager) and the kubelet's
//! node Lease, on the clock.
//!
//! The rules follow client-go `tools/leaderelection/leaderelection.go`:
//! - `acquire` calls `tryAcquireOrRenew` every RetryPeriod (with jitter) until it wins; each
//!   try GETs the Lease (a read) and records the moment it first sees a new record
//!   (`observedTime`). The record is valid while `observedTime + LeaseDuration` is after now; a
//!   standby updates the Lease (a write) only once it is not.
//! - After winning, `renew` runs at once and then every RetryPeriod (`wait.Until`); each renewal
//!   is one Lease update (one etcd write; the fast path does no GET). So a replica that wins
//!   writes twice in the same moment (the acquiring update, then the first renewal).
//! - A renewal that keeps failing (the store cannot write) is retried every RetryPeriod until
//!   RenewDeadline has passed since the attempt began; then the leader stops leading, and the
//!   scheduler and the controller manager exit.
//! - Defaults LeaseDuration 15 s, RenewDeadline 10 s, RetryPeriod 2 s (k8s
//!   `staging/src/k8s.io/component-base/config/v1alpha1/defaults.go`).
//!
//! Named assumptions: replica 1 wins at 0 ms; a moment's actions go the holder first, then the
//! standbys by number; the standbys' jitter is a fixed factor ([`LeaseTimings::standby_jitter_permille`],
//! default 0: client-go waits RetryPeriod x (1 + 1.2 x random), so 0 is the shortest wait and
//! the fastest takeover, 1200 the longest); a replica that exits or comes back up rejoins at
//! once as a standby with a new identity (kube-scheduler's identity is the host name plus a
//! fresh UUID, so a restarted process is not the old holder).

use super::{check_changes, Change, HaError};

/// LeaseDuration, ms (component-base `config/v1alpha1/defaults.go`).
pub const LEASE_DURATION_MS: u64 = 15_000;
/// RenewDeadline, ms (same file).
pub const RENEW_DEADLINE_MS: u64 = 10_000;
/// RetryPeriod, ms (same file).
pub const RETRY_PERIOD_MS: u64 = 2_000;
/// client-go's `JitterFactor = 1.2`, in thousandths: the most a standby's wait grows.
pub const MAX_JITTER_PERMILLE: u64 = 1200;
/// The scheduler's Lease (k8s `cmd/kube-scheduler/app/options/options.go`: `ResourceNamespace`
/// "kube-system", `ResourceName` "kube-scheduler").
pub const SCHEDULER_LEASE: &str = "kube-system/kube-scheduler";
/// The controller manager's Lease (k8s `cmd/kube-controller-manager/app/options/options.go`).
pub const CONTROLLER_MANAGER_LEASE: &str = "kube-system/kube-controller-manager";

/// The node Lease's duration, ms (k8s `pkg/kubelet/apis/config/v1beta1/defaults.go`:
/// `NodeLeaseDurationSeconds = 40`).
pub const NODE_LEASE_DURATION_MS: u64 = 40_000;
/// The kubelet renews its node Lease every quarter of its duration, 10 s (k8s
/// `pkg/kubelet/kubelet.go`: `nodeLeaseRenewIntervalFraction = 0.25`).
pub const NODE_LEASE_RENEW_MS: u64 = 10_000;

/// Leader election's timings and the jitter assumption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaseTimings {
    /// LeaseDuration.
    pub lease_duration_ms: u64,
    /// RenewDeadline.
    pub renew_deadline_ms: u64,
    /// RetryPeriod.
    pub retry_period_ms: u64,
    /// Assumption: the standbys wait RetryPeriod x (1000 + this) / 1000 between tries (0 to 1200).
    pub standby_jitter_permille: u64,
}

impl Default for LeaseTimings {
    fn default() -> Self {
        LeaseTimings {
            lease_duration_ms: LEASE_DURATION_MS,
            renew_deadline_ms: RENEW_DEADLINE_MS,
            retry_period_ms: RETRY_PERIOD_MS,
            standby_jitter_permille: 0,
        }
    }
}

impl LeaseTimings {
    fn standby_wait_ms(&self) -> u64 {
        self.retry_period_ms * (1000 + self.standby_jitter_permille) / 1000
    }

    fn check(&self) -> Result<(), HaError> {
        if self.retry_period_ms == 0 {
            return Err(HaError::Timing("RetryPeriod is more than 0 ms"));
        }
        if self.renew_deadline_ms <= self.retry_period_ms || self.lease_duration_ms <= self.renew_deadline_ms
        {
            // client-go's NewLeaderElector refuses the same.
            return Err(HaError::Timing("RetryPeriod < RenewDeadline < LeaseDuration"));
        }
        if self.standby_jitter_permille > MAX_JITTER_PERMILLE {
            return Err(HaError::Timing("the standbys' jitter is 0 to 1200 thousandths (client-go's 1.2)"));
        }
        Ok(())
    }
}

/// A stretch of the clock in which the store accepts no write (etcd without quorum, say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outage {
    /// From this ms.
    pub from_ms: u64,
    /// To this ms (not included).
    pub until_ms: u64,
}

/// Why a tenure ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TenureEnd {
    /// The leader went down.
    Down,
    /// RenewDeadline passed without a renewal: the leader stopped leading (and exits).
    GaveUp,
}

/// One replica's time as leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tenure {
    /// The replica, numbered from 1.
    pub replica: u32,
    /// It won the Lease at this ms.
    pub from_ms: u64,
    /// It stopped leading at this ms, and why (`None`: still leading when the run ended).
    pub until: Option<(u64, TenureEnd)>,
}

/// What a run of the election records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElectionRun {
    /// Who led when, in order.
    pub tenures: Vec<Tenure>,
    /// Each Lease update (an etcd write), in ms.
    pub writes: Vec<u64>,
    /// Each Lease GET (a read) by a replica trying to acquire (the standbys), in ms.
    pub reads: Vec<u64>,
}

impl ElectionRun {
    /// The replica leading at `at_ms`, if any.
    pub fn leader_at(&self, at_ms: u64) -> Option<u32> {
        let leads = |t: &&Tenure| t.from_ms <= at_ms && t.until.is_none_or(|(until, _)| at_ms < until);
        self.tenures.iter().find(leads).map(|t| t.replica)
    }

    /// Lease updates in `[from_ms, until_ms)`.
    pub fn writes_between(&self, from_ms: u64, until_ms: u64) -> usize {
        self.writes.iter().filter(|w| (from_ms..until_ms).contains(*w)).count()
    }

    /// Lease GETs in `[from_ms, until_ms)`.
    pub fn reads_between(&self, from_ms: u64, until_ms: u64) -> usize {
        self.reads.iter().filter(|r| (from_ms..until_ms).contains(*r)).count()
    }
}

/// A leader-elected part: its replicas, timings, replicas down and up, and store outages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Election {
    replicas: u32,
    timings: LeaseTimings,
    changes: Vec<Change>,
    outages: Vec<Outage>,
}

impl Election {
    /// `replicas` (1 to 7) with these timings, replicas going down and up (in time order), and
    /// the stretches in which the store accepts no write.
    pub fn new(
        replicas: u32,
        timings: LeaseTimings,
        changes: Vec<Change>,
        outages: Vec<Outage>,
    ) -> Result<Election, HaError> {
        if !(1..=7).contains(&replicas) {
            return Err(HaError::Replicas(replicas));
        }
        timings.check()?;
        check_changes(&changes, replicas, "replica")?;
        Ok(Election { replicas, timings, changes, outages })
    }

    fn writable(&self, at_ms: u64) -> bool {
        !self.outages.iter().any(|o| (o.from_ms..o.until_ms).contains(&at_ms))
    }

    /// Runs the election from 0 ms to `until_ms` (not included).
    pub fn run(&self, until_ms: u64) -> ElectionRun {
        let mut sim = Sim::new(self);
        let mut now = 0;
        while now < until_ms {
            sim.step(now);
            let next_change = self.changes.iter().map(|c| c.at_ms).find(|t| *t > now);
            let next_try = sim.replicas.iter().filter_map(|r| r.next_ms()).min();
            match [next_change, next_try].into_iter().flatten().min() {
                Some(next) if next > now => now = next,
                _ => break,
            }
        }
        sim.run
    }
}

/// One replica's role in the run.
#[derive(Clone, Copy, Debug)]
enum Role {
    Down,
    /// Tries at `next_ms`; saw `observed` (the record's version) first at `observed_ms`.
    Standby {
        next_ms: u64,
        observed: Option<u64>,
        observed_ms: u64,
    },
    /// Renews at `next_ms`; the current renew attempt began at `attempt_ms`.
    Leader {
        next_ms: u64,
        attempt_ms: u64,
    },
}

impl Role {
    fn next_ms(&self) -> Option<u64> {
        match self {
            Role::Down => None,
            Role::Standby { next_ms, .. } | Role::Leader { next_ms, .. } => Some(*next_ms),
        }
    }
}

struct Sim<'a> {
    election: &'a Election,
    replicas: Vec<Role>,
    /// The Lease's holder and version (each update a new version).
    holder: Option<u32>,
    version: u64,
    run: ElectionRun,
}

impl<'a> Sim<'a> {
    fn new(election: &'a Election) -> Sim<'a> {
        let standby = Role::Standby { next_ms: 0, observed: None, observed_ms: 0 };
        Sim {
            election,
            replicas: vec![standby; election.replicas as usize],
            holder: None,
            version: 0,
            run: ElectionRun { tenures: Vec::new(), writes: Vec::new(), reads: Vec::new() },
        }
    }

    /// Everything at `now`: changes, then the holder, then the standbys by number.
    fn step(&mut self, now: u64) {
        for change in self.election.changes.iter().filter(|c| c.at_ms == now) {
            self.change(*change);
        }
        if let Some(holder) = self.holder {
            self.leader_acts(holder, now);
        }
        for replica in 1..=self.election.replicas {
            self.standby_acts(replica, now);
        }
    }

    fn role(&mut self, replica: u32) -> Option<&mut Role> {
        self.replicas.get_mut(replica.saturating_sub(1) as usize)
    }

    fn change(&mut self, change: Change) {
        let leading = matches!(self.role(change.number), Some(Role::Leader { .. }));
        if !change.up && leading {
            self.end_tenure(change.number, change.at_ms, TenureEnd::Down);
        }
        let role = match change.up {
            true => Role::Standby { next_ms: change.at_ms, observed: None, observed_ms: change.at_ms },
            false => Role::Down,
        };
        let already_up = self.role(change.number).is_some_and(|r| !matches!(r, Role::Down));
        if let Some(slot) = self.role(change.number) {
            // Bringing up a replica that is up changes nothing.
            if !(change.up && already_up) {
                *slot = role;
            }
        }
    }

    fn end_tenure(&mut self, replica: u32, at_ms: u64, why: TenureEnd) {
        if let Some(t) = self.run.tenures.iter_mut().rev().find(|t| t.replica == replica && t.until.is_none())
        {
            t.until = Some((at_ms, why));
        }
    }

    fn update(&mut self, holder: u32, now: u64) -> bool {
        if !self.election.writable(now) {
            return false;
        }
        self.holder = Some(holder);
        self.version += 1;
        self.run.writes.push(now);
        true
    }

    fn leader_acts(&mut self, replica: u32, now: u64) {
        let t = self.election.timings;
        let Some(Role::Leader { next_ms, attempt_ms }) = self.role(replica).copied() else { return };
        if next_ms != now {
            return;
        }
        let give_up_ms = attempt_ms + t.renew_deadline_ms;
        let next = if now >= give_up_ms {
            self.end_tenure(replica, now, TenureEnd::GaveUp);
            // The process exits and comes back as a standby (assumption: at once).
            Role::Standby { next_ms: now, observed: None, observed_ms: now }
        } else if self.update(replica, now) {
            Role::Leader { next_ms: now + t.retry_period_ms, attempt_ms: now + t.retry_period_ms }
        } else {
            Role::Leader { next_ms: (now + t.retry_period_ms).min(give_up_ms), attempt_ms }
        };
        if let Some(slot) = self.role(replica) {
            *slot = next;
        }
    }

    fn standby_acts(&mut self, replica: u32, now: u64) {
        let t = self.election.timings;
        let Some(Role::Standby { next_ms, observed, observed_ms }) = self.role(replica).copied() else {
            return;
        };
        if next_ms != now {
            return;
        }
        self.run.reads.push(now);
        let (observed, observed_ms) =
            if observed == Some(self.version) { (observed, observed_ms) } else { (Some(self.version), now) };
        let valid = self.holder.is_some() && observed_ms + t.lease_duration_ms > now;
        if !valid && self.update(replica, now) {
            self.run.tenures.push(Tenure { replica, from_ms: now, until: None });
            // `renew` starts at once: the first renewal in the same moment.
            self.update(replica, now);
            if let Some(slot) = self.role(replica) {
                *slot =
                    Role::Leader { next_ms: now + t.retry_period_ms, attempt_ms: now + t.retry_period_ms };
            }
            return;
        }
        if let Some(slot) = self.role(replica) {
            *slot = Role::Standby { next_ms: now + t.standby_wait_ms(), observed, observed_ms };
        }
    }
}

/// The failover gap: with `replicas` and replica 1 (the first leader) going down at `down_at_ms`,
/// how long until another replica leads (`None` if none does within two minutes, e.g. alone).
pub fn failover_gap_ms(
    replicas: u32,
    timings: LeaseTimings,
    down_at_ms: u64,
) -> Result<Option<u64>, HaError> {
    let down = Change { number: 1, at_ms: down_at_ms, up: false };
    let run = Election::new(replicas, timings, vec![down], Vec::new())?.run(down_at_ms + 120_000);
    Ok(run.tenures.iter().find(|t| t.replica != 1).map(|t| t.from_ms - down_at_ms))
}

/// The node Lease's name for `node`.
pub fn node_lease_name(node: &str) -> String {
    format!("kube-node-lease/{node}")
}

/// The kubelet's node Lease renewals from 0 ms up to `until_ms`, stopping when the node goes
/// silent at `silent_at_ms` (a renewal due at that very moment does not happen).
/// Assumption: the kubelet's renewals fall on multiples of 10 s from 0 ms.
pub fn node_lease_renewals(silent_at_ms: Option<u64>, until_ms: u64) -> Vec<u64> {
    let end = silent_at_ms.map_or(until_ms, |s| s.min(until_ms));
    (0..end).step_by(NODE_LEASE_RENEW_MS as usize).collect()
}

/// What high availability costs while nothing happens, per minute (counted in a run's second
/// minute, so the first winning writes do not count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietLoad {
    /// Leader Lease renewals (writes), all leader-elected parts together.
    pub leader_renewals: usize,
    /// Standbys' Lease GETs (reads).
    pub standby_reads: usize,
    /// Node Lease renewals (writes).
    pub node_renewals: usize,
}

impl QuietLoad {
    /// Every write per minute.
    pub fn writes(&self) -> usize {
        self.leader_renewals + self.node_renewals
    }
}

/// The quiet load of `parts` (each part's replica count: scheduler, controller manager, ...) and
/// `nodes` kubelets, by running each election for two minutes.
pub fn quiet_load(parts: &[u32], nodes: usize, timings: LeaseTimings) -> Result<QuietLoad, HaError> {
    let mut load = QuietLoad { leader_renewals: 0, standby_reads: 0, node_renewals: 0 };
    for replicas in parts {
        let run = Election::new(*replicas, timings, Vec::new(), Vec::new())?.run(120_000);
        load.leader_renewals += run.writes_between(60_000, 120_000);
        load.standby_reads += run.reads_between(60_000, 120_000);
    }
    let per_node = node_lease_renewals(None, 120_000).iter().filter(|r| **r >= 60_000).count();
    load.node_renewals = nodes * per_node;
    Ok(load)
}
