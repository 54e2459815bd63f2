//! Issue 32: a real cluster's audit log read into the trace a student follows. Each fixture of
//! `tests/fixtures/audit/` is read and rendered, and the text compared with its golden in
//! `tests/golden/audit/`; a difference fails (run with `UPDATE_GOLDEN=1` to accept one, then read
//! the diff).
#![cfg(not(target_arch = "wasm32"))] // native: reads fixture files

mod support;

use cplab::kube::audit::{
    parse_events, read_log, render, rows_of_events, write_log, AuditTrace, Background, BackgroundCounts,
    Body, Component, Controller, KindCount, Level, LineErrorKind, NameSource, Op, ReadOptions, RequestRow,
    Stage, Tally, WriteOptions,
};

fn fixture(name: &str) -> Vec<u8> {
    let path = support::root().join("tests/fixtures/audit").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read(name: &str) -> AuditTrace {
    read_log(&fixture(name), ReadOptions::default())
}

fn row<'a>(trace: &'a AuditTrace, verb: &str, key: &str) -> &'a RequestRow {
    trace.rows.iter().find(|r| r.verb == verb && r.key() == key).unwrap_or_else(|| panic!("no {verb} {key}"))
}

#[test]
fn the_nginx_apply_log_reads_to_its_golden_trace() {
    let trace = read("nginx-apply.jsonl");
    support::golden("audit", "nginx-apply", &render(&trace));
}

#[test]
fn hostile_lines_are_named_by_number_and_the_rest_loads() {
    let trace = read("hostile.jsonl");
    support::golden("audit", "hostile", &render(&trace));
}

#[test]
fn generate_name_creates_and_writes_read_to_their_golden_trace() {
    let trace = read("names-and-writes.jsonl");
    support::golden("audit", "names-and-writes", &render(&trace));
}

#[test]
fn the_nginx_apply_gives_one_row_per_request_with_components_keys_and_codes() {
    let trace = read("nginx-apply.jsonl");
    assert_eq!(trace.progress.events, 67);
    assert_eq!(trace.rows.len(), 33);
    assert!(trace.problems.is_empty());
    // kubectl apply looks for the Deployment (404), then creates it.
    let first = &trace.rows[1];
    assert_eq!(
        (first.verb.as_str(), first.key(), first.code, first.failed()),
        ("get", "deployments/nginx".to_string(), Some(404), true)
    );
    assert_eq!(first.component, Component::Client("kubernetes-admin".into()));
    let create = row(&trace, "create", "deployments/nginx");
    assert_eq!(
        (create.op, create.writes, create.items),
        (Op::Write, Tally::Counted(1), Tally::NotApplicable)
    );
    // Each controller is named by its own service account.
    let rs = row(&trace, "create", "replicasets/nginx-7c5ddbdf54");
    assert_eq!(
        rs.component,
        Component::ControllerManager(Controller::Account("deployment-controller".into()))
    );
    // The three pods by generateName take their names from the scheduler's bindings, in order.
    let pods: Vec<(String, NameSource)> = trace
        .rows
        .iter()
        .filter(|r| r.verb == "create" && r.resource == "pods" && r.subresource.is_empty())
        .map(|r| (r.name.clone(), r.name_source))
        .collect();
    let names = ["nginx-7c5ddbdf54-2xqlv", "nginx-7c5ddbdf54-8kq4m", "nginx-7c5ddbdf54-tz9wd"];
    assert_eq!(pods, names.map(|n| (n.to_string(), NameSource::Later)));
    for name in names {
        assert_eq!(row(&trace, "create", &format!("pods/{name}/binding")).component, Component::Scheduler);
    }
    assert_eq!(
        row(&trace, "patch", "pods/nginx-7c5ddbdf54-8kq4m/status").component,
        Component::Kubelet("kind-worker2".into())
    );
    // The kube-controller-manager's lease: its own user, and a user agent that names no controller.
    let lease = row(&trace, "update", "leases/kube-controller-manager");
    assert_eq!(lease.component, Component::ControllerManager(Controller::Unknown));
    // Items only where recorded: the RequestResponse List of pods holds three.
    assert_eq!(row(&trace, "list", "pods").items, Tally::Counted(3));
    assert_eq!(row(&trace, "get", "deployments/nginx").items, Tally::NotRecorded);
}

