//! The page `?kube=1`'s scenario fields of issue 31 (`playback::kube_setup`) and their place in
//! its state (`playback::kube_state`), natively: read with the CLI's words, every bad value
//! named and the text kept, carried by the share link as typed; the run and the blast rows the
//! page shows are the CLI's (`cplab kube apply deploy.yaml` with the same flags).
#![cfg(not(target_arch = "wasm32"))]

mod support;

use cplab::kube::blast::blast_table;
use cplab::kube::flags::{down_flag, parse_down};
use cplab::kube::scenario::Fault;
use cplab::playback::kube_setup::{Field, FieldProblem, Setup, SetupFields};
use cplab::playback::kube_state::KubeState;
use cplab::playback::kube_timeline::{timeline, timeline_text};
use cplab::teaching::setup_link::{from_link, to_link};

const DEPLOY: &str = include_str!("kube/deploy.yaml");

fn fields(etcd: &str, replicas: [&str; 3], faults: &str) -> SetupFields {
    SetupFields {
        etcd: etcd.into(),
        replicas: replicas.map(String::from),
        faults: faults.into(),
        ..SetupFields::default()
    }
}

fn problem(field: Field, why: &str) -> FieldProblem {
    FieldProblem { field, why: why.into() }
}

#[test]
fn the_fields_are_read_with_the_clis_words() {
    let read =
        fields(" 3 ", ["1", "2", "1"], "kube-scheduler/1@20\n\n  node/node-2@12  \netcd/1@20-40\netcd/2")
            .read()
            .expect("reads");
    assert_eq!((read.etcd, read.replicas.kube_scheduler), (3, 2));
    let downs: Vec<String> = read.faults.iter().map(down_flag).collect();
    assert_eq!(downs, ["kube-scheduler/1@20", "node/node-2@12", "etcd/1@20-40", "etcd/2"]);
    assert_eq!(read.faults[2], Fault { part: "etcd/1".into(), down: 20.0, up: Some(40.0) });
    assert_eq!(
        read.flags(&[Fault { part: "kube-apiserver".into(), down: 1.5, up: None }]),
        "--etcd 3 --replicas kube-scheduler=2 --down kube-scheduler/1@20 --down node/node-2@12 --down etcd/1@20-40 --down etcd/2 --down kube-apiserver@1.5"
    );
    assert_eq!(SetupFields::default().read(), Ok(Setup::default()));
    assert_eq!(Setup::default().flags(&[]), "");
}

