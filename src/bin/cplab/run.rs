//! `cplab run`: one run of the model, its result as JSON.

use crate::input::{read_file, read_stdin};
use crate::output::{Mode, Shown};
use crate::Failure;
use clap::Args;
use cplab::formats::run_json::write_result;
use cplab::formats::scenario_json;
use cplab::model::{Part, PartNameError, PartSet, Run, RunError, Scenario, MAX_DESIRED};
use std::io::{self, Write};

/// `cplab run`'s arguments.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    source: SourceArgs,
    /// Parts down from the start, joined by commas: "API server", "state store", "scheduler",
    /// "controller manager", "node agents"; "control plane" (the first four); - for none
    #[arg(long, value_name = "PARTS", value_parser = parse_parts)]
    down: Option<PartSet>,
}

/// Where the run comes from: one of these, or standard input.
#[derive(Args)]
#[group(multiple = false)]
struct SourceArgs {
    /// A scenario file (its format: docs/semantics.md); - or nothing: standard input
    #[arg(value_name = "SOURCE")]
    file: Option<String>,
    /// The lesson's request (collector 3 -> 5)
    #[arg(long)]
    lesson: bool,
    /// The failure matrix's three events
    #[arg(long)]
    events: bool,
    /// The lesson's state with collector or verifier scaled to N (at most 20)
    #[arg(long, value_name = "SERVICE:N", value_parser = parse_scale)]
    scale: Option<Run>,
}

impl RunArgs {
    /// `cplab run [SOURCE | --lesson | --events | --scale SERVICE:N] [--down PARTS]`.
    pub fn run(self) -> Result<(), Failure> {
        let SourceArgs { file, lesson, events, scale } = self.source;
        let run = match (lesson, events, scale) {
            (true, _, _) => Some(Run::Lesson),
            (_, true, _) => Some(Run::Events),
            (_, _, scale) => scale,
        };
        let (scenario, name) = match (run, file.as_deref()) {
            (Some(run), _) => (lab_run(run)?, "the run"),
            (None, None | Some("-")) => (parse_scenario(read_stdin()?, "standard input")?, "standard input"),
            (None, Some(file)) => (parse_scenario(read_file(file)?, file)?, file),
        };
        let scenario = match self.down {
            Some(down) => Scenario { down, ..scenario },
            None => scenario,
        };
        simulate(scenario, name)
    }
}

/// One of the lab's runs, as the lab runs it.
fn lab_run(run: Run) -> Result<Scenario, Failure> {
    // Neither happens for a run `--lesson`, `--events` or `--scale` names (`parse_scale` takes no
    // N above the most): said, not assumed.
    run.scenario(PartSet::NONE, None).map_err(|e| match e {
        RunError::NothingGiven => Failure::Input("that run needs a scenario file".into()),
        RunError::DesiredTooLarge { desired } => {
            Failure::Input(format!("--scale: {desired} is more than {MAX_DESIRED}"))
        }
    })
}

/// `--scale SERVICE:N`: the run named `scale:SERVICE:N`.
fn parse_scale(arg: &str) -> Result<Run, String> {
    format!("scale:{arg}").parse().map_err(|_| {
        format!("expected SERVICE:N (collector or verifier, N from 0 to {MAX_DESIRED}), found \"{arg}\"")
    })
}

/// `--down`'s value: `-` for none, `control plane` for the whole control plane, or part names
/// separated by commas (the parts' own names, as share links and tables write them).
fn parse_parts(names: &str) -> Result<PartSet, String> {
    names.parse().map_err(|e| match e {
        PartNameError::Unknown(name) => format!(
            "unknown part \"{name}\"; expected {} (several joined by commas), \"control plane\", or -",
            Part::names_list()
        ),
        // Named twice, a part would be taken down once: said, as a scenario's `down` says it.
        PartNameError::Twice(part) => format!("\"{part}\" is listed twice"),
    })
}

fn parse_scenario(text: String, source: &str) -> Result<Scenario, Failure> {
    scenario_json::parse(&text).map_err(|e| Failure::Input(format!("{source}: {e}")))
}

fn simulate(scenario: Scenario, source: &str) -> Result<(), Failure> {
    let outcome = scenario.run_with(false).map_err(|e| Failure::Input(format!("{source}: {e}")))?;
    // Everything is computed before anything is printed: a failed run leaves stdout empty.
    // Straight to standard output's file: the JSON comes in 64 KiB pieces already, and the line
    // buffer of `io::stdout()` would search each piece for a newline again (9 of a scaled run's
    // 100 million instructions). Where the file cannot be had, through `io::stdout()`.
    let written = match stdout_file() {
        Some(file) => json_to(file, &outcome),
        None => json_to(io::stdout().lock(), &outcome),
    };
    written.map_err(|e| Failure::Input(format!("writing the result: {e}")))?;
    // The process ends here: freeing a large run piece by piece would only cost time.
    std::mem::forget(outcome);
    Ok(())
}

/// Standard output as a file of its own (a duplicate of its descriptor), where there is one.
#[cfg(unix)]
fn stdout_file() -> Option<std::fs::File> {
    use std::os::fd::AsFd;
    io::stdout().as_fd().try_clone_to_owned().ok().map(std::fs::File::from)
}

#[cfg(not(unix))]
fn stdout_file() -> Option<std::fs::File> {
    None
}

/// Writes the run's JSON to `out`, through the escaping writer.
fn json_to(out: impl Write, outcome: &cplab::model::Outcome) -> io::Result<()> {
    let mut out = Shown::new(out, Mode::Json);
    write_result(&mut out, outcome).and_then(|()| out.flush())
}
