//! `cplab kube audit FILE`: a real cluster's audit log as the trace a student follows (issue 32).
//! The log is read a chunk at a time, never whole (`cplab::kube::audit::read_stream`); what it
//! prints is `cplab::kube::audit::render` (docs/audit.md). A line that is not an audit event is
//! named in the trace, not a failure.

use crate::output::print;
use crate::Failure;
use clap::Args;
use cplab::kube::audit::{read_stream, render, ReadOptions};

/// `cplab kube audit`'s arguments.
#[derive(Args)]
pub struct AuditArgs {
    /// The audit log: kube-apiserver's JSON lines (its --audit-log-path), or - for standard input
    file: String,
}

impl AuditArgs {
    /// Reads the log and prints its trace.
    pub fn run(self) -> Result<(), Failure> {
        let failed = |e: std::io::Error| Failure::Input(format!("{}: {e}", self.file));
        let trace = if self.file == "-" {
            read_stream(std::io::stdin().lock(), ReadOptions::default()).map_err(failed)?
        } else {
            let file = std::fs::File::open(&self.file).map_err(failed)?;
            read_stream(file, ReadOptions::default()).map_err(failed)?
        };
        print(&render(&trace))
    }
}
