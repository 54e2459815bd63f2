//! A simulated run written as kube-apiserver's audit log (issue 32, "Writing a log"): one
//! `audit.k8s.io/v1` event per stage of each API request the trace holds, so the reader of
//! [`super::audit`] reads the run back as its own trace. Pure: the same run and seed give the
//! same events.
//!
//! Stages follow kubernetes/kubernetes `staging/src/k8s.io/apiserver/pkg/endpoints/filters/
//! audit.go`: RequestReceived when the handler has the request, ResponseComplete when the body is
//! written; a watch (long-running) logs ResponseStarted when its headers go out and
//! ResponseComplete only when its stream ends. A request that never reached kube-apiserver (it
//! was down: connection refused) leaves no event, as a stopped kube-apiserver logs nothing.

use super::api::START_UNIX_SECONDS;
use super::audit::{AuditEvent, Level, MicroTime, ObjectReference, Stage, Status, UserInfo, API_VERSION_V1};
use super::run::Run;
use super::trace::{Request, Step};
use std::collections::BTreeMap;

/// The client-go version every component's user agent names: the release the model follows
/// ([`super::run::RELEASE`]) at its first patch.
pub const AGENT_VERSION: &str = "v1.32.0";

/// The commit part of the user agents: client-go writes the first 7 characters of the binary's
/// `gitCommit`, whose value when no build sets it is `$Format:%H$`
/// (`staging/src/k8s.io/client-go/rest/config.go`, `DefaultKubernetesUserAgent`;
/// `staging/src/k8s.io/component-base/version/base.go`). The lab builds no binaries, so it
/// writes that unset value rather than invent a commit.
pub const AGENT_COMMIT: &str = "$Format";

/// How the run is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogOptions {
    /// The level every event carries (bodies are not in the trace: see [`events_of_run`]).
    pub level: Level,
    /// Seeds the auditIDs, so two logs of one run can differ in IDs only.
    pub seed: u64,
}

impl Default for LogOptions {
    fn default() -> LogOptions {
        LogOptions { level: Level::Metadata, seed: 0 }
    }
}

/// The run's audit events, ordered by their stage's time (ties in trace order), as the log
/// backend writes them. Each event holds level, auditID, stage, requestURI, verb, user (with the
/// groups its authenticator gives), userAgent, objectRef, responseStatus and both timestamps.
/// The trace keeps no request or response bodies, so `requestObject`/`responseObject` are left
/// out at every level.
pub fn events_of_run(run: &Run, options: LogOptions) -> Vec<AuditEvent> {
    let mut timed: Vec<(u64, usize, AuditEvent)> = Vec::new();
    let requests = run.trace.iter().filter_map(|s| s.request.as_ref().map(|r| (s, r)));
    for (n, (step, request)) in requests.enumerate() {
        let id = audit_id(options.seed, n as u64);
        let base = event(request, &id, options.level);
        for (ms, stage, code) in stages(run, step, request) {
            let mut e = base.clone();
            e.stage = stage;
            e.stage_timestamp = Some(at(ms));
            e.response_status = code.map(status);
            timed.push((ms, timed.len(), e));
        }
    }
    // Each event's position is its order: by time alone, equal times kept in order.
    super::by_time::sort_by_time(&mut timed, |(ms, _, _)| *ms);
    timed.into_iter().map(|(_, _, e)| e).collect()
}

/// Each stage a request logs: (time, stage, code). A watch that ends because its client's part
/// went down is closed (ResponseComplete) then; one still open when the run ends, or cut off by
/// kube-apiserver itself going down, has no ResponseComplete.
fn stages(run: &Run, step: &Step, r: &Request) -> Vec<(u64, Stage, Option<u16>)> {
    let received = (r.received_ms, Stage::RequestReceived, None);
    if r.verb != "watch" {
        return vec![received, (r.completed_ms, Stage::ResponseComplete, Some(r.code))];
    }
    let mut out = vec![received, (r.completed_ms, Stage::ResponseStarted, Some(r.code))];
    if let Some(end) = watch_end(run, step, r.completed_ms) {
        out.push((end, Stage::ResponseComplete, Some(r.code)));
    }
    out
}

/// When the watch `step` opened at `from` was closed by its own part going down, unless
/// kube-apiserver went down first (then nothing logs its end).
fn watch_end(run: &Run, step: &Step, from: u64) -> Option<u64> {
    let down = run.trace.iter().filter(|s| s.verb == "DOWN" && s.at_ms >= from);
    for s in down {
        if s.component == "kube-apiserver" {
            return None;
        }
        let part = s.component.as_str();
        let owns = step.component == part
            || step.component.strip_prefix(part).is_some_and(|rest| rest.starts_with('/'));
        if owns {
            return Some(s.at_ms);
        }
    }
    None
}

/// The event common to all of a request's stages.
fn event(r: &Request, id: &str, level: Level) -> AuditEvent {
    AuditEvent {
        kind: "Event".to_string(),
        api_version: API_VERSION_V1.to_string(),
        level,
        audit_id: id.to_string(),
        stage: Stage::RequestReceived,
        request_uri: request_uri(r),
        verb: r.verb.to_string(),
        user: UserInfo { username: r.user.clone(), groups: groups(&r.user), ..UserInfo::default() },
        impersonated_user: None,
        source_ips: Vec::new(),
        user_agent: user_agent(&r.user),
        object_ref: Some(ObjectReference {
            resource: r.resource.to_string(),
            namespace: r.namespace.clone(),
            name: r.name.clone(),
            api_group: r.group.to_string(),
            api_version: "v1".to_string(),
            subresource: r.subresource.unwrap_or("").to_string(),
            ..ObjectReference::default()
        }),
        response_status: None,
        request_object: None,
        response_object: None,
        request_received_timestamp: Some(at(r.received_ms)),
        stage_timestamp: None,
        annotations: BTreeMap::new(),
        timestamp: None,
        metadata: None,
    }
}

