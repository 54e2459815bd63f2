//! `etcdctl snapshot save` at a second and a restore from it at a later one (issue 31,
//! `--snapshot S --restore S`): every write after the snapshot is gone from the ledger (what the
//! cluster believes) while the world (what actually runs) is not rewound; then the cluster
//! reconciles. The procedure is kubernetes/website `tasks/administer-cluster/
//! configure-upgrade-etcd.md` ("Restoring an etcd cluster"): stop every kube-apiserver, restore
//! every etcd member from the same snapshot, start the kube-apiservers again, and restart
//! kube-scheduler, kube-controller-manager and the kubelets "to ensure that they don't rely on some
//! stale data" (the page adds that during a real restore they lose their leader lock and restart
//! themselves). Each restarted part LISTs again, from the restored revision.
//!
//! The revision goes back: etcd 3.4's `etcdctl snapshot restore` keeps the snapshot's revision.
//! A client that was not restarted would resume its watch from a revision etcd has not reached
//! yet; etcd 3.6's `etcdutl snapshot restore --bump-revision N --mark-compacted` exists for that
//! ("to trick clients into thinking that revision never decreased", etcd-io/etcd
//! `etcdutl/snapshot/v3_snapshot.go`, issue 16028), and the docs' restart is what the model does.
//!
//! The reconciling: the controllers and the scheduler act on the restored objects; each
//! restarted kubelet reports the pods etcd holds for its node (starting again what does not run)
//! and, at its first housekeeping (every 2 s from its start, k/k `pkg/kubelet/kubelet.go`
//! `housekeepingPeriod`), kills the pods the runtime runs that etcd no longer holds
//! (`HandlePodCleanups`, `pkg/kubelet/kubelet_pods.go`). kube-proxy's rules follow the restored
//! EndpointSlices. Named assumption: the restore takes no time on the clock (stop, restore and
//! start at one moment; a real one takes minutes, with kube-apiserver refusing connections).

use super::informers::Actor;
use super::ledger::{Change, Ledger};
use super::objects::{Object, Resource};
use super::render::tabwrite;
use super::run::Run;
use super::sim::{Count, Sim, Work};
use serde::Serialize;
use std::collections::BTreeSet;

/// The kubelet's housekeeping period, ms (k/k `pkg/kubelet/kubelet.go`: `housekeepingPeriod =
/// time.Second * 2`).
pub const HOUSEKEEPING_MS: u64 = 2_000;

/// What the restore did and what it left believed against what ran, for the summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RestoreFacts {
    /// When the snapshot was saved (ms).
    pub snapshot_ms: u64,
    /// Its revision.
    pub snapshot_revision: u64,
    /// When it was restored (ms).
    pub restore_ms: u64,
    /// etcd's revision just before the restore.
    pub revision_before: u64,
    /// Writes after the snapshot, gone (every write moved the revision by one).
    pub lost_writes: u64,
    /// Objects created after the snapshot, gone.
    pub objects_gone: usize,
    /// Objects changed after the snapshot, back to their older version.
    pub objects_rewound: usize,
    /// Objects deleted after the snapshot, back.
    pub objects_back: usize,
    /// Pods etcd holds right after the restore (not being deleted): what the cluster believes.
    pub believed_pods: usize,
    /// Pods whose containers run at that moment: what actually runs.
    pub running_pods: usize,
    /// Pods running that the restored etcd lacks (`namespace/name`), killed by their kubelets.
    pub orphans: Vec<String>,
    /// When the last of them was killed (ms).
    pub reconciled_ms: Option<u64>,
    /// The changes the restore took away, in order (what the page replays to show a moment
    /// between the snapshot and the restore; not printed).
    #[serde(skip)]
    pub lost_history: Vec<Change>,
}

/// The snapshot held between its save and the restore, and the restore's facts.
#[derive(Clone, Debug, Default)]
pub struct Recovery {
    /// The saved ledger, and when it was saved.
    pub snapshot: Option<(u64, Ledger)>,
    /// The restore's facts, once it happened.
    pub facts: Option<RestoreFacts>,
}

