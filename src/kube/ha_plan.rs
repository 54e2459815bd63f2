//! Issue 31 wired into the simulation: before the run, the scenario's members, replicas and
//! faults go through the pure rules of [`super::ha`] (etcd's leader and quorum over time, each
//! leader-elected part's tenures, each silent node's timeline), and come out as work on the
//! clock: the moments the sim's writes stop or wait, a part loses or wins its Lease, a node turns
//! NotReady, is tainted, has its pods evicted. The Lease renewals are background work: recorded
//! as etcd writes when their moment comes, they never keep a quiet run going.

use super::ha::etcd::{EtcdCluster, EtcdTimings, LeaderSpan};
use super::ha::lease::{
    node_lease_name, node_lease_renewals, Election, ElectionRun, LeaseTimings, Outage, TenureEnd,
    CONTROLLER_MANAGER_LEASE, SCHEDULER_LEASE,
};
use super::ha::node_lifecycle::{
    node_return, node_timeline, NodeFault, NodeTimeline, NodeTimings, ReadyStatus,
};
use super::ha::Change;
use super::scenario::{ms, Part, Replicated, Scenario};

/// Most etcd members and most replicas of a part (etcd's FAQ: up to 7).
pub const MAX_REPLICAS: u32 = 7;

/// A moment the plan puts on the sim's queue.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HaWork {
    /// etcd's leader situation changes (the span starting now; the one before it).
    Etcd {
        /// The new span's leader.
        leader: Option<u32>,
        /// Whether the members still believe in a leader.
        believed: bool,
        /// Whether a quorum is up.
        quorum: bool,
        /// Members up.
        up: u32,
    },
    /// A leader-elected part has no leader from now (its leader went down or gave up).
    LeaderLost(Replicated, u32, bool),
    /// A replica of a leader-elected part acquired its Lease.
    LeaderWon(Replicated, u32),
    /// The cluster learns of a node's fault: its Ready condition changes.
    NodeKnows(String, bool),
    /// The node gets its NoExecute taint.
    NodeTaint(String, bool),
    /// The taint-eviction controller deletes the node's pods.
    NodeEvict(String),
    /// The node's kubelet is back and posts Ready=True (`node_return`).
    NodeBack(String),
    /// The node lifecycle controller removes the node's NoExecute taints (`true`) or NoSchedule
    /// ones (`false`).
    NodeUntaint(String, bool),
}

/// One background Lease request: who, which Lease, a write (update) or a read (a standby's GET).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renewal {
    /// When (ms).
    pub at_ms: u64,
    /// The component (`kube-scheduler/1`, `kubelet/node-1`).
    pub who: String,
    /// `namespace/name` of the Lease.
    pub lease: String,
    /// `acquire`, `renew` or `get`.
    pub verb: &'static str,
}

/// What the plan derived: the etcd cluster the writes consult, the timed work, the renewals.
#[derive(Clone, Debug)]
pub struct HaPlan {
    /// etcd's members over time.
    pub etcd: EtcdCluster,
    /// Work at moments, in time order.
    pub timed: Vec<(u64, HaWork)>,
    /// Lease requests, in time order.
    pub renewals: Vec<Renewal>,
}

/// The bounds of issue 31's fields, and what the model does not do (a node part coming back
/// once its node lifecycle has begun).
pub fn check(scenario: &Scenario) -> Result<(), String> {
    if !(1..=MAX_REPLICAS).contains(&scenario.etcd) {
        return Err(format!("--etcd {}: etcd runs 1 to {MAX_REPLICAS} members", scenario.etcd));
    }
    for part in Replicated::ALL {
        let n = scenario.replicas.of(part);
        if !(1..=MAX_REPLICAS).contains(&n) {
            return Err(format!("--replicas {}={n}: a part runs 1 to {MAX_REPLICAS} replicas", part.name()));
        }
    }
    if !scenario.has_leases() {
        return Ok(());
    }
    for fault in &scenario.faults {
        // A whole node or its kubelet comes back (`node_return`); the runtime's or kube-proxy's
        // return is not modelled with the Lease side on.
        let node_part = matches!(Part::parse(&fault.part), Some(Part::Runtime(_) | Part::KubeProxy(_)));
        if node_part && fault.up.is_some() {
            return Err(format!(
                "{}: back (up) is modelled for node/NODE and kubelet/NODE with the Lease side on, not for the runtime or kube-proxy",
                fault.part
            ));
        }
    }
    Ok(())
}

