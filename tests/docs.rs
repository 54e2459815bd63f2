//! The README and `docs/`, held to what they say: every example assignment passes `cplab check`
//! and every example scenario runs; every `cplab` command in a code block runs with the exit
//! status its comment shows, and prints what a `console` block shows after it; every relative
//! link reaches a file, and every `#anchor` a heading of it.
#![cfg(not(target_arch = "wasm32"))] // native: reads the tree and spawns the CLI

mod support;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::root;

/// The README and every Markdown file of `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 7, "{docs:?}");
    files.extend(docs);
    files
}

fn name(file: &Path) -> String {
    file.strip_prefix(root()).unwrap_or(file).display().to_string()
}

/// A fenced code block: its language and its lines.
struct Block {
    lang: String,
    lines: Vec<String>,
}

/// The text's fenced code blocks, and its prose (every line outside them).
fn blocks(text: &str) -> (Vec<Block>, Vec<String>) {
    let (mut found, mut prose, mut open): (Vec<Block>, Vec<String>, Option<Block>) = (vec![], vec![], None);
    for line in text.lines() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(lang)) => open = Some(Block { lang: lang.trim().to_string(), lines: vec![] }),
            (Some(_), Some(_)) => found.extend(open.take()),
            (Some(block), None) => block.lines.push(line.to_string()),
            (None, None) => prose.push(line.to_string()),
        }
    }
    assert!(open.is_none(), "a code block is left open");
    (found, prose)
}

/// Runs the built `cplab` from the repository's root with `args`, `stdin` on its standard input.
fn cplab(args: &[String], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cplab"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cplab starts");
    child.stdin.take().expect("stdin").write_all(stdin).expect("stdin written");
    child.wait_with_output().expect("cplab ends")
}

/// A shell line `cplab ARGS [< FILE] [# comment]`: its arguments (quoted words kept whole), the
/// file on its standard input, and the exit status its comment shows (`# exit 2`; none: 0).
fn command(line: &str) -> (Vec<String>, Option<String>, i32) {
    let (mut words, mut word, mut quote, mut comment) = (vec![], None::<String>, None, "");
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '#') if word.is_none() => {
                comment = &line[at..];
                break;
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    assert_eq!(words.first().map(String::as_str), Some("cplab"), "{line}");
    let stdin = match words.iter().position(|w| w == "<") {
        Some(at) => {
            let file = words.get(at + 1).cloned();
            words.truncate(at);
            file
        }
        None => None,
    };
    let exit = comment.split("exit ").nth(1).and_then(|n| n.split(|c: char| !c.is_ascii_digit()).next());
    let exit = exit.map_or(0, |n| n.parse().expect("an exit status"));
    (words[1..].to_vec(), stdin, exit)
}

/// Runs one shown command; its standard error and output, as a terminal shows them.
fn run_shown(line: &str, at: &str) -> String {
    let (args, stdin, exit) = command(line);
    let input = stdin.map_or(Vec::new(), |f| std::fs::read(root().join(&f)).expect("the file it reads"));
    let o = cplab(&args, &input);
    let said = format!("{}{}", String::from_utf8_lossy(&o.stderr), String::from_utf8_lossy(&o.stdout));
    assert_eq!(o.status.code(), Some(exit), "{at}: `{line}` exited {:?}:\n{said}", o.status.code());
    said
}

/// Whether `said` is what a console block shows: line for line, a `...` line standing for any
/// lines (what comes before it is the start, what comes after it the end).
fn shows(said: &str, shown: &[String]) -> bool {
    let said: Vec<&str> = said.lines().collect();
    match shown.iter().position(|l| l == "...") {
        None => said == shown,
        Some(at) => {
            let (head, tail) = (&shown[..at], &shown[at + 1..]);
            said.len() >= head.len() + tail.len()
                && said.iter().zip(head).all(|(a, b)| a == b)
                && said.iter().rev().zip(tail.iter().rev()).all(|(a, b)| a == b)
        }
    }
}

#[test]
fn every_cplab_command_shown_runs_with_the_exit_status_and_output_shown() {
    let mut ran = 0;
    for file in documents() {
        let (found, _) = blocks(&std::fs::read_to_string(&file).expect("readable"));
        for block in found {
            let at = name(&file);
            match block.lang.as_str() {
                "sh" => {
                    for line in block.lines.iter().filter(|l| l.starts_with("cplab ")) {
                        run_shown(line, &at);
                        ran += 1;
                    }
                }
                "console" => {
                    let starts: Vec<usize> =
                        (0..block.lines.len()).filter(|&i| block.lines[i].starts_with("$ ")).collect();
                    assert_eq!(starts.first(), Some(&0), "{at}: a console block starts with `$ `");
                    for (n, &start) in starts.iter().enumerate() {
                        let end = starts.get(n + 1).copied().unwrap_or(block.lines.len());
                        let line = &block.lines[start][2..];
                        let said = run_shown(line, &at);
                        let shown = &block.lines[start + 1..end];
                        assert!(
                            shows(&said, shown),
                            "{at}: `{line}` printed\n{said}\nnot what is shown:\n{}",
                            shown.join("\n")
                        );
                        ran += 1;
                    }
                }
                _ => {}
            }
        }
    }
    assert!(ran >= 15, "{ran} commands");
}