#[test]
fn a_watch_is_drawn_from_response_started_to_response_complete() {
    let trace = read("nginx-apply.jsonl");
    let watch = row(&trace, "watch", "deployments");
    let span = watch.watch.expect("a span");
    let start = trace.rows[0].received;
    assert_eq!(
        (span.started.map(|t| t - start), span.ended.map(|t| t - start)),
        (Some(311_000), Some(1_642_700))
    );
    assert_eq!((watch.stage, watch.items), (Stage::ResponseComplete, Tally::NotRecorded));
}

#[test]
fn leases_and_events_are_background_and_the_journey_comes_first() {
    let trace = read("nginx-apply.jsonl");
    let background: Vec<String> =
        trace.rows.iter().filter(|r| r.background.is_some()).map(RequestRow::key).collect();
    assert_eq!(background.len(), 13);
    assert_eq!(background.iter().filter(|k| k.starts_with("leases/")).count(), 6);
    assert_eq!(background.iter().filter(|k| k.starts_with("events/")).count(), 7);
    let text = render(&trace);
    let journey = text.find("the request's journey").expect("journey");
    assert!(journey < text.find("background: leases, events and heartbeats").expect("background"));
    let writes: u64 = trace.rows.iter().map(|r| if let Tally::Counted(n) = r.writes { n } else { 0 }).sum();
    assert_eq!(writes, 15 + 11);
}

#[test]
fn heartbeats_read_to_their_golden_trace() {
    support::golden("audit", "heartbeats", &render(&read("heartbeats.jsonl")));
}

#[test]
fn leases_events_node_status_and_health_checks_are_counted_kind_by_kind() {
    let trace = read("heartbeats.jsonl");
    let counts = BackgroundCounts::of(&trace.rows);
    let kind = |k| counts.kind(k);
    // The kubelet's lease (a get and an update) and its own node's status; two event writes (core
    // and events.k8s.io); three health endpoints, and not `/healthzfoo`.
    assert_eq!(kind(Background::Lease), KindCount { requests: 2, writes: 1 });
    assert_eq!(kind(Background::Event), KindCount { requests: 2, writes: 2 });
    assert_eq!(kind(Background::NodeStatus), KindCount { requests: 1, writes: 1 });
    assert_eq!(kind(Background::Health), KindCount { requests: 3, writes: 0 });
    assert_eq!(counts.background(), KindCount { requests: 8, writes: 4 });
    // The journey: the scale, the ReplicaSet's update, two pods, a binding, a status patch; a
    // refused patch of another node's status, the events listed, a lease of another group, the
    // path that only looks like a health check.
    assert_eq!(counts.journey, KindCount { requests: 10, writes: 6 });
    assert_eq!(counts.journey.requests + counts.background().requests, trace.rows.len() as u64);
    let other_node = row(&trace, "patch", "nodes/kind-worker2/status");
    assert_eq!((other_node.background, other_node.code), (None, Some(403)));
    assert_eq!(row(&trace, "list", "events").background, None);
    assert_eq!(row(&trace, "get", "/healthzfoo").background, None);
    assert_eq!(row(&trace, "get", "/readyz").background, Some(Background::Health));
    assert_eq!(
        counts.summary(),
        "leases 2 (1 write), events 2 (2 writes), node status 1 (1 write), health checks 3"
    );
    // The nginx apply's background: its leases and its events.
    let nginx = BackgroundCounts::of(&read("nginx-apply.jsonl").rows);
    assert_eq!(nginx.summary(), "leases 6 (4 writes), events 7 (7 writes), node status 0, health checks 0");
}