/// The REST path of the request, as client-go builds it: `/api/v1` for the core group,
/// `/apis/<group>/v1` otherwise (every resource the lab has is served at v1), then
/// `namespaces/<ns>/`, the resource, the name and the subresource; a watch adds `?watch=true`
/// (`staging/src/k8s.io/apiserver/pkg/endpoints/request/requestinfo.go` reads the verb back from
/// it).
pub fn request_uri(r: &Request) -> String {
    let mut path = if r.group.is_empty() { "/api/v1".to_string() } else { format!("/apis/{}/v1", r.group) };
    if !r.namespace.is_empty() {
        path.push_str(&format!("/namespaces/{}", r.namespace));
    }
    path.push('/');
    path.push_str(r.resource);
    if !r.name.is_empty() {
        path.push('/');
        path.push_str(&r.name);
    }
    if let Some(sub) = r.subresource {
        path.push('/');
        path.push_str(sub);
    }
    if r.verb == "watch" {
        path.push_str("?watch=true");
    }
    path
}

/// The groups the authenticator gives: `system:nodes` to a kubelet
/// (https://kubernetes.io/docs/reference/access-authn-authz/node/), `system:serviceaccounts` and
/// `system:serviceaccounts:<ns>` to a service account
/// (https://kubernetes.io/docs/reference/access-authn-authz/service-accounts-admin/),
/// `kubeadm:cluster-admins` to kubeadm's admin.conf user (kubeadm v1.29 and later:
/// `cmd/kubeadm/app/constants/constants.go`, `ClusterAdminsGroupAndClusterRoleBinding`), and
/// `system:authenticated` to everyone authenticated.
fn groups(user: &str) -> Vec<String> {
    let mut groups: Vec<String> = if user.starts_with("system:node:") {
        vec!["system:nodes".into()]
    } else if let Some(rest) = user.strip_prefix("system:serviceaccount:") {
        let ns = rest.split(':').next().unwrap_or("");
        vec!["system:serviceaccounts".into(), format!("system:serviceaccounts:{ns}")]
    } else if user == super::kubectl::KUBECTL_USER {
        vec!["kubeadm:cluster-admins".into()]
    } else {
        Vec::new()
    };
    groups.push("system:authenticated".into());
    groups
}

/// The user agent client-go writes for the component `user` authenticates:
/// `<binary>/<version> (linux/amd64) kubernetes/<commit>`, with the suffix each component appends
/// (`staging/src/k8s.io/client-go/rest/config.go`, `AddUserAgent`): kube-scheduler `/scheduler`
/// (`cmd/kube-scheduler/app/options/options.go`), kube-controller-manager the controller's
/// service account (`staging/src/k8s.io/controller-manager/pkg/clientbuilder/
/// client_builder_dynamic.go`). A hint only: the reader trusts the user.
pub fn user_agent(user: &str) -> String {
    let (binary, suffix) = match user {
        "system:kube-scheduler" => ("kube-scheduler", "/scheduler".to_string()),
        "system:serviceaccount:kube-system:kube-proxy" => ("kube-proxy", String::new()),
        u if u.starts_with("system:serviceaccount:kube-system:") => {
            ("kube-controller-manager", format!("/{u}"))
        }
        u if u.starts_with("system:node:") => ("kubelet", String::new()),
        _ => ("kubectl", String::new()),
    };
    format!("{binary}/{AGENT_VERSION} (linux/amd64) kubernetes/{AGENT_COMMIT}{suffix}")
}

/// The sim's clock `ms` on the wall: [`START_UNIX_SECONDS`] (2026-01-01T00:00:00Z) plus `ms`.
fn at(ms: u64) -> MicroTime {
    let micros = (START_UNIX_SECONDS * 1_000 + ms) * 1_000;
    MicroTime::from_micros(i64::try_from(micros).unwrap_or(i64::MAX))
}

/// `responseStatus`: on success only the code (types.go's comment on `ResponseStatus`); on
/// failure `status: Failure` too, as meta/v1 `Status` writes it.
fn status(code: u16) -> Status {
    let status = if code >= 400 { "Failure".to_string() } else { String::new() };
    Status { status, code: i32::from(code), ..Status::default() }
}

/// A UUID-shaped auditID (version-4 layout, as kube-apiserver's `uuid.New()` gives:
/// `staging/src/k8s.io/apiserver/pkg/endpoints/filters/audit_init.go`), drawn from the seed and
/// the request's number by splitmix64, so a run's log is the same every time.
pub fn audit_id(seed: u64, n: u64) -> String {
    let hi = splitmix(seed ^ splitmix(n.wrapping_mul(2)));
    let lo = splitmix(seed ^ splitmix(n.wrapping_mul(2) + 1));
    let hi = (hi & !0xf000) | 0x4000; // version 4
    let lo = (lo & !(0xc << 60)) | (0x8 << 60); // variant 10
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        hi >> 32,
        (hi >> 16) & 0xffff,
        hi & 0xffff,
        lo >> 48,
        lo & 0xffff_ffff_ffff
    )
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_uuid_shaped_seeded_and_distinct() {
        let a = audit_id(0, 0);
        assert_eq!(a.len(), 36);
        assert_eq!(a.as_bytes()[14], b'4');
        assert!(matches!(a.as_bytes()[19], b'8' | b'9' | b'a' | b'b'), "{a}");
        assert_ne!(a, audit_id(0, 1));
        assert_ne!(a, audit_id(1, 0));
        assert_eq!(a, audit_id(0, 0));
    }
}