/// The changes (member or replica, down or up, at ms) the faults make to `count` numbered
/// things: a fault on one of them, or on the part as a whole (every one of them).
fn changes(scenario: &Scenario, whole: &Part, one: impl Fn(&Part) -> Option<u32>, count: u32) -> Vec<Change> {
    let mut changes = Vec::new();
    for fault in &scenario.faults {
        let Some(part) = Part::parse(&fault.part) else { continue };
        let numbers: Vec<u32> = match one(&part) {
            Some(k) => vec![k],
            None if part == *whole => (1..=count).collect(),
            None => continue,
        };
        for number in numbers {
            changes.push(Change { number, at_ms: ms(fault.down), up: false });
            if let Some(up) = fault.up {
                changes.push(Change { number, at_ms: ms(up), up: true });
            }
        }
    }
    super::by_time::sort_by_time(&mut changes, |c| c.at_ms);
    changes
}

/// The stretches in which no Lease update lands: etcd cannot commit, or no kube-apiserver
/// replica is up.
fn outages(etcd: &EtcdCluster, apiserver: &[Change], replicas: u32) -> Vec<Outage> {
    let mut out = Vec::new();
    let mut open: Option<u64> = None;
    for span in etcd.spans() {
        let ready = span.leader.is_some() && span.quorum;
        match (ready, open) {
            (false, None) => open = Some(span.from_ms),
            (true, Some(from)) => {
                out.push(Outage { from_ms: from, until_ms: span.from_ms });
                open = None;
            }
            _ => {}
        }
    }
    if let Some(from) = open {
        out.push(Outage { from_ms: from, until_ms: u64::MAX });
    }
    let mut up = vec![true; replicas as usize];
    let mut none_since: Option<u64> = None;
    for change in apiserver {
        if let Some(slot) = up.get_mut(change.number.saturating_sub(1) as usize) {
            *slot = change.up;
        }
        match (up.iter().any(|u| *u), none_since) {
            (false, None) => none_since = Some(change.at_ms),
            (true, Some(from)) => {
                out.push(Outage { from_ms: from, until_ms: change.at_ms });
                none_since = None;
            }
            _ => {}
        }
    }
    if let Some(from) = none_since {
        out.push(Outage { from_ms: from, until_ms: u64::MAX });
    }
    out
}

fn etcd_work(span: &LeaderSpan, etcd: &EtcdCluster) -> HaWork {
    HaWork::Etcd {
        leader: span.leader,
        believed: span.believed,
        quorum: span.quorum,
        up: etcd.up_at(span.from_ms),
    }
}

/// The Lease requests and the leader changes of one leader-elected part's run.
fn election_work(part: Replicated, run: &ElectionRun, plan: &mut HaPlan) {
    let lease = match part {
        Replicated::KubeScheduler => SCHEDULER_LEASE,
        _ => CONTROLLER_MANAGER_LEASE,
    };
    if run.leader_at(0).is_none() {
        // No replica up to take the Lease at the start (replica 0: none of them).
        plan.timed.push((0, HaWork::LeaderLost(part, 0, false)));
    }
    for tenure in &run.tenures {
        if tenure.from_ms > 0 || tenure.replica != 1 {
            plan.timed.push((tenure.from_ms, HaWork::LeaderWon(part, tenure.replica)));
        }
        if let Some((until, why)) = tenure.until {
            plan.timed.push((until, HaWork::LeaderLost(part, tenure.replica, why == TenureEnd::GaveUp)));
        }
    }
    for &at_ms in &run.reads {
        plan.renewals.push(Renewal {
            at_ms,
            who: part.name().to_string(),
            lease: lease.to_string(),
            verb: "get",
        });
    }
    let mut last_write = None;
    for &at_ms in &run.writes {
        let who = run.leader_at(at_ms).map_or(part.name().to_string(), |r| format!("{}/{r}", part.name()));
        let verb = if run.tenures.iter().any(|t| t.from_ms == at_ms) && last_write != Some(at_ms) {
            "acquire"
        } else {
            "renew"
        };
        last_write = Some(at_ms);
        plan.renewals.push(Renewal { at_ms, who, lease: lease.to_string(), verb });
    }
}

/// A node fault's kind for the node lifecycle rules, with the node.
fn node_fault(part: &Part) -> Option<(NodeFault, &str)> {
    match part {
        Part::Kubelet(n) => Some((NodeFault::KubeletDown, n)),
        Part::Runtime(n) => Some((NodeFault::RuntimeDown, n)),
        Part::KubeProxy(n) => Some((NodeFault::KubeProxyDown, n)),
        Part::Node(n) => Some((NodeFault::WholeNode, n)),
        _ => None,
    }
}

