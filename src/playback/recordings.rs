//! The recordings a lab has made, each once, and the one frame it shows: what the lab derives
//! from its [`LabState`], kept so a move of the cursor replays the store once and a run revisited
//! is not recorded again. Pure: the page wraps one of these; the tests drive it directly.

use super::{keep_recent, Edits, Frame, LabState, RecordError, Recording};
use crate::model::{PartSet, Run, Scenario};
use std::rc::Rc;

/// A recorded run, or why it could not be recorded.
pub type Recorded = Result<Rc<Recording>, RecordError>;

/// Which run with which edits, at which cursor, sealed or not: what a frame is derived from.
type FrameKey = (Run, Edits, usize, bool);

/// Recordings by run, made once each, the oldest dropped past [`super::KEPT`], the scenario of
/// [`Run::Given`], and the last frame derived. A short list, not a map: a map type of its own
/// would cost the page more code than the search.
#[derive(Debug, Default)]
pub struct Recordings {
    kept: Vec<((Run, Edits), Recorded)>,
    given: Option<Scenario>,
    frame: Option<(FrameKey, Rc<Frame>)>,
}

impl Recordings {
    /// No recording yet, and no given scenario.
    pub fn new() -> Recordings {
        Recordings::default()
    }

    /// Makes `scenario` the run of [`Run::Given`] (an assignment's, or a sandbox link's): the
    /// recordings of the scenario given before are dropped.
    pub fn give(&mut self, scenario: Scenario) {
        self.given = Some(scenario);
        self.kept.retain(|((run, _), _)| *run != Run::Given);
        self.frame = None;
    }

    /// The parts the given scenario has down from its start, once one is given.
    pub fn given_down(&self) -> Option<PartSet> {
        self.given.as_ref().map(|s| s.down)
    }

    /// The recording of `run` with `edits`, or why it cannot be recorded: recorded once and kept.
    pub fn recorded(&mut self, run: Run, edits: &Edits) -> Recorded {
        let found = self.kept.iter().find(|((r, e), _)| *r == run && e == edits);
        if let Some((_, recorded)) = found {
            return recorded.clone();
        }
        let recording = Recording::of_run(run, edits.down, &edits.timeline, self.given.as_ref()).map(Rc::new);
        self.kept.push(((run, edits.clone()), recording.clone()));
        keep_recent(&mut self.kept);
        recording
    }

    /// The recording of `run` with `edits`; an empty one when it cannot be recorded (the lab
    /// says why: see [`Recordings::recorded`]).
    pub fn recording(&mut self, run: Run, edits: &Edits) -> Rc<Recording> {
        self.recorded(run, edits).unwrap_or_else(|_| Rc::new(Recording::empty()))
    }

    /// The recording of the run `state` shows.
    pub fn of(&mut self, state: &LabState) -> Rc<Recording> {
        self.recording(state.run(), state.edits())
    }

    /// Everything a view shows of `state`: derived once per move and kept, so every view reads
    /// the same frame and the store is replayed once. While sealed, every run shows its start:
    /// one rule, applied here where every frame is made, so no run, change or length can show
    /// an outcome (see [`Recording::sealed_frame`]).
    pub fn frame(&mut self, state: &LabState) -> Rc<Frame> {
        let sealed = state.sealed();
        let cursor = if sealed { usize::MAX } else { state.cursor() };
        let key = (state.run(), state.edits().clone(), cursor, sealed);
        if let Some((_, frame)) = self.frame.as_ref().filter(|(k, _)| *k == key) {
            return frame.clone();
        }
        let recording = self.recording(key.0, &key.1);
        let frame = Rc::new(if sealed { recording.sealed_frame() } else { recording.frame(cursor) });
        self.frame = Some((key, frame.clone()));
        frame
    }
}
