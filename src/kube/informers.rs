//! Informers, and parts going down and coming back. Each actor's informers LIST once (reading
//! every object of the type, whatever the field selector returns) and then WATCH from that
//! list's revision; a watch delivers each change once, and the handler queues the actor's work
//! (client-go `tools/cache/reflector.go`: ListAndWatch). A part that restarts LISTs again; a
//! watch broken by kube-apiserver going down resumes from the revision it had seen, reading no
//! items.

use super::objects::{Object, Resource};
use super::scenario::Part;
use super::sim::{Count, Sim, Work};
use std::collections::BTreeMap;

/// A part that watches through informers and acts on what it sees.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Actor {
    /// kube-controller-manager's deployment controller.
    Deployment,
    /// kube-controller-manager's replicaset controller.
    ReplicaSet,
    /// kube-controller-manager's endpointslice controller.
    EndpointSlice,
    /// kube-scheduler.
    Scheduler,
    /// The kubelet of a node.
    Kubelet(String),
    /// kube-proxy of a node.
    Proxy(String),
}

impl Actor {
    /// Its name in the trace.
    pub fn name(&self) -> String {
        match self {
            Actor::Deployment => "kube-controller-manager/deployment".to_string(),
            Actor::ReplicaSet => "kube-controller-manager/replicaset".to_string(),
            Actor::EndpointSlice => "kube-controller-manager/endpointslice".to_string(),
            Actor::Scheduler => "kube-scheduler".to_string(),
            Actor::Kubelet(n) => format!("kubelet/{n}"),
            Actor::Proxy(n) => format!("kube-proxy/{n}"),
        }
    }

    /// The part whose being down stops it.
    pub fn part(&self) -> Part {
        match self {
            Actor::Deployment | Actor::ReplicaSet | Actor::EndpointSlice => Part::KubeControllerManager,
            Actor::Scheduler => Part::KubeScheduler,
            Actor::Kubelet(n) => Part::Kubelet(n.clone()),
            Actor::Proxy(n) => Part::KubeProxy(n.clone()),
        }
    }

    /// The user kube-apiserver authenticates it as: kube-controller-manager with
    /// `--use-service-account-credentials` (as kubeadm runs it) acts as one service account per
    /// controller; the kubelet as `system:node:<node>`; kube-proxy with its service account.
    pub fn user(&self) -> String {
        match self {
            Actor::Deployment => "system:serviceaccount:kube-system:deployment-controller".to_string(),
            Actor::ReplicaSet => "system:serviceaccount:kube-system:replicaset-controller".to_string(),
            Actor::EndpointSlice => "system:serviceaccount:kube-system:endpointslice-controller".to_string(),
            Actor::Scheduler => "system:kube-scheduler".to_string(),
            Actor::Kubelet(n) => format!("system:node:{n}"),
            Actor::Proxy(_) => "system:serviceaccount:kube-system:kube-proxy".to_string(),
        }
    }

    /// What it watches: resource, and the node a field selector keeps (`spec.nodeName` for
    /// pods, `metadata.name` for nodes).
    pub fn informers(&self) -> Vec<(Resource, Option<String>)> {
        use Resource::*;
        match self {
            Actor::Deployment => vec![(Deployments, None), (ReplicaSets, None), (Pods, None)],
            Actor::ReplicaSet => vec![(ReplicaSets, None), (Pods, None)],
            Actor::EndpointSlice => {
                vec![(Services, None), (Pods, None), (EndpointSlices, None), (Nodes, None)]
            }
            Actor::Scheduler => vec![(Pods, None), (Nodes, None)],
            Actor::Kubelet(n) => vec![(Pods, Some(n.clone())), (Nodes, Some(n.clone())), (Services, None)],
            Actor::Proxy(n) => vec![(Services, None), (EndpointSlices, None), (Nodes, Some(n.clone()))],
        }
    }
}

/// One informer: a LIST then a WATCH of one resource, and the cache it keeps.
#[derive(Clone, Debug)]
pub struct Informer {
    /// Whose it is.
    pub actor: Actor,
    /// What it watches.
    pub resource: Resource,
    /// The node its field selector keeps, if any.
    pub node: Option<String>,
    /// The revision it has seen up to.
    pub seen: u64,
    /// Whether its watch is open.
    pub watching: bool,
    /// Its local store, by key.
    pub cache: BTreeMap<String, Object>,
}

impl Informer {
    /// Whether an object passes its field selector.
    pub fn keeps(&self, object: &Object) -> bool {
        match (&self.node, object) {
            (None, _) => true,
            (Some(n), Object::Pod(p)) => p.node_name.as_deref() == Some(n),
            (Some(n), other) => &other.meta().name == n,
        }
    }
}

