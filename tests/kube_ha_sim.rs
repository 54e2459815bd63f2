//! Issue 31 in the simulation: each high-availability and node fault's blast row with the
//! seconds the run measured, the pods table while a node is silent and once its pods are
//! evicted, and the behaviour behind each row (writes waiting for etcd's election, failing
//! without a quorum, new pods waiting for the scheduler's Lease, clients moving to another
//! kube-apiserver). Exact text, as kubectl and `cplab kube -o blast` print it.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::blast::{blast_row, blast_table, BlastRow};
use cplab::kube::render::{events_table, kubectl_errors, pods_table};
use cplab::kube::scenario::{Apply, Fault};
use cplab::kube::{simulate, Run, Scenario};

const WEB: &str = include_str!("kube/web.yaml");
const SCALE: &str = include_str!("kube/scale.yaml");

/// web.yaml at 0 s and the scale to five at 20 s (tests/kube/scale20.yaml), with `setup`'s
/// members and replicas and `faults` (part, second).
fn scaled(setup: impl Fn(&mut Scenario), faults: &[(&str, f64)]) -> Run {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.apply.push(Apply {
        at: 20.0,
        file: "scale.yaml".into(),
        manifests: Some(SCALE.into()),
        validate: true,
    });
    setup(&mut scenario);
    for (part, at) in faults {
        scenario.faults.push(Fault { part: (*part).into(), down: *at, up: None });
    }
    simulate(&scenario).expect("runs")
}

/// web.yaml on the default cluster with the Lease side on and `part` down at 12 s, until
/// `until` seconds (or quiet).
fn node_fault(part: &str, until: Option<f64>) -> Run {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.leases = true;
    scenario.until = until;
    scenario.faults.push(Fault { part: part.into(), down: 12.0, up: None });
    simulate(&scenario).expect("runs")
}

fn etcd3(s: &mut Scenario) {
    s.etcd = 3;
}

fn seconds_of(run: &Run, component: &str, verb: &str) -> Vec<u64> {
    run.trace.iter().filter(|s| s.component == component && s.verb == verb).map(|s| s.at_ms).collect()
}

#[test]
fn the_high_availability_rows() {
    let rows: Vec<BlastRow> = vec![
        blast_row(&scaled(etcd3, &[("etcd/3", 20.0)])),
        blast_row(&scaled(etcd3, &[("etcd/1", 20.0)])),
        blast_row(&scaled(etcd3, &[("etcd/1", 20.0), ("etcd/2", 20.0)])),
        blast_row(&scaled(|s| s.replicas.kube_scheduler = 2, &[("kube-scheduler/1", 20.0)])),
        blast_row(&scaled(|s| s.replicas.kube_apiserver = 3, &[("kube-apiserver/2", 20.0)])),
    ];
    let want = "\
DOWN                     KUBECTL   DEPLOY   RS    PODS   BOUND   REPORTED   RUNNING   ENDPOINTS   ROUTING   WRITES*   WATCH*   KNOWS   PAUSE        TRAFFIC STOPS   REPLACED   BLAST RADIUS
etcd/3@20s               ok        1        1     5      5       5          5         5           3         28        51       never   -            never           -          5 pods run
etcd/1@20s               ok        1        1     5      5       5          5         5           3         28        51       1s      1.5s         never           -          5 pods run
etcd/1@20s, etcd/2@20s   fails     1        1     3      3       3          3         3           3         0         0        1s      to the end   never           -          kubectl apply fails; no write reaches etcd; no watch event; 3 pods run
kube-scheduler/1@20s     ok        1        1     5      5       5          5         5           3         28        49       14s     14s          never           -          5 pods run
kube-apiserver/2@20s     ok        1        1     5      5       5          5         5           3         28        51       0s      -            never           -          5 pods run
* while a part was down
KNOWS, TRAFFIC STOPS, REPLACED: seconds after the fault until the cluster knows (how long it believed the old fact), until kube-proxy stops routing to the node's pods, until their replacements run; PAUSE: how long writes, new pods or the controllers waited
";
    assert_eq!(blast_table(&rows), want);
}

#[test]
fn the_node_rows() {
    let rows: Vec<BlastRow> = ["kubelet/node-2", "runtime/node-2", "kube-proxy/node-2", "node/node-2"]
        .iter()
        .map(|p| blast_row(&node_fault(p, None)))
        .collect();
    let want = "\
DOWN                    KUBECTL   DEPLOY   RS    PODS   BOUND   REPORTED   RUNNING   ENDPOINTS   ROUTING   WRITES*   WATCH*   KNOWS   PAUSE   TRAFFIC STOPS   REPLACED   BLAST RADIUS
kubelet/node-2@12s      ok        1        1     4      4       4          4         3           3         24        50       53s     -       53.01s          357.625s   1 pod Terminating (its kubelet never confirms); 4 pods run
runtime/node-2@12s      ok        1        1     4      4       4          4         3           3         24        55       28s     -       28.01s          332.625s   1 pod Terminating (its kubelet never confirms); 4 pods run
kube-proxy/node-2@12s   ok        1        1     3      3       3          3         3           3         0         0        never   -       never           -          no write reaches etcd; no watch event; 3 pods run
node/node-2@12s         ok        1        1     4      4       4          3         3           2         24        45       53s     -       53.01s          357.625s   1 pod Terminating (its kubelet never confirms); 1 pod believed Running, not running; 3 pods run
* while a part was down
KNOWS, TRAFFIC STOPS, REPLACED: seconds after the fault until the cluster knows (how long it believed the old fact), until kube-proxy stops routing to the node's pods, until their replacements run; PAUSE: how long writes, new pods or the controllers waited
";
    assert_eq!(blast_table(&rows), want);
}