/// The node side: each node's Lease renewals until it goes silent, and each faulted node's
/// timeline (Ready changes, taint, eviction).
fn node_work(
    scenario: &Scenario,
    outages: &[Outage],
    until_ms: u64,
    plan: &mut HaPlan,
) -> Result<(), String> {
    let mut silent: Vec<(String, u64)> = Vec::new();
    for fault in &scenario.faults {
        let Some(part) = Part::parse(&fault.part) else { continue };
        let Some((kind, node)) = node_fault(&part) else { continue };
        let at = ms(fault.down);
        if kind.silences_lease() {
            silent.push((node.to_string(), at));
        }
        let zone = scenario.nodes.len() as u32;
        let line = node_timeline(kind, at, zone, NodeTimings::default()).map_err(|e| e.to_string())?;
        let back = fault.up.map(ms);
        let before_back = |t: u64| back.is_none_or(|b| t < b);
        if let Some((known, status)) = line.knows.filter(|(t, _)| before_back(*t)) {
            plan.timed.push((known, HaWork::NodeKnows(node.to_string(), status == ReadyStatus::Unknown)));
        }
        if let Some((key, tainted)) = line.taint.filter(|(_, t)| before_back(*t)) {
            let unknown = key == super::ha::node_lifecycle::UNREACHABLE_TAINT;
            plan.timed.push((tainted, HaWork::NodeTaint(node.to_string(), unknown)));
        }
        if let Some(evicted) = line.evicted_ms.filter(|t| before_back(*t)) {
            plan.timed.push((evicted, HaWork::NodeEvict(node.to_string())));
        }
        if let Some(back) = back {
            node_back_work(node, &line, back, until_ms, plan, outages);
        }
    }
    for node in &scenario.nodes {
        let stops = silent.iter().filter(|(n, _)| *n == node.name).map(|(_, at)| *at).min();
        let writable = |at: &u64| !outages.iter().any(|o| (o.from_ms..o.until_ms).contains(at));
        for at_ms in node_lease_renewals(stops, until_ms).into_iter().filter(writable) {
            let who = format!("kubelet/{}", node.name);
            plan.renewals.push(Renewal { at_ms, who, lease: node_lease_name(&node.name), verb: "renew" });
        }
    }
    Ok(())
}

/// A node's return: Ready=True and the taints removed (`node_return`), and its kubelet's
/// renewals from then on.
fn node_back_work(
    node: &str,
    line: &NodeTimeline,
    back: u64,
    until_ms: u64,
    plan: &mut HaPlan,
    outages: &[Outage],
) {
    let back = node_return(line, back, until_ms, NodeTimings::default());
    if let Some(at) = back.ready_ms {
        plan.timed.push((at, HaWork::NodeBack(node.to_string())));
        plan.timed.push((at, HaWork::NodeUntaint(node.to_string(), false)));
    }
    if let Some(at) = back.reachable_ms {
        plan.timed.push((at, HaWork::NodeUntaint(node.to_string(), true)));
    }
    let writable = |at: &u64| !outages.iter().any(|o| (o.from_ms..o.until_ms).contains(at));
    for at_ms in back.renewals.into_iter().filter(writable) {
        let who = format!("kubelet/{node}");
        plan.renewals.push(Renewal { at_ms, who, lease: node_lease_name(node), verb: "renew" });
    }
}

/// The plan of a scenario run up to `until_ms` (checked: [`check`]).
pub fn plan(scenario: &Scenario, until_ms: u64) -> Result<HaPlan, String> {
    let member = |p: &Part| if let Part::EtcdMember(k) = p { Some(*k) } else { None };
    let members = changes(scenario, &Part::Etcd, member, scenario.etcd);
    let etcd = EtcdCluster::with_changes(scenario.etcd, EtcdTimings::default(), members)
        .map_err(|e| format!("etcd: {e}"))?;
    let mut plan = HaPlan { etcd: etcd.clone(), timed: Vec::new(), renewals: Vec::new() };
    let start = etcd.spans().first().filter(|s| !(s.leader == Some(1) && s.quorum));
    for span in start.into_iter().chain(etcd.spans().iter().skip(1)) {
        plan.timed.push((span.from_ms, etcd_work(span, &etcd)));
    }
    let replica = |part: Replicated| {
        move |p: &Part| match p {
            Part::Replica(r, k) if *r == part => Some(*k),
            _ => None,
        }
    };
    let api_n = scenario.replicas.kube_apiserver;
    let api = changes(scenario, &Part::KubeApiserver, replica(Replicated::KubeApiserver), api_n);
    let outages = outages(&etcd, &api, api_n);
    for part in [Replicated::KubeScheduler, Replicated::KubeControllerManager] {
        let n = scenario.replicas.of(part);
        let changes = changes(scenario, &part.part(), replica(part), n);
        let election = Election::new(n, LeaseTimings::default(), changes, outages.clone())
            .map_err(|e| format!("{}: {e}", part.name()))?;
        election_work(part, &election.run(until_ms.saturating_add(1)), &mut plan);
    }
    node_work(scenario, &outages, until_ms.saturating_add(1), &mut plan)?;
    super::by_time::sort_by_time(&mut plan.timed, |(at, _)| *at);
    super::by_time::sort_by_time(&mut plan.renewals, |r| r.at_ms);
    Ok(plan)
}