impl Sim {
    /// An actor starts: each informer LISTs, then WATCHes; the handler sees every listed object.
    pub(crate) fn start(&mut self, actor: Actor) {
        if !self.is_up(&actor.part()) {
            return;
        }
        if !self.is_up(&Part::KubeApiserver) {
            self.park(Part::KubeApiserver, Work::Start(actor));
            return;
        }
        let mine: Vec<usize> =
            (0..self.informers.len()).filter(|&i| self.informers[i].actor == actor).collect();
        for i in mine {
            self.list_and_watch(i);
        }
    }

    fn list_and_watch(&mut self, i: usize) {
        let (resource, node) = (self.informers[i].resource, self.informers[i].node.clone());
        let all: Vec<Object> = self.ledger.list(resource).cloned().collect();
        let informer = &mut self.informers[i];
        informer.cache = all.iter().filter(|o| informer.keeps(o)).map(|o| (o.key(), o.clone())).collect();
        informer.seen = self.ledger.revision;
        informer.watching = true;
        let (actor, kept) = (informer.actor.clone(), informer.cache.len());
        let selector = node.map(|n| match resource {
            Resource::Pods => format!(" (fieldSelector spec.nodeName={n}: {kept} returned)"),
            _ => format!(" (fieldSelector metadata.name={n}: {kept} returned)"),
        });
        let prefix = format!("{}/", resource.prefix());
        let request = self.read_request(&actor.user(), "list", resource, "");
        self.record(
            actor.name(),
            "LIST",
            prefix.clone(),
            Count::Read(all.len() as u64),
            0,
            selector.unwrap_or_default(),
            Some(request),
        );
        let request = self.read_request(&actor.user(), "watch", resource, "");
        self.record(
            actor.name(),
            "WATCH",
            prefix,
            Count::Nothing,
            0,
            format!("from revision {}", self.ledger.revision),
            Some(request),
        );
        let listed: Vec<Object> = self.informers[i].cache.values().cloned().collect();
        for object in listed {
            self.on_event(&actor, &object);
        }
    }

    /// After a write: every informer watching that resource gets a delivery, later by the
    /// watch delay.
    pub(crate) fn notify(&mut self, resource: Resource) {
        let delay = self.assume.watch_delay_ms;
        for i in 0..self.informers.len() {
            if self.informers[i].resource == resource && self.informers[i].watching {
                self.at(self.now + delay, Work::Pump(i));
            }
        }
    }

    /// An informer's watch delivers every change after the revision it has seen.
    pub(crate) fn pump(&mut self, i: usize) {
        let informer = &self.informers[i];
        if !informer.watching || !self.is_up(&informer.actor.part()) || !self.is_up(&Part::KubeApiserver) {
            return;
        }
        let changes: Vec<_> = self
            .ledger
            .changes_after(informer.seen)
            .iter()
            .filter(|c| c.object.resource() == informer.resource)
            .cloned()
            .collect();
        self.informers[i].seen = self.ledger.revision;
        let actor = self.informers[i].actor.clone();
        for change in changes {
            let key = change.object.key();
            let cached = self.informers[i].cache.contains_key(&key);
            let keeps = self.informers[i].keeps(&change.object);
            if !keeps && !cached {
                continue;
            }
            let deleted = change.kind == super::ledger::ChangeKind::Deleted;
            if deleted && !cached {
                continue;
            }
            let verb = match (deleted, cached) {
                (true, _) => "WATCH DELETED",
                (false, true) => "WATCH MODIFIED",
                (false, false) => "WATCH ADDED",
            };
            self.record(
                actor.name(),
                verb,
                key.clone(),
                Count::Watch,
                0,
                format!("revision {}", change.revision),
                None,
            );
            if deleted {
                self.informers[i].cache.remove(&key);
                self.on_deleted(&actor, &change.object);
            } else {
                self.informers[i].cache.insert(key, change.object.clone());
                self.on_event(&actor, &change.object);
            }
        }
    }

