//! What actually runs, as opposed to what etcd believes: the sandboxes and containers each
//! node's runtime holds, the images it has pulled, and the Service rules each kube-proxy has
//! programmed. Only the runtime and kube-proxy change it.

use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A pod's sandbox and containers on a node.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PodRuntime {
    /// The sandbox's IP (RunPodSandbox set up the pod network).
    pub ip: String,
    /// Containers created, by name.
    pub created: BTreeSet<String>,
    /// Containers running, by name.
    pub running: BTreeSet<String>,
    /// The pod's restarts once the kubelet started its containers again (etcd's status said they
    /// ran; the runtime ran none, as after the node's return), and when (`kube::kubelet`).
    pub restarted: Option<(u32, u64)>,
}

/// One worker node as it actually is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct NodeWorld {
    /// Pods with a sandbox, by `namespace/name`.
    pub pods: BTreeMap<String, PodRuntime>,
    /// Images pulled.
    pub images: BTreeSet<String>,
    /// kube-proxy's rules: `namespace/service` to `clusterIP:port -> podIP:port, ...`.
    pub rules: BTreeMap<String, String>,
    /// Sandboxes created so far (the next pod IP).
    pub sandboxes_made: u32,
}

/// Every node.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct World {
    /// Nodes by name.
    pub nodes: BTreeMap<String, NodeWorld>,
}

impl World {
    /// Pods with every container running, over all nodes.
    pub fn running_pods(&self) -> usize {
        self.nodes.values().flat_map(|n| n.pods.values()).filter(|p| !p.running.is_empty()).count()
    }

    /// Nodes whose kube-proxy has programmed at least one Service endpoint.
    pub fn nodes_routing(&self) -> usize {
        self.nodes.values().filter(|n| n.rules.values().any(|r| r.contains("->"))).count()
    }
}
