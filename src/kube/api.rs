//! kube-apiserver: the only writer of etcd. A write passes authentication, authorization,
//! mutating admission, the object's validation and validating admission, then goes to etcd;
//! watchers hear of it later. It answers at the instant it receives a request (the model's
//! simplification); the response reaches the client `api_rtt_ms` later, or after etcd's request
//! timeout when etcd has no quorum.

use super::objects::{Event, Meta, Object, Resource};
use super::scenario::Part;
use super::sim::{Count, Sim};
use super::trace::{Request, Stage};

/// etcd's request timeout: 5 s plus two election timeouts of 1 s (etcd `server/config/
/// config.go`, `ReqTimeout`); kube-apiserver then answers 500 `etcdserver: request timed out`.
pub const ETCD_REQUEST_TIMEOUT_MS: u64 = 7_000;

/// The run's wall-clock start, for event names and timestamps: 2026-01-01T00:00:00Z (an
/// assumption; only names and the JSON carry it).
pub const START_UNIX_SECONDS: u64 = 1_767_225_600;

/// The toleration DefaultTolerationSeconds adds for both taints: 300 s (k/k `plugin/pkg/
/// admission/defaulttolerationseconds/admission.go`, `defaultNotReadyTolerationSeconds` and
/// `defaultUnreachableTolerationSeconds`).
pub const DEFAULT_TOLERATION_SECONDS: u32 = 300;

/// Why a request failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fail {
    /// kube-apiserver is down: the TCP connection is refused.
    Refused,
    /// etcd has no quorum: 500 after the request timeout, with etcd's error as the message.
    Timeout(&'static str),
    /// etcd is electing a leader (issue 31): the request waits, then commits.
    Election,
    /// 422 Invalid, with kube-apiserver's message.
    Invalid(String),
    /// 409 AlreadyExists: a create of a key etcd holds.
    Exists,
}

impl Fail {
    /// The part the failed work waits for.
    pub fn waits_for(&self) -> Option<Part> {
        match self {
            Fail::Refused => Some(Part::KubeApiserver),
            Fail::Timeout(_) | Fail::Election => Some(Part::Etcd),
            Fail::Invalid(_) | Fail::Exists => None,
        }
    }
}

/// How a write is checked on its way in.
#[derive(Clone, Copy, Debug)]
pub struct Checks<'a> {
    /// Show authentication, authorization and admission as steps of their own.
    pub show: bool,
    /// The object's validation errors (422 when any).
    pub causes: &'a [String],
}

/// A write with nothing to refuse and no steps of its own for admission.
pub const PLAIN: Checks<'static> = Checks { show: false, causes: &[] };

impl Sim {
    /// A read request's audit record (answered after the round trip).
    pub(crate) fn read_request(
        &self,
        user: &str,
        verb: &'static str,
        resource: Resource,
        name: &str,
    ) -> Request {
        Request {
            verb,
            user: user.to_string(),
            group: resource.group(),
            resource: resource.as_str(),
            namespace: if resource == Resource::Nodes { String::new() } else { "default".to_string() },
            name: name.to_string(),
            subresource: None,
            code: 200,
            received_ms: self.now,
            completed_ms: self.now + self.assume.api_rtt_ms,
        }
    }

