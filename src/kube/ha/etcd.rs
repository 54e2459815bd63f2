//! An etcd cluster of 1 to 7 members on the clock: its quorum, its leader, and what a write or a
//! read gets at a moment when members are down.
//!
//! The rules, each with its source:
//! - A write needs a quorum of `n/2 + 1` members (etcd-io/raft `quorum/majority.go`,
//!   `MajorityConfig.CommittedIndex`: the index a majority has).
//! - Member 1 leads at the start (a named choice: the run is deterministic; real raft elects
//!   whichever member's randomized timeout fires first).
//! - The leader's crash stops writes for an election: a new leader after [`NEW_LEADER_MS`]
//!   (an assumption, measured against real etcd by `tests/etcd_real.rs`), the lowest-numbered
//!   member up (a named choice again). Writes arriving meanwhile wait and then commit.
//! - With the majority lost no write commits: it fails after etcd's request timeout,
//!   5 s + 2 x election timeout = 7 s (etcd `server/config/config.go`, `ReqTimeout`).
//! - The message depends on whether the member still believes in a leader (measured here, see
//!   docs/kube-ha.md): the proposal then enters raft and times out with
//!   `etcdserver: request timed out`; once the member has no leader, raft does not take the
//!   proposal and the same deadline ends it with `context deadline exceeded`. A member keeps its
//!   belief for one election timeout: a follower until its election timer fires, a leader until
//!   CheckQuorum steps it down (etcd `server/etcdserver/raft.go` sets `CheckQuorum: true`).
//! - A linearizable read needs the leader and a quorum (ReadIndex); without them it fails after
//!   the request timeout with `etcdserver: request timed out`. A serializable read answers at
//!   once from the member's own copy, possibly stale (etcd docs `learning/api_guarantees.md`).
//! - Heartbeat 100 ms, election timeout 1000 ms (etcd `server/embed/config.go`, `NewConfig`:
//!   `TickMs: 100`, `ElectionMs: 1000`).

use super::{check_changes, Change, HaError};

/// Heartbeat interval, ms (etcd `server/embed/config.go`: `TickMs: 100`).
pub const HEARTBEAT_MS: u64 = 100;
/// Election timeout, ms (etcd `server/embed/config.go`: `ElectionMs: 1000`).
pub const ELECTION_TIMEOUT_MS: u64 = 1000;
/// Assumption: the time from the leader's crash to a new leader, ms. Raft's followers wait a
/// randomized timeout in [election, 2 x election) after the last heartbeat, then one vote round
/// trip: 1000 to 2000 ms on a local network; the model takes the middle. Measured with real
/// etcd 3.4.23 (3 members on 127.0.0.1, the leader SIGKILLed, `tests/etcd_real.rs`): 961 to
/// 2316 ms over 12 crashes, median 1364 ms, mean 1517 ms (docs/kube-ha.md). A graceful stop
/// (SIGTERM) hands leadership over instead: 37 to 137 ms; the model's crash is a SIGKILL.
pub const NEW_LEADER_MS: u64 = 1500;
/// Most members: etcd's FAQ recommends odd sizes up to 7.
pub const MAX_MEMBERS: u32 = 7;

/// What etcd says when a proposal it took into raft is not committed in time (etcd v3.4
/// `etcdserver/errors.go`, `ErrTimeout`, returned by `parseProposeCtxErr` once the member's
/// leader is none, gRPC code Unavailable; the etcd client returns it as this text).
pub const REQUEST_TIMED_OUT: &str = "etcdserver: request timed out";
/// What the client gets when the member had no leader to take the proposal. etcd v3.4: raft's
/// node drops its proposal channel without a leader (`raft/node.go`, `run`: `propc = nil`), so
/// `Propose` returns the request's own deadline error after etcd's 7 s (`etcdserver/
/// v3_server.go`, `processInternalRaftRequestOnce` returns it as it is, without
/// `parseProposeCtxErr`); `togRPCError` (`etcdserver/api/v3rpc/util.go`) leaves
/// `context.DeadlineExceeded` to the gRPC server, which sends a non-status error as code Unknown
/// with its text (grpc-go `server.go`, `processUnaryRPC`). The etcd client keeps an error it
/// does not know as it came (`rpctypes.Error`), so kube-apiserver and etcdctl both print this
/// (measured with etcd 3.4.23, tests/etcd_real.rs).
pub const DEADLINE_EXCEEDED: &str = "rpc error: code = Unknown desc = context deadline exceeded";

