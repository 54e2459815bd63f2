//! The objects the model stores, with the fields its parts read and write: Deployment,
//! ReplicaSet, Pod, Node, Service, EndpointSlice and Event. Manifests are read with k8s-openapi's
//! types (src/kube/manifest.rs) and kept here in this smaller form, which a view can draw.

use serde::Serialize;
use std::collections::BTreeMap;

/// Labels and selectors (`matchLabels`): sorted, as Kubernetes prints them.
pub type Labels = BTreeMap<String, String>;

/// A resource type: where kube-apiserver stores it and how kubectl names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    /// apps/v1 Deployment.
    Deployments,
    /// apps/v1 ReplicaSet.
    ReplicaSets,
    /// v1 Pod.
    Pods,
    /// v1 Node (cluster-scoped).
    Nodes,
    /// v1 Service.
    Services,
    /// discovery.k8s.io/v1 EndpointSlice.
    EndpointSlices,
    /// v1 Event.
    Events,
}

impl Resource {
    /// The resource's name in the API (`pods`), as in audit events and RBAC.
    pub fn as_str(self) -> &'static str {
        match self {
            Resource::Deployments => "deployments",
            Resource::ReplicaSets => "replicasets",
            Resource::Pods => "pods",
            Resource::Nodes => "nodes",
            Resource::Services => "services",
            Resource::EndpointSlices => "endpointslices",
            Resource::Events => "events",
        }
    }

    /// The API group ("" for the core group).
    pub fn group(self) -> &'static str {
        match self {
            Resource::Deployments | Resource::ReplicaSets => "apps",
            Resource::EndpointSlices => "discovery.k8s.io",
            _ => "",
        }
    }

    /// The etcd prefix kube-apiserver stores it under: `/registry/<resource>`, except Nodes
    /// (`minions`) and Services (`services/specs`), k/k `pkg/kubeapiserver/
    /// default_storage_factory_builder.go` (`SpecialDefaultResourcePrefixes`).
    pub fn prefix(self) -> &'static str {
        match self {
            Resource::Nodes => "/registry/minions",
            Resource::Services => "/registry/services/specs",
            Resource::Deployments => "/registry/deployments",
            Resource::ReplicaSets => "/registry/replicasets",
            Resource::Pods => "/registry/pods",
            Resource::EndpointSlices => "/registry/endpointslices",
            Resource::Events => "/registry/events",
        }
    }

    /// The object's etcd key: `/registry/<resource>/<namespace>/<name>`, cluster-scoped
    /// `/registry/<resource>/<name>` (k/k `staging/src/k8s.io/apiserver/pkg/registry/generic/
    /// registry/store.go`, `NamespaceKeyFunc` and `NoNamespaceKeyFunc`).
    pub fn key(self, namespace: &str, name: &str) -> String {
        if self == Resource::Nodes {
            format!("{}/{name}", self.prefix())
        } else {
            format!("{}/{namespace}/{name}", self.prefix())
        }
    }

    /// kubectl's lower-case kind in `kind/name` (the OBJECT column of `kubectl get events`).
    pub fn kubectl_kind(self) -> &'static str {
        match self {
            Resource::Deployments => "deployment",
            Resource::ReplicaSets => "replicaset",
            Resource::Pods => "pod",
            Resource::Nodes => "node",
            Resource::Services => "service",
            Resource::EndpointSlices => "endpointslice",
            Resource::Events => "event",
        }
    }
}

/// What every object has: the part of `metadata` the model uses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Meta {
    /// `metadata.name`.
    pub name: String,
    /// `metadata.namespace` ("" for cluster-scoped objects).
    pub namespace: String,
    /// `metadata.labels`.
    pub labels: Labels,
    /// The owner's kind and name (`ownerReferences` with `controller: true`).
    pub owner: Option<(Resource, String)>,
    /// `metadata.resourceVersion`: the etcd revision of its last write.
    pub resource_version: u64,
    /// `metadata.creationTimestamp`, in the run's milliseconds.
    pub created_ms: u64,
}

