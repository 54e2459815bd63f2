//! Issue 31: a node's way back after its eviction (`kube::node_return`, `--down
//! node/NODE@S-E`): the kubelet renews its Lease and posts Ready=True, the node lifecycle
//! controller removes the taints, the evicted (Terminating) pod is deleted once its kubelet
//! confirms, and the ReplicaSet stays at its replicas. The timeline with its seconds, exact.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::blast::{blast_row, blast_table};
use cplab::kube::objects::Object;
use cplab::kube::render::pods_table;
use cplab::kube::scenario::Fault;
use cplab::kube::{simulate, Run, Scenario};
use cplab::playback::kube_timeline::{timeline, timeline_text};

const WEB: &str = include_str!("kube/web.yaml");

/// web.yaml on the default cluster with the Lease side on, `part` down at 12 s and back at `up`.
fn back(part: &str, up: f64) -> Run {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.leases = true;
    scenario.faults.push(Fault { part: part.into(), down: 12.0, up: Some(up) });
    simulate(&scenario).expect("runs")
}

fn seconds_of(run: &Run, component: &str, verb: &str) -> Vec<u64> {
    run.trace.iter().filter(|s| s.component == component && s.verb == verb).map(|s| s.at_ms).collect()
}

fn nodes() -> Vec<String> {
    (1..=3).map(|i| format!("node-{i}")).collect()
}

#[test]
fn the_node_back_after_its_eviction_on_the_timeline() {
    let run = back("node/node-2", 400.0);
    let want = "\
etcd: 0s-400.01s etcd/1, quorum
Lease kube-system/kube-scheduler: 0s-400.01s held by kube-scheduler/1
Lease kube-system/kube-controller-manager: 0s-400.01s held by kube-controller-manager/1
node-1 Ready: 0s-400.01s True
node-2 Ready: 0s-65s True | 65s-400s Unknown | 400s-400.01s True
node-3 Ready: 0s-400.01s True
mark 65s node NotReady (node-2), cursor 377
mark 365.1s pods evicted (node-2), cursor 769
mark 369.625s replacements running (kubelet/node-1), cursor 824
mark 400s node back (node-2), cursor 914
";
    assert_eq!(timeline_text(&timeline(&run, &nodes())), want);
    // The kubelet renews its Lease again at once, then every 10 s on its ticks.
    let renewals: Vec<u64> =
        seconds_of(&run, "kubelet/node-2", "renew lease").into_iter().filter(|at| *at >= 10_000).collect();
    assert_eq!(renewals, [10_000, 400_000], "silent from 12 s; back at 400 s (the run ends at 400.01 s)");
    // Ready=True, the NoSchedule taint at once, the NoExecute taint at the monitoring pass (400 s
    // is one), the Terminating pod deleted by its kubelet.
    assert_eq!(seconds_of(&run, "kubelet/node-2", "READY"), [400_000]);
    assert_eq!(seconds_of(&run, "kube-controller-manager/node-lifecycle", "UNTAINT"), [400_000, 400_000]);
    assert_eq!(seconds_of(&run, "kubelet/node-2", "delete"), [400_000]);
    assert_eq!(seconds_of(&run, "etcd", "delete"), [400_000]);
    // Back at 403 s: the NoExecute taint waits for the pass at 405 s (every 5 s).
    let run = back("node/node-2", 403.0);
    assert_eq!(seconds_of(&run, "kube-controller-manager/node-lifecycle", "UNTAINT"), [403_000, 405_000]);
}

