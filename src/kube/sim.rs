//! The simulation: a clock in milliseconds, a queue of work ordered by time (then by when it was
//! queued), and `step` / `run` as in tokio-rs/turmoil: nothing happens but what the queue holds,
//! so the same scenario gives the same run, byte for byte. Parts down are a set; their work is
//! dropped, or parked until the part they wait for is back.

use super::ha::etcd::EtcdCluster;
use super::ha_plan::{HaWork, Renewal};
pub use super::informers::{Actor, Informer};
use super::ledger::Ledger;
use super::manifest::Manifest;
use super::names::NameGen;
use super::objects::{Meta, Node, Object};
use super::scenario::{ms, Assumptions, Part, Scenario, MAX_OBJECTS, MAX_SECONDS, MAX_STEPS};
use super::trace::{Request, Stage, Step, Totals};
use super::validation::{parse_cpu, parse_memory};
use super::world::{NodeWorld, World};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A CRI call or its completion, in the order the kubelet makes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CriOp {
    /// The kubelet reports the pod Pending (ContainerCreating) and asks for a sandbox.
    Begin,
    /// RunPodSandbox finished.
    SandboxDone,
    /// PullImage of container i starts.
    Pull(usize),
    /// PullImage of container i finished.
    PullDone(usize),
    /// CreateContainer of container i.
    Create(usize),
    /// StartContainer of container i.
    Start(usize),
    /// StartContainer finished.
    Started(usize),
    /// The kubelet reports the pod Running.
    Report,
    /// The pod was deleted: the kubelet stops it and confirms the deletion.
    Terminate,
}

/// Work on the queue.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Work {
    /// An actor starts (or restarts): its informers LIST, then WATCH.
    Start(Actor),
    /// An informer's watch delivers what changed since it last looked.
    Pump(usize),
    /// The deployment controller syncs one Deployment (by key).
    SyncDeployment(String),
    /// The replicaset controller syncs one ReplicaSet.
    SyncReplicaSet(String),
    /// The replicaset controller's next slow-start batch of creates.
    CreatePods {
        /// The ReplicaSet's key.
        rs: String,
        /// This batch's size.
        batch: u32,
        /// Pods still to create.
        left: u32,
    },
    /// The endpointslice controller syncs one Service.
    SyncService(String),
    /// kube-scheduler's next scheduling cycle.
    Schedule,
    /// The kubelet (and its runtime) works on one pod.
    Pod {
        /// The node.
        node: String,
        /// The pod's key.
        pod: String,
        /// The next call.
        op: CriOp,
    },
    /// kube-proxy syncs its rules.
    ProxySync(String),
    /// kubectl applies the scenario's n-th file.
    Apply(usize),
    /// kubectl sends one object of a file.
    KubectlObject {
        /// The file.
        apply: usize,
        /// The object in it.
        doc: usize,
    },
    /// A part goes down.
    Down(Part),
    /// A part comes back.
    Up(Part),
    /// A moment of issue 31's plan (`ha_plan`).
    Ha(HaWork),
    /// `etcdctl snapshot save` (`restore`).
    Snapshot,
    /// The restore from the snapshot.
    Restore,
    /// A kubelet's housekeeping after its restart (it kills pods etcd does not hold).
    Housekeeping(String),
}

/// One line kubectl printed, when.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct KubectlLine {
    /// Which of the scenario's `kubectl apply` printed it.
    pub apply: usize,
    /// When it printed it (ms).
    pub at_ms: u64,
    /// The line (or lines).
    pub text: String,
    /// Whether it went to stderr as an error (kubectl then exits 1).
    pub error: bool,
}

/// One file kubectl applies.
#[derive(Clone, Debug)]
pub struct ApplyJob {
    /// The file's name.
    pub file: String,
    /// Its objects, or kubectl's refusal of the file.
    pub manifests: Result<Vec<Manifest>, String>,
    /// `--validate`.
    pub validate: bool,
}

/// The whole simulated cluster at one instant.
#[derive(Debug)]
pub struct Sim {
    /// The clock, ms.
    pub now: u64,
    /// The run ends here.
    pub until_ms: u64,
    queue: BTreeMap<(u64, u64), Work>,
    queued: BTreeSet<Work>,
    seq: u64,
    /// What etcd believes.
    pub ledger: Ledger,
    /// What actually runs.
    pub world: World,
    /// Every step so far.
    pub trace: Vec<Step>,
    /// Counts so far.
    pub totals: Totals,
    /// The seeded name generator.
    pub names: NameGen,
    /// Parts down now.
    pub down: BTreeSet<Part>,
    /// Every informer.
    pub informers: Vec<Informer>,
    /// Work waiting for a part to come back.
    pub parked: Vec<(Part, Work)>,
    /// The assumptions.
    pub assume: Assumptions,
    /// kubectl's files.
    pub applies: Vec<ApplyJob>,
    /// What kubectl printed.
    pub kubectl: Vec<KubectlLine>,
    /// The replicaset controller's expectations: pods created, not yet seen, by ReplicaSet key.
    pub expect: BTreeMap<String, u32>,
    /// The pods those expectations wait to see, by key.
    pub expected_pods: BTreeSet<String>,
    /// kube-scheduler's active queue, unschedulable pods and pods assumed on nodes.
    pub sched: SchedulerState,
    /// Pods each kubelet has begun, by `node` then pod key.
    pub kubelet_pods: BTreeSet<(String, String)>,
    /// Why the run stopped early, if it did (a limit).
    pub stopped: Option<String>,
    /// Events recorded so far (to make each event's name unique).
    pub events_made: u64,
    /// etcd's members over time, when the Lease side is on (issue 31): a write consults it.
    pub etcd: Option<EtcdCluster>,
    /// The Lease requests still to record (background: they never keep a run going).
    pub renewals: VecDeque<Renewal>,
    /// The kube-apiserver replica each informer's watch is served by (numbered from 1).
    pub served_by: Vec<u32>,
    /// How many kube-apiserver replicas run.
    pub apiservers: u32,
    /// The snapshot saved and the restore's facts (`restore`).
    pub recovery: super::restore::Recovery,
}

