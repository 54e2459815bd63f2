//! The real control plane (issue 30): `kubectl apply` of a Deployment to running Pods, every
//! Kubernetes part by its own name, on a clock in milliseconds. Pure and deterministic, a layer
//! of its own beside the lesson's model and shaped like it: the ledger (etcd: what is believed,
//! keys `/registry/...`, a revision counting every write), the world (what actually runs on the
//! nodes) and the trace (each step with its time, part, verb, key, items, counts and revision).
//! It follows Kubernetes v1.32 ([`run::RELEASE`]); docs/kube.md lists every default and
//! assumption with its source.
//!
//! - [`scenario`]: the input (cluster, manifests at seconds, faults, assumptions).
//! - [`manifest`], [`validation`]: manifests read with k8s-openapi's types, refused as
//!   kubectl and kube-apiserver refuse them.
//! - [`sim`]: the clock and queue; [`informers`], [`api`], [`controllers`], [`scheduler`],
//!   [`kubelet`], [`kubectl`]: the parts.
//! - [`run`]: `simulate`, a scenario in, a [`run::Run`] out; [`render`] and [`blast`]: what the
//!   CLI prints and the failure matrix's row, pure functions of a run.
//!
//! [`ha`] (issue 31) holds the high-availability rules: etcd quorum, leases, node timings.
//! [`audit`] (issue 32) reads and writes a real cluster's audit log (`audit.k8s.io/v1`).
//! The simulation is native only for now (its manifest reader uses k8s-openapi and
//! serde_norway); the page `?kube=1` will lift the `cfg` with its own build.

#[cfg(not(target_arch = "wasm32"))]
pub mod api;
pub mod audit;
#[cfg(not(target_arch = "wasm32"))]
pub mod blast;
#[cfg(not(target_arch = "wasm32"))]
pub mod controllers;
pub mod ha;
#[cfg(not(target_arch = "wasm32"))]
pub mod informers;
#[cfg(not(target_arch = "wasm32"))]
pub mod kubectl;
#[cfg(not(target_arch = "wasm32"))]
pub mod kubelet;
#[cfg(not(target_arch = "wasm32"))]
pub mod ledger;
#[cfg(not(target_arch = "wasm32"))]
pub mod manifest;
#[cfg(not(target_arch = "wasm32"))]
pub mod names;
#[cfg(not(target_arch = "wasm32"))]
pub mod objects;
#[cfg(not(target_arch = "wasm32"))]
pub mod output;
#[cfg(not(target_arch = "wasm32"))]
pub mod render;
#[cfg(not(target_arch = "wasm32"))]
pub mod run;
#[cfg(not(target_arch = "wasm32"))]
pub mod scenario;
#[cfg(not(target_arch = "wasm32"))]
pub mod scheduler;
#[cfg(not(target_arch = "wasm32"))]
pub mod sim;
#[cfg(not(target_arch = "wasm32"))]
pub mod trace;
#[cfg(not(target_arch = "wasm32"))]
pub mod validation;
#[cfg(not(target_arch = "wasm32"))]
pub mod world;

#[cfg(not(target_arch = "wasm32"))]
pub use run::{simulate, Outage, Run, RELEASE};
#[cfg(not(target_arch = "wasm32"))]
pub use scenario::{Part, Scenario};
