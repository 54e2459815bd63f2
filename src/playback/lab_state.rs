//! The lab's state and every change a student makes to it: which run is shown with which edits,
//! the cursor, playback, the failure-matrix rows filled, the seal of an open assignment. Pure:
//! the page keeps one [`LabState`] in one signal and changes it only through these methods, each
//! given the [`Recordings`] it needs a run's length or frame from; the tests drive the same
//! methods natively (tests/lab_state.rs).

use super::{Edits, Frame, MatrixLine, Phase, RecordError, Recordings};
use crate::model::{repair_scenarios, Event, PartSet, Run, MATRIX_ORDER};

/// Playback speeds in steps per second, and how the speed picker names each. Three is the top: a
/// write flashes at most three times a second.
pub const SPEEDS: [(f64, &str); 4] = [(0.5, "0.5"), (1.0, "1"), (2.0, "2"), (3.0, "3")];

/// The lab's state: a run, the student's edits to it, a cursor into its recording, playback, the
/// failure-matrix rows run, and whether an open assignment seals every run.
#[derive(Clone, Debug, PartialEq)]
pub struct LabState {
    run: Run,
    edits: Edits,
    /// Steps shown so far, 0 to the recording's length.
    cursor: usize,
    playing: bool,
    /// Index into [`SPEEDS`].
    speed: usize,
    /// Bumped each time playback starts, so a stale playback loop knows to stop.
    generation: u64,
    /// Whether the student has run this run to its end: a run with no step at all (the store
    /// down) is at its end at step 0, where a press then acts after the run, not before it.
    ended: bool,
    /// Matrix rows the student has run to the end, and how far, in the matrix's order.
    finished: Vec<(PartSet, MatrixLine)>,
    /// Whether an open assignment seals every run: until its predictions are locked, no run
    /// plays, steps or shows a verdict, whatever it is called or changed.
    sealed: bool,
    /// A press refused, and why: its run would pass the browser's limits, so nothing changed.
    refused: Option<RecordError>,
    /// Whether the student is reading the panels: a matrix row was just filled, and nothing has
    /// stepped or played since. A short frame then gives the panels the trace's room.
    reading_panels: bool,
}

impl Default for LabState {
    fn default() -> LabState {
        LabState::new()
    }
}

impl LabState {
    /// The lesson's request with nothing down, at step 0, paused at 2 steps a second.
    pub fn new() -> LabState {
        LabState {
            run: Run::Lesson,
            edits: Edits::default(),
            cursor: 0,
            playing: false,
            speed: 2,
            generation: 0,
            ended: false,
            finished: Vec::new(),
            sealed: false,
            reading_panels: false,
            refused: None,
        }
    }

    /// The run shown.
    pub fn run(&self) -> Run {
        self.run
    }

    /// The student's edits to it: parts down from the start, changes at rounds.
    pub fn edits(&self) -> &Edits {
        &self.edits
    }

    /// Steps shown so far (0 while sealed).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether playback is running.
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// The playback speed, an index into [`SPEEDS`].
    pub fn speed(&self) -> usize {
        self.speed
    }

    /// The time between two steps at the speed chosen, in milliseconds.
    pub fn step_ms(&self) -> u32 {
        (1000.0 / SPEEDS[self.speed.min(SPEEDS.len() - 1)].0) as u32
    }

    /// Whether the run shown has been run to its end.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The failure-matrix rows run, and how far, in the matrix's order.
    pub fn finished(&self) -> &[(PartSet, MatrixLine)] {
        &self.finished
    }

    /// The matrix's row of `down`, as far as it was run (empty when not run).
    pub fn line(&self, down: PartSet) -> MatrixLine {
        self.finished.iter().find(|(d, _)| *d == down).map(|(_, l)| l.clone()).unwrap_or_default()
    }

    /// How many of the matrix's rows have been run.
    pub fn rows_filled(&self) -> usize {
        self.finished.len()
    }

    /// Whether an open assignment seals every run (the frame says so too: [`Frame::sealed`]).
    pub fn sealed(&self) -> bool {
        self.sealed
    }

    /// Why the last press (or report) was refused, if it was: its run would pass the browser's
    /// limits, and the run, its cursor and its parts stayed as they were.
    pub fn refused(&self) -> Option<RecordError> {
        self.refused
    }

