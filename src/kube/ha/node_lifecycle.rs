//! The node lifecycle controller's timeline: a fault on one node at a moment, and when the
//! cluster knows, when traffic stops, when the pods are evicted and replaced.
//!
//! The rules, each with its source (k8s = kubernetes/kubernetes):
//! - The controller checks every node every 5 s (`--node-monitor-period`). It keeps, per node,
//!   the moment of its own clock at which it last saw the node's Lease renewed or its status
//!   heartbeat change (`probeTimestamp`), and once now is after that plus
//!   `--node-monitor-grace-period` it sets Ready=Unknown ("Kubelet stopped posting node
//!   status.") (k8s `pkg/controller/nodelifecycle/node_lifecycle_controller.go`,
//!   `tryUpdateNodeHealth`).
//! - Grace period 50 s since v1.32 (k8s PR 126287), 40 s before: a parameter, default 50 s, the
//!   model's Kubernetes release being v1.32 or later.
//! - When Ready turns other than True the same pass marks the node's pods Ready=False (Warning
//!   `NodeNotReady`, `MarkPodsNotReady`); the EndpointSlice controller then lists their
//!   endpoints `ready: false` and kube-proxy stops routing to them.
//! - The node gets the NoExecute taint `node.kubernetes.io/unreachable` (Ready=Unknown) or
//!   `node.kubernetes.io/not-ready` (Ready=False) from the tainting pass, which runs every 100 ms
//!   (`scheduler.NodeEvictionPeriod`), rate limited per zone; when every node of the zone is not
//!   Ready the controller stops tainting (full disruption, `handleDisruption`).
//! - Every pod tolerates both taints for 300 s (the `DefaultTolerationSeconds` admission
//!   plugin); then the taint-eviction controller deletes it (`TaintManagerEviction`) and the
//!   ReplicaSet controller creates a replacement.
//!
//! Which faults make the node silent:
//! - kubelet down, the whole node down, the node's network down: nobody renews the node Lease
//!   (`kube-node-lease/<node>`, every 10 s) or posts status, so the grace period runs out.
//! - The runtime down: the kubelet's Lease controller renews regardless of the runtime, so the
//!   node is not silent; the kubelet itself reports Ready=False ("container runtime is down")
//!   once its last successful runtime check (every 5 s) is 30 s old (k8s `pkg/kubelet/runtime.go`,
//!   `runtimeErrors`; `maxWaitForContainerRuntime` in `pkg/kubelet/kubelet.go`), at its next
//!   status update (every 10 s, `nodeStatusUpdateFrequency`).
//! - kube-proxy down: no Lease and no Node condition depends on it (the kubelet's Ready
//!   condition checks the runtime, the network plugin, storage and the kubelet's own managers,
//!   `pkg/kubelet/nodestatus/setters.go`), so the cluster never learns; the rules it last wrote
//!   stay in the kernel (it removes them only when run with `--cleanup`) and go stale as Services
//!   and endpoints change.
//!
//! Named assumptions: every periodic loop ticks on multiples of its period from 0 ms (the
//! kubelet's renewals and checks, the controller's checks, the tainting pass); a change at a
//! moment is seen by a check at the same moment; informers, the EndpointSlice controller,
//! kube-proxy, the taint-eviction and ReplicaSet controllers react at once (0 ms); containers keep
//! running while their kubelet or runtime is down (they are the runtime's shims' children, not the
//! kubelet's), and stop with the whole node.

use super::{lease::NODE_LEASE_RENEW_MS, tick_after, tick_at_or_after, tick_before, HaError};