#[test]
fn each_bad_line_is_named_by_its_number_and_the_rest_loads() {
    let trace = read("hostile.jsonl");
    let lines: Vec<u64> = trace.problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [3, 4, 5, 6, 7, 14, 16, 17, 19, 23, 24, 25]);
    let kind = |line: u64| &trace.problems.iter().find(|p| p.line == line).expect("named").kind;
    assert_eq!(*kind(3), LineErrorKind::Truncated);
    assert_eq!(*kind(4), LineErrorKind::NotJson { column: 1 });
    assert!(matches!(kind(7), LineErrorKind::NotAnEvent(m) if m.contains("ResponseAborted")));
    assert_eq!(*kind(14), LineErrorKind::UnsupportedVersion("audit.k8s.io/v1alpha1".into()));
    assert_eq!(*kind(17), LineErrorKind::NotUtf8);
    assert_eq!(*kind(25), LineErrorKind::Truncated);
    assert_eq!((trace.progress.lines, trace.progress.events, trace.progress.problems), (25, 12, 12));
    // Unknown fields are ignored; a CRLF line reads; a panic is a failure.
    assert_eq!(row(&trace, "update", "leases/kind-worker").code, Some(200));
    assert_eq!(row(&trace, "get", "configmaps/kube-root-ca.crt").code, Some(200));
    let panic = row(&trace, "get", "pods/web-1/log");
    assert!(panic.failed() && panic.stage == Stage::Panic);
}

#[test]
fn duplicate_stages_are_counted_once() {
    let trace = read("hostile.jsonl");
    assert_eq!(trace.progress.duplicates, 2); // a second ResponseStarted of a watch, a repeated line
    assert_eq!(trace.rows.iter().filter(|r| r.verb == "list").count(), 1);
    let watch = row(&trace, "watch", "pods");
    assert_eq!(watch.watch.map(|w| (w.started.is_some(), w.ended.is_some())), Some((true, true)));
}

#[test]
fn a_v1beta1_line_reads_by_its_timestamp() {
    let trace = read("hostile.jsonl");
    let old = row(&trace, "delete", "roles/reader");
    assert_eq!(old.received - trace.rows[0].received, 1_000_000);
    assert_eq!(
        (old.component.clone(), old.writes),
        (Component::Client("system:admin".into()), Tally::Counted(1))
    );
}

#[test]
fn a_secrets_body_is_never_shown_unless_asked() {
    let secret = |show_secrets| {
        let trace =
            read_log(&fixture("hostile.jsonl"), ReadOptions { show_secrets, ..ReadOptions::default() });
        row(&trace, "create", "secrets/db-password").request_object.clone()
    };
    assert_eq!(secret(false), Body::Redacted);
    assert!(matches!(secret(true), Body::Json(j) if j.contains("aHVudGVyMg==")));
    // Other bodies are shown as recorded.
    let trace = read("nginx-apply.jsonl");
    let event = row(&trace, "create", "events/nginx.187d2c1f0a3b4c5d");
    assert!(matches!(&event.request_object, Body::Json(j) if j.contains("ScalingReplicaSet")));
    assert_eq!(row(&trace, "create", "deployments/nginx").request_object, Body::NotRecorded);
}

#[test]
fn chunks_cut_anywhere_give_the_same_trace() {
    for name in ["hostile.jsonl", "nginx-apply.jsonl"] {
        let log = fixture(name);
        let whole = read_log(&log, ReadOptions::default());
        let step = if log.len() > 20_000 { 211 } else { 11 }; // primes: cuts fall everywhere in a line
        for cut in (0..=log.len()).step_by(step) {
            let mut reader = cplab::kube::audit::AuditReader::new(ReadOptions::default());
            for part in [&log[..cut], &log[cut..]] {
                reader.push(part).expect("within limits");
            }
            assert_eq!(reader.finish(), whole, "{name} cut at {cut}");
        }
        let mut reader = cplab::kube::audit::AuditReader::new(ReadOptions::default());
        for byte in log.chunks(1) {
            reader.push(byte).expect("within limits");
        }
        assert_eq!(reader.finish(), whole, "{name} a byte at a time");
    }
}

#[test]
fn events_in_memory_give_the_rows_a_log_of_them_gives() {
    let log = fixture("nginx-apply.jsonl");
    let (events, problems) = parse_events(std::str::from_utf8(&log).expect("text"));
    assert!(problems.is_empty());
    assert_eq!(rows_of_events(&events, false), read_log(&log, ReadOptions::default()).rows);
}

/// The events of a fixture (a non-UTF-8 line read lossily: it is no event either way).
fn events(name: &str) -> Vec<cplab::kube::audit::AuditEvent> {
    parse_events(&String::from_utf8_lossy(&fixture(name))).0
}