/// The cluster's timings. [`EtcdTimings::default`] holds etcd's defaults and the model's one
/// assumption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EtcdTimings {
    /// Heartbeat interval (kept for display; the rules below use the election timeout).
    pub heartbeat_ms: u64,
    /// Election timeout.
    pub election_timeout_ms: u64,
    /// Assumption: crash of the leader to a new leader ([`NEW_LEADER_MS`]).
    pub new_leader_ms: u64,
}

impl Default for EtcdTimings {
    fn default() -> Self {
        EtcdTimings {
            heartbeat_ms: HEARTBEAT_MS,
            election_timeout_ms: ELECTION_TIMEOUT_MS,
            new_leader_ms: NEW_LEADER_MS,
        }
    }
}

impl EtcdTimings {
    /// etcd's request timeout: 5 s + 2 x election timeout (etcd `server/config/config.go`).
    pub fn request_timeout_ms(&self) -> u64 {
        5000 + 2 * self.election_timeout_ms
    }
}

/// The quorum of `members`: `members / 2 + 1` (etcd-io/raft `quorum/majority.go`).
pub fn quorum(members: u32) -> u32 {
    members / 2 + 1
}

/// A read's consistency (etcd's `--consistency=l` or `s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consistency {
    /// The default: confirmed with the leader and a quorum.
    Linearizable,
    /// From the member's own copy, without asking anyone.
    Serializable,
}

/// What a write (or a linearizable read) sent at a moment gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done at `at_ms`: at once, or after waiting for a new leader.
    Done {
        /// When it is answered.
        at_ms: u64,
    },
    /// Failed at `at_ms` (the request timeout after it was sent) with etcd's message.
    TimedOut {
        /// When it fails.
        at_ms: u64,
        /// What the client is told.
        message: &'static str,
    },
    /// No member is up: the client cannot connect at all.
    NoMemberUp,
}

/// What a read gets: as [`Outcome`], and whether the answer may be stale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadOutcome {
    /// Answered, failed, or nobody to ask.
    pub outcome: Outcome,
    /// A serializable answer comes from one member's copy, which may lag.
    pub possibly_stale: bool,
}

/// A stretch of the clock with one leader situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderSpan {
    /// From this ms (to the next span's start).
    pub from_ms: u64,
    /// The member acting as leader, if any (it may lack a quorum until it steps down).
    pub leader: Option<u32>,
    /// The members still believe in a leader (acting, or crashed less than an election
    /// timeout ago): a write then enters raft.
    pub believed: bool,
    /// A quorum of members is up.
    pub quorum: bool,
}

/// An etcd cluster: members, timings and the changes (members down and up at times).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EtcdCluster {
    members: u32,
    timings: EtcdTimings,
    changes: Vec<Change>,
    spans: Vec<LeaderSpan>,
}

impl EtcdCluster {
    /// A cluster of `members` (1 to 7), all up, member 1 leading from 0 ms.
    pub fn new(members: u32, timings: EtcdTimings) -> Result<EtcdCluster, HaError> {
        EtcdCluster::with_changes(members, timings, Vec::new())
    }

    /// A cluster with members going down and up at times (in time order).
    pub fn with_changes(
        members: u32,
        timings: EtcdTimings,
        changes: Vec<Change>,
    ) -> Result<EtcdCluster, HaError> {
        if !(1..=MAX_MEMBERS).contains(&members) {
            return Err(HaError::Members(members));
        }
        if timings.election_timeout_ms == 0 || timings.new_leader_ms == 0 {
            return Err(HaError::Timing("the election timeout and the new leader's time are more than 0 ms"));
        }
        check_changes(&changes, members, "member")?;
        let spans = leader_spans(members, &timings, &changes);
        Ok(EtcdCluster { members, timings, changes, spans })
    }

