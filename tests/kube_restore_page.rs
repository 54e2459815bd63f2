//! Issue 31's etcd snapshot and restore on the page `?kube=1` (`playback::kube_restore`,
//! `playback::kube_setup`), natively: the two seconds read with the CLI's words and carried by
//! the share link as typed; the writes the page lists as lost are the CLI's own trace rows
//! between its `snapshot save` and `snapshot restore` (`cplab kube apply deploy.yaml --snapshot
//! 0.01 --restore 10 -o trace`, kept in tests/golden/kube/restore-page.txt, which
//! tests/e2e/restore.spec.mjs reads); the pods table believes the snapshot while the kubelets
//! run what they run, until their housekeeping.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use cplab::kube::flags::seconds;
use cplab::playback::kube::{columns, TRACE_HEADS};
use cplab::playback::kube_restore::{restored, restored_text, unbelieved};
use cplab::playback::kube_setup::{Field, FieldProblem, SetupFields};
use cplab::playback::kube_state::KubeState;
use cplab::teaching::setup_link::{from_link, to_link};

const DEPLOY: &str = include_str!("kube/deploy.yaml");

/// The page's run of tests/e2e/restore.spec.mjs: the snapshot after the ReplicaSet's creation,
/// before its pods'; the restore once they run.
const SNAPSHOT: &str = "0.01";
const RESTORE: &str = "10";

fn fields(snapshot: &str, restore: &str) -> SetupFields {
    SetupFields { snapshot: snapshot.into(), restore: restore.into(), ..SetupFields::default() }
}

fn problem(field: Field, why: &str) -> FieldProblem {
    FieldProblem { field, why: why.into() }
}

