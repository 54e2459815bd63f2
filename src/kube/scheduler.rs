//! kube-scheduler: takes pods with no `spec.nodeName` one at a time, filters the nodes
//! (NodeResourcesFit: pods, CPU and memory requests against allocatable), scores those left
//! (NodeResourcesFit's LeastAllocated), binds the best through `pods/<name>/binding`
//! (`pkg/scheduler/framework/plugins/defaultbinder`), and records Scheduled through
//! events.k8s.io. Ties are broken by the seeded generator, as the scheduler picks among equal
//! scores at random (`selectHost`).

use super::objects::{Object, Pod, Resource};
use super::sim::{Actor, Count, Sim, Work};

/// The CPU a container without a request counts as when scoring: 100m (k/k `pkg/scheduler/
/// util/pod_resources.go`, `DefaultMilliCPURequest`).
pub const DEFAULT_MILLI_CPU_REQUEST: u64 = 100;
/// The memory it counts as: 200 MB (`DefaultMemoryRequest`, 200 * 1024 * 1024).
pub const DEFAULT_MEMORY_REQUEST: u64 = 200 * 1024 * 1024;
/// The best score a plugin gives (`framework.MaxNodeScore`).
pub const MAX_NODE_SCORE: u64 = 100;

/// A pod's requests: (cpu millicores, memory bytes), as given or as counted for scoring.
fn requests(pod: &Pod, scoring: bool) -> (u64, u64) {
    pod.containers.iter().fold((0, 0), |(cpu, mem), c| {
        let c_cpu = c.cpu_milli.unwrap_or(if scoring { DEFAULT_MILLI_CPU_REQUEST } else { 0 });
        let c_mem = c.memory_bytes.unwrap_or(if scoring { DEFAULT_MEMORY_REQUEST } else { 0 });
        (cpu + c_cpu, mem + c_mem)
    })
}

/// A NoSchedule taint the pod does not tolerate (the pods' only tolerations are the NoExecute
/// ones DefaultTolerationSeconds adds), as TaintToleration's filter says it (k/k
/// `pkg/scheduler/framework/plugins/tainttoleration`: "node(s) had untolerated taint {KEY: VALUE}").
fn untolerated(node: &super::objects::Node) -> Option<&'static str> {
    node.taints.iter().find_map(|t| match t.as_str() {
        "node.kubernetes.io/unreachable:NoSchedule" => {
            Some("node(s) had untolerated taint {node.kubernetes.io/unreachable: }")
        }
        "node.kubernetes.io/not-ready:NoSchedule" => {
            Some("node(s) had untolerated taint {node.kubernetes.io/not-ready: }")
        }
        _ => None,
    })
}

impl Sim {
    /// The scheduler saw a change: an unbound pod joins the queue; a node, or a pod bound,
    /// may make room, so unschedulable pods return to it.
    pub(crate) fn scheduler_saw(&mut self, object: &Object) {
        match object {
            Object::Pod(p) if p.node_name.is_none() => {
                let key = object.key();
                if !self.sched.active.contains(&key) && !self.sched.unschedulable.contains(&key) {
                    self.sched.active.push_back(key);
                }
            }
            Object::Pod(_) => {
                self.sched.assumed.remove(&object.key());
            }
            Object::Node(_) => {
                let back: Vec<String> = std::mem::take(&mut self.sched.unschedulable).into_iter().collect();
                self.sched.active.extend(back);
            }
            _ => return,
        }
        if !self.sched.active.is_empty() {
            self.at(self.now, Work::Schedule);
        }
    }

    /// What a node's pods request in the scheduler's view (bound pods in its cache plus pods
    /// assumed): (cpu, memory) as given, for the filter; as counted, for the score; how many.
    fn node_usage(&self, node: &str) -> ((u64, u64), (u64, u64), u32) {
        let bound = self.cache(&Actor::Scheduler, Resource::Pods).filter_map(|o| match o {
            Object::Pod(p) if p.node_name.as_deref() == Some(node) => Some(p),
            _ => None,
        });
        let assumed = self.sched.assumed.iter().filter(|(_, n)| n.as_str() == node).filter_map(|(k, _)| {
            match self.cached(&Actor::Scheduler, Resource::Pods, k) {
                Some(Object::Pod(p)) if p.node_name.is_none() => Some(p),
                _ => None,
            }
        });
        bound.chain(assumed).fold(((0, 0), (0, 0), 0), |(given, counted, n), p| {
            let (gc, gm) = requests(p, false);
            let (cc, cm) = requests(p, true);
            ((given.0 + gc, given.1 + gm), (counted.0 + cc, counted.1 + cm), n + 1)
        })
    }

