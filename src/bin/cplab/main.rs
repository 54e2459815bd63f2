//! `cplab`: the command-line driver of the Control Plane Lab model.
//!
//! Each subcommand is one variant of [`Command`], its arguments a clap `Args` type in a module of
//! its own beside this file, and one line of [`Command::run`]. A subcommand's failure is a
//! [`Failure`]: a usage error (clap's, exit 2) or bad input (exit 1), and everything printed goes
//! through [`output::Shown`], which shows a control character from a file escaped.

// The CLI is native only: clap, which parses its arguments, is not compiled for wasm, where this
// binary is only ever linted (`cargo clippy --target wasm32-unknown-unknown --all-targets`).
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod assignment;
#[cfg(not(target_arch = "wasm32"))]
mod audit;
#[cfg(not(target_arch = "wasm32"))]
mod facts;
#[cfg(not(target_arch = "wasm32"))]
mod input;
#[cfg(not(target_arch = "wasm32"))]
mod kube;
#[cfg(not(target_arch = "wasm32"))]
mod output;
#[cfg(not(target_arch = "wasm32"))]
mod run;
#[cfg(not(target_arch = "wasm32"))]
mod tables;

#[cfg(not(target_arch = "wasm32"))]
use {
    clap::{error::ContextKind, error::ContextValue, error::ErrorKind, Parser, Subcommand},
    output::{Mode, Shown},
    std::io::{self, Write},
    std::process::ExitCode,
};

/// The command line: one subcommand.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Parser)]
#[command(
    name = "cplab",
    version,
    about = "The Control Plane Lab's model on the command line: the lesson's tables, runs as JSON, and a teacher's checks of an assignment",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands. A new one is a variant here and a line of [`Command::run`].
#[cfg(not(target_arch = "wasm32"))]
#[derive(Subcommand)]
enum Command {
    /// Print the lesson's trace table (collector 3 -> 5)
    Trace,
    /// Print the lesson's failure matrix
    Matrix(tables::MatrixArgs),
    /// Print the items one idle round reads in list mode and in watch mode, 12 to 100,000 items
    Scale,
    /// Simulate one run and print the result as JSON
    Run(run::RunArgs),
    /// Print the correct answers of an assignment
    AnswerKey(assignment::FileArgs),
    /// Validate an assignment; warnings name what may not be meant
    Check(assignment::CheckArgs),
    /// Print the student link's query for an assignment, ?a=CODE (the file in base64url)
    Link(assignment::FileArgs),
    /// The real control plane: kubectl apply to running Pods, every Kubernetes part, on a clock
    #[command(subcommand)]
    Kube(kube::KubeCommand),
}

#[cfg(not(target_arch = "wasm32"))]
impl Command {
    fn run(self) -> Result<(), Failure> {
        match self {
            Command::Trace => tables::trace(),
            Command::Matrix(args) => args.run(),
            Command::Scale => tables::scale(),
            Command::Run(args) => args.run(),
            Command::AnswerKey(args) => args.answer_key(),
            Command::Check(args) => args.run(),
            Command::Link(args) => args.link(),
            Command::Kube(command) => command.run(),
        }
    }
}

/// A failure, and the exit code it ends with.
#[cfg(not(target_arch = "wasm32"))]
enum Failure {
    /// Wrong arguments, as clap found them (exit 2); `--help` and `--version` come this way too
    /// (exit 0).
    Usage(clap::Error),
    /// Bad input or a run that could not finish (exit 1).
    Input(String),
    /// Failed, and said why already (`cplab kube`: kubectl's own words; exit 1).
    Printed,
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    keep_blocks_in_the_heap();
    // A panic's message may quote input too: it goes out through the same escaping.
    std::panic::set_hook(Box::new(|info| {
        let mut err = Shown::new(io::stderr().lock(), Mode::Line);
        let _ = write!(err, "cplab: {info}").and_then(|()| err.flush());
        let _ = writeln!(io::stderr());
    }));
    let failure = match Cli::try_parse() {
        Ok(cli) => match cli.command.run() {
            Ok(()) => return ExitCode::SUCCESS,
            Err(failure) => failure,
        },
        Err(e) => Failure::Usage(e),
    };
    match failure {
        Failure::Usage(e) => usage(&e),
        Failure::Input(message) => {
            // A message is one line: a newline in a name it quotes is shown escaped too.
            let mut err = Shown::new(io::stderr().lock(), Mode::Line);
            let _ = write!(err, "cplab: {message}").and_then(|()| err.flush());
            let _ = writeln!(io::stderr());
            ExitCode::from(1)
        }
        Failure::Printed => ExitCode::from(1),
    }
}

/// Writes clap's answer: help on standard output (exit 0), an error on standard error as
/// `cplab: ...` with the subcommand's usage below it (exit 2).
#[cfg(not(target_arch = "wasm32"))]
fn usage(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    if !e.use_stderr() {
        let _ = output::print(&text);
        return code;
    }
    let (line, tail) = match (e.kind(), flag_and_reason(e)) {
        // A value a parser refused: `--down: unknown part "etcd"; ...`, as the tables name a
        // flag, not clap's `invalid value 'etcd' for '--down <PARTS>': ...`.
        (ErrorKind::ValueValidation, Some((flag, reason))) => {
            // What clap writes after the reason (the hint to --help) follows it as clap wrote it.
            let tail = text.rfind(reason.as_str()).map_or("\n", |at| &text[at + reason.len()..]);
            (format!("cplab: {flag}: {reason}"), tail)
        }
        _ => match text.strip_prefix("error: ") {
            Some(rest) => ("cplab: ".to_string(), rest),
            None => (String::new(), text.as_str()),
        },
    };
    let mut err = Shown::new(io::stderr().lock(), Mode::Line);
    let mut rest = Shown::new(io::stderr().lock(), Mode::Text);
    let _ = write!(err, "{line}").and_then(|()| err.flush()).and_then(|()| write!(rest, "{tail}"));
    let _ = rest.flush();
    code
}

/// The flag (`--down`) of a value that its parser refused, and the parser's reason.
#[cfg(not(target_arch = "wasm32"))]
fn flag_and_reason(e: &clap::Error) -> Option<(String, String)> {
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else { return None };
    let flag = arg.split(' ').next().unwrap_or(arg);
    let reason = std::error::Error::source(e)?.to_string();
    Some((flag.to_string(), reason))
}

/// Keeps every block in glibc's heap (never a mapping of its own) and never gives the heap back:
/// a run is one short process, and a block of more than 128 KiB (the scenario's text, the
/// store's tables as they grow) otherwise gets fresh pages from the kernel each time it is
/// allocated, faulted in page by page and unmapped when freed. Measured on the scaled scenario
/// (docs/size.md, "Benchmark"): 9.4 ms to 8.2 ms a run, 1,954 page faults to 1,535, the same
/// peak memory (8.9 MiB). Only glibc's own settings change; the allocator is the system's.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_blocks_in_the_heap() {
    // SAFETY: mallopt only sets glibc's allocator parameters; it is called before any thread is
    // started, and a refused setting (a return of 0) leaves glibc's default, which is correct too.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 30);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
        libc::mallopt(libc::M_TOP_PAD, 16 << 20);
    }
}

#[cfg(all(not(target_arch = "wasm32"), not(all(target_os = "linux", target_env = "gnu"))))]
fn keep_blocks_in_the_heap() {}