    /// The handler: which work an actor queues for a change it saw.
    fn on_event(&mut self, actor: &Actor, object: &Object) {
        match (actor, object) {
            (Actor::Deployment, Object::Deployment(_)) => {
                self.at(self.now, Work::SyncDeployment(object.key()))
            }
            (Actor::Deployment, _) => {
                if let Some(key) = self.deployment_of(object) {
                    self.at(self.now, Work::SyncDeployment(key));
                }
            }
            (Actor::ReplicaSet, Object::ReplicaSet(_)) => {
                self.at(self.now, Work::SyncReplicaSet(object.key()))
            }
            (Actor::ReplicaSet, Object::Pod(p)) => self.replicaset_saw_pod(p),
            (Actor::EndpointSlice, _) => self.endpointslice_saw(object),
            (Actor::Scheduler, _) => self.scheduler_saw(object),
            (Actor::Kubelet(node), Object::Pod(_)) => {
                let node = node.clone();
                self.kubelet_saw_pod(&node, object);
            }
            (Actor::Proxy(node), Object::Service(_) | Object::EndpointSlice(_)) => {
                self.at(self.now, Work::ProxySync(node.clone()));
            }
            _ => {}
        }
    }

    /// The cache of an actor's informer for a resource.
    pub(crate) fn cache<'a>(
        &'a self,
        actor: &'a Actor,
        resource: Resource,
    ) -> impl Iterator<Item = &'a Object> + 'a {
        self.informers
            .iter()
            .filter(move |inf| inf.actor == *actor && inf.resource == resource)
            .flat_map(|inf| inf.cache.values())
    }

    /// One object from an actor's cache.
    pub(crate) fn cached(&self, actor: &Actor, resource: Resource, key: &str) -> Option<&Object> {
        self.informers.iter().find(|inf| inf.actor == *actor && inf.resource == resource)?.cache.get(key)
    }

    /// A part goes down: its informers close (a process that stops loses its caches); when
    /// kube-apiserver goes down, every watch breaks.
    pub(crate) fn part_down(&mut self, part: Part) {
        let who = part.to_string();
        self.part_down_as(part, who, "DOWN", String::new());
    }

    /// A part goes down, recorded as `who` doing `verb` (a leader-elected part with no leader
    /// records `NO LEADER`).
    pub(crate) fn part_down_as(&mut self, part: Part, who: String, verb: &'static str, note: String) {
        if !self.down.insert(part.clone()) {
            return;
        }
        self.record(who, verb, String::new(), Count::Nothing, 0, note, None);
        for informer in &mut self.informers {
            if part == Part::KubeApiserver {
                informer.watching = false;
            } else if informer.actor.part() == part {
                informer.watching = false;
                informer.cache.clear();
            }
        }
        if part == Part::KubeScheduler {
            self.sched = Default::default();
        }
        if part == Part::KubeControllerManager {
            self.expect.clear();
        }
        if let Part::Kubelet(node) = &part {
            self.kubelet_pods.retain(|(n, _)| n != node);
        }
        self.ha_part_down(&part);
    }

    /// A part comes back: a restarted actor LISTs again; kube-apiserver back, every watch
    /// resumes from its revision; parked work runs again.
    pub(crate) fn part_up(&mut self, part: Part) {
        let who = part.to_string();
        self.part_up_as(part, who, "UP", String::new());
    }

    /// A part comes back, recorded as `who` doing `verb` (a Lease won records `LEADER`).
    pub(crate) fn part_up_as(&mut self, part: Part, who: String, verb: &'static str, note: String) {
        if !self.down.remove(&part) {
            return;
        }
        self.record(who, verb, String::new(), Count::Nothing, 0, note, None);
        let actors: Vec<Actor> = {
            let mut seen: Vec<Actor> = self.informers.iter().map(|i| i.actor.clone()).collect();
            seen.dedup();
            seen
        };
        for actor in actors {
            if actor.part() == part {
                self.at(self.now, Work::Start(actor));
            }
        }
        if part == Part::KubeApiserver {
            self.rewatch();
        }
        self.release(&part);
        self.ha_part_up(&part);
    }

    /// Work parked for `part` runs again now.
    pub(crate) fn release(&mut self, part: &Part) {
        let (ready, waiting): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.parked).into_iter().partition(|(p, _)| p == part);
        self.parked = waiting;
        for (_, work) in ready {
            self.at(self.now, work);
        }
    }

    fn rewatch(&mut self) {
        for i in 0..self.informers.len() {
            let informer = &self.informers[i];
            if informer.watching || !self.is_up(&informer.actor.part()) || informer.seen == 0 {
                continue;
            }
            let (actor, resource, seen) = (informer.actor.clone(), informer.resource, informer.seen);
            self.informers[i].watching = true;
            let request = self.read_request(&actor.user(), "watch", resource, "");
            let prefix = format!("{}/", resource.prefix());
            self.record(
                actor.name(),
                "WATCH",
                prefix,
                Count::Nothing,
                0,
                format!("resumed from revision {seen}"),
                Some(request),
            );
            self.at(self.now, Work::Pump(i));
        }
    }
}