/// What kube-scheduler holds between cycles.
#[derive(Clone, Debug, Default)]
pub struct SchedulerState {
    /// Pods waiting to be scheduled, in order.
    pub active: VecDeque<String>,
    /// Pods that fit nowhere; a node or pod change moves them back.
    pub unschedulable: BTreeSet<String>,
    /// Pods bound but not yet seen bound: pod key to node.
    pub assumed: BTreeMap<String, String>,
}

/// The unit step records how it counts.
#[derive(Clone, Copy, Debug)]
pub enum Count {
    /// Read this many items.
    Read(u64),
    /// Delivered one watch event.
    Watch,
    /// Wrote once to etcd.
    Write,
    /// Counts nothing.
    Nothing,
}

impl Sim {
    /// A cluster ready to run a scenario (checked with [`Scenario::check`]); `applies` are its
    /// files with their manifests read. The Node objects are in etcd before the run (one
    /// write each), as a cluster whose kubelets have registered.
    pub fn new(scenario: &Scenario, applies: Vec<ApplyJob>) -> Sim {
        let until_ms = scenario.until.map(ms).unwrap_or(MAX_SECONDS * 1000);
        let mut sim = Sim {
            now: 0,
            until_ms,
            queue: BTreeMap::new(),
            queued: BTreeSet::new(),
            seq: 0,
            ledger: Ledger::default(),
            world: World::default(),
            trace: Vec::new(),
            totals: Totals::default(),
            names: NameGen::new(scenario.seed),
            down: BTreeSet::new(),
            informers: Vec::new(),
            parked: Vec::new(),
            assume: scenario.assumptions.clone(),
            applies,
            kubectl: Vec::new(),
            expect: BTreeMap::new(),
            expected_pods: BTreeSet::new(),
            sched: SchedulerState::default(),
            kubelet_pods: BTreeSet::new(),
            stopped: None,
            events_made: 0,
            etcd: None,
            renewals: VecDeque::new(),
            served_by: Vec::new(),
            apiservers: scenario.replicas.kube_apiserver,
            recovery: Default::default(),
        };
        sim.register_nodes(scenario);
        sim.queue_start(scenario);
        sim
    }

    /// A cluster with issue 31's plan on its queue (the Lease side on).
    pub fn with_plan(scenario: &Scenario, applies: Vec<ApplyJob>, plan: super::ha_plan::HaPlan) -> Sim {
        let mut sim = Sim::new(scenario, applies);
        let n = sim.apiservers.max(1);
        sim.served_by = (0..sim.informers.len()).map(|i| i as u32 % n + 1).collect();
        sim.etcd = Some(plan.etcd);
        sim.renewals = plan.renewals.into();
        for (at, work) in plan.timed {
            sim.at(at, Work::Ha(work));
        }
        sim
    }

    fn register_nodes(&mut self, scenario: &Scenario) {
        for (i, spec) in scenario.nodes.iter().enumerate() {
            let node = Node {
                meta: Meta {
                    name: spec.name.clone(),
                    namespace: String::new(),
                    labels: [("kubernetes.io/hostname".to_string(), spec.name.clone())].into(),
                    owner: None,
                    resource_version: 0,
                    created_ms: 0,
                },
                cpu_milli: parse_cpu(&spec.cpu).unwrap_or(0),
                memory_bytes: parse_memory(&spec.memory).unwrap_or(0),
                pods: spec.pods,
                // The assumption pod_cidr: node i of the list gets 10.244.i.0/24.
                pod_cidr: format!("10.244.{}.0/24", i + 1),
                ready: "True",
                taints: Vec::new(),
            };
            self.ledger.put(Object::Node(node));
            self.world.nodes.insert(spec.name.clone(), NodeWorld::default());
        }
    }

