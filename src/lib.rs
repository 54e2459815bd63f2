//! Control Plane Lab: the lesson "Control Plane Components" as a model, a CLI and a lab.
//!
//! [`model`] is pure Rust and holds every rule. [`output`] turns its records into the CLI's JSON.
//! The `ui` module (browser only) plays back what the model recorded.

pub mod embed;
pub mod messages;
pub mod model;
pub mod output;
pub mod report;
pub mod share;

#[cfg(target_arch = "wasm32")]
pub mod ui;
