//! `cplab`: the command-line driver of the Control Plane Lab model.

use cplab::formats::json::quoted;
use cplab::formats::scenario_json::{self, MAX_INPUT_BYTES};
use cplab::formats::tables::{matrix_table, repair_table, scale_table, trace_table, LESSON_TRACE_TITLE};
use cplab::formats::{assignment_json, run_json::write_result};
use cplab::messages::{fill, Problem, EN_CHECK};
use cplab::model::scale::{idle_cost, SIZES};
use cplab::model::{
    lesson_matrix, repair_row, Limits, Part, PartNameError, PartSet, Run, RunError, Scenario, MATRIX_ORDER,
    MAX_DESIRED,
};
use cplab::teaching::assignment::Assignment;
use cplab::teaching::handout::answer_key_table;
use cplab::teaching::report::encode_link;
use cplab::teaching::review::MAX_ASSIGNMENT_BYTES;
use cplab::teaching::warnings::check as check_assignment;
use shown::{Mode, Shown};
use std::io::{self, Read, Write};
use std::process::ExitCode;

// The escaping writer, in a folder of its own (a file in src/bin/ would be a binary).
#[path = "cplab/shown.rs"]
mod shown;

const USAGE: &str =
    "usage: cplab trace | matrix [--repair] | scale | run [SOURCE] [--down PARTS] | answer-key FILE | check [--strict] FILE | link FILE
  trace       print the lesson's trace table (collector 3 -> 5)
  matrix      print the lesson's failure matrix; --repair adds, below it, the two rows beyond the
              lesson and what each row becomes after repair and after the node agents report again
  scale       print the items one idle round reads in list mode and in watch mode, 12 to 100,000 items
  run         simulate one run and print the result as JSON. SOURCE is a scenario file (- or
              nothing: standard input), or one of the lab's runs: --lesson (the lesson's request),
              --events (the failure matrix's three events), --scale SERVICE:N (collector or
              verifier scaled to N, at most 20, on the lesson's state). --down PARTS takes parts
              down from the start: \"API server\", \"state store\", \"scheduler\", \"controller
              manager\", \"node agents\" (several joined by commas), \"control plane\" (the first
              four), or - for none
  answer-key  print the correct answers of an assignment
  check       validate an assignment; warnings name what may not be meant (--strict: a warning
              fails the check)
  link        print the student link's query for an assignment, ?a=CODE (the file in base64url)";

/// A failure, and the exit code it ends with.
enum Failure {
    /// Wrong arguments (exit 2).
    Usage(String),
    /// Bad input or a run that could not finish (exit 1).
    Input(String),
}

fn main() -> ExitCode {
    // A panic's message may quote input too: it goes out through the same escaping.
    std::panic::set_hook(Box::new(|info| {
        let mut err = Shown::new(io::stderr().lock(), Mode::Line);
        let _ = write!(err, "cplab: {info}").and_then(|()| err.flush());
        let _ = writeln!(io::stderr());
    }));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (message, usage, code) = match run(&args) {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Failure::Usage(m)) => (m, true, 2),
        Err(Failure::Input(m)) => (m, false, 1),
    };
    // A message is one line: a newline in a name it quotes is shown escaped too.
    let mut err = Shown::new(io::stderr().lock(), Mode::Line);
    let mut tail = Shown::new(io::stderr().lock(), Mode::Text);
    let _ = write!(err, "cplab: {message}")
        .and_then(|()| err.flush())
        .and_then(|()| if usage { writeln!(tail, "\n{USAGE}") } else { writeln!(tail) })
        .and_then(|()| tail.flush());
    ExitCode::from(code)
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
        ["scale"] => {
            let rows = SIZES.map(idle_cost).into_iter().collect::<Result<Vec<_>, _>>();
            print(&scale_table(&rows.map_err(|e| Failure::Input(e.to_string()))?))
        }
        ["run", rest @ ..] => run_command(rest),
        ["answer-key", file] => print(&answer_key(&load_assignment(file)?, file)?),
        ["check", rest @ ..] => check(rest),
        ["link", file] => print(&format!("?a={}\n", link_code(file)?)),
        ["-h" | "--help" | "help"] => print(&format!("{USAGE}\n")),
        [] => Err(Failure::Usage("no command given".into())),
        [other, ..] => Err(Failure::Usage(format!("unknown command or arguments starting at \"{other}\""))),
    }
}

