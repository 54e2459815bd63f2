//! The node side: the kubelet runs each pod bound to its node through the container runtime's
//! CRI (RunPodSandbox, PullImage, CreateContainer, StartContainer; k/k `pkg/kubelet/
//! kuberuntime/kuberuntime_manager.go` SyncPod), records Pulling, Pulled, Created and Started,
//! and patches `pods/<name>/status` (`pkg/kubelet/status/status_manager.go`); kube-proxy turns
//! Services and EndpointSlices into rules. Only these change the world.

use super::objects::{Condition, Object, Phase, Pod, PullPolicy, Resource};
use super::render::go_duration;
use super::scenario::Part;
use super::sim::{Actor, Count, CriOp, Sim, Work};

/// The conditions the kubelet reports (v1.32: PodReadyToStartContainers is on by default).
fn conditions(sandbox: bool, ready: bool) -> Vec<Condition> {
    vec![
        Condition { kind: "PodReadyToStartContainers", status: sandbox },
        Condition { kind: "Initialized", status: true },
        Condition { kind: "Ready", status: ready },
        Condition { kind: "ContainersReady", status: ready },
        Condition { kind: "PodScheduled", status: true },
    ]
}

impl Sim {
    /// The kubelet saw a pod bound to its node: it begins the pod once.
    pub(crate) fn kubelet_saw_pod(&mut self, node: &str, object: &Object) {
        let key = object.key();
        if matches!(object, Object::Pod(p) if p.deleting) {
            // Deleted (evicted): the kubelet stops it and confirms (`node_return`).
            let (node, pod) = (node.to_string(), key);
            return self.at(self.now, Work::Pod { node, pod, op: CriOp::Terminate });
        }
        if self.kubelet_pods.insert((node.to_string(), key.clone())) {
            let running = self.world.nodes.get(node).and_then(|n| n.pods.get(&pod_id(&key)));
            // A restarted kubelet finds what the runtime still runs and only reports it.
            let op =
                if running.is_some_and(|p| !p.running.is_empty()) { CriOp::Report } else { CriOp::Begin };
            self.at(self.now, Work::Pod { node: node.to_string(), pod: key, op });
        }
    }

    /// One call of a pod's start, then the next.
    pub(crate) fn pod_work(&mut self, node: &str, key: &str, op: CriOp) {
        let kubelet = Actor::Kubelet(node.to_string());
        if !self.is_up(&kubelet.part()) {
            return;
        }
        let Some(Object::Pod(pod)) = self.cached(&kubelet, Resource::Pods, key).cloned() else { return };
        let runtime = Part::Runtime(node.to_string());
        let needs_runtime = !matches!(op, CriOp::Begin | CriOp::Report);
        if needs_runtime && !self.is_up(&runtime) {
            let note = "the runtime is down: the CRI call fails; the pod waits".to_string();
            self.record(
                format!("runtime/{node}"),
                "unavailable",
                key.to_string(),
                Count::Nothing,
                5,
                note,
                None,
            );
            self.park(runtime, Work::Pod { node: node.to_string(), pod: key.to_string(), op });
            return;
        }
        let next = self.cri(node, key, &pod, op);
        if let Some((delay, op)) = next {
            self.at(self.now + delay, Work::Pod { node: node.to_string(), pod: key.to_string(), op });
        }
    }

