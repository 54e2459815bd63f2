//! The simulation written as an audit log (issue 32, "Writing a log"): `-o audit`'s exact
//! output, its fields checked against types.go, and the round trip: every scenario the project
//! ships or tests, written then read by the audit reader, gives back the trace's own requests.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use cplab::kube::audit::{read_log, Level, ReadOptions, RequestRow, Stage, Tally};
use cplab::kube::audit_log::{events_of_run, LogOptions};
use cplab::kube::output::{printed, Output};
use cplab::kube::scenario::{Apply, Fault};
use cplab::kube::trace::Step;
use cplab::kube::{simulate, Run, Scenario};

const DEPLOY: &str = include_str!("kube/deploy.yaml");
const WEB: &str = include_str!("kube/web.yaml");
const SCALE: &str = include_str!("kube/scale.yaml");
const SERVICE: &str = include_str!("kube/service.yaml");
const FAULTS: &str = include_str!("kube/faults.yaml");

/// kubectl_cli's and kube_faults' runs: each fixture applied alone, the fault matrix's rows
/// (web.yaml, the scale at 20 s, one part down), and the shipped scenario faults.yaml.
fn scenarios() -> Vec<(String, Scenario)> {
    let mut all: Vec<(String, Scenario)> =
        [("deploy.yaml", DEPLOY), ("web.yaml", WEB), ("scale.yaml", SCALE), ("service.yaml", SERVICE)]
            .iter()
            .map(|(f, text)| (format!("apply {f}"), Scenario::for_file(f, text)))
            .collect();
    let rows = [
        ("kube-apiserver", 10.0),
        ("etcd", 0.0),
        ("etcd", 2.0),
        ("kube-scheduler", 0.0),
        ("kubelet/node-2", 0.0),
        ("kube-controller-manager", 0.0),
    ];
    for (part, at) in rows {
        let mut s = Scenario::for_file("web.yaml", WEB);
        s.apply.push(Apply {
            at: 20.0,
            file: "scale.yaml".into(),
            manifests: Some(SCALE.into()),
            validate: true,
        });
        s.faults.push(Fault { part: part.into(), down: at, up: None });
        all.push((format!("fault {part}@{at}"), s));
    }
    let mut faults = Scenario::from_yaml(FAULTS).expect("faults.yaml reads");
    for apply in &mut faults.apply {
        apply.manifests = Some(if apply.file == "scale.yaml" { SCALE } else { WEB }.to_string());
    }
    all.push(("run faults.yaml".into(), faults));
    all
}

/// The component the reader should name for a trace step's component: `kubectl` is kubeadm's
/// admin user; each of kube-controller-manager's controllers is its service account.
fn component_of(step: &Step) -> String {
    let c = step.component.as_str();
    if c == "kubectl" {
        return "client kubernetes-admin".into();
    }
    if let Some(node) = c.strip_prefix("kubelet/") {
        return format!("kubelet@{node}");
    }
    if c.starts_with("kube-proxy/") {
        return "kube-proxy".into();
    }
    if let Some(ctl) = c.strip_prefix("kube-controller-manager/") {
        return format!("kube-controller-manager/{ctl}-controller");
    }
    c.to_string()
}

/// One request as compared: component, verb, key, code, writes to etcd.
type Compared = (String, String, String, Option<i32>, Option<u64>);

/// The trace's own requests: the writes are the etcd `put` steps that follow each one.
fn from_trace(run: &Run) -> Vec<Compared> {
    let steps = &run.trace;
    let mut out = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let Some(r) = &step.request else { continue };
        let mut key = r.resource.to_string();
        if !r.name.is_empty() {
            key = format!("{key}/{}", r.name);
        }
        if let Some(sub) = r.subresource {
            key = format!("{key}/{sub}");
        }
        let is_write = matches!(r.verb, "create" | "update" | "patch");
        let puts = steps[i + 1..].iter().take_while(|s| s.component == "etcd" && s.verb == "put").count();
        let writes = is_write.then_some(puts as u64);
        // A watch's code comes with ResponseStarted; the rest with ResponseComplete.
        out.push((component_of(step), r.verb.to_string(), key, Some(i32::from(r.code)), writes));
    }
    out
}

fn from_rows(rows: &[RequestRow]) -> Vec<Compared> {
    rows.iter()
        .map(|row| {
            let writes = match row.writes {
                Tally::Counted(n) => Some(n),
                _ => None,
            };
            (row.component.to_string(), row.verb.clone(), row.key(), row.code, writes)
        })
        .collect()
}

/// The log of `run` at `level`, read back.
fn read_back(run: &Run, level: Level) -> Vec<RequestRow> {
    let log = printed(run, &[], Output::Audit(level)).stdout;
    let trace = read_log(log.as_bytes(), ReadOptions::default());
    assert!(trace.problems.is_empty(), "{:?}", trace.problems);
    trace.rows
}

