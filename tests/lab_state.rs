//! The lab's state machine, checked without a browser: each thing a student does (a press at step
//! 0 and mid-run, a matrix row filled and repaired, another run picked, a reset, an assignment's
//! seal and its lock) applied to a `playback::LabState`, and the state and its frame after each,
//! as plain text compared byte for byte with the files in `tests/golden/lab/`. A difference fails;
//! to accept a deliberate change, run with `UPDATE_GOLDEN=1` and read the diff before committing.
#![cfg(not(target_arch = "wasm32"))] // native: reads and writes files

mod support;

use cplab::messages::EN;
use cplab::model::{MatrixRow, Part, PartSet, Run, Scenario};
use cplab::playback::{LabState, MatrixLine, Phase, Recordings};
use std::fmt::Write;

/// A lab driven by hand, and what it showed after each act.
struct Session {
    state: LabState,
    recordings: Recordings,
    transcript: String,
}

impl Session {
    fn new() -> Session {
        let mut s =
            Session { state: LabState::new(), recordings: Recordings::new(), transcript: String::new() };
        s.said("start");
        s
    }

    /// Does `act` and writes down what the lab shows after it.
    fn act(&mut self, what: &str, act: impl FnOnce(&mut LabState, &mut Recordings)) -> &mut Session {
        act(&mut self.state, &mut self.recordings);
        self.said(what);
        self
    }

    fn said(&mut self, what: &str) {
        let text = render(&self.state, &mut self.recordings);
        let _ = write!(self.transcript, "> {what}\n{text}");
    }
}

/// The state and its frame as text: the run, its edits, the cursor and its length, the flags, the
/// frame's round, parts down and changes coming, believed and actual, and the matrix rows run.
fn render(state: &LabState, recordings: &mut Recordings) -> String {
    let frame = recordings.frame(state);
    let edits = state.edits();
    let changes: Vec<String> =
        edits.timeline.iter().map(|e| format!("round {}: {}", e.round, EN.change(&e.change))).collect();
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut out = String::new();
    let _ = writeln!(out, "  run {:?}, down from the start: {}", state.run(), EN.down(edits.down));
    let _ = writeln!(out, "  changes: [{}]", changes.join("; "));
    let _ = writeln!(
        out,
        "  cursor {} (frame: step {} of {}, round {}, at its end {}), playing {}, ended {}, sealed {}, fills a row {}, reading the panels {}",
        state.cursor(),
        frame.cursor,
        frame.len,
        frame.round,
        yes(frame.at_end()),
        yes(state.playing()),
        yes(state.ended()),
        yes(frame.sealed),
        yes(state.fills_row()),
        yes(state.reading_panels())
    );
    let coming = frame.coming().map(|(round, changes)| {
        let said: Vec<String> = changes.iter().map(|c| EN.change(c)).collect();
        format!("round {round}: {}", said.join("; "))
    });
    let _ = writeln!(
        out,
        "  down now: {}, down next round: {}, coming: {}",
        EN.down(frame.down),
        EN.down(frame.down_next()),
        coming.as_deref().unwrap_or("nothing")
    );
    let _ = writeln!(
        out,
        "  believed {}, actual {}, ghosts [{}]",
        frame.believed.len(),
        frame.actual.len(),
        frame.ghosts.iter().map(|k| &**k).collect::<Vec<_>>().join(", ")
    );
    let _ = writeln!(out, "  matrix: {} of 7 rows run", state.rows_filled());
    for (down, line) in state.finished() {
        let _ = writeln!(out, "    {}: {}", EN.down(*down), line_text(line));
    }
    out
}

fn line_text(line: &MatrixLine) -> String {
    let cell = |r: &Option<MatrixRow>| match r {
        Some(r) => format!(
            "{}/{}/{}/{} {}/{} rd {} wr {}",
            EN.verdict(r.scale),
            EN.verdict(r.failure),
            EN.verdict(r.node),
            EN.verdict(r.reads),
            r.believed,
            r.actual,
            r.item_reads,
            r.writes
        ),
        None => "-".to_string(),
    };
    format!(
        "run [{}], repaired [{}], reported [{}], report due {}",
        cell(&line.run),
        cell(&line.repaired),
        cell(&line.reported),
        line.report_due()
    )
}

const SCHED: PartSet = PartSet::of_part(Part::Scheduler);
const API: PartSet = PartSet::of_part(Part::ApiServer);

#[test]
fn a_press_at_step_0_takes_a_part_down_for_the_whole_run_and_a_second_brings_it_back() {
    let mut s = Session::new();
    s.act("press the scheduler at step 0", |l, r| l.press(SCHED, r))
        .act("run to the end", |l, r| l.go_to(usize::MAX, r))
        .act("back to step 0", |l, r| l.go_to(0, r))
        .act("press the scheduler again", |l, r| l.press(SCHED, r));
    support::golden("lab", "press-at-step-0", &s.transcript);
}