    fn queue_start(&mut self, scenario: &Scenario) {
        let mut actors = vec![Actor::Deployment, Actor::ReplicaSet, Actor::EndpointSlice, Actor::Scheduler];
        for node in &scenario.nodes {
            actors.push(Actor::Kubelet(node.name.clone()));
            actors.push(Actor::Proxy(node.name.clone()));
        }
        for actor in &actors {
            for (resource, node) in actor.informers() {
                self.informers.push(Informer {
                    actor: actor.clone(),
                    resource,
                    node,
                    seen: 0,
                    watching: false,
                    cache: BTreeMap::new(),
                });
            }
        }
        // Faults at 0 s come first: a part down from the start never starts.
        let leases = scenario.has_leases();
        for fault in &scenario.faults {
            if let Ok(part) = scenario.part(&fault.part) {
                for part in super::ha_sim::fault_parts(scenario, part, leases) {
                    self.at(ms(fault.down), Work::Down(part.clone()));
                    if let Some(up) = fault.up {
                        self.at(ms(up), Work::Up(part));
                    }
                }
            }
        }
        for actor in actors {
            self.at(0, Work::Start(actor));
        }
        for (i, apply) in scenario.apply.iter().enumerate() {
            self.at(ms(apply.at), Work::Apply(i));
        }
        if let Some(at) = scenario.snapshot {
            self.at(ms(at), Work::Snapshot);
        }
        if let Some(at) = scenario.restore {
            self.at(ms(at), Work::Restore);
        }
    }

    /// Queues work at an instant (not before now); the same sync work queued twice is queued
    /// once, as a controller's workqueue holds a key once.
    pub fn at(&mut self, at_ms: u64, work: Work) {
        let once = !matches!(work, Work::Down(_) | Work::Up(_) | Work::Apply(_) | Work::KubectlObject { .. });
        if once && !self.queued.insert(work.clone()) {
            return;
        }
        self.seq += 1;
        self.queue.insert((at_ms.max(self.now), self.seq), work);
    }

    /// Parks work until `part` is back.
    pub fn park(&mut self, part: Part, work: Work) {
        if !self.parked.iter().any(|(p, w)| *p == part && *w == work) {
            self.parked.push((part, work));
        }
    }

    /// Whether a part is up.
    pub fn is_up(&self, part: &Part) -> bool {
        !self.down.contains(part)
    }

    /// Records a step.
    #[allow(clippy::too_many_arguments)]
    pub fn record(
        &mut self,
        component: String,
        verb: &'static str,
        key: String,
        count: Count,
        stage: Stage,
        note: String,
        request: Option<Request>,
    ) {
        let items = match count {
            Count::Read(n) => {
                self.totals.reads += n;
                n
            }
            Count::Watch => {
                self.totals.watch_events += 1;
                1
            }
            Count::Write => {
                self.totals.writes += 1;
                1
            }
            Count::Nothing => 0,
        };
        let step = Step {
            at_ms: self.now,
            component,
            verb,
            key,
            items,
            totals: self.totals,
            revision: self.ledger.revision,
            stage,
            note,
            request,
        };
        self.trace.push(step);
    }

    /// Runs one piece of work; false when the run is over (quiet, past its end, or at a limit).
    pub fn step(&mut self) -> bool {
        let Some((&(at, seq), _)) = self.queue.iter().next() else { return false };
        if at > self.until_ms {
            return false;
        }
        self.renew_until(at);
        if self.trace.len() >= MAX_STEPS || self.ledger.len() >= MAX_OBJECTS {
            self.stopped = Some(format!("stopped at a limit: {MAX_STEPS} steps or {MAX_OBJECTS} objects"));
            return false;
        }
        let Some(work) = self.queue.remove(&(at, seq)) else { return false };
        self.queued.remove(&work);
        self.now = at;
        self.dispatch(work);
        true
    }

    /// Runs until the cluster is quiet or the end is reached.
    pub fn run(&mut self) {
        while self.step() {}
        if self.queue.keys().next().is_some_and(|&(at, _)| at > self.until_ms) {
            self.renew_until(self.until_ms);
            self.now = self.now.max(self.until_ms);
        }
    }

    fn dispatch(&mut self, work: Work) {
        match work {
            Work::Start(actor) => self.start(actor),
            Work::Pump(i) => self.pump(i),
            Work::SyncDeployment(key) => self.sync_deployment(&key),
            Work::SyncReplicaSet(key) => self.sync_replicaset(&key),
            Work::CreatePods { rs, batch, left } => self.create_pods(&rs, batch, left),
            Work::SyncService(key) => self.sync_service(&key),
            Work::Schedule => self.schedule(),
            Work::Pod { node, pod, op } => self.pod_work(&node, &pod, op),
            Work::ProxySync(node) => self.proxy_sync(&node),
            Work::Apply(i) => self.apply(i),
            Work::KubectlObject { apply, doc } => self.kubectl_object(apply, doc),
            Work::Down(part) => self.part_down(part),
            Work::Up(part) => self.part_up(part),
            Work::Ha(work) => self.ha_work(work),
            Work::Snapshot => self.snapshot_save(),
            Work::Restore => self.restore(),
            Work::Housekeeping(node) => self.housekeeping(&node),
        }
    }
}