/// `imagePullPolicy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PullPolicy {
    /// Pull every time.
    Always,
    /// Pull only when the node lacks the image.
    IfNotPresent,
    /// Never pull.
    Never,
}

/// One container of a pod template.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Container {
    /// `name`.
    pub name: String,
    /// `image`.
    pub image: String,
    /// `imagePullPolicy`, defaulted as kube-apiserver does.
    pub pull_policy: PullPolicy,
    /// `resources.requests.cpu` in millicores, if given.
    pub cpu_milli: Option<u64>,
    /// `resources.requests.memory` in bytes, if given.
    pub memory_bytes: Option<u64>,
}

/// A pod template (`spec.template` of a Deployment or ReplicaSet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PodTemplate {
    /// `metadata.labels`.
    pub labels: Labels,
    /// `spec.containers`.
    pub containers: Vec<Container>,
}

impl PodTemplate {
    /// The template as canonical text: what the pod-template-hash is computed from.
    pub fn canonical(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A Deployment or a ReplicaSet: desired replicas of a template, and the counts reported back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Workload {
    /// `metadata`.
    pub meta: Meta,
    /// `spec.replicas`.
    pub replicas: u32,
    /// `spec.selector.matchLabels`.
    pub selector: Labels,
    /// `spec.template`.
    pub template: PodTemplate,
    /// `status.replicas`.
    pub status_replicas: u32,
    /// `status.readyReplicas`.
    pub ready_replicas: u32,
}

/// One of a pod's conditions, e.g. `Ready`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Condition {
    /// `type`.
    pub kind: &'static str,
    /// `status`: True or False.
    pub status: bool,
}

/// The phase of a pod (`status.phase`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Phase {
    /// Accepted, not yet running.
    Pending,
    /// Bound and every container started.
    Running,
}

/// A Pod, written in turn by the ReplicaSet controller, the scheduler and the kubelet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pod {
    /// `metadata` (name from `generateName`).
    pub meta: Meta,
    /// `spec.containers`.
    pub containers: Vec<Container>,
    /// `spec.nodeName`: set by the scheduler's binding.
    pub node_name: Option<String>,
    /// `spec.tolerations` as `key:effect for seconds` (admission adds two).
    pub tolerations: Vec<String>,
    /// `status.phase`.
    pub phase: Phase,
    /// `status.conditions`.
    pub conditions: Vec<Condition>,
    /// `status.podIP`.
    pub pod_ip: Option<String>,
    /// The waiting reason kubectl shows as STATUS (`ContainerCreating`), if any.
    pub waiting_reason: Option<&'static str>,
    /// Containers ready (`status.containerStatuses[].ready`).
    pub ready_containers: u32,
    /// Restarts summed over `status.containerStatuses[].restartCount`.
    pub restarts: u32,
    /// The latest `lastState.terminated.finishedAt` of its containers (ms), once one was started
    /// again (kubectl prints RESTARTS as `1 (4s ago)` from it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_restart_ms: Option<u64>,
    /// `metadata.deletionTimestamp` is set: deleted gracefully, waiting for its kubelet to confirm
    /// (kubectl shows it Terminating).
    pub deleting: bool,
}

impl Pod {
    /// Whether the pod's `Ready` condition is True.
    pub fn is_ready(&self) -> bool {
        self.conditions.iter().any(|c| c.kind == "Ready" && c.status)
    }
}

/// A Node with its allocatable capacity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Node {
    /// `metadata`.
    pub meta: Meta,
    /// Allocatable CPU in millicores.
    pub cpu_milli: u64,
    /// Allocatable memory in bytes.
    pub memory_bytes: u64,
    /// Allocatable pods.
    pub pods: u32,
    /// `spec.podCIDR`.
    pub pod_cidr: String,
    /// The `Ready` condition's status: `True`, `Unknown` (the node lifecycle controller's "Kubelet
    /// stopped posting node status.") or `False` (the kubelet's own report).
    pub ready: &'static str,
    /// `spec.taints` as `key:Effect`.
    pub taints: Vec<String>,
}

