//! The `cplab` binary, end to end: exact table text, JSON results, and bad input.
#![cfg(not(target_arch = "wasm32"))] // native: these spawn processes or use proptest

use std::io::Write;
use std::process::{Command, Output, Stdio};

mod support;
use support::cplab;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

#[test]
fn trace_prints_the_lessons_table_byte_for_byte() {
    let o = cplab(&["trace"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), include_str!("golden/trace.txt"));
    assert!(stdout(&o).ends_with(
        "components visited 4   trace steps 17   store reads 50   store writes 7   revision 0 -> 7   round 2\n"
    ));
}

#[test]
fn matrix_prints_the_lessons_table_byte_for_byte() {
    let o = cplab(&["matrix"], "");
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "down component          scale     failure   node      reads     traffic      believed/actual rd wr\n\
         -                       done     done      done     done     continues           5/5    52  13\n\
         API server              halted   unknown   halted   halted   continues           3/2    20   0\n\
         state store             halted   unknown   halted   halted   continues           3/2     0   0\n\
         scheduler               half     half      done     done     continues           2/2    30   7\n\
         controller manager      halted   halted    done     done     continues           2/2    14   3\n"
    );
    assert_eq!(stdout(&o), include_str!("golden/matrix.txt"));
}

#[test]
fn run_prints_one_json_result() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/lesson.json");
    for o in [
        cplab(&["run", file], ""),
        cplab(&["run", "-"], include_str!("scenarios/lesson.json")),
        cplab(&["run"], include_str!("scenarios/lesson.json")),
    ] {
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
        let trace = v["trace"].as_array().expect("trace");
        assert_eq!(trace.len(), 17);
        assert_eq!(
            trace[7],
            serde_json::json!({"component": "scheduler", "op": "write", "key": "copy/collector-4", "items": 1})
        );
        assert_eq!((v["rounds"].as_u64(), v["revision"].as_u64()), (Some(2), Some(7)));
        assert_eq!(v["responses"], serde_json::json!(["written"]));
        let store = v["store"].as_array().expect("store");
        assert_eq!(store.len(), 12);
        assert_eq!(store[1], serde_json::json!(["service/verifier", {"desired": 2}]));
        assert_eq!(
            store[11],
            serde_json::json!(["copy/collector-5", {"service": "collector", "node": "node/m2", "status": "running"}])
        );
    }
}

