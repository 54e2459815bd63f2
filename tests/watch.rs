//! Watch mode (beyond the lesson, issue 22): both modes reach the same decisions on every
//! generated scenario, and differ exactly in the reads a standing watch spares; the lesson's
//! request in watch mode, pinned with its derivation.
#![cfg(not(target_arch = "wasm32"))] // native: the generators are native

mod support;

use cplab::formats::run_json::result_json;
use cplab::formats::scenario_json;
use cplab::model::watch::{load_by_round, Load, READERS};
use cplab::model::{
    Change, CopyRecord, Event, Health, Node, Op, Outcome, Part, PartSet, Request, Scenario, Service, Status,
    Value, WatchPlan,
};
use support::{scenario, Rng};

/// A timeline of changes drawn on top of a generated scenario: parts down and back (the store
/// too), requests at later rounds, reports. Each is possible where it stands.
fn timeline(rng: &mut Rng, down: PartSet) -> Vec<Event> {
    let mut now = down;
    let mut events = Vec::new();
    let mut round = 1;
    for _ in 0..rng.below(7) {
        round += rng.below(3) as u32;
        let part = *rng.pick(&Part::ALL);
        let change = match rng.below(5) {
            0 | 1 => {
                let down = !now.contains(part);
                now = if down { now.with(part) } else { now.without(part) };
                if down {
                    Change::Down(part)
                } else {
                    Change::Up(part)
                }
            }
            2 => Change::Report,
            3 => {
                let name = rng.pick(&["collector", "verifier", "a"]);
                let value = Value::Service(Service { desired: rng.below(6) as u32 });
                Change::Request(Request { key: format!("service/{name}"), value: Some(value) })
            }
            _ => {
                let key = format!("copy/collector-{}", 1 + rng.below(6));
                let value = if rng.chance(50) {
                    let dead = CopyRecord {
                        service: "collector".into(),
                        node: Some("m2".into()),
                        status: Status::Dead,
                    };
                    Some(Value::Copy(dead))
                } else if rng.chance(50) {
                    None
                } else {
                    Some(Value::Node(Node { capacity: 4, health: Health::Alive }))
                };
                let key = if matches!(value, Some(Value::Node(_))) {
                    format!("node/m{}", rng.below(9))
                } else {
                    key
                };
                Change::Request(Request { key, value })
            }
        };
        events.push(Event::at(round, change));
    }
    events
}

/// Some of the readers watch (all of them half the time), with some expired rounds.
fn plan(rng: &mut Rng) -> WatchPlan {
    let parts: PartSet = if rng.chance(50) {
        READERS.into_iter().collect()
    } else {
        READERS.into_iter().filter(|_| rng.chance(50)).collect()
    };
    let expired = (0..rng.below(3)).map(|_| 1 + rng.below(8) as u32).collect();
    WatchPlan { parts, expired }
}

/// The list-mode trace with the reads a standing watch spares taken out: the rule of
/// `model::watch`, walked independently over the rounds. A watching part that acts lists when it
/// has no watch (first turn, back from down, the store back, history expired) and then keeps it.
fn expected_watch_trace(s: &Scenario, list: &Outcome) -> Vec<cplab::model::Step> {
    let mut down = s.down;
    let mut watching = PartSet::NONE;
    let mut next = 0;
    // The rounds each part's reads are spared in, walked round by round.
    let mut spared: Vec<(u32, Part)> = Vec::new();
    for round in 1..=list.plane.rounds() {
        while let Some(e) = s.timeline.get(next).filter(|e| e.round <= round) {
            match e.change {
                Change::Down(p) => {
                    down = down.with(p);
                    watching = if p == Part::StateStore { PartSet::NONE } else { watching.without(p) };
                }
                Change::Up(p) => down = down.without(p),
                _ => {}
            }
            next += 1;
        }
        if s.watch.expired.contains(&round) {
            watching = PartSet::NONE;
        }
        for part in READERS.into_iter().filter(|&p| s.watch.parts.contains(p)) {
            if watching.contains(part) {
                spared.push((round, part));
            }
            if !down.contains(part) && !down.contains(Part::StateStore) {
                watching = watching.with(part);
            }
        }
    }
    let trace = list.plane.store().trace();
    trace
        .iter()
        .filter(|t| !(t.op == Op::Read && spared.contains(&(t.round, t.component))))
        .cloned()
        .collect()
}

