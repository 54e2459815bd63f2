//! Control Plane Lab: the lesson "Control Plane Components" as a model, a CLI and a lab.
//!
//! The layers, each importing only those below it (`tests/layers.rs` holds them to that):
//! - [`model`]: the lesson's control plane, pure Rust; it holds every rule and returns data.
//! - [`playback`]: a recorded run and the one frame a view shows at a cursor.
//! - [`messages`]: every text, one table per language; renders the model's data as words.
//! - [`formats`]: JSON in and out, and the CLI's tables.
//! - [`teaching`]: assignments, reports, share links, embedding.
//! - [`kube`]: the real control plane (issue 30), a layer of its own beside the model: etcd,
//!   kube-apiserver, the controllers, the scheduler, kubelets and kube-proxy on a clock, and a
//!   real cluster's audit log read and written; imports nothing.
//! - `ui` (browser only): the lab, which plays back what the model recorded.

pub mod formats;
// In the browser only the page `?kube=1` (feature `kube`) carries it.
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kube;
pub mod messages;
pub mod model;
pub mod playback;
pub mod teaching;

#[cfg(target_arch = "wasm32")]
pub mod ui;