    /// A write through kube-apiserver (`verb`: create, update, patch; `sub`: binding, status).
    /// `Ok` carries the revision written.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn write(
        &mut self,
        who: &str,
        user: &str,
        verb: &'static str,
        mut object: Object,
        sub: Option<&'static str>,
        stage: Stage,
        checks: Checks,
    ) -> Result<u64, Fail> {
        let key = object.key();
        let path = match sub {
            Some(s) => format!("{key}/{s}"),
            None => key.clone(),
        };
        if !self.is_up(&Part::KubeApiserver) {
            let note = "connection refused: kube-apiserver is down".to_string();
            self.record(who.to_string(), verb, path, Count::Nothing, stage, note, None);
            return Err(Fail::Refused);
        }
        let mut request = self.read_request(user, verb, object.resource(), &object.meta().name);
        request.subresource = sub;
        request.namespace = object.meta().namespace.clone();
        request.code = if verb == "create" { 201 } else { 200 };
        if checks.show {
            self.admission_steps(user, &mut object, stage);
        }
        if !checks.causes.is_empty() {
            return Err(self.refuse(who, verb, path, &object, checks.causes, request, stage));
        }
        if checks.show {
            let note = "PodSecurity, ResourceQuota: admitted".to_string();
            self.record(
                "kube-apiserver".into(),
                "admit (validating)",
                String::new(),
                Count::Nothing,
                stage,
                note,
                None,
            );
        }
        if !self.is_up(&Part::Etcd) {
            let message = self.etcd_timeout_message();
            return Err(self.timed_out(who, verb, path, stage, request, message));
        }
        if let Some(until) = self.etcd_election_ends() {
            let note =
                format!("etcd has no leader: the request waits for the election (a leader at {until} ms)");
            self.record(who.to_string(), verb, path, Count::Nothing, stage, note, None);
            return Err(Fail::Election);
        }
        if verb == "create" && sub.is_none() && self.ledger.get(&key).is_some() {
            request.code = 409;
            let note = "409 AlreadyExists".to_string();
            self.record(who.to_string(), verb, path, Count::Nothing, stage, note, Some(request));
            return Err(Fail::Exists);
        }
        if sub.is_none() {
            self.allocate(&mut object, verb);
        }
        let resource = object.resource();
        let client_stage = if who == "kubectl" { 1 } else { stage };
        self.record(who.to_string(), verb, path, Count::Nothing, client_stage, String::new(), Some(request));
        let revision = self.ledger.put(object);
        self.record("etcd".into(), "put", key, Count::Write, stage, format!("revision {revision}"), None);
        self.notify(resource);
        Ok(revision)
    }

    /// etcd's error for a write it cannot commit, which kube-apiserver passes on as the 500's
    /// message (`responsewriters.ErrorToAPIStatus`: an error that is no `metav1.Status` becomes
    /// a 500 with `err.Error()`; the etcd client returns `etcdserver: request timed out` as its
    /// typed error's text and any other gRPC error as it came, clientv3 `rpctypes.Error`). With
    /// etcd's members modelled (issue 31), the member's belief decides (`EtcdCluster::
    /// write_outcome`): `etcdserver: request timed out` while it still believes in a leader,
    /// `rpc error: code = Unknown desc = context deadline exceeded` once it knows there is none
    /// (measured, tests/etcd_real.rs). Without them (issue 30's etcd down), the first.
    pub(crate) fn etcd_timeout_message(&self) -> &'static str {
        use super::ha::etcd::{Outcome, REQUEST_TIMED_OUT};
        match self.etcd.as_ref().map(|c| c.write_outcome(self.now)) {
            Some(Outcome::TimedOut { message, .. }) => message,
            _ => REQUEST_TIMED_OUT,
        }
    }

    /// A request etcd does not commit: answered 500 with `message` after etcd's request timeout.
    pub(crate) fn timed_out(
        &mut self,
        who: &str,
        verb: &'static str,
        path: String,
        stage: Stage,
        mut request: Request,
        message: &'static str,
    ) -> Fail {
        request.code = 500;
        request.completed_ms = self.now + ETCD_REQUEST_TIMEOUT_MS;
        let note = format!("500: {message} (after 7 s)");
        self.record(who.to_string(), verb, path, Count::Nothing, stage, note, Some(request));
        Fail::Timeout(message)
    }

    /// What kube-apiserver fills in on create: a Service's ClusterIP, a creation time.
    fn allocate(&mut self, object: &mut Object, verb: &str) {
        if verb != "create" {
            return;
        }
        object.meta_mut().created_ms = self.now;
        if let Object::Service(service) = object {
            if service.cluster_ip.is_empty() {
                // The assumption service_ip: drawn from 10.96.0.0/12 (kubeadm's
                // --service-cluster-ip-range default), skipping 10.96.0.1 (`kubernetes`), as the
                // allocator draws at random (k/k `pkg/registry/core/service/ipallocator`).
                let offset = 2 + self.names.below((1 << 20) - 3) as u32;
                let ip = (10u32 << 24) | (96 << 16) | offset;
                service.cluster_ip =
                    format!("{}.{}.{}.{}", ip >> 24, (ip >> 16) & 255, (ip >> 8) & 255, ip & 255);
            }
        }
    }

    /// Authentication, authorization and mutating admission, each a step.
    fn admission_steps(&mut self, user: &str, object: &mut Object, stage: Stage) {
        let api = "kube-apiserver".to_string();
        let note = format!("user {user} (x509 client certificate)");
        self.record(api.clone(), "authenticate", String::new(), Count::Nothing, stage, note, None);
        self.record(
            api.clone(),
            "authorize",
            String::new(),
            Count::Nothing,
            stage,
            "RBAC: allowed".into(),
            None,
        );
        let note = match object {
            Object::Pod(pod) => {
                for taint in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
                    pod.tolerations.push(format!("{taint}:NoExecute for {DEFAULT_TOLERATION_SECONDS}s"));
                }
                "DefaultTolerationSeconds: tolerates not-ready and unreachable for 300 s".to_string()
            }
            _ => "no plugin changed it".to_string(),
        };
        self.record(api, "admit (mutating)", String::new(), Count::Nothing, stage, note, None);
    }

    /// 422 Invalid: the validation step fails and the request is answered.
    #[allow(clippy::too_many_arguments)]
    fn refuse(
        &mut self,
        who: &str,
        verb: &'static str,
        path: String,
        object: &Object,
        causes: &[String],
        mut request: Request,
        stage: Stage,
    ) -> Fail {
        let (kind, group) = match object.resource() {
            Resource::Deployments => ("Deployment", "apps"),
            Resource::Services => ("Service", ""),
            other => (other.kubectl_kind(), other.group()),
        };
        let message = super::validation::invalid_status(kind, group, &object.meta().name, causes);
        self.record(
            "kube-apiserver".into(),
            "validate",
            String::new(),
            Count::Nothing,
            stage,
            message.clone(),
            None,
        );
        request.code = 422;
        self.record(
            who.to_string(),
            verb,
            path,
            Count::Nothing,
            stage,
            format!("422 Invalid: {message}"),
            Some(request),
        );
        Fail::Invalid(message)
    }

    /// Records an Event (core v1, or events.k8s.io with only `eventTime` when `event_time_only`)
    /// through kube-apiserver; an event that cannot be written is dropped, as client-go's
    /// broadcaster drops it after its retries.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn emit(
        &mut self,
        who: &str,
        user: &str,
        source: &str,
        involved: (Resource, String),
        warning: bool,
        reason: &'static str,
        message: String,
        event_time_only: bool,
        stage: Stage,
    ) {
        self.events_made += 1;
        let nanos = (START_UNIX_SECONDS * 1000 + self.now) * 1_000_000 + self.events_made;
        let event = Event {
            meta: Meta {
                name: format!("{}.{nanos:x}", involved.1),
                namespace: "default".to_string(),
                labels: Default::default(),
                owner: None,
                resource_version: 0,
                created_ms: self.now,
            },
            involved,
            kind: if warning { "Warning" } else { "Normal" },
            reason,
            message,
            source: source.to_string(),
            last_ms: (!event_time_only).then_some(self.now),
            first_ms: self.now,
        };
        let _ = self.write(who, user, "create", Object::Event(event), None, stage, PLAIN);
    }
}
