//! The lab's one source of truth: which run is shown (a [`Run`] and the downed part), its
//! recording, a cursor into it, and the one [`Frame`] every view reads at that cursor.

use crate::messages::{fill, Messages};
use crate::model::{Part, Run, RunError, Scenario, MATRIX_ORDER};
use crate::playback::{Frame, RecordError, Recording};
use leptos::prelude::*;
use std::rc::Rc;

/// Playback speeds in steps per second. Three is the top: a write flashes at most three times a
/// second.
pub const SPEEDS: [(f64, &str); 4] = [(0.5, "0.5"), (1.0, "1"), (2.0, "2"), (3.0, "3")];

/// A recorded run, or why it could not be recorded.
type Recorded = Result<Rc<Recording>, RecordError>;

/// Recordings by run, made once each. A short list, not a map: a session records a few dozen runs
/// at most, and a map type of its own would cost the page more code than the search.
type Recordings = Vec<((Run, Option<Part>), Recorded)>;

/// The one frame kept: the run, downed part and cursor it was derived for, and the frame.
type FrameCache = Option<((Run, Option<Part>, usize), Rc<Frame>)>;

/// The lab's state: a handful of signals, the recordings computed from them, and the frame.
#[derive(Clone, Copy)]
pub struct Lab {
    /// The run shown.
    pub run: RwSignal<Run>,
    /// The part taken down for the run.
    pub down: RwSignal<Option<Part>>,
    /// Steps shown so far, 0 to the recording's length.
    pub cursor: RwSignal<usize>,
    /// Whether playback is running.
    pub playing: RwSignal<bool>,
    /// Index into [`SPEEDS`].
    pub speed: RwSignal<usize>,
    /// Matrix rows the student has run to the end (by downed part).
    pub finished: RwSignal<Vec<Option<Part>>>,
    /// Bumped each time playback starts, so a stale playback loop knows to stop.
    pub generation: RwSignal<u64>,
    /// Every text shown, in the page's language.
    pub t: &'static Messages,
    cache: StoredValue<Recordings, LocalStorage>,
    given: StoredValue<Option<Scenario>, LocalStorage>,
    frame: StoredValue<FrameCache, LocalStorage>,
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
            down: RwSignal::new(None),
            cursor: RwSignal::new(0),
            playing: RwSignal::new(false),
            speed: RwSignal::new(2),
            finished: RwSignal::new(Vec::new()),
            generation: RwSignal::new(0),
            cache: StoredValue::new_local(Vec::new()),
            given: StoredValue::new_local(None),
            frame: StoredValue::new_local(None),
        }
    }

    /// Everything a view shows at the cursor (tracked: follows the run, the downed part and the
    /// cursor). Derived once per move and kept, so every view reads the same frame and the store
    /// is replayed once. A one-entry cache rather than a `Memo`: a memo cannot hold the frame's
    /// `Rc`s without a thread-safety wrapper, and the two cost the plain lab 2.6 KB gzip.
    pub fn frame(&self) -> Rc<Frame> {
        let key = (self.run.get(), self.down.get(), self.cursor.get());
        if let Some(frame) =
            self.frame.with_value(|f| f.as_ref().filter(|(k, _)| *k == key).map(|(_, f)| f.clone()))
        {
            return frame;
        }
        let frame = Rc::new(self.recording_of(key.0, key.1).frame(key.2));
        self.frame.set_value(Some((key, frame.clone())));
        frame
    }

    /// The recording of the run shown (tracked: follows the run and the downed part); an empty
    /// one when the run cannot be recorded (see [`Lab::problem`]).
    pub fn recording(&self) -> Rc<Recording> {
        self.recording_of(self.run.get(), self.down.get())
    }

    /// The recording without tracking, for event handlers.
    pub fn recording_untracked(&self) -> Rc<Recording> {
        self.recording_of(self.run.get_untracked(), self.down.get_untracked())
    }

    /// The recording of any run; runs are recorded once and kept.
    pub fn recording_of(&self, run: Run, down: Option<Part>) -> Rc<Recording> {
        recorded(self.cache, self.given, run, down).unwrap_or_else(|_| Rc::new(Recording::empty()))
    }

    /// Why the run shown cannot be recorded, in words (tracked), if it cannot.
    pub fn problem(&self) -> Option<String> {
        let t = self.t;
        recorded(self.cache, self.given, self.run.get(), self.down.get()).err().map(|e| match e {
            RecordError::Run(RunError::NothingGiven) => t.run_nothing_given.to_string(),
            RecordError::Run(RunError::DesiredTooLarge { desired }) => {
                fill(t.run_desired_too_large, &[("desired", &desired), ("max", &crate::model::MAX_DESIRED)])
            }
            RecordError::Limit(limit) => fill(t.run_step_limit, &[("steps", &limit.steps)]),
        })
    }

    /// Moves the cursor (clamped to the recording). Reaching the end of the matrix events fills in
    /// that row of the failure matrix.
    pub fn go_to(&self, step: usize) {
        let recording = self.recording_untracked();
        let step = step.min(recording.len());
        self.cursor.set(step);
        if step == recording.len() {
            self.playing.set(false);
            if self.run.get_untracked() == Run::Events {
                let down = self.down.get_untracked();
                self.finished.update(|f| {
                    if !f.contains(&down) {
                        f.push(down);
                        f.sort_by_key(|d| MATRIX_ORDER.iter().position(|m| m == d));
                    }
                });
            }
        }
    }

    /// Makes `scenario` the run of [`Run::Given`] and shows it from its start.
    pub fn load_assignment(&self, scenario: Scenario) {
        let down = scenario.down;
        self.given.set_value(Some(scenario));
        self.cache.update_value(|c| c.retain(|((run, _), _)| *run != Run::Given));
        self.frame.set_value(None);
        self.switch(Run::Given, down);
    }

    /// Shows another run from its start.
    pub fn switch(&self, run: Run, down: Option<Part>) {
        self.playing.set(false);
        self.run.set(run);
        self.down.set(down);
        self.cursor.set(0);
    }

    /// Takes `part` down, or brings it back if it is the one down.
    pub fn toggle_down(&self, part: Part) {
        let down = if self.down.get_untracked() == Some(part) { None } else { Some(part) };
        self.switch(self.run.get_untracked(), down);
    }
}

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}

/// The recording of `run` with `down` out of service, from the cache or recorded now.
fn recorded(
    cache: StoredValue<Recordings, LocalStorage>,
    given: StoredValue<Option<Scenario>, LocalStorage>,
    run: Run,
    down: Option<Part>,
) -> Recorded {
    if let Some(r) = cache.with_value(|c| c.iter().find(|(k, _)| *k == (run, down)).map(|(_, r)| r.clone())) {
        return r;
    }
    let recording = given.with_value(|g| Recording::of_run(run, down, g.as_ref())).map(Rc::new);
    cache.update_value(|c| c.push(((run, down), recording.clone())));
    recording
}
