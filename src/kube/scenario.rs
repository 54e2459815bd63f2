//! A scenario: the cluster, the manifests applied at given seconds, the parts down and back at
//! given seconds, and the model's named assumptions (the delays Kubernetes does not fix). Read
//! from YAML; every field but the manifests has a default, so `cplab kube apply` is a scenario of
//! one manifest file on the default cluster.

pub use super::replicas::{Replicas, Replicated};
use super::validation::{parse_cpu, parse_memory};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Most worker nodes.
pub const MAX_NODES: usize = 20;
/// Most replicas of one Deployment.
pub const MAX_REPLICAS: u32 = 100;
/// Most objects etcd may hold (the run stops writing beyond).
pub const MAX_OBJECTS: usize = 2_000;
/// Most seconds a run lasts.
pub const MAX_SECONDS: u64 = 3_600;
/// Most trace steps a run records (then it stops).
pub const MAX_STEPS: usize = 50_000;
/// Most faults and most applies in a scenario.
pub const MAX_CHANGES: usize = 32;

/// A part of the cluster that can be down.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Part {
    /// kube-apiserver: every request and every watch goes through it.
    KubeApiserver,
    /// etcd: the store.
    Etcd,
    /// kube-scheduler.
    KubeScheduler,
    /// kube-controller-manager (all its controllers).
    KubeControllerManager,
    /// The kubelet of a node.
    Kubelet(String),
    /// kube-proxy of a node.
    KubeProxy(String),
    /// The container runtime (containerd) of a node.
    Runtime(String),
    /// One etcd member, numbered from 1 (member 1 leads at the start).
    EtcdMember(u32),
    /// One replica of kube-apiserver, kube-scheduler or kube-controller-manager, numbered from 1
    /// (replica 1 holds each Lease at the start).
    Replica(Replicated, u32),
    /// A whole node: its kubelet, runtime, kube-proxy, containers and network.
    Node(String),
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::KubeApiserver => f.write_str("kube-apiserver"),
            Part::Etcd => f.write_str("etcd"),
            Part::KubeScheduler => f.write_str("kube-scheduler"),
            Part::KubeControllerManager => f.write_str("kube-controller-manager"),
            Part::Kubelet(n) => write!(f, "kubelet/{n}"),
            Part::KubeProxy(n) => write!(f, "kube-proxy/{n}"),
            Part::Runtime(n) => write!(f, "runtime/{n}"),
            Part::EtcdMember(k) => write!(f, "etcd/{k}"),
            Part::Replica(r, k) => write!(f, "{}/{k}", r.name()),
            Part::Node(n) => write!(f, "node/{n}"),
        }
    }
}

/// The delays Kubernetes does not fix: the model's assumptions, each with its default
/// (docs/kube.md says where each default comes from). All in milliseconds but the image size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Assumptions {
    /// From a request sent to its response received, when nothing waits (client to
    /// kube-apiserver and back, etcd's commit included).
    pub api_rtt_ms: u64,
    /// From an etcd commit to a watcher's handler (kube-apiserver's watch cache, the network).
    pub watch_delay_ms: u64,
    /// One scheduling cycle of kube-scheduler (filter and score) for one pod.
    pub schedule_ms: u64,
    /// CRI RunPodSandbox (the pause container and the pod network).
    pub sandbox_ms: u64,
    /// CRI PullImage of an image.
    pub image_pull_ms: u64,
    /// The image size the runtime reports after a pull (the Pulled event quotes it).
    pub image_size_bytes: u64,
    /// CRI CreateContainer.
    pub container_create_ms: u64,
    /// CRI StartContainer.
    pub container_start_ms: u64,
    /// How kube-apiserver answers kubectl's GET while etcd has no quorum: `not-found` (the GET
    /// is served from its watch cache, which lacks the object, so kubectl goes on to create) or
    /// `timeout` (a quorum read, failing after etcd's request timeout).
    pub get_when_etcd_down: String,
}

impl Default for Assumptions {
    fn default() -> Self {
        Assumptions {
            api_rtt_ms: 2,
            watch_delay_ms: 5,
            schedule_ms: 1,
            sandbox_ms: 300,
            image_pull_ms: 4_100,
            image_size_bytes: 72_000_000,
            container_create_ms: 50,
            container_start_ms: 60,
            get_when_etcd_down: "not-found".to_string(),
        }
    }
}

/// A worker node's allocatable capacity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// The node's name.
    pub name: String,
    /// Allocatable CPU (`2`, `1500m`).
    #[serde(default = "default_cpu")]
    pub cpu: String,
    /// Allocatable memory (`4Gi`).
    #[serde(default = "default_memory")]
    pub memory: String,
    /// Allocatable pods: the kubelet's `maxPods` default is 110 (k/k `pkg/kubelet/apis/config/
    /// v1beta1/defaults.go`).
    #[serde(default = "default_pods")]
    pub pods: u32,
}

fn default_cpu() -> String {
    "2".to_string()
}
fn default_memory() -> String {
    "4Gi".to_string()
}
fn default_pods() -> u32 {
    110
}

