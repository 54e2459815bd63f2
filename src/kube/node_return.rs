//! A node's way back after its eviction (issue 31): `--down node/NODE@S-E` or
//! `kubelet/NODE@S-E`. Each behaviour and its source (k/k = kubernetes/kubernetes):
//! - The kubelet, started again, renews its node Lease (`pkg/kubelet/kubelet.go`: the node lease
//!   controller starts with the kubelet) and posts its node status with `Ready=True` (Event
//!   `NodeReady` "Node NODE status is now: NodeReady", `pkg/kubelet/kubelet_node_status.go`,
//!   `recordNodeStatusEvent`; the condition from `pkg/kubelet/nodestatus/setters.go`,
//!   `ReadyCondition`).
//! - The node lifecycle controller sees the node Ready and removes its taints: the NoSchedule one
//!   at once (`doNoScheduleTaintingPass`, run for each node update), the NoExecute one at its next
//!   monitoring pass (`processTaintBaseEviction` calls `markNodeAsReachable`, which removes both
//!   `unreachable` and `not-ready`; k/k `pkg/controller/nodelifecycle/
//!   node_lifecycle_controller.go`).
//! - The kubelet sees its evicted pods (a deletionTimestamp) and kills their containers (Event
//!   `Killing` "Stopping container NAME", `pkg/kubelet/kuberuntime/kuberuntime_container.go`);
//!   once none runs, its status manager deletes the pod object with grace period 0 (`syncPod`,
//!   `canBeDeleted`, `pkg/kubelet/status/status_manager.go`): the Terminating pod is gone.
//! - The ReplicaSet controller never counted those pods (`FilterActivePods`), so their deletion
//!   creates nothing: the ReplicaSet stays at its replicas. The EndpointSlice controller drops
//!   their endpoints.

use super::api::{Fail, PLAIN};
use super::ha::node_lifecycle::{NOT_READY_TAINT, UNREACHABLE_TAINT};
use super::objects::{Object, Resource};
use super::scenario::Part;
use super::sim::{Actor, Count, Sim, Work};
use super::trace::Stage;

/// The node lifecycle controller, as the trace names it (as `node_controller` does).
const LIFECYCLE: &str = "kube-controller-manager/node-lifecycle";
/// Its user.
const USER: &str = "system:serviceaccount:kube-system:node-controller";

impl Sim {
    /// A watch delivered a deletion: the actor's work for it (its cache no longer holds it).
    pub(crate) fn on_deleted(&mut self, actor: &Actor, object: &Object) {
        match (actor, object) {
            (Actor::ReplicaSet, Object::Pod(p)) => {
                if let Some((Resource::ReplicaSets, rs)) = &p.meta.owner {
                    let key = Resource::ReplicaSets.key(&p.meta.namespace, rs);
                    self.at(self.now, Work::SyncReplicaSet(key));
                }
            }
            (Actor::Deployment, _) => {
                if let Some(key) = self.deployment_of(object) {
                    self.at(self.now, Work::SyncDeployment(key));
                }
            }
            (Actor::EndpointSlice, _) => self.endpointslice_saw(object),
            (Actor::Kubelet(node), Object::Pod(_)) => {
                let entry = (node.clone(), object.key());
                self.kubelet_pods.remove(&entry);
            }
            (Actor::Proxy(node), Object::Service(_) | Object::EndpointSlice(_)) => {
                self.at(self.now, Work::ProxySync(node.clone()));
            }
            _ => {}
        }
    }

    /// The kubelet back: it posts `Ready=True` for its node.
    pub(crate) fn node_back(&mut self, node: &str) {
        let Some(Object::Node(mut n)) = self.ledger.get(&Resource::Nodes.key("", node)).cloned() else {
            return;
        };
        let who = format!("kubelet/{node}");
        let user = format!("system:node:{node}");
        let note = "the kubelet is back: it renews the node Lease and posts Ready=True".to_string();
        self.record(who.clone(), "READY", Resource::Nodes.key("", node), Count::Nothing, 0, note, None);
        n.ready = "True";
        let _ = self.write(&who, &user, "patch", Object::Node(n), Some("status"), 0, PLAIN);
        let message = format!("Node {node} status is now: NodeReady");
        self.emit(
            &who,
            &user,
            "kubelet",
            (Resource::Nodes, node.to_string()),
            false,
            "NodeReady",
            message,
            false,
            0,
        );
    }

