//! Issue 31's etcd snapshot and restore in the simulation (`kube::restore`): `etcdctl snapshot
//! save` at a second, a restore from it later. Every write after the snapshot is gone from etcd
//! (what the cluster believes) while the containers keep running (what actually runs); the
//! restarted components reconcile: each kubelet kills, at its first housekeeping 2 s after its
//! restart, the pods etcd no longer holds. Exact text, as `cplab kube -o blast` and kubectl print
//! it.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::output::{printed, Output};
use cplab::kube::render::{events_table, pods_table};
use cplab::kube::restore::restore_table;
use cplab::kube::scenario::Apply;
use cplab::kube::{simulate, Run, Scenario};
use cplab::playback::kube_timeline::{timeline, timeline_text};

const WEB: &str = include_str!("kube/web.yaml");
const SCALE: &str = include_str!("kube/scale.yaml");

/// tests/kube/scale20.yaml (web.yaml at 0 s, the scale to five at 20 s), a snapshot at 10 s and
/// the restore at 40 s, the run ended at `until` if given.
fn scaled_then_restored(until: Option<f64>) -> Run {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.apply.push(Apply {
        at: 20.0,
        file: "scale.yaml".into(),
        manifests: Some(SCALE.into()),
        validate: true,
    });
    scenario.snapshot = Some(10.0);
    scenario.restore = Some(40.0);
    scenario.until = until;
    simulate(&scenario).expect("runs")
}

/// The steps from `from_ms` to `until_ms` but the watches and LISTs, one a line with the revision.
fn steps(run: &Run, from_ms: u64, until_ms: u64) -> String {
    run.trace
        .iter()
        .filter(|s| {
            (from_ms..until_ms).contains(&s.at_ms) && !s.verb.starts_with("WATCH") && s.verb != "LIST"
        })
        .map(|s| format!("{} {} {} rev {} {}\n", s.at_ms, s.component, s.verb, s.revision, s.note))
        .collect()
}

#[test]
fn the_scale_after_the_snapshot_is_lost_and_the_two_pods_it_made_are_killed() {
    let run = scaled_then_restored(None);
    let want = "\
SNAPSHOT   RESTORED   REVISION   LOST WRITES   GONE   REWOUND   BACK   BELIEVED PODS   RUNNING PODS   KILLED BY KUBELETS   RECONCILED
10s        40s        71 -> 43   28            2      3         0      3               5              2                    2s
GONE, REWOUND, BACK: objects (Events aside) created, changed, deleted after the snapshot; BELIEVED, RUNNING: pods etcd holds and pods that run, at the restore; RECONCILED: seconds after it until the last pod etcd forgot was killed
";
    let facts = run.restore.as_ref().expect("restored");
    assert_eq!(restore_table(facts), want);
    assert_eq!(facts.orphans, ["default/web-6df86f78c7-x5r2z", "default/web-6df86f78c7-6kmcs"]);
    // The Deployment is back to 3 replicas, as the snapshot holds it: kubectl's scale is gone.
    let Some(cplab::kube::objects::Object::Deployment(d)) =
        run.ledger.get("/registry/deployments/default/web")
    else {
        panic!("the Deployment")
    };
    assert_eq!(d.replicas, 3);
    assert_eq!(run.world.running_pods(), 3);
}

#[test]
fn the_restore_is_the_docs_procedure_then_each_kubelet_cleans_up() {
    let run = scaled_then_restored(None);
    let want = "\
40000 kube-apiserver STOP rev 71 stopped for the restore (every replica)
40000 etcdctl snapshot restore rev 43 snapshot.db of 10s: revision 43 again (it was 71); 28 writes after the snapshot are gone
40000 kube-apiserver START rev 43 started: its watch cache LISTs etcd at revision 43
40000 kube-controller-manager RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kube-scheduler RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kubelet/node-1 RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kube-proxy/node-1 RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kubelet/node-2 RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kube-proxy/node-2 RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kubelet/node-3 RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kube-proxy/node-3 RESTART rev 43 restarted after the restore, so that it relies on no stale data: it LISTs again
40000 kube-proxy/node-1 sync rules rev 43 10.104.19.4:80 -> 10.244.3.2:80, 10.244.2.2:80, 10.244.1.2:80
40000 kube-proxy/node-2 sync rules rev 43 10.104.19.4:80 -> 10.244.3.2:80, 10.244.2.2:80, 10.244.1.2:80
40000 kube-proxy/node-3 sync rules rev 43 10.104.19.4:80 -> 10.244.3.2:80, 10.244.2.2:80, 10.244.1.2:80
40000 kubelet/node-1 patch rev 43 
40000 etcd put rev 44 revision 44
40000 kubelet/node-2 patch rev 44 
40000 etcd put rev 45 revision 45
40000 kubelet/node-3 patch rev 45 
40000 etcd put rev 46 revision 46
";
    assert_eq!(steps(&run, 40_000, 40_001), want);
    let want = "\
42000 runtime/node-1 StopContainer rev 46 nginx: etcd holds no such pod (HandlePodCleanups)
42000 runtime/node-1 StopPodSandbox rev 46 
42000 runtime/node-2 StopContainer rev 46 nginx: etcd holds no such pod (HandlePodCleanups)
42000 runtime/node-2 StopPodSandbox rev 46 
";
    assert_eq!(steps(&run, 40_001, 60_000), want);
    // The informers saw revision 71 before; restarted, they watch from the restored 43.
    let watches: Vec<&str> = run
        .trace
        .iter()
        .filter(|s| s.at_ms == 40_000 && s.component == "kube-scheduler" && s.verb == "WATCH")
        .map(|s| s.note.as_str())
        .collect();
    assert_eq!(watches, ["from revision 43", "from revision 43"]);
    let snapshot = run.trace.iter().find(|s| s.verb == "snapshot save").expect("saved");
    assert_eq!((snapshot.at_ms, snapshot.note.as_str()), (10_000, "snapshot.db: revision 43, 29 keys"));
}