/// A Service's port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ServicePort {
    /// `port`.
    pub port: u16,
    /// `targetPort` (a number; named ports are not modelled).
    pub target_port: u16,
    /// `protocol`.
    pub protocol: String,
}

/// A Service (ClusterIP).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Service {
    /// `metadata`.
    pub meta: Meta,
    /// `spec.selector`.
    pub selector: Labels,
    /// `spec.ports`.
    pub ports: Vec<ServicePort>,
    /// `spec.clusterIP`, allocated by kube-apiserver.
    pub cluster_ip: String,
}

/// One endpoint of an EndpointSlice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Endpoint {
    /// The pod's IP.
    pub address: String,
    /// `conditions.ready`.
    pub ready: bool,
    /// `nodeName`.
    pub node: String,
    /// `targetRef.name`: the pod.
    pub pod: String,
}

/// An EndpointSlice of one Service.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndpointSlice {
    /// `metadata` (label `kubernetes.io/service-name`).
    pub meta: Meta,
    /// The Service it belongs to.
    pub service: String,
    /// `endpoints`.
    pub endpoints: Vec<Endpoint>,
    /// `ports[].port`.
    pub ports: Vec<u16>,
}

/// A v1 Event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    /// `metadata` (name `<object>.<nanoseconds in hex>`).
    pub meta: Meta,
    /// The object it is about.
    pub involved: (Resource, String),
    /// `type`: Normal or Warning.
    pub kind: &'static str,
    /// `reason`.
    pub reason: &'static str,
    /// `message`.
    pub message: String,
    /// `source.component` (or `reportingController`).
    pub source: String,
    /// `lastTimestamp` in ms; none for events.k8s.io events, which carry only `eventTime`.
    pub last_ms: Option<u64>,
    /// `eventTime` (or `firstTimestamp`) in ms.
    pub first_ms: u64,
}

/// Any stored object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
pub enum Object {
    /// A Deployment.
    Deployment(Workload),
    /// A ReplicaSet.
    ReplicaSet(Workload),
    /// A Pod.
    Pod(Pod),
    /// A Node.
    Node(Node),
    /// A Service.
    Service(Service),
    /// An EndpointSlice.
    EndpointSlice(EndpointSlice),
    /// An Event.
    Event(Event),
}

impl Object {
    /// Its metadata.
    pub fn meta(&self) -> &Meta {
        match self {
            Object::Deployment(w) | Object::ReplicaSet(w) => &w.meta,
            Object::Pod(p) => &p.meta,
            Object::Node(n) => &n.meta,
            Object::Service(s) => &s.meta,
            Object::EndpointSlice(e) => &e.meta,
            Object::Event(e) => &e.meta,
        }
    }

    /// Its metadata, to change.
    pub fn meta_mut(&mut self) -> &mut Meta {
        match self {
            Object::Deployment(w) | Object::ReplicaSet(w) => &mut w.meta,
            Object::Pod(p) => &mut p.meta,
            Object::Node(n) => &mut n.meta,
            Object::Service(s) => &mut s.meta,
            Object::EndpointSlice(e) => &mut e.meta,
            Object::Event(e) => &mut e.meta,
        }
    }

    /// Its resource type.
    pub fn resource(&self) -> Resource {
        match self {
            Object::Deployment(_) => Resource::Deployments,
            Object::ReplicaSet(_) => Resource::ReplicaSets,
            Object::Pod(_) => Resource::Pods,
            Object::Node(_) => Resource::Nodes,
            Object::Service(_) => Resource::Services,
            Object::EndpointSlice(_) => Resource::EndpointSlices,
            Object::Event(_) => Resource::Events,
        }
    }

    /// Its etcd key.
    pub fn key(&self) -> String {
        let meta = self.meta();
        self.resource().key(&meta.namespace, &meta.name)
    }
}

/// Whether `labels` carry every pair of `selector` (an empty selector selects nothing here:
/// Services without a selector get no EndpointSlice from the controller).
pub fn selects(selector: &Labels, labels: &Labels) -> bool {
    !selector.is_empty() && selector.iter().all(|(k, v)| labels.get(k) == Some(v))
}
