//! The lesson's numbers, as golden counts of the model itself.
#![cfg(not(target_arch = "wasm32"))] // native: these spawn processes or use proptest

use cplab::model::{lesson_matrix, matrix_run, Part, Scenario, TraceSummary, Verdict};

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
    let run = matrix_run(Some(Part::NodeAgents)).expect("runs");
    let r = &run.row;
    assert_eq!(
        (r.scale, r.failure, r.node, r.reads),
        (Verdict::Half, Verdict::Half, Verdict::Done, Verdict::Done)
    );
    assert_eq!((r.believed, r.actual, r.item_reads, r.writes), (2, 2, 38, 10));
    assert!(run.reported);
}