/// `--node-monitor-period` default, ms (k8s `staging/src/k8s.io/cloud-provider/config/v1alpha1/defaults.go`,
/// `SetDefaults_KubeCloudSharedConfiguration`).
pub const MONITOR_PERIOD_MS: u64 = 5_000;
/// `--node-monitor-grace-period` default since v1.32, ms (k8s PR 126287, in
/// `pkg/controller/nodelifecycle/config/v1alpha1/defaults.go`).
pub const GRACE_PERIOD_MS: u64 = 50_000;
/// The same before v1.32, ms.
pub const GRACE_PERIOD_BEFORE_1_32_MS: u64 = 40_000;
/// The tainting pass's period, ms (k8s `pkg/controller/nodelifecycle/scheduler`, `NodeEvictionPeriod`).
pub const TAINT_PASS_MS: u64 = 100;
/// The default toleration of both taints, s (`plugin/pkg/admission/defaulttolerationseconds`).
pub const TOLERATION_S: u64 = 300;
/// The kubelet checks its runtime every 5 s (k8s `pkg/kubelet/kubelet.go`, `updateRuntimeUp`).
pub const RUNTIME_CHECK_MS: u64 = 5_000;
/// The runtime counts as down once the last good check is 30 s old (`maxWaitForContainerRuntime`).
pub const RUNTIME_DOWN_AFTER_MS: u64 = 30_000;
/// The kubelet computes and posts its status every 10 s (`nodeStatusUpdateFrequency`,
/// k8s `pkg/kubelet/apis/config/v1beta1/defaults.go`).
pub const STATUS_UPDATE_MS: u64 = 10_000;
/// The taint of a silent node.
pub const UNREACHABLE_TAINT: &str = "node.kubernetes.io/unreachable:NoExecute";
/// The taint of a node whose kubelet reports Ready=False.
pub const NOT_READY_TAINT: &str = "node.kubernetes.io/not-ready:NoExecute";

/// What goes wrong on the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeFault {
    /// The kubelet stops; the runtime, the containers and kube-proxy run on.
    KubeletDown,
    /// The container runtime stops; the kubelet runs on.
    RuntimeDown,
    /// kube-proxy stops.
    KubeProxyDown,
    /// The machine stops: everything on it.
    WholeNode,
    /// The node's network goes: everything runs, nothing reaches it.
    Network,
}

impl NodeFault {
    /// Every fault, in the order of the table.
    pub const ALL: [NodeFault; 5] = [
        NodeFault::KubeletDown,
        NodeFault::RuntimeDown,
        NodeFault::KubeProxyDown,
        NodeFault::WholeNode,
        NodeFault::Network,
    ];

    /// Whether nothing renews the node's Lease any more.
    pub fn silences_lease(self) -> bool {
        matches!(self, NodeFault::KubeletDown | NodeFault::WholeNode | NodeFault::Network)
    }
}

/// The node lifecycle controller's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeTimings {
    /// `--node-monitor-period`.
    pub monitor_period_ms: u64,
    /// `--node-monitor-grace-period` (50 s from v1.32, 40 s before).
    pub grace_period_ms: u64,
    /// The pods' default toleration of the taints, s.
    pub toleration_s: u64,
}

impl Default for NodeTimings {
    fn default() -> Self {
        NodeTimings {
            monitor_period_ms: MONITOR_PERIOD_MS,
            grace_period_ms: GRACE_PERIOD_MS,
            toleration_s: TOLERATION_S,
        }
    }
}

/// What the cluster comes to say about the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadyStatus {
    /// The controller's "Kubelet stopped posting node status."
    Unknown,
    /// The kubelet's own report ("container runtime is down").
    False,
}

/// When each thing happens after a fault on one node (ms on the clock; `None`: never).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeTimeline {
    /// The fault.
    pub fault: NodeFault,
    /// When it happened.
    pub fault_ms: u64,
    /// The node's Lease was last renewed here (`None`: it goes on being renewed).
    pub last_renewal_ms: Option<u64>,
    /// The cluster knows: the node's Ready condition changes, and its pods' Ready turns False.
    pub knows: Option<(u64, ReadyStatus)>,
    /// The endpoints turn `ready: false` and kube-proxy (on the other nodes) stops routing.
    pub routing_stops_ms: Option<u64>,
    /// The pods really stop answering other nodes (`None`: they go on, believed dead or not).
    pub serving_stops_ms: Option<u64>,
    /// The NoExecute taint and when it is added.
    pub taint: Option<(&'static str, u64)>,
    /// The pods are deleted (`TaintManagerEviction`); they stay Terminating while the node is away.
    pub evicted_ms: Option<u64>,
    /// The ReplicaSet creates replacements.
    pub replacement_ms: Option<u64>,
}

