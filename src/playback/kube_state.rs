//! The page `?kube=1`'s state: the manifest the student typed, the parts pressed down, the run
//! they give, the cursor and playback, and the blast rows filled. Every change is one of its
//! transitions, tested natively (tests/kube_page.rs), so the page's views hold no rule: they read
//! [`KubeState::frame`] and call these.

use super::audit::AuditRecording;
use super::kube::{fill, press, KubeFrame, KubeRecording};
use super::kube_setup::{Field, FieldProblem, Setup, SetupFields};
use super::played::{kube_frame, TracePlayback};
use super::SPEEDS;
use crate::kube::blast::BlastRow;
use crate::kube::manifest::{read_file, Read};
use crate::kube::scenario::{Fault, Part};
use std::rc::Rc;

// The ways a state starts: the manifest read or waiting for the reader, on the cluster the
// fields describe.
mod start;

/// The file name kubectl is told (`kubectl apply -f deploy.yaml`), whatever the student typed.
pub const FILE: &str = "deploy.yaml";

/// The page's state.
#[derive(Clone, Debug)]
pub struct KubeState {
    /// The manifest as typed: kept whatever becomes of it.
    text: String,
    /// Its objects as read (or kubectl's refusal): every rerun (a part pressed, a reset) runs
    /// these, so the file is read once.
    read: Read,
    /// Whether the text waits for the page's manifest reader (a worker) to read it.
    reading: bool,
    /// The parts pressed down, with when.
    faults: Vec<Fault>,
    /// The scenario fields of issue 31 as typed, and what was last read from them: the cluster
    /// the run shown uses (members, replicas, faults typed) and what was wrong with the fields.
    fields: SetupFields,
    setup: Setup,
    setup_problems: Vec<FieldProblem>,
    /// The run shown, or why the model refused the manifest (nothing to play then).
    recording: Result<Rc<KubeRecording>, String>,
    /// Why the last press could not be run (the run shown is the one before it).
    refused: Option<String>,
    /// How many runs have been recorded: a view's cache of the frame keys on it.
    runs: u64,
    cursor: usize,
    playing: bool,
    generation: u64,
    speed: usize,
    /// One blast row per set of parts down, filled as a run reaches its end.
    rows: Vec<BlastRow>,
    /// A real cluster's audit log, played instead of the run while it is open (issue 32).
    log: Option<Rc<AuditRecording>>,
}

impl KubeState {
    /// The manifest as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The run shown, if the model accepted the manifest.
    pub fn recording(&self) -> Option<&Rc<KubeRecording>> {
        self.recording.as_ref().ok()
    }

    /// Why nothing plays (the model refused the manifest) or why the last press was not run;
    /// none while the text waits for the reader.
    pub fn problem(&self) -> Option<&str> {
        if self.reading {
            return None;
        }
        self.recording.as_ref().err().or(self.refused.as_ref()).map(String::as_str)
    }

    /// Whether the text waits for the page's manifest reader (nothing plays meanwhile).
    pub fn reading(&self) -> bool {
        self.reading
    }

    /// The number of the run shown (a new one for each recording).
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// The scenario fields as last set (as typed).
    pub fn fields(&self) -> &SetupFields {
        &self.fields
    }

    /// The cluster the run shown uses.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// What was wrong with the fields last set (the run shown is the one before them), each
    /// named.
    pub fn setup_problems(&self) -> &[FieldProblem] {
        &self.setup_problems
    }

    /// The parts pressed down.
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// Whether the part the command line calls `name` is pressed down (down now, or from the
    /// next step).
    pub fn pressed(&self, name: &str) -> bool {
        self.faults.iter().any(|f| f.part == name)
    }

    /// Steps shown.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Steps in the run shown, or requests in the log played (0 when nothing plays).
    pub fn len(&self) -> usize {
        match &self.log {
            Some(log) => log.len(),
            None => self.recording().map_or(0, |r| r.len()),
        }
    }

    /// The audit log played instead of the run, if one is open.
    pub fn log(&self) -> Option<&Rc<AuditRecording>> {
        self.log.as_ref()
    }

