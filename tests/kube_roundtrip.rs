//! The healthy round trip of `kubectl apply -f deploy.yaml` (3 replicas of nginx on node-1..3),
//! as exact output: kubectl's events and pods tables, the trace, and its counts.
#![cfg(not(target_arch = "wasm32"))] // native: reads golden files

mod support;

use cplab::kube::render::{events_table, pods_table, trace_table};
use cplab::kube::{simulate, Run, Scenario};
use std::collections::BTreeMap;

/// What `kubectl create deployment web --image=nginx --replicas=3 --dry-run=client -o yaml`
/// (kubectl v1.32.4) writes.
const DEPLOY: &str = include_str!("kube/deploy.yaml");

fn healthy() -> Run {
    simulate(&Scenario::for_file("deploy.yaml", DEPLOY)).expect("runs")
}

#[test]
fn the_events_read_as_kubectl_get_events_sorted_by_last_timestamp() {
    let want = "\
LAST SEEN   TYPE     REASON              OBJECT                      MESSAGE
4s          Normal   Scheduled           pod/web-6df86f78c7-6mqbz    Successfully assigned default/web-6df86f78c7-6mqbz to node-2
4s          Normal   Scheduled           pod/web-6df86f78c7-h8q24    Successfully assigned default/web-6df86f78c7-h8q24 to node-3
4s          Normal   Scheduled           pod/web-6df86f78c7-j8dc5    Successfully assigned default/web-6df86f78c7-j8dc5 to node-1
4s          Normal   Pulling             pod/web-6df86f78c7-6mqbz    Pulling image \"nginx\"
4s          Normal   Pulling             pod/web-6df86f78c7-h8q24    Pulling image \"nginx\"
4s          Normal   Pulling             pod/web-6df86f78c7-j8dc5    Pulling image \"nginx\"
4s          Normal   SuccessfulCreate    replicaset/web-6df86f78c7   Created pod: web-6df86f78c7-h8q24
4s          Normal   SuccessfulCreate    replicaset/web-6df86f78c7   Created pod: web-6df86f78c7-6mqbz
4s          Normal   SuccessfulCreate    replicaset/web-6df86f78c7   Created pod: web-6df86f78c7-j8dc5
4s          Normal   ScalingReplicaSet   deployment/web              Scaled up replica set web-6df86f78c7 from 0 to 3
0s          Normal   Pulled              pod/web-6df86f78c7-6mqbz    Successfully pulled image \"nginx\" in 4.1s (4.1s including waiting). Image size: 72000000 bytes.
0s          Normal   Created             pod/web-6df86f78c7-6mqbz    Created container: nginx
0s          Normal   Started             pod/web-6df86f78c7-6mqbz    Started container nginx
0s          Normal   Pulled              pod/web-6df86f78c7-h8q24    Successfully pulled image \"nginx\" in 4.1s (4.1s including waiting). Image size: 72000000 bytes.
0s          Normal   Created             pod/web-6df86f78c7-h8q24    Created container: nginx
0s          Normal   Started             pod/web-6df86f78c7-h8q24    Started container nginx
0s          Normal   Pulled              pod/web-6df86f78c7-j8dc5    Successfully pulled image \"nginx\" in 4.1s (4.1s including waiting). Image size: 72000000 bytes.
0s          Normal   Created             pod/web-6df86f78c7-j8dc5    Created container: nginx
0s          Normal   Started             pod/web-6df86f78c7-j8dc5    Started container nginx
";
    assert_eq!(events_table(&healthy()), want);
}

#[test]
fn the_pods_read_as_kubectl_get_pods_wide() {
    let want = "\
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES
web-6df86f78c7-6mqbz   1/1     Running   0          4s    10.244.2.2   node-2   <none>           <none>
web-6df86f78c7-h8q24   1/1     Running   0          4s    10.244.3.2   node-3   <none>           <none>
web-6df86f78c7-j8dc5   1/1     Running   0          4s    10.244.1.2   node-1   <none>           <none>
";
    assert_eq!(pods_table(&healthy()), want);
}

#[test]
fn the_trace_is_the_golden_one() {
    support::golden("kube", "roundtrip-trace", &trace_table(&healthy()));
}

