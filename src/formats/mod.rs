//! Formats: what goes in and out of the lab as text. Scenario and assignment JSON read into the
//! model's types (every problem named by its field), the JSON `cplab run` prints, and the CLI's
//! text tables, and markup as text for the lab's long lists. The model knows none of them.

pub mod assignment;
pub mod assignment_json;
pub mod assignment_within;
pub mod changes_json;
pub mod choice;
pub mod escape;
pub mod html;
pub mod json;
pub mod limits;
pub mod mode_json;
pub mod question;
pub mod run_json;
pub mod scenario_errors;
pub mod scenario_fast;
pub mod scenario_json;
#[cfg(not(target_arch = "wasm32"))]
mod scenario_scan;
pub mod tables;
pub mod timeline_json;
pub mod value_json;

pub use json::InputError;
