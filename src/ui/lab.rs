//! The lab's one source of truth: which run is shown (a [`Run`] and the downed part), its
//! recording, a cursor into it, and the one [`Frame`] every view reads at that cursor.

use crate::messages::{fill, Messages};
use crate::model::{repair_scenarios, Event, PartSet, Run, RunError, Scenario, TraceLimit, MATRIX_ORDER};
use crate::playback::{phase_row, Edits, Frame, MatrixLine, Phase, RecordError, Recording};
use leptos::prelude::*;
use std::rc::Rc;

mod reads;

/// Playback speeds in steps per second. Three is the top: a write flashes at most three times a
/// second.
pub const SPEEDS: [(f64, &str); 4] = [(0.5, "0.5"), (1.0, "1"), (2.0, "2"), (3.0, "3")];

/// A recorded run, or why it could not be recorded.
type Recorded = Result<Rc<Recording>, RecordError>;

/// A run as the lab shows it: which run, with the student's edits.
type Shown = (Run, Edits);

/// Recordings by run, made once each, the oldest dropped past `playback::KEPT`. A short list,
/// not a map: a map type of its own would cost the page more code than the search.
type Recordings = Vec<(Shown, Recorded)>;

/// The one frame kept: the run and cursor it was derived for, and the frame.
type FrameCache = Option<((Shown, usize), Rc<Frame>)>;