/// Manifests applied (`kubectl apply -f`) at a second of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Apply {
    /// When, in seconds from the start (fractions allowed: `0.5`).
    #[serde(default)]
    pub at: f64,
    /// The file name kubectl is given (it appears in kubectl's messages).
    #[serde(default = "default_file")]
    pub file: String,
    /// The manifests themselves, `---` separated. The CLI reads `file` when this is absent.
    #[serde(default)]
    pub manifests: Option<String>,
    /// kubectl's `--validate` (true: it first downloads the OpenAPI schema).
    #[serde(default = "default_true")]
    pub validate: bool,
}

fn default_file() -> String {
    "deploy.yaml".to_string()
}
fn default_true() -> bool {
    true
}

/// A part down at a second and, if given, back at another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fault {
    /// The part, as on the command line (`kube-scheduler`, `kubelet/node-2`).
    pub part: String,
    /// Down from this second.
    #[serde(default)]
    pub down: f64,
    /// Back at this second.
    #[serde(default)]
    pub up: Option<f64>,
}

/// A whole scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The name generator's seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// The run ends here (seconds) if it is not quiet before.
    #[serde(default)]
    pub until: Option<f64>,
    /// The worker nodes.
    #[serde(default = "default_nodes")]
    pub nodes: Vec<NodeSpec>,
    /// What kubectl applies, and when.
    #[serde(default)]
    pub apply: Vec<Apply>,
    /// Parts down and back.
    #[serde(default)]
    pub faults: Vec<Fault>,
    /// etcd's members, 1 to 7 (issue 31).
    #[serde(default = "one")]
    pub etcd: u32,
    /// Replicas of kube-apiserver, kube-scheduler and kube-controller-manager.
    #[serde(default)]
    pub replicas: Replicas,
    /// The Lease side on (issue 31): leader and node Leases renewed (etcd writes in the trace)
    /// and the node lifecycle controller acting on a silent node. On when any other field of
    /// issue 31 is used (more members or replicas, a member, replica or node down); off, a run
    /// is issue 30's round trip with its counts.
    #[serde(default)]
    pub leases: bool,
    /// `etcdctl snapshot save` at this second (issue 31).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<f64>,
    /// etcd restored from that snapshot at this second, later (issue 31, `kube::restore`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restore: Option<f64>,
    /// The model's assumptions.
    #[serde(default)]
    pub assumptions: Assumptions,
}

fn default_seed() -> u64 {
    1
}

fn one() -> u32 {
    1
}

/// The default cluster: `node-1`, `node-2`, `node-3` with the default capacity.
pub fn default_nodes() -> Vec<NodeSpec> {
    (1..=3)
        .map(|i| NodeSpec {
            name: format!("node-{i}"),
            cpu: default_cpu(),
            memory: default_memory(),
            pods: default_pods(),
        })
        .collect()
}

impl Scenario {
    /// The default cluster running one manifest file applied at 0 s.
    pub fn for_file(file: &str, manifests: &str) -> Scenario {
        Scenario {
            seed: default_seed(),
            until: None,
            nodes: default_nodes(),
            apply: vec![Apply {
                at: 0.0,
                file: file.to_string(),
                manifests: Some(manifests.to_string()),
                validate: true,
            }],
            faults: Vec::new(),
            etcd: 1,
            replicas: Replicas::default(),
            leases: false,
            snapshot: None,
            restore: None,
            assumptions: Assumptions::default(),
        }
    }

    /// Whether the Lease side runs: asked for, or implied by a field or fault of issue 31.
    pub fn has_leases(&self) -> bool {
        let replicated = Replicated::ALL.iter().any(|r| self.replicas.of(*r) > 1);
        let ha_fault = self.faults.iter().any(|f| {
            matches!(Part::parse(&f.part), Some(Part::EtcdMember(_) | Part::Replica(..) | Part::Node(_)))
        });
        self.leases || self.etcd > 1 || replicated || ha_fault
    }

    /// A scenario read from YAML; `Err` names the line and column, or the field, that is wrong.
    /// (Not in the page `?kube=1`, which has no YAML reader: it runs one file on the default
    /// cluster.)
    #[cfg(any(not(target_arch = "wasm32"), feature = "kube_reader"))]
    pub fn from_yaml(text: &str) -> Result<Scenario, String> {
        if text.len() > super::manifest::MAX_INPUT_BYTES {
            return Err(format!("the scenario is larger than {} bytes", super::manifest::MAX_INPUT_BYTES));
        }
        let scenario: Scenario = serde_norway::from_str(text).map_err(|e| format!("scenario: {e}"))?;
        scenario.check()?;
        Ok(scenario)
    }

