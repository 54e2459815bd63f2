//! The timeline of a kube run's high availability and node side (issue 31), on the clock, for
//! the page's timeline view: each Lease's holder and the stretch in which it is expiring (held
//! by a replica that is gone), etcd's leader and quorum, each node's Ready condition, and the
//! scrubber's marks ("writes stopped", "new pods wait", "node NotReady", "pods evicted",
//! "replacements running"), each with the cursor (steps shown) at its moment. A pure function
//! of the run's trace; the marks are `kube::ha_marks`'s, the ones the blast row's seconds use.

use crate::kube::blast::seconds;
use crate::kube::ha::lease::LEASE_DURATION_MS;
use crate::kube::ha_marks::{marks, MarkKind};
use crate::kube::Run;

/// A stretch of the clock with one value: `[from_ms, until_ms)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span<T> {
    /// From (ms).
    pub from_ms: u64,
    /// Until (ms, not included): the next span's start or the run's end.
    pub until_ms: u64,
    /// What holds over it.
    pub value: T,
}

/// Who holds a Lease over a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A replica leads and renews (`kube-scheduler/1`).
    Leads(String),
    /// The holder is gone; the Lease is still valid until its last renewal + LeaseDuration.
    Expiring(String),
    /// Nobody holds a valid Lease.
    Free,
}

/// etcd over a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EtcdState {
    /// The leader (`etcd/2`), if any.
    pub leader: Option<String>,
    /// Whether a quorum of members is up.
    pub quorum: bool,
}

/// A mark on the scrubber.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScrubMark {
    /// When (ms).
    pub at_ms: u64,
    /// The words (`node NotReady`).
    pub label: &'static str,
    /// Of what (`node-2`, `etcd`).
    pub what: String,
    /// The cursor that shows the run up to and including that moment.
    pub cursor: usize,
}

/// The whole timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KubeTimeline {
    /// The run's end (ms).
    pub end_ms: u64,
    /// Each Lease (`kube-system/kube-scheduler`) and its holders; empty without the Lease side.
    pub leases: Vec<(String, Vec<Span<Holder>>)>,
    /// etcd's leader and quorum.
    pub etcd: Vec<Span<EtcdState>>,
    /// Each node and its Ready condition (`True`, `Unknown`, `False`).
    pub nodes: Vec<(String, Vec<Span<&'static str>>)>,
    /// The scrubber's marks, in time order.
    pub marks: Vec<ScrubMark>,
}

/// The marks the scrubber carries.
const SCRUBBER: [MarkKind; 8] = [
    MarkKind::WritesStopped,
    MarkKind::NewPodsWait,
    MarkKind::NodeNotReady,
    MarkKind::PodsEvicted,
    MarkKind::ReplacementsRunning,
    MarkKind::Snapshot,
    MarkKind::Restored,
    MarkKind::NodeBack,
];

/// Spans from changes `(at, value)` in time order, starting with `first` at 0 and ending at
/// `end`; a change to the same value, or at the same moment, folds into the span.
fn spans<T: Clone + PartialEq>(first: T, changes: Vec<(u64, T)>, end: u64) -> Vec<Span<T>> {
    let mut out = vec![Span { from_ms: 0, until_ms: end, value: first }];
    for (at, value) in changes {
        let Some(last) = out.last_mut() else { break };
        if last.value == value {
            continue;
        }
        if last.from_ms == at {
            last.value = value;
            continue;
        }
        last.until_ms = at;
        out.push(Span { from_ms: at, until_ms: end, value });
    }
    out
}

fn lease_lane(run: &Run, part: &str) -> Vec<Span<Holder>> {
    let mut changes = Vec::new();
    let mut last_renewal: Option<(u64, String)> = None;
    for s in &run.trace {
        let (name, _) = s.component.split_once('/').unwrap_or((s.component.as_str(), ""));
        if name != part {
            continue;
        }
        match s.verb {
            "renew lease" | "acquire lease" => last_renewal = Some((s.at_ms, s.component.clone())),
            "LEADER" => changes.push((s.at_ms, Holder::Leads(s.component.clone()))),
            "NO LEADER" => {
                if let Some((at, who)) = &last_renewal {
                    let expires = at + LEASE_DURATION_MS;
                    changes.push((s.at_ms, Holder::Expiring(who.clone())));
                    if expires < run.end_ms {
                        changes.push((expires.max(s.at_ms), Holder::Free));
                    }
                }
            }
            _ => {}
        }
    }
    // A takeover always comes after the expiry, so the changes are in time order.
    crate::kube::by_time::sort_by_time(&mut changes, |(at, _)| *at);
    spans(Holder::Leads(format!("{part}/1")), changes, run.end_ms)
}

