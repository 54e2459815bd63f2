use super::*;
use crate::formats::assignment_json::parse;
use crate::teaching::assignment::tests::lesson_assignment;
use crate::teaching::marking::mark;
use std::collections::BTreeMap;

fn typed(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<Pair> {
    expected.iter().map(|(e, v)| (e.to_string(), v.to_string())).collect()
}

/// The lesson's six counts (17, 50, 7, 7, 2, 4): four right, one wrong, one blank.
fn lesson_marked() -> Vec<Marked> {
    let key = lesson_assignment("{}").answer_key().unwrap();
    mark(
        &key,
        &typed(&[
            ("steps", "17"),
            ("reads", "+ 47"),
            ("writes", " "),
            ("revision", "7"),
            ("rounds", "2"),
            ("components", "4"),
        ]),
    )
}

#[test]
fn a_locked_attempt_sets_each_interaction_then_the_score_and_status() {
    assert_eq!(
        results(&lesson_marked(), "", 0, false),
        pairs(&[
            ("cmi.interactions.0.id", "steps"),
            ("cmi.interactions.0.type", "numeric"),
            ("cmi.interactions.0.student_response", "17"),
            ("cmi.interactions.0.result", "correct"),
            ("cmi.interactions.1.id", "reads"),
            ("cmi.interactions.1.type", "numeric"),
            ("cmi.interactions.1.student_response", "47"),
            ("cmi.interactions.1.result", "wrong"),
            // Blank: no response, wrong.
            ("cmi.interactions.2.id", "writes"),
            ("cmi.interactions.2.type", "numeric"),
            ("cmi.interactions.2.result", "wrong"),
            ("cmi.interactions.3.id", "revision"),
            ("cmi.interactions.3.type", "numeric"),
            ("cmi.interactions.3.student_response", "7"),
            ("cmi.interactions.3.result", "correct"),
            ("cmi.interactions.4.id", "rounds"),
            ("cmi.interactions.4.type", "numeric"),
            ("cmi.interactions.4.student_response", "2"),
            ("cmi.interactions.4.result", "correct"),
            ("cmi.interactions.5.id", "components"),
            ("cmi.interactions.5.type", "numeric"),
            ("cmi.interactions.5.student_response", "4"),
            ("cmi.interactions.5.result", "correct"),
            ("cmi.core.score.raw", "66.67"),
            ("cmi.core.score.min", "0"),
            ("cmi.core.score.max", "100"),
            ("cmi.core.lesson_status", "completed"),
        ])
    );
}

#[test]
fn a_retry_appends_after_the_lms_interactions_and_answers_go_only_when_shown() {
    let marked = lesson_marked();
    let shown = results(&marked[..2], "", first_interaction("6"), true);
    assert_eq!(
        shown,
        pairs(&[
            ("cmi.interactions.6.id", "steps"),
            ("cmi.interactions.6.type", "numeric"),
            ("cmi.interactions.6.student_response", "17"),
            ("cmi.interactions.6.result", "correct"),
            ("cmi.interactions.6.correct_responses.0.pattern", "17"),
            ("cmi.interactions.7.id", "reads"),
            ("cmi.interactions.7.type", "numeric"),
            ("cmi.interactions.7.student_response", "47"),
            ("cmi.interactions.7.result", "wrong"),
            ("cmi.interactions.7.correct_responses.0.pattern", "50"),
            ("cmi.core.score.raw", "50"),
            ("cmi.core.score.min", "0"),
            ("cmi.core.score.max", "100"),
            ("cmi.core.lesson_status", "completed"),
        ])
    );
    // Sealed (reveal: false, or a retry left): no answer anywhere in what the LMS gets.
    let sealed = results(&marked, "", 0, false);
    assert!(sealed.iter().all(|(e, _)| !e.contains("correct_responses")), "{sealed:?}");
    assert!(!sealed.iter().any(|(_, v)| v == "50"), "{sealed:?}");
    assert_eq!((first_interaction(""), first_interaction("x"), first_interaction(" 12 ")), (0, 0, 12));
}

#[test]
fn words_and_orders_are_fill_in_read_as_the_lesson_writes_them_under_their_page_ids() {
    let long = "é".repeat(200);
    let a = parse(&format!(
        r#"{{"version": 1, "title": "x", "matrix": {{"rows": ["scheduler"], "cells": ["scale"]}},
            "ask": [{{"writers": "copy/collector-4"}}, {{"writers": "copy/a b"}}, {{"writers": "copy/a.b"}}, {{"writers": "{long}"}}]}}"#
    ))
    .unwrap();
    let key = a.answer_key().unwrap();
    let writers_long = format!("writers.{long}");
    let marked = mark(
        &key,
        &typed(&[
            ("matrix.scheduler.scale", " Halted "),
            ("writers.copy/collector-4", "Scheduler, controller manager, node agents"),
            ("writers.copy/a b", "none"),
            (writers_long.as_str(), "etcd"),
        ]),
    );
    // Spaces, dots, slashes and every character past ASCII are `-`; an id that would be another's
    // takes its place too (3); a key of 200 characters makes an id of 208.
    let dashes = format!("writers-{}", "-".repeat(200));
    assert_eq!(
        results(&marked, "50", 0, true),
        pairs(&[
            ("cmi.interactions.0.id", "matrix-scheduler-scale"),
            ("cmi.interactions.0.type", "fill-in"),
            ("cmi.interactions.0.student_response", "halted"),
            ("cmi.interactions.0.result", "wrong"),
            ("cmi.interactions.0.correct_responses.0.pattern", "half"),
            ("cmi.interactions.1.id", "writers-copy-collector-4"),
            ("cmi.interactions.1.type", "fill-in"),
            ("cmi.interactions.1.student_response", "scheduler, controller manager, node agents"),
            ("cmi.interactions.1.result", "wrong"),
            ("cmi.interactions.1.correct_responses.0.pattern", "controller manager, scheduler, node agents"),
            ("cmi.interactions.2.id", "writers-copy-a-b"),
            ("cmi.interactions.2.type", "fill-in"),
            ("cmi.interactions.2.student_response", "none"),
            ("cmi.interactions.2.result", "correct"),
            ("cmi.interactions.2.correct_responses.0.pattern", "none"),
            // Blank: no response.
            ("cmi.interactions.3.id", "writers-copy-a-b-3"),
            ("cmi.interactions.3.type", "fill-in"),
            ("cmi.interactions.3.result", "wrong"),
            ("cmi.interactions.3.correct_responses.0.pattern", "none"),
            ("cmi.interactions.4.id", &dashes),
            ("cmi.interactions.4.type", "fill-in"),
            // Not a component: kept as typed (a fill-in response is any text).
            ("cmi.interactions.4.student_response", "etcd"),
            ("cmi.interactions.4.result", "wrong"),
            ("cmi.interactions.4.correct_responses.0.pattern", "none"),
            ("cmi.core.score.raw", "20"),
            ("cmi.core.score.min", "0"),
            ("cmi.core.score.max", "100"),
            ("cmi.core.lesson_status", "failed"),
        ])
    );
}

