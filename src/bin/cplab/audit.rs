//! `cplab kube audit FILE`: a real cluster's audit log as the trace a student follows (issue 32).
//! The log is read a chunk at a time, never whole (`cplab::kube::audit::read_stream`); what it
//! prints is `cplab::kube::audit::render` (docs/audit.md), or with `--body KEY` the bodies of
//! that key's requests (`cplab::kube::audit::bodies`). A line that is not an audit event is named
//! in the trace, not a failure. `cplab kube compare MANIFEST` prints the same request three ways
//! (`cplab::playback::side_by_side`).

use crate::input::read_file;
use crate::output::print;
use crate::Failure;
use clap::Args;
use cplab::kube::audit::{bodies, read_stream, render, AuditTrace, ReadOptions};
use cplab::playback::side_by_side::{compare, render_side};
use std::path::Path;

/// `cplab kube audit`'s arguments.
#[derive(Args)]
pub struct AuditArgs {
    /// The audit log: kube-apiserver's JSON lines (its --audit-log-path), or - for standard input
    file: String,
    /// Print the request and response bodies of each request with this key, as the trace prints
    /// it (pods/web-1/binding); bodies are recorded at level Request and RequestResponse only
    #[arg(long, value_name = "KEY")]
    body: Option<String>,
    /// Show the bodies of Secrets too (withheld by default)
    #[arg(long)]
    show_secrets: bool,
}

/// Reads the log at `file` (`-`: standard input) as a stream.
fn read_log_file(file: &str, options: ReadOptions) -> Result<AuditTrace, Failure> {
    let failed = |e: std::io::Error| Failure::Input(format!("{file}: {e}"));
    if file == "-" {
        read_stream(std::io::stdin().lock(), options).map_err(failed)
    } else {
        read_stream(std::fs::File::open(file).map_err(failed)?, options).map_err(failed)
    }
}

impl AuditArgs {
    /// Reads the log and prints its trace, or the bodies asked for.
    pub fn run(self) -> Result<(), Failure> {
        let options = ReadOptions { show_secrets: self.show_secrets, ..ReadOptions::default() };
        let trace = read_log_file(&self.file, options)?;
        match &self.body {
            Some(key) => {
                print(&bodies(&trace, key).map_err(|e| Failure::Input(format!("{}: {e}", self.file)))?)
            }
            None => print(&render(&trace)),
        }
    }
}

/// `cplab kube compare`'s arguments.
#[derive(Args)]
pub struct CompareArgs {
    /// The manifests the simulation applies with kubectl apply -f (tests/kube/deploy.yaml)
    manifest: String,
    /// The audit log of the same request (kube-apiserver's JSON lines, or - for standard input);
    /// without it, the simulated run's own -o audit log
    #[arg(long, value_name = "FILE")]
    log: Option<String>,
}

impl CompareArgs {
    /// Runs the lesson and the manifests, reads the log, and prints the three ways.
    pub fn run(self) -> Result<(), Failure> {
        let text = read_file(&self.manifest)?;
        let name = Path::new(&self.manifest).file_name().and_then(|n| n.to_str()).unwrap_or(&self.manifest);
        let log = match &self.log {
            Some(file) => Some((read_log_file(file, ReadOptions::default())?, file.clone())),
            None => None,
        };
        let side =
            compare(name, &text, log.as_ref().map(|(t, f)| (t, f.as_str()))).map_err(Failure::Input)?;
        print(&render_side(&side))
    }
}
