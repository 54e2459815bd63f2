//! The real control plane (issue 30): `kubectl apply` of a Deployment to running Pods, every
//! Kubernetes part by its own name, on a clock in milliseconds. Pure and deterministic, a layer
//! of its own beside the lesson's model and shaped like it: the ledger (etcd: what is believed,
//! keys `/registry/...`, a revision counting every write), the world (what actually runs on the
//! nodes) and the trace (each step with its time, part, verb, key, items, counts and revision).
//! [`ha`] holds issue 31's HA rules (etcd quorum, leader election, node lifecycle).
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

pub mod api;
pub mod blast;
pub mod controllers;
pub mod ha;
pub mod informers;
pub mod kubectl;
pub mod kubelet;
pub mod ledger;
pub mod manifest;
pub mod names;
pub mod output;
pub mod objects;
pub mod render;
pub mod run;
pub mod scenario;
pub mod scheduler;
pub mod sim;
pub mod trace;
pub mod validation;
pub mod world;

pub use run::{simulate, Outage, Run, RELEASE};
pub use scenario::{Part, Scenario};