/// Keys of objects the model keeps, Events aside (they come and go by the hundred).
fn counted(ledger: &Ledger) -> impl Iterator<Item = (&String, &Object)> {
    ledger.objects.iter().filter(|(_, o)| !matches!(o, Object::Event(_)))
}

impl Sim {
    /// `etcdctl snapshot save snapshot.db`: the keyspace at this revision.
    pub(crate) fn snapshot_save(&mut self) {
        let note = format!("snapshot.db: revision {}, {} keys", self.ledger.revision, self.ledger.len());
        self.record("etcdctl".into(), "snapshot save", String::new(), Count::Nothing, 0, note, None);
        self.recovery.snapshot = Some((self.now, self.ledger.clone()));
    }

    /// The docs' restore: kube-apiserver stopped, etcd restored, kube-apiserver started, every
    /// component restarted.
    pub(crate) fn restore(&mut self) {
        let Some((snapshot_ms, snapshot)) = self.recovery.snapshot.clone() else { return };
        let api = "kube-apiserver".to_string();
        let stop = "stopped for the restore (every replica)".to_string();
        self.record(api.clone(), "STOP", String::new(), Count::Nothing, 0, stop, None);
        let facts = self.compare(&snapshot, snapshot_ms);
        let note = format!(
            "snapshot.db of {}: revision {} again (it was {}); {} writes after the snapshot are gone",
            super::blast::seconds(snapshot_ms),
            facts.snapshot_revision,
            facts.revision_before,
            facts.lost_writes
        );
        self.ledger = snapshot;
        self.record("etcdctl".into(), "snapshot restore", String::new(), Count::Nothing, 0, note, None);
        let start = format!("started: its watch cache LISTs etcd at revision {}", self.ledger.revision);
        self.record(api, "START", String::new(), Count::Nothing, 0, start, None);
        self.recovery.facts = Some(facts);
        self.restart_components();
    }

    /// The restore's facts before the ledger is replaced.
    fn compare(&self, snapshot: &Ledger, snapshot_ms: u64) -> RestoreFacts {
        let gone = counted(&self.ledger).filter(|(k, _)| snapshot.get(k).is_none()).count();
        let back = counted(snapshot).filter(|(k, _)| self.ledger.get(k).is_none()).count();
        let rewound = counted(snapshot)
            .filter(|(k, o)| {
                self.ledger.get(k).is_some_and(|n| n.meta().resource_version != o.meta().resource_version)
            })
            .count();
        let believed =
            snapshot.list(Resource::Pods).filter(|o| matches!(o, Object::Pod(p) if !p.deleting)).count();
        RestoreFacts {
            snapshot_ms,
            snapshot_revision: snapshot.revision,
            restore_ms: self.now,
            revision_before: self.ledger.revision,
            lost_writes: self.ledger.revision.saturating_sub(snapshot.revision),
            objects_gone: gone,
            objects_rewound: rewound,
            objects_back: back,
            believed_pods: believed,
            running_pods: self.world.running_pods(),
            orphans: Vec::new(),
            reconciled_ms: None,
            lost_history: self
                .ledger
                .history
                .iter()
                .filter(|c| c.revision > snapshot.revision)
                .cloned()
                .collect(),
        }
    }

