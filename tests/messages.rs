//! Diagnostics of assignment, scenario and report files come from the message table too: said
//! through a pseudo-language, nothing English is left outside its marks but the path and the
//! values found in the file.

use cplab::formats::{assignment_json, scenario_json};
use cplab::messages::{AssignmentMessages, EN_ASSIGNMENTS};
use cplab::teaching::marking::{parse_count, parse_verdict};
use cplab::teaching::report::{decode_link, parse_report};

fn pseudo() -> AssignmentMessages {
    EN_ASSIGNMENTS.map(|t| Box::leak(format!("⟦{t}⟧").into_boxed_str()))
}

/// The text outside every ⟦…⟧.
fn outside(text: &str) -> String {
    let mut depth = 0;
    text.chars()
        .filter(|&c| {
            match c {
                '⟦' => depth += 1,
                '⟧' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect()
}

#[test]
fn file_diagnostics_are_said_in_the_table_language() {
    let p = pseudo();
    let scenarios = [
        ("{", ""),
        ("[]", ""),
        (r#"{"initail": {}}"#, ""),
        (r#"{"initial": {"pod/x": {"desired": 1}}}"#, "initial[\"pod/x\"]: "),
        (r#"{"initial": {"service/a": {"desired": -1}}}"#, "initial[\"service/a\"].desired: "),
        (r#"{"initial": {"service/a": {"desired": 1.5}}}"#, "initial[\"service/a\"].desired: "),
        (r#"{"initial": {"service/a": {"desired": "3"}}}"#, "initial[\"service/a\"].desired: "),
        (r#"{"initial": {"service/a": {"desired": 100001}}}"#, "initial[\"service/a\"].desired: "),
        (
            r#"{"initial": {"copy/a": {"service": "a", "node": null, "status": "lost"}}}"#,
            "initial[\"copy/a\"].status: ",
        ),
        (r#"{"initial": {"node/a": {"capacity": 1, "health": "ill"}}}"#, "initial[\"node/a\"].health: "),
        (
            r#"{"initial": {"copy/a": {"service": 3, "node": null, "status": "dead"}}}"#,
            "initial[\"copy/a\"].service: ",
        ),
        (r#"{"requests": {}}"#, "requests: "),
        (r#"{"requests": [{"key": "service/a"}]}"#, "requests[0]: "),
        (r#"{"requests": [{"key": "x/a", "value": {"zone": 1}}]}"#, "requests[0].value: "),
        (r#"{"down": "etcd"}"#, "down: "),
        (r#"{"down": 3}"#, "down: "),
        (r#"{"max_rounds": 0}"#, "max_rounds: "),
    ];
    for (doc, path) in scenarios {
        let e = scenario_json::parse(doc).unwrap_err();
        let said = e.text(&p);
        assert_ne!(said, e.to_string(), "{doc}");
        assert_eq!(outside(&said), path, "{doc}: {said}");
    }
    let assignments = [
        (r#"{"title": "x", "predict": ["steps"]}"#, ""),
        (r#"{"version": 2, "title": "x", "predict": ["steps"]}"#, "version: "),
        (r#"{"version": 1, "predict": ["steps"]}"#, "title: "),
        (r#"{"version": 1, "title": "x", "predict": ["stepz"]}"#, "predict[0]: "),
        (r#"{"version": 1, "title": "x", "predict": "steps"}"#, "predict: "),
        (r#"{"version": 1, "title": "x"}"#, "predict: "),
        (r#"{"version": 1, "title": "x", "predict": ["steps"], "reveal": 1}"#, "reveal: "),
        (
            r#"{"version": 1, "title": "x", "matrix": {"rows": ["etcd"], "cells": ["rd"]}}"#,
            "matrix.rows[0]: ",
        ),
        (r#"{"version": 1, "title": "x", "matrix": {"rows": ["-"], "cells": ["rx"]}}"#, "matrix.cells[0]: "),
        (r#"{"version": 1, "title": "x", "predict": ["steps"], "tolerance": []}"#, "tolerance: "),
    ];
    for (doc, path) in assignments {
        let e = assignment_json::parse(doc).unwrap_err();
        assert_eq!(outside(&e.text(&p)), path, "{doc}: {}", e.text(&p));
    }
    let newer = r#"{"version": 9, "title": "t", "assignment": "", "time": "", "correct": 0, "total": 0, "lines": []}"#;
    for (bad, path) in [("{nope", ""), (newer, "version: ")] {
        let e = parse_report(bad).unwrap_err();
        assert_eq!(outside(&e.text(&p)), path, "{}", e.text(&p));
    }
    for code in ["ab*c", "_w"] {
        assert_eq!(outside(&decode_link(code).unwrap_err().text(&p)), "", "{code}");
    }
}

#[test]
fn typed_predictions_are_judged_in_the_table_language() {
    let p = pseudo();
    let en = &cplab::messages::EN;
    for e in
        [parse_count("x").unwrap_err(), parse_count("-1").unwrap_err(), parse_verdict("maybe").unwrap_err()]
    {
        assert_eq!(outside(&e.text(en, &p)), "", "{}", e.text(en, &p));
    }
}
