//! The lesson's control plane in pure Rust, and nothing else: its values and parts, the state
//! store (what is believed) with the recorder of its trace, the world (what actually runs), one
//! file per component, the round loop, the lesson's runs and the failure matrix, and
//! JavaScript's number rules where the lesson's code relies on them. It imports nothing from the
//! crate outside itself (a test holds it to that) and returns data: formats, playback, teaching
//! features and the UI sit above it and render text.

pub mod api_server;
pub mod controller_manager;
pub mod jsnum;
pub mod matrix;
pub(crate) mod names;
pub mod node_agents;
pub mod part;
pub mod plane;
pub mod recorder;
pub mod repair;
pub mod run;
pub mod scale;
pub mod scenario;
pub mod scheduler;
pub mod services;
#[cfg(not(target_arch = "wasm32"))]
mod shortest;
pub mod state_store;
pub mod timeline;
pub mod trace;
pub mod value;
pub mod watch;
pub mod world;

pub use api_server::{Request, Response};
pub use matrix::{
    judge, lesson_matrix, matrix_run, reasons, MatrixRow, MatrixRun, Reason, Verdict, MATRIX_ORDER,
};
pub use part::{Part, PartNameError, PartSet};
pub use plane::{Plane, DEFAULT_MAX_ROUNDS};
pub use recorder::Recorder;
pub use repair::{repair_row, repair_scenarios, RepairRow};
pub use run::{LessonService, Run, RunError, RunNameError, MAX_DESIRED};
pub use scenario::{lesson_events, lesson_initial, lesson_request, Outcome, Scenario};
pub use services::{count_of, service_counts, ServiceCount};
pub use state_store::StateStore;
pub use timeline::{Change, Event};
pub use trace::{
    per_round, round_spans, Limits, Op, RoundSpan, Step, Totals, TraceLimit, TraceSummary, MAX_TRACE_STEPS,
};
pub use value::{CopyRecord, Health, Node, Prefix, Service, Status, Value};
pub use watch::{Delivered, WatchPlan};
pub use world::{ActualChange, World};
