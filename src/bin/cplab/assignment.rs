//! `cplab check`, `cplab answer-key` and `cplab link`: a teacher's commands on an assignment file.

use crate::input::read_file;
use crate::output::{print, Mode, Shown};
use crate::Failure;
use clap::Args;
use cplab::formats::assignment_json;
use cplab::formats::json::quoted;
use cplab::messages::{fill, Problem, EN_CHECK};
use cplab::model::Limits;
use cplab::teaching::assignment::Assignment;
use cplab::teaching::handout::answer_key_table;
use cplab::teaching::report::encode_link;
use cplab::teaching::review::MAX_ASSIGNMENT_BYTES;
use cplab::teaching::warnings::check as check_assignment;
use std::io::{self, Write};

/// The arguments of a command that takes one assignment file.
#[derive(Args)]
pub struct FileArgs {
    /// The assignment file (JSON; its format: docs/assignments.md)
    file: String,
}

/// `cplab check`'s arguments.
#[derive(Args)]
pub struct CheckArgs {
    /// A warning fails the check (exit 1)
    #[arg(long)]
    strict: bool,
    /// The assignment file (JSON; its format: docs/assignments.md)
    file: String,
}

impl CheckArgs {
    /// `cplab check [--strict] FILE`: the file's problems are errors; what it may not mean is a
    /// warning, printed on standard error, which fails the check only with `--strict`.
    pub fn run(self) -> Result<(), Failure> {
        let file = &self.file;
        let a = load_assignment(file)?;
        let checked =
            check_assignment(&a, Limits::MODEL).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
        let t = &EN_CHECK;
        let mut err = Shown::new(io::stderr().lock(), Mode::Line);
        for w in &checked.warnings {
            let line = fill(t.cli_warning, &[("file", file), ("warning", &w.text(t))]);
            let _ =
                write!(err, "cplab: {line}").and_then(|()| err.flush()).and_then(|()| writeln!(io::stderr()));
        }
        if self.strict && !checked.warnings.is_empty() {
            return Err(Failure::Input(fill(t.cli_strict, &[("file", file)])));
        }
        let reveal = if a.reveal { "answers shown after the run" } else { "answers not shown" };
        let items = checked.items.len();
        print(&format!("ok: {file}: {}, {items} items to predict, {reveal}\n", quoted(&a.title)))
    }
}

impl FileArgs {
    /// `cplab answer-key FILE`: the assignment's correct answers, one row an item.
    pub fn answer_key(self) -> Result<(), Failure> {
        let file = &self.file;
        let a = load_assignment(file)?;
        let items = a.answer_key().map_err(|e| Failure::Input(format!("{file}: {e}")))?;
        print(&answer_key_table(&a.title, &items))
    }

    /// `cplab link FILE`: the student link's query, `?a=CODE`. The code is the file byte for
    /// byte in base64url without padding, which the page's `?a=` reader (`decode_link`) reads
    /// back. Only a file the page can use gets a code: a link that opens on an error helps no
    /// student.
    pub fn link(self) -> Result<(), Failure> {
        let file = &self.file;
        let text = read_file(file)?;
        assignment_json::parse(&text).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
        if text.len() > MAX_ASSIGNMENT_BYTES {
            let problem =
                Problem::of(|a| a.e_assignment_browser_too_large).with("mib", MAX_ASSIGNMENT_BYTES >> 20);
            return Err(Failure::Input(format!("{file}: {problem}")));
        }
        print(&format!("?a={}\n", encode_link(&text)))
    }
}

/// The assignment in `file`, read, each choice question that names a fact held to it
/// (`facts::check_facts`): `check` and `answer-key` refuse a key the lab contradicts.
fn load_assignment(file: &str) -> Result<Assignment, Failure> {
    let input = |e: cplab::formats::InputError| Failure::Input(format!("{file}: {e}"));
    let a = assignment_json::parse(&read_file(file)?).map_err(input)?;
    crate::facts::check_facts(&a).map_err(input)?;
    Ok(a)
}
