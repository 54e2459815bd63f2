//! The page `?kube=1`'s state (`playback::kube_state`), natively: every transition the views
//! call, with the run each gives (the toolbar's cursor and playback, a part pressed at the
//! cursor's time, a run to the end filling its blast row, the student's manifest applied or
//! refused and kept as typed, starting over, the share link).
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::Part;
use cplab::playback::kube_state::KubeState;
use cplab::teaching::link_code::{decode_link, kube_query};

const DEPLOY: &str = include_str!("kube/deploy.yaml");

fn ended(state: &mut KubeState) {
    state.go_to(usize::MAX);
}

#[test]
fn the_page_starts_at_step_0_of_the_healthy_round_trip() {
    let state = KubeState::new(DEPLOY);
    assert_eq!((state.cursor(), state.playing(), state.problem()), (0, false, None));
    assert!(state.len() > 100, "{}", state.len());
    assert!(state.at_rest() && state.rows().is_empty() && state.faults().is_empty());
    let frame = state.frame().expect("a frame");
    assert!(frame.events.is_empty() && frame.row.is_none());
}

#[test]
fn moving_clamps_and_the_end_fills_the_healthy_row_once() {
    let mut state = KubeState::new(DEPLOY);
    state.go_to(5);
    assert_eq!(state.cursor(), 5);
    assert!(state.rows().is_empty(), "no row before the end");
    ended(&mut state);
    assert_eq!(state.cursor(), state.len());
    let rows: Vec<&str> = state.rows().iter().map(|r| r.down.as_str()).collect();
    assert_eq!(rows, ["-"]);
    ended(&mut state);
    assert_eq!(state.rows().len(), 1, "a rerun replaces its row");
}

#[test]
fn each_part_pressed_at_step_0_is_down_from_the_start_and_fills_its_row_at_the_end() {
    let mut state = KubeState::new(DEPLOY);
    let parts = [Part::KubeApiserver, Part::Etcd, Part::KubeScheduler, Part::KubeControllerManager];
    for part in &parts {
        state.reset();
        state.press(part);
        assert_eq!(state.frame().expect("a frame").down, [part.to_string()]);
        assert_eq!(state.faults()[0].down, 0.0);
        ended(&mut state);
    }
    let rows: Vec<String> = state.rows().iter().map(|r| format!("{}: {}", r.down, r.radius)).collect();
    assert_eq!(
        rows,
        [
            "kube-apiserver: kubectl apply fails; no write reaches etcd; no watch event",
            "etcd: kubectl apply fails; no write reaches etcd; no watch event",
            "kube-scheduler: 3 pods wait Pending, unscheduled",
            "kube-controller-manager: no watch event; the Deployment is stored, nothing acts on it",
        ]
    );
}

#[test]
fn a_press_mid_run_takes_the_part_down_from_the_cursor_s_time_and_keeps_the_cursor() {
    let mut state = KubeState::new(DEPLOY);
    let healthy = state.recording().expect("runs").clone();
    let start = healthy.stage_starts()[3].expect("the scheduler binds");
    state.go_to(start);
    let at_ms = state.frame().expect("a frame").at_ms;
    state.press(&Part::KubeScheduler);
    assert_eq!(state.cursor(), start);
    // From the millisecond after the last step shown: every step shown stays as it was.
    assert_eq!(state.faults()[0].down, (at_ms + 1) as f64 / 1000.0);
    assert!(state.pressed("kube-scheduler") && !state.pressed("etcd"));
    assert_eq!(state.recording().expect("runs").trace[..start], healthy.trace[..start]);
    assert!(state.frame().expect("a frame").down.is_empty(), "down from the next step");
    let went = state
        .recording()
        .expect("runs")
        .run
        .trace
        .iter()
        .position(|s| s.verb == "DOWN")
        .expect("it goes down");
    assert!(went >= start);
    state.go_to(went + 1);
    assert_eq!(state.frame().expect("a frame").down, ["kube-scheduler"]);
    ended(&mut state);
    assert!(state.rows()[0].down.starts_with("kube-scheduler@"), "{:?}", state.rows()[0].down);
    // A second press brings it back: the healthy run again, at the same cursor.
    state.go_to(start);
    state.press(&Part::KubeScheduler);
    assert!(state.faults().is_empty());
    assert_eq!(state.recording().expect("runs").trace, healthy.trace);
}

#[test]
fn a_manifest_applied_runs_from_step_0_with_its_rows_afresh() {
    let mut state = KubeState::new(DEPLOY);
    ended(&mut state);
    let two = DEPLOY.replace("replicas: 3", "replicas: 2");
    state.apply(&two);
    assert_eq!((state.text(), state.cursor(), state.rows().len()), (two.as_str(), 0, 0));
    ended(&mut state);
    assert_eq!(state.frame().expect("a frame").pods.len(), 2);
}

#[test]
fn a_bad_manifest_runs_to_kubectl_s_refusal_and_a_refused_one_is_kept_as_typed() {
    let mut state = KubeState::new(DEPLOY);
    let bad = DEPLOY.replace("replicas: 3", "replicas: -1");
    state.apply(&bad);
    let (_, errors) = state.recording().expect("a run of kubectl's refusal").kubectl();
    assert_eq!(
        errors.trim_end(),
        r#"The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"#
    );
    assert_eq!(state.text(), bad);
    let too_many = DEPLOY.replace("replicas: 3", "replicas: 101");
    state.apply(&too_many);
    assert_eq!(state.text(), too_many);
    assert!(state.frame().is_none() && state.is_empty());
    assert_eq!(state.problem(), Some("deploy.yaml asks for 101 replicas in all; the page plays at most 40: run it with `cplab kube apply`"));
    assert_eq!(state.start_playing(), None);
    state.press(&Part::Etcd);
    assert!(state.faults().is_empty(), "nothing to press on");
}

#[test]
fn playback_starts_from_the_start_at_the_end_and_an_old_playback_stops() {
    let mut state = KubeState::new(DEPLOY);
    ended(&mut state);
    let first = state.start_playing().expect("plays");
    assert_eq!((state.cursor(), state.playing()), (0, true));
    let second = state.start_playing().expect("plays");
    assert!(!state.still_playing(first) && state.still_playing(second));
    state.pause();
    assert!(!state.still_playing(second));
    state.set_speed(99);
    assert_eq!((state.speed(), state.step_ms()), (3, 333));
}

#[test]
fn starting_over_brings_every_part_back_at_step_0_and_keeps_the_rows() {
    let mut state = KubeState::new(DEPLOY);
    state.press(&Part::KubeScheduler);
    ended(&mut state);
    state.reset();
    assert!(state.at_rest() && state.faults().is_empty());
    assert_eq!(state.rows().len(), 1);
    assert_eq!(state.frame().expect("a frame").down, Vec::<String>::new());
}

#[test]
fn the_share_link_carries_the_text_typed() {
    let text = "kind: [\n  not yaml ü";
    let query = kube_query(text);
    let code = query.strip_prefix("?kube=1&m=").expect("the page and its manifest");
    assert_eq!(decode_link(code).ok().as_deref(), Some(text));
}