#[test]
fn every_scenario_reads_back_to_its_own_requests() {
    for (name, scenario) in scenarios() {
        let run = simulate(&scenario).expect("runs");
        let want = from_trace(&run);
        assert!(!want.is_empty(), "{name}: no requests");
        for level in [Level::Metadata, Level::RequestResponse] {
            let got = from_rows(&read_back(&run, level));
            assert_eq!(got.len(), want.len(), "{name} at {level:?}: count of requests");
            // The reader orders rows by requestReceivedTimestamp; the trace is in that order.
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "{name} at {level:?}: request {i}");
            }
        }
    }
}

#[test]
fn every_request_logs_its_stages_once_and_watches_stay_open_or_close() {
    for (name, scenario) in scenarios() {
        let run = simulate(&scenario).expect("runs");
        let events = events_of_run(&run, LogOptions::default());
        let rows = read_back(&run, Level::Metadata);
        for row in &rows {
            let stages: Vec<Stage> =
                events.iter().filter(|e| e.audit_id == row.audit_id).map(|e| e.stage).collect();
            if row.verb == "watch" {
                assert!(
                    stages.starts_with(&[Stage::RequestReceived, Stage::ResponseStarted]),
                    "{name}: {stages:?}"
                );
                assert!(stages.len() <= 3, "{name}: {stages:?}");
            } else {
                assert_eq!(stages, [Stage::RequestReceived, Stage::ResponseComplete], "{name}");
            }
        }
        let mut ids: Vec<&str> = rows.iter().map(|r| r.audit_id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), rows.len(), "{name}: one auditID per request");
    }
}

