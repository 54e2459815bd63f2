//! What views read of the lab, and the few plain changes they ask of it (play, pause, speed).

use super::{Lab, SPEEDS};
use crate::model::{PartSet, Run};
use crate::playback::MatrixLine;
use leptos::prelude::*;

// What views read (tracked; wrap in `untrack` for event handlers). They never write a signal:
// every change goes through a method of `Lab`, which keeps the signals consistent with one another
// (a run, its edits, its cursor and its end).
impl Lab {
    /// The run shown.
    pub fn run(&self) -> Run {
        self.run.get()
    }

    /// The parts down from the start of the run.
    pub fn down(&self) -> PartSet {
        self.down.get()
    }

    /// Whether the student has changed parts at rounds.
    pub fn changed(&self) -> bool {
        self.timeline.with(|t| !t.is_empty())
    }

    /// Steps shown so far.
    pub fn cursor(&self) -> usize {
        self.cursor.get()
    }

    /// Whether playback is running.
    pub fn playing(&self) -> bool {
        self.playing.get()
    }

    /// The playback speed, an index into [`SPEEDS`].
    pub fn speed(&self) -> usize {
        self.speed.get()
    }

    /// The time between two steps at the speed chosen, in milliseconds (untracked; the slowest
    /// once the lab is gone, when the playback loop is about to stop anyway).
    pub fn step_ms(&self) -> u32 {
        let speed = self.speed.try_get_untracked().unwrap_or(0);
        (1000.0 / SPEEDS[speed.min(SPEEDS.len() - 1)].0) as u32
    }

    /// The failure-matrix rows run, and how far.
    pub fn finished(&self) -> Vec<(PartSet, MatrixLine)> {
        self.finished.get()
    }

    /// Whether the run shown has been run to its end.
    pub fn ended(&self) -> bool {
        self.ended.get()
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

    /// Starts playing from the cursor (from the start when at the end) and returns this
    /// playback's number: a playback loop stops once another has started (see `still_playing`).
    pub fn start_playing(&self) -> u64 {
        if self.cursor.get_untracked() >= self.recording_untracked().len() {
            self.cursor.set(0);
        }
        self.playing.set(true);
        self.generation.update(|g| *g += 1);
        self.generation.get_untracked()
    }

    /// Whether playback `generation` is still the one running (false once the lab is gone).
    pub fn still_playing(&self, generation: u64) -> bool {
        self.playing.try_get_untracked() == Some(true)
            && self.generation.try_get_untracked() == Some(generation)
    }

    /// Pauses playback.
    pub fn pause(&self) {
        self.playing.set(false);
    }

    /// Sets the playback speed (an index into [`SPEEDS`], clamped).
    pub fn set_speed(&self, speed: usize) {
        self.speed.set(speed.min(SPEEDS.len() - 1));
    }
}
