//! The blast radius of each part down, as the overview states it, worked out from the runs:
//! each fault's row of the real control plane's failure matrix, and kubectl's failures in its
//! own words.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::blast::{blast_row, blast_table, BlastRow};
use cplab::kube::render::{events_table, kubectl_errors, pods_table};
use cplab::kube::scenario::{Apply, Fault};
use cplab::kube::{simulate, Run, Scenario};

/// `kubectl create deployment web --image=nginx --replicas=3 --dry-run=client -o yaml`.
const DEPLOY: &str = include_str!("kube/deploy.yaml");
/// `deploy.yaml` (3 replicas) then `service.yaml`, `---` separated.
const WEB: &str = include_str!("kube/web.yaml");
/// The same Deployment with 5 replicas (`kubectl create deployment ... --replicas=5`).
const SCALE: &str = include_str!("kube/scale.yaml");

/// web.yaml applied at 0 s with `part` down at `at` seconds; the scale to 5 applied at 20 s
/// shows whether new writes still land.
fn with_down(part: &str, at: f64) -> Run {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.apply.push(Apply {
        at: 20.0,
        file: "scale.yaml".into(),
        manifests: Some(SCALE.into()),
        validate: true,
    });
    scenario.faults.push(Fault { part: part.into(), down: at, up: None });
    simulate(&scenario).expect("runs")
}

fn row(part: &str, at: f64) -> BlastRow {
    blast_row(&with_down(part, at))
}

#[test]
fn the_blast_radius_table() {
    let rows: Vec<BlastRow> = [
        ("kube-apiserver", 10.0),
        ("etcd", 0.0),
        ("etcd", 2.0),
        ("kube-scheduler", 0.0),
        ("kubelet/node-2", 0.0),
        ("kube-controller-manager", 0.0),
    ]
    .iter()
    .map(|(p, at)| row(p, *at))
    .collect();
    let want = "\
DOWN                      KUBECTL   DEPLOY   RS    PODS   BOUND   REPORTED   RUNNING   ENDPOINTS   ROUTING   WRITES*   WATCH*   BLAST RADIUS
kube-apiserver@10s        fails     1        1     3      3       3          3         3           3         0         0        kubectl apply fails; no write reaches etcd; no watch event; 3 pods run
etcd                      fails     0        0     0      0       0          0         0           0         0         0        kubectl apply fails; no write reaches etcd; no watch event
etcd@2s                   fails     1        1     3      3       0          3         0           0         0         0        kubectl apply fails; no write reaches etcd; no watch event; 3 pods bound, never reported Running; 3 pods run
kube-scheduler            ok        1        1     5      0       0          0         0           0         22        38       5 pods wait Pending, unscheduled
kubelet/node-2            ok        1        1     5      5       3          3         3           3         56        109      2 pods bound, never reported Running; 3 pods run
kube-controller-manager   ok        1        0     0      0       0          0         0           0         3         6        the Deployment is stored, nothing acts on it
* while a part was down
";
    assert_eq!(blast_table(&rows), want);
}

#[test]
fn kube_apiserver_down_kubectl_cannot_even_validate_and_running_pods_keep_working() {
    let run = with_down("kube-apiserver", 10.0);
    assert_eq!(
        kubectl_errors(&run),
        "error: error validating \"scale.yaml\": error validating data: failed to download openapi: Get \"https://127.0.0.1:6443/openapi/v2?timeout=32s\": dial tcp 127.0.0.1:6443: connect: connection refused; if you choose to ignore these errors, turn validation off with --validate=false\n"
    );
    assert_eq!((run.exit_code, run.world.running_pods(), run.world.nodes_routing()), (1, 3, 3));
    // With --validate=false kubectl gets as far as its GET.
    let mut scenario = Scenario::for_file("deploy.yaml", DEPLOY);
    scenario.apply[0].validate = false;
    scenario.faults.push(Fault { part: "kube-apiserver".into(), down: 0.0, up: None });
    let run = simulate(&scenario).expect("runs");
    assert_eq!(
        kubectl_errors(&run),
        "The connection to the server 127.0.0.1:6443 was refused - did you specify the right host or port?\n"
    );
}

