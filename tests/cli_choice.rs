//! `cplab check` and `cplab answer-key` on choice questions (issue 31), exact output: a good file,
//! each bad choice named by its field, and an answer the lab's own run contradicts.
#![cfg(not(target_arch = "wasm32"))] // native: spawns the CLI

mod support;
use support::cplab;

fn out(o: &std::process::Output) -> (Option<i32>, String, String) {
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into(), String::from_utf8_lossy(&o.stderr).into())
}

/// An assignment of one choice question whose fields after `prompt` are `rest`, in a file; its path.
fn file(name: &str, rest: &str) -> String {
    let dir = std::env::temp_dir().join(format!("cplab-choice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let text = format!(
        r#"{{"version": 1, "title": "Quiz", "ask": [{{"choice": "writer", "prompt": "Who writes etcd?", {rest}}}]}}"#
    );
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("utf-8").to_string()
}

const FOUR: &str = r#""options": ["kube-scheduler", "kube-apiserver", "kubelet", "kube-proxy"]"#;

#[test]
fn a_good_choice_checks_and_its_key_is_the_right_option() {
    let f = file("good.json", &format!(r#"{FOUR}, "answer": "kube-apiserver", "from": "etcd-writers""#));
    assert_eq!(
        out(&cplab(&["check", &f], "")),
        (
            Some(0),
            format!("ok: {f}: \"Quiz\", 1 items to predict, answers shown after the run\n"),
            String::new()
        )
    );
    assert_eq!(
        out(&cplab(&["answer-key", &f], "")),
        (
            Some(0),
            "Quiz\n\
             item                                             answer tolerance\n\
             choice.writer                            kube-apiserver         0\n"
                .to_string(),
            String::new()
        )
    );
}

#[test]
fn a_bad_choice_is_refused_naming_its_field() {
    let seven = r#""options": ["a", "b", "c", "d", "e", "f", "g"], "answer": "a""#;
    let cases = [
        ("none.json", r#""options": [], "answer": "a""#.to_string(), "ask[0].options: has 0 options; a choice question offers 2 to 6"),
        ("missing.json", r#""answer": "a""#.to_string(), "ask[0]: missing field \"options\""),
        (
            "twice.json",
            r#""options": ["kubelet", "kube-apiserver", "kubelet"], "answer": "kubelet""#.to_string(),
            "ask[0].options[2]: \"kubelet\" is listed twice",
        ),
        (
            "stray.json",
            r#""options": ["kubelet", "kube-apiserver"], "answer": "etcd""#.to_string(),
            "ask[0].answer: \"etcd\" is not one of the options (\"kubelet\", \"kube-apiserver\")",
        ),
        ("seven.json", seven.to_string(), "ask[0].options: has 7 options; a choice question offers 2 to 6"),
        (
            "fact.json",
            format!(r#"{FOUR}, "answer": "kube-apiserver", "from": "etcd-write""#),
            "ask[0].from: unknown fact \"etcd-write\" (expected etcd-writers, or etcd-tolerates-N for N from 1 to 7)",
        ),
        (
            "contradicted.json",
            format!(r#"{FOUR}, "answer": "kube-scheduler", "from": "etcd-writers""#),
            "ask[0].answer: the lab derives \"kube-apiserver\" (etcd-writers), not \"kube-scheduler\"",
        ),
        (
            "not-offered.json",
            r#""options": ["kubelet", "kube-scheduler"], "answer": "kubelet", "from": "etcd-writers""#.to_string(),
            "ask[0].from: the lab derives \"kube-apiserver\" (etcd-writers), which is not one of the options",
        ),
        (
            "quorum.json",
            r#""options": ["1", "2"], "answer": "2", "from": "etcd-tolerates-4""#.to_string(),
            "ask[0].answer: the lab derives \"1\" (etcd-tolerates-4), not \"2\"",
        ),
    ];
    for (name, rest, want) in cases {
        let f = file(name, &rest);
        for command in ["check", "answer-key"] {
            assert_eq!(
                out(&cplab(&[command, &f], "")),
                (Some(1), String::new(), format!("cplab: {f}: {want}\n")),
                "{command} {name}"
            );
        }
    }
}