    /// What the trace shows: the log's when one is open, else the run's.
    fn played(&self) -> Option<&dyn TracePlayback> {
        match &self.log {
            Some(log) => Some(log.as_ref()),
            None => self.recording().map(|r| r.as_ref() as &dyn TracePlayback),
        }
    }

    /// The trace's column heads for what plays.
    pub fn trace_heads(&self) -> &'static [&'static str] {
        self.played().map_or(&super::kube::TRACE_HEADS[..], |p| p.heads())
    }

    /// The `at`-th row of the trace of what plays (from 0).
    pub fn trace_row(&self, at: usize) -> Option<Vec<String>> {
        self.played()?.trace_row(at)
    }

    /// Plays `log` on the diagram and trace instead of the run, from its start; the run, its
    /// parts down and its blast rows are kept for when the log is closed.
    pub fn play_log(&mut self, log: Rc<AuditRecording>) {
        self.log = Some(log);
        self.after_source_change();
    }

    /// Closes the log: the run plays again, from its start.
    pub fn close_log(&mut self) {
        if self.log.take().is_some() {
            self.after_source_change();
        }
    }

    fn after_source_change(&mut self) {
        self.runs += 1;
        self.cursor = 0;
        self.playing = false;
    }

    /// Whether the run shown has no step.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether playback runs.
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// The speed, an index into [`SPEEDS`].
    pub fn speed(&self) -> usize {
        self.speed
    }

    /// The time between two steps at the speed chosen (ms).
    pub fn step_ms(&self) -> u32 {
        (1000.0 / SPEEDS[self.speed.min(SPEEDS.len() - 1)].0) as u32
    }

    /// The blast rows filled so far.
    pub fn rows(&self) -> &[BlastRow] {
        &self.rows
    }

    /// Whether there is nothing to start over from: step 0, nothing down.
    pub fn at_rest(&self) -> bool {
        self.cursor == 0 && (self.faults.is_empty() || self.log.is_some())
    }

    /// Everything shown at the cursor (none when nothing plays): a log's as its
    /// [`kube_frame`].
    pub fn frame(&self) -> Option<KubeFrame> {
        match &self.log {
            Some(log) => Some(kube_frame(log.trace_frame(self.cursor))),
            None => self.recording().map(|r| r.frame(self.cursor)),
        }
    }

    /// Runs `text` instead, healthy, from step 0; its blast rows start afresh. A manifest the
    /// model refuses is kept as typed, with the refusal to show.
    pub fn apply(&mut self, text: &str) {
        self.apply_read(text, read_file(FILE, text));
    }

    /// Runs `text`, already read as `read`, as [`KubeState::apply`] does: on the cluster the
    /// fields describe when they can be read (the default one, named, if the model refuses
    /// it), else on the cluster of the run shown, the fields and their problems kept.
    pub fn apply_read(&mut self, text: &str, read: Read) {
        let (speed, runs) = (self.speed, self.runs + 1);
        let fields = std::mem::take(&mut self.fields);
        let fresh = if fields.read().is_ok() {
            KubeState::with_read_fields(text, read, fields)
        } else {
            let setup_problems = std::mem::take(&mut self.setup_problems);
            KubeState { fields, setup_problems, ..KubeState::on(text, read, self.setup.clone()) }
        };
        *self = KubeState { speed, runs, ..fresh };
    }

    /// Keeps `text` to run once the page's manifest reader has read it: nothing plays
    /// meanwhile, and the text and the fields are kept as typed.
    pub fn wait_for_reader(&mut self, text: &str) {
        let (speed, runs) = (self.speed, self.runs + 1);
        let (fields, setup) = (std::mem::take(&mut self.fields), self.setup.clone());
        let setup_problems = std::mem::take(&mut self.setup_problems);
        let waiting = KubeState::waiting(text);
        *self = KubeState { speed, runs, fields, setup, setup_problems, ..waiting };
    }

    /// The reader's answer for `text`: run if it is the text waiting (an answer for a text
    /// since replaced is dropped). Whether it was run.
    pub fn read_done(&mut self, text: &str, read: Read) -> bool {
        let current = self.reading && self.text == text;
        if current {
            self.apply_read(text, read);
        }
        current
    }

    /// The reader could not read `text` (its module failed to load): said, the text kept.
    pub fn reader_failed(&mut self, text: &str, why: &str) {
        if self.reading && self.text == text {
            self.reading = false;
            self.recording = Err(why.to_string());
        }
    }

    /// Runs the cluster `fields` describe, kept as typed: healthy (nothing pressed), from step
    /// 0; the blast rows kept when the members and replicas are the same (the rows then differ
    /// by their faults), else afresh. Fields that cannot be read, or that the model refuses,
    /// leave the run shown as it is, with every problem named. While the text waits for the
    /// reader, the fields are kept and run with its answer.
    pub fn set_fields(&mut self, fields: SetupFields) {
        self.fields = fields;
        let setup = match self.fields.read() {
            Ok(setup) => setup,
            Err(problems) => {
                self.setup_problems = problems;
                return;
            }
        };
        if self.reading {
            self.setup = setup;
            self.setup_problems.clear();
            return;
        }
        match KubeRecording::of_read_setup(FILE, &self.text, &self.read, &setup, &[]) {
            Err(why) if self.recording.is_ok() => {
                self.setup_problems = vec![FieldProblem { field: Field::Cluster, why }];
            }
            recording => {
                let rows =
                    if setup.same_cluster(&self.setup) { std::mem::take(&mut self.rows) } else { Vec::new() };
                self.recording = recording.map(Rc::new);
                self.setup = setup;
                self.setup_problems.clear();
                self.faults.clear();
                self.refused = None;
                self.runs += 1;
                self.rows = rows;
                self.cursor = 0;
                self.playing = false;
            }
        }
    }

    /// Moves the cursor (clamped); reaching the end stops playback and fills the run's row.
    pub fn go_to(&mut self, step: usize) {
        self.cursor = step.min(self.len());
        if self.cursor < self.len() {
            return;
        }
        if self.log.is_some() {
            self.playing = false; // a log fills no blast row: nothing of it was taken down
            return;
        }
        let Some(blast) = self.recording().map(|r| r.blast()) else { return };
        self.playing = false;
        self.rows = fill(&self.rows, blast);
    }

    /// Takes `part` down from the step after the cursor (from the start at step 0), or brings it
    /// back (its fault removed), and runs again, the cursor kept. Down from the millisecond after
    /// the last step shown: the model takes a part down before any step of that millisecond, so
    /// a fault at the cursor's own time would rewrite steps already shown. A run the page cannot
    /// play is not shown: the one before stays, with why.
    pub fn press(&mut self, part: &Part) {
        if self.log.is_some() {
            return; // a real cluster's log records what happened: nothing to take down
        }
        let Some(at_ms) = self.frame().map(|f| if self.cursor == 0 { 0 } else { f.at_ms + 1 }) else {
            return;
        };
        let faults = press(&self.faults, part, at_ms);
        match KubeRecording::of_read_setup(FILE, &self.text, &self.read, &self.setup, &faults) {
            Ok(recording) => {
                self.faults = faults;
                self.recording = Ok(Rc::new(recording));
                self.refused = None;
                self.runs += 1;
                let cursor = self.cursor;
                self.go_to(cursor);
            }
            Err(why) => self.refused = Some(why),
        }
    }

    /// Starts over: the healthy run at step 0 (the rows filled are kept).
    pub fn reset(&mut self) {
        self.playing = false;
        if !self.faults.is_empty() && self.log.is_none() {
            let rows = std::mem::take(&mut self.rows);
            let (speed, runs) = (self.speed, self.runs + 1);
            let fields = std::mem::take(&mut self.fields);
            let problems = std::mem::take(&mut self.setup_problems);
            let fresh = KubeState::on(&self.text, self.read.clone(), self.setup.clone());
            *self = KubeState { speed, runs, rows, fields, setup_problems: problems, ..fresh };
        }
        self.cursor = 0;
    }

    /// Starts playing from the cursor (from the start when at the end); none when nothing plays.
    pub fn start_playing(&mut self) -> Option<u64> {
        if self.is_empty() {
            return None;
        }
        if self.cursor >= self.len() {
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

    /// Pauses.
    pub fn pause(&mut self) {
        self.playing = false;
    }

    /// Sets the speed (clamped).
    pub fn set_speed(&mut self, speed: usize) {
        self.speed = speed.min(SPEEDS.len() - 1);
    }
}
