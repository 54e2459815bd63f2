//! The runs the page `?kube=1` is handed (issue 30's weight): the worker simulates and writes
//! each run as `kube::run_wire`'s text, the page reads it back and plays it without the
//! simulation. Every run of the page's tests comes back equal to the simulated one; the page's
//! question (`playback::kube_runs::ask`) gives back the scenario asked; the default run checked
//! in (src/playback/kube_default_run.txt) is the simulation's own answer, byte for byte
//! (`UPDATE_GOLDEN=1` writes it); a malformed answer is an error, never a panic.
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::run_wire::{decode, encode};
use cplab::kube::scenario::{Fault, Scenario};
use cplab::kube::simulate;
use cplab::playback::kube_runs::{ask, scenario_of};
use cplab::playback::kube_setup::SetupFields;

const DEPLOY: &str = include_str!("kube/deploy.yaml");
const DEFAULT_RUN: &str = "src/playback/kube_default_run.txt";

fn fault(part: &str, down: f64, up: Option<f64>) -> Fault {
    Fault { part: part.into(), down, up }
}

/// The page's scenario for `manifests` on the cluster `fields` describe, with `pressed` after.
fn page(manifests: &str, fields: (&str, [&str; 3], &str, &str, &str), pressed: &[Fault]) -> Scenario {
    let (etcd, replicas, faults, snapshot, restore) = fields;
    let fields = SetupFields {
        etcd: etcd.into(),
        replicas: replicas.map(String::from),
        faults: faults.into(),
        snapshot: snapshot.into(),
        restore: restore.into(),
    };
    let setup = fields.read().expect("the fields read");
    let mut scenario = Scenario::for_file("deploy.yaml", manifests);
    scenario.faults = pressed.to_vec();
    setup.apply_to(&mut scenario);
    scenario
}

fn scenarios() -> Vec<Scenario> {
    let one = ("1", ["1", "1", "1"], "", "", "");
    let mut all = vec![Scenario::for_file("deploy.yaml", DEPLOY)];
    for part in ["kube-apiserver", "etcd", "kube-scheduler", "kube-controller-manager"] {
        all.push(page(DEPLOY, one, &[fault(part, 0.0, None)]));
        all.push(page(DEPLOY, one, &[fault(part, 0.431, None)]));
    }
    for part in ["kubelet/node-1", "runtime/node-1", "kube-proxy/node-1"] {
        all.push(page(DEPLOY, one, &[fault(part, 0.0, None)]));
    }
    let forty = DEPLOY.replace("replicas: 3", "replicas: 40");
    assert_ne!(forty, DEPLOY);
    all.push(page(&forty, one, &[]));
    all.push(page(&DEPLOY.replace("replicas: 3", "replicas: -1"), one, &[]));
    all.push(page(include_str!("kube/service.yaml"), one, &[]));
    all.push(page(DEPLOY, ("3", ["1", "2", "1"], "kube-scheduler/1@0.01", "", ""), &[]));
    all.push(page(DEPLOY, ("3", ["1", "1", "1"], "etcd/1@2-8\netcd/2@2-8", "", ""), &[]));
    all.push(page(DEPLOY, ("1", ["1", "1", "1"], "node/node-2@12", "", ""), &[]));
    all.push(page(DEPLOY, ("1", ["1", "1", "1"], "node/node-2@12-30", "", ""), &[]));
    all.push(page(DEPLOY, ("1", ["1", "1", "1"], "", "0.01", "10"), &[]));
    all.push(page(DEPLOY, ("1", ["2", "2", "2"], "kube-controller-manager/1@5", "1", "20"), &[]));
    all
}

#[test]
fn every_run_comes_back_as_it_ran() {
    for scenario in scenarios() {
        let run = simulate(&scenario);
        let text = encode(&run);
        assert_eq!(decode(&text), Ok(run.clone()), "{:?}", ask(&scenario));
        assert_eq!(encode(&decode(&text).expect("reads").clone()), text);
    }
}

#[test]
fn the_question_gives_back_the_scenario_asked() {
    for scenario in scenarios() {
        assert_eq!(scenario_of(&ask(&scenario)), Ok(scenario.clone()));
    }
    let mut odd = Scenario::for_file("a\nb\\c.yaml", "x: \\n\n");
    odd.faults = vec![fault("etcd/1", 0.1 + 0.2, Some(f64::MAX))];
    odd.until = Some(1e-300);
    odd.apply[0].manifests = None;
    assert_eq!(scenario_of(&ask(&odd)), Ok(odd));
}

#[test]
fn the_default_run_checked_in_is_the_simulations() {
    let text = encode(&simulate(&Scenario::for_file("deploy.yaml", DEPLOY)));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(DEFAULT_RUN, &text).expect("writes the default run");
    }
    let kept = std::fs::read_to_string(DEFAULT_RUN).expect("the default run is checked in");
    assert!(kept == text, "{DEFAULT_RUN} is not the simulation's default run: UPDATE_GOLDEN=1 writes it");
}

#[test]
fn a_malformed_answer_is_an_error() {
    let text = encode(&simulate(&Scenario::for_file("deploy.yaml", DEPLOY)));
    assert!(decode("").is_err());
    assert!(decode("X\n").is_err());
    assert_eq!(decode("E\nno\n"), Ok(Err("no".to_string())));
    let mut cut = 0;
    for (i, _) in text.char_indices().step_by(97) {
        assert!(decode(&text[..i]).is_err(), "a cut at {i} reads");
        cut += 1;
    }
    assert!(cut > 100, "{cut}");
    assert!(decode(&format!("{text}more\n")).is_err());
    let swapped = text.replacen("\nPod\n", "\nPud\n", 1);
    assert_ne!(swapped, text);
    assert!(decode(&swapped).is_err());
    assert!(scenario_of("1\n\nx\n").is_err());
}

#[test]
fn the_worker_writes_the_audit_log_of_the_run_shown() {
    use cplab::kube::audit::Level;
    use cplab::kube::output::audit;
    use cplab::playback::kube_runs::audit_answer;
    for scenario in scenarios() {
        let Ok(run) = simulate(&scenario) else { continue };
        let log = audit_answer(&ask(&scenario)).expect("the worker writes it");
        assert_eq!(log, audit(&run, Level::Metadata), "{:?}", ask(&scenario));
    }
    // The default run's log: the e2e test drops it back on the page (tests/e2e/audit.spec.mjs).
    let default = audit_answer(&ask(&Scenario::for_file("deploy.yaml", DEPLOY))).expect("written");
    assert!(default.lines().count() > 100, "{} lines", default.lines().count());
    assert!(audit_answer("1\n\nx\n").is_err());
}