#[test]
fn afterwards_the_node_is_ready_untainted_and_the_replicaset_not_above_its_replicas() {
    let run = back("node/node-2", 400.0);
    let Some(Object::Node(node)) = run.ledger.get("/registry/minions/node-2") else { panic!("node-2") };
    assert_eq!((node.ready, node.taints.len()), ("True", 0));
    let Some(Object::ReplicaSet(rs)) = run.ledger.get("/registry/replicasets/default/web-6df86f78c7") else {
        panic!("the ReplicaSet")
    };
    assert_eq!((rs.replicas, rs.status_replicas), (3, 3));
    let creates = run
        .trace
        .iter()
        .filter(|s| {
            s.component.ends_with("/replicaset") && s.verb == "create" && s.key.starts_with("/registry/pods/")
        })
        .count();
    assert_eq!(creates, 4, "three, then one replacement; the deletion at 400 s creates none");
    let want = "\
NAME                   READY   STATUS    RESTARTS   AGE     IP           NODE     NOMINATED NODE   READINESS GATES
web-6df86f78c7-8dc56   1/1     Running   0          6m40s   10.244.3.2   node-3   <none>           <none>
web-6df86f78c7-mqbzj   1/1     Running   0          6m40s   10.244.1.2   node-1   <none>           <none>
web-6df86f78c7-x5r2z   1/1     Running   0          35s     10.244.1.3   node-1   <none>           <none>
";
    assert_eq!(pods_table(&run), want);
}

#[test]
fn the_return_rows() {
    let rows = vec![
        blast_row(&back("node/node-2", 400.0)),
        blast_row(&back("node/node-2", 100.0)),
        blast_row(&back("kubelet/node-2", 400.0)),
    ];
    let want = "\
DOWN                             KUBECTL   DEPLOY   RS    PODS   BOUND   REPORTED   RUNNING   ENDPOINTS   ROUTING   WRITES*   WATCH*   KNOWS   PAUSE   TRAFFIC STOPS   REPLACED   BLAST RADIUS
node/node-2@12s (back 400s)      ok        1        1     3      3       3          3         3           3         24        45       53s     -       53.01s          357.625s   3 pods run
node/node-2@12s (back 100s)      ok        1        1     3      3       3          3         3           3         9         16       53s     -       53.01s          -          3 pods run
kubelet/node-2@12s (back 400s)   ok        1        1     3      3       3          3         3           3         24        50       53s     -       53.01s          357.625s   3 pods run
* while a part was down
KNOWS, TRAFFIC STOPS, REPLACED: seconds after the fault until the cluster knows (how long it believed the old fact), until kube-proxy stops routing to the node's pods, until their replacements run; PAUSE: how long writes, new pods or the controllers waited
";
    assert_eq!(blast_table(&rows), want);
}

#[test]
fn back_before_the_eviction_the_pod_starts_again_on_its_node_and_nothing_is_evicted() {
    let run = back("node/node-2", 100.0);
    assert!(seconds_of(&run, "kube-controller-manager/taint-eviction", "EVICT").is_empty());
    let want = "\
node-2 Ready: 0s-65s True | 65s-100s Unknown | 100s-";
    let text = timeline_text(&timeline(&run, &nodes()));
    assert!(text.lines().any(|l| l.starts_with(want)), "{text}");
    // Its container started again in a new sandbox: one restart, the old container ended when
    // the runtime came back with the node (kubectl's `1 (4s ago)`: kube::kubelet's started_again).
    let pods = pods_table(&run);
    assert!(
        pods.contains("web-6df86f78c7-b2pxz   1/1     Running   1 (4s ago)   104s   10.244.2.3   node-2"),
        "{pods}"
    );
    assert!(pods.contains("web-6df86f78c7-8dc56   1/1     Running   0            104s"), "{pods}");
}

#[test]
fn a_kubelet_back_kills_its_evicted_pods_containers_first() {
    let run = back("kubelet/node-2", 400.0);
    let stops: Vec<(u64, &str)> = run
        .trace
        .iter()
        .filter(|s| s.component == "runtime/node-2" && s.verb.starts_with("Stop"))
        .map(|s| (s.at_ms, s.verb))
        .collect();
    assert_eq!(stops, [(400_000, "StopContainer"), (400_000, "StopPodSandbox")]);
    assert_eq!(run.world.running_pods(), 3, "from 365.1 s to 400 s four ran; then three");
}
