//! A run read back as `run_wire`'s writer wrote it (the page's side).

use super::super::ledger::{Change, ChangeKind, Ledger};
use super::super::manifest_wire::{map_of, set_of, Reader};
use super::super::objects::{
    Condition, Container, Endpoint, EndpointSlice, Event, Meta, Node, Object, Pod, PodTemplate, PullPolicy,
    Resource, Service, ServicePort, Workload,
};
use super::super::restore::RestoreFacts;
use super::super::run::{Outage, Run, RELEASE};
use super::super::scenario::Part;
use super::super::sim::KubectlLine;
use super::super::trace::{Request, Step, Totals};
use super::super::world::{NodeWorld, PodRuntime, World};
use super::RESOURCES;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::str::FromStr;

thread_local! {
    /// The model's fixed words (verbs, reasons, condition types) met so far, each kept once:
    /// the run's types hold them as `&'static str`. A few dozen distinct words in all.
    static WORDS: RefCell<BTreeSet<&'static str>> = const { RefCell::new(BTreeSet::new()) };
}

/// `word` as the `&'static str` the run's types hold, kept once however many runs are read.
fn fixed(word: String) -> &'static str {
    if word == RELEASE {
        return RELEASE;
    }
    WORDS.with_borrow_mut(|words| {
        if let Some(kept) = words.get(word.as_str()) {
            return *kept;
        }
        let kept: &'static str = Box::leak(word.into_boxed_str());
        words.insert(kept);
        kept
    })
}

/// Reads a run back; `Err` when the text is not one `encode` wrote (the field where it stopped
/// making sense). `Ok(Err(why))`: the model's refusal.
pub fn decode(text: &str) -> Result<Result<Run, String>, String> {
    let mut r = Reader::new(text, "the simulation's worker");
    match r.take()?.as_str() {
        "E" => Ok(Err(r.take()?)),
        "R" => Ok(Ok(r.run()?)),
        _ => Err(r.bad()),
    }
}

type Got<T> = Result<T, String>;

