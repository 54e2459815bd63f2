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
//! [`audit`] (issue 32) reads and writes a real cluster's audit log (`audit.k8s.io/v1`);
//! [`audit_log`] writes a simulated run as one.
//! In the browser the simulation is compiled only into the page `?kube=1` (feature `kube`);
//! its manifest reader (`manifest_read`: k8s-openapi and serde_norway) only into that page's
//! worker (feature `kube_reader`), which the page loads when a student's manifest needs it.

#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod api;
pub mod audit;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod audit_log;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod blast;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
/// One stable sort by a time for every timeline (one copy of the sort in the page).
pub mod by_time;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod controllers;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
/// A decimal read to the nearest `f64` without Rust's float parser (the seconds fields).
pub mod decimal;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod flags;
pub mod ha;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod ha_marks;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod ha_plan;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod ha_sim;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod informers;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kubectl;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod kubelet;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod ledger;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod manifest;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod manifest_default;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube_reader"))]
pub mod manifest_read;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod manifest_wire;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod names;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod node_controller;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod node_return;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod objects;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod output;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod render;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod replicas;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod restore;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod run;
/// A whole run as text, from the page's worker to the page (issue 30's weight).
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod run_wire;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod scenario;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod scheduler;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod sim;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod trace;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod validation;
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub mod world;

#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub use run::{simulate, simulate_with, Outage, Run, RELEASE};
#[cfg(any(not(target_arch = "wasm32"), feature = "kube"))]
pub use scenario::{Part, Scenario};