    /// Every bound and every name checked, so that a run never fails for its input's shape.
    pub fn check(&self) -> Result<(), String> {
        if self.nodes.is_empty() || self.nodes.len() > MAX_NODES {
            return Err(format!("a scenario has 1 to {MAX_NODES} nodes, not {}", self.nodes.len()));
        }
        if self.apply.len() > MAX_CHANGES || self.faults.len() > MAX_CHANGES {
            return Err(format!("a scenario has at most {MAX_CHANGES} applies and {MAX_CHANGES} faults"));
        }
        for node in &self.nodes {
            let name_ok = super::validation::is_dns1123_subdomain(&node.name);
            if !name_ok || parse_cpu(&node.cpu).is_none() || parse_memory(&node.memory).is_none() {
                return Err(format!(
                    "node {:?}: a DNS-1123 name, cpu like \"2\" and memory like \"4Gi\"",
                    node.name
                ));
            }
            if self.nodes.iter().filter(|n| n.name == node.name).count() > 1 {
                return Err(format!("node {:?} is listed twice", node.name));
            }
        }
        let seconds = |s: f64| s.is_finite() && (0.0..=MAX_SECONDS as f64).contains(&s);
        let times =
            self.apply.iter().map(|a| a.at).chain(self.until).chain(self.snapshot).chain(self.restore);
        let fault_times = self.faults.iter().flat_map(|f| std::iter::once(f.down).chain(f.up));
        if !times.chain(fault_times).all(seconds) {
            return Err(format!("every second in a scenario is between 0 and {MAX_SECONDS}"));
        }
        for fault in &self.faults {
            self.part(&fault.part)?;
            if fault.up.is_some_and(|up| up < fault.down) {
                return Err(format!("{}: back (up) before down", fault.part));
            }
        }
        super::ha_plan::check(self)?;
        self.check_restore()
    }

    /// A restore needs an earlier snapshot, and a control plane up at its moment (the docs'
    /// procedure stops and starts kube-apiserver; the model does not restore a broken etcd).
    fn check_restore(&self) -> Result<(), String> {
        let Some(at) = self.restore else { return Ok(()) };
        let restore = seconds_text(at);
        let Some(snapshot) = self.snapshot else {
            return Err(format!(
                "--restore {restore}: no snapshot to restore from (give --snapshot SECONDS)"
            ));
        };
        if at <= snapshot {
            let snapshot = seconds_text(snapshot);
            return Err(format!("--restore {restore}: the snapshot is taken at {snapshot} s; restore later"));
        }
        for fault in &self.faults {
            let control = matches!(
                Part::parse(&fault.part),
                Some(
                    Part::Etcd
                        | Part::EtcdMember(_)
                        | Part::KubeApiserver
                        | Part::Replica(Replicated::KubeApiserver, _)
                )
            );
            let covers = fault.down <= at && fault.up.is_none_or(|up| at < up);
            if control && covers {
                return Err(format!(
                    "--restore {restore}: {} is down then; the model restores etcd with its members and kube-apiserver up",
                    fault.part
                ));
            }
            // With the Lease side on a node's fault is a timeline planned ahead (`ha_plan`), which
            // a restore would contradict (a restarted node lifecycle controller starts its grace
            // period again): not modelled.
            let node = Part::parse(&fault.part).is_some_and(|p| p.node().is_some());
            if node && covers && self.has_leases() {
                return Err(format!(
                    "--restore {restore}: {} is down then; a restore during a node's fault is not modelled with the Lease side on",
                    fault.part
                ));
            }
        }
        Ok(())
    }

    /// A part's name read and checked against the cluster's nodes.
    pub fn part(&self, name: &str) -> Result<Part, String> {
        let part = Part::parse(name).ok_or_else(|| format!("unknown part {name:?}: {PARTS}"))?;
        match (&part, part.node()) {
            (_, Some(node)) if !self.nodes.iter().any(|n| n.name == node) => {
                Err(format!("{name}: no node {node:?} in the cluster"))
            }
            (Part::EtcdMember(k), _) if *k > self.etcd => {
                Err(format!("{name}: etcd has {} member(s) (--etcd {}): no member {k}", self.etcd, self.etcd))
            }
            (Part::Replica(r, k), _) if *k > self.replicas.of(*r) => {
                let n = self.replicas.of(*r);
                Err(format!(
                    "{name}: {} runs {n} replica(s) (--replicas {}={n}): no replica {k}",
                    r.name(),
                    r.name()
                ))
            }
            _ => Ok(part),
        }
    }
}

/// Every part's form, for a message naming a bad one.
pub const PARTS: &str = "kube-apiserver, etcd, kube-scheduler, kube-controller-manager, kubelet/NODE, kube-proxy/NODE, runtime/NODE, node/NODE, etcd/K or PART/K (a replica of kube-apiserver, kube-scheduler or kube-controller-manager)";

/// Seconds as the run's milliseconds.
pub fn ms(seconds: f64) -> u64 {
    (seconds * 1000.0).round().max(0.0) as u64
}

/// Seconds as a flag takes them (`40`, `12.5`), to the millisecond, written without float
/// printing (which the page `?kube=1` does not otherwise carry).
pub fn seconds_text(seconds: f64) -> String {
    super::blast::seconds(ms(seconds)).trim_end_matches('s').to_string()
}