#[test]
fn every_bad_value_is_named_at_once() {
    let bad = fields("9", ["0", "x", "7"], "kube-scheduler/1@20\nkubelet\netcd/1@soon\netcd/1@20-later");
    assert_eq!(
        bad.read(),
        Err(vec![
            problem(Field::Etcd, r#""9": etcd runs 1 to 7 members"#),
            problem(
                Field::Replicas(cplab::kube::scenario::Replicated::KubeApiserver),
                r#""kube-apiserver=0": a part runs 1 to 7 replicas"#
            ),
            problem(
                Field::Replicas(cplab::kube::scenario::Replicated::KubeScheduler),
                r#""kube-scheduler=x": a part runs 1 to 7 replicas"#
            ),
            problem(Field::Fault(2), &parse_down("kubelet").expect_err("no node")),
            problem(Field::Fault(3), r#""soon" is not a number of seconds"#),
            problem(Field::Fault(4), r#""later" is not a number of seconds"#),
        ])
    );
    assert!(parse_down("kubelet")
        .expect_err("no node")
        .starts_with(r#"unknown part "kubelet": kube-apiserver, etcd,"#));
    let many = fields("1", ["1", "1", "1"], &"etcd\n".repeat(40_000));
    assert_eq!(
        many.read(),
        Err(vec![problem(Field::Fault(0), "a scenario has at most 32 faults, not 40000")])
    );
}

#[test]
fn the_share_link_carries_the_fields_as_typed_bad_values_too() {
    assert_eq!(to_link(&SetupFields::default()), None);
    let typed = fields("9 ", ["1", "two", "1"], "kube-scheduler/1@20\n\nnode/node-2@x=1 ü");
    let code = to_link(&typed).expect("not the defaults");
    assert_eq!(from_link(&code), Ok(typed));
    assert!(from_link("%%%").is_err());
    let unknown = cplab::teaching::link_code::encode_link("etcd=3\nkube-proxy=2\n");
    assert_eq!(from_link(&unknown), Err(r#"line 2: unknown field "kube-proxy""#.into()));
}

/// `cplab kube apply deploy.yaml` with these flags' blast row, as the CLI prints it.
fn cli_row(setup: impl Fn(&mut cplab::kube::Scenario)) -> String {
    let mut scenario = cplab::kube::Scenario::for_file("deploy.yaml", DEPLOY);
    setup(&mut scenario);
    blast_table(&[cplab::kube::blast::blast_row(&cplab::kube::simulate(&scenario).expect("runs"))])
}

#[test]
fn the_pages_row_of_a_cluster_is_the_clis() {
    let mut state = KubeState::new(DEPLOY);
    state.set_fields(fields("1", ["1", "2", "1"], "kube-scheduler/1@2"));
    assert!(state.setup_problems().is_empty(), "{:?}", state.setup_problems());
    assert_eq!(state.setup().flags(state.faults()), "--replicas kube-scheduler=2 --down kube-scheduler/1@2");
    state.go_to(usize::MAX);
    let cli = cli_row(|s| {
        s.replicas.kube_scheduler = 2;
        s.faults.push(Fault { part: "kube-scheduler/1".into(), down: 2.0, up: None });
    });
    assert_eq!(blast_table(state.rows()), cli);
    assert!(state.rows()[0].ha.is_some(), "the Lease side is on: the row has its seconds");
}

#[test]
fn rows_are_kept_for_the_same_cluster_and_start_afresh_for_another() {
    let mut state = KubeState::new(DEPLOY);
    state.set_fields(fields("3", ["1", "1", "1"], ""));
    state.go_to(usize::MAX);
    state.set_fields(fields("3", ["1", "1", "1"], "etcd/1@1"));
    assert_eq!((state.cursor(), state.faults().len()), (0, 0));
    state.go_to(usize::MAX);
    let downs: Vec<&str> = state.rows().iter().map(|r| r.down.as_str()).collect();
    assert_eq!(downs, ["-", "etcd/1@1s"]);
    state.set_fields(fields("5", ["1", "1", "1"], ""));
    assert!(state.rows().is_empty(), "another cluster: rows afresh");
}

#[test]
fn bad_fields_keep_the_run_shown_and_are_kept_as_typed() {
    let mut state = KubeState::new(DEPLOY);
    state.set_fields(fields("3", ["1", "1", "1"], ""));
    let runs = state.runs();
    let bad = fields("8", ["1", "1", "1"], "etcd/1@x");
    state.set_fields(bad.clone());
    assert_eq!((state.fields(), state.runs(), state.setup().etcd), (&bad, runs, 3));
    assert_eq!(state.setup_problems().len(), 2);
    // Read, but refused by the model: named as the cluster's, the run kept.
    state.set_fields(fields("3", ["1", "1", "1"], "etcd/4@1"));
    assert_eq!(
        state.setup_problems(),
        [problem(Field::Cluster, "etcd/4: etcd has 3 member(s) (--etcd 3): no member 4")]
    );
    assert_eq!(state.runs(), runs);
    // A fixed value runs, and the problems go.
    state.set_fields(fields("3", ["1", "1", "1"], "etcd/3@1"));
    assert!(state.setup_problems().is_empty() && state.runs() > runs);
}

#[test]
fn a_manifest_applied_and_starting_over_keep_the_cluster() {
    let mut state = KubeState::with_fields(DEPLOY, fields("3", ["2", "1", "1"], ""));
    assert_eq!(state.setup().etcd, 3);
    state.press(&cplab::kube::Part::KubeScheduler);
    state.reset();
    assert_eq!((state.setup().etcd, state.faults().len()), (3, 0));
    state.apply(&DEPLOY.replace("replicas: 3", "replicas: 2"));
    assert_eq!((state.setup().etcd, state.setup().replicas.kube_apiserver), (3, 2));
    assert_eq!(state.fields().etcd, "3");
}

#[test]
fn a_link_with_bad_fields_runs_the_default_cluster_and_names_them() {
    let state = KubeState::with_fields(DEPLOY, fields("x", ["1", "1", "1"], ""));
    assert_eq!((state.setup(), state.fields().etcd.as_str()), (&Setup::default(), "x"));
    assert_eq!(state.setup_problems(), [problem(Field::Etcd, r#""x": etcd runs 1 to 7 members"#)]);
    assert!(state.recording().is_some());
    let refused = KubeState::with_fields(DEPLOY, fields("1", ["1", "1", "1"], "node/node-9@1"));
    assert_eq!(refused.setup(), &Setup::default());
    assert_eq!(
        refused.setup_problems(),
        [problem(Field::Cluster, r#"node/node-9: no node "node-9" in the cluster"#)]
    );
    assert!(refused.recording().is_some());
}

/// The page's three runs of tests/e2e/ha.spec.mjs: the fields typed, and the CLI's flags.
const PAGE_RUNS: [(&str, &str, [&str; 3], &str); 3] = [
    ("scheduler-failover", "1", ["1", "2", "1"], "kube-scheduler/1@0.01"),
    ("quorum-lost-and-regained", "3", ["1", "1", "1"], "etcd/1@0.01-20\netcd/2@0.01-20"),
    ("node-eviction", "1", ["1", "1", "1"], "node/node-2@12"),
];

#[test]
fn the_pages_ha_runs_are_the_clis_rows_and_their_timelines_the_goldens() {
    // tests/e2e/ha.spec.mjs reads these files: the seconds the page shows must be these.
    for (name, etcd, replicas, faults) in PAGE_RUNS {
        let mut state = KubeState::new(DEPLOY);
        state.set_fields(fields(etcd, replicas, faults));
        assert!(state.setup_problems().is_empty(), "{name}: {:?}", state.setup_problems());
        let flags = state.setup().flags(state.faults());
        let mut args = vec!["kube", "apply", "tests/kube/deploy.yaml"];
        args.extend(flags.split(' '));
        args.extend(["-o", "blast"]);
        let out = support::cplab(&args, "");
        let cli = String::from_utf8(out.stdout).expect("utf-8");
        state.go_to(usize::MAX);
        let page = blast_table(state.rows());
        assert!(cli.starts_with(&page), "{name}: the page's row is not the CLI's:\n{page}\n{cli}");
        let recording = state.recording().expect("runs");
        let nodes: Vec<String> = recording.scenario.nodes.iter().map(|n| n.name.clone()).collect();
        let lanes = timeline_text(&timeline(&recording.run, &nodes));
        support::golden(
            "kube",
            &format!("ha-page-{name}"),
            &format!("$ cplab kube apply deploy.yaml {flags} -o blast\n{cli}\n{lanes}"),
        );
    }
}