/// The lab's state: a handful of signals, the recordings computed from them, and the frame.
#[derive(Clone, Copy)]
pub struct Lab {
    /// The run shown.
    run: RwSignal<Run>,
    /// The parts down from the start of the run.
    down: RwSignal<PartSet>,
    /// The student's changes at rounds: parts down and back, reports.
    timeline: RwSignal<Vec<Event>, LocalStorage>,
    /// Steps shown so far, 0 to the recording's length.
    cursor: RwSignal<usize>,
    /// Whether playback is running.
    playing: RwSignal<bool>,
    /// Index into [`SPEEDS`].
    speed: RwSignal<usize>,
    /// Matrix rows the student has run to the end, and how far (by the parts down).
    finished: RwSignal<Vec<(PartSet, MatrixLine)>>,
    /// Whether the student has run this run to its end: a run with no step at all (the store
    /// down) is at its end at step 0, where a press then acts after the run, not before it.
    ended: RwSignal<bool>,
    /// Bumped each time playback starts, so a stale playback loop knows to stop.
    generation: RwSignal<u64>,
    /// Every text shown, in the page's language.
    pub t: &'static Messages,
    cache: StoredValue<Recordings, LocalStorage>,
    given: StoredValue<Option<Scenario>, LocalStorage>,
    frame: StoredValue<FrameCache, LocalStorage>,
    /// A press refused, and why: its run would pass the browser's limits, so nothing changed.
    refused: RwSignal<Option<RecordError>>,
    /// Whether an open assignment seals every run (the assignments build only).
    #[cfg(feature = "assignments")]
    seal: RwSignal<bool>,
    /// The picker's name for [`Run::Given`], once an assignment or a sandbox link's scenario is
    /// open.
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
            run: RwSignal::new(Run::Lesson),
            down: RwSignal::new(PartSet::NONE),
            timeline: RwSignal::new_local(Vec::new()),
            cursor: RwSignal::new(0),
            playing: RwSignal::new(false),
            speed: RwSignal::new(2),
            finished: RwSignal::new(Vec::new()),
            generation: RwSignal::new(0),
            ended: RwSignal::new(false),
            cache: StoredValue::new_local(Vec::new()),
            given: StoredValue::new_local(None),
            frame: StoredValue::new_local(None),
            refused: RwSignal::new(None),
            #[cfg(feature = "assignments")]
            seal: RwSignal::new(false),
            #[cfg(feature = "assignments")]
            given_label: RwSignal::new(None),
        }
    }

    /// Everything a view shows at the cursor (tracked: follows the run, the edits and the
    /// cursor). Derived once per move and kept, so every view reads the same frame and the store
    /// is replayed once. A one-entry cache rather than a `Memo`: a memo cannot hold the frame's
    /// `Rc`s without a thread-safety wrapper, and the two cost the plain lab 2.6 KB gzip.
    pub fn frame(&self) -> Rc<Frame> {
        // While sealed, every run shows its start: one rule, applied here where every view's
        // frame is made, so no run, change or length can show an outcome (see `sealed_frame`).
        let sealed = self.sealed();
        let ((run, edits), cursor) = (self.shown(), if sealed { usize::MAX } else { self.cursor.get() });
        let cached = self.frame.with_value(|f| {
            f.as_ref()
                .filter(|((shown, at), f)| {
                    shown.0 == run && shown.1 == edits && *at == cursor && f.sealed == sealed
                })
                .map(|(_, f)| f.clone())
        });
        if let Some(frame) = cached {
            return frame;
        }
        let recording = self.recording_of(run, &edits);
        let frame = Rc::new(if sealed { recording.sealed_frame() } else { recording.frame(cursor) });
        self.frame.set_value(Some((((run, edits), cursor), frame.clone())));
        frame
    }

    /// The run shown and the student's edits (tracked).
    fn shown(&self) -> Shown {
        (self.run.get(), Edits { down: self.down.get(), timeline: self.timeline.get() })
    }

    /// The frame without tracking, for event handlers.
    pub fn frame_untracked(&self) -> Rc<Frame> {
        untrack(|| self.frame())
    }

    /// The recording of the run shown (tracked: follows the run and the edits); an empty one
    /// when the run cannot be recorded (see [`Lab::problem`]).
    pub fn recording(&self) -> Rc<Recording> {
        let (run, edits) = self.shown();
        self.recording_of(run, &edits)
    }

    /// The recording without tracking, for event handlers.
    pub fn recording_untracked(&self) -> Rc<Recording> {
        untrack(|| self.recording())
    }

    /// The recording of any run; runs are recorded once and kept.
    pub fn recording_of(&self, run: Run, edits: &Edits) -> Rc<Recording> {
        recorded(self.cache, self.given, run, edits).unwrap_or_else(|_| Rc::new(Recording::empty()))
    }

    /// Why the run shown cannot be recorded, or why the last press was refused, in words
    /// (tracked), if either.
    pub fn problem(&self) -> Option<String> {
        let t = self.t;
        let (run, edits) = self.shown();
        let refused = self.refused.get();
        refused.or_else(|| recorded(self.cache, self.given, run, &edits).err()).map(|e| match e {
            RecordError::Run(RunError::NothingGiven) => t.run_nothing_given.to_string(),
            RecordError::Run(RunError::DesiredTooLarge { desired }) => {
                fill(t.run_desired_too_large, &[("desired", &desired), ("max", &crate::model::MAX_DESIRED)])
            }
            RecordError::Limit(TraceLimit::Steps(n)) => fill(t.run_step_limit, &[("steps", &n)]),
            RecordError::Limit(TraceLimit::ItemReads(n)) => fill(t.run_read_limit, &[("items", &n)]),
            RecordError::Limit(TraceLimit::Keys(n)) => fill(t.run_key_limit, &[("keys", &n)]),
        })
    }

    /// Whether an open assignment seals every run (tracked): until its predictions are locked
    /// (for good, when it reveals no answer), no run plays, steps or shows a verdict, whatever it
    /// is called or changed; the start of each run stays to reason from. Never in the plain lab,
    /// which opens no assignment.
    #[cfg(feature = "assignments")]
    pub fn sealed(&self) -> bool {
        self.seal.get()
    }

    /// The plain lab opens no assignment: nothing is sealed.
    #[cfg(not(feature = "assignments"))]
    pub fn sealed(&self) -> bool {
        false
    }

    /// Seals every run while `assignment` is open (none: unseals). Sealing stops playback, goes
    /// back to step 0 and empties the failure matrix the student filled before (its rows are
    /// answers too).
    #[cfg(feature = "assignments")]
    pub fn seal(&self, assignment: Option<Rc<crate::teaching::assignment::Assignment>>) {
        self.seal_runs(assignment.is_some());
    }

    /// Seals every run (or unseals them) with no assignment read yet: while the file of the one
    /// the address names is on its way, nothing may run (the same seal as [`Lab::seal`]).
    #[cfg(feature = "assignments")]
    pub fn seal_runs(&self, sealed: bool) {
        self.seal.set(sealed);
        if sealed {
            self.playing.set(false);
            self.cursor.set(0);
            self.ended.set(false);
            self.finished.set(Vec::new());
        }
    }

    /// Moves the cursor (clamped to the recording). Reaching the end of the matrix events fills in
    /// that row of the failure matrix. A sealed run stays at step 0.
    pub fn go_to(&self, step: usize) {
        let recording = self.recording_untracked();
        let step = if untrack(|| self.sealed()) { 0 } else { step.min(recording.len()) };
        self.cursor.set(step);
        if step == recording.len() && !untrack(|| self.sealed()) {
            self.playing.set(false);
            self.ended.set(true);
            if self.run.get_untracked() == Run::Events {
                let (down, timeline) = (self.down.get_untracked(), self.timeline.get_untracked());
                let row = reached(down, &timeline).zip(phase_row(&recording));
                if let Some((phase, row)) = row {
                    // Kept in the matrix's order; an insert, not a sort: the page carries no sort code.
                    let place = |d: &PartSet| MATRIX_ORDER.iter().position(|m| m == d);
                    self.finished.update(|f| match f.iter_mut().find(|(d, _)| *d == down) {
                        Some((_, line)) => line.fill(phase, row),
                        None => {
                            let mut line = MatrixLine::default();
                            line.fill(phase, row);
                            let at = f.iter().position(|(d, _)| place(d) > place(&down));
                            f.insert(at.unwrap_or(f.len()), (down, line));
                        }
                    });
                }
            }
        }
    }

    /// Makes `scenario` the run of [`Run::Given`] (an assignment's, or a sandbox link's) and
    /// shows it from its start.
    pub fn load_given(&self, scenario: Scenario) {
        let down = scenario.down;
        self.given.set_value(Some(scenario));
        self.cache.update_value(|c| c.retain(|((run, _), _)| *run != Run::Given));
        self.frame.set_value(None);
        self.switch(Run::Given, down);
    }

    /// Shows the assignment's own run ([`Run::Given`]) from its start, with its own parts down.
    pub fn show_given(&self) {
        let down = self.given.with_value(|g| g.as_ref().map(|s| s.down));
        if let Some(down) = down {
            self.switch(Run::Given, down);
        }
    }

    /// Shows another run from its start, with `down` down from the start and no other change.
    pub fn switch(&self, run: Run, down: PartSet) {
        self.refused.set(None);
        self.playing.set(false);
        self.cursor.set(0);
        self.run.set(run);
        self.down.set(down);
        self.timeline.set(Vec::new());
        self.cursor.set(0);
        self.ended.set(false);
        self.settle();
    }

    /// Shows another run from its start with every change the student made carried over: the
    /// parts down from the start and those taken down or brought back at rounds. Nothing the
    /// student chose is dropped by picking another run.
    pub fn pick(&self, run: Run) {
        let timeline = self.timeline.get_untracked();
        self.switch(run, self.down.get_untracked());
        self.timeline.set(timeline);
        self.settle();
    }

    /// Starts the run over at its healthy start: step 0, every part up (the assignment's own run:
    /// its own parts down), the student's changes undone.
    pub fn reset(&self) {
        let own = match self.run.get_untracked() {
            Run::Given => self.given.with_value(|g| g.as_ref().map(|s| s.down)).unwrap_or(PartSet::NONE),
            _ => PartSet::NONE,
        };
        self.refused.set(None);
        self.playing.set(false);
        self.down.set(own);
        self.timeline.set(Vec::new());
        self.cursor.set(0);
        self.ended.set(false);
        self.settle();
    }

    /// Fills one row of the failure matrix: the lesson's events with `down` down from step 0, as
    /// far as `reached` (the repair and the report are the model's own, see
    /// `model::repair_scenarios`), run to the end.
    pub fn fill_row(&self, down: PartSet, reached: Phase) {
        let phase = [Phase::Run, Phase::Repaired, Phase::Reported].iter().position(|r| *r == reached);
        let timeline = repair_scenarios(down)
            .ok()
            .and_then(|s| s.get(phase.unwrap_or(0)).map(|s| s.timeline.clone()))
            .unwrap_or_default();
        self.switch(Run::Events, down);
        self.timeline.set(timeline);
        self.go_to(usize::MAX);
    }

    /// Whether the run shown, once at its end, fills a row of the failure matrix (tracked): the
    /// failure-matrix events with parts down from step 0, or a repair or report of the model's.
    pub fn fills_row(&self) -> bool {
        self.run.get() == Run::Events && reached(self.down.get(), &self.timeline.get()).is_some()
    }

    /// A run with no step at all (everything it needs is down) is over as soon as it is shown:
    /// it ends at step 0, and a failure-matrix row it makes fills at once.
    fn settle(&self) {
        if !untrack(|| self.sealed()) && self.recording_untracked().is_empty() {
            self.go_to(0);
        }
    }

    /// Takes `parts` down, or brings them back, at the cursor: from the next round on (at step
    /// 0, for the whole run). The run is recomputed from there; every step so far stays.
    pub fn press(&self, parts: PartSet) {
        let frame = self.frame_untracked();
        self.apply(self.edits().toggle(parts, self.changes_after(&frame), frame.down_next()));
    }

    /// The node agents report again what runs, from the next round.
    pub fn report_again(&self) {
        let frame = self.frame_untracked();
        self.apply(self.edits().report(self.changes_after(&frame)));
    }

    /// The round a change made at the cursor applies after: none before the first step (the
    /// change is for the whole run), the last round at the end of a run with no step.
    fn changes_after(&self, frame: &Frame) -> Option<u32> {
        let at_end_of_nothing = frame.len == 0 && self.ended.get_untracked();
        (frame.cursor > 0 || at_end_of_nothing).then_some(frame.round)
    }

    fn edits(&self) -> Edits {
        Edits { down: self.down.get_untracked(), timeline: self.timeline.get_untracked() }
    }

    fn apply(&self, edits: Edits) {
        // A change whose run passes the limits is refused whole: the run, the cursor and the
        // parts stay as they were, and the limit is said (a run of no step would otherwise end
        // at step 0, "Nothing can act").
        let run = self.run.get_untracked();
        if let Err(e @ RecordError::Limit(_)) = recorded(self.cache, self.given, run, &edits) {
            self.refused.set(Some(e));
            return;
        }
        self.refused.set(None);
        self.playing.set(false);
        self.ended.set(false);
        self.down.set(edits.down);
        self.timeline.set(edits.timeline);
        self.settle();
    }
}

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}

