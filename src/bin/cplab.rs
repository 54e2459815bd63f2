//! `cplab`: the command-line driver of the Control Plane Lab model.

use cplab::formats::json::quoted;
use cplab::formats::scenario_json::{self, MAX_INPUT_BYTES};
use cplab::formats::tables::{matrix_table, repair_table, trace_table, LESSON_TRACE_TITLE};
use cplab::formats::{assignment_json, run_json::write_result};
use cplab::model::{
    lesson_matrix, repair_row, LessonService, Part, PartSet, Run, RunError, Scenario, MATRIX_ORDER,
    MAX_DESIRED,
};
use cplab::teaching::assignment::Assignment;
use std::io::{self, Read, Write};
use std::process::ExitCode;

const USAGE: &str =
    "usage: cplab trace | matrix [--repair] | run [SOURCE] [--down PARTS] | answer-key FILE | check FILE
  trace       print the lesson's trace table (collector 3 -> 5)
  matrix      print the lesson's failure matrix; --repair adds, below it, the two rows beyond the
              lesson and what each row becomes after repair and after the node agents report again
  run         simulate one run and print the result as JSON. SOURCE is a scenario file (- or
              nothing: standard input), or one of the lab's runs: --lesson (the lesson's request),
              --events (the failure matrix's three events), --scale SERVICE:N (collector or
              verifier scaled to N, at most 20, on the lesson's state). --down PARTS takes parts
              down from the start: \"API server\", \"state store\", \"scheduler\", \"controller
              manager\", \"node agents\" (several joined by commas), \"control plane\" (the first
              four), or - for none
  answer-key  print the correct answers of an assignment
  check       validate an assignment";

/// A failure, and the exit code it ends with.
enum Failure {
    /// Wrong arguments (exit 2).
    Usage(String),
    /// Bad input or a run that could not finish (exit 1).
    Input(String),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(m)) => {
            eprintln!("cplab: {m}\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Input(m)) => {
            eprintln!("cplab: {m}");
            ExitCode::from(1)
        }
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["trace"] => {
            let outcome = Scenario::lesson().simulate().map_err(|e| Failure::Input(e.to_string()))?;
            let store = outcome.plane.store();
            print(&trace_table(LESSON_TRACE_TITLE, store.trace(), store.revision(), outcome.plane.rounds()))
        }
        ["matrix"] => print(&matrix_table(&lesson_matrix().map_err(|e| Failure::Input(e.to_string()))?)),
        ["matrix", "--repair"] => {
            let lesson = matrix_table(&lesson_matrix().map_err(|e| Failure::Input(e.to_string()))?);
            let rows = MATRIX_ORDER
                .iter()
                .map(|&down| repair_row(down))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| Failure::Input(e.to_string()))?;
            print(&format!("{lesson}\n{}", repair_table(&rows)))
        }
        ["run", rest @ ..] => run_command(rest),
        ["answer-key", file] => print(&answer_key(&load_assignment(file)?, file)?),
        ["check", file] => {
            let a = load_assignment(file)?;
            let items = a.answer_key().map_err(|e| Failure::Input(format!("{file}: {e}")))?;
            let reveal = if a.reveal { "answers shown after the run" } else { "answers not shown" };
            print(&format!("ok: {file}: {}, {} items to predict, {reveal}\n", quoted(&a.title), items.len()))
        }
        ["-h" | "--help" | "help"] => print(&format!("{USAGE}\n")),
        [] => Err(Failure::Usage("no command given".into())),
        [other, ..] => Err(Failure::Usage(format!("unknown command or arguments starting at \"{other}\""))),
    }
}

/// Where `cplab run` takes its run from.
enum Source<'a> {
    /// A scenario file, or standard input (`-`).
    File(&'a str),
    /// One of the lab's runs.
    Run(Run),
}

fn run_command(args: &[&str]) -> Result<(), Failure> {
    let mut source: Option<Source> = None;
    let mut down: Option<PartSet> = None;
    let mut args = args.iter().copied();
    while let Some(arg) = args.next() {
        let next = match arg {
            "--lesson" => Some(Source::Run(Run::Lesson)),
            "--events" => Some(Source::Run(Run::Events)),
            "--scale" => Some(Source::Run(scale(args.next())?)),
            "--down" => {
                let name = args.next().ok_or_else(|| Failure::Usage("--down needs a part".into()))?;
                down = Some(parse_part(name)?);
                None
            }
            flag if flag.starts_with("--") => {
                return Err(Failure::Usage(format!("unknown option \"{flag}\"")));
            }
            file => Some(Source::File(file)),
        };
        if let Some(next) = next {
            if source.replace(next).is_some() {
                return Err(Failure::Usage("give one run: a FILE, -, --lesson, --events or --scale".into()));
            }
        }
    }
    let (scenario, name) = match source.unwrap_or(Source::File("-")) {
        Source::File("-") => (parse_scenario(read_stdin()?, "standard input")?, "standard input".to_string()),
        Source::File(file) => (parse_scenario(read_file(file)?, file)?, file.to_string()),
        Source::Run(run) => {
            let scenario = run.scenario(PartSet::NONE, None).map_err(|e| match e {
                RunError::NothingGiven => Failure::Usage("that run needs a scenario file".into()),
                RunError::DesiredTooLarge { desired } => {
                    Failure::Usage(format!("--scale: {desired} is more than {MAX_DESIRED}"))
                }
            })?;
            (scenario, "the run".to_string())
        }
    };
    let scenario = match down {
        Some(down) => Scenario { down, ..scenario },
        None => scenario,
    };
    simulate(scenario, &name)
}