    /// How many members.
    pub fn members(&self) -> u32 {
        self.members
    }

    /// The quorum: `members / 2 + 1`.
    pub fn quorum(&self) -> u32 {
        quorum(self.members)
    }

    /// The timings in use.
    pub fn timings(&self) -> EtcdTimings {
        self.timings
    }

    /// The leader situation over time, first span at 0 ms.
    pub fn spans(&self) -> &[LeaderSpan] {
        &self.spans
    }

    /// Whether member `number` is up at `at_ms` (a change at a moment applies from it on).
    pub fn is_up(&self, number: u32, at_ms: u64) -> bool {
        number > 0
            && up_set_at(self.members, &self.changes, at_ms).get(index(number)).copied().unwrap_or(false)
    }

    /// How many members are up at `at_ms`.
    pub fn up_at(&self, at_ms: u64) -> u32 {
        count(&up_set_at(self.members, &self.changes, at_ms))
    }

    /// The member acting as leader at `at_ms`, if any.
    pub fn leader_at(&self, at_ms: u64) -> Option<u32> {
        self.span_at(at_ms).leader
    }

    /// What a write sent at `at_ms` gets.
    pub fn write_outcome(&self, at_ms: u64) -> Outcome {
        self.committed_by(at_ms, REQUEST_TIMED_OUT, DEADLINE_EXCEEDED)
    }

    /// What a read sent at `at_ms` gets.
    pub fn read_outcome(&self, consistency: Consistency, at_ms: u64) -> ReadOutcome {
        match consistency {
            // ReadIndex times out inside etcd with its own error, leader or not (measured).
            Consistency::Linearizable => ReadOutcome {
                outcome: self.committed_by(at_ms, REQUEST_TIMED_OUT, REQUEST_TIMED_OUT),
                possibly_stale: false,
            },
            Consistency::Serializable => ReadOutcome {
                outcome: if self.up_at(at_ms) == 0 { Outcome::NoMemberUp } else { Outcome::Done { at_ms } },
                possibly_stale: true,
            },
        }
    }

    /// The first moment from `at_ms` on with a leader and a quorum, if within the request
    /// timeout; otherwise the timeout with the message for a member that believes in a leader
    /// (`believed`) or not (`leaderless`).
    fn committed_by(&self, at_ms: u64, believed: &'static str, leaderless: &'static str) -> Outcome {
        if self.up_at(at_ms) == 0 {
            return Outcome::NoMemberUp;
        }
        let deadline = at_ms + self.timings.request_timeout_ms();
        let ready = |s: &LeaderSpan| s.leader.is_some() && s.quorum;
        let now = self.span_at(at_ms);
        if ready(&now) {
            return Outcome::Done { at_ms };
        }
        if let Some(span) = self.spans.iter().find(|s| s.from_ms > at_ms && s.from_ms < deadline && ready(s))
        {
            return Outcome::Done { at_ms: span.from_ms };
        }
        let message = if now.believed { believed } else { leaderless };
        Outcome::TimedOut { at_ms: deadline, message }
    }

    fn span_at(&self, at_ms: u64) -> LeaderSpan {
        // The first span starts at 0 ms, so one is always found.
        let none = LeaderSpan { from_ms: 0, leader: None, believed: false, quorum: false };
        self.spans.iter().rev().find(|s| s.from_ms <= at_ms).copied().unwrap_or(none)
    }
}

/// The members' numbers as indexes into an up-set (member 1 at index 0).
fn index(number: u32) -> usize {
    number.saturating_sub(1) as usize
}

fn count(up: &[bool]) -> u32 {
    up.iter().filter(|u| **u).count() as u32
}

fn up_set_at(members: u32, changes: &[Change], at_ms: u64) -> Vec<bool> {
    let mut up = vec![true; members as usize];
    for change in changes.iter().take_while(|c| c.at_ms <= at_ms) {
        up[index(change.number)] = change.up;
    }
    up
}