#[test]
fn an_id_past_255_characters_is_cut_with_its_place() {
    assert_eq!(interaction_id("writers-copy-a-b", 3), "writers-copy-a-b");
    let at_limit = "x".repeat(255);
    assert_eq!(interaction_id(&at_limit, 4), at_limit);
    assert_eq!(interaction_id(&"x".repeat(300), 5), format!("{}-5", "x".repeat(253)));
    assert_eq!(interaction_id(&"y".repeat(256), 12), format!("{}-12", "y".repeat(252)));
    // A long response or answer is cut to 255 characters too (CMIString255).
    let key = lesson_assignment("{}").answer_key().unwrap();
    let mut marked = mark(&key[..1], &typed(&[("steps", "17")]));
    marked[0].item.answer = Answer::Word(crate::model::Verdict::Done);
    marked[0].read = Err(crate::teaching::marking::EntryError::NotAVerdict("ü".repeat(300)));
    marked[0].typed = "ü".repeat(300);
    let got = results(&marked, "", 0, false);
    assert_eq!(got[2], ("cmi.interactions.0.student_response".to_string(), "ü".repeat(255)));
}

#[test]
fn the_status_is_passed_or_failed_only_against_a_usable_mastery_score() {
    // Four of six: 66.67 as reported.
    let marked = lesson_marked();
    let status = |mastery: &str| results(&marked, mastery, 0, false).pop().map(|(_, s)| s);
    for (mastery, want) in [
        ("66.67", "passed"),
        ("66.670", "passed"),
        (" 066.6 ", "passed"),
        (".5", "passed"),
        ("0", "passed"),
        ("66.671", "failed"),
        ("66.6700001", "failed"),
        ("67", "failed"),
        ("100", "failed"),
        ("100.0", "failed"),
        // Absent or garbage: no mastery score counts.
        ("", "completed"),
        ("abc", "completed"),
        ("-5", "completed"),
        ("100.01", "completed"),
        ("100.001", "completed"),
        ("99999999999999999999999", "completed"),
        ("101", "completed"),
        ("1e2", "completed"),
        (".", "completed"),
        ("50%", "completed"),
        ("6 6", "completed"),
    ] {
        assert_eq!(status(mastery).as_deref(), Some(want), "{mastery:?}");
    }
    let key = lesson_assignment("{}").answer_key().unwrap();
    let all = mark(
        &key,
        &typed(&[
            ("steps", "17"),
            ("reads", "50"),
            ("writes", "7"),
            ("revision", "7"),
            ("rounds", "2"),
            ("components", "4"),
        ]),
    );
    let top = results(&all, "100", 0, false);
    assert_eq!(
        &top[top.len() - 4..],
        pairs(&[
            ("cmi.core.score.raw", "100"),
            ("cmi.core.score.min", "0"),
            ("cmi.core.score.max", "100"),
            ("cmi.core.lesson_status", "passed"),
        ])
    );
}

#[test]
fn scores_are_hundredths_rounded_half_up() {
    let shown: Vec<String> = [(0, 6), (1, 3), (2, 3), (1, 8), (1, 200), (1, 1)]
        .iter()
        .map(|&(c, t)| decimal(hundredths(c, t)))
        .collect();
    assert_eq!(shown, ["0", "33.33", "66.67", "12.5", "0.5", "100"]);
}

#[test]
fn no_items_no_score() {
    assert_eq!(results(&[], "80", 3, true), pairs(&[("cmi.core.lesson_status", "completed")]));
}

#[test]
fn the_session_opens_incomplete_and_the_name_fills_only_a_blank_field() {
    assert_eq!(opening("not attempted"), Some((LESSON_STATUS.into(), "incomplete".into())));
    for status in ["incomplete", "passed", "", "browsed"] {
        assert_eq!(opening(status), None, "{status}");
    }
    assert_eq!(prefill("", " Lovelace, Ada ", "s-042").as_deref(), Some("Lovelace, Ada"));
    assert_eq!(prefill("  ", "", "s-042").as_deref(), Some("s-042"));
    assert_eq!(prefill("Ada", "Lovelace, Ada", "s-042"), None);
    assert_eq!(prefill("", " ", ""), None);
    assert_eq!(prefill("", &"n".repeat(300), "").map(|s| s.len()), Some(200));
}
