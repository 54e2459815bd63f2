//! The lab in the page: one signal of the lab's state ([`LabState`]: the run, the edits, the
//! cursor, playback, the matrix filled, the seal), the recordings and the one frame derived from
//! it ([`Recordings`]), and the page's texts. Every view reads the frame; every change is one of
//! the state's own transitions (see `playback::lab_state`, tested natively), so this file holds
//! no rule of its own.

pub use crate::playback::SPEEDS;

use crate::messages::{fill, Messages};
use crate::model::{PartSet, Run, RunError, Scenario, TraceLimit};
use crate::playback::{Edits, Frame, LabState, MatrixLine, Phase, RecordError, Recording, Recordings};
use leptos::prelude::*;
use std::rc::Rc;

/// The lab's state in one signal, and what is derived from it. A hand-kept frame (in
/// [`Recordings`]) rather than a `Memo`: a memo cannot hold the frame's `Rc`s without a
/// thread-safety wrapper, and the two cost the plain lab 2.6 KB gzip.
#[derive(Clone, Copy)]
pub struct Lab {
    state: RwSignal<LabState, LocalStorage>,
    recordings: StoredValue<Recordings, LocalStorage>,
    /// Every text shown, in the page's language.
    pub t: &'static Messages,
    /// The picker's name for [`Run::Given`], once an assignment or a sandbox link's scenario is
    /// open (a text of the page, not of the lab's state).
    #[cfg(feature = "assignments")]
    given_label: RwSignal<Option<String>>,
}

impl Lab {
    /// A lab showing the lesson's request with nothing down, at step 0, in English.
    pub fn new() -> Lab {
        Lab::with_messages(&crate::messages::EN)
    }

    /// The same, with the texts of `t`.
    pub fn with_messages(t: &'static Messages) -> Lab {
        Lab {
            t,
            state: RwSignal::new_local(LabState::new()),
            recordings: StoredValue::new_local(Recordings::new()),
            #[cfg(feature = "assignments")]
            given_label: RwSignal::new(None),
        }
    }

    /// Reads the state (tracked; wrap in `untrack` for event handlers).
    fn read<U>(&self, f: impl FnOnce(&LabState) -> U) -> U {
        self.state.with(f)
    }

    /// Reads the state with the recordings beside it (tracked).
    fn derive<U: Default>(&self, f: impl FnOnce(&LabState, &mut Recordings) -> U) -> U {
        self.state.with(|s| self.recordings.try_update_value(|r| f(s, r))).unwrap_or_default()
    }

    /// Changes the state by one of its transitions (untracked: for event handlers).
    fn act(&self, f: impl FnOnce(&mut LabState, &mut Recordings)) {
        self.recordings.update_value(|r| self.state.update(|s| f(s, r)));
    }

    /// Everything a view shows at the cursor (tracked), derived once per move and kept, so every
    /// view reads the same frame and the store is replayed once. Sealed, it is the run's start.
    pub fn frame(&self) -> Rc<Frame> {
        self.derive(|s, r| Some(r.frame(s))).unwrap_or_else(|| Rc::new(Recording::empty().frame(0)))
    }

    /// The frame without tracking, for event handlers.
    pub fn frame_untracked(&self) -> Rc<Frame> {
        untrack(|| self.frame())
    }

    /// The recording of the run shown (tracked); an empty one when the run cannot be recorded
    /// (see [`Lab::problem`]).
    pub fn recording(&self) -> Rc<Recording> {
        self.derive(|s, r| Some(r.of(s))).unwrap_or_else(|| Rc::new(Recording::empty()))
    }

    /// The recording without tracking, for event handlers.
    pub fn recording_untracked(&self) -> Rc<Recording> {
        untrack(|| self.recording())
    }

    /// The recording of any run; runs are recorded once and kept.
    pub fn recording_of(&self, run: Run, edits: &Edits) -> Rc<Recording> {
        let recording = self.recordings.try_update_value(|r| r.recording(run, edits));
        recording.unwrap_or_else(|| Rc::new(Recording::empty()))
    }

    /// Why the run shown cannot be recorded, or why the last press was refused, in words
    /// (tracked), if either.
    pub fn problem(&self) -> Option<String> {
        let t = self.t;
        let error = self.derive(|s, r| s.refused().or_else(|| r.recorded(s.run(), s.edits()).err()));
        error.map(|e| match e {
            RecordError::Run(RunError::NothingGiven) => t.run_nothing_given.to_string(),
            RecordError::Run(RunError::DesiredTooLarge { desired }) => {
                fill(t.run_desired_too_large, &[("desired", &desired), ("max", &crate::model::MAX_DESIRED)])
            }
            RecordError::Limit(TraceLimit::Steps(n)) => fill(t.run_step_limit, &[("steps", &n)]),
            RecordError::Limit(TraceLimit::ItemReads(n)) => fill(t.run_read_limit, &[("items", &n)]),
            RecordError::Limit(TraceLimit::Keys(n)) => fill(t.run_key_limit, &[("keys", &n)]),
        })
    }

    /// The run shown (tracked).
    pub fn run(&self) -> Run {
        self.read(LabState::run)
    }