/// The leader situation over time: a walk over the changes and the timed events they start
/// (an election ending, a leader without quorum stepping down, a crashed leader forgotten).
fn leader_spans(members: u32, timings: &EtcdTimings, changes: &[Change]) -> Vec<LeaderSpan> {
    let mut walk = Walk { members, timings: *timings, spans: Vec::new(), leader: Some(1), ..Walk::default() };
    walk.settle(0, &up_set_at(members, changes, 0));
    let mut at = 0;
    loop {
        let next_change = changes.iter().map(|c| c.at_ms).find(|t| *t > at);
        let next_timer = [walk.election_ends, walk.step_down, walk.forget].into_iter().flatten().min();
        let Some(next) = [next_change, next_timer].into_iter().flatten().min() else { break };
        at = next;
        walk.fire_timers(at, &up_set_at(members, changes, at));
        walk.settle(at, &up_set_at(members, changes, at));
    }
    walk.spans
}

/// The state of [`leader_spans`]'s walk.
#[derive(Default)]
struct Walk {
    members: u32,
    timings: EtcdTimings,
    spans: Vec<LeaderSpan>,
    leader: Option<u32>,
    /// The members believe in a crashed leader until `forget`.
    forget: Option<u64>,
    election_ends: Option<u64>,
    step_down: Option<u64>,
}

impl Walk {
    fn fire_timers(&mut self, at: u64, up: &[bool]) {
        if self.election_ends == Some(at) {
            self.election_ends = None;
            self.leader = up.iter().position(|u| *u).map(|i| i as u32 + 1);
            self.forget = None;
        }
        if self.step_down == Some(at) {
            self.step_down = None;
            self.leader = None;
        }
        if self.forget == Some(at) {
            self.forget = None;
        }
    }

    /// Applies the up-set at `at`: a crashed leader, a quorum lost or regained.
    fn settle(&mut self, at: u64, up: &[bool]) {
        let has_quorum = count(up) >= quorum(self.members);
        if let Some(l) = self.leader {
            if !up[index(l)] {
                self.leader = None;
                self.step_down = None;
                self.forget = Some(at + self.timings.election_timeout_ms);
            }
        }
        match (self.leader, has_quorum) {
            // A leader cut off from the quorum steps down one election timeout later (CheckQuorum).
            (Some(_), false) if self.step_down.is_none() => {
                self.step_down = Some(at + self.timings.election_timeout_ms)
            }
            (Some(_), true) => self.step_down = None,
            (None, true) if self.election_ends.is_none() => {
                self.election_ends = Some(at + self.timings.new_leader_ms)
            }
            (None, false) => self.election_ends = None,
            _ => {}
        }
        let span = LeaderSpan {
            from_ms: at,
            leader: self.leader,
            believed: self.leader.is_some() || self.forget.is_some(),
            quorum: has_quorum,
        };
        match self.spans.last_mut() {
            Some(last) if last.from_ms == at => *last = span,
            Some(last)
                if (last.leader, last.believed, last.quorum) == (span.leader, span.believed, span.quorum) => {
            }
            _ => self.spans.push(span),
        }
    }
}

/// One row of "why odd sizes": for a cluster of `members`, its quorum and how many members it can
/// lose (the leader among them, the worst case) and still commit a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToleranceRow {
    /// Cluster size.
    pub members: u32,
    /// Its quorum.
    pub quorum: u32,
    /// Members it can lose and still write, found by running the model.
    pub tolerates: u32,
}

/// "Why odd sizes", by experiment on the model: for 1 to 7 members, take down members 1, 2, ...
/// (the leader first) and find the most losses after which a write still commits.
pub fn tolerance_table(timings: EtcdTimings) -> Vec<ToleranceRow> {
    (1..=MAX_MEMBERS)
        .map(|members| {
            let survives = |lost: u32| -> bool {
                let changes = (1..=lost).map(|number| Change { number, at_ms: 1000, up: false }).collect();
                EtcdCluster::with_changes(members, timings, changes)
                    .map(|c| matches!(c.write_outcome(60_000), Outcome::Done { .. }))
                    .unwrap_or(false)
            };
            let tolerates = (0..members).take_while(|lost| survives(*lost)).last().unwrap_or(0);
            ToleranceRow { members, quorum: quorum(members), tolerates }
        })
        .collect()
}