    /// Does one call; the next call and its delay.
    fn cri(&mut self, node: &str, key: &str, pod: &Pod, op: CriOp) -> Option<(u64, CriOp)> {
        let rt = format!("runtime/{node}");
        let id = pod_id(key);
        let a = self.assume.clone();
        match op {
            CriOp::Begin => {
                self.started_again(node, pod);
                self.report(node, pod, false)?;
                self.record(rt, "RunPodSandbox", key.to_string(), Count::Nothing, 5, String::new(), None);
                Some((a.sandbox_ms, CriOp::SandboxDone))
            }
            CriOp::SandboxDone => {
                let ip = self.new_ip(node)?;
                let world = self.world.nodes.get_mut(node)?;
                world.pods.entry(id).or_default().ip = ip.clone();
                self.record(
                    rt,
                    "sandbox ready",
                    key.to_string(),
                    Count::Nothing,
                    5,
                    format!("pod IP {ip}"),
                    None,
                );
                Some((0, CriOp::Pull(0)))
            }
            CriOp::Pull(i) => self.pull(node, key, pod, i),
            CriOp::PullDone(i) => {
                let image = pod.containers.get(i)?.image.clone();
                self.world.nodes.get_mut(node)?.images.insert(image.clone());
                self.record(rt, "image pulled", key.to_string(), Count::Nothing, 5, image.clone(), None);
                let took = go_duration(a.image_pull_ms);
                let message = format!(
                    "Successfully pulled image {image:?} in {took} ({took} including waiting). Image size: {} bytes.",
                    a.image_size_bytes
                );
                self.kubelet_event(node, pod, "Pulled", message);
                Some((0, CriOp::Create(i)))
            }
            CriOp::Create(i) => {
                let name = pod.containers.get(i)?.name.clone();
                self.record(rt, "CreateContainer", key.to_string(), Count::Nothing, 5, name.clone(), None);
                self.world.nodes.get_mut(node)?.pods.entry(id).or_default().created.insert(name.clone());
                // v1.32's words: "Created container: NAME" (v1.32-v1.33).
                self.kubelet_event(node, pod, "Created", format!("Created container: {name}"));
                Some((a.container_create_ms, CriOp::Start(i)))
            }
            CriOp::Start(i) => {
                let name = pod.containers.get(i)?.name.clone();
                self.record(rt, "StartContainer", key.to_string(), Count::Nothing, 5, name, None);
                Some((a.container_start_ms, CriOp::Started(i)))
            }
            CriOp::Started(i) => {
                let name = pod.containers.get(i)?.name.clone();
                self.world.nodes.get_mut(node)?.pods.entry(id).or_default().running.insert(name.clone());
                self.record(rt, "container running", key.to_string(), Count::Nothing, 5, name.clone(), None);
                self.kubelet_event(node, pod, "Started", format!("Started container {name}"));
                let more = i + 1 < pod.containers.len();
                Some((0, if more { CriOp::Pull(i + 1) } else { CriOp::Report }))
            }
            CriOp::Report => {
                self.report(node, pod, true);
                None
            }
            CriOp::Terminate => {
                self.terminate(node, key);
                None
            }
        }
    }

    /// A pod etcd says ran (phase Running) that the runtime runs nothing of, as after its node's
    /// return: each container started again counts a restart. The kubelet numbers a new
    /// container from the last one's status (`restartCount + 1`), or, when the runtime lost it
    /// with a reboot, from the log directory's `{restartCount}.log` (`startContainer`, k/k
    /// `pkg/kubelet/kuberuntime/kuberuntime_container.go`, `calcRestartCountByLogDir`); the old
    /// container's `finishedAt` is the moment the runtime, started again, finds its task gone
    /// (exit code 255, reason `Unknown`: containerd `internal/cri/server/restart.go`), here the
    /// kubelet's start on the node's return.
    fn started_again(&mut self, node: &str, pod: &Pod) {
        if pod.phase != Phase::Running {
            return;
        }
        let restarts = pod.restarts + pod.containers.len() as u32;
        let now = self.now;
        if let Some(world) = self.world.nodes.get_mut(node) {
            world.pods.entry(pod_id(&pod_key(pod))).or_default().restarted = Some((restarts, now));
        }
    }

    /// PullImage, or the note that the image is present (IfNotPresent).
    fn pull(&mut self, node: &str, key: &str, pod: &Pod, i: usize) -> Option<(u64, CriOp)> {
        let container = pod.containers.get(i)?;
        let present = self.world.nodes.get(node)?.images.contains(&container.image);
        if container.pull_policy != PullPolicy::Always && present {
            let message = format!("Container image {:?} already present on machine", container.image);
            self.kubelet_event(node, pod, "Pulled", message);
            return Some((0, CriOp::Create(i)));
        }
        self.kubelet_event(node, pod, "Pulling", format!("Pulling image {:?}", container.image));
        let rt = format!("runtime/{node}");
        self.record(rt, "PullImage", key.to_string(), Count::Nothing, 5, container.image.clone(), None);
        Some((self.assume.image_pull_ms, CriOp::PullDone(i)))
    }

