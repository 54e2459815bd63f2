//! kubectl, the client: `kubectl apply -f FILE` downloads the OpenAPI schema when it validates,
//! then for each object GETs it (404: create it, POST; found: patch it, or leave it unchanged)
//! (kubectl `pkg/cmd/apply/apply.go`), printing what it did or kube-apiserver's refusal in
//! kubectl's words (`pkg/cmd/util/helpers.go`).

use super::api::{Checks, Fail, ETCD_REQUEST_TIMEOUT_MS};
use super::ha::etcd::REQUEST_TIMED_OUT;
use super::objects::{Object, Resource};
use super::scenario::Part;
use super::sim::{Count, KubectlLine, Sim, Work};
use super::validation::invalid_kubectl;

/// The server kubectl's kubeconfig names (the assumption server: kube-apiserver listens on
/// 6443, kubeadm's default `--secure-port`; the address is this machine's).
pub const SERVER: &str = "127.0.0.1:6443";

/// kubectl's user: kubeadm's `admin.conf` authenticates as `kubernetes-admin`.
pub const KUBECTL_USER: &str = "kubernetes-admin";

/// `deployment.apps/web`, `service/web`: how kubectl names an object in its output.
pub fn kubectl_name(object: &Object) -> String {
    let resource = object.resource();
    let kind = match resource.group() {
        "" => resource.kubectl_kind().to_string(),
        group => format!("{}.{group}", resource.kubectl_kind()),
    };
    format!("{kind}/{}", object.meta().name)
}

/// Whether applying `new` over `old` changes nothing kubectl sends.
fn same_spec(old: &Object, new: &Object) -> bool {
    match (old, new) {
        (Object::Deployment(a), Object::Deployment(b)) => {
            (a.replicas, &a.selector, &a.template, &a.meta.labels)
                == (b.replicas, &b.selector, &b.template, &b.meta.labels)
        }
        (Object::Service(a), Object::Service(b)) => (&a.selector, &a.ports) == (&b.selector, &b.ports),
        _ => false,
    }
}

/// `old` with `new`'s spec (what a patch of the applied fields leaves).
fn patched(old: &Object, new: &Object) -> Object {
    match (old, new) {
        (Object::Deployment(a), Object::Deployment(b)) => {
            let mut d = a.clone();
            (d.replicas, d.selector, d.template, d.meta.labels) =
                (b.replicas, b.selector.clone(), b.template.clone(), b.meta.labels.clone());
            Object::Deployment(d)
        }
        (Object::Service(a), Object::Service(b)) => {
            let mut s = a.clone();
            (s.selector, s.ports) = (b.selector.clone(), b.ports.clone());
            Object::Service(s)
        }
        _ => new.clone(),
    }
}

impl Sim {
    fn print(&mut self, apply: usize, at_ms: u64, text: String, error: bool) {
        self.kubectl.push(KubectlLine { apply, at_ms, text, error });
    }

    /// `kubectl apply -f FILE` starts.
    pub(crate) fn apply(&mut self, i: usize) {
        let Some(job) = self.applies.get(i).cloned() else { return };
        let file = job.file.clone();
        self.record(
            "kubectl".into(),
            "apply",
            file.clone(),
            Count::Nothing,
            1,
            format!("kubectl apply -f {file}"),
            None,
        );
        let manifests = match job.manifests {
            Ok(m) => m,
            Err(text) => return self.print(i, self.now, text, true),
        };
        if manifests.is_empty() {
            return self.print(i, self.now, "error: no objects passed to apply".into(), true);
        }
        let mut next = self.now;
        if job.validate {
            let up = self.is_up(&Part::KubeApiserver);
            let note = if up { "the schema, to validate against" } else { "connection refused" };
            self.record("kubectl".into(), "GET", "/openapi/v2".into(), Count::Nothing, 1, note.into(), None);
            if !up {
                let text = format!(
                    "error: error validating \"{file}\": error validating data: failed to download openapi: Get \"https://{SERVER}/openapi/v2?timeout=32s\": dial tcp {SERVER}: connect: connection refused; if you choose to ignore these errors, turn validation off with --validate=false"
                );
                return self.print(i, self.now, text, true);
            }
            next += self.assume.api_rtt_ms;
        }
        self.at(next, Work::KubectlObject { apply: i, doc: 0 });
    }