#[test]
fn a_press_mid_run_acts_from_the_next_round_and_keeps_every_step_before() {
    let mut s = Session::new();
    s.act("step to 5 (round 1)", |l, r| l.go_to(5, r))
        .act("press the API server", |l, r| l.press(API, r))
        .act("press it again before the round comes: taken back", |l, r| l.press(API, r))
        .act("press the whole control plane", |l, r| l.press(PartSet::CONTROL_PLANE, r))
        .act("run to the end", |l, r| l.go_to(usize::MAX, r))
        .act("the node agents report again", |l, r| l.report_again(r));
    support::golden("lab", "press-mid-run", &s.transcript);
}

#[test]
fn a_matrix_row_fills_then_its_repair_then_its_report() {
    let mut s = Session::new();
    s.act("fill the API server's row", |l, r| l.fill_row(API, Phase::Run, r))
        .act("repair it", |l, r| l.fill_row(API, Phase::Repaired, r))
        .act("have the node agents report", |l, r| l.fill_row(API, Phase::Reported, r))
        .act("fill the healthy row", |l, r| l.fill_row(PartSet::NONE, Phase::Run, r))
        .act("fill the store's row (a run of no step ends at once)", |l, r| {
            l.fill_row(PartSet::of(Part::StateStore), Phase::Run, r)
        });
    support::golden("lab", "fill-a-row-and-repair", &s.transcript);
}

#[test]
fn the_events_run_to_its_end_by_hand_fills_its_row_and_a_press_mid_run_fills_none() {
    let mut s = Session::new();
    s.act("pick the failure-matrix events", |l, r| l.pick(Run::Events, r))
        .act("press the scheduler at step 0", |l, r| l.press(SCHED, r))
        .act("run to the end: the scheduler's row fills", |l, r| l.go_to(usize::MAX, r))
        .act("bring it back at the end: the repair", |l, r| l.press(SCHED, r))
        .act("run to the end: after repair fills", |l, r| l.go_to(usize::MAX, r))
        .act("step back to 3 and press the API server: no row", |l, r| {
            l.go_to(3, r);
            l.press(API, r)
        })
        .act("run to the end", |l, r| l.go_to(usize::MAX, r));
    support::golden("lab", "events-by-hand", &s.transcript);
}

#[test]
fn switching_runs_and_picking_one_carry_what_they_say_and_reset_starts_over() {
    let mut s = Session::new();
    s.act("press the scheduler at step 0", |l, r| l.press(SCHED, r))
        .act("step to 9 and press the API server", |l, r| {
            l.go_to(9, r);
            l.press(API, r)
        })
        .act("pick the events: every change carried over", |l, r| l.pick(Run::Events, r))
        .act("switch to the lesson with the node agents down: no other change", |l, r| {
            l.switch(Run::Lesson, PartSet::of(Part::NodeAgents), r)
        })
        .act("step to 4", |l, r| l.go_to(4, r))
        .act("reset", |l, r| l.reset(r));
    support::golden("lab", "switch-and-reset", &s.transcript);
}

#[test]
fn playback_starts_from_the_start_at_the_end_and_a_stale_loop_stops() {
    let mut state = LabState::new();
    let mut r = Recordings::new();
    state.go_to(usize::MAX, &mut r);
    let first = state.start_playing(&mut r);
    assert_eq!((first, state.cursor(), state.playing()), (Some(1), 0, true), "from the start");
    let second = state.start_playing(&mut r);
    assert_eq!(second, Some(2));
    assert!(!state.still_playing(1) && state.still_playing(2), "only the newest loop plays");
    state.go_to(17, &mut r);
    assert!(!state.playing(), "the end pauses");
    state.set_speed(99);
    assert_eq!((state.speed(), state.step_ms()), (3, 333), "clamped to the top speed");
}

#[test]
fn a_seal_shows_every_run_at_its_start_until_the_lock() {
    // An assignment whose run has the scheduler down from the start.
    let given = Scenario { down: SCHED, ..Scenario::lesson() };
    let mut s = Session::new();
    s.act("fill the API server's row before the assignment opens", |l, r| l.fill_row(API, Phase::Run, r))
        .act("open the assignment: its run given, then sealed", |l, r| {
            r.give(given.clone());
            l.show_given(r);
            l.seal(true)
        })
        .act("step, run to the end, play: nothing moves", |l, r| {
            l.go_to(3, r);
            l.go_to(usize::MAX, r);
            assert_eq!(l.start_playing(r), None, "a sealed run does not play");
        })
        .act("press the API server at the start: the run changes, still sealed", |l, r| l.press(API, r))
        .act("fill the store's row: a run of no step, still sealed and not at its end", |l, r| {
            l.fill_row(PartSet::of(Part::StateStore), Phase::Run, r)
        })
        .act("lock: unsealed, the run shown plays again", |l, _| l.seal(false))
        .act("show the given run again", |l, r| l.show_given(r))
        .act("run it to the end", |l, r| l.go_to(usize::MAX, r))
        .act("reset: its own parts down", |l, r| l.reset(r));
    support::golden("lab", "seal-and-lock", &s.transcript);
}
