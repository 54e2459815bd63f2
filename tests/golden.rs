//! The lesson's numbers, as golden counts of the model itself.
#![cfg(not(target_arch = "wasm32"))] // native: these spawn processes or use proptest

use cplab::model::{lesson_matrix, matrix_run, Part, PartSet, Scenario, TraceSummary, Verdict};

#[test]
fn the_lessons_request_costs_17_steps_50_reads_7_writes_in_2_rounds() {
    let out = Scenario::lesson().simulate().expect("runs");
    let store = out.plane.store();
    let s = TraceSummary::of(store.trace(), store.revision(), out.plane.rounds());
    assert_eq!(
        s,
        TraceSummary { components: 4, steps: 17, item_reads: 50, writes: 7, revision: 7, rounds: 2 }
    );
    // The second round reads 26 items and writes nothing.
    let second: Vec<_> = store.trace().iter().filter(|t| t.round == 2).collect();
    assert_eq!(second.iter().map(|t| t.items).sum::<usize>(), 26);
    assert_eq!(second.len(), 5);
}

#[test]
fn the_failure_matrix_has_the_lessons_counts() {
    let rows = lesson_matrix().expect("runs");
    let counts: Vec<(usize, usize, usize, usize)> =
        rows.iter().map(|r| (r.believed, r.actual, r.item_reads, r.writes)).collect();
    assert_eq!(counts, [(5, 5, 52, 13), (3, 2, 20, 0), (3, 2, 0, 0), (2, 2, 30, 7), (2, 2, 14, 3)]);
}

#[test]
fn node_agents_down_decides_everything_but_starts_nothing() {
    // Not in the lesson; 38 reads and 10 writes agree with the lesson's JS run with node agents skipped.
    let run = matrix_run(PartSet::of(Part::NodeAgents)).expect("runs");
    let r = &run.row;
    assert_eq!(
        (r.scale, r.failure, r.node, r.reads),
        (Verdict::Half, Verdict::Half, Verdict::Done, Verdict::Done)
    );
    assert_eq!((r.believed, r.actual, r.item_reads, r.writes), (2, 2, 38, 10));
    assert!(run.reported);
}

/// A phase of an extended row: its round, a verdict, believed, actual, item reads, writes.
type Phase = (u32, Verdict, usize, usize, usize, usize);

/// The extended matrix, each row's three phases. Derived by hand for the rows that carry the
/// lesson's argument (R = rounds; the lesson's state has 2 services, 5 copies, 3 nodes; m4 joins
/// only when its registration lands):
/// - API server down: every event is refused, so round 1 reads service/* 2 + copy/* 5 (the
///   controller manager), node/* 3 + copy/* 5 (the scheduler), copy/* 5 (the node agents) = 20
///   and is quiet. Back at round 2: the same 20 reads, nothing to do: the lost scale request and
///   registration do not come back, and the store still counts collector-2 running: 3/2. The
///   report at round 3 writes its death (1); the controller manager removes it and creates
///   collector-4 (2), the scheduler places it (1), the node agents start it (1): 5 writes; round 3
///   and the quiet round 4 read 20 each: 40. Believed 3 = actual 3; the failure is done (3 is
///   what the collector desires, the scale to 5 having been lost).
/// - scheduler down: R1 reads 7 + 7 (controller manager, node agents; copy/* holds 7 once
///   collector-4..6 exist), R2 reads 9 + 7: the lesson's 30. Back at round 3: 9 + 11 (node/* 4,
///   copy/* 7) + 7 = 27 reads, 3 placements + 3 starts = 6 writes; round 4 reads 27: 54 and 6.
/// - controller manager down: back at round 2, it removes collector-2 and creates three copies
///   (4 writes), the scheduler places them (3), the node agents start them (3): 10 writes;
///   reads 7 + 11 + 7 = 25, then 9 + 11 + 7 = 27 in the quiet round 3: 52.
#[test]
fn the_extended_matrix_closes_what_was_known_and_leaves_open_what_was_not() {
    use cplab::model::{repair_row, MATRIX_ORDER};
    let rows: Vec<_> = MATRIX_ORDER.iter().map(|&d| repair_row(d).expect("runs")).collect();
    // The lesson's five rows come first, unchanged.
    let before: Vec<(usize, usize, usize, usize)> = rows
        .iter()
        .map(|r| (r.before.believed, r.before.actual, r.before.item_reads, r.before.writes))
        .collect();
    assert_eq!(
        before,
        [
            (5, 5, 52, 13),
            (3, 2, 20, 0),
            (3, 2, 0, 0),
            (2, 2, 30, 7),
            (2, 2, 14, 3),
            (2, 2, 38, 10),
            (3, 2, 0, 0)
        ]
    );
    // After repair: back at, scale, believed/actual, item reads and writes of the repair alone.
    let repaired: Vec<Phase> = rows
        .iter()
        .map(|r| {
            let a = &r.repaired;
            (r.repair_round, a.scale, a.believed, a.actual, a.item_reads, a.writes)
        })
        .collect();
    use Verdict::{Done, Halted};
    assert_eq!(
        repaired,
        [
            (0, Done, 5, 5, 0, 0),
            (2, Halted, 3, 2, 20, 0),
            (2, Halted, 3, 2, 20, 0),
            (3, Done, 5, 5, 54, 6),
            (2, Done, 5, 5, 52, 10),
            (3, Done, 5, 5, 54, 3),
            (2, Halted, 3, 2, 20, 0),
        ]
    );
    // Where the gap stayed open (the ledger's gate or the ledger was down), the report closes it.
    let reported: Vec<Option<Phase>> = rows
        .iter()
        .map(|r| {
            r.reported.as_ref().map(|p| {
                (r.report_round.unwrap_or(0), p.failure, p.believed, p.actual, p.item_reads, p.writes)
            })
        })
        .collect();
    let closed = Some((3, Done, 3, 3, 40, 5));
    assert_eq!(reported, [None, closed, closed, None, None, None, closed]);
    // With the whole control plane down, traffic continues and nothing running changed but the
    // death that happened on its node.
    let plane = &rows[6].before;
    assert!(plane.traffic_continues);
    assert_eq!((plane.actual, plane.writes, plane.scale), (2, 0, Halted));
}

#[test]
fn idle_rounds_run_and_read_until_a_timeline_change_is_due() {
    use cplab::model::{Change, Event, Request, Service, Value};
    // The lesson's state is quiet; a scale request at round 3 arrives after two idle rounds, each
    // reading 2 + 5 + 3 + 5 + 5 = 20 items.
    let request =
        Request { key: "service/verifier".into(), value: Some(Value::Service(Service { desired: 3 })) };
    let scenario = Scenario {
        requests: vec![],
        timeline: vec![Event::at(3, Change::Request(request))],
        ..Scenario::lesson()
    };
    let out = scenario.simulate().expect("runs");
    let store = out.plane.store();
    let reads_in = |round| store.trace().iter().filter(|t| t.round == round).map(|t| t.items).sum::<usize>();
    assert_eq!((reads_in(1), reads_in(2)), (20, 20));
    assert_eq!(store.trace().iter().find(|t| t.round == 3).map(|t| &*t.key), Some("service/verifier"));
    // One round creates, places and starts the new copy; round 4 is the quiet one.
    assert_eq!(out.plane.rounds(), 4);
    assert_eq!(out.responses.len(), 1, "the timeline's request is answered");
}