    /// The parts down from the start of the run (tracked).
    pub fn down(&self) -> PartSet {
        self.read(|s| s.edits().down)
    }

    /// Whether the student has changed parts at rounds (tracked).
    pub fn changed(&self) -> bool {
        self.read(|s| !s.edits().timeline.is_empty())
    }

    /// Steps shown so far (tracked).
    pub fn cursor(&self) -> usize {
        self.read(LabState::cursor)
    }

    /// Whether playback is running (tracked).
    pub fn playing(&self) -> bool {
        self.read(LabState::playing)
    }

    /// The playback speed, an index into [`SPEEDS`] (tracked).
    pub fn speed(&self) -> usize {
        self.read(LabState::speed)
    }

    /// The time between two steps at the speed chosen, in milliseconds (untracked; the slowest
    /// once the lab is gone, when the playback loop is about to stop anyway).
    pub fn step_ms(&self) -> u32 {
        self.state.try_with_untracked(LabState::step_ms).unwrap_or(2000)
    }

    /// The failure matrix's row of `down`, as far as it was run (tracked).
    pub fn line(&self, down: PartSet) -> MatrixLine {
        self.read(|s| s.line(down))
    }

    /// How many of the failure matrix's rows have been run (tracked).
    pub fn rows_filled(&self) -> usize {
        self.read(LabState::rows_filled)
    }

    /// Whether the run shown has been run to its end (tracked).
    pub fn ended(&self) -> bool {
        self.read(LabState::ended)
    }

    /// Whether a matrix row was just filled and nothing has stepped since (tracked): a short
    /// frame gives the panels the trace's room.
    pub fn reading_panels(&self) -> bool {
        self.read(LabState::reading_panels)
    }

    /// Whether the run shown, once at its end, fills a row of the failure matrix (tracked).
    pub fn fills_row(&self) -> bool {
        self.read(LabState::fills_row)
    }

    /// The picker's name for the given run (an assignment's, or a sandbox link's scenario).
    #[cfg(feature = "assignments")]
    pub fn given_label(&self) -> Option<String> {
        self.given_label.get()
    }

    /// Names the given run in the picker.
    #[cfg(feature = "assignments")]
    pub fn name_given(&self, label: String) {
        self.given_label.set(Some(label));
    }

    /// Seals every run while `assignment` is open (none: unseals); see [`LabState::seal`].
    #[cfg(feature = "assignments")]
    pub fn seal(&self, assignment: Option<Rc<crate::teaching::assignment::Assignment>>) {
        self.seal_runs(assignment.is_some());
    }

    /// Seals every run (or unseals them) with no assignment read yet: while the file of the one
    /// the address names is on its way, nothing may run (the same seal as [`Lab::seal`]).
    #[cfg(feature = "assignments")]
    pub fn seal_runs(&self, sealed: bool) {
        self.act(|s, _| s.seal(sealed));
    }

    /// Moves the cursor; see [`LabState::go_to`].
    pub fn go_to(&self, step: usize) {
        self.act(|s, r| s.go_to(step, r));
    }

    /// Makes `scenario` the run of [`Run::Given`] (an assignment's, or a sandbox link's) and
    /// shows it from its start.
    pub fn load_given(&self, scenario: Scenario) {
        self.act(|s, r| {
            r.give(scenario);
            s.show_given(r);
        });
    }

    /// Shows the given run from its start, with its own parts down.
    pub fn show_given(&self) {
        self.act(LabState::show_given);
    }

    /// Shows another run from its start; see [`LabState::switch`].
    pub fn switch(&self, run: Run, down: PartSet) {
        self.act(|s, r| s.switch(run, down, r));
    }

    /// Shows another run with every change carried over; see [`LabState::pick`].
    pub fn pick(&self, run: Run) {
        self.act(|s, r| s.pick(run, r));
    }

    /// Starts the run over at its healthy start; see [`LabState::reset`].
    pub fn reset(&self) {
        self.act(LabState::reset);
    }

    /// Fills one row of the failure matrix; see [`LabState::fill_row`].
    pub fn fill_row(&self, down: PartSet, phase: Phase) {
        self.act(|s, r| s.fill_row(down, phase, r));
    }

    /// Takes `parts` down, or brings them back, at the cursor; see [`LabState::press`].
    pub fn press(&self, parts: PartSet) {
        self.act(|s, r| s.press(parts, r));
    }

    /// The node agents report again what runs, from the next round.
    pub fn report_again(&self) {
        self.act(LabState::report_again);
    }

    /// Starts playing; see [`LabState::start_playing`] (none: sealed, nothing plays).
    pub fn start_playing(&self) -> Option<u64> {
        let mut generation = None;
        self.act(|s, r| generation = s.start_playing(r));
        generation
    }

    /// Whether playback `generation` is still the one running (false once the lab is gone).
    pub fn still_playing(&self, generation: u64) -> bool {
        self.state.try_with_untracked(|s| s.still_playing(generation)) == Some(true)
    }

    /// Pauses playback.
    pub fn pause(&self) {
        self.act(|s, _| s.pause());
    }

    /// Sets the playback speed (an index into [`SPEEDS`], clamped).
    pub fn set_speed(&self, speed: usize) {
        self.act(|s, _| s.set_speed(speed));
    }
}

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}
