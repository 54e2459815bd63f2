//! What `cplab kube` prints for a run, as one pure function: standard output, standard error
//! (kubectl's errors, in its words) and the exit status (1 when kubectl failed, as kubectl
//! exits).

use super::audit::{write_log, Level, WriteOptions};
use super::audit_log::{events_of_run, LogOptions};
use super::blast::{blast_row, blast_table, BlastRow};
use super::render::{events_table, kubectl_errors, pods_table, trace_table};
use super::run::Run;
use serde::Serialize;

/// What to print (`-o`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// kubectl's output, then `kubectl get events --sort-by=.lastTimestamp`.
    Events,
    /// kubectl's output, then `kubectl get pods -o wide`.
    Pods,
    /// The trace table.
    Trace,
    /// The run's blast-radius row.
    Blast,
    /// Everything as JSON.
    Json,
    /// The run as kube-apiserver's audit log (JSON lines) at this level.
    Audit(Level),
}

impl Output {
    /// `-o`'s value read.
    pub fn parse(text: &str) -> Option<Output> {
        match text {
            "events" => Some(Output::Events),
            "pods" => Some(Output::Pods),
            "trace" => Some(Output::Trace),
            "blast" => Some(Output::Blast),
            "json" => Some(Output::Json),
            "audit" => Some(Output::Audit(Level::Metadata)),
            _ => None,
        }
    }
}

/// A run's output: (stdout, stderr, exit status).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status.
    pub code: i32,
}

#[derive(Serialize)]
struct Everything<'a> {
    run: &'a Run,
    blast: BlastRow,
    events: String,
    pods: String,
}

/// The commands a student would type, each with what it prints: `$ kubectl apply -f FILE`
/// (kubectl's own lines), then the table asked for.
fn transcript(run: &Run, files: &[String], command: &str, table: String) -> String {
    let mut out = String::new();
    for (i, file) in files.iter().enumerate() {
        out.push_str(&format!("$ kubectl apply -f {file}\n"));
        for line in run.kubectl.iter().filter(|l| l.apply == i && !l.error) {
            out.push_str(&format!("{}\n", line.text));
        }
    }
    out.push_str(&format!("\n$ {command}\n{table}"));
    out
}

/// What `cplab kube apply|run -o OUTPUT` prints for `run` (`files`: the files applied).
pub fn printed(run: &Run, files: &[String], output: Output) -> Printed {
    let stdout = match output {
        Output::Events => {
            transcript(run, files, "kubectl get events --sort-by=.lastTimestamp", events_table(run))
        }
        Output::Pods => transcript(run, files, "kubectl get pods -o wide", pods_table(run)),
        Output::Trace => trace_table(run),
        Output::Blast => {
            let mut table = blast_table(&[blast_row(run)]);
            if let Some(restore) = super::restore::restore_summary(run) {
                table.push('\n');
                table.push_str(&restore);
            }
            table
        }
        Output::Json => {
            let all =
                Everything { run, blast: blast_row(run), events: events_table(run), pods: pods_table(run) };
            serde_json::to_string_pretty(&all).map(|s| s + "\n").unwrap_or_default()
        }
        Output::Audit(level) => audit(run, level),
    };
    let mut stderr = kubectl_errors(run);
    if let Some(why) = &run.stopped {
        stderr.push_str(&format!("cplab: {why}\n"));
    }
    Printed { stdout, stderr, code: run.exit_code }
}

/// The run's audit log at `level`, as `-o audit` prints it and the kube page downloads it; a
/// level that logs nothing (None) gives an empty log.
pub fn audit(run: &Run, level: Level) -> String {
    let events = events_of_run(run, LogOptions { level, ..LogOptions::default() });
    write_log(&events, WriteOptions { level, ..WriteOptions::default() }).unwrap_or_default()
}