#[test]
fn the_counts_reads_watch_events_writes_and_revision() {
    let run = healthy();
    let t = run.totals;
    // 3 Nodes before the run (revisions 1-3), then every write of the round trip.
    assert_eq!((t.reads, t.watch_events, t.writes, run.ledger.revision), (24, 66, 37, 40));
    assert_eq!(run.end_ms, 4_547);
    assert_eq!(run.exit_code, 0);
}

#[test]
fn the_six_steps_come_in_the_overviews_order() {
    let run = healthy();
    let first: Vec<u8> = (1..=6).filter(|s| run.trace.iter().any(|t| t.stage == *s)).collect();
    assert_eq!(first, [1, 2, 3, 4, 5, 6]);
    let starts: Vec<usize> = (1..=6).filter_map(|s| run.trace.iter().position(|t| t.stage == s)).collect();
    assert!(starts.windows(2).all(|w| w[0] < w[1]), "each step begins after the one before: {starts:?}");
    // Step 2 is the Deployment's way in: authn, authz, mutating then validating admission, etcd.
    let two: Vec<&str> = run.trace.iter().filter(|t| t.stage == 2).take(5).map(|t| t.verb).collect();
    assert_eq!(two, ["authenticate", "authorize", "admit (mutating)", "admit (validating)", "put"]);
}

#[test]
fn every_informer_lists_once_then_only_watches() {
    let run = healthy();
    let mut lists: BTreeMap<(String, String), usize> = BTreeMap::new();
    for step in run.trace.iter().filter(|t| t.verb == "LIST") {
        *lists.entry((step.component.clone(), step.key.clone())).or_default() += 1;
    }
    assert_eq!(
        lists.len(),
        29,
        "deployment 3, replicaset 2, endpointslice 4, scheduler 2, 3 kubelets x 3, 3 proxies x 3"
    );
    assert!(lists.values().all(|n| *n == 1));
    let watch_events = run.trace.iter().filter(|t| t.verb.starts_with("WATCH ")).count() as u64;
    assert_eq!(watch_events, run.totals.watch_events);
}

#[test]
fn the_pods_get_the_tolerations_admission_adds_and_the_world_runs_them() {
    let run = healthy();
    for pod in cplab::kube::render::pods(&run) {
        assert_eq!(
            pod.tolerations,
            [
                "node.kubernetes.io/not-ready:NoExecute for 300s",
                "node.kubernetes.io/unreachable:NoExecute for 300s"
            ]
        );
        assert_eq!(pod.meta.labels.get("pod-template-hash").map(String::as_str), Some("6df86f78c7"));
    }
    assert_eq!(run.world.running_pods(), 3);
    assert!(run.world.nodes.values().all(|n| n.images.contains("nginx")));
}

#[test]
fn each_request_carries_what_an_audit_event_needs() {
    let run = healthy();
    let requests: Vec<_> = run.trace.iter().filter_map(|t| t.request.as_ref()).collect();
    assert!(requests.iter().all(|r| r.received_ms <= r.completed_ms && !r.user.is_empty()));
    let binding = requests.iter().find(|r| r.subresource == Some("binding")).expect("a binding");
    assert_eq!(
        (binding.verb, binding.resource, binding.user.as_str(), binding.code),
        ("create", "pods", "system:kube-scheduler", 201)
    );
    let status =
        requests.iter().find(|r| r.subresource == Some("status") && r.user.starts_with("system:node:"));
    assert_eq!(status.map(|r| r.verb), Some("patch"));
}

#[test]
fn the_same_input_gives_the_same_run_byte_for_byte() {
    let json = |run: &Run| serde_json::to_string(run).expect("json");
    assert_eq!(json(&healthy()), json(&healthy()));
    let mut other = Scenario::for_file("deploy.yaml", DEPLOY);
    other.seed = 2;
    let names =
        |run: &Run| cplab::kube::render::pods(run).iter().map(|p| p.meta.name.clone()).collect::<Vec<_>>();
    assert_ne!(names(&simulate(&other).expect("runs")), names(&healthy()));
}