#[test]
fn between_the_restore_and_the_housekeeping_etcd_believes_three_pods_while_five_run() {
    let run = scaled_then_restored(Some(41.0));
    let want = "\
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES
web-6df86f78c7-8dc56   1/1     Running   0          41s   10.244.3.2   node-3   <none>           <none>
web-6df86f78c7-b2pxz   1/1     Running   0          41s   10.244.2.2   node-2   <none>           <none>
web-6df86f78c7-mqbzj   1/1     Running   0          41s   10.244.1.2   node-1   <none>           <none>
";
    assert_eq!(pods_table(&run), want);
    assert_eq!(run.world.running_pods(), 5, "the two pods of the lost scale still run");
    // kube-proxy already follows the restored EndpointSlice: the two run without traffic.
    let rules = &run.world.nodes["node-1"].rules["default/web"];
    assert_eq!(rules.matches("10.244.").count(), 3, "{rules}");
}

#[test]
fn a_snapshot_before_the_deployment_leaves_etcd_believing_nothing_runs_until_the_kubelets_clean_up() {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.apply[0].at = 15.0;
    scenario.snapshot = Some(10.0);
    scenario.restore = Some(40.0);
    let run = simulate(&scenario).expect("runs");
    let want = "\
SNAPSHOT   RESTORED   REVISION   LOST WRITES   GONE   REWOUND   BACK   BELIEVED PODS   RUNNING PODS   KILLED BY KUBELETS   RECONCILED
10s        40s        ";
    let table = restore_table(run.restore.as_ref().expect("restored"));
    assert!(table.starts_with(want), "{table}");
    let facts = run.restore.as_ref().expect("restored");
    assert_eq!((facts.snapshot_revision, facts.believed_pods, facts.running_pods), (3, 0, 3));
    assert_eq!(facts.orphans.len(), 3);
    assert_eq!(pods_table(&run), "No resources found in default namespace.\n");
    assert_eq!(run.world.running_pods(), 0);
}

#[test]
fn every_output_tells_the_same_restore() {
    let run = scaled_then_restored(None);
    let files = ["web.yaml".to_string(), "scale.yaml".to_string()];
    let events = events_table(&run);
    assert!(events.contains("Scaled up replica set web-6df86f78c7 from 0 to 3"), "{events}");
    assert!(!events.contains("from 3 to 5"), "the scale's event was written after the snapshot: {events}");
    let json: serde_json::Value =
        serde_json::from_str(&printed(&run, &files, Output::Json).stdout).expect("JSON");
    assert_eq!(json["run"]["restore"]["lost_writes"], 28);
    assert_eq!(json["run"]["restore"]["revision_before"], 71);
    assert_eq!(json["blast"]["pods"], 3);
    let blast = printed(&run, &files, Output::Blast).stdout;
    assert!(blast.contains("\nSNAPSHOT   RESTORED   REVISION   LOST WRITES"), "{blast}");
    let trace = printed(&run, &files, Output::Trace).stdout;
    assert!(trace
        .lines()
        .any(|l| l.contains(" etcdctl ") && l.contains("28 writes after the snapshot are gone")));
}

#[test]
fn the_timeline_marks_the_snapshot_and_the_restore() {
    let run = scaled_then_restored(None);
    let nodes: Vec<String> = (1..=3).map(|i| format!("node-{i}")).collect();
    let want = "\
etcd: 0s-42s etcd/1, quorum
node-1 Ready: 0s-42s True
node-2 Ready: 0s-42s True
node-3 Ready: 0s-42s True
mark 10s snapshot (etcd), cursor 277
mark 40s restored (etcd), cursor 494
";
    assert_eq!(timeline_text(&timeline(&run, &nodes)), want);
}

#[test]
fn a_restore_without_a_snapshot_before_it_or_with_the_control_plane_down_is_refused_by_name() {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.restore = Some(10.0);
    assert_eq!(
        simulate(&scenario).err().as_deref(),
        Some("--restore 10: no snapshot to restore from (give --snapshot SECONDS)")
    );
    scenario.snapshot = Some(20.0);
    assert_eq!(
        simulate(&scenario).err().as_deref(),
        Some("--restore 10: the snapshot is taken at 20 s; restore later")
    );
    scenario.snapshot = Some(5.0);
    scenario.faults.push(cplab::kube::scenario::Fault { part: "etcd".into(), down: 8.0, up: Some(12.0) });
    assert_eq!(
        simulate(&scenario).err().as_deref(),
        Some(
            "--restore 10: etcd is down then; the model restores etcd with its members and kube-apiserver up"
        )
    );
}

#[test]
fn a_restore_during_a_nodes_fault_with_the_lease_side_on_is_refused_by_name() {
    let mut scenario = Scenario::for_file("web.yaml", WEB);
    scenario.snapshot = Some(5.0);
    scenario.restore = Some(100.0);
    scenario.faults.push(cplab::kube::scenario::Fault { part: "node/node-2".into(), down: 12.0, up: None });
    assert_eq!(
        simulate(&scenario).err().as_deref(),
        Some("--restore 100: node/node-2 is down then; a restore during a node's fault is not modelled with the Lease side on")
    );
    scenario.faults[0].up = Some(90.0);
    assert!(simulate(&scenario).is_ok(), "back before the restore");
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let json = |run: &Run| serde_json::to_string(run).expect("JSON");
    assert_eq!(json(&scaled_then_restored(None)), json(&scaled_then_restored(None)));
}