    /// The next pod IP of a node: its podCIDR's `.2` onwards (the assumption pod_ip: the CNI
    /// plugin's host-local IPAM hands out addresses in order, `.1` being the bridge).
    fn new_ip(&mut self, node: &str) -> Option<String> {
        let index = self.world.nodes.keys().position(|n| n == node)?;
        let world = self.world.nodes.get_mut(node)?;
        world.sandboxes_made += 1;
        Some(format!("10.244.{}.{}", index + 1, 1 + world.sandboxes_made))
    }

    pub(crate) fn kubelet_event(&mut self, node: &str, pod: &Pod, reason: &'static str, message: String) {
        let kubelet = Actor::Kubelet(node.to_string());
        let involved = (Resource::Pods, pod.meta.name.clone());
        self.emit(&kubelet.name(), &kubelet.user(), "kubelet", involved, false, reason, message, false, 5);
    }

    /// The kubelet's status patch: Pending with ContainerCreating, or Running and Ready.
    fn report(&mut self, node: &str, pod: &Pod, running: bool) -> Option<()> {
        let kubelet = Actor::Kubelet(node.to_string());
        let mut status = pod.clone();
        let world = self.world.nodes.get(node)?.pods.get(&pod_id(&pod_key(pod)));
        status.pod_ip = world.filter(|w| !w.ip.is_empty()).map(|w| w.ip.clone());
        status.conditions = conditions(running, running);
        status.phase = if running { Phase::Running } else { Phase::Pending };
        status.waiting_reason = (!running).then_some("ContainerCreating");
        status.ready_containers = if running { pod.containers.len() as u32 } else { 0 };
        if let Some((restarts, at)) = world.and_then(|w| w.restarted).filter(|_| running) {
            (status.restarts, status.last_restart_ms) = (restarts, Some(at));
        }
        let stage = if running { 6 } else { 5 };
        match self.write(
            &kubelet.name(),
            &kubelet.user(),
            "patch",
            Object::Pod(status),
            Some("status"),
            stage,
            super::api::PLAIN,
        ) {
            Ok(_) => Some(()),
            Err(fail) => {
                // The status manager retries; the model lets the patch wait for the part.
                if let Some(part) = fail.waits_for() {
                    let op = if running { CriOp::Report } else { CriOp::Begin };
                    self.park(part, Work::Pod { node: node.to_string(), pod: pod_key(pod), op });
                }
                None
            }
        }
    }

    /// kube-proxy: every Service's ClusterIP to its ready endpoints (iptables mode).
    pub(crate) fn proxy_sync(&mut self, node: &str) {
        let proxy = Actor::Proxy(node.to_string());
        if !self.is_up(&proxy.part()) {
            return;
        }
        let slices: Vec<_> = self
            .cache(&proxy, Resource::EndpointSlices)
            .filter_map(|o| if let Object::EndpointSlice(s) = o { Some(s.clone()) } else { None })
            .collect();
        let mut rules = std::collections::BTreeMap::new();
        for object in self.cache(&proxy, Resource::Services) {
            let Object::Service(svc) = object else { continue };
            for port in &svc.ports {
                let ready: Vec<String> = slices
                    .iter()
                    .filter(|s| s.service == svc.meta.name)
                    .flat_map(|s| s.endpoints.iter().filter(|e| e.ready))
                    .map(|e| format!("{}:{}", e.address, port.target_port))
                    .collect();
                let target = if ready.is_empty() {
                    "no endpoints (REJECT)".to_string()
                } else {
                    format!("-> {}", ready.join(", "))
                };
                let id = format!("{}/{}", svc.meta.namespace, svc.meta.name);
                rules.insert(id, format!("{}:{} {target}", svc.cluster_ip, port.port));
            }
        }
        let world = self.world.nodes.entry(node.to_string()).or_default();
        if world.rules == rules {
            return;
        }
        let note = rules.values().cloned().collect::<Vec<_>>().join("; ");
        world.rules = rules;
        self.record(proxy.name(), "sync rules", String::new(), Count::Nothing, 0, note, None);
    }
}

/// `namespace/name` of a pod key `/registry/pods/namespace/name`.
fn pod_id(key: &str) -> String {
    key.trim_start_matches("/registry/pods/").to_string()
}

fn pod_key(pod: &Pod) -> String {
    Resource::Pods.key(&pod.meta.namespace, &pod.meta.name)
}
