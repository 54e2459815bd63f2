//! Issue 32: a real cluster's audit log played on the page `?kube=1` (`KubeState::play_log`),
//! natively: the same cursor, toolbar and frame as the run, the log's trace and heads, the
//! diagram's part lit for each request, nothing pressed down while it plays, and back to the run
//! when closed or when a manifest is applied. The log is the run's own, as the page's download
//! writes it (`kube::output::audit`, the CLI's `-o audit`).
#![cfg(not(target_arch = "wasm32"))]

use cplab::kube::audit::{read_log, Level, ReadOptions, TRACE_HEADS};
use cplab::kube::output::audit;
use cplab::kube::Part;
use cplab::playback::audit::{AuditRecording, Shown};
use cplab::playback::kube_state::KubeState;
use cplab::playback::played::Revision;
use std::rc::Rc;

const DEPLOY: &str = include_str!("kube/deploy.yaml");

/// The page with the run's own Metadata log open.
fn with_its_log() -> (KubeState, Rc<AuditRecording>) {
    let mut state = KubeState::new(DEPLOY);
    let run = &state.recording().expect("a run").run;
    let log = audit(run, Level::Metadata);
    assert!(log.lines().count() > 100, "{} lines", log.lines().count());
    let recording =
        Rc::new(AuditRecording::of(read_log(log.as_bytes(), ReadOptions::default()), Shown::Journey));
    state.go_to(7);
    state.play_log(recording.clone());
    (state, recording)
}

#[test]
fn a_log_plays_on_the_runs_cursor_from_its_start() {
    let (mut state, log) = with_its_log();
    assert_eq!((state.cursor(), state.len(), state.playing()), (0, log.len(), false));
    assert!(state.log().is_some());
    assert_eq!(state.trace_heads(), &TRACE_HEADS);
    assert_eq!(state.trace_row(0), log.row_cells_at(0));
    let frame = state.frame().expect("a frame");
    assert_eq!((frame.row, frame.revision), (None, Revision::NotInLog));
    assert_eq!(frame.revision.to_string(), "not known from a log");
    assert!(state.start_playing().is_some());
    state.go_to(usize::MAX);
    assert_eq!((state.cursor(), state.playing()), (log.len(), false), "the end stops playback");
    assert!(state.rows().is_empty(), "a log fills no blast row");
}

#[test]
fn each_request_lights_the_part_the_run_drew() {
    let (mut state, log) = with_its_log();
    let drawn = ["kubectl", "kube-apiserver", "etcd", "kube-scheduler", "kube-controller-manager"];
    let mut lit = Vec::new();
    for cursor in 1..=log.len() {
        state.go_to(cursor);
        let frame = state.frame().expect("a frame");
        let part = frame.lit.expect("a part acts");
        assert!(frame.events.is_empty() && frame.pods.is_empty() && frame.down.is_empty());
        if !lit.contains(&part) {
            lit.push(part);
        }
    }
    // Every part but kube-proxy is a box of the diagram (its one account names no node).
    let boxed = |p: &String| drawn.contains(&p.as_str()) || p.starts_with("kubelet/node-");
    assert!(lit.iter().filter(|p| p.as_str() != "kube-proxy").all(boxed), "{lit:?}");
    for part in ["kubectl", "kube-scheduler", "kube-controller-manager", "kubelet/node-1"] {
        assert!(lit.iter().any(|p| p == part), "{part} never lit: {lit:?}");
    }
}

#[test]
fn nothing_is_pressed_down_in_a_log_and_closing_it_plays_the_run_again() {
    let (mut state, _) = with_its_log();
    let runs = state.runs();
    state.go_to(3);
    state.press(&Part::KubeScheduler);
    assert!(state.faults().is_empty() && state.runs() == runs, "a log records what happened");
    state.reset();
    assert!(state.log().is_some() && state.cursor() == 0 && state.at_rest());
    state.close_log();
    assert!(state.log().is_none());
    assert_eq!(state.cursor(), 0);
    assert!(state.runs() > runs, "a new source for the views' cache");
    assert_eq!(state.len(), state.recording().expect("the run").len());
    assert_eq!(state.trace_heads(), &cplab::playback::kube::TRACE_HEADS);
}

#[test]
fn applying_a_manifest_closes_the_log() {
    let (mut state, _) = with_its_log();
    state.apply(DEPLOY);
    assert!(state.log().is_none());
    assert!(matches!(state.frame().expect("a frame").revision, Revision::Known(_)));
}
