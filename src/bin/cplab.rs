//! `cplab`: the command-line driver of the Control Plane Lab model.

use cplab::model::assignment::Assignment;
use cplab::model::{lesson_matrix, matrix_table, trace_table, Scenario, LESSON_TRACE_TITLE};
use cplab::output::write_result;
use std::io::{self, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: cplab trace | matrix | run [FILE | -] | answer-key FILE | check FILE
  trace       print the lesson's trace table (collector 3 -> 5)
  matrix      print the lesson's failure matrix
  run         simulate one scenario (JSON from FILE, or standard input) and print the result as JSON
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
        ["run"] | ["run", "-"] => simulate(read_stdin()?, "standard input"),
        ["run", file] => simulate(read_file(file)?, file),
        ["answer-key", file] => print(&answer_key(&load_assignment(file)?, file)?),
        ["check", file] => {
            let a = load_assignment(file)?;
            let items = a.answer_key().map_err(|e| Failure::Input(format!("{file}: {e}")))?;
            let reveal = if a.reveal { "answers shown after the run" } else { "answers not shown" };
            print(&format!("ok: {file}: \"{}\", {} items to predict, {reveal}\n", a.title, items.len()))
        }
        ["-h" | "--help" | "help"] => print(&format!("{USAGE}\n")),
        [] => Err(Failure::Usage("no command given".into())),
        [other, ..] => Err(Failure::Usage(format!("unknown command or arguments starting at \"{other}\""))),
    }
}

fn load_assignment(file: &str) -> Result<Assignment, Failure> {
    Assignment::from_json(&read_file(file)?).map_err(|e| Failure::Input(format!("{file}: {e}")))
}

fn answer_key(a: &Assignment, file: &str) -> Result<String, Failure> {
    let items = a.answer_key().map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    let mut out = format!("{}\n{:<40} {:>7} {:>9}\n", a.title, "item", "answer", "tolerance");
    for i in items {
        out.push_str(&format!("{:<40} {:>7} {:>9}\n", i.id, i.answer.to_string(), i.tolerance));
    }
    Ok(out)
}

fn simulate(text: String, source: &str) -> Result<(), Failure> {
    let scenario = Scenario::from_json(&text).map_err(|e| Failure::Input(format!("{source}: {e}")))?;
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
    let limit = cplab::model::scenario::MAX_INPUT_BYTES as u64 + 1;
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
    let size = file.metadata().map_or(0, |m| m.len()).min(cplab::model::scenario::MAX_INPUT_BYTES as u64 + 1);
    let mut buf = Vec::with_capacity(size as usize + 1);
    let limit = cplab::model::scenario::MAX_INPUT_BYTES as u64 + 1;
    file.take(limit).read_to_end(&mut buf).map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    utf8(buf, path)
}

fn utf8(buf: Vec<u8>, source: &str) -> Result<String, Failure> {
    String::from_utf8(buf).map_err(|e| {
        Failure::Input(format!("{source}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
    })
}