/// `cplab kube apply tests/kube/deploy.yaml -o audit`, lines the lesson follows, exactly.
#[test]
fn apply_o_audit_writes_these_lines() {
    let path = support::root().join("tests/kube/deploy.yaml");
    let o = support::cplab(&["kube", "apply", &path.to_string_lossy(), "-o", "audit"], "");
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert_eq!(o.status.code(), Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 192);
    // kubectl apply: the GET that finds nothing (404), then the create (201), at 2 ms and 4 ms.
    assert_eq!(
        lines[116],
        r#"{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"e67ee9a6-2906-4b0e-88d1-2cae8f264dc8","stage":"RequestReceived","requestURI":"/apis/apps/v1/namespaces/default/deployments/web","verb":"get","user":{"username":"kubernetes-admin","groups":["kubeadm:cluster-admins","system:authenticated"]},"userAgent":"kubectl/v1.32.0 (linux/amd64) kubernetes/$Format","objectRef":{"resource":"deployments","namespace":"default","name":"web","apiGroup":"apps","apiVersion":"v1"},"requestReceivedTimestamp":"2026-01-01T00:00:00.002000Z","stageTimestamp":"2026-01-01T00:00:00.002000Z"}"#
    );
    assert_eq!(
        lines[119],
        r#"{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"30716dc6-fe31-47e0-bd19-41f16d625f75","stage":"ResponseComplete","requestURI":"/apis/apps/v1/namespaces/default/deployments/web","verb":"create","user":{"username":"kubernetes-admin","groups":["kubeadm:cluster-admins","system:authenticated"]},"userAgent":"kubectl/v1.32.0 (linux/amd64) kubernetes/$Format","objectRef":{"resource":"deployments","namespace":"default","name":"web","apiGroup":"apps","apiVersion":"v1"},"responseStatus":{"code":201},"requestReceivedTimestamp":"2026-01-01T00:00:00.002000Z","stageTimestamp":"2026-01-01T00:00:00.004000Z"}"#
    );
    // An informer's watch: headers at 2 ms, no ResponseComplete (open when the run ends).
    assert!(lines.contains(&r#"{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"64684c4f-0fd7-44b4-bccd-fd9c96a18897","stage":"ResponseStarted","requestURI":"/apis/apps/v1/namespaces/default/deployments?watch=true","verb":"watch","user":{"username":"system:serviceaccount:kube-system:deployment-controller","groups":["system:serviceaccounts","system:serviceaccounts:kube-system","system:authenticated"]},"userAgent":"kube-controller-manager/v1.32.0 (linux/amd64) kubernetes/$Format/system:serviceaccount:kube-system:deployment-controller","objectRef":{"resource":"deployments","namespace":"default","apiGroup":"apps","apiVersion":"v1"},"responseStatus":{"code":200},"requestReceivedTimestamp":"2026-01-01T00:00:00.000000Z","stageTimestamp":"2026-01-01T00:00:00.002000Z"}"#));
    // kube-scheduler binds the first pod.
    assert!(lines.contains(&r#"{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"a5c366be-4d9a-462c-a990-9c8474b72056","stage":"RequestReceived","requestURI":"/api/v1/namespaces/default/pods/web-6df86f78c7-h8q24/binding","verb":"create","user":{"username":"system:kube-scheduler","groups":["system:authenticated"]},"userAgent":"kube-scheduler/v1.32.0 (linux/amd64) kubernetes/$Format/scheduler","objectRef":{"resource":"pods","namespace":"default","name":"web-6df86f78c7-h8q24","apiVersion":"v1","subresource":"binding"},"requestReceivedTimestamp":"2026-01-01T00:00:00.017000Z","stageTimestamp":"2026-01-01T00:00:00.017000Z"}"#));
    let again = support::cplab(&["kube", "apply", &path.to_string_lossy(), "-o", "audit"], "");
    assert_eq!(out.as_bytes(), again.stdout.as_slice(), "the same log, byte for byte");
    let rr = support::cplab(
        &["kube", "apply", &path.to_string_lossy(), "-o", "audit", "--audit-level", "RequestResponse"],
        "",
    );
    let rr = String::from_utf8(rr.stdout).expect("utf-8");
    assert_eq!(rr, out.replace(r#""level":"Metadata""#, r#""level":"RequestResponse""#));
    let bad = support::cplab(
        &["kube", "apply", &path.to_string_lossy(), "-o", "audit", "--audit-level", "None"],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn written_lines_carry_only_the_fields_of_types_go() {
    // kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/apis/audit/v1/types.go: `Event`,
    // `ObjectReference`; staging/src/k8s.io/api/authentication/v1/types.go: `UserInfo`.
    const FIELDS: [&str; 18] = [
        "kind",
        "apiVersion",
        "level",
        "auditID",
        "stage",
        "requestURI",
        "verb",
        "user",
        "impersonatedUser",
        "sourceIPs",
        "userAgent",
        "objectRef",
        "responseStatus",
        "requestObject",
        "responseObject",
        "requestReceivedTimestamp",
        "stageTimestamp",
        "annotations",
    ];
    const OBJECT_REF: [&str; 8] =
        ["resource", "namespace", "name", "uid", "apiGroup", "apiVersion", "resourceVersion", "subresource"];
    const USER: [&str; 4] = ["username", "uid", "groups", "extra"];
    const STATUS: [&str; 4] = ["status", "message", "reason", "code"];
    for (name, scenario) in scenarios() {
        let run = simulate(&scenario).expect("runs");
        let log = printed(&run, &[], Output::Audit(Level::RequestResponse)).stdout;
        for line in log.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let keys = |k: &str| -> Vec<String> {
                v[k].as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default()
            };
            let object = v.as_object().expect("an object");
            assert!(object.keys().all(|k| FIELDS.contains(&k.as_str())), "{name}: {line}");
            assert!(keys("objectRef").iter().all(|k| OBJECT_REF.contains(&k.as_str())), "{name}: {line}");
            assert!(keys("user").iter().all(|k| USER.contains(&k.as_str())), "{name}: {line}");
            assert!(keys("responseStatus").iter().all(|k| STATUS.contains(&k.as_str())), "{name}: {line}");
            assert_eq!((&v["kind"], &v["apiVersion"]), (&"Event".into(), &"audit.k8s.io/v1".into()));
            let stage = v["stage"].as_str().unwrap_or("");
            assert!(["RequestReceived", "ResponseStarted", "ResponseComplete"].contains(&stage), "{line}");
            assert_eq!(v["responseStatus"].is_null(), stage == "RequestReceived", "{line}");
            for t in ["requestReceivedTimestamp", "stageTimestamp"] {
                let text = v[t].as_str().unwrap_or("");
                assert_eq!(text.len(), "2026-01-01T00:00:00.000000Z".len(), "{t}: {line}");
            }
        }
    }
}

/// A watch ends when its own part goes down (ResponseComplete at that instant); when
/// kube-apiserver goes down nothing logs the end, so every watch stays open.
#[test]
fn a_watch_closes_when_its_client_goes_down_not_when_the_apiserver_does() {
    let closed = |part: &str| -> Vec<(String, String)> {
        let mut s = Scenario::for_file("web.yaml", WEB);
        s.faults.push(Fault { part: part.into(), down: 0.005, up: None });
        let run = simulate(&s).expect("runs");
        events_of_run(&run, LogOptions::default())
            .iter()
            .filter(|e| e.verb == "watch" && e.stage == Stage::ResponseComplete)
            .map(|e| {
                let at = e.stage_timestamp.as_ref().map_or("", |t| t.as_str()).to_string();
                (format!("{} {}", e.user.username, e.request_uri), at)
            })
            .collect()
    };
    let at = "2026-01-01T00:00:00.005000Z".to_string();
    assert_eq!(
        closed("kube-scheduler"),
        [
            ("system:kube-scheduler /api/v1/namespaces/default/pods?watch=true".to_string(), at.clone()),
            ("system:kube-scheduler /api/v1/nodes?watch=true".to_string(), at),
        ]
    );
    assert_eq!(closed("kube-apiserver"), []);
}