    /// kubectl GETs one object, then creates or patches it.
    pub(crate) fn kubectl_object(&mut self, apply: usize, doc: usize) {
        let Some(job) = self.applies.get(apply).cloned() else { return };
        let Some(manifest) = job.manifests.ok().and_then(|m| m.get(doc).cloned()) else { return };
        let (object, key, file) = (manifest.object.clone(), manifest.object.key(), job.file.clone());
        let rtt = self.assume.api_rtt_ms;
        if !self.is_up(&Part::KubeApiserver) {
            self.record("kubectl".into(), "get", key, Count::Nothing, 1, "connection refused".into(), None);
            let text = format!(
                "The connection to the server {SERVER} was refused - did you specify the right host or port?"
            );
            return self.print(apply, self.now, text, true);
        }
        let mut request = self.read_request(KUBECTL_USER, "get", object.resource(), &object.meta().name);
        if !self.is_up(&Part::Etcd) && self.assume.get_when_etcd_down == "timeout" {
            (request.code, request.completed_ms) = (500, self.now + ETCD_REQUEST_TIMEOUT_MS);
            self.record(
                "kubectl".into(),
                "get",
                key,
                Count::Nothing,
                1,
                "500: etcdserver: request timed out".into(),
                Some(request),
            );
            let text = format!(
                "Error from server: error when retrieving current configuration of:\n{}\nName: \"{}\", Namespace: \"{}\"\nfrom server for: \"{file}\": etcdserver: request timed out",
                resource_line(object.resource()), object.meta().name, object.meta().namespace
            );
            self.print(apply, self.now + ETCD_REQUEST_TIMEOUT_MS, text, true);
            return self.at(self.now + ETCD_REQUEST_TIMEOUT_MS, Work::KubectlObject { apply, doc: doc + 1 });
        }
        let existing = self.ledger.get(&key).cloned();
        request.code = if existing.is_some() { 200 } else { 404 };
        let note = if existing.is_some() { "200: found" } else { "404: not found" };
        let count = Count::Read(u64::from(existing.is_some()));
        self.record("kubectl".into(), "get", key, count, 1, note.into(), Some(request));
        let (verb, sent, done) = match &existing {
            None => ("create", object.clone(), "created"),
            Some(old) if same_spec(old, &object) => {
                self.print(apply, self.now + rtt, format!("{} unchanged", kubectl_name(&object)), false);
                return self.at(self.now + rtt, Work::KubectlObject { apply, doc: doc + 1 });
            }
            Some(old) => ("patch", patched(old, &object), "configured"),
        };
        let checks = Checks { show: verb == "create", causes: &manifest.causes };
        let result = self.write("kubectl", KUBECTL_USER, verb, sent, None, 2, checks);
        if result == Err(Fail::Election) {
            // The request is held until etcd has a leader; kubectl sees only a slower answer.
            return self.park(Part::Etcd, Work::KubectlObject { apply, doc });
        }
        let (wait, line) = match result {
            Ok(_) => (rtt, Ok(format!("{} {done}", kubectl_name(&object)))),
            Err(Fail::Invalid(_)) => {
                let kind = if object.resource() == Resource::Deployments { "Deployment" } else { "Service" };
                (rtt, Err(invalid_kubectl(kind, &object.meta().name, &manifest.causes)))
            }
            Err(Fail::Timeout(message)) => (
                ETCD_REQUEST_TIMEOUT_MS,
                Err(format!("Error from server: error when creating \"{file}\": {message}")),
            ),
            Err(Fail::Election) => (
                ETCD_REQUEST_TIMEOUT_MS,
                Err(format!("Error from server: error when creating \"{file}\": {REQUEST_TIMED_OUT}")),
            ),
            Err(Fail::Exists) => (rtt, Err(format!("Error from server (AlreadyExists): error when creating \"{file}\": {} already exists", kubectl_name(&object)))),
            Err(Fail::Refused) => (0, Err(format!("The connection to the server {SERVER} was refused - did you specify the right host or port?"))),
        };
        match line {
            Ok(text) => self.print(apply, self.now + wait, text, false),
            Err(text) => self.print(apply, self.now + wait, text, true),
        }
        self.at(self.now + wait, Work::KubectlObject { apply, doc: doc + 1 });
    }
}

/// The `Resource: ..., GroupVersionKind: ...` line kubectl prints about an object it could not
/// read.
fn resource_line(resource: Resource) -> &'static str {
    match resource {
        Resource::Deployments => {
            "Resource: \"apps/v1, Resource=deployments\", GroupVersionKind: \"apps/v1, Kind=Deployment\""
        }
        _ => "Resource: \"/v1, Resource=services\", GroupVersionKind: \"/v1, Kind=Service\"",
    }
}