#[test]
fn bad_input_gets_one_line_naming_the_field_a_nonzero_exit_and_no_stdout() {
    let cases = [
        ("{\"initial\": ", "standard input: invalid JSON: EOF while parsing"),
        ("{\"initail\": {}}", "standard input: unknown field \"initail\""),
        ("{\"initial\": {\"pod/x\": {}}}", "initial[\"pod/x\"]: key is outside the schema"),
        ("{\"initial\": {\"node/x\": {\"capacity\": -4, \"health\": \"alive\"}}}", "initial[\"node/x\"].capacity: must not be negative, found -4"),
        ("{\"initial\": {\"node/x\": {\"capacity\": 1.5, \"health\": \"alive\"}}}", ".capacity: must be a whole number, found 1.5"),
        ("{\"initial\": {\"node/x\": {\"capacity\": 4, \"health\": \"sick\"}}}", ".health: unknown health \"sick\""),
        ("{\"requests\": [{\"key\": \"copy/a-1\", \"value\": {\"service\": \"a\", \"node\": null, \"status\": \"gone\"}}]}", "requests[0].value.status: unknown status \"gone\""),
        ("{\"down\": \"kubelet\"}", "down: unknown component \"kubelet\""),
        ("{\"max_rounds\": 5000}", "max_rounds: must be from 1 to 1000, found 5000"),
        ("{\"initial\": {\"service/a\": {\"desired\": 250000}}}", ".desired: must be from 0 to 100000, found 250000"),
    ];
    for (input, expected) in cases {
        let o = cplab(&["run", "-"], input);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{input}: {err}");
        assert!(o.stdout.is_empty(), "{input}: stdout must stay empty");
        assert!(err.contains(expected), "{input}\n  gave: {err}  want: {expected}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_scenario_can_be_the_lessons_state_plus_changes() {
    let o = cplab(
        &["run", "-"],
        r#"{"changes": {"node/m3": {"capacity": 4, "health": "dead"}, "copy/verifier-2": null}, "requests": []}"#,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let keys: Vec<&str> =
        v["store"].as_array().expect("store").iter().filter_map(|e| e[0].as_str()).collect();
    // The removed copy is made again by the controller manager (the next number after 1), last.
    assert_eq!(keys.len(), 10);
    assert_eq!(keys[5..], ["copy/verifier-1", "node/m1", "node/m2", "node/m3", "copy/verifier-2"]);
    assert_eq!(v["store"][8], serde_json::json!(["node/m3", {"capacity": 4, "health": "dead"}]));
    assert_eq!(v["store"][9][1]["node"], "node/m1");
    let o = cplab(&["run", "-"], r#"{"changes": {"node/m9": null}}"#);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "cplab: standard input: changes[\"node/m9\"]: removes a key the starting state does not have\n"
    );
}

#[test]
fn a_byte_order_mark_is_skipped_as_editors_on_windows_write_one() {
    let o = cplab(&["run", "-"], "\u{feff}{\"requests\": []}");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("{\"trace\":["));
}

#[test]
fn titles_reach_the_terminal_with_control_characters_escaped() {
    let dir = std::env::temp_dir().join(format!("cplab-title-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("a.json");
    std::fs::write(
        &file,
        "{\"version\": 1, \"title\": \"Clear\\u001b[2J\\u0007 me\", \"predict\": [\"steps\"]}",
    )
    .expect("written");
    let file = file.to_str().expect("utf-8 path");
    for args in [["check", file], ["answer-key", file]] {
        let o = cplab(&args, "");
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
        assert!(out.contains("Clear\\u{001b}[2J\\u{0007} me"), "{out:?}");
    }
}

#[test]
fn a_missing_file_and_bad_arguments_are_reported() {
    let o = cplab(&["run", "/no/such/file.json"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("cplab: /no/such/file.json: "));
    // Arguments are clap's (issue 28): its message after "cplab: ", then the usage.
    let o = cplab(&["frobnicate"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("cplab: unrecognized subcommand 'frobnicate'\n"), "{}", stderr(&o));
    assert!(stderr(&o).contains("\nUsage: cplab <COMMAND>\n"), "{}", stderr(&o));
    // No command: the help, on standard error, and exit 2.
    let o = cplab(&[], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("\nUsage: cplab <COMMAND>\n"), "{}", stderr(&o));
}

#[test]
fn every_subcommand_has_help_on_stdout_with_exit_0() {
    let o = cplab(&["--help"], "");
    assert_eq!(o.status.code(), Some(0));
    let top = stdout(&o);
    for command in ["trace", "matrix", "scale", "run", "answer-key", "check", "link"] {
        assert!(top.contains(&format!("\n  {command} ")), "cplab --help lists {command}: {top}");
        let o = cplab(&[command, "--help"], "");
        assert_eq!(o.status.code(), Some(0), "{command}");
        assert!(o.stderr.is_empty(), "{command}: {}", stderr(&o));
        assert!(stdout(&o).contains(&format!("Usage: cplab {command}")), "{command}: {}", stdout(&o));
        // `cplab help COMMAND` says the same.
        assert_eq!(stdout(&cplab(&["help", command], "")), stdout(&o), "{command}");
    }
    // Each flag is in its command's help.
    let run = stdout(&cplab(&["run", "--help"], ""));
    for flag in ["--lesson", "--events", "--scale <SERVICE:N>", "--down <PARTS>", "[SOURCE]"] {
        assert!(run.contains(flag), "{flag}: {run}");
    }
    assert!(stdout(&cplab(&["check", "--help"], "")).contains("--strict"));
    assert!(stdout(&cplab(&["matrix", "--help"], "")).contains("--repair"));
}

#[test]
fn endless_work_stops_at_the_step_limit_with_a_message() {
    // Every new copy is named copy/a-NaN (suffix "x"), so each round has work again: without the
    // step limit this would run 1000 rounds of 100,000 writes.
    let input = r#"{"initial": {"service/a": {"desired": 100000}, "copy/a-x": {"service": "z", "node": null, "status": "dead"}}, "max_rounds": 1000}"#;
    let o = cplab(&["run", "-"], input);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("stopped after 1000000 trace steps"), "{}", stderr(&o));
}

#[test]
fn invalid_utf8_is_reported_not_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cplab"))
        .args(["run", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    child.stdin.take().expect("stdin").write_all(b"{\"down\": \"\xff\"}").expect("written");
    let o = child.wait_with_output().expect("ends");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not UTF-8 text (byte 10)"), "{}", stderr(&o));
}

#[test]
fn the_labs_runs_are_reachable_from_the_cli_with_per_round_totals() {
    let json = |args: &[&str]| -> serde_json::Value {
        let o = cplab(args, "");
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        serde_json::from_str(&stdout(&o)).expect("JSON")
    };
    let lesson = json(&["run", "--lesson"]);
    assert_eq!(lesson["trace"].as_array().map(Vec::len), Some(17));
    assert_eq!(
        lesson["per_round"],
        serde_json::json!([
            {"round": 0, "reads": 0, "writes": 1},
            {"round": 1, "reads": 24, "writes": 6},
            {"round": 2, "reads": 26, "writes": 0}
        ])
    );
    // The same run from a file gives the same result, per_round included.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/lesson.json");
    assert_eq!(json(&["run", file]), lesson);
    // The failure matrix's scheduler row: 30 item reads, 7 writes, as the lesson prints.
    let events = json(&["run", "--events", "--down", "scheduler"]);
    let rounds = events["per_round"].as_array().expect("per_round");
    let total = |field: &str| rounds.iter().map(|r| r[field].as_u64().unwrap_or(0)).sum::<u64>();
    assert_eq!((total("reads"), total("writes")), (30, 7));
    assert_eq!(events["responses"], serde_json::json!(["written", "written", "written"]));
    let down = json(&["run", "--events", "--down", "API server"]);
    assert_eq!(down["responses"][0], "API server unavailable");
    let scaled = json(&["run", "--scale", "verifier:4"]);
    assert_eq!(scaled["trace"][0]["key"], "service/verifier");
    // --down applies to a file's scenario too, and "-" means nothing down.
    assert_eq!(json(&["run", file, "--down", "-"]), lesson);
    assert_eq!(json(&["run", "--down", "state store", file])["revision"], 0);
}

#[test]
fn bad_run_options_are_named_with_exit_code_2() {
    // A value the CLI refuses names its flag as the tables do ("--down: ..."); the rest are clap's
    // words (issue 28 moved the parsing to clap: "--down needs a part", "give one run" and
    // "unknown option" were the hand parser's).
    let scale = "--scale: expected SERVICE:N (collector or verifier, N from 0 to 20), found";
    for (args, expected) in [
        (&["run", "--down", "etcd", "--lesson"][..], "--down: unknown part \"etcd\""),
        (&["run", "--down"][..], "a value is required for '--down <PARTS>' but none was supplied"),
        (&["run", "--lesson", "--down", "scheduler,scheduler"][..], "--down: \"scheduler\" is listed twice"),
        (&["run", "--scale", "collector:21"][..], &format!("{scale} \"collector:21\"\n")),
        (&["run", "--scale", "web:3"][..], &format!("{scale} \"web:3\"\n")),
        (&["run", "--scale"][..], "a value is required for '--scale <SERVICE:N>' but none was supplied"),
        (&["run", "--lesson", "--events"][..], "the argument '--lesson' cannot be used with '--events'"),
        (&["run", "--lesson", "file.json"][..], "the argument '--lesson' cannot be used with '[SOURCE]'"),
        (
            &["run", "--down", "scheduler", "--down", "-"][..],
            "the argument '--down <PARTS>' cannot be used multiple times",
        ),
        (&["run", "--fast"][..], "unexpected argument '--fast' found"),
    ] {
        let o = cplab(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(stderr(&o).starts_with(&format!("cplab: {expected}")), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_flags_value_reaches_the_terminal_with_control_characters_escaped() {
    for (flag, want) in [
        ("--down", "cplab: --down: unknown part \"x\\u{001b}[2J\\u{000a}y\""),
        ("--scale", "cplab: --scale: expected SERVICE:N (collector or verifier, N from 0 to 20), found \"x\\u{001b}[2J\\u{000a}y\"\n"),
    ] {
        let o = cplab(&["run", flag, "x\u{1b}[2J\ny"], "");
        assert_eq!(o.status.code(), Some(2), "{flag}");
        assert!(stderr(&o).starts_with(want), "{flag}: {}", stderr(&o));
        assert!(!stderr(&o).contains('\u{1b}'), "{flag}: {}", stderr(&o));
    }
    let o = cplab(&["frobnicate\u{1b}[2J"], "");
    assert!(
        stderr(&o).starts_with("cplab: unrecognized subcommand 'frobnicate\\u{001b}[2J'\n"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn matrix_repair_prints_the_lessons_table_then_the_extended_matrix() {
    let o = cplab(&["matrix", "--repair"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with(include_str!("golden/matrix.txt")), "the lesson's table first, byte for byte");
    assert_eq!(out, include_str!("golden/matrix-repair.txt"));
    assert!(out.contains(
        "API server              2       halted   unknown   halted   done                 3/2    20   0   3         done                  3/3    40   5\n"
    ));
}

/// `text` in a file of its own in the system's temp folder; its path.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("cplab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(name);
    std::fs::write(&file, text).expect("written");
    file.to_str().expect("utf-8 path").to_string()
}

#[test]
fn answer_key_shows_a_writers_key_with_its_control_characters_escaped() {
    let file = temp_file(
        "writers.json",
        r#"{"version": 1, "title": "Keys", "ask": [{"writers": "copy/a\u001b[31m"}, {"writers": "copy/b\r\u007f"}]}"#,
    );
    let o = cplab(&["answer-key", &file], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Keys\n\
         item                                      answer tolerance\n\
         writers.copy/a\\u{001b}[31m                  none         0\n\
         writers.copy/b\\u{000d}\\u{007f}              none         0\n"
    );
}

#[test]
fn messages_that_echo_a_name_from_the_file_show_its_control_characters_escaped() {
    let parts = "\"API server\", \"state store\", \"scheduler\", \"controller manager\", \"node agents\"";
    let timeline = r#"{"timeline": [{"round": 1, "down": "sched\u001b]0;pwned\u0007"}]}"#;
    let field = r#"{"initial\u001b[8m": {}}"#;
    let o = cplab(&["run", "-"], timeline);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!("cplab: standard input: timeline[0].down: unknown component \"sched\\u{{001b}}]0;pwned\\u{{0007}}\"; use null or one of {parts}\n")
    );
    let o = cplab(&["run", "-"], field);
    assert_eq!(
        stderr(&o),
        "cplab: standard input: unknown field \"initial\\u{001b}[8m\" (expected initial, changes, requests, down, max_rounds, timeline, mode, watch_expired)\n"
    );
    let assignment =
        |name: &str, rest: &str| temp_file(name, &format!(r#"{{"version": 1, "title": "x", {rest}}}"#));
    let cases = [
        (
            assignment("count.json", r#""ask": [{"round": 1, "count": "re\u001b[2Jads\r"}]"#),
            "ask[0].count: unknown count \"re\\u{001b}[2Jads\\u{000d}\" (expected one of reads, writes)",
        ),
        (
            assignment("row.json", r#""matrix": {"rows": ["\u001b[2J\n"]}"#),
            "matrix.rows[0]: unknown row \"\\u{001b}[2J\\u{000a}\" (expected one of -, API server, state store, scheduler, controller manager, node agents, control plane)",
        ),
        (
            assignment("repair.json", r#""ask": [{"repair": "sched\u0008\u0008", "cell": "scale"}]"#),
            "ask[0].repair: unknown row \"sched\\u{0008}\\u{0008}\" (expected one of API server, state store, scheduler, controller manager, node agents, control plane)",
        ),
        (
            assignment("cell.json", r#""matrix": {"cells": ["rd\u001bc"]}"#),
            "matrix.cells[0]: unknown cell \"rd\\u{001b}c\" (expected one of scale, failure, node, reads, believed, actual, rd, wr)",
        ),
        (
            assignment("quantity.json", r#""predict": ["steps\u009b31m\u007f"]"#),
            "predict[0]: unknown quantity \"steps\\u{009b}31m\\u{007f}\" (expected one of components, steps, reads, writes, revision, rounds)",
        ),
        (
            assignment("field.json", r#""predict": ["steps"], "\u001b[2Jextra": 1"#),
            "unknown field \"\\u{001b}[2Jextra\" (expected version, title, instructions, scenario, predict, matrix, ask, tolerance, reveal, retries)",
        ),
    ];
    for (file, want) in cases {
        for command in ["check", "answer-key"] {
            let o = cplab(&[command, &file], "");
            assert_eq!(o.status.code(), Some(1), "{command} {file}");
            assert!(o.stdout.is_empty());
            assert_eq!(stderr(&o), format!("cplab: {file}: {want}\n"), "{command} {file}");
        }
    }
}

#[test]
fn answer_key_rows_of_keys_that_differ_by_an_invisible_character_differ() {
    let file = temp_file(
        "lookalike.json",
        r#"{"version": 1, "title": "Look", "ask": [{"writers": "copy/a"}, {"writers": "copy/a\u200b"}, {"writers": "copy/a\u00ad"}]}"#,
    );
    let o = cplab(&["answer-key", &file], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Look\n\
         item                                      answer tolerance\n\
         writers.copy/a                              none         0\n\
         writers.copy/a\\u{200b}                      none         0\n\
         writers.copy/a\\u{00ad}                      none         0\n"
    );
}

#[test]
fn answer_key_columns_line_up_for_a_long_writers_answer_and_a_long_key() {
    let file = temp_file(
        "long.json",
        r#"{"version": 1, "title": "Long", "predict": ["steps"], "ask": [{"writers": "copy/collector-4"}, {"writers": "copy/a-very-long-key-that-is-wider-than-the-column"}], "tolerance": {"steps": 2}}"#,
    );
    let o = cplab(&["answer-key", &file], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Long\n\
         item                                                                                           answer tolerance\n\
         steps                                                                                              17         2\n\
         writers.copy/collector-4                                   controller manager, scheduler, node agents         0\n\
         writers.copy/a-very-long-key-that-is-wider-than-the-column                                       none         0\n"
    );
    // Every line ends its answer at one column, and its tolerance at another.
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().skip(1).collect();
    assert!(lines.iter().all(|l| l.chars().count() == lines[0].chars().count()), "{out}");
}

#[test]
fn link_encodes_every_shipped_assignment_so_the_pages_reader_gets_it_back_byte_for_byte() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assignments");
    let mut files: Vec<_> =
        std::fs::read_dir(dir).expect("assignments/").map(|e| e.expect("entry").path()).collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    for path in files {
        let o = cplab(&["link", path.to_str().expect("utf-8 path")], "");
        assert!(o.status.success(), "{}: {}", path.display(), stderr(&o));
        let out = stdout(&o);
        let code = out.strip_prefix("?a=").and_then(|c| c.strip_suffix('\n')).expect("?a=CODE and a newline");
        assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{code}");
        let back = cplab::teaching::report::decode_link(code).expect("decodes");
        assert_eq!(back.as_bytes(), std::fs::read(&path).expect("readable"), "{}", path.display());
    }
    // A byte-order mark and every length modulo 3 travel too.
    for text in [
        "\u{feff}{\"version\": 1, \"title\": \"é\", \"predict\": [\"steps\"]}",
        "{\"version\":1,\"title\":\"x\",\"predict\":[\"steps\"]} ",
        "{\"version\":1,\"title\":\"x\",\"predict\":[\"steps\"]}  ",
    ] {
        let file = temp_file("bom.json", text);
        let out = stdout(&cplab(&["link", &file], ""));
        let back =
            cplab::teaching::report::decode_link(out.trim_end().trim_start_matches("?a=")).expect("decodes");
        assert_eq!(back, text);
    }
}

#[test]
fn link_refuses_a_file_the_page_could_not_use() {
    let file = temp_file("broken-link.json", r#"{"version": 1, "title": "x", "predict": ["stepz"]}"#);
    let o = cplab(&["link", &file], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert_eq!(stderr(&o), format!("cplab: {file}: predict[0]: unknown quantity \"stepz\" (expected one of components, steps, reads, writes, revision, rounds)\n"));
    let big = format!(r#"{{"version": 1, "title": "x", "predict": ["steps"]}}{}"#, " ".repeat(1 << 20));
    let o = cplab(&["link", &temp_file("big-link.json", &big)], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("it is larger than 1 MiB, the most the lab in a browser takes"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_warns_naming_the_field_and_strict_makes_a_warning_fail() {
    let file = temp_file(
        "warned.json",
        r#"{"version": 1, "title": "W", "scenario": {"changes": {"service/verifier": {"desired": 3}}}, "ask": [{"writers": "verifier-3"}, {"round": 4, "count": "reads"}], "tolerance": {"writers.verifier-3": 1}, "retries": 1}"#,
    );
    let warnings = format!(
        "cplab: warning: {file}: ask[0].writers: \"verifier-3\" is never written in this run, so its answer is \"none\" (keys start with service/, copy/ or node/)\n\
         cplab: warning: {file}: ask[1].round: round 4 is past the run's last round, 2, so its answer is 0\n\
         cplab: warning: {file}: tolerance[\"writers.verifier-3\"]: \"writers.verifier-3\" is scored exactly (names or words, not a number), so its tolerance is ignored\n\
         cplab: warning: {file}: scenario: every answer is the lesson's own (its run gives the lesson's numbers): a student can copy them from the lesson, and the assignment teaches nothing beyond it; change the run (\"changes\") or ask what the lesson does not print\n\
         cplab: warning: {file}: retries: 1 retries with \"reveal\": true: a student who has seen the answers can start over and copy them; set \"reveal\": false or \"retries\": 0\n"
    );
    // Warnings are not errors: said on standard error, and the check passes.
    let o = cplab(&["check", &file], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("ok: {file}: \"W\", 2 items to predict, answers shown after the run\n"));
    assert_eq!(stderr(&o), warnings);
    // --strict, before or after the file: any warning fails the check, and nothing says ok.
    for args in [["check", "--strict", &file], ["check", &file, "--strict"]] {
        let o = cplab(&args, "");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(o.stdout.is_empty());
        assert_eq!(
            stderr(&o),
            format!("{warnings}cplab: {file}: --strict fails the check on the warnings above\n")
        );
    }
    // A file with nothing to warn about passes --strict, saying nothing on standard error.
    let clean = concat!(env!("CARGO_MANIFEST_DIR"), "/assignments/full-node.json");
    let o = cplab(&["check", "--strict", clean], "");
    assert_eq!((o.status.code(), stderr(&o)), (Some(0), String::new()));
    let o = cplab(&["check", "--strickt", clean], "");
    assert_eq!(o.status.code(), Some(2));
    // clap's words (issue 28; the hand parser said: unknown option "--strickt"), with its tip.
    assert!(stderr(&o).starts_with("cplab: unexpected argument '--strickt' found\n"), "{}", stderr(&o));
    assert!(stderr(&o).contains("tip: a similar argument exists: '--strict'"), "{}", stderr(&o));
    let o = cplab(&["check"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("cplab: the following required arguments were not provided:\n  <FILE>\n"));
}

#[test]
fn check_warns_of_names_the_run_has_no_use_for_and_of_a_tolerance_that_takes_a_guess() {
    // A playtest's assignment: nonsense typed where the run wanted a node, a service or a key.
    let file = temp_file(
        "playtest.json",
        r#"{"version": 1, "title": "P", "scenario": {"changes": {"copy/collector-2": {"service": "colector", "node": "n2", "status": "running"}}, "requests": [{"key": "collector", "value": {"desired": 5}}], "timeline": [{"round": 2, "report": true}, {"round": 2, "request": {"key": "pods/x", "value": null}}]}, "predict": ["steps"], "ask": [{"service": "verifer", "count": "believed"}], "tolerance": {"steps": 50}}"#,
    );
    let o = cplab(&["check", &file], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "cplab: warning: {file}: scenario.changes[\"copy/collector-2\"].node: \"n2\" is not a node of the starting state (there is no \"node/n2\"): no node counts this copy among its copies; a copy names its node \"m1\" or \"node/m1\"\n\
             cplab: warning: {file}: scenario.changes[\"copy/collector-2\"].service: \"colector\" is not a service of the starting state (there is no \"service/colector\"): no service counts this copy among its copies, so the controller manager neither keeps it nor removes it as an extra one\n\
             cplab: warning: {file}: scenario.requests[0]: \"collector\" is outside the schema (keys start with service/, copy/ or node/): the API server answers \"out of schema\" and the request changes nothing\n\
             cplab: warning: {file}: scenario.timeline[1].request: \"pods/x\" is outside the schema (keys start with service/, copy/ or node/): the API server answers \"out of schema\" and the request changes nothing\n\
             cplab: warning: {file}: ask[0].service: \"verifer\" is never a service in this run (no \"service/verifer\" at its start or end, and no copy of it), so its answer is 0\n\
             cplab: warning: {file}: tolerance[\"steps\"]: accepts every prediction from 0 to 63 (the answer is 13): a guess is marked right; keep it below 13\n"
        )
    );
}

#[test]
fn check_refuses_a_timeline_change_that_names_no_part() {
    for (change, parts) in [("down", "[]"), ("up", "null")] {
        let text = format!(
            r#"{{"version": 1, "title": "E", "scenario": {{"down": "scheduler", "timeline": [{{"round": 2, "{change}": {parts}}}]}}, "predict": ["steps"]}}"#
        );
        let file = temp_file("no-parts.json", &text);
        let o = cplab(&["check", &file], "");
        assert_eq!(o.status.code(), Some(1), "{change}");
        assert_eq!(
            stderr(&o),
            format!("cplab: {file}: scenario.timeline[0].{change}: names no part, so it changes nothing: name the part or parts (\"scheduler\", or [\"scheduler\", \"API server\"]), or remove the entry\n")
        );
    }
}

#[test]
fn run_prints_its_json_byte_for_byte() {
    // Written by serde_json since the hand-written writer went; the bytes are the same. The
    // hostile scenario's keys and names hold quotes, backslashes, control characters (C0, DEL and
    // C1, which `cplab` shows escaped), a line separator, non-ASCII and `/`.
    let o = cplab(&["run", "--lesson"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), include_str!("golden/run-lesson.json"));
    let o = cplab(&["run", "-"], include_str!("scenarios/hostile.json"));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), include_str!("golden/run-hostile.json"));
    let back: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(back["store"][1][0], "copy/x\u{1}\u{1b}[31m\u{7f}\u{85}\u{2028}é😀/");
}
