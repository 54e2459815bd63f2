//! kube-controller-manager's controllers, each a loop over its informers' caches: deployment
//! (one ReplicaSet per pod template, k/k `pkg/controller/deployment/sync.go`), replicaset (the
//! missing pods in slow-start batches 1, 2, 4, ..., with expectations so it never creates twice,
//! `pkg/controller/replicaset/replica_set.go`) and endpointslice (each Service's ready pod IPs,
//! `pkg/controller/endpointslice`).

use super::api::{Checks, Fail, PLAIN};
use super::names::pod_template_hash;
use super::objects::{selects, Endpoint, EndpointSlice, Meta, Object, Phase, Pod, Resource, Workload};
use super::sim::{Actor, Sim, Work};

/// The label the deployment controller adds to tell its ReplicaSets' pods apart.
pub const POD_TEMPLATE_HASH: &str = "pod-template-hash";

/// The label naming an EndpointSlice's Service.
pub const SERVICE_NAME_LABEL: &str = "kubernetes.io/service-name";

impl Sim {
    fn act(
        &mut self,
        actor: &Actor,
        verb: &'static str,
        object: Object,
        sub: Option<&'static str>,
        checks: Checks,
    ) -> Result<u64, Fail> {
        let stage = match actor {
            Actor::Deployment | Actor::ReplicaSet => 3,
            _ => 0,
        };
        self.write(&actor.name(), &actor.user(), verb, object, sub, stage, checks)
    }

    /// A failed request: the work waits for the part that failed it.
    fn retry_later(&mut self, fail: &Fail, work: Work) {
        if let Some(part) = fail.waits_for() {
            self.park(part, work);
        }
    }

    /// The Deployment a ReplicaSet or pod belongs to (through its ReplicaSet).
    pub(crate) fn deployment_of(&self, object: &Object) -> Option<String> {
        let meta = object.meta();
        match (object, &meta.owner) {
            (Object::ReplicaSet(_), Some((Resource::Deployments, name))) => {
                Some(Resource::Deployments.key(&meta.namespace, name))
            }
            (Object::Pod(_), Some((Resource::ReplicaSets, rs))) => {
                let rs_key = Resource::ReplicaSets.key(&meta.namespace, rs);
                let owner = self.cached(&Actor::Deployment, Resource::ReplicaSets, &rs_key)?;
                self.deployment_of(owner)
            }
            _ => None,
        }
    }

    /// The deployment controller: the ReplicaSet of the current template, scaled to the
    /// Deployment's replicas; the Deployment's status from it.
    pub(crate) fn sync_deployment(&mut self, key: &str) {
        let actor = Actor::Deployment;
        let Some(Object::Deployment(d)) = self.cached(&actor, Resource::Deployments, key).cloned() else {
            return;
        };
        let hash = pod_template_hash(&d.template.canonical(), None);
        let rs_name = format!("{}-{hash}", d.meta.name);
        let rs_key = Resource::ReplicaSets.key(&d.meta.namespace, &rs_name);
        let work = Work::SyncDeployment(key.to_string());
        match self.cached(&actor, Resource::ReplicaSets, &rs_key).cloned() {
            None => {
                let rs = new_replicaset(&d, &rs_name, &hash);
                match self.act(&actor, "create", Object::ReplicaSet(rs), None, PLAIN) {
                    Ok(_) => self.scaled(&d, &rs_name, 0, d.replicas),
                    Err(fail) => self.retry_later(&fail, work),
                }
            }
            Some(Object::ReplicaSet(mut rs)) if rs.replicas != d.replicas => {
                let from = rs.replicas;
                rs.replicas = d.replicas;
                match self.act(&actor, "update", Object::ReplicaSet(rs), None, PLAIN) {
                    Ok(_) => self.scaled(&d, &rs_name, from, d.replicas),
                    Err(fail) => self.retry_later(&fail, work),
                }
            }
            Some(Object::ReplicaSet(rs))
                if (rs.status_replicas, rs.ready_replicas) != (d.status_replicas, d.ready_replicas) =>
            {
                let mut status = d.clone();
                status.status_replicas = rs.status_replicas;
                status.ready_replicas = rs.ready_replicas;
                if let Err(fail) =
                    self.act(&actor, "update", Object::Deployment(status), Some("status"), PLAIN)
                {
                    self.retry_later(&fail, work);
                }
            }
            _ => {}
        }
    }

