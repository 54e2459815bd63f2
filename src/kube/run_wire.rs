//! A whole [`Run`] written as plain text and read back, field for field: what the page's worker
//! (`lab_kube_reader`, which runs the simulation) hands the page `?kube=1`, which plays it
//! without carrying the simulation, and the form of the default run checked in
//! (`kube::run_default`). One field a line, `\` escaping a backslash and a newline
//! (`manifest_wire`'s [`Writer`] and [`Reader`]); hand-written, so the page has no serde
//! deserializer. tests/kube_run_wire.rs reads back every run of the page's tests and asserts it
//! equal to the simulated one; anything malformed is an error, never a panic.

use super::ledger::{Change, Ledger};
use super::manifest_wire::Writer;
use super::objects::{Container, Labels, Meta, Object, Pod, Resource, Workload};
use super::restore::RestoreFacts;
use super::run::Run;
use super::trace::{Step, Totals};
use super::world::World;

mod read;

pub use read::decode;

/// Every resource type, to read one back by its name.
const RESOURCES: [Resource; 7] = [
    Resource::Deployments,
    Resource::ReplicaSets,
    Resource::Pods,
    Resource::Nodes,
    Resource::Services,
    Resource::EndpointSlices,
    Resource::Events,
];

/// Writes a run, or the model's refusal in its words.
pub fn encode(run: &Result<Run, String>) -> String {
    let mut w = Writer(String::new());
    match run {
        Err(why) => {
            w.put("E");
            w.put(why);
        }
        Ok(run) => {
            w.put("R");
            w.run(run);
        }
    }
    w.0
}

impl Writer {
    fn flag(&mut self, b: bool) {
        self.put(if b { "1" } else { "0" });
    }

    fn opt_num(&mut self, n: Option<u64>) {
        self.put(&n.map(|n| n.to_string()).unwrap_or_default());
    }

    fn opt_text(&mut self, s: Option<&str>) {
        self.flag(s.is_some());
        if let Some(s) = s {
            self.put(s);
        }
    }