    /// One scheduling cycle: the next pod, filtered, scored and bound.
    pub(crate) fn schedule(&mut self) {
        let actor = Actor::Scheduler;
        let Some(key) = self.sched.active.pop_front() else { return };
        if !self.sched.active.is_empty() {
            self.at(self.now + self.assume.schedule_ms, Work::Schedule);
        }
        let Some(Object::Pod(pod)) = self.cached(&actor, Resource::Pods, &key).cloned() else { return };
        if pod.node_name.is_some() || self.sched.assumed.contains_key(&key) {
            return;
        }
        let nodes: Vec<_> = self
            .cache(&actor, Resource::Nodes)
            .filter_map(|o| match o {
                Object::Node(n) => Some(n.clone()),
                _ => None,
            })
            .collect();
        let (want_cpu, want_mem) = requests(&pod, false);
        let (score_cpu, score_mem) = requests(&pod, true);
        let mut failures: Vec<&'static str> = Vec::new();
        let mut scored: Vec<(u64, String)> = Vec::new();
        for node in &nodes {
            let ((cpu, mem), (score_used_cpu, score_used_mem), count) = self.node_usage(&node.meta.name);
            let why = if let Some(taint) = untolerated(node) {
                Some(taint)
            } else if count + 1 > node.pods {
                Some("Too many pods")
            } else if cpu + want_cpu > node.cpu_milli {
                Some("Insufficient cpu")
            } else if mem + want_mem > node.memory_bytes {
                Some("Insufficient memory")
            } else {
                None
            };
            match why {
                Some(reason) => failures.push(reason),
                None => {
                    let least = |used: u64, cap: u64| {
                        (cap.saturating_sub(used) * MAX_NODE_SCORE).checked_div(cap).unwrap_or(0)
                    };
                    let cpu_score = least(score_used_cpu + score_cpu, node.cpu_milli);
                    let score = (cpu_score + least(score_used_mem + score_mem, node.memory_bytes)) / 2;
                    scored.push((score, node.meta.name.clone()));
                }
            }
        }
        let note = format!("{}/{} nodes fit", scored.len(), nodes.len());
        self.record(actor.name(), "filter", key.clone(), Count::Nothing, 4, note, None);
        if scored.is_empty() {
            self.unschedulable(&pod, &key, nodes.len(), failures);
            return;
        }
        let best = scored.iter().map(|s| s.0).max().unwrap_or(0);
        let tied: Vec<&String> = scored.iter().filter(|s| s.0 == best).map(|s| &s.1).collect();
        let pick = self.names.below(tied.len());
        let chosen = tied.get(pick).map(|n| n.to_string()).unwrap_or_default();
        let note = scored.iter().map(|(s, n)| format!("{n} {s}")).collect::<Vec<_>>().join(", ");
        self.record(
            actor.name(),
            "score",
            key.clone(),
            Count::Nothing,
            4,
            format!("{note}; chose {chosen}"),
            None,
        );
        self.bind(pod, key, chosen);
    }

    fn bind(&mut self, mut pod: Pod, key: String, node: String) {
        let actor = Actor::Scheduler;
        pod.node_name = Some(node.clone());
        pod.conditions = vec![super::objects::Condition { kind: "PodScheduled", status: true }];
        let name = pod.meta.name.clone();
        match self.write(
            &actor.name(),
            &actor.user(),
            "create",
            Object::Pod(pod),
            Some("binding"),
            4,
            super::api::PLAIN,
        ) {
            Ok(_) => {
                self.sched.assumed.insert(key, node.clone());
                let message = format!("Successfully assigned default/{name} to {node}");
                let involved = (Resource::Pods, name);
                self.emit(
                    &actor.name(),
                    &actor.user(),
                    "default-scheduler",
                    involved,
                    false,
                    "Scheduled",
                    message,
                    true,
                    4,
                );
            }
            Err(fail) => {
                if let Some(part) = fail.waits_for() {
                    self.sched.active.push_back(key);
                    self.park(part, Work::Schedule);
                }
            }
        }
    }

    /// No node fits: FailedScheduling, and the pod waits for a change in the cluster (its
    /// message as `FitError.Error()` writes it, reasons counted and sorted, then preemption's).
    fn unschedulable(&mut self, pod: &Pod, key: &str, nodes: usize, mut failures: Vec<&'static str>) {
        let actor = Actor::Scheduler;
        self.sched.unschedulable.insert(key.to_string());
        failures.sort_unstable();
        let mut counted: Vec<String> = Vec::new();
        for reason in failures.iter().copied() {
            let n = failures.iter().filter(|r| **r == reason).count();
            let entry = format!("{n} {reason}");
            if !counted.contains(&entry) {
                counted.push(entry);
            }
        }
        let message = format!(
            "0/{nodes} nodes are available: {}. preemption: 0/{nodes} nodes are available: {nodes} No preemption victims found for incoming pod.",
            counted.join(", ")
        );
        let involved = (Resource::Pods, pod.meta.name.clone());
        self.emit(
            &actor.name(),
            &actor.user(),
            "default-scheduler",
            involved,
            true,
            "FailedScheduling",
            message,
            true,
            4,
        );
    }
}
