//! Traffic that keeps the cluster alive rather than serving the request a student follows:
//! which requests are background, of what kind, and how many of each a log holds. A student
//! sees the request's journey first and the background as such, counted, never mixed in.

use super::event::ObjectReference;
use super::identity::Component;
use super::row::{Op, RequestRow, Tally};

/// The kinds of background traffic, in the order they are counted and printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Background {
    /// `leases` of `coordination.k8s.io`: leader election and node heartbeats
    /// (https://kubernetes.io/docs/concepts/architecture/leases/).
    Lease,
    /// A write of an Event (core `events` or `events.k8s.io`).
    Event,
    /// A kubelet's write of its Node's `status`: the other node heartbeat ("updates to the
    /// `.status` of a Node", https://kubernetes.io/docs/concepts/architecture/nodes/#node-heartbeats).
    NodeStatus,
    /// kube-apiserver's health endpoints `/healthz`, `/livez`, `/readyz` and their checks
    /// (https://kubernetes.io/docs/reference/using-api/health-checks/), which probes call
    /// over and over.
    Health,
}

impl Background {
    /// Every kind, in order.
    pub const ALL: [Background; 4] =
        [Background::Lease, Background::Event, Background::NodeStatus, Background::Health];

    /// The kind's name as the trace prints it.
    pub fn name(self) -> &'static str {
        match self {
            Background::Lease => "leases",
            Background::Event => "events",
            Background::NodeStatus => "node status",
            Background::Health => "health checks",
        }
    }
}

/// The health endpoints' paths (health-checks.md); each may be followed by `/<check>`.
const HEALTH_PATHS: [&str; 3] = ["/healthz", "/livez", "/readyz"];

/// The background kind of a request, from its target, verb, sender and path.
pub(super) fn background_of(
    object: &ObjectReference,
    op: Op,
    component: &Component,
    path: &str,
) -> Option<Background> {
    match (object.resource.as_str(), object.api_group.as_str()) {
        ("leases", "coordination.k8s.io") => return Some(Background::Lease),
        ("events", "" | "events.k8s.io") if op == Op::Write => return Some(Background::Event),
        ("nodes", "")
            if object.subresource == "status"
                && op == Op::Write
                && matches!(component, Component::Kubelet(n) if *n == object.name) =>
        {
            return Some(Background::NodeStatus)
        }
        _ => {}
    }
    let health = HEALTH_PATHS
        .iter()
        .any(|p| path.strip_prefix(p).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')));
    (object.resource.is_empty() && health).then_some(Background::Health)
}

/// One kind's count: its requests, and the writes to etcd the log records for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KindCount {
    pub requests: u64,
    pub writes: u64,
}

/// How much of a log is background, kind by kind (in [`Background::ALL`]'s order), and how much
/// is the request's journey.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BackgroundCounts {
    pub journey: KindCount,
    pub kinds: [KindCount; 4],
}

impl BackgroundCounts {
    /// Counts `rows`: the one rule every view and the CLI count background by.
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a RequestRow>) -> BackgroundCounts {
        let mut counts = BackgroundCounts::default();
        for row in rows {
            counts.add(row);
        }
        counts
    }

    /// Adds one row.
    pub fn add(&mut self, row: &RequestRow) {
        let slot = match row.background {
            None => &mut self.journey,
            Some(kind) => &mut self.kinds[kind as usize],
        };
        slot.requests += 1;
        slot.writes += written(row.writes);
    }

    /// The count of one kind.
    pub fn kind(&self, kind: Background) -> KindCount {
        self.kinds[kind as usize]
    }

    /// All background kinds together.
    pub fn background(&self) -> KindCount {
        self.kinds.iter().fold(KindCount::default(), |a, k| KindCount {
            requests: a.requests + k.requests,
            writes: a.writes + k.writes,
        })
    }

    /// `leases 6 (3 writes), events 7 (7 writes), node status 0, health checks 0`.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = Background::ALL
            .iter()
            .map(|&kind| {
                let k = self.kind(kind);
                match k.writes {
                    0 => format!("{} {}", kind.name(), k.requests),
                    1 => format!("{} {} (1 write)", kind.name(), k.requests),
                    n => format!("{} {} ({n} writes)", kind.name(), k.requests),
                }
            })
            .collect();
        parts.join(", ")
    }
}

/// Writes a row records (none where the log does not say).
pub fn written(t: Tally) -> u64 {
    if let Tally::Counted(n) = t {
        n
    } else {
        0
    }
}
