//! Choice questions (issue 31): keyed from the file, marked like every other item, in the score,
//! and sent to an LMS as a `choice` interaction (xAPI and SCORM 1.2) named by its options' letters.
#![cfg(not(target_arch = "wasm32"))] // native: reads the shipped assignment

mod support;

use cplab::teaching::assignment::{Answer, Assignment};
use cplab::teaching::embed::result_message;
use cplab::teaching::marking::{mark, score, EntryError};
use cplab::teaching::report::report;
use cplab::teaching::report_csv::report_csv;
use cplab::teaching::scorm_rte::results;
use std::collections::BTreeMap;

fn quiz() -> (Assignment, String) {
    let text =
        std::fs::read_to_string(support::root().join("assignments/overview-quiz.json")).expect("shipped");
    (cplab::formats::assignment_json::parse(&text).expect("reads"), text)
}

fn picked(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

const RIGHT_PROXY: &str = "It programs the node's network rules so a Service's address reaches its Pods";

#[test]
fn the_key_is_the_files_right_option_and_no_run_is_made_for_it() {
    let (a, _) = quiz();
    assert!(!a.asks_about_its_run(), "choice questions ask nothing of the run");
    let key: Vec<String> =
        a.answer_key().unwrap().iter().map(|i| format!("{} {}={}", i.page_id, i.id, i.answer)).collect();
    assert_eq!(
        key,
        [
            "choice-etcd-writer choice.etcd-writer=kube-apiserver",
            &format!("choice-kube-proxy choice.kube-proxy={RIGHT_PROXY}"),
            "choice-odd-etcd choice.odd-etcd=1",
            "choice-odd-etcd-why choice.odd-etcd-why=A 4th member adds no tolerance: 4 members, like 3, can lose only 1, since a write needs a majority",
        ]
    );
}

#[test]
fn a_pick_is_marked_right_or_wrong_and_counts_in_the_score() {
    let (a, _) = quiz();
    let key = a.answer_key().unwrap();
    let marked = mark(
        &key,
        &picked(&[
            ("choice.etcd-writer", " kube-apiserver "),
            ("choice.kube-proxy", "It picks the node each new Pod runs on"),
            ("choice.odd-etcd", "kube-proxy"),
        ]),
    );
    let seen: Vec<(bool, Result<Answer, EntryError>)> =
        marked.iter().map(|m| (m.correct, m.read.clone())).collect();
    assert_eq!(
        seen,
        [
            (true, Ok(Answer::Choice("kube-apiserver".into()))),
            (false, Ok(Answer::Choice("It picks the node each new Pod runs on".into()))),
            (false, Err(EntryError::NotAnOption("kube-proxy".into()))),
            (false, Err(EntryError::Empty)),
        ]
    );
    assert_eq!(score(&marked), (1, 4));
    assert_eq!(marked[2].read.clone().unwrap_err().to_string(), "\"kube-proxy\" is not one of the options");
}

#[test]
fn an_lms_gets_a_choice_interaction_named_by_letters() {
    let (a, _) = quiz();
    let key = a.answer_key().unwrap();
    let marked = mark(
        &key[..2],
        &picked(&[
            ("choice.etcd-writer", "kube-apiserver"),
            ("choice.kube-proxy", "It picks the node each new Pod runs on"),
        ]),
    );
    let scorm: Vec<String> = results(&marked, "", 0, true).iter().map(|(k, v)| format!("{k}={v}")).collect();
    assert_eq!(
        scorm[..10],
        [
            "cmi.interactions.0.id=choice-etcd-writer",
            "cmi.interactions.0.type=choice",
            "cmi.interactions.0.student_response=b",
            "cmi.interactions.0.result=correct",
            "cmi.interactions.0.correct_responses.0.pattern=b",
            "cmi.interactions.1.id=choice-kube-proxy",
            "cmi.interactions.1.type=choice",
            "cmi.interactions.1.student_response=c",
            "cmi.interactions.1.result=wrong",
            "cmi.interactions.1.correct_responses.0.pattern=b",
        ]
    );
    // Sealed (no answers shown at this lock): no pattern goes.
    assert!(results(&marked, "", 0, false).iter().all(|(k, _)| !k.contains("correct_responses")));
    let m: serde_json::Value =
        serde_json::from_str(&result_message("cplab:q", "Q", &marked, "", true)).unwrap();
    let first = &m["payload"]["statements"][0];
    assert_eq!(first["object"]["definition"]["interactionType"], "choice");
    assert_eq!(
        first["object"]["definition"]["choices"].to_string(),
        r#"[{"id":"a","description":{"en-US":"kube-scheduler"}},{"id":"b","description":{"en-US":"kube-apiserver"}},{"id":"c","description":{"en-US":"kube-controller-manager"}},{"id":"d","description":{"en-US":"kubelet"}}]"#
    );
    assert_eq!(
        (first["result"]["response"].as_str(), first["result"]["success"].as_bool()),
        (Some("b"), Some(true))
    );
    assert_eq!(first["object"]["definition"]["correctResponsesPattern"].to_string(), r#"["b"]"#);
    let sealed: serde_json::Value =
        serde_json::from_str(&result_message("cplab:q", "Q", &marked, "", false)).unwrap();
    assert!(sealed["payload"]["statements"][0]["object"]["definition"]
        .get("correctResponsesPattern")
        .is_none());
}

#[test]
fn the_report_csv_carries_the_pick_and_its_mark() {
    let (a, text) = quiz();
    let key = a.answer_key().unwrap();
    let marked = mark(&key, &picked(&[("choice.etcd-writer", "kubelet"), ("choice.odd-etcd", "1")]));
    let csv = report_csv(&report(&a, &text, &marked, "2026-12-02T00:00:00Z", &[], "Ada"));
    let lines: Vec<&str> = csv.lines().skip(1).take(5).collect();
    assert_eq!(
        lines,
        [
            "choice.etcd-writer,Which component is the only one permitted to write to etcd?,kubelet,kube-apiserver,,no,1,,",
            &format!("choice.kube-proxy,What does kube-proxy do on each node?,,{RIGHT_PROXY},,no,1,,"),
            "choice.odd-etcd,A 3-member etcd cluster can lose how many members (the leader among them) and still commit a write?,1,1,,yes,1,,",
            "choice.odd-etcd-why,Why run an odd number of etcd members?,,\"A 4th member adds no tolerance: 4 members, like 3, can lose only 1, since a write needs a majority\",,no,1,,",
            "score,,,,,,1,1/4,2026-12-02T00:00:00Z",
        ]
    );
}