    /// Event ScalingReplicaSet, in v1.32's words ("from 0 to 3" since v1.31, k/k PR 125118).
    fn scaled(&mut self, d: &Workload, rs_name: &str, from: u32, to: u32) {
        let actor = Actor::Deployment;
        let direction = if to >= from { "up" } else { "down" };
        let message = format!("Scaled {direction} replica set {rs_name} from {from} to {to}");
        let involved = (Resource::Deployments, d.meta.name.clone());
        self.emit(
            &actor.name(),
            &actor.user(),
            "deployment-controller",
            involved,
            false,
            "ScalingReplicaSet",
            message,
            false,
            3,
        );
    }

    /// The replicaset controller: create what is missing (when no creation is still unseen),
    /// and report how many pods exist and are ready.
    pub(crate) fn sync_replicaset(&mut self, key: &str) {
        let actor = Actor::ReplicaSet;
        let Some(Object::ReplicaSet(rs)) = self.cached(&actor, Resource::ReplicaSets, key).cloned() else {
            return;
        };
        if self.expect.get(key).copied().unwrap_or(0) > 0 {
            return;
        }
        let owned: Vec<&Pod> = self
            .cache(&actor, Resource::Pods)
            .filter_map(|o| match o {
                // Pods being deleted do not count (`controller.FilterActivePods`).
                Object::Pod(p)
                    if p.meta.owner == Some((Resource::ReplicaSets, rs.meta.name.clone())) && !p.deleting =>
                {
                    Some(p)
                }
                _ => None,
            })
            .collect();
        let (have, ready) = (owned.len() as u32, owned.iter().filter(|p| p.is_ready()).count() as u32);
        if have < rs.replicas {
            let missing = rs.replicas - have;
            self.expect.insert(key.to_string(), missing);
            self.at(self.now, Work::CreatePods { rs: key.to_string(), batch: 1, left: missing });
        } else if (rs.status_replicas, rs.ready_replicas) != (have, ready) {
            let mut status = rs.clone();
            status.status_replicas = have;
            status.ready_replicas = ready;
            if let Err(fail) = self.act(&actor, "update", Object::ReplicaSet(status), Some("status"), PLAIN) {
                self.retry_later(&fail, Work::SyncReplicaSet(key.to_string()));
            }
        }
    }

    /// One slow-start batch: `batch` creates at once; the next batch, twice as large, when
    /// they have all succeeded (`slowStartBatch`, `SlowStartInitialBatchSize` = 1).
    pub(crate) fn create_pods(&mut self, rs_key: &str, batch: u32, left: u32) {
        let actor = Actor::ReplicaSet;
        let Some(Object::ReplicaSet(rs)) = self.cached(&actor, Resource::ReplicaSets, rs_key).cloned() else {
            self.expect.remove(rs_key);
            return;
        };
        let size = batch.min(left);
        for made in 0..size {
            let pod = new_pod(&rs, self.names.generate_name(&format!("{}-", rs.meta.name)));
            let (pod_key, name) = (Object::Pod(pod.clone()).key(), pod.meta.name.clone());
            match self.act(&actor, "create", Object::Pod(pod), None, Checks { show: true, causes: &[] }) {
                Ok(_) => {
                    self.expected_pods.insert(pod_key);
                    let involved = (Resource::ReplicaSets, rs.meta.name.clone());
                    let message = format!("Created pod: {name}");
                    self.emit(
                        &actor.name(),
                        &actor.user(),
                        "replicaset-controller",
                        involved,
                        false,
                        "SuccessfulCreate",
                        message,
                        false,
                        3,
                    );
                }
                Err(fail) => {
                    // Creations skipped are no longer expected (CreationObserved for each).
                    let skipped = left - made;
                    let pending = self.expect.entry(rs_key.to_string()).or_default();
                    *pending = pending.saturating_sub(skipped);
                    self.retry_later(&fail, Work::SyncReplicaSet(rs_key.to_string()));
                    return;
                }
            }
        }
        if left > size {
            let next = Work::CreatePods { rs: rs_key.to_string(), batch: batch * 2, left: left - size };
            self.at(self.now + self.assume.api_rtt_ms, next);
        }
    }

    /// The replicaset controller saw a pod: an expected creation is now seen.
    pub(crate) fn replicaset_saw_pod(&mut self, pod: &Pod) {
        let Some((Resource::ReplicaSets, rs)) = &pod.meta.owner else { return };
        let rs_key = Resource::ReplicaSets.key(&pod.meta.namespace, rs);
        if self.expected_pods.remove(&Object::Pod(pod.clone()).key()) {
            let pending = self.expect.entry(rs_key.clone()).or_default();
            *pending = pending.saturating_sub(1);
        }
        self.at(self.now, Work::SyncReplicaSet(rs_key));
    }

