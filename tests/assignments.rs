//! The shipped assignments: each checks clean, its answer key is pinned, and every trace answer
//! agrees with the lesson's own JS run on the same scenario.
#![cfg(not(target_arch = "wasm32"))] // native: spawns the CLI and node

mod support;

use std::process::Command;
use support::{lesson_js, root};

fn cplab(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cplab")).args(args).current_dir(root()).output().expect("runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

const SHIPPED: [&str; 5] =
    ["lesson-trace", "failure-matrix", "full-node", "beyond-the-tables", "overview-quiz"];

/// What `cplab check` warns of each shipped assignment, by field: the two that practise the
/// lesson itself ask what the lesson prints, which a student can copy (said, not an error).
const SHIPPED_WARNINGS: [(&str, &[&str]); 5] = [
    ("lesson-trace", &["scenario"]),
    ("failure-matrix", &["matrix.rows"]),
    ("full-node", &[]),
    ("beyond-the-tables", &[]),
    // The overview's quiz (issue 31): choice questions, two of them held to what the lab derives.
    ("overview-quiz", &[]),
];

#[test]
fn shipped_assignments_check_clean_and_their_answer_keys_are_pinned() {
    for (name, warned) in SHIPPED_WARNINGS {
        let file = format!("assignments/{name}.json");
        let (code, out, err) = cplab(&["check", &file]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(out.starts_with(&format!("ok: {file}: ")), "{out}");
        let fields: Vec<&str> = err
            .lines()
            .map(|l| l.trim_start_matches(&format!("cplab: warning: {file}: ")))
            .map(|l| l.split(": ").next().unwrap_or(""))
            .collect();
        assert_eq!(fields, warned, "{file}: {err}");
        let (code, _, _) = cplab(&["check", "--strict", &file]);
        assert_eq!(code, if warned.is_empty() { 0 } else { 1 }, "{file} --strict");
        let (code, out, err) = cplab(&["answer-key", &file]);
        assert_eq!(code, 0, "{err}");
        let golden = std::fs::read_to_string(root().join(format!("tests/golden/answer-keys/{name}.txt")))
            .expect("golden");
        assert_eq!(out, golden, "{name}");
    }
}

#[test]
fn trace_answers_agree_with_the_lessons_js() {
    for name in ["lesson-trace", "full-node"] {
        let text = std::fs::read_to_string(root().join(format!("assignments/{name}.json"))).expect("file");
        let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
        let js: serde_json::Value =
            serde_json::from_str(&lesson_js(&["run"], &format!("[{}]", doc["scenario"]))).expect("js json");
        let trace = js[0]["trace"].as_array().expect("trace");
        let reads: u64 =
            trace.iter().filter(|e| e["op"] == "read").map(|e| e["items"].as_u64().unwrap_or(0)).sum();
        let writes = trace.iter().filter(|e| e["op"] != "read").count();
        let (_, key, _) = cplab(&["answer-key", &format!("assignments/{name}.json")]);
        let answer = |id: &str| -> String {
            key.lines()
                .find(|l| l.split_whitespace().next() == Some(id))
                .and_then(|l| l.split_whitespace().nth(1))
                .unwrap_or("")
                .to_string()
        };
        assert_eq!(answer("steps"), trace.len().to_string(), "{name}");
        assert_eq!(answer("reads"), reads.to_string(), "{name}");
        assert_eq!(answer("writes"), writes.to_string(), "{name}");
        assert_eq!(answer("revision"), js[0]["revision"].to_string(), "{name}");
        assert_eq!(answer("rounds"), js[0]["rounds"].to_string(), "{name}");
    }
}

#[test]
fn questions_about_one_component_and_one_key_agree_with_the_lessons_js() {
    let name = "beyond-the-tables";
    let text = std::fs::read_to_string(root().join(format!("assignments/{name}.json"))).expect("file");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    let js: serde_json::Value =
        serde_json::from_str(&lesson_js(&["run"], &format!("[{}]", doc["scenario"]))).expect("js json");
    let trace = js[0]["trace"].as_array().expect("trace");
    let scheduler: u64 = trace
        .iter()
        .filter(|e| e["op"] == "read" && e["component"] == "scheduler")
        .map(|e| e["items"].as_u64().unwrap_or(0))
        .sum();
    let mut writers: Vec<&str> = Vec::new();
    for e in trace.iter().filter(|e| e["op"] != "read" && e["key"] == "copy/collector-4") {
        let part = e["component"].as_str().unwrap_or("");
        if writers.last() != Some(&part) {
            writers.push(part);
        }
    }
    let (_, key, _) = cplab(&["answer-key", &format!("assignments/{name}.json")]);
    let answer = |id: &str| -> String {
        let line = key.lines().find(|l| l.starts_with(&format!("{id} "))).unwrap_or("");
        // The answer column: what follows the id, less the tolerance at the end.
        let rest = line[id.len()..].trim();
        rest.rsplit_once(' ').map_or(rest, |(a, _)| a).trim().to_string()
    };
    assert_eq!(answer("component.scheduler.reads"), scheduler.to_string());
    assert_eq!(answer("writers.copy/collector-4"), writers.join(", "));
    assert_eq!(writers, ["controller manager", "scheduler", "node agents"]);
}

#[test]
fn a_broken_assignment_gets_a_clear_message() {
    let dir = std::env::temp_dir().join(format!("cplab-assign-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"version": 1, "title": "x", "predict": ["steps", "reeds"]}"#).expect("write");
    let (code, out, err) = cplab(&["check", bad.to_str().expect("path")]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("predict[1]: unknown quantity \"reeds\" (expected one of components, steps, reads, writes, revision, rounds)"), "{err}");
}

fn answer_key_of(text: &str) -> Vec<cplab::teaching::assignment::Item> {
    let a = cplab::formats::assignment_json::parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    a.answer_key().expect("answer key")
}

#[test]
fn the_shipped_assignments_keep_their_page_ids() {
    // The e2e tests find inputs as predict-<id> with `.`, `/` and spaces made `-`.
    for name in SHIPPED {
        let text = std::fs::read_to_string(root().join(format!("assignments/{name}.json"))).expect("file");
        for item in answer_key_of(&text) {
            assert_eq!(item.page_id, item.id.replace([' ', '.', '/'], "-"), "{name}");
        }
    }
}

#[test]
fn ids_that_differ_only_by_punctuation_get_page_ids_of_their_own() {
    let ask = ["copy/a.b", "copy/a-b", "copy/a b", "copy/a-b-1", "copy/a\u{200b}b", "copy/a/b"]
        .map(|k| serde_json::json!({"writers": k}));
    let text = serde_json::json!({"version": 1, "title": "x", "ask": ask, "predict": ["steps"]}).to_string();
    let ids: Vec<String> = answer_key_of(&text).into_iter().map(|i| i.page_id).collect();
    assert_eq!(
        ids,
        [
            "steps",
            "writers-copy-a-b",
            // Its place, 2, would give writers-copy-a-b-2; but -1 is the next key's own id.
            "writers-copy-a-b-2",
            "writers-copy-a-b-3",
            "writers-copy-a-b-1",
            "writers-copy-a-b-5",
            "writers-copy-a-b-6",
        ]
    );
}

#[test]
fn labels_show_invisible_characters_in_keys_and_services() {
    let text = serde_json::json!({"version": 1, "title": "x", "ask": [
        {"writers": "copy/a"}, {"writers": "copy/a\u{200b}"}, {"writers": "copy/a\u{1b}[2J"},
        {"service": "web\u{202e}", "count": "actual"}, {"writers": "copy/a\\u{200b}"}
    ]})
    .to_string();
    let labels: Vec<String> = answer_key_of(&text).into_iter().map(|i| i.label).collect();
    assert_eq!(
        labels,
        [
            "which components write copy/a, in order",
            "which components write copy/a\\u{200b}, in order",
            "which components write copy/a\\u{001b}[2J, in order",
            "web\\u{202e} copies actually running at the end",
            // A backslash typed in the key is doubled: it cannot pass for an escape.
            "which components write copy/a\\\\u{200b}, in order",
        ]
    );
}

#[test]
fn a_key_or_service_name_too_long_is_refused_by_its_place() {
    let long = "k".repeat(201);
    for (question, at) in [
        (serde_json::json!({"writers": format!("copy/{long}")}), "ask[1].writers"),
        (serde_json::json!({"service": long, "count": "believed"}), "ask[1].service"),
    ] {
        let text =
            serde_json::json!({"version": 1, "title": "x", "ask": [{"component": "scheduler"}, question]});
        let e = cplab::formats::assignment_json::parse(&text.to_string()).unwrap_err();
        assert_eq!(e.to_string(), format!("{at}: is longer than 200 characters"));
    }
    // 200 characters pass.
    let text = serde_json::json!({"version": 1, "title": "x", "ask": [{"writers": "k".repeat(200)}]});
    assert!(cplab::formats::assignment_json::parse(&text.to_string()).is_ok());
}
