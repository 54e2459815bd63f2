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

const SHIPPED: [&str; 4] = ["lesson-trace", "failure-matrix", "full-node", "beyond-the-tables"];

#[test]
fn shipped_assignments_check_clean_and_their_answer_keys_are_pinned() {
    for name in SHIPPED {
        let file = format!("assignments/{name}.json");
        let (code, out, err) = cplab(&["check", &file]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(out.starts_with(&format!("ok: {file}: ")), "{out}");
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