fn scale(arg: Option<&str>) -> Result<Run, Failure> {
    let usage = || {
        Failure::Usage(format!("--scale takes SERVICE:N (collector or verifier, N from 0 to {MAX_DESIRED})"))
    };
    let (name, n) = arg.and_then(|a| a.split_once(':')).ok_or_else(usage)?;
    let service = LessonService::from_name(name).ok_or_else(usage)?;
    let desired = n.parse::<u32>().ok().filter(|&d| d <= MAX_DESIRED).ok_or_else(usage)?;
    Ok(Run::Scale { service, desired })
}

/// `--down`'s value: `-` for none, `control plane` for the whole control plane, or part names
/// separated by commas.
fn parse_part(names: &str) -> Result<PartSet, Failure> {
    match names {
        "-" => return Ok(PartSet::NONE),
        "control plane" => return Ok(PartSet::CONTROL_PLANE),
        _ => {}
    }
    names
        .split(',')
        .map(|name| {
            Part::from_name(name.trim()).ok_or_else(|| {
                Failure::Usage(format!(
                    "--down: unknown part \"{name}\"; expected {} (several joined by commas), \"control plane\", or -",
                    Part::names_list()
                ))
            })
        })
        .collect()
}

fn load_assignment(file: &str) -> Result<Assignment, Failure> {
    assignment_json::parse(&read_file(file)?).map_err(|e| Failure::Input(format!("{file}: {e}")))
}

fn answer_key(a: &Assignment, file: &str) -> Result<String, Failure> {
    let items = a.answer_key().map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    // A title is the teacher's text: control characters (an escape that clears the terminal) are
    // shown escaped, never sent.
    let title = quoted(&a.title);
    let title = title.trim_matches('"');
    let mut out = format!("{title}\n{:<40} {:>7} {:>9}\n", "item", "answer", "tolerance");
    for i in items {
        out.push_str(&format!("{:<40} {:>7} {:>9}\n", i.id, i.answer.to_string(), i.tolerance));
    }
    Ok(out)
}

fn parse_scenario(text: String, source: &str) -> Result<Scenario, Failure> {
    scenario_json::parse(&text).map_err(|e| Failure::Input(format!("{source}: {e}")))
}

fn simulate(scenario: Scenario, source: &str) -> Result<(), Failure> {
    let outcome = scenario.run_with(false).map_err(|e| Failure::Input(format!("{source}: {e}")))?;
    // Everything is computed before anything is printed: a failed run leaves stdout empty.
    let mut out = io::stdout().lock();
    write_result(&mut out, &outcome)
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Input(format!("writing the result: {e}")))?;
    // The process ends here: freeing a large run piece by piece would only cost time.
    std::mem::forget(outcome);
    Ok(())
}

fn print(text: &str) -> Result<(), Failure> {
    io::stdout().lock().write_all(text.as_bytes()).map_err(|e| Failure::Input(format!("writing: {e}")))
}

fn read_stdin() -> Result<String, Failure> {
    let mut buf = Vec::new();
    let limit = MAX_INPUT_BYTES as u64 + 1;
    io::stdin()
        .lock()
        .take(limit)
        .read_to_end(&mut buf)
        .map_err(|e| Failure::Input(format!("reading standard input: {e}")))?;
    utf8(buf, "standard input")
}

fn read_file(path: &str) -> Result<String, Failure> {
    let file = std::fs::File::open(path).map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    // Sized from the file up front: growing a megabyte buffer by doubling costs copies.
    let size = file.metadata().map_or(0, |m| m.len()).min(MAX_INPUT_BYTES as u64 + 1);
    let mut buf = Vec::with_capacity(size as usize + 1);
    let limit = MAX_INPUT_BYTES as u64 + 1;
    file.take(limit).read_to_end(&mut buf).map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    utf8(buf, path)
}

fn utf8(buf: Vec<u8>, source: &str) -> Result<String, Failure> {
    String::from_utf8(buf).map_err(|e| {
        Failure::Input(format!("{source}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
    })
}