fn etcd_lane(run: &Run) -> Vec<Span<EtcdState>> {
    let mut now = EtcdState { leader: Some("etcd/1".into()), quorum: true };
    let mut changes = Vec::new();
    for s in &run.trace {
        let before = now.clone();
        match (s.component.as_str(), s.verb) {
            ("etcd", "NO QUORUM") => now.quorum = false,
            ("etcd", "QUORUM") => now.quorum = true,
            ("etcd", "NO LEADER") => now.leader = None,
            ("etcd", "DOWN") => now = EtcdState { leader: None, quorum: false },
            ("etcd", "UP") => now = EtcdState { leader: Some("etcd/1".into()), quorum: true },
            (member, "LEADER") if member.starts_with("etcd/") => now.leader = Some(member.to_string()),
            (member, "DOWN") if now.leader.as_deref() == Some(member) => now.leader = None,
            _ => {}
        }
        if now != before {
            changes.push((s.at_ms, now.clone()));
        }
    }
    spans(EtcdState { leader: Some("etcd/1".into()), quorum: true }, changes, run.end_ms)
}

fn node_lane(run: &Run, node: &str) -> Vec<Span<&'static str>> {
    let key = format!("/registry/minions/{node}");
    let changes = run
        .trace
        .iter()
        .filter(|s| matches!(s.verb, "NOT READY" | "READY") && s.key == key)
        .map(|s| match s.verb {
            "READY" => (s.at_ms, "True"),
            _ if s.component.starts_with("kubelet/") => (s.at_ms, "False"),
            _ => (s.at_ms, "Unknown"),
        })
        .collect();
    spans("True", changes, run.end_ms)
}

/// The timeline of `run` on the cluster's `nodes`.
pub fn timeline(run: &Run, nodes: &[String]) -> KubeTimeline {
    let leases = if run.leases {
        [
            ("kube-system/kube-scheduler", "kube-scheduler"),
            ("kube-system/kube-controller-manager", "kube-controller-manager"),
        ]
        .iter()
        .map(|(lease, part)| (lease.to_string(), lease_lane(run, part)))
        .collect()
    } else {
        Vec::new()
    };
    let marks = marks(run)
        .into_iter()
        .filter(|m| SCRUBBER.contains(&m.kind))
        .map(|m| ScrubMark {
            at_ms: m.at_ms,
            label: m.kind.label(),
            cursor: run.trace.partition_point(|s| s.at_ms <= m.at_ms),
            what: m.what,
        })
        .collect();
    KubeTimeline {
        end_ms: run.end_ms,
        leases,
        etcd: etcd_lane(run),
        nodes: nodes.iter().map(|n| (n.clone(), node_lane(run, n))).collect(),
        marks,
    }
}

fn lane<T>(name: &str, spans: &[Span<T>], word: impl Fn(&T) -> String) -> String {
    let each: Vec<String> = spans
        .iter()
        .map(|s| format!("{}-{} {}", seconds(s.from_ms), seconds(s.until_ms), word(&s.value)))
        .collect();
    format!("{name}: {}\n", each.join(" | "))
}

/// The timeline as text, one lane a line, then the marks (the native golden's form).
pub fn timeline_text(t: &KubeTimeline) -> String {
    let mut out = lane("etcd", &t.etcd, |e| {
        let leader = e.leader.clone().unwrap_or_else(|| "no leader".into());
        format!("{leader}, {}", if e.quorum { "quorum" } else { "no quorum" })
    });
    for (lease, spans) in &t.leases {
        out.push_str(&lane(&format!("Lease {lease}"), spans, |h| match h {
            Holder::Leads(who) => format!("held by {who}"),
            Holder::Expiring(who) => format!("expiring (held by {who}, gone)"),
            Holder::Free => "free".into(),
        }));
    }
    for (node, spans) in &t.nodes {
        out.push_str(&lane(&format!("{node} Ready"), spans, |r| r.to_string()));
    }
    for m in &t.marks {
        out.push_str(&format!("mark {} {} ({}), cursor {}\n", seconds(m.at_ms), m.label, m.what, m.cursor));
    }
    out
}