    /// The node lifecycle controller removes the node's NoSchedule taints (`no_execute` false:
    /// at once, for the node update) or its NoExecute ones (at its monitoring pass).
    pub(crate) fn node_untaint(&mut self, node: &str, no_execute: bool) {
        let Some(Object::Node(mut n)) = self.ledger.get(&Resource::Nodes.key("", node)).cloned() else {
            return;
        };
        let effect = if no_execute { ":NoExecute" } else { ":NoSchedule" };
        let before = n.taints.len();
        n.taints.retain(|t| !t.ends_with(effect));
        if n.taints.len() == before {
            return;
        }
        let why = if no_execute {
            format!("Ready=True at the monitoring pass: {UNREACHABLE_TAINT} and {NOT_READY_TAINT} removed (markNodeAsReachable)")
        } else {
            "Ready=True: the NoSchedule taint removed (doNoScheduleTaintingPass)".to_string()
        };
        self.record(LIFECYCLE.into(), "UNTAINT", Resource::Nodes.key("", node), Count::Nothing, 0, why, None);
        let _ = self.write(LIFECYCLE, USER, "update", Object::Node(n), None, 0, PLAIN);
    }

    /// The kubelet ends a deleted pod: its containers and sandbox stopped, then the pod object
    /// deleted with grace period 0.
    pub(crate) fn terminate(&mut self, node: &str, key: &str) {
        let kubelet = Actor::Kubelet(node.to_string());
        let Some(Object::Pod(pod)) = self.cached(&kubelet, Resource::Pods, key).cloned() else { return };
        let id = key.trim_start_matches("/registry/pods/").to_string();
        let rt = format!("runtime/{node}");
        if let Some(running) = self.world.nodes.get_mut(node).and_then(|w| w.pods.remove(&id)) {
            for name in running.running {
                self.record(
                    rt.clone(),
                    "StopContainer",
                    key.to_string(),
                    Count::Nothing,
                    0,
                    name.clone(),
                    None,
                );
                self.kubelet_event(node, &pod, "Killing", format!("Stopping container {name}"));
            }
            self.record(rt, "StopPodSandbox", key.to_string(), Count::Nothing, 0, String::new(), None);
        }
        let note = "its containers are gone: the status manager deletes it (grace period 0)";
        let result = self.delete_object(&kubelet.name(), &kubelet.user(), Resource::Pods, key, 0, note);
        if let Err(fail) = result {
            if let Some(part) = fail.waits_for() {
                self.park(
                    part,
                    Work::Pod {
                        node: node.to_string(),
                        pod: key.to_string(),
                        op: super::sim::CriOp::Terminate,
                    },
                );
            }
        }
    }

    /// A DELETE through kube-apiserver: etcd removes the key (a write, the revision moves).
    pub(crate) fn delete_object(
        &mut self,
        who: &str,
        user: &str,
        resource: Resource,
        key: &str,
        stage: Stage,
        note: &str,
    ) -> Result<u64, Fail> {
        if !self.is_up(&Part::KubeApiserver) {
            let note = "connection refused: kube-apiserver is down".to_string();
            self.record(who.to_string(), "delete", key.to_string(), Count::Nothing, stage, note, None);
            return Err(Fail::Refused);
        }
        let name = key.rsplit('/').next().unwrap_or("").to_string();
        let request = self.read_request(user, "delete", resource, &name);
        if !self.is_up(&Part::Etcd) {
            let message = self.etcd_timeout_message();
            return Err(self.timed_out(who, "delete", key.to_string(), stage, request, message));
        }
        self.record(
            who.to_string(),
            "delete",
            key.to_string(),
            Count::Nothing,
            stage,
            note.to_string(),
            Some(request),
        );
        let Some(revision) = self.ledger.delete(key) else { return Ok(self.ledger.revision) };
        self.record(
            "etcd".into(),
            "delete",
            key.to_string(),
            Count::Write,
            stage,
            format!("revision {revision}"),
            None,
        );
        self.notify(resource);
        Ok(revision)
    }
}