impl Reader<'_> {
    fn list<T>(&mut self, mut one: impl FnMut(&mut Self) -> Got<T>) -> Got<Vec<T>> {
        let n: usize = self.num()?;
        (0..n).map(|_| one(self)).collect()
    }

    fn flag(&mut self) -> Got<bool> {
        match self.take()?.as_str() {
            "1" => Ok(true),
            "0" => Ok(false),
            _ => Err(self.bad()),
        }
    }

    fn opt_num<T: FromStr>(&mut self) -> Got<Option<T>> {
        let field = self.take()?;
        if field.is_empty() {
            return Ok(None);
        }
        field.parse().map(Some).map_err(|_| self.bad())
    }

    fn opt_text(&mut self) -> Got<Option<String>> {
        if self.flag()? {
            return self.take().map(Some);
        }
        Ok(None)
    }

    fn word(&mut self) -> Got<&'static str> {
        self.take().map(fixed)
    }

    fn texts(&mut self) -> Got<Vec<String>> {
        self.list(|r| r.take())
    }

    fn pairs(&mut self) -> Got<BTreeMap<String, String>> {
        Ok(map_of(self.list(|r| Ok((r.take()?, r.take()?)))?))
    }

    fn run(&mut self) -> Got<Run> {
        let (release, end_ms) = (self.word()?, self.num()?);
        let trace = self.list(|r| r.step())?;
        let (totals, ledger, world) = (self.totals()?, self.ledger()?, self.world()?);
        let kubectl = self.list(|r| {
            Ok(KubectlLine { apply: r.num()?, at_ms: r.num()?, text: r.take()?, error: r.flag()? })
        })?;
        let exit_code = self.num()?;
        let outages = self.list(|r| {
            let part = Part::parse(&r.take()?).ok_or_else(|| r.bad())?;
            Ok(Outage { part, down_ms: r.num()?, up_ms: r.opt_num()? })
        })?;
        let (stopped, leases) = (self.opt_text()?, self.flag()?);
        let restore = if self.flag()? { Some(self.restore()?) } else { None };
        // The writer ends its last field with a newline, and writes nothing after it.
        if !self.take().is_ok_and(|rest| rest.is_empty()) || self.take().is_ok() {
            return Err(self.bad());
        }
        let run = Run {
            release,
            end_ms,
            trace,
            totals,
            ledger,
            world,
            kubectl,
            exit_code,
            outages,
            stopped,
            leases,
            restore,
        };
        Ok(run)
    }

    fn totals(&mut self) -> Got<Totals> {
        Ok(Totals { reads: self.num()?, watch_events: self.num()?, writes: self.num()? })
    }

    fn step(&mut self) -> Got<Step> {
        let (at_ms, component, verb, key, items) =
            (self.num()?, self.take()?, self.word()?, self.take()?, self.num()?);
        let (totals, revision, stage, note) = (self.totals()?, self.num()?, self.num()?, self.take()?);
        let request = if self.flag()? { Some(self.request()?) } else { None };
        Ok(Step { at_ms, component, verb, key, items, totals, revision, stage, note, request })
    }

    fn request(&mut self) -> Got<Request> {
        let (verb, user, group, resource) = (self.word()?, self.take()?, self.word()?, self.word()?);
        let (namespace, name) = (self.take()?, self.take()?);
        let subresource = self.opt_text()?.map(fixed);
        let (code, received_ms, completed_ms) = (self.num()?, self.num()?, self.num()?);
        Ok(Request {
            verb,
            user,
            group,
            resource,
            namespace,
            name,
            subresource,
            code,
            received_ms,
            completed_ms,
        })
    }

    fn ledger(&mut self) -> Got<Ledger> {
        let revision = self.num()?;
        let objects = map_of(self.list(|r| Ok((r.take()?, r.object()?)))?);
        Ok(Ledger { revision, objects, history: self.history()? })
    }

    fn history(&mut self) -> Got<Vec<Change>> {
        self.list(|r| {
            let revision = r.num()?;
            let kind = match r.take()?.as_str() {
                "ADDED" => ChangeKind::Added,
                "MODIFIED" => ChangeKind::Modified,
                "DELETED" => ChangeKind::Deleted,
                _ => return Err(r.bad()),
            };
            Ok(Change { revision, kind, object: r.object()? })
        })
    }

    fn world(&mut self) -> Got<World> {
        let nodes = self.list(|r| {
            let name = r.take()?;
            let pods = r.list(|r| {
                let (pod, ip, created, running) = (r.take()?, r.take()?, r.texts()?, r.texts()?);
                let restarted = if r.flag()? { Some((r.num()?, r.num()?)) } else { None };
                let (created, running) = (set_of(created), set_of(running));
                Ok((pod, PodRuntime { ip, created, running, restarted }))
            })?;
            let (images, rules, sandboxes_made) = (r.texts()?, r.pairs()?, r.num()?);
            Ok((name, NodeWorld { pods: map_of(pods), images: set_of(images), rules, sandboxes_made }))
        })?;
        Ok(World { nodes: map_of(nodes) })
    }

    fn restore(&mut self) -> Got<RestoreFacts> {
        let (snapshot_ms, snapshot_revision, restore_ms) = (self.num()?, self.num()?, self.num()?);
        let (revision_before, lost_writes, objects_gone) = (self.num()?, self.num()?, self.num()?);
        let (objects_rewound, objects_back, believed_pods) = (self.num()?, self.num()?, self.num()?);
        let (running_pods, orphans, reconciled_ms) = (self.num()?, self.texts()?, self.opt_num()?);
        Ok(RestoreFacts {
            snapshot_ms,
            snapshot_revision,
            restore_ms,
            revision_before,
            lost_writes,
            objects_gone,
            objects_rewound,
            objects_back,
            believed_pods,
            running_pods,
            orphans,
            reconciled_ms,
            lost_history: self.history()?,
        })
    }

    fn resource(&mut self) -> Got<Resource> {
        let name = self.take()?;
        RESOURCES.into_iter().find(|r| r.as_str() == name).ok_or_else(|| self.bad())
    }

    fn full_meta(&mut self) -> Got<Meta> {
        let (name, namespace, labels) = (self.take()?, self.take()?, self.pairs()?);
        let owner = if self.flag()? { Some((self.resource()?, self.take()?)) } else { None };
        Ok(Meta { name, namespace, labels, owner, resource_version: self.num()?, created_ms: self.num()? })
    }

    fn containers(&mut self) -> Got<Vec<Container>> {
        self.list(|r| {
            let (name, image) = (r.take()?, r.take()?);
            let pull_policy = match r.take()?.as_str() {
                "Always" => PullPolicy::Always,
                "IfNotPresent" => PullPolicy::IfNotPresent,
                "Never" => PullPolicy::Never,
                _ => return Err(r.bad()),
            };
            Ok(Container { name, image, pull_policy, cpu_milli: r.opt_num()?, memory_bytes: r.opt_num()? })
        })
    }

    fn workload(&mut self) -> Got<Workload> {
        let (meta, replicas, selector, labels) =
            (self.full_meta()?, self.num()?, self.pairs()?, self.pairs()?);
        let template = PodTemplate { labels, containers: self.containers()? };
        let (status_replicas, ready_replicas) = (self.num()?, self.num()?);
        Ok(Workload { meta, replicas, selector, template, status_replicas, ready_replicas })
    }

    fn pod(&mut self) -> Got<Pod> {
        let (meta, containers, node_name, tolerations) =
            (self.full_meta()?, self.containers()?, self.opt_text()?, self.texts()?);
        let phase = match self.take()?.as_str() {
            "Pending" => super::super::objects::Phase::Pending,
            "Running" => super::super::objects::Phase::Running,
            _ => return Err(self.bad()),
        };
        let conditions = self.list(|r| Ok(Condition { kind: r.word()?, status: r.flag()? }))?;
        let (pod_ip, waiting_reason) = (self.opt_text()?, self.opt_text()?.map(fixed));
        let (ready_containers, restarts, last_restart_ms, deleting) =
            (self.num()?, self.num()?, self.opt_num()?, self.flag()?);
        Ok(Pod {
            meta,
            containers,
            node_name,
            tolerations,
            phase,
            conditions,
            pod_ip,
            waiting_reason,
            ready_containers,
            restarts,
            last_restart_ms,
            deleting,
        })
    }

    fn object(&mut self) -> Got<Object> {
        Ok(match self.take()?.as_str() {
            "Deployment" => Object::Deployment(self.workload()?),
            "ReplicaSet" => Object::ReplicaSet(self.workload()?),
            "Pod" => Object::Pod(self.pod()?),
            "Node" => {
                let (meta, cpu_milli, memory_bytes, pods) =
                    (self.full_meta()?, self.num()?, self.num()?, self.num()?);
                let (pod_cidr, ready, taints) = (self.take()?, self.word()?, self.texts()?);
                Object::Node(Node { meta, cpu_milli, memory_bytes, pods, pod_cidr, ready, taints })
            }
            "Service" => {
                let (meta, selector) = (self.full_meta()?, self.pairs()?);
                let ports = self.list(|r| {
                    Ok(ServicePort { port: r.num()?, target_port: r.num()?, protocol: r.take()? })
                })?;
                Object::Service(Service { meta, selector, ports, cluster_ip: self.take()? })
            }
            "EndpointSlice" => {
                let (meta, service) = (self.full_meta()?, self.take()?);
                let endpoints = self.list(|r| {
                    Ok(Endpoint { address: r.take()?, ready: r.flag()?, node: r.take()?, pod: r.take()? })
                })?;
                let ports = self.list(|r| r.num())?;
                Object::EndpointSlice(EndpointSlice { meta, service, endpoints, ports })
            }
            "Event" => {
                let meta = self.full_meta()?;
                let involved = (self.resource()?, self.take()?);
                let (kind, reason, message, source) =
                    (self.word()?, self.word()?, self.take()?, self.take()?);
                let (last_ms, first_ms) = (self.opt_num()?, self.num()?);
                Object::Event(Event { meta, involved, kind, reason, message, source, last_ms, first_ms })
            }
            _ => return Err(self.bad()),
        })
    }
}
