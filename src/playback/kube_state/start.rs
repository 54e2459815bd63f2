//! How the page's state starts ([`KubeState`]'s constructors): a manifest read (or waiting for
//! the page's reader), on the default cluster or the one the scenario fields describe.

use super::super::kube::KubeRecording;
use super::super::kube_setup::{Field, FieldProblem, Setup, SetupFields};
use super::{KubeState, FILE};
use crate::kube::manifest::{read_file, Read};
use std::rc::Rc;

impl KubeState {
    /// The default cluster running `text` (a file of manifests), healthy, at step 0.
    pub fn new(text: &str) -> KubeState {
        KubeState::with_fields(text, SetupFields::default())
    }

    /// The default cluster running `text`, already read as `read` (by the page's worker, or
    /// checked in), healthy, at step 0.
    pub fn with_read(text: &str, read: Read) -> KubeState {
        KubeState::with_read_fields(text, read, SetupFields::default())
    }

    /// The cluster `fields` describe running `text`; fields that cannot be read are kept, with
    /// their problems, and the default cluster runs.
    pub fn with_fields(text: &str, fields: SetupFields) -> KubeState {
        KubeState::with_read_fields(text, read_file(FILE, text), fields)
    }

    /// The cluster `fields` describe running `text`, already read as `read`: as
    /// [`KubeState::with_fields`], the file not read again.
    pub fn with_read_fields(text: &str, read: Read, fields: SetupFields) -> KubeState {
        let (setup, problems) = read_fields(&fields);
        let mut state = KubeState { setup_problems: problems, ..KubeState::on(text, read.clone(), setup) };
        if let (Err(why), false) = (&state.recording, state.setup == Setup::default()) {
            // The model refused this cluster (not the manifest: the default cluster runs it):
            // the default cluster runs, and the refusal is named.
            let default = KubeState::on(text, read, Setup::default());
            if default.recording.is_ok() {
                let problems = vec![FieldProblem { field: Field::Cluster, why: why.clone() }];
                state = KubeState { setup_problems: problems, ..default };
            }
        }
        state.fields = fields;
        state
    }

    /// The default cluster waiting for the page's manifest reader to read `text` (see
    /// [`KubeState::wait_for_reader`]).
    pub fn waiting(text: &str) -> KubeState {
        KubeState::waiting_fields(text, SetupFields::default())
    }

    /// The cluster `fields` describe waiting for the page's manifest reader to read `text`:
    /// the page's first state (its fields may come from a link).
    pub fn waiting_fields(text: &str, fields: SetupFields) -> KubeState {
        let (setup, setup_problems) = read_fields(&fields);
        KubeState {
            text: text.to_string(),
            read: Err(String::new()),
            reading: true,
            faults: Vec::new(),
            fields,
            setup,
            setup_problems,
            recording: Err(String::new()),
            refused: None,
            runs: 1,
            cursor: 0,
            playing: false,
            generation: 0,
            speed: 2,
            rows: Vec::new(),
            log: None,
        }
    }

    /// `text`, read as `read`, on the cluster `setup`, healthy, at step 0, with no row.
    pub(super) fn on(text: &str, read: Read, setup: Setup) -> KubeState {
        let recording = KubeRecording::of_read_setup(FILE, text, &read, &setup, &[]).map(Rc::new);
        let waiting = KubeState::waiting_fields(text, SetupFields::default());
        KubeState { recording, read, reading: false, setup, setup_problems: Vec::new(), ..waiting }
    }
}

/// The cluster `fields` describe and nothing wrong, or the default cluster and what is wrong.
fn read_fields(fields: &SetupFields) -> (Setup, Vec<FieldProblem>) {
    match fields.read() {
        Ok(setup) => (setup, Vec::new()),
        Err(problems) => (Setup::default(), problems),
    }
}