fn at(level: Level) -> WriteOptions {
    WriteOptions { level, ..WriteOptions::default() }
}

#[test]
fn written_at_request_response_then_read_gives_the_same_trace() {
    for name in ["nginx-apply.jsonl", "names-and-writes.jsonl", "hostile.jsonl"] {
        let events = events(name);
        let original = rows_of_events(&events, false);
        // With the Secret's bodies too (left out by default), so nothing is dropped.
        let everything = WriteOptions { level: Level::RequestResponse, secret_bodies: true };
        let log = write_log(&events, everything).expect("writes");
        let mut back = read_log(log.as_bytes(), ReadOptions::default());
        assert!(back.problems.is_empty(), "{name}: {:?}", back.problems);
        // The rows are the same but for the level each line now says.
        for (row, was) in back.rows.iter_mut().zip(&original) {
            row.level = was.level;
        }
        assert_eq!(back.rows, original, "{name}");
    }
}

#[test]
fn written_at_metadata_keeps_every_row_but_the_bodies_and_what_they_held() {
    let events = events("nginx-apply.jsonl");
    let original = rows_of_events(&events, false);
    let log = write_log(&events, WriteOptions::default()).expect("writes");
    assert!(!log.contains("requestObject") && !log.contains("responseObject"));
    let back = read_log(log.as_bytes(), ReadOptions::default());
    assert_eq!(back.rows.len(), original.len());
    for (row, was) in back.rows.iter().zip(&original) {
        assert_eq!(
            (row.key(), row.code, row.writes, &row.component),
            (was.key(), was.code, was.writes, &was.component)
        );
        assert_eq!((row.level, &row.request_object), (Level::Metadata, &Body::NotRecorded));
        // The one List with its items recorded is no longer counted: not recorded, never guessed.
        let items = if was.verb == "list" { Tally::NotRecorded } else { was.items };
        assert_eq!(row.items, items, "{}", was.key());
    }
}

#[test]
fn written_lines_carry_only_the_fields_of_types_go() {
    // kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/apis/audit/v1/types.go, `Event`.
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
    const ALWAYS: [&str; 10] = [
        "kind",
        "apiVersion",
        "level",
        "auditID",
        "stage",
        "requestURI",
        "verb",
        "user",
        "requestReceivedTimestamp",
        "stageTimestamp",
    ];
    let log = write_log(&events("hostile.jsonl"), at(Level::RequestResponse)).expect("writes");
    for line in log.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let object = value.as_object().expect("an object");
        assert!(object.keys().all(|k| FIELDS.contains(&k.as_str())), "{line}");
        assert!(
            ALWAYS.iter().all(|k| object.contains_key(*k)) || !object.contains_key("stageTimestamp"),
            "{line}"
        );
        assert_eq!(
            (object["kind"].as_str(), object["apiVersion"].as_str()),
            (Some("Event"), Some("audit.k8s.io/v1"))
        );
    }
    // A Secret's bodies are left out unless asked for.
    assert!(!log.contains("aHVudGVyMg=="));
    let with = write_log(
        &events("hostile.jsonl"),
        WriteOptions { level: Level::RequestResponse, secret_bodies: true },
    );
    assert!(with.expect("writes").contains("aHVudGVyMg=="));
    assert_eq!(write_log(&[], at(Level::None)), Err(cplab::kube::audit::WriteError::LevelNone));
}

#[test]
fn cplab_kube_audit_prints_each_fixtures_golden_trace() {
    for name in ["nginx-apply", "hostile", "names-and-writes", "heartbeats"] {
        let path = support::root().join(format!("tests/fixtures/audit/{name}.jsonl"));
        let out = support::cplab(&["kube", "audit", path.to_str().expect("a path")], "");
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        support::golden("audit", name, &String::from_utf8_lossy(&out.stdout));
    }
    // Standard input too; a file that is not there fails with its name (exit 1).
    let text = String::from_utf8(fixture("nginx-apply.jsonl")).expect("text");
    let out = support::cplab(&["kube", "audit", "-"], &text);
    support::golden("audit", "nginx-apply", &String::from_utf8_lossy(&out.stdout));
    let out = support::cplab(&["kube", "audit", "no-such.log"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("cplab: no-such.log: "));
}