#[test]
fn while_a_node_is_silent_kubectl_shows_its_pod_running_then_terminating() {
    // 120 s: NotReady since 65 s (its pod's Ready condition False, its endpoint not ready),
    // yet READY counts container statuses, which only the silent kubelet writes.
    let silent = node_fault("node/node-2", Some(120.0));
    let want = "\
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES
web-6df86f78c7-8dc56   1/1     Running   0          2m    10.244.3.2   node-3   <none>           <none>
web-6df86f78c7-b2pxz   1/1     Running   0          2m    10.244.2.2   node-2   <none>           <none>
web-6df86f78c7-mqbzj   1/1     Running   0          2m    10.244.1.2   node-1   <none>           <none>
";
    assert_eq!(pods_table(&silent), want);
    let evicted = node_fault("node/node-2", None);
    let want = "\
NAME                   READY   STATUS        RESTARTS   AGE    IP           NODE     NOMINATED NODE   READINESS GATES
web-6df86f78c7-8dc56   1/1     Running       0          6m9s   10.244.3.2   node-3   <none>           <none>
web-6df86f78c7-b2pxz   1/1     Terminating   0          6m9s   10.244.2.2   node-2   <none>           <none>
web-6df86f78c7-mqbzj   1/1     Running       0          6m9s   10.244.1.2   node-1   <none>           <none>
web-6df86f78c7-x5r2z   1/1     Running       0          4s     10.244.1.3   node-1   <none>           <none>
";
    assert_eq!(pods_table(&evicted), want);
    let events = events_table(&evicted);
    for line in [
        "5m4s        Normal    NodeNotReady           node/node-2                 Node node-2 status is now: NodeNotReady",
        "5m4s        Warning   NodeNotReady           pod/web-6df86f78c7-b2pxz    Node is not ready",
        "4s          Normal    TaintManagerEviction   pod/web-6df86f78c7-b2pxz    Marking for deletion Pod default/web-6df86f78c7-b2pxz",
        "4s          Normal    SuccessfulCreate       replicaset/web-6df86f78c7   Created pod: web-6df86f78c7-x5r2z",
    ] {
        assert!(events.lines().any(|l| l == line), "{line}\n{events}");
    }
}

#[test]
fn a_silent_node_is_not_ready_tainted_its_endpoint_not_ready_then_its_pod_evicted_and_replaced() {
    use cplab::kube::objects::Object;
    let run = node_fault("node/node-2", Some(120.0));
    let Some(Object::Node(node)) = run.ledger.get("/registry/minions/node-2") else { panic!("node-2") };
    assert_eq!(node.ready, "Unknown");
    assert_eq!(
        node.taints,
        ["node.kubernetes.io/unreachable:NoSchedule", "node.kubernetes.io/unreachable:NoExecute"]
    );
    let slice = run.ledger.objects.values().find_map(|o| match o {
        Object::EndpointSlice(s) => Some(s.clone()),
        _ => None,
    });
    let endpoints: Vec<(String, bool)> =
        slice.expect("a slice").endpoints.iter().map(|e| (e.node.clone(), e.ready)).collect();
    assert_eq!(endpoints, [("node-3".into(), true), ("node-2".into(), false), ("node-1".into(), true)]);
    // Ready=Unknown at the first check after the last renewal (10 s) + 50 s: 65 s; the taint at the
    // next tainting pass; the eviction 300 s later; the replacement bound elsewhere.
    assert_eq!(seconds_of(&run, "kube-controller-manager/node-lifecycle", "NOT READY"), [65_000]);
    assert_eq!(seconds_of(&run, "kube-controller-manager/node-lifecycle", "TAINT"), [65_100]);
    let run = node_fault("node/node-2", None);
    assert_eq!(seconds_of(&run, "kube-controller-manager/taint-eviction", "EVICT"), [365_100]);
    let bound: Vec<&str> = run
        .trace
        .iter()
        .filter(|s| s.verb == "score" && s.at_ms > 365_100)
        .map(|s| s.note.as_str())
        .collect();
    assert_eq!(bound, ["node-1 90, node-3 90; chose node-1"], "node-2, tainted NoSchedule, is filtered out");
}