/// Generated scenarios with timelines, each run in list mode and in watch mode: the same
/// responses, final store, actual state, revision, rounds and writes; the watch trace is the list
/// trace less exactly the reads a standing watch spares.
#[test]
fn list_and_watch_reach_the_same_decisions_and_differ_only_in_spared_reads() {
    let mut rng = Rng::new(0x5a11_d695);
    let (mut spared_some, mut relisted) = (0, 0);
    for _ in 0..600 {
        let doc = scenario(&mut rng).to_string();
        let mut list = scenario_json::parse(&doc).unwrap_or_else(|e| panic!("{e}: {doc}"));
        list.timeline = timeline(&mut rng, list.down);
        let watch = Scenario { watch: plan(&mut rng), ..list.clone() };
        let (a, b) = (list.simulate().expect("runs"), watch.simulate().expect("runs"));
        let (sa, sb) = (a.plane.store(), b.plane.store());
        let why = format!("{doc}\ntimeline {:?}\nwatch {:?}", list.timeline, watch.watch);
        assert_eq!(a.responses, b.responses, "{why}");
        assert_eq!(sa.entries().collect::<Vec<_>>(), sb.entries().collect::<Vec<_>>(), "{why}");
        assert_eq!(a.plane.actual(), b.plane.actual(), "{why}");
        assert_eq!((sa.revision(), a.plane.rounds()), (sb.revision(), b.plane.rounds()), "{why}");
        let writes =
            |t: &[cplab::model::Step]| t.iter().filter(|s| s.op != Op::Read).cloned().collect::<Vec<_>>();
        assert_eq!(writes(sa.trace()), writes(sb.trace()), "{why}");
        assert_eq!(sb.trace(), expected_watch_trace(&watch, &a).as_slice(), "{why}");
        spared_some += usize::from(sb.trace().len() < sa.trace().len());
        relisted += usize::from(!watch.watch.expired.is_empty() || !list.timeline.is_empty());
    }
    // The generator reaches what it must: runs where a watch spared reads, and runs with breaks.
    assert!(spared_some > 200 && relisted > 200, "spared {spared_some}, with breaks {relisted}");
}

/// The lesson's request in watch mode.
///
/// Round 0: the API server writes `service/collector` (1 write). No watch stands yet, so no event.
/// Round 1 is list mode's round 1: each component's first turn lists, 2 + 5 (controller manager) +
/// 3 + 7 (scheduler) + 7 (node agents) = 24 items, and the same 6 writes. Each write of
/// `copy/collector-4` and `-5` is an event to every cache of `copy/` standing by then: the
/// controller manager's two are seen by itself (2); the scheduler's two by the controller
/// manager and itself (4); the node agents' two by all three (6): 12 events.
/// Round 2: every component decides from its cache, which holds exactly the store, and finds
/// nothing to do: 0 items read (list mode reads 2 + 7 + 3 + 7 + 7 = 26), 0 writes, 0 events.
/// So 12 steps (list mode's 17 less round 2's five reads), 24 items read, 7 writes, revision 7,
/// 2 rounds.
#[test]
fn the_lessons_request_in_watch_mode_reads_24_items_and_then_nothing() {
    let out = Scenario { watch: WatchPlan::all(), ..Scenario::lesson() }.simulate().expect("runs");
    let store = out.plane.store();
    let load = load_by_round(store, out.plane.rounds());
    let by = |round: usize, part: Part| load[round][Part::ALL.iter().position(|&p| p == part).unwrap_or(0)];
    let l = |listed, events, writes| Load { listed, events, writes };
    assert_eq!(by(0, Part::ApiServer), l(0, 0, 1));
    assert_eq!(by(1, Part::ControllerManager), l(7, 6, 2));
    assert_eq!(by(1, Part::Scheduler), l(10, 4, 2));
    assert_eq!(by(1, Part::NodeAgents), l(7, 2, 2));
    assert!(load[2].iter().all(|x| *x == Load::default()), "the idle round costs nothing");
    assert_eq!((store.trace().len(), store.revision(), out.plane.rounds()), (12, 7, 2));
    assert_eq!(result_json(&out), include_str!("golden/run-watch.json"));
}

/// The list-mode JSON has no `events`; watch mode's has them per round.
#[test]
fn per_round_gains_events_only_in_watch_mode() {
    let list = result_json(&Scenario::lesson().simulate().expect("runs"));
    assert!(!list.contains("events"));
    let watch =
        result_json(&Scenario { watch: WatchPlan::all(), ..Scenario::lesson() }.simulate().expect("runs"));
    assert!(watch.ends_with(
        "\"per_round\":[{\"round\":0,\"reads\":0,\"writes\":1,\"events\":0},\
         {\"round\":1,\"reads\":24,\"writes\":6,\"events\":12},{\"round\":2,\"reads\":0,\"writes\":0,\"events\":0}]}\n"
    ));
}