#[test]
fn every_example_assignment_passes_check_and_every_example_scenario_runs() {
    let (mut assignments, mut scenarios) = (0, 0);
    for file in documents() {
        let (found, _) = blocks(&std::fs::read_to_string(&file).expect("readable"));
        for block in found.iter().filter(|b| b.lang == "json") {
            let text = block.lines.join("\n");
            let doc: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{}: not JSON ({e}):\n{text}", name(&file)));
            let o = if doc.get("version").is_some() {
                assignments += 1;
                let path = std::env::temp_dir()
                    .join(format!("cplab-docs-{}-{assignments}.json", std::process::id()));
                std::fs::write(&path, &text).expect("written");
                cplab(&["check".into(), path.display().to_string()], b"")
            } else {
                scenarios += 1;
                cplab(&["run".into(), "-".into()], text.as_bytes())
            };
            assert!(o.status.success(), "{}:\n{text}\n{}", name(&file), String::from_utf8_lossy(&o.stderr));
        }
    }
    assert!(assignments >= 1 && scenarios >= 1, "{assignments} assignments, {scenarios} scenarios");
}

/// A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces made `-`.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (a repeated one numbered, as GitHub does).
fn anchors(text: &str) -> BTreeSet<String> {
    let (_, prose) = blocks(text);
    let mut found = BTreeSet::new();
    for line in prose.iter().filter(|l| l.starts_with('#')) {
        let base = anchor(line.trim_start_matches('#').trim());
        let mut name = base.clone();
        for n in 1.. {
            if found.insert(name.clone()) {
                break;
            }
            name = format!("{base}-{n}");
        }
    }
    found
}

/// Every link target in the prose of a Markdown text, `[text](target)`, outside inline code.
fn links(text: &str) -> Vec<String> {
    let (_, prose) = blocks(text);
    let mut found = vec![];
    for line in prose {
        let plain: String = line.split('`').step_by(2).collect::<Vec<_>>().join("");
        for (at, _) in plain.match_indices("](") {
            let rest = &plain[at + 2..];
            if let Some(end) = rest.find(')') {
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

#[test]
fn every_relative_link_reaches_a_file_and_every_anchor_a_heading() {
    assert_eq!(anchor("The teacher's workbench (`?workbench=1`)"), "the-teachers-workbench-workbench1");
    assert_eq!(anchors("# A\n## A\n```\n# not a heading\n```\n"), ["a", "a-1"].map(String::from).into());
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).expect("readable");
        for link in links(&text) {
            if link.starts_with("http://") || link.starts_with("https://") || link.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = link.split_once('#').map_or((link.as_str(), None), |(p, f)| (p, Some(f)));
            let target =
                if path.is_empty() { file.clone() } else { file.parent().expect("folder").join(path) };
            assert!(target.exists(), "{}: the link {link} reaches no file", name(&file));
            if let Some(fragment) = fragment {
                let heads = anchors(&std::fs::read_to_string(&target).expect("a Markdown file"));
                assert!(
                    heads.contains(fragment),
                    "{}: the link {link}: no such heading in {heads:?}",
                    name(&file)
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} links");
}

#[test]
fn the_readme_is_a_front_page_that_opens_with_the_two_commands_and_links_every_document() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    assert!(readme.lines().count() < 250, "{} lines", readme.lines().count());
    let (found, _) = blocks(&readme);
    let first = &found[0];
    let commands: Vec<&str> = first.lines.iter().map(|l| l.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!((first.lang.as_str(), commands), ("sh", vec!["scripts/serve", "scripts/test"]));
    assert!(readme.starts_with("# Control Plane Lab\n\n```sh\n"), "the commands come first");
    let linked = links(&readme);
    for doc in documents().iter().skip(1) {
        let target = format!("docs/{}", doc.file_name().and_then(|n| n.to_str()).unwrap_or(""));
        assert!(linked.iter().any(|l| l.split('#').next() == Some(target.as_str())), "README links {target}");
    }
    assert!(
        linked.contains(&"docs/screenshot.png".to_string()) && root().join("docs/screenshot.png").exists()
    );
}

#[test]
fn every_file_of_the_repository_a_document_names_is_there() {
    // A path in backticks under one of the repository's folders (a glob or a test's output aside).
    let folders = ["src/", "tests/", "scripts/", "deploy/", "assignments/", "docs/", "style/"];
    let mut named = 0;
    for file in documents() {
        let (_, prose) = blocks(&std::fs::read_to_string(&file).expect("readable"));
        for span in prose.iter().flat_map(|line| line.split('`').skip(1).step_by(2)) {
            if folders.iter().any(|f| span.starts_with(f))
                && !span.contains(['*', ' '])
                && !span.starts_with("tests/e2e/artifacts")
            {
                assert!(root().join(span).exists(), "{}: `{span}` is not in the repository", name(&file));
                named += 1;
            }
        }
    }
    assert!(named >= 30, "{named} paths");
}

#[test]
fn the_embedding_docs_print_the_host_script_the_workbench_writes_into_its_snippet() {
    let text = std::fs::read_to_string(root().join("docs/embedding.md")).expect("readable");
    let section = &text[text.find("## Embedding in the course page").expect("the section")..];
    let script = section.split("<script>\n").nth(1).and_then(|s| s.split("</script>").next());
    assert_eq!(script, Some(cplab::teaching::handout::HOST_SCRIPT));
}
