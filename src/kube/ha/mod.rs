//! High availability and the node side (issue 31), as pure, standalone rules on a millisecond
//! clock: an etcd cluster's quorum and leader ([`etcd`]), leader election through a Lease and the
//! kubelet's node Lease ([`lease`]), and the node lifecycle controller's timeline for a silent
//! node ([`node_lifecycle`]). Each takes its inputs (members, replicas, faults at times) and
//! returns data; the simulation in `src/kube/` wires them in. Every default cites its source;
//! every delay Kubernetes does not fix is a named assumption (docs/kube-ha.md lists them all).

pub mod etcd;
pub mod lease;
pub mod node_lifecycle;

use std::fmt;

/// Bad input to one of these rules: what is wrong, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HaError {
    /// An etcd cluster has 1 to 7 members (etcd's FAQ: more than 7 is not recommended).
    Members(u32),
    /// A leader-elected part runs 1 to 7 replicas here.
    Replicas(u32),
    /// A member or replica number outside `1..=count`.
    NoSuch {
        /// "member" or "replica".
        what: &'static str,
        /// The number asked for.
        number: u32,
        /// How many there are.
        count: u32,
    },
    /// Changes must come in time order: this one is earlier than the one before it.
    OutOfOrder {
        /// The change's time.
        at_ms: u64,
        /// The previous change's time.
        previous_ms: u64,
    },
    /// A timing that must be positive is zero, or one that must be shorter is not.
    Timing(&'static str),
    /// A zone has at least the one node that goes silent.
    NoNodes,
}

impl fmt::Display for HaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HaError::Members(n) => write!(f, "an etcd cluster has 1 to 7 members, not {n}"),
            HaError::Replicas(n) => write!(f, "a part runs 1 to 7 replicas, not {n}"),
            HaError::NoSuch { what, number, count } => {
                write!(f, "there is no {what} {number}: they are numbered 1 to {count}")
            }
            HaError::OutOfOrder { at_ms, previous_ms } => {
                write!(
                    f,
                    "a change at {at_ms} ms comes after one at {previous_ms} ms: give changes in time order"
                )
            }
            HaError::Timing(what) => write!(f, "timing: {what}"),
            HaError::NoNodes => write!(f, "a zone has at least one node (the one that goes silent)"),
        }
    }
}

impl std::error::Error for HaError {}

/// One member or replica going down or coming back at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The member or replica, numbered from 1.
    pub number: u32,
    /// When, in ms on the clock.
    pub at_ms: u64,
    /// `true`: it comes back up; `false`: it goes down.
    pub up: bool,
}

/// Checks a list of changes against `count` and time order (shared by etcd and the leases).
fn check_changes(changes: &[Change], count: u32, what: &'static str) -> Result<(), HaError> {
    let mut previous_ms = 0;
    for change in changes {
        if change.number == 0 || change.number > count {
            return Err(HaError::NoSuch { what, number: change.number, count });
        }
        if change.at_ms < previous_ms {
            return Err(HaError::OutOfOrder { at_ms: change.at_ms, previous_ms });
        }
        previous_ms = change.at_ms;
    }
    Ok(())
}

/// The first multiple of `period` at or after `at` (a periodic loop started at 0 ms).
fn tick_at_or_after(at: u64, period: u64) -> u64 {
    at.div_ceil(period) * period
}

/// The first multiple of `period` strictly after `at`.
fn tick_after(at: u64, period: u64) -> u64 {
    (at / period + 1) * period
}

/// The last multiple of `period` strictly before `at` (0 when `at` is 0: the start counts).
fn tick_before(at: u64, period: u64) -> u64 {
    at.saturating_sub(1) / period * period
}