#[test]
fn the_seconds_are_read_with_the_clis_words_and_the_link_carries_them_as_typed() {
    let setup = fields(" 0.01 ", "10").read().expect("reads");
    assert_eq!((setup.snapshot, setup.restore), (Some(0.01), Some(10.0)));
    assert_eq!(setup.flags(&[]), "--snapshot 0.01 --restore 10");
    assert_eq!(fields("", "").read().map(|s| (s.snapshot, s.restore)), Ok((None, None)));
    assert_eq!(
        fields("x", "soon").read(),
        Err(vec![
            problem(Field::Snapshot, &seconds("x").expect_err("not seconds")),
            problem(Field::Restore, r#""soon" is not a number of seconds"#),
        ])
    );
    let typed = fields("1 ", "x=ü");
    assert_eq!(from_link(&to_link(&typed).expect("not the defaults")), Ok(typed));
    assert_eq!(to_link(&fields("", "")), None);
}

#[test]
fn a_restore_the_model_refuses_is_named_in_the_clis_words_and_the_run_shown_stays() {
    let out = support::cplab(&["kube", "apply", "tests/kube/deploy.yaml", "--restore", "10"], "");
    let cli = String::from_utf8(out.stderr).expect("utf-8");
    let words = "--restore 10: no snapshot to restore from (give --snapshot SECONDS)";
    assert!(cli.contains(words), "{cli}");
    let mut state = KubeState::new(DEPLOY);
    let runs = state.runs();
    state.set_fields(fields("", "10"));
    assert_eq!((state.setup_problems(), state.runs()), ([problem(Field::Cluster, words)].as_slice(), runs));
    state.set_fields(fields("10", "5"));
    let later = "--restore 5: the snapshot is taken at 10 s; restore later";
    assert_eq!(state.setup_problems(), [problem(Field::Cluster, later)]);
    assert_eq!(state.fields(), &fields("10", "5"), "kept as typed");
}

/// The CLI's trace rows from its `snapshot save` to its `snapshot restore` that wrote etcd (the
/// WRITES column moved), as `REV KEY`.
fn cli_lost(trace: &str) -> Vec<String> {
    let rows = columns(trace, &TRACE_HEADS);
    let from = rows.iter().position(|r| r[3] == "snapshot save").expect("saved");
    let until = rows.iter().position(|r| r[3] == "snapshot restore").expect("restored");
    (from + 1..until)
        .filter(|&i| rows[i][8] != rows[i - 1][8])
        .map(|i| format!("{} {}", rows[i][9], rows[i][4]))
        .collect()
}

#[test]
fn the_lost_writes_the_page_lists_are_the_clis_trace_rows_between_snapshot_and_restore() {
    let mut state = KubeState::new(DEPLOY);
    state.set_fields(fields(SNAPSHOT, RESTORE));
    assert!(state.setup_problems().is_empty(), "{:?}", state.setup_problems());
    let flags = state.setup().flags(state.faults());
    let mut args = vec!["kube", "apply", "tests/kube/deploy.yaml"];
    args.extend(flags.split(' '));
    args.extend(["-o", "trace"]);
    let out = support::cplab(&args, "");
    let cli = cli_lost(&String::from_utf8(out.stdout).expect("utf-8"));
    let run = &state.recording().expect("runs").run;
    let r = restored(run).expect("restored");
    let page: Vec<String> = r.lost.iter().map(|w| format!("{} {}", w.revision, w.key)).collect();
    assert_eq!(page, cli);
    // Every write moved the revision by one: the lost ones are exactly those the restore undid.
    let facts = run.restore.as_ref().expect("facts");
    assert_eq!(r.lost.len() as u64, facts.lost_writes);
    let revisions: Vec<u64> = r.lost.iter().map(|w| w.revision).collect();
    assert_eq!(revisions, (facts.snapshot_revision + 1..=facts.revision_before).collect::<Vec<_>>());
    support::golden("kube", 
        "restore-page",
        &format!(
            "$ cplab kube apply deploy.yaml {flags} -o trace: the rows that wrote etcd between snapshot save and snapshot restore, REV KEY\n{}\n\n{}",
            cli.join("\n"),
            restored_text(&r)
        ),
    );
}

/// The pods table's NAME and NODE at `cursor`, and what runs that etcd does not hold.
fn at(state: &mut KubeState, cursor: usize) -> (Vec<String>, Vec<(String, String)>) {
    state.go_to(cursor);
    let frame = state.frame().expect("a frame");
    (frame.pods.iter().map(|r| format!("{} {}", r[0], r[6])).collect(), unbelieved(&frame))
}

#[test]
fn the_pods_table_believes_the_snapshot_while_the_kubelets_run_the_lost_pods_until_housekeeping() {
    let mut state = KubeState::new(DEPLOY);
    state.set_fields(fields(SNAPSHOT, RESTORE));
    let run = state.recording().expect("runs").run.clone();
    let r = restored(&run).expect("restored");
    let ran = [
        "web-6df86f78c7-6mqbz node-2".to_string(),
        "web-6df86f78c7-h8q24 node-3".to_string(),
        "web-6df86f78c7-j8dc5 node-1".to_string(),
    ];
    // Just before the restore: the three pods made after the snapshot, believed and running.
    let (pods, gap) = at(&mut state, r.restore_step - 1);
    assert_eq!((pods.as_slice(), gap.len()), (ran.as_slice(), 0));
    // Restored: etcd holds no pod (the snapshot has the ReplicaSet, not its pods); three run.
    let (pods, gap) = at(&mut state, r.restore_step);
    assert!(pods.is_empty(), "{pods:?}");
    let gap: Vec<String> = gap.iter().map(|(p, n)| format!("{p} {n}")).collect();
    let mut sorted = gap.clone();
    sorted.sort();
    assert_eq!(sorted, ran);
    // The kubelets' housekeeping, 2 s after their restart, kills them; the ReplicaSet's three
    // new pods run by the end, and nothing runs that etcd does not hold.
    let killed = run.trace.iter().rposition(|s| s.verb == "StopPodSandbox").expect("killed") + 1;
    assert_eq!(run.trace[killed - 1].at_ms, r.restore_ms + 2_000);
    assert!(at(&mut state, killed).1.is_empty());
    let (pods, gap) = at(&mut state, usize::MAX);
    assert_eq!((pods.len(), gap.len()), (3, 0));
    assert!(pods.iter().all(|p| !ran.contains(p)), "new pods: {pods:?}");
}