    /// Every component restarted (the docs' advice): caches dropped, LIST again; each kubelet's
    /// first housekeeping queued.
    fn restart_components(&mut self) {
        let mut actors: Vec<Actor> = self.informers.iter().map(|i| i.actor.clone()).collect();
        actors.dedup();
        for informer in &mut self.informers {
            informer.watching = false;
            informer.cache.clear();
            informer.seen = 0;
        }
        self.sched = Default::default();
        self.expect.clear();
        self.expected_pods.clear();
        self.kubelet_pods.clear();
        let mut parts: Vec<String> = Vec::new();
        for actor in actors {
            let part = actor.part();
            if !self.is_up(&part) {
                continue;
            }
            if !parts.contains(&part.to_string()) {
                parts.push(part.to_string());
            }
            let then = match &actor {
                Actor::Kubelet(node) => Some((self.now + HOUSEKEEPING_MS, Work::Housekeeping(node.clone()))),
                Actor::Proxy(node) => Some((self.now, Work::ProxySync(node.clone()))),
                _ => None,
            };
            self.at(self.now, Work::Start(actor));
            if let Some((at, work)) = then {
                self.at(at, work);
            }
        }
        for part in parts {
            let note =
                "restarted after the restore, so that it relies on no stale data: it LISTs again".to_string();
            self.record(part, "RESTART", String::new(), Count::Nothing, 0, note, None);
        }
    }

    /// The kubelet's housekeeping after its restart: pods the runtime runs that etcd does not
    /// hold for this node are killed (`HandlePodCleanups`).
    pub(crate) fn housekeeping(&mut self, node: &str) {
        if !self.is_up(&super::scenario::Part::Kubelet(node.to_string())) {
            return;
        }
        let wanted: BTreeSet<String> = self
            .ledger
            .list(Resource::Pods)
            .filter_map(|o| match o {
                Object::Pod(p) if p.node_name.as_deref() == Some(node) => {
                    Some(format!("{}/{}", p.meta.namespace, p.meta.name))
                }
                _ => None,
            })
            .collect();
        let Some(world) = self.world.nodes.get_mut(node) else { return };
        let orphans: Vec<String> = world.pods.keys().filter(|id| !wanted.contains(*id)).cloned().collect();
        let rt = format!("runtime/{node}");
        for id in orphans {
            let Some(pod) = self.world.nodes.get_mut(node).and_then(|w| w.pods.remove(&id)) else { continue };
            let key = format!("/registry/pods/{id}");
            for name in pod.running {
                let note = format!("{name}: etcd holds no such pod (HandlePodCleanups)");
                self.record(rt.clone(), "StopContainer", key.clone(), Count::Nothing, 0, note, None);
            }
            self.record(rt.clone(), "StopPodSandbox", key, Count::Nothing, 0, String::new(), None);
            if let Some(facts) = self.recovery.facts.as_mut() {
                facts.orphans.push(id);
                facts.reconciled_ms = Some(self.now);
            }
        }
    }
}

/// The restore as a table: when, the revision, the writes lost, believed against running.
pub fn restore_table(facts: &RestoreFacts) -> String {
    use super::blast::seconds;
    let head = [
        "SNAPSHOT",
        "RESTORED",
        "REVISION",
        "LOST WRITES",
        "GONE",
        "REWOUND",
        "BACK",
        "BELIEVED PODS",
        "RUNNING PODS",
        "KILLED BY KUBELETS",
        "RECONCILED",
    ];
    let reconciled = facts.reconciled_ms.map_or("-".to_string(), |at| seconds(at - facts.restore_ms));
    let row = vec![
        seconds(facts.snapshot_ms),
        seconds(facts.restore_ms),
        format!("{} -> {}", facts.revision_before, facts.snapshot_revision),
        facts.lost_writes.to_string(),
        facts.objects_gone.to_string(),
        facts.objects_rewound.to_string(),
        facts.objects_back.to_string(),
        facts.believed_pods.to_string(),
        facts.running_pods.to_string(),
        facts.orphans.len().to_string(),
        reconciled,
    ];
    let mut text = tabwrite(&[head.iter().map(|s| s.to_string()).collect(), row]);
    text.push_str("GONE, REWOUND, BACK: objects (Events aside) created, changed, deleted after the snapshot; BELIEVED, RUNNING: pods etcd holds and pods that run, at the restore; RECONCILED: seconds after it until the last pod etcd forgot was killed\n");
    text
}

/// The restore's table of a run, if it restored.
pub fn restore_summary(run: &Run) -> Option<String> {
    run.restore.as_ref().map(restore_table)
}