    /// Whether the run shown, once at its end, fills a row of the failure matrix: the
    /// failure-matrix events with parts down from step 0, or a repair or report of the model's.
    pub fn fills_row(&self) -> bool {
        self.run == Run::Events && phase_of(self.edits.down, &self.edits.timeline).is_some()
    }

    /// Seals every run (an assignment is open) or unseals them. Sealing stops playback, goes back
    /// to step 0 and empties the failure matrix the student filled before (its rows are answers
    /// too).
    pub fn seal(&mut self, sealed: bool) {
        self.sealed = sealed;
        if sealed {
            self.playing = false;
            self.cursor = 0;
            self.ended = false;
            self.finished.clear();
        }
    }

    /// Whether a matrix row was just filled and nothing has stepped or played since: the panels
    /// are what the student reads now.
    pub fn reading_panels(&self) -> bool {
        self.reading_panels
    }

    /// Moves the cursor (clamped to the recording). Reaching the end of the matrix events fills
    /// in that row of the failure matrix. A sealed run stays at step 0.
    pub fn go_to(&mut self, step: usize, recordings: &mut Recordings) {
        self.reading_panels = false;
        let recording = recordings.of(self);
        if self.sealed {
            self.cursor = 0;
            return;
        }
        self.cursor = step.min(recording.len());
        if self.cursor < recording.len() {
            return;
        }
        self.playing = false;
        self.ended = true;
        if self.run != Run::Events {
            return;
        }
        let down = self.edits.down;
        // Only the matrix's own rows fill (parts down together in another way have none).
        let place = |d: &PartSet| MATRIX_ORDER.iter().position(|m| m == d);
        let Some(((phase, row), own)) =
            phase_of(down, &self.edits.timeline).zip(super::phase_row(&recording)).zip(place(&down))
        else {
            return;
        };
        match self.finished.iter_mut().find(|(d, _)| *d == down) {
            Some((_, line)) => line.fill(phase, row),
            None => {
                let mut line = MatrixLine::default();
                line.fill(phase, row);
                // Kept in the matrix's order; an insert, not a sort: the page carries no sort code.
                let at = self.finished.iter().position(|(d, _)| place(d) > Some(own));
                self.finished.insert(at.unwrap_or(self.finished.len()), (down, line));
            }
        }
    }

    /// Shows another run from its start, with `down` down from the start and no other change.
    pub fn switch(&mut self, run: Run, down: PartSet, recordings: &mut Recordings) {
        self.show(run, Edits::starting(down), recordings);
    }

    /// Shows another run from its start with every change the student made carried over: the
    /// parts down from the start and those taken down or brought back at rounds. Nothing the
    /// student chose is dropped by picking another run.
    pub fn pick(&mut self, run: Run, recordings: &mut Recordings) {
        let edits = self.edits.clone();
        self.show(run, edits, recordings);
    }

    /// Shows the given run ([`Run::Given`], an assignment's or a sandbox link's) from its start,
    /// with its own parts down; nothing while no scenario is given.
    pub fn show_given(&mut self, recordings: &mut Recordings) {
        if let Some(down) = recordings.given_down() {
            self.switch(Run::Given, down, recordings);
        }
    }

    /// Starts the run over at its healthy start: step 0, every part up (the given run: its own
    /// parts down), the student's changes undone.
    pub fn reset(&mut self, recordings: &mut Recordings) {
        let own = match self.run {
            Run::Given => recordings.given_down().unwrap_or(PartSet::NONE),
            _ => PartSet::NONE,
        };
        self.show(self.run, Edits::starting(own), recordings);
    }

    /// Fills one row of the failure matrix: the lesson's events with `down` down from step 0, as
    /// far as `phase` (the repair and the report are the model's own, see
    /// `model::repair_scenarios`), run to the end.
    pub fn fill_row(&mut self, down: PartSet, phase: Phase, recordings: &mut Recordings) {
        let at = [Phase::Run, Phase::Repaired, Phase::Reported].iter().position(|p| *p == phase);
        let timeline = repair_scenarios(down)
            .ok()
            .and_then(|s| s.get(at.unwrap_or(0)).map(|s| s.timeline.clone()))
            .unwrap_or_default();
        self.show(Run::Events, Edits { down, timeline }, recordings);
        self.go_to(usize::MAX, recordings);
        self.reading_panels = true;
    }

