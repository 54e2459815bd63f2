//! One name per thing (issue 28): the teacher's workbench is "workbench" in code and prose alike
//! (`ui::workbench`, `Workbench`, `WorkbenchMessages`, `lab_workbench`, the `workbench` feature,
//! `?workbench=1`). Its former names, `teach` and `Bench`, stay only where users and scripts
//! still rely on them: the `teach` feature as an alias, `?teach=1` in links already handed out,
//! and the tests and docs that say so. Read from the files themselves, word by word: an
//! identifier's parts (split at `_` and at a capital) are its words, so `EN_TEACH`, `TeachPage`
//! and `lab_teach` each hold the retired word, and `teacher` or `teaching` do not.
#![cfg(not(target_arch = "wasm32"))] // native: reads the source tree

mod support;

use std::path::{Path, PathBuf};

/// The retired names of the workbench, as lower-case words.
const RETIRED: &[&str] = &["teach", "bench"];

/// Where a retired name may still stand, as (file, how many times) in the files' order, each
/// with its reason. An entry whose count no longer matches fails the test too.
const KEPT: &[(&str, usize)] = &[
    // The `teach` feature, kept as an alias of `workbench` for scripts that build with it.
    ("Cargo.toml", 2),
    // The docs say that the former name still opens the page.
    ("docs/assignments.md", 3),
    ("docs/embedding.md", 1),
    // The start sends `?teach=1` (links handed out before the rename) to the workbench.
    ("index.html", 2),
    // The tests that open the page by its former name, or look for links to it.
    ("tests/e2e/seal.spec.mjs", 1),
    ("tests/e2e/workbench.spec.mjs", 4),
];

/// The folders and files read: every text of the project a reader or a build meets.
const READ: &[&str] = &[
    "src",
    "tests",
    "docs",
    "scripts",
    "style",
    "deploy",
    "README.md",
    "index.html",
    "boot.js",
    "Cargo.toml",
];

/// Folders of output, not of the project's text (git ignores them): the e2e runs' results.
const OUTPUT: &[&str] = &["artifacts"];

fn files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.file_name().is_some_and(|n| OUTPUT.iter().any(|o| n == *o)) {
        return;
    }
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("folder") {
            files(&entry.expect("entry").path(), out);
        }
    } else {
        out.push(path.to_path_buf());
    }
}

/// The words of an identifier: its parts between `_`, each split again before a capital that
/// follows a small letter (`TeachPage` is `teach`, `page`), all in lower case.
fn words(identifier: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in identifier.split('_') {
        let mut word = String::new();
        let mut last_lower = false;
        for c in part.chars() {
            if c.is_ascii_uppercase() && last_lower {
                out.push(std::mem::take(&mut word));
            }
            last_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
            word.push(c.to_ascii_lowercase());
        }
        out.push(word);
    }
    out
}

/// How many times `text` uses a retired name: `bench.py`, the benchmark's script, is another
/// thing, and not counted.
fn retired_in(text: &str) -> usize {
    let mut count = 0;
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphanumeric() || c == '_') {
        let tail = &rest[start..];
        let end = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(tail.len());
        let benchmark = tail[end..].starts_with(".py");
        count += words(&tail[..end]).iter().filter(|w| RETIRED.contains(&w.as_str()) && !benchmark).count();
        rest = &tail[end..];
    }
    count
}

#[test]
fn the_workbench_has_one_name_and_its_former_ones_stand_only_where_kept() {
    let root = support::root();
    let mut all = Vec::new();
    for name in READ {
        files(&root.join(name), &mut all);
    }
    all.sort();
    let mut found = Vec::new();
    for file in all {
        let name = file.strip_prefix(&root).expect("under the root").display().to_string();
        // The benchmark's own script, this test (the list of retired names), and files that are
        // not text (images, archives).
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        if name == "scripts/bench.py" || name == "tests/names.rs" {
            continue;
        }
        let n = retired_in(&text);
        if n > 0 {
            found.push((name, n));
        }
    }
    let kept: Vec<(String, usize)> = KEPT.iter().map(|(f, n)| (f.to_string(), *n)).collect();
    assert_eq!(found, kept, "a retired name of the workbench (teach, Bench): call it workbench");
}

#[test]
fn the_words_of_an_identifier_are_its_parts() {
    assert_eq!(words("EN_TEACH"), ["en", "teach"]);
    assert_eq!(words("TeachPage"), ["teach", "page"]);
    assert_eq!(words("lab_teach"), ["lab", "teach"]);
    assert_eq!(retired_in("teacher teaching teaches the workbench, scripts/bench.py"), 0);
    assert_eq!(retired_in("?teach=1 and Bench and web_teach"), 3);
}
