//! The trace: one step per thing a part did, on the clock, with what it read and wrote and the
//! etcd revision after it. A playback layer steps through these; each API request carries what
//! an audit.k8s.io/v1 event needs.

use serde::Serialize;

/// One API request as kube-apiserver saw it (none when it never arrived).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Request {
    /// The audit verb: get, list, watch, create, update, patch.
    pub verb: &'static str,
    /// The authenticated user (`system:node:node-1`).
    pub user: String,
    /// API group ("" for core).
    pub group: &'static str,
    /// The resource (`pods`).
    pub resource: &'static str,
    /// The namespace ("" for cluster-scoped).
    pub namespace: String,
    /// The object's name ("" for a list or watch).
    pub name: String,
    /// The subresource (`binding`, `status`), if any.
    pub subresource: Option<&'static str>,
    /// The HTTP status answered.
    pub code: u16,
    /// When kube-apiserver received it (ms): `requestReceivedTimestamp`.
    pub received_ms: u64,
    /// When it answered (ms): `stageTimestamp` of ResponseComplete.
    pub completed_ms: u64,
}

/// Which of the overview's six steps of `kubectl apply` a trace step belongs to (0: none, such
/// as informers starting, EndpointSlices and kube-proxy).
pub type Stage = u8;

/// Counts so far in the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Items read: objects a LIST read plus objects a GET read.
    pub reads: u64,
    /// Watch events delivered to informers.
    pub watch_events: u64,
    /// Writes to etcd.
    pub writes: u64,
}

/// One step of the trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The run's clock, ms.
    pub at_ms: u64,
    /// Who acted: `kubectl`, `kube-apiserver`, `etcd`, `kube-controller-manager/replicaset`,
    /// `kube-scheduler`, `kubelet/node-1`, `runtime/node-1`, `kube-proxy/node-1`.
    pub component: String,
    /// What it did: an API verb, an admission stage, `put`, a CRI call, `WATCH ADDED`, ...
    pub verb: &'static str,
    /// The etcd key (or prefix, or URL path) it concerned.
    pub key: String,
    /// Objects this step read or delivered (1 for a write).
    pub items: u64,
    /// The counts after this step.
    pub totals: Totals,
    /// etcd's revision after this step.
    pub revision: u64,
    /// Which of the six steps (1-6), or 0.
    pub stage: Stage,
    /// A few words more (the user, the node chosen, the error).
    pub note: String,
    /// The API request, when the step is one.
    pub request: Option<Request>,
}