/// `cplab check [--strict] FILE`: the file's problems are errors; what it may not mean is a
/// warning, printed on standard error, which fails the check only with `--strict`.
fn check(args: &[&str]) -> Result<(), Failure> {
    let (mut strict, mut file) = (false, None);
    for &arg in args {
        match arg {
            "--strict" => strict = true,
            flag if flag.starts_with("--") => {
                return Err(Failure::Usage(format!("unknown option \"{flag}\"")))
            }
            name if file.replace(name).is_none() => {}
            _ => return Err(Failure::Usage("check takes one FILE (and --strict)".into())),
        }
    }
    let file = file.ok_or_else(|| Failure::Usage("check takes one FILE (and --strict)".into()))?;
    let a = load_assignment(file)?;
    let checked = check_assignment(&a, Limits::MODEL).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    let t = &EN_CHECK;
    let mut err = Shown::new(io::stderr().lock(), Mode::Line);
    for w in &checked.warnings {
        let line = fill(t.cli_warning, &[("file", &file), ("warning", &w.text(t))]);
        let _ = write!(err, "cplab: {line}").and_then(|()| err.flush()).and_then(|()| writeln!(io::stderr()));
    }
    if strict && !checked.warnings.is_empty() {
        return Err(Failure::Input(fill(t.cli_strict, &[("file", &file)])));
    }
    let reveal = if a.reveal { "answers shown after the run" } else { "answers not shown" };
    let items = checked.items.len();
    print(&format!("ok: {file}: {}, {items} items to predict, {reveal}\n", quoted(&a.title)))
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

/// `--scale SERVICE:N`: the run named `scale:SERVICE:N`.
fn scale(arg: Option<&str>) -> Result<Run, Failure> {
    arg.and_then(|a| format!("scale:{a}").parse().ok()).ok_or_else(|| {
        Failure::Usage(format!("--scale takes SERVICE:N (collector or verifier, N from 0 to {MAX_DESIRED})"))
    })
}

/// `--down`'s value: `-` for none, `control plane` for the whole control plane, or part names
/// separated by commas (the parts' own names, as share links and tables write them).
fn parse_part(names: &str) -> Result<PartSet, Failure> {
    names.parse().map_err(|e| {
        Failure::Usage(match e {
            PartNameError::Unknown(name) => format!(
                "--down: unknown part \"{name}\"; expected {} (several joined by commas), \"control plane\", or -",
                Part::names_list()
            ),
            // Named twice, a part would be taken down once: said, as a scenario's `down` says it.
            PartNameError::Twice(part) => format!("--down: \"{part}\" is listed twice"),
        })
    })
}

/// The student link's code for an assignment file: the file byte for byte in base64url without
/// padding, which the page's `?a=` reader (`decode_link`) reads back. Only a file the page can
/// use gets a code: a link that opens on an error helps no student.
fn link_code(file: &str) -> Result<String, Failure> {
    let text = read_file(file)?;
    assignment_json::parse(&text).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    if text.len() > MAX_ASSIGNMENT_BYTES {
        let problem =
            Problem::of(|a| a.e_assignment_browser_too_large).with("mib", MAX_ASSIGNMENT_BYTES >> 20);
        return Err(Failure::Input(format!("{file}: {problem}")));
    }
    Ok(encode_link(&text))
}

fn load_assignment(file: &str) -> Result<Assignment, Failure> {
    assignment_json::parse(&read_file(file)?).map_err(|e| Failure::Input(format!("{file}: {e}")))
}

fn answer_key(a: &Assignment, file: &str) -> Result<String, Failure> {
    let items = a.answer_key().map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    Ok(answer_key_table(&a.title, &items))
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

fn print(text: &str) -> Result<(), Failure> {
    let mut out = Shown::new(io::stdout().lock(), Mode::Text);
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Input(format!("writing: {e}")))
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
