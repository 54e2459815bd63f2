//! The overview's quiz stops (issue 31), derived natively: each stop's run on the page's own
//! state, its moment found in that run and what the page shows there, against
//! tests/golden/kube/stops.txt; each moment held to the fact it answers (the writer `cplab
//! check` derives, etcd's tolerance table, kube-proxy's rules at that step and not before); the
//! stops the assignment format takes are these; the shipped quiz names them, its links no answer.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use cplab::formats::choice::{stop_link, STOPS};
use cplab::kube::blast::seconds;
use cplab::kube::ha::etcd::{tolerance_table, EtcdTimings};
use cplab::playback::kube::KubeRecording;
use cplab::playback::kube_state::KubeState;
use cplab::playback::kube_stops::{etcd_writers, stops, Look, Moment, Seen, StopRun};
use cplab::teaching::assignment::Question;
use std::rc::Rc;

/// The page's state as a stop opens it: its manifest on its fields, the cursor at its moment.
fn opened(run: &StopRun) -> (KubeState, Rc<KubeRecording>, Moment) {
    let mut state = KubeState::with_fields(&run.manifest(), run.fields());
    assert_eq!(state.setup_problems(), [], "{run:?}: the fields are the page's own");
    let recording = state.recording().cloned().expect("the page plays the stop's run");
    let moment = run.moment(&recording).expect("the run has the stop's moment");
    state.go_to(moment.cursor);
    (state, recording, moment)
}

#[test]
fn each_stop_opens_its_run_at_its_moment() {
    let mut out = String::new();
    for stop in stops() {
        for (i, run) in stop.runs.iter().enumerate() {
            let (state, recording, m) = opened(run);
            let frame = state.frame().expect("a frame");
            let flags = state.setup().flags(&[]);
            let (id, look, len) = (stop.id, run.look, recording.len());
            out += &format!(
                "{id} run {} ({look:?}): {len} steps, cplab kube apply deploy.yaml {flags}\n",
                i + 1
            );
            out += &format!("  moment: cursor {} at {} ({} ms)\n", m.cursor, seconds(m.at_ms), m.at_ms);
            out += &format!("  seen: {:?}\n", m.seen);
            let row = frame.row.map(|r| r.join(" | ")).unwrap_or_default();
            out += &format!(
                "  frame: cursor {}, acting {:?}, written {:?}\n  row: {row}\n",
                frame.cursor, frame.acting, frame.written
            );
        }
    }
    support::golden("kube", "stops", &out);
}

#[test]
fn the_stops_are_the_ones_an_assignment_may_name() {
    let ids: Vec<&str> = stops().iter().map(|s| s.id).collect();
    assert_eq!(ids, STOPS);
    // Three sizes, each losing one member and then two: the quiz's "3 vs 4 vs 5".
    let sizes = stops().into_iter().find(|s| s.id == "etcd-sizes").expect("a stop");
    let shape: Vec<(u32, u32)> = sizes.runs.iter().map(|r| (r.members, r.down)).collect();
    assert_eq!(shape, [(3, 1), (3, 2), (4, 1), (4, 2), (5, 1), (5, 2)]);
}

#[test]
fn the_writers_moment_is_the_first_put_and_kube_apiserver_sends_every_write() {
    let stop = &stops()[0];
    let (state, recording, m) = opened(&stop.runs[0]);
    let trace = &recording.run.trace;
    let first = trace.iter().position(|s| s.verb == "put").expect("a write");
    assert_eq!(m.cursor, first + 1);
    assert!(trace[first - 1].request.is_some(), "the step before is the API request served");
    let frame = state.frame().expect("a frame");
    assert_eq!((frame.acting.as_deref(), frame.written.is_some()), (Some("etcd"), true));
    let writes = trace.iter().filter(|s| s.verb == "put").count();
    let Seen::Write { writer, writers, .. } = &m.seen else { panic!("{:?}", m.seen) };
    assert_eq!(
        (writer.as_str(), writers.clone()),
        ("kube-apiserver", vec![("kube-apiserver".to_string(), writes)])
    );
    // What `cplab check` holds the quiz's first answer to, from the same rule.
    assert_eq!(etcd_writers(&recording.run), *writers);
}

#[test]
fn the_proxys_moment_is_its_first_rules_to_a_pod_and_it_only_watches_and_syncs() {
    let stop = &stops()[1];
    let (state, recording, m) = opened(&stop.runs[0]);
    let trace = &recording.run.trace;
    let Seen::Rules { proxy, rules, verbs } = &m.seen else { panic!("{:?}", m.seen) };
    assert_eq!(state.frame().and_then(|f| f.acting).as_ref(), Some(proxy));
    assert!(rules.contains(" -> 10."), "{rules}");
    // No kube-proxy step before the moment leads the Service anywhere.
    let before = trace[..m.cursor - 1].iter().filter(|s| s.component.starts_with("kube-proxy/"));
    assert!(
        before.clone().all(|s| !s.note.contains(" -> ")),
        "{:?}",
        before.map(|s| &s.note).collect::<Vec<_>>()
    );
    // kube-proxy lists, watches and programs rules: it writes nothing and runs no container.
    let names: Vec<&str> = verbs.iter().map(|(v, _)| v.as_str()).collect();
    assert!(
        names.iter().all(|v| ["LIST", "WATCH", "sync rules"].contains(v) || v.starts_with("WATCH ")),
        "{names:?}"
    );
}

#[test]
fn writes_stop_exactly_where_the_etcd_models_tolerance_says() {
    let table = tolerance_table(EtcdTimings::default());
    let stop = &stops()[2];
    for run in &stop.runs {
        assert_eq!(run.look, Look::Quorum);
        let (state, recording, m) = opened(run);
        let tolerates = table.iter().find(|r| r.members == run.members).expect("a row").tolerates;
        let Seen::Writes { members, down, quorum, leader } = &m.seen else { panic!("{:?}", m.seen) };
        assert_eq!((*members, *down), (run.members, run.down));
        assert_eq!(leader.is_none(), run.down > tolerates, "{run:?}: {leader:?}");
        assert_eq!(*quorum, run.members / 2 + 1);
        // The moment is at or after the members go down, and the cursor shows it and no later step.
        let trace = &recording.run.trace;
        assert!(m.at_ms >= 10 && trace[m.cursor - 1].at_ms <= m.at_ms, "{run:?}");
        assert!(trace.get(m.cursor).is_none_or(|s| s.at_ms > m.at_ms), "{run:?}");
        assert_eq!(state.cursor(), m.cursor);
    }
}

#[test]
fn the_shipped_quiz_names_a_stop_for_each_question_and_its_links_carry_no_answer() {
    let text =
        std::fs::read_to_string(support::root().join("assignments/overview-quiz.json")).expect("shipped");
    let quiz = cplab::formats::assignment_json::parse(&text).expect("a good file");
    let choices: Vec<_> =
        quiz.ask.iter().filter_map(|q| if let Question::Choice(c) = q { Some(c) } else { None }).collect();
    assert_eq!(choices.len(), 4);
    for c in choices {
        let stop = c.stop.expect("each question names its stop");
        // The link names the page, the stop and the seal, and nothing else: no option.
        assert_eq!(stop_link(stop), format!("?kube=1&stop={stop}&sealed=1"));
        assert!(!c.options.iter().any(|o| o == stop), "{stop} is an option");
    }
}
