//! What the page `?kube=1` shows of an etcd snapshot and the restore from it (issue 31,
//! `kube::restore`): the etcd writes made after the snapshot, which the restore took away (each
//! with its revision and key, read from the trace as `cplab kube apply -o trace` prints it), and,
//! at a cursor, the pods whose containers run on a node while etcd holds no such pod for that
//! node (what the cluster believes against what runs: each kubelet's housekeeping kills them,
//! `HandlePodCleanups`). Pure; tested natively in tests/kube_restore_page.rs.

use super::kube::KubeFrame;
use crate::kube::blast::seconds;
use crate::kube::ledger::Change;
use crate::kube::Run;

/// One etcd write the restore took away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostWrite {
    /// The cursor that shows it (its step, from 1).
    pub step: usize,
    /// When (ms).
    pub at_ms: u64,
    /// The revision it made.
    pub revision: u64,
    /// What etcd did (`put`, `delete`), or the Lease request that wrote (`renew lease`).
    pub verb: &'static str,
    /// The key.
    pub key: String,
    /// Whose request it was (`kube-controller-manager/replicaset`).
    pub by: String,
}

/// A run's snapshot and restore, as the page shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restored {
    /// The cursor that shows the snapshot's step.
    pub snapshot_step: usize,
    /// The cursor that shows the restore's step.
    pub restore_step: usize,
    /// When the snapshot was saved and the restore made (ms).
    pub snapshot_ms: u64,
    /// The restore's moment (ms).
    pub restore_ms: u64,
    /// The snapshot's revision, which etcd has again after the restore.
    pub snapshot_revision: u64,
    /// etcd's revision just before the restore.
    pub revision_before: u64,
    /// Every write after the snapshot, in order: gone.
    pub lost: Vec<LostWrite>,
}

/// The first step of `component` doing `verb`, as a cursor.
fn step_of(run: &Run, component: &str, verb: &str) -> Option<usize> {
    run.trace.iter().position(|s| s.component == component && s.verb == verb).map(|i| i + 1)
}

/// The cursor that shows the restore, if the run made one.
pub fn restore_step(run: &Run) -> Option<usize> {
    run.restore.as_ref().and(step_of(run, "etcdctl", "snapshot restore"))
}

/// The snapshot and restore of `run`, if it restored: every step between them that wrote etcd
/// (each moved the revision by one, so they are exactly the revisions the restore took away).
pub fn restored(run: &Run) -> Option<Restored> {
    let facts = run.restore.as_ref()?;
    let (from, until) = (step_of(run, "etcdctl", "snapshot save")?, restore_step(run)?);
    let mut lost = Vec::new();
    for i in from..until.saturating_sub(1) {
        let (before, s) = (&run.trace[i - 1], &run.trace[i]);
        if s.totals.writes == before.totals.writes {
            continue;
        }
        let by = if s.component == "etcd" { before.component.clone() } else { s.component.clone() };
        let (at_ms, revision, verb, key) = (s.at_ms, s.revision, s.verb, s.key.clone());
        lost.push(LostWrite { step: i + 1, at_ms, revision, verb, key, by });
    }
    Some(Restored {
        snapshot_step: from,
        restore_step: until,
        snapshot_ms: facts.snapshot_ms,
        restore_ms: facts.restore_ms,
        snapshot_revision: facts.snapshot_revision,
        revision_before: facts.revision_before,
        lost,
    })
}

/// The changes etcd holds after `cursor` steps, oldest first (a frame replays them up to its
/// revision): the run's history; before its restore, the snapshot's part of it and then the
/// changes the restore took away (after the restore the revisions from the snapshot's on are
/// written again, so the run's own history no longer tells that stretch).
pub fn history_at(run: &Run, cursor: usize) -> Vec<&Change> {
    let history = run.ledger.history.iter();
    match (run.restore.as_ref(), restore_step(run)) {
        (Some(facts), Some(step)) if cursor < step => history
            .take_while(|c| c.revision <= facts.snapshot_revision)
            .chain(facts.lost_history.iter())
            .collect(),
        _ => history.collect(),
    }
}

/// The pods whose containers run on a node at `frame` while etcd holds no such pod bound to
/// that node (`(pod, node)`, by node): what runs that the cluster does not believe in.
pub fn unbelieved(frame: &KubeFrame) -> Vec<(String, String)> {
    // kubectl's columns: NAME 0, NODE 6.
    let held = |pod: &str, node: &str| {
        frame
            .pods
            .iter()
            .any(|row| row.first().is_some_and(|n| n == pod) && row.get(6).is_some_and(|n| n == node))
    };
    let mut out = Vec::new();
    for node in &frame.nodes {
        for (pod, running) in &node.pods {
            if *running && !held(pod, &node.name) {
                out.push((pod.clone(), node.name.clone()));
            }
        }
    }
    out
}

/// The restore as text, the native golden's form: when, the revisions, then each lost write.
pub fn restored_text(r: &Restored) -> String {
    let mut out = format!(
        "snapshot {} (step {}, revision {}); restored {} (step {}): revision {} -> {}, {} writes lost\n",
        seconds(r.snapshot_ms),
        r.snapshot_step,
        r.snapshot_revision,
        seconds(r.restore_ms),
        r.restore_step,
        r.revision_before,
        r.snapshot_revision,
        r.lost.len()
    );
    for w in &r.lost {
        out += &format!(
            "{} {} {} {} (by {}, step {})\n",
            w.revision,
            seconds(w.at_ms),
            w.verb,
            w.key,
            w.by,
            w.step
        );
    }
    out
}