#[test]
fn etcd_writes_wait_for_a_new_leader_and_fail_without_a_quorum() {
    let run = scaled(etcd3, &[("etcd/1", 20.0)]);
    let patched = run.kubectl.iter().find(|l| l.apply == 1).expect("kubectl's line");
    assert_eq!((patched.at_ms, patched.text.as_str()), (21_502, "deployment.apps/web configured"));
    assert_eq!(seconds_of(&run, "etcd/2", "LEADER"), [21_500], "NEW_LEADER_MS = 1500 after the crash");
    let run = scaled(etcd3, &[("etcd/1", 20.0), ("etcd/2", 20.0)]);
    assert_eq!(
        kubectl_errors(&run),
        "Error from server: error when creating \"scale.yaml\": etcdserver: request timed out\n"
    );
    let failed = run.trace.iter().filter_map(|s| s.request.as_ref()).find(|r| r.code == 500).expect("a 500");
    assert_eq!((failed.received_ms, failed.completed_ms), (20_002, 27_002));
    assert_eq!(run.world.running_pods(), 3, "running pods keep running");
    // Without etcd the leaders cannot renew: after RenewDeadline (10 s) they stop leading.
    assert_eq!(seconds_of(&run, "kube-scheduler", "NO LEADER"), [30_000]);
    assert_eq!(seconds_of(&run, "kube-controller-manager", "NO LEADER"), [30_000]);
}

#[test]
fn new_pods_wait_for_the_standby_to_take_the_schedulers_lease_over() {
    let run = scaled(|s| s.replicas.kube_scheduler = 2, &[("kube-scheduler/1", 20.0)]);
    assert_eq!(seconds_of(&run, "kube-scheduler", "NO LEADER"), [20_000]);
    assert_eq!(
        seconds_of(&run, "kube-scheduler/2", "LEADER"),
        [34_000],
        "last renewal 18 s + 15 s, next try 34 s"
    );
    let binds: Vec<u64> = run
        .trace
        .iter()
        .filter(|s| s.verb == "create" && s.key.ends_with("/binding") && s.at_ms > 20_000)
        .map(|s| s.at_ms)
        .collect();
    assert_eq!(binds.len(), 2);
    assert!(binds.iter().all(|at| *at >= 34_000), "{binds:?}");
}

#[test]
fn one_apiserver_of_three_down_its_clients_watch_through_another() {
    let run = scaled(|s| s.replicas.kube_apiserver = 3, &[("kube-apiserver/2", 20.0)]);
    let moved: Vec<&str> =
        run.trace.iter().filter(|s| s.note.starts_with("moved to ")).map(|s| s.note.as_str()).collect();
    assert!(
        !moved.is_empty()
            && moved.iter().all(|n| n.starts_with("moved to kube-apiserver/3: resumed from revision ")),
        "{moved:?}"
    );
    assert_eq!(run.exit_code, 0);
    assert!(!run.trace.iter().any(|s| s.component == "kube-apiserver" && s.verb == "DOWN"));
}

#[test]
fn lease_renewals_are_etcd_writes_but_do_not_keep_a_quiet_run_going() {
    let plain = simulate(&Scenario::for_file("web.yaml", WEB)).expect("runs");
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.leases = true;
    let leased = simulate(&scenario).expect("runs");
    assert_eq!(leased.end_ms, plain.end_ms, "quiet at the same moment");
    let renewals =
        leased.trace.iter().filter(|s| s.verb == "renew lease" || s.verb == "acquire lease").count() as u64;
    assert_eq!(leased.totals.writes, plain.totals.writes + renewals);
    // Quiet at 4.5 s: each leader acquires and renews at 0 s, renews at 2 s and 4 s; each of
    // the 3 kubelets renews its node Lease at 0 s.
    assert_eq!(plain.end_ms / 1000, 4);
    assert_eq!(renewals, 2 * 4 + 3);
    assert_eq!(plain.trace.iter().filter(|s| s.key.starts_with("/registry/leases/")).count(), 0);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let json = |run: &Run| serde_json::to_string(run).expect("JSON");
    let a = scaled(etcd3, &[("etcd/1", 20.0), ("etcd/2", 20.0)]);
    let b = scaled(etcd3, &[("etcd/1", 20.0), ("etcd/2", 20.0)]);
    assert_eq!(json(&a), json(&b));
    assert_eq!(json(&node_fault("node/node-2", None)), json(&node_fault("node/node-2", None)));
}

#[test]
fn a_write_once_the_members_know_they_have_no_leader_fails_with_the_deadlines_error() {
    // The majority lost at 15 s: by 16 s the survivor knows it has no leader (an election
    // timeout), so the scale's patch at 20 s never enters raft; etcd 3.4 answers the request's
    // own deadline as gRPC code Unknown, which kube-apiserver passes on as the 500's message.
    let run = scaled(etcd3, &[("etcd/1", 15.0), ("etcd/2", 15.0)]);
    assert_eq!(
        kubectl_errors(&run),
        "Error from server: error when creating \"scale.yaml\": rpc error: code = Unknown desc = context deadline exceeded\n"
    );
    let failed = run.trace.iter().find(|s| s.request.as_ref().is_some_and(|r| r.code == 500)).expect("a 500");
    assert_eq!(
        (failed.at_ms, failed.note.as_str()),
        (20_002, "500: rpc error: code = Unknown desc = context deadline exceeded (after 7 s)")
    );
}
