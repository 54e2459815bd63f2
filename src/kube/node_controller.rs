//! The node lifecycle and taint-eviction controllers of kube-controller-manager acting on a node
//! whose fault the plan's timeline (`ha::node_lifecycle`) says the cluster has learnt of:
//! - the node's Ready condition turns Unknown (the controller: "Kubelet stopped posting node
//!   status.") or False (the kubelet's own report, the runtime down), with the NoSchedule taint
//!   of that condition (`node.kubernetes.io/unreachable` or `not-ready`: the controller's
//!   `doNoScheduleTaintingPass`, so the scheduler places nothing more there) and the Event
//!   `NodeNotReady` "Node NODE status is now: NodeNotReady" (`RecordNodeStatusChange`);
//! - each of its pods' Ready condition turns False, with the Warning `NodeNotReady` "Node is not
//!   ready" (`MarkPodsNotReady`, k/k `pkg/controller/util/node/controller_utils.go`); the
//!   EndpointSlice controller then lists them `ready: false` and kube-proxy stops routing to them;
//!   kubectl still shows them Running 1/1 (READY counts container statuses, which only the
//!   silent kubelet writes);
//! - the NoExecute taint; 300 s later each pod's toleration has run out and the taint-eviction
//!   controller deletes it (Event `TaintManagerEviction` "Marking for deletion Pod default/NAME").
//!   Both controllers act as `system:serviceaccount:kube-system:node-controller` (k/k
//!   `cmd/kube-controller-manager/app/core.go`: the taint manager "uses existing cluster role
//!   from node-controller"). A deleted pod stays, Terminating, until its kubelet confirms: a
//!   silent one never does; the ReplicaSet no longer counts it and creates a replacement.

use super::api::PLAIN;
use super::ha::node_lifecycle::{NOT_READY_TAINT, UNREACHABLE_TAINT};
use super::objects::{Condition, Object, Pod, Resource};
use super::sim::{Count, Sim};

/// Who writes: the node lifecycle controller, as the trace names it.
const LIFECYCLE: &str = "kube-controller-manager/node-lifecycle";
/// The taint-eviction controller.
const EVICTION: &str = "kube-controller-manager/taint-eviction";
/// Both controllers' user.
const USER: &str = "system:serviceaccount:kube-system:node-controller";

/// The NoSchedule taint of the same condition as a NoExecute one.
fn no_schedule(no_execute: &str) -> String {
    no_execute.replace(":NoExecute", ":NoSchedule")
}

impl Sim {
    fn node_object(&self, node: &str) -> Option<super::objects::Node> {
        match self.ledger.get(&Resource::Nodes.key("", node)) {
            Some(Object::Node(n)) => Some(n.clone()),
            _ => None,
        }
    }

    fn pods_on(&self, node: &str) -> Vec<Pod> {
        let on = |o: &Object| match o {
            Object::Pod(p) if p.node_name.as_deref() == Some(node) && !p.deleting => Some(p.clone()),
            _ => None,
        };
        self.ledger.list(Resource::Pods).filter_map(on).collect()
    }

    /// The cluster learns: Ready Unknown (`unknown`) or False, the NoSchedule taint, the pods
    /// not ready.
    pub(crate) fn node_knows(&mut self, node: &str, unknown: bool) {
        let Some(mut n) = self.node_object(node) else { return };
        let (who, user, note) = if unknown {
            let note = "no Lease renewal for node-monitor-grace-period (50 s): Ready=Unknown, \"Kubelet stopped posting node status.\"";
            (LIFECYCLE.to_string(), USER.to_string(), note)
        } else {
            let note = "the kubelet reports Ready=False: \"container runtime is down\"";
            (format!("kubelet/{node}"), format!("system:node:{node}"), note)
        };
        let key = Resource::Nodes.key("", node);
        self.record(who.clone(), "NOT READY", key, Count::Nothing, 0, note.to_string(), None);
        n.ready = if unknown { "Unknown" } else { "False" };
        let verb = if unknown { "update" } else { "patch" };
        let _ = self.write(&who, &user, verb, Object::Node(n.clone()), Some("status"), 0, PLAIN);
        let taint = if unknown { UNREACHABLE_TAINT } else { NOT_READY_TAINT };
        n.taints.push(no_schedule(taint));
        let _ = self.write(LIFECYCLE, USER, "update", Object::Node(n), None, 0, PLAIN);
        let message = format!("Node {node} status is now: NodeNotReady");
        let source = if unknown { "node-controller" } else { "kubelet" };
        let involved = (Resource::Nodes, node.to_string());
        self.emit(&who, &user, source, involved, false, "NodeNotReady", message, false, 0);
        for mut pod in self.pods_on(node) {
            for c in &mut pod.conditions {
                if c.kind == "Ready" {
                    *c = Condition { kind: "Ready", status: false };
                }
            }
            let name = pod.meta.name.clone();
            let _ = self.write(LIFECYCLE, USER, "update", Object::Pod(pod), Some("status"), 0, PLAIN);
            let involved = (Resource::Pods, name);
            let message = "Node is not ready".to_string();
            self.emit(LIFECYCLE, USER, "node-controller", involved, true, "NodeNotReady", message, false, 0);
        }
    }

    /// The NoExecute taint of the condition.
    pub(crate) fn node_taint(&mut self, node: &str, unknown: bool) {
        let Some(mut n) = self.node_object(node) else { return };
        let taint = if unknown { UNREACHABLE_TAINT } else { NOT_READY_TAINT };
        let key = Resource::Nodes.key("", node);
        let note = format!("{taint}: its pods tolerate it for 300 s (DefaultTolerationSeconds)");
        self.record(LIFECYCLE.into(), "TAINT", key, Count::Nothing, 0, note, None);
        n.taints.push(taint.to_string());
        let _ = self.write(LIFECYCLE, USER, "update", Object::Node(n), None, 0, PLAIN);
    }

    /// The tolerations ran out: every pod of the node is deleted (Terminating until its kubelet
    /// confirms).
    pub(crate) fn node_evict(&mut self, node: &str) {
        let pods = self.pods_on(node);
        let note = format!("tolerationSeconds 300 passed: {} pod(s) deleted", pods.len());
        let key = Resource::Nodes.key("", node);
        self.record(EVICTION.into(), "EVICT", key, Count::Nothing, 0, note, None);
        for mut pod in pods {
            pod.deleting = true;
            let name = pod.meta.name.clone();
            let _ = self.write(EVICTION, USER, "delete", Object::Pod(pod), None, 0, PLAIN);
            let message = format!("Marking for deletion Pod default/{name}");
            let involved = (Resource::Pods, name);
            let source = "taint-eviction-controller";
            self.emit(EVICTION, USER, source, involved, false, "TaintManagerEviction", message, false, 0);
        }
    }
}
