//! What actually runs on each node at a cursor of a kube run (not what etcd believes), from the
//! runtime's steps in the trace: the node diagram's pods, and what `kube_restore::unbelieved`
//! compares with the pods table; and which of a node's parts are down with it.

use crate::kube::scenario::{Part, Scenario};
use crate::kube::trace::Step;

/// What runs on one node at the cursor, from its runtime's steps (what actually runs, not what
/// etcd believes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeAt {
    /// The node's name.
    pub name: String,
    /// Its pods with a sandbox, in the order they got one: the pod's name and whether its
    /// containers run yet.
    pub pods: Vec<(String, bool)>,
}

/// Most pods the diagram draws on one node; the rest are counted.
pub const MOST_NODE_PODS: usize = 6;

impl NodeAt {
    /// The pods the diagram draws ([`MOST_NODE_PODS`] at most, in the order they got a
    /// sandbox) and how many more there are.
    pub fn drawn(&self) -> (&[(String, bool)], usize) {
        let n = self.pods.len().min(MOST_NODE_PODS);
        (&self.pods[..n], self.pods.len() - n)
    }
}

/// What runs on each node of `scenario` after `shown`, the steps shown: a pod appears when its
/// runtime's sandbox is ready, runs once a container is running (`kube::kubelet`'s CRI steps)
/// and is gone once its sandbox is stopped (an eviction confirmed, a restore's housekeeping) or
/// its whole node is down (its containers stop with it, `kube::ha_sim`).
pub fn nodes_at(scenario: &Scenario, shown: &[Step]) -> Vec<NodeAt> {
    let mut nodes: Vec<NodeAt> =
        scenario.nodes.iter().map(|n| NodeAt { name: n.name.clone(), pods: Vec::new() }).collect();
    for step in shown {
        if let (Some(node), "DOWN") = (step.component.strip_prefix("node/"), step.verb) {
            nodes.iter_mut().filter(|n| n.name == node).for_each(|n| n.pods.clear());
        }
        let Some(node) = step.component.strip_prefix("runtime/") else { continue };
        let pod = step.key.rsplit('/').next().unwrap_or("").to_string();
        let Some(at) = nodes.iter_mut().find(|n| n.name == node) else { continue };
        match step.verb {
            "sandbox ready" if !at.pods.iter().any(|(p, _)| *p == pod) => at.pods.push((pod, false)),
            "container running" => {
                if let Some(entry) = at.pods.iter_mut().find(|(p, _)| *p == pod) {
                    entry.1 = true;
                }
            }
            "StopPodSandbox" => at.pods.retain(|(p, _)| *p != pod),
            _ => {}
        }
    }
    nodes
}

/// Whether the part named `part` is down at a frame whose parts down are `down`: named there, or
/// a node's kubelet, runtime or kube-proxy while its whole node is down (`node/NODE`), which
/// takes the three with it (`kube::ha_sim`'s `ha_part_down`).
pub fn part_down(down: &[String], part: &str) -> bool {
    let whole = match Part::parse(part) {
        Some(p @ (Part::Kubelet(_) | Part::Runtime(_) | Part::KubeProxy(_))) => {
            p.node().map(|n| Part::Node(n.to_string()).to_string())
        }
        _ => None,
    };
    down.iter().any(|d| d == part || whole.as_deref() == Some(d.as_str()))
}
