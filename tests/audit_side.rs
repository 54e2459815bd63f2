//! Issue 32: the same request three ways (`playback::side_by_side`) and a request's bodies on
//! demand (`kube::audit::bodies`): exact goldens of what `cplab kube compare` and
//! `cplab kube audit FILE --body KEY` print, and the numbers checked against the runs they come
//! from (the lesson's 17 steps, 50 item reads and 7 writes; the simulation's totals; the log's
//! rows), so none is typed into the comparison.
#![cfg(not(target_arch = "wasm32"))] // native: reads fixture and golden files, spawns the CLI

mod support;

use cplab::kube::audit::{bodies, read_log, written, ReadOptions};
use cplab::kube::{simulate, Scenario as KubeScenario};
use cplab::model::{Scenario, TraceSummary};
use cplab::playback::side_by_side::{compare, own_log, render_side, OWN_LOG};

const DEPLOY: &str = include_str!("kube/deploy.yaml");

fn fixture(name: &str) -> Vec<u8> {
    let path = support::root().join("tests/fixtures/audit").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_three_ways_print_as_their_goldens_say() {
    let own = compare("deploy.yaml", DEPLOY, None).expect("runs");
    support::golden("audit", "side-deploy", &render_side(&own));
    let nginx = read_log(&fixture("nginx-apply.jsonl"), ReadOptions::default());
    let real = compare("deploy.yaml", DEPLOY, Some((&nginx, "nginx-apply.jsonl"))).expect("runs");
    support::golden("audit", "side-deploy-nginx", &render_side(&real));
}

#[test]
fn each_ways_numbers_are_those_of_its_own_run_or_log() {
    let side = compare("deploy.yaml", DEPLOY, None).expect("runs");
    let [toy, sim, log] = &side.ways;
    // The toy: the lesson's own summary (tests/golden.rs holds it at 17, 50, 7).
    let lesson = Scenario::lesson().simulate().expect("runs");
    let store = lesson.plane.store();
    let s = TraceSummary::of(store.trace(), store.revision(), lesson.plane.rounds());
    assert_eq!((toy.steps, toy.reads.items, toy.writes, toy.components.len()), (17, 50, 7, 4));
    assert_eq!(
        (toy.steps, toy.reads.items, toy.writes),
        (s.steps as u64, s.item_reads as u64, s.writes as u64)
    );
    // The simulation: its run's totals.
    let run = simulate(&KubeScenario::for_file("deploy.yaml", DEPLOY)).expect("runs");
    assert_eq!(
        (sim.steps, sim.writes, sim.reads.items),
        (run.trace.len() as u64, run.totals.writes, run.totals.reads)
    );
    // Its own log: one row per request, and the same writes to etcd the run made.
    let trace = own_log(&run);
    assert_eq!(
        (log.source.as_str(), log.steps, sim.requests),
        (OWN_LOG, trace.rows.len() as u64, log.requests)
    );
    assert_eq!(log.writes, sim.writes);
    assert_eq!(log.writes, trace.rows.iter().map(|r| written(r.writes)).sum::<u64>());
    // At Metadata no read's items are recorded: every read is said so, none counted.
    assert_eq!((log.reads.items, log.reads.not_recorded), (0, 59));
    // The log's parts are the diagram's: each of them is one the simulation has (kube-proxy
    // aside, whose node the log cannot tell).
    assert!(log.components.iter().all(|c| sim.components.contains(c) || c == "kube-proxy"));
    // What the real log has that the toy has not: its leases and events, counted from it.
    let nginx = read_log(&fixture("nginx-apply.jsonl"), ReadOptions::default());
    let real = compare("deploy.yaml", DEPLOY, Some((&nginx, "nginx-apply.jsonl"))).expect("runs");
    assert!(real.ways[0]
        .leaves_out
        .iter()
        .any(|l| l.contains("the log has 6 lease requests and 7 event writes")));
}

#[test]
fn cplab_kube_compare_prints_the_golden_and_says_what_it_is() {
    let out = support::cplab(&["kube", "compare", "tests/kube/deploy.yaml"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    support::golden("audit", "side-deploy", &String::from_utf8_lossy(&out.stdout));
    let log = support::root().join("tests/fixtures/audit/nginx-apply.jsonl");
    let args = ["kube", "compare", "tests/kube/deploy.yaml", "--log", log.to_str().expect("a path")];
    let out = support::cplab(&args, "");
    let text =
        String::from_utf8_lossy(&out.stdout).replace(log.to_str().expect("a path"), "nginx-apply.jsonl");
    support::golden("audit", "side-deploy-nginx", &text);
    let help = support::cplab(&["kube", "compare", "--help"], "");
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("The same request three ways") && help.contains("--log <FILE>"), "{help}");
    let missing = support::cplab(&["kube", "compare", "no-such.yaml"], "");
    assert_eq!(missing.status.code(), Some(1));
}

#[test]
fn a_requests_bodies_are_shown_on_demand_and_a_secrets_only_when_asked() {
    let hostile = read_log(&fixture("hostile.jsonl"), ReadOptions::default());
    let hidden = bodies(&hostile, "secrets/db-password").expect("the secret");
    assert!(hidden.contains("withheld") && !hidden.contains("aHVudGVyMg=="), "{hidden}");
    let heartbeats = read_log(&fixture("heartbeats.jsonl"), ReadOptions::default());
    let mut text = String::new();
    // A Request-level patch (its body, no response), a RequestResponse create by generateName
    // (asked by the name taken from its response), a Metadata update (neither).
    for key in ["deployments/nginx/scale", "pods/nginx-7c5ddbdf54-q2wrt", "replicasets/nginx-7c5ddbdf54"] {
        text.push_str(&bodies(&heartbeats, key).expect("a request"));
    }
    support::golden("audit", "bodies-heartbeats", &text);
    assert_eq!(
        bodies(&heartbeats, "pods/nope"),
        Err("no request of the log has the key \"pods/nope\" (keys as the trace prints them)".to_string())
    );
    // The CLI: withheld by default, shown with --show-secrets.
    let file = support::root().join("tests/fixtures/audit/hostile.jsonl");
    let file = file.to_str().expect("a path");
    let out = support::cplab(&["kube", "audit", file, "--body", "secrets/db-password"], "");
    assert_eq!(String::from_utf8_lossy(&out.stdout), hidden);
    let out = support::cplab(&["kube", "audit", file, "--body", "secrets/db-password", "--show-secrets"], "");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("\"password\": \"aHVudGVyMg==\""), "{shown}");
    let out = support::cplab(&["kube", "audit", file, "--body", "pods/nope"], "");
    assert_eq!(out.status.code(), Some(1));
}