#[test]
fn etcd_down_the_create_fails_after_etcds_7_second_request_timeout() {
    let run = with_down("etcd", 0.0);
    let errors = kubectl_errors(&run);
    assert_eq!(
        errors.lines().next(),
        Some("Error from server: error when creating \"web.yaml\": etcdserver: request timed out")
    );
    let first = &run.kubectl[0];
    assert_eq!((first.at_ms, first.error), (7_002, true), "2 ms to the create, then the 7 s timeout");
    let create =
        run.trace.iter().find_map(|t| t.request.as_ref().filter(|r| r.verb == "create")).expect("a create");
    assert_eq!((create.code, create.completed_ms - create.received_ms), (500, 7_000));
    assert_eq!(run.ledger.revision, 3, "only the Nodes written before the run");
}

#[test]
fn kube_scheduler_down_new_pods_wait_pending() {
    let run = with_down("kube-scheduler", 0.0);
    let table = pods_table(&run);
    assert_eq!(table.lines().count(), 6);
    assert!(
        table
            .lines()
            .skip(1)
            .all(|l| l.contains("   0/1     Pending   0 ") && l.contains("<none>   <none>   <none>")),
        "{table}"
    );
}

#[test]
fn kube_controller_manager_down_the_deployment_is_stored_and_nothing_acts() {
    let run = with_down("kube-controller-manager", 0.0);
    assert_eq!(events_table(&run), "No resources found in default namespace.\n");
    assert!(run.ledger.get("/registry/deployments/default/web").is_some());
    assert_eq!(run.world.running_pods(), 0);
}

#[test]
fn a_kubelet_down_its_node_stops_reporting() {
    let run = with_down("kubelet/node-2", 0.0);
    for line in pods_table(&run).lines().filter(|l| l.contains("node-2")) {
        assert!(line.contains("0/1     Pending"), "{line}");
    }
    assert!(run.world.nodes["node-2"].pods.is_empty());
    assert!(!run.trace.iter().any(|t| t.component == "kubelet/node-2" && t.verb != "DOWN"));
}

#[test]
fn parts_back_finish_the_job() {
    for part in ["kube-scheduler", "kube-controller-manager", "kubelet/node-2", "etcd", "kube-apiserver"] {
        let mut scenario = Scenario::for_file("web.yaml", WEB);
        scenario.apply.push(Apply {
            at: 20.0,
            file: "scale.yaml".into(),
            manifests: Some(SCALE.into()),
            validate: true,
        });
        scenario.faults.push(Fault { part: part.into(), down: 10.0, up: Some(30.0) });
        let run = simulate(&scenario).expect("runs");
        let r = blast_row(&run);
        // Down from 10 s to 30 s, the scale at 20 s fails or waits; at the end 5 pods run only
        // when kubectl's request got through (not for kube-apiserver or etcd down at 20 s).
        let expected = if part == "etcd" || part == "kube-apiserver" { 3 } else { 5 };
        assert_eq!(
            (r.running, r.reported_running, r.ready_endpoints),
            (expected, expected, expected),
            "{part}: {r:?}"
        );
    }
}

#[test]
fn a_pod_that_fits_nowhere_fails_scheduling_and_waits() {
    // 7 pods asking 1 CPU each on three nodes of 2 CPUs: six fit, the seventh waits.
    let text = DEPLOY
        .replace("replicas: 3", "replicas: 7")
        .replace("resources: {}", "resources:\n          requests:\n            cpu: \"1\"");
    let run = simulate(&Scenario::for_file("deploy.yaml", &text)).expect("runs");
    let failed: Vec<_> =
        events_table(&run).lines().filter(|l| l.contains("FailedScheduling")).map(String::from).collect();
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(failed[0].ends_with(
        "0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."
    ));
    assert!(failed[0].starts_with("4s          Warning   FailedScheduling"), "{}", failed[0]);
    let r = blast_row(&run);
    assert_eq!((r.pods, r.bound, r.running), (7, 6, 6));
}