    /// Takes `parts` down, or brings them back, at the cursor: from the next round on (at step
    /// 0, for the whole run). The run is recomputed from there; every step so far stays.
    pub fn press(&mut self, parts: PartSet, recordings: &mut Recordings) {
        let frame = recordings.frame(self);
        let edits = self.edits.toggle(parts, self.changes_after(&frame), frame.down_next());
        self.apply_unless_refused(edits, recordings);
    }

    /// The node agents report again what runs, from the next round.
    pub fn report_again(&mut self, recordings: &mut Recordings) {
        let frame = recordings.frame(self);
        let edits = self.edits.report(self.changes_after(&frame));
        self.apply_unless_refused(edits, recordings);
    }

    /// Starts playing from the cursor (from the start when at the end) and returns this
    /// playback's number, which [`LabState::still_playing`] checks; none while sealed: a run that
    /// would show an open assignment's answers does not play.
    pub fn start_playing(&mut self, recordings: &mut Recordings) -> Option<u64> {
        if self.sealed {
            return None;
        }
        self.reading_panels = false;
        if self.cursor >= recordings.of(self).len() {
            self.cursor = 0;
        }
        self.playing = true;
        self.generation += 1;
        Some(self.generation)
    }

    /// Whether playback `generation` is still the one running.
    pub fn still_playing(&self, generation: u64) -> bool {
        self.playing && self.generation == generation
    }

    /// Pauses playback.
    pub fn pause(&mut self) {
        self.playing = false;
    }

    /// Sets the playback speed (an index into [`SPEEDS`], clamped).
    pub fn set_speed(&mut self, speed: usize) {
        self.speed = speed.min(SPEEDS.len() - 1);
    }

    /// Shows `run` with `edits` from its start, paused.
    fn show(&mut self, run: Run, edits: Edits, recordings: &mut Recordings) {
        self.run = run;
        self.cursor = 0;
        self.apply(edits, recordings);
    }

    /// The round a change made at the cursor applies after: none before the first step (the
    /// change is for the whole run), the last round at the end of a run with no step.
    fn changes_after(&self, frame: &Frame) -> Option<u32> {
        let at_end_of_nothing = frame.len == 0 && self.ended;
        (frame.cursor > 0 || at_end_of_nothing).then_some(frame.round)
    }

    /// A change whose run passes the limits is refused whole: the run, the cursor and the parts
    /// stay as they were, and the limit is said (a run of no step would otherwise end at step 0,
    /// "Nothing can act").
    fn apply_unless_refused(&mut self, edits: Edits, recordings: &mut Recordings) {
        if let Err(e @ RecordError::Limit(_)) = recordings.recorded(self.run, &edits) {
            self.refused = Some(e);
            return;
        }
        self.apply(edits, recordings);
    }

    /// Makes `edits` the run's, paused and not yet run to its end; the cursor stays (every step
    /// before the change is the same).
    fn apply(&mut self, edits: Edits, recordings: &mut Recordings) {
        self.refused = None;
        self.playing = false;
        self.ended = false;
        self.edits = edits;
        self.settle(recordings);
    }

    /// A run with no step at all (everything it needs is down) is over as soon as it is shown:
    /// it ends at step 0, and a failure-matrix row it makes fills at once.
    fn settle(&mut self, recordings: &mut Recordings) {
        if !self.sealed && recordings.of(self).is_empty() {
            self.go_to(0, recordings);
        }
    }
}

/// Which phase of its failure-matrix row a run of the lesson's events with `down` down and
/// `timeline` fills: the model's own repair and report runs, made the same way (any other
/// changes fill no cell).
fn phase_of(down: PartSet, timeline: &[Event]) -> Option<Phase> {
    if timeline.is_empty() {
        return Some(Phase::Run);
    }
    let same = |other: &[Event]| other.len() == timeline.len() && other.iter().all(|e| timeline.contains(e));
    let scenarios = repair_scenarios(down).ok()?;
    let phase = scenarios.iter().position(|s| same(&s.timeline))?;
    [Phase::Run, Phase::Repaired, Phase::Reported].get(phase).copied()
}