impl NodeTimeline {
    /// "How long does the cluster keep believing the old fact?": fault to the cluster knowing.
    pub fn believed_old_fact_ms(&self) -> Option<u64> {
        self.knows.map(|(at, _)| at - self.fault_ms)
    }

    /// Whether the node's pods go on running (all but the whole node down): once evicted and
    /// replaced, more copies run than the cluster believes, until the node returns.
    pub fn pods_run_on(&self) -> bool {
        self.fault != NodeFault::WholeNode
    }

    /// How long traffic is routed to pods that do not answer (fault to routing stopped).
    pub fn black_hole_ms(&self) -> Option<u64> {
        match (self.serving_stops_ms, self.routing_stops_ms) {
            (Some(serving), Some(routing)) => Some(routing.saturating_sub(serving)),
            _ => None,
        }
    }

    /// The moments as rows: what, when, and seconds after the fault, in time order.
    pub fn rows(&self) -> Vec<Moment> {
        let mut rows = vec![Moment::new(MomentKind::Fault, self.fault_ms, self.fault_ms)];
        let mut add = |kind, at: Option<u64>| {
            if let Some(at) = at {
                rows.push(Moment::new(kind, at, self.fault_ms));
            }
        };
        add(MomentKind::LastRenewal, self.last_renewal_ms);
        add(MomentKind::ServingStops, self.serving_stops_ms);
        add(MomentKind::ClusterKnows, self.knows.map(|(at, _)| at));
        add(MomentKind::RoutingStops, self.routing_stops_ms);
        add(MomentKind::Tainted, self.taint.map(|(_, at)| at));
        add(MomentKind::Evicted, self.evicted_ms);
        add(MomentKind::ReplacementCreated, self.replacement_ms);
        // Stable: moments at the same ms keep the order above (cause before effect).
        crate::kube::by_time::sort_by_time(&mut rows, |m| m.at_ms);
        rows
    }
}

/// One kind of moment on a node's timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MomentKind {
    /// The fault.
    Fault,
    /// The last node Lease renewal before it (it may precede the fault).
    LastRenewal,
    /// The pods stop answering.
    ServingStops,
    /// Ready changes; the pods' Ready turns False.
    ClusterKnows,
    /// The endpoints go `ready: false`: kube-proxy stops routing.
    RoutingStops,
    /// The NoExecute taint.
    Tainted,
    /// The pods are deleted.
    Evicted,
    /// Replacements are created.
    ReplacementCreated,
}

/// A moment on the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    /// What.
    pub kind: MomentKind,
    /// When, ms on the clock.
    pub at_ms: u64,
    /// ms after the fault (negative for a renewal before it, so signed).
    pub after_fault_ms: i64,
}

impl Moment {
    fn new(kind: MomentKind, at_ms: u64, fault_ms: u64) -> Moment {
        Moment { kind, at_ms, after_fault_ms: at_ms as i64 - fault_ms as i64 }
    }
}

/// The timeline of `fault` on one node at `fault_ms`, in a zone of `nodes_in_zone` nodes (the
/// others healthy: with a single node the zone is fully disrupted and nothing is evicted).
pub fn node_timeline(
    fault: NodeFault,
    fault_ms: u64,
    nodes_in_zone: u32,
    timings: NodeTimings,
) -> Result<NodeTimeline, HaError> {
    if nodes_in_zone == 0 {
        return Err(HaError::NoNodes);
    }
    if timings.monitor_period_ms == 0 || timings.grace_period_ms < timings.monitor_period_ms {
        return Err(HaError::Timing(
            "the monitor period is more than 0 ms and not longer than the grace period",
        ));
    }
    let mut line = NodeTimeline {
        fault,
        fault_ms,
        last_renewal_ms: None,
        knows: None,
        routing_stops_ms: None,
        serving_stops_ms: None,
        taint: None,
        evicted_ms: None,
        replacement_ms: None,
    };
    let knows = match fault {
        NodeFault::KubeProxyDown => None,
        NodeFault::RuntimeDown => Some((runtime_reported_ms(fault_ms, timings), ReadyStatus::False)),
        NodeFault::KubeletDown | NodeFault::WholeNode | NodeFault::Network => {
            let renewal = tick_before(fault_ms, NODE_LEASE_RENEW_MS);
            line.last_renewal_ms = Some(renewal);
            Some((grace_ran_out_ms(renewal, timings), ReadyStatus::Unknown))
        }
    };
    line.serving_stops_ms = matches!(fault, NodeFault::WholeNode | NodeFault::Network).then_some(fault_ms);
    let Some((known_ms, status)) = knows else { return Ok(line) };
    line.knows = Some((known_ms, status));
    line.routing_stops_ms = Some(known_ms);
    if nodes_in_zone > 1 {
        let key = match status {
            ReadyStatus::Unknown => UNREACHABLE_TAINT,
            ReadyStatus::False => NOT_READY_TAINT,
        };
        let tainted = tick_after(known_ms, TAINT_PASS_MS);
        line.taint = Some((key, tainted));
        line.evicted_ms = Some(tainted + timings.toleration_s * 1000);
        line.replacement_ms = line.evicted_ms;
    }
    Ok(line)
}