/// A component that goes down loses its cache; back, it lists again (and so do all after the
/// store comes back, or when the history expired).
#[test]
fn a_part_back_from_down_and_an_expired_history_list_again() {
    let reads_in = |s: &Scenario, round: u32| {
        let out = s.simulate().expect("runs");
        let t = out.plane.store().trace();
        t.iter().filter(|t| t.round == round && t.op == Op::Read).map(|t| t.items).sum::<usize>()
    };
    let watch = |timeline, expired| Scenario {
        watch: WatchPlan { expired, ..WatchPlan::all() },
        timeline,
        ..Scenario::lesson()
    };
    // The scheduler down at round 2, back at 3: it lists at 3 (node/ 3 + copy/ 7).
    let s = watch(
        vec![Event::at(2, Change::Down(Part::Scheduler)), Event::at(3, Change::Up(Part::Scheduler))],
        vec![],
    );
    assert_eq!((reads_in(&s, 2), reads_in(&s, 3), reads_in(&s, 4)), (0, 10, 0));
    // The store down at 2, back at 3: everyone lists at 3, as list mode reads every round.
    let s = watch(
        vec![Event::at(2, Change::Down(Part::StateStore)), Event::at(3, Change::Up(Part::StateStore))],
        vec![],
    );
    assert_eq!((reads_in(&s, 2), reads_in(&s, 3), reads_in(&s, 4)), (0, 26, 0));
    // The API server down breaks no watch (the components reach the store without it here).
    let s = watch(vec![Event::at(2, Change::Down(Part::ApiServer)), Event::at(4, Change::Report)], vec![]);
    assert_eq!((reads_in(&s, 2), reads_in(&s, 3)), (0, 0));
    // History expired at round 3 (the run kept going with a report at 4): one re-list, at 3.
    let s = watch(vec![Event::at(4, Change::Report)], vec![3]);
    assert_eq!((reads_in(&s, 2), reads_in(&s, 3), reads_in(&s, 4)), (0, 26, 0));
}

/// `cplab scale`, byte for byte: the lesson's 26 is the first row's list column.
#[test]
fn scale_prints_the_idle_round_in_each_mode() {
    let o = support::cplab(&["scale"], "");
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).expect("utf-8");
    assert_eq!(text, include_str!("golden/scale.txt"));
    assert!(text.contains(
        "     12         2        7        3                 26                   26                   0\n"
    ));
    assert!(text.contains(
        " 100000     16667    58333    25000             216666               216666                   0\n"
    ));
}

/// `mode` and `watch_expired` in a scenario: read, and every wrong value named by its field.
#[test]
fn the_scenario_mode_is_read_and_wrong_values_are_named() {
    let lesson = r#""requests": [{"key": "service/collector", "value": {"desired": 5}}]"#;
    let run = |extra: &str| support::cplab(&["run"], &format!("{{{lesson}, {extra}}}"));
    let o = run(r#""mode": "watch""#);
    assert_eq!(String::from_utf8_lossy(&o.stdout), include_str!("golden/run-watch.json"));
    // Per component: only the scheduler watches, so round 2 reads 26 - 10 = 16.
    let o = run(r#""mode": {"scheduler": "watch", "node agents": "list"}"#);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("{\"round\":2,\"reads\":16,\"writes\":0,\"events\":0}")
    );
    // "list" is the lesson's mode: the output is byte for byte the one without `mode`.
    let plain = support::cplab(&["run"], &format!("{{{lesson}}}"));
    assert_eq!(run(r#""mode": "list""#).stdout, plain.stdout);
    let cases = [
        (r#""mode": "poll""#, "cplab: standard input: mode: unknown mode \"poll\"; use \"list\" or \"watch\"\n"),
        (r#""mode": 3"#, "cplab: standard input: mode: must be \"list\", \"watch\" or an object of component: mode, found a number\n"),
        (r#""mode": {"scheduler": "often"}"#, "cplab: standard input: mode[\"scheduler\"]: unknown mode \"often\"; use \"list\" or \"watch\"\n"),
        (r#""mode": {"API server": "watch"}"#, "cplab: standard input: mode[\"API server\"]: the API server reads nothing, so it has no mode; only \"controller manager\", \"scheduler\" and \"node agents\" do\n"),
        (r#""watch_expired": [2]"#, "cplab: standard input: watch_expired: no component watches: use it with \"mode\": \"watch\"\n"),
        (r#""mode": "watch", "watch_expired": [0]"#, "cplab: standard input: watch_expired[0]: "),
    ];
    for (extra, message) in cases {
        let o = run(extra);
        assert_eq!(o.status.code(), Some(1), "{extra}");
        assert!(o.stdout.is_empty(), "{extra}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with(message), "{extra}: {err}");
    }
}