    fn texts<'a>(&mut self, all: impl ExactSizeIterator<Item = &'a String>) {
        self.num(all.len());
        all.for_each(|s| self.put(s));
    }

    fn pairs(&mut self, map: &Labels) {
        self.num(map.len());
        for (k, v) in map {
            self.put(k);
            self.put(v);
        }
    }

    fn run(&mut self, run: &Run) {
        self.put(run.release);
        self.num(run.end_ms);
        self.num(run.trace.len());
        run.trace.iter().for_each(|s| self.step(s));
        self.totals(&run.totals);
        self.ledger(&run.ledger);
        self.world(&run.world);
        self.num(run.kubectl.len());
        for line in &run.kubectl {
            self.num(line.apply);
            self.num(line.at_ms);
            self.put(&line.text);
            self.flag(line.error);
        }
        self.num(run.exit_code);
        self.num(run.outages.len());
        for o in &run.outages {
            self.put(&o.part.to_string());
            self.num(o.down_ms);
            self.opt_num(o.up_ms);
        }
        self.opt_text(run.stopped.as_deref());
        self.flag(run.leases);
        self.flag(run.restore.is_some());
        if let Some(r) = &run.restore {
            self.restore(r);
        }
    }

    fn totals(&mut self, t: &Totals) {
        self.num(t.reads);
        self.num(t.watch_events);
        self.num(t.writes);
    }

    fn step(&mut self, s: &Step) {
        self.num(s.at_ms);
        self.put(&s.component);
        self.put(s.verb);
        self.put(&s.key);
        self.num(s.items);
        self.totals(&s.totals);
        self.num(s.revision);
        self.num(s.stage);
        self.put(&s.note);
        self.flag(s.request.is_some());
        if let Some(r) = &s.request {
            self.put(r.verb);
            self.put(&r.user);
            self.put(r.group);
            self.put(r.resource);
            self.put(&r.namespace);
            self.put(&r.name);
            self.opt_text(r.subresource);
            self.num(r.code);
            self.num(r.received_ms);
            self.num(r.completed_ms);
        }
    }

    fn ledger(&mut self, l: &Ledger) {
        self.num(l.revision);
        self.num(l.objects.len());
        for (key, o) in &l.objects {
            self.put(key);
            self.object(o);
        }
        self.history(&l.history);
    }

    fn history(&mut self, history: &[Change]) {
        self.num(history.len());
        for c in history {
            self.num(c.revision);
            self.put(c.kind.as_str());
            self.object(&c.object);
        }
    }

    fn world(&mut self, w: &World) {
        self.num(w.nodes.len());
        for (name, n) in &w.nodes {
            self.put(name);
            self.num(n.pods.len());
            for (pod, p) in &n.pods {
                self.put(pod);
                self.put(&p.ip);
                self.texts(p.created.iter());
                self.texts(p.running.iter());
                self.flag(p.restarted.is_some());
                if let Some((count, at)) = p.restarted {
                    self.num(count);
                    self.num(at);
                }
            }
            self.texts(n.images.iter());
            self.pairs(&n.rules);
            self.num(n.sandboxes_made);
        }
    }

    fn restore(&mut self, r: &RestoreFacts) {
        for n in [r.snapshot_ms, r.snapshot_revision, r.restore_ms, r.revision_before, r.lost_writes] {
            self.num(n);
        }
        for n in [r.objects_gone, r.objects_rewound, r.objects_back, r.believed_pods, r.running_pods] {
            self.num(n);
        }
        self.texts(r.orphans.iter());
        self.opt_num(r.reconciled_ms);
        self.history(&r.lost_history);
    }

    fn full_meta(&mut self, m: &Meta) {
        self.put(&m.name);
        self.put(&m.namespace);
        self.pairs(&m.labels);
        self.flag(m.owner.is_some());
        if let Some((resource, name)) = &m.owner {
            self.put(resource.as_str());
            self.put(name);
        }
        self.num(m.resource_version);
        self.num(m.created_ms);
    }

    fn containers(&mut self, all: &[Container]) {
        self.num(all.len());
        for c in all {
            self.put(&c.name);
            self.put(&c.image);
            self.put(&format!("{:?}", c.pull_policy));
            self.opt_num(c.cpu_milli);
            self.opt_num(c.memory_bytes);
        }
    }

    fn workload(&mut self, w: &Workload) {
        self.full_meta(&w.meta);
        self.num(w.replicas);
        self.pairs(&w.selector);
        self.pairs(&w.template.labels);
        self.containers(&w.template.containers);
        self.num(w.status_replicas);
        self.num(w.ready_replicas);
    }

    fn pod(&mut self, p: &Pod) {
        self.full_meta(&p.meta);
        self.containers(&p.containers);
        self.opt_text(p.node_name.as_deref());
        self.texts(p.tolerations.iter());
        self.put(&format!("{:?}", p.phase));
        self.num(p.conditions.len());
        for c in &p.conditions {
            self.put(c.kind);
            self.flag(c.status);
        }
        self.opt_text(p.pod_ip.as_deref());
        self.opt_text(p.waiting_reason);
        self.num(p.ready_containers);
        self.num(p.restarts);
        self.opt_num(p.last_restart_ms);
        self.flag(p.deleting);
    }

    fn object(&mut self, o: &Object) {
        match o {
            Object::Deployment(w) => {
                self.put("Deployment");
                self.workload(w);
            }
            Object::ReplicaSet(w) => {
                self.put("ReplicaSet");
                self.workload(w);
            }
            Object::Pod(p) => {
                self.put("Pod");
                self.pod(p);
            }
            Object::Node(n) => {
                self.put("Node");
                self.full_meta(&n.meta);
                self.num(n.cpu_milli);
                self.num(n.memory_bytes);
                self.num(n.pods);
                self.put(&n.pod_cidr);
                self.put(n.ready);
                self.texts(n.taints.iter());
            }
            Object::Service(s) => {
                self.put("Service");
                self.full_meta(&s.meta);
                self.pairs(&s.selector);
                self.num(s.ports.len());
                for p in &s.ports {
                    self.num(p.port);
                    self.num(p.target_port);
                    self.put(&p.protocol);
                }
                self.put(&s.cluster_ip);
            }
            Object::EndpointSlice(e) => {
                self.put("EndpointSlice");
                self.full_meta(&e.meta);
                self.put(&e.service);
                self.num(e.endpoints.len());
                for p in &e.endpoints {
                    self.put(&p.address);
                    self.flag(p.ready);
                    self.put(&p.node);
                    self.put(&p.pod);
                }
                self.num(e.ports.len());
                e.ports.iter().for_each(|p| self.num(p));
            }
            Object::Event(e) => {
                self.put("Event");
                self.full_meta(&e.meta);
                self.put(e.involved.0.as_str());
                self.put(&e.involved.1);
                self.put(e.kind);
                self.put(e.reason);
                self.put(&e.message);
                self.put(&e.source);
                self.opt_num(e.last_ms);
                self.num(e.first_ms);
            }
        }
    }
}