/// The recording of `run` with `edits`, from the cache or recorded now.
fn recorded(
    cache: StoredValue<Recordings, LocalStorage>,
    given: StoredValue<Option<Scenario>, LocalStorage>,
    run: Run,
    edits: &Edits,
) -> Recorded {
    let found =
        cache.with_value(|c| c.iter().find(|((r, e), _)| *r == run && e == edits).map(|(_, r)| r.clone()));
    if let Some(r) = found {
        return r;
    }
    let recording =
        given.with_value(|g| Recording::of_run(run, edits.down, &edits.timeline, g.as_ref())).map(Rc::new);
    cache.update_value(|c| {
        c.push(((run, edits.clone()), recording.clone()));
        crate::playback::keep_recent(c);
    });
    recording
}

/// How far a run of the lesson's events with `down` down and `timeline` took its matrix row: the
/// model's own repair and report runs, made the same way (any other changes fill no cell).
fn reached(down: PartSet, timeline: &[Event]) -> Option<Phase> {
    if timeline.is_empty() {
        return Some(Phase::Run);
    }
    let same = |other: &[Event]| other.len() == timeline.len() && other.iter().all(|e| timeline.contains(e));
    let scenarios = repair_scenarios(down).ok()?;
    let phase = scenarios.iter().position(|s| same(&s.timeline))?;
    [Phase::Run, Phase::Repaired, Phase::Reported].get(phase).copied()
}