    /// The endpointslice controller saw a change: the Services it concerns sync.
    pub(crate) fn endpointslice_saw(&mut self, object: &Object) {
        let actor = Actor::EndpointSlice;
        let services: Vec<String> = match object {
            Object::Service(_) => vec![object.key()],
            Object::EndpointSlice(s) => vec![Resource::Services.key(&s.meta.namespace, &s.service)],
            Object::Pod(p) => self
                .cache(&actor, Resource::Services)
                .filter_map(|o| match o {
                    Object::Service(s)
                        if s.meta.namespace == p.meta.namespace && selects(&s.selector, &p.meta.labels) =>
                    {
                        Some(o.key())
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        for key in services {
            self.at(self.now, Work::SyncService(key));
        }
    }

    /// The endpointslice controller: one slice per Service, listing the selected pods that have
    /// an IP (`ready` from their Ready condition); a Service with no such pod gets an empty one.
    pub(crate) fn sync_service(&mut self, key: &str) {
        let actor = Actor::EndpointSlice;
        let Some(Object::Service(svc)) = self.cached(&actor, Resource::Services, key).cloned() else {
            return;
        };
        if svc.selector.is_empty() {
            return;
        }
        let mut endpoints: Vec<Endpoint> = self
            .cache(&actor, Resource::Pods)
            .filter_map(|o| match o {
                Object::Pod(p)
                    if p.meta.namespace == svc.meta.namespace && selects(&svc.selector, &p.meta.labels) =>
                {
                    let address = p.pod_ip.clone()?;
                    let node = p.node_name.clone().unwrap_or_default();
                    Some(Endpoint { address, ready: p.is_ready(), node, pod: p.meta.name.clone() })
                }
                _ => None,
            })
            .collect();
        endpoints.sort_by(|a, b| a.pod.cmp(&b.pod));
        let ports: Vec<u16> = svc.ports.iter().map(|p| p.target_port).collect();
        let existing = self.cache(&actor, Resource::EndpointSlices).find_map(|o| match o {
            Object::EndpointSlice(s)
                if s.service == svc.meta.name && s.meta.namespace == svc.meta.namespace =>
            {
                Some(s.clone())
            }
            _ => None,
        });
        let (verb, slice) = match existing {
            Some(s) if s.endpoints == endpoints && s.ports == ports => return,
            Some(s) => ("update", EndpointSlice { endpoints, ports, ..s }),
            None => {
                let name = self.names.generate_name(&format!("{}-", svc.meta.name));
                let labels = [(SERVICE_NAME_LABEL.to_string(), svc.meta.name.clone())].into();
                let meta = Meta {
                    name,
                    namespace: svc.meta.namespace.clone(),
                    labels,
                    owner: Some((Resource::Services, svc.meta.name.clone())),
                    resource_version: 0,
                    created_ms: 0,
                };
                ("create", EndpointSlice { meta, service: svc.meta.name.clone(), endpoints, ports })
            }
        };
        if let Err(fail) = self.act(&actor, verb, Object::EndpointSlice(slice), None, PLAIN) {
            self.retry_later(&fail, Work::SyncService(key.to_string()));
        }
    }
}

/// The ReplicaSet of a Deployment's template: named `<deployment>-<hash>`, its selector and
/// template labelled with the hash.
fn new_replicaset(d: &Workload, name: &str, hash: &str) -> Workload {
    let mut rs = d.clone();
    rs.meta = Meta {
        name: name.to_string(),
        namespace: d.meta.namespace.clone(),
        labels: d.template.labels.clone(),
        owner: Some((Resource::Deployments, d.meta.name.clone())),
        resource_version: 0,
        created_ms: 0,
    };
    for labels in [&mut rs.meta.labels, &mut rs.selector, &mut rs.template.labels] {
        labels.insert(POD_TEMPLATE_HASH.to_string(), hash.to_string());
    }
    rs.status_replicas = 0;
    rs.ready_replicas = 0;
    rs
}

/// A pod of a ReplicaSet's template, not yet scheduled.
fn new_pod(rs: &Workload, name: String) -> Pod {
    Pod {
        meta: Meta {
            name,
            namespace: rs.meta.namespace.clone(),
            labels: rs.template.labels.clone(),
            owner: Some((Resource::ReplicaSets, rs.meta.name.clone())),
            resource_version: 0,
            created_ms: 0,
        },
        containers: rs.template.containers.clone(),
        node_name: None,
        tolerations: Vec::new(),
        phase: Phase::Pending,
        conditions: Vec::new(),
        pod_ip: None,
        waiting_reason: None,
        ready_containers: 0,
        restarts: 0,
        last_restart_ms: None,
        deleting: false,
    }
}
