//! The lab's one source of truth: which run is shown (scenario and downed part), the recording
//! of that run, and a cursor into it. Everything on screen is derived from these.

use crate::messages::Messages;
use crate::model::{Part, Recording, Request, Scenario, Service, Value, MATRIX_ORDER};
use leptos::prelude::*;
use std::rc::Rc;

/// Which run the student is looking at: the run a share link names.
pub use crate::share::Run as Play;

pub use crate::share::MAX_DESIRED;

/// Playback speeds in steps per second. Three is the top: a write flashes at most three times a
/// second.
pub const SPEEDS: [(f64, &str); 4] = [(0.5, "0.5"), (1.0, "1"), (2.0, "2"), (3.0, "3")];

/// Recordings by run, made once each. A short list, not a map: a session records a few dozen runs
/// at most, and a map type of its own would cost the page more code than the search.
type Recordings = Vec<((Play, Option<Part>), Rc<Recording>)>;

/// The lab's state: a handful of signals, and the recordings computed from them.
#[derive(Clone, Copy)]
pub struct Lab {
    /// The run shown.
    pub play: RwSignal<Play>,
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
    assignment: StoredValue<Option<Scenario>, LocalStorage>,
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
            play: RwSignal::new(Play::Lesson),
            down: RwSignal::new(None),
            cursor: RwSignal::new(0),
            playing: RwSignal::new(false),
            speed: RwSignal::new(2),
            finished: RwSignal::new(Vec::new()),
            generation: RwSignal::new(0),
            cache: StoredValue::new_local(Vec::new()),
            assignment: StoredValue::new_local(None),
        }
    }

    /// The recording of the run shown (tracked: follows the scenario and the downed part).
    pub fn recording(&self) -> Rc<Recording> {
        self.recording_of(self.play.get(), self.down.get())
    }

    /// The recording without tracking, for event handlers.
    pub fn recording_untracked(&self) -> Rc<Recording> {
        self.recording_of(self.play.get_untracked(), self.down.get_untracked())
    }

    /// The recording of any run; runs are recorded once and kept.
    pub fn recording_of(&self, play: Play, down: Option<Part>) -> Rc<Recording> {
        if let Some(r) =
            self.cache.with_value(|c| c.iter().find(|(k, _)| *k == (play, down)).map(|(_, r)| r.clone()))
        {
            return r;
        }
        let recorded = match play {
            Play::Lesson => Recording::of(&Scenario { down, ..Scenario::lesson() }),
            Play::Events => Recording::of_events(down),
            Play::Assignment => {
                let scenario = self.assignment.get_value().unwrap_or_else(Scenario::lesson);
                Recording::of(&Scenario { down, ..scenario })
            }
            Play::Scale { collector, desired } => {
                let key = if collector { "service/collector" } else { "service/verifier" };
                let request = Request { key: key.into(), value: Some(Value::Service(Service { desired })) };
                Recording::of(&Scenario { down, requests: vec![request], ..Scenario::lesson() })
            }
        };
        // Small scenarios never reach the step limit; an empty recording keeps the lab alive if
        // one ever did.
        let recording = Rc::new(recorded.unwrap_or_else(|_| {
            Recording::of(&Scenario { requests: Vec::new(), ..Scenario::lesson() })
                .unwrap_or_else(|_| empty())
        }));
        self.cache.update_value(|c| c.push(((play, down), recording.clone())));
        recording
    }

    /// Moves the cursor (clamped to the recording). Reaching the end of the matrix events fills in
    /// that row of the failure matrix.
    pub fn go_to(&self, step: usize) {
        let recording = self.recording_untracked();
        let step = step.min(recording.len());
        self.cursor.set(step);
        if step == recording.len() {
            self.playing.set(false);
            if self.play.get_untracked() == Play::Events {
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

    /// Makes `scenario` the run of [`Play::Assignment`] and shows it from its start.
    pub fn load_assignment(&self, scenario: Scenario) {
        let down = scenario.down;
        self.assignment.set_value(Some(scenario));
        self.cache.update_value(|c| c.retain(|((play, _), _)| *play != Play::Assignment));
        self.switch(Play::Assignment, down);
    }

    /// Shows another run from its start.
    pub fn switch(&self, play: Play, down: Option<Part>) {
        self.playing.set(false);
        self.play.set(play);
        self.down.set(down);
        self.cursor.set(0);
    }

    /// Takes `part` down, or brings it back if it is the one down.
    pub fn toggle_down(&self, part: Part) {
        let down = if self.down.get_untracked() == Some(part) { None } else { Some(part) };
        self.switch(self.play.get_untracked(), down);
    }
}

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}

fn empty() -> Recording {
    Recording {
        initial: Vec::new(),
        requests: Vec::new(),
        responses: Vec::new(),
        steps: Vec::new(),
        rounds: 0,
        down: None,
        actual_initial: Default::default(),
        actual_changes: Vec::new(),
        matrix_row: None,
    }
}