/// A silent node: the controller saw the last renewal at its first check from then on, and sets
/// Unknown at the first check strictly after that plus the grace period.
fn grace_ran_out_ms(renewal_ms: u64, t: NodeTimings) -> u64 {
    let probe = tick_at_or_after(renewal_ms, t.monitor_period_ms);
    tick_after(probe + t.grace_period_ms, t.monitor_period_ms)
}

/// The runtime down: the last good check before the fault, 30 s later the runtime counts as
/// down, the kubelet's next status update posts Ready=False, the controller's next check sees it.
fn runtime_reported_ms(fault_ms: u64, t: NodeTimings) -> u64 {
    let last_good = tick_before(fault_ms, RUNTIME_CHECK_MS);
    let posted = tick_at_or_after(last_good + RUNTIME_DOWN_AFTER_MS, STATUS_UPDATE_MS);
    tick_at_or_after(posted, t.monitor_period_ms)
}

/// Every fault's timeline at `fault_ms`, in [`NodeFault::ALL`]'s order.
pub fn fault_table(
    fault_ms: u64,
    nodes_in_zone: u32,
    timings: NodeTimings,
) -> Result<Vec<NodeTimeline>, HaError> {
    NodeFault::ALL.iter().map(|f| node_timeline(*f, fault_ms, nodes_in_zone, timings)).collect()
}

/// A silent node back (its kubelet running again) at `back_ms`: what the cluster then does, on
/// the clock (`None`: nothing to undo, the cluster never learnt of the fault by then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeReturn {
    /// The node back: the kubelet renews its Lease at once, then every 10 s on its ticks.
    pub back_ms: u64,
    /// The kubelet posts Ready=True and the NoSchedule taint goes at once (`doNoScheduleTaintingPass`
    /// runs for the node's update), if the node was known not Ready.
    pub ready_ms: Option<u64>,
    /// The controller's next monitoring pass removes the NoExecute taint (`markNodeAsReachable`),
    /// if the node had it.
    pub reachable_ms: Option<u64>,
    /// The node Lease renewals from the return on, up to `until_ms`.
    pub renewals: Vec<u64>,
}

/// What follows a node's return at `back_ms` after the fault of `line` (k8s
/// `pkg/controller/nodelifecycle/node_lifecycle_controller.go`: `monitorNodeHealth` every
/// `--node-monitor-period`, `processTaintBaseEviction` on Ready=True calls
/// `markNodeAsReachable`). Work of `line` at or after `back_ms` does not happen.
pub fn node_return(line: &NodeTimeline, back_ms: u64, until_ms: u64, timings: NodeTimings) -> NodeReturn {
    let known = line.knows.is_some_and(|(at, _)| at < back_ms);
    let tainted = line.taint.is_some_and(|(_, at)| at < back_ms);
    let first_tick = tick_after(back_ms, NODE_LEASE_RENEW_MS);
    let mut renewals = vec![back_ms];
    renewals.extend((first_tick..until_ms).step_by(NODE_LEASE_RENEW_MS as usize));
    renewals.retain(|at| *at < until_ms);
    NodeReturn {
        back_ms,
        ready_ms: known.then_some(back_ms),
        reachable_ms: tainted.then(|| tick_at_or_after(back_ms, timings.monitor_period_ms)),
        renewals,
    }
}
