//! The lesson's control-plane model in pure Rust: no browser, no UI. Both drivers (the `cplab`
//! CLI and the lab in the browser) play back what it records.

pub mod api_server;
pub mod assignment;
pub mod controller_manager;
pub(crate) mod fxhash;
pub mod jsnum;
pub mod matrix;
pub mod node_agents;
pub mod part;
pub mod plane;
pub mod playback;
pub mod scenario;
pub mod scheduler;
pub mod state_store;
pub mod table;
pub mod value;

pub use api_server::{Request, Response};
pub use matrix::{
    explain, lesson_events, lesson_matrix, matrix_run, MatrixRow, MatrixRun, Verdict, MATRIX_ORDER,
};
pub use part::Part;
pub use plane::{Plane, DEFAULT_MAX_ROUNDS};
pub use playback::{Recording, Totals};
pub use scenario::{lesson_initial, Outcome, Scenario, ScenarioError};
pub use state_store::{Op, StateStore, Step, TraceLimit};
pub use table::{matrix_table, trace_table, TraceSummary, LESSON_TRACE_TITLE};
pub use value::{Copy, Health, Node, Prefix, Service, Status, Value};
