//! Embedding in the course page: which host origin the lab may talk to, and the messages it
//! sends (a versioned envelope of its own, plus the resize messages H5P and Canvas hosts already
//! understand). Pure: the browser side only posts what these functions build.

use crate::formats::json::json_string;
use crate::model::Verdict;
use crate::teaching::assignment::{Answer, ItemKind, Question};
use crate::teaching::marking::{option_letter, Marked};
use serde_json::json;

/// The `source` of every message the lab sends.
pub const SOURCE: &str = "control-plane-lab";
/// The envelope version.
pub const VERSION: u32 = 1;

/// Host origins the lab will talk to: the course site; and, when `local` (a build made for the
/// end-to-end tests), local pages too.
pub fn host_allowed(origin: &str, local: bool) -> bool {
    const SITES: [&str; 2] = ["https://academia.sh", "https://www.academia.sh"];
    if SITES.contains(&origin) {
        return true;
    }
    local
        && ["http://localhost:", "http://127.0.0.1:"]
            .iter()
            .any(|local| origin.strip_prefix(local).is_some_and(valid_port))
}

/// A port the browser accepts in an origin: 1 to 65535, digits only (`:99999` is no origin at all).
pub fn valid_port(port: &str) -> bool {
    port.bytes().all(|b| b.is_ascii_digit()) && port.parse::<u16>().is_ok_and(|p| p > 0)
}

/// The lab's own envelope, as JSON text around `payload` (JSON text itself). Built by hand, so
/// the plain lab carries no JSON library.
pub fn envelope(kind: &str, payload: &str) -> String {
    format!(r#"{{"source":"{SOURCE}","version":{VERSION},"type":{},"payload":{payload}}}"#, json_string(kind))
}

/// Every message that tells the host the lab's height: the lab's own, H5P's and Canvas's.
pub fn resize_messages(height: u32) -> [String; 3] {
    [
        envelope("resize", &format!(r#"{{"height":{height}}}"#)),
        format!(r#"{{"context":"h5p","action":"resize","scrollHeight":{height}}}"#),
        format!(r#"{{"subject":"lti.frameResize","height":{height}}}"#),
    ]
}

/// The `ready` message: whether the lab is in embed mode, and its language. (No `reporting`:
/// only [`not_reporting_message`] has it, `false`, so a host that knows nothing of it is unchanged.)
pub fn ready_message(embed: bool, lang: &str) -> String {
    envelope("ready", &format!(r#"{{"embed":{embed},"lang":{}}}"#, json_string(lang)))
}

/// Why a framed lab reports nothing to the page around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoReports {
    /// The lab's URL names no `host=`.
    NoHost,
    /// `host=` names an origin this build does not report to (the shipped build on a teacher's
    /// own machine, say).
    NotAllowed,
    /// The page around the lab is not the `host=` its URL names.
    Elsewhere,
}

/// A message whose every word is known when the lab is compiled, whole, as [`envelope`] would
/// build it: less code than building it, and nothing from outside can enter it. (A test checks
/// it against [`SOURCE`] and [`VERSION`].)
macro_rules! fixed_message {
    ($kind:literal, $payload:literal) => {
        concat!(
            r#"{"source":"control-plane-lab","version":1,"type":""#,
            $kind,
            r#"","payload":"#,
            $payload,
            "}"
        )
    };
}

/// The `ready` a framed lab sends when it will report nothing: it started, and why its results
/// stay in the frame. Without it the host's script cannot tell a lab that runs without reporting
/// from one that never started. It goes to whatever page frames the lab (`*`: the lab has no
/// origin it trusts, which is the very reason), so it is one of three fixed texts: no result, no
/// language, no origin, nothing from the URL or the student.
pub fn not_reporting_message(why: NoReports) -> &'static str {
    match why {
        NoReports::NoHost => fixed_message!("ready", r#"{"reporting":false,"reason":"no-host"}"#),
        NoReports::NotAllowed => {
            fixed_message!("ready", r#"{"reporting":false,"reason":"host-not-allowed"}"#)
        }
        NoReports::Elsewhere => fixed_message!("ready", r#"{"reporting":false,"reason":"host-mismatch"}"#),
    }
}

/// The answer to a host's ping.
pub fn pong_message() -> String {
    envelope("ready", r#"{"reply":"ping"}"#)
}

/// The `error` message sent when the lab stops.
pub fn error_message(what: &str) -> String {
    envelope("error", &format!(r#"{{"message":{}}}"#, json_string(what)))
}

/// The xAPI interaction type of an item by its answer: a count is `numeric`, a verdict a
/// `choice` among the four, the parts in order `sequencing`-like text, sent as `fill-in`; a
/// choice question a `choice` among its options, each by its letter (`a` to `f`).
fn interaction_type(answer: &Answer) -> &'static str {
    match answer {
        Answer::Number(_) => "numeric",
        Answer::Word(_) | Answer::Choice(_) => "choice",
        Answer::Parts(_) => "fill-in",
    }
}

/// The result of an assignment as xAPI statements (one per item, then one for the whole
/// assignment); the host adds the actor. `student` is the name or id the student typed (blank:
/// none), beside the statements: the host knows its own users and decides what to do with it.
/// Each item's correct answer (`correctResponsesPattern`) goes with it only when `answers_shown`,
/// when the page itself shows the answers at this lock: the seal's rule, as for an LMS
/// (`scorm_rte`), since a host keeps what it is sent and may show it, or leave it to its scripts.
pub fn result_message(
    assignment_id: &str,
    title: &str,
    marked: &[Marked],
    student: &str,
    answers_shown: bool,
) -> String {
    let (correct, total) = crate::teaching::marking::score(marked);
    let items: Vec<serde_json::Value> = marked
        .iter()
        .map(|m| {
            let mut definition = json!({ "name": { "en-US": m.item.label }, "interactionType": interaction_type(&m.item.answer) });
            // A verdict is one of the lesson's four words: a choice, each offered by its word.
            if matches!(m.item.answer, Answer::Word(_)) {
                let choices = Verdict::ALL.map(|v| json!({ "id": v.as_str(), "description": { "en-US": v.as_str() } }));
                definition["choices"] = json!(choices);
            }
            if let ItemKind::Question(Question::Choice(c)) = &m.item.kind {
                let letter = |o: &String| option_letter(&m.item, o).map(String::from);
                let choices: Vec<_> =
                    c.options.iter().map(|o| json!({ "id": letter(o), "description": { "en-US": o } })).collect();
                definition["choices"] = json!(choices);
            }
            // A choice question's response and pattern are its options' letters, as the
            // choices are named; every other item's are its words.
            let said = |text: &str| option_letter(&m.item, text).map_or_else(|| text.to_string(), String::from);
            if answers_shown {
                definition["correctResponsesPattern"] = json!([said(&m.item.answer.to_string())]);
            }
            json!({
                "verb": { "id": "http://adlnet.gov/expapi/verbs/answered", "display": { "en-US": "answered" } },
                "object": { "id": format!("{assignment_id}#{}", m.item.id), "definition": definition },
                "result": {
                    "response": said(m.typed.trim()),
                    "success": m.correct,
                    "score": { "raw": u8::from(m.correct), "min": 0, "max": 1, "scaled": if m.correct { 1.0 } else { 0.0 } },
                },
            })
        })
        .collect();
    let scaled = if total == 0 { 0.0 } else { correct as f64 / total as f64 };
    let completed = json!({
        "verb": { "id": "http://adlnet.gov/expapi/verbs/completed", "display": { "en-US": "completed" } },
        "object": { "id": assignment_id, "definition": { "name": { "en-US": title } } },
        "result": {
            "completion": true,
            "success": correct == total,
            "score": { "raw": correct, "min": 0, "max": total, "scaled": scaled },
        },
    });
    let payload = json!({ "statements": items, "completed": completed, "student": student.trim() });
    envelope("result", &payload.to_string())
}

/// An incoming message's envelope fields, as the browser found them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Incoming {
    /// `source`, if a string.
    pub source: Option<String>,
    /// `version`, if a number.
    pub version: Option<f64>,
    /// `type`, if a string.
    pub kind: Option<String>,
}

/// Whether an incoming message is one the lab understands: the host's envelope with a known type.
pub fn incoming_type(message: &Incoming) -> Option<&str> {
    let kind = message.kind.as_deref()?;
    let from_host = message.source.as_deref()? == "academia-host";
    let version_ok = message.version? == f64::from(VERSION);
    (from_host && version_ok && kind == "ping").then_some(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::marking::mark;
    use std::collections::BTreeMap;

    #[test]
    fn only_the_course_and_local_test_pages_are_hosts() {
        for ok in
            ["https://academia.sh", "https://www.academia.sh", "http://localhost:8080", "http://127.0.0.1:9"]
        {
            assert!(host_allowed(ok, true), "{ok}");
        }
        // The build that ships admits the course's origins only.
        assert!(host_allowed("https://academia.sh", false));
        for local in ["http://localhost:8080", "http://127.0.0.1:9"] {
            assert!(!host_allowed(local, false), "{local}");
        }
        for bad in [
            "*",
            "https://academia.sh.evil.com",
            "http://academia.sh",
            "https://evil.academia.sh.io",
            "http://localhost",
            "http://localhost:80x",
            "http://127.0.0.1:99999",
            "http://127.0.0.1:0",
            "http://127.0.0.1:+80",
            "null",
            "",
        ] {
            assert!(!host_allowed(bad, true), "{bad}");
        }
    }

    #[test]
    fn a_verdict_is_sent_as_a_choice_among_the_four_and_a_count_as_a_number() {
        let a = crate::formats::assignment_json::parse(
            r#"{"version": 1, "title": "T", "matrix": {"rows": ["scheduler"], "cells": ["scale", "rd"]}}"#,
        )
        .unwrap();
        let marked = mark(&a.answer_key().unwrap(), &BTreeMap::new());
        let m: serde_json::Value =
            serde_json::from_str(&result_message("cplab:T", "T", &marked, "", true)).unwrap();
        let definitions: Vec<(String, String)> = m["payload"]["statements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["object"]["definition"])
            .map(|d| (d["interactionType"].to_string(), d["choices"].to_string()))
            .collect();
        let choices = r#"[{"id":"done","description":{"en-US":"done"}},{"id":"half","description":{"en-US":"half"}},{"id":"halted","description":{"en-US":"halted"}},{"id":"unknown","description":{"en-US":"unknown"}}]"#;
        assert_eq!(
            definitions,
            [(r#""choice""#.into(), choices.into()), (r#""numeric""#.into(), "null".into())]
        );
    }

    #[test]
    fn results_are_xapi_shaped_with_the_score() {
        let a = crate::formats::assignment_json::parse(
            r#"{"version": 1, "title": "T", "predict": ["steps", "reads"]}"#,
        )
        .unwrap();
        let typed = [("steps".to_string(), "17".to_string()), ("reads".to_string(), "3".to_string())].into();
        let marked = mark(&a.answer_key().unwrap(), &typed);
        let said = |shown| {
            serde_json::from_str::<serde_json::Value>(&result_message(
                "cplab:T",
                &a.title,
                &marked,
                " Ada L. (s-042) ",
                shown,
            ))
        };
        let m = said(true).unwrap();
        // Sealed at this lock (no reveal, or a retry still open): right or wrong, never the answer.
        let sealed = said(false).unwrap();
        assert_eq!(
            sealed["payload"]["statements"][0]["object"]["definition"].get("correctResponsesPattern"),
            None
        );
        assert_eq!(sealed["payload"]["statements"][0]["result"]["success"], true);
        assert_eq!(sealed["payload"]["statements"][1]["result"]["response"], "3");
        assert_eq!(m["payload"]["student"], "Ada L. (s-042)");
        assert_eq!(m["source"], SOURCE);
        assert_eq!(m["type"], "result");
        let first = &m["payload"]["statements"][0];
        assert_eq!(first["verb"]["display"]["en-US"], "answered");
        assert_eq!(first["object"]["definition"]["interactionType"], "numeric");
        assert_eq!(first["object"]["definition"]["correctResponsesPattern"][0], "17");
        assert_eq!(first["result"]["success"], true);
        let done = &m["payload"]["completed"]["result"];
        assert_eq!(
            (done["score"]["raw"].as_u64(), done["score"]["max"].as_u64(), done["score"]["scaled"].as_f64()),
            (Some(1), Some(2), Some(0.5))
        );
    }

    fn incoming(source: Option<&str>, version: Option<f64>, kind: Option<&str>) -> Incoming {
        Incoming { source: source.map(Into::into), version, kind: kind.map(Into::into) }
    }

    #[test]
    fn incoming_messages_are_validated() {
        let host = Some("academia-host");
        assert_eq!(incoming_type(&incoming(host, Some(1.0), Some("ping"))), Some("ping"));
        assert_eq!(incoming_type(&incoming(host, Some(1.0), Some("eval"))), None);
        assert_eq!(incoming_type(&incoming(host, Some(2.0), Some("ping"))), None);
        assert_eq!(incoming_type(&incoming(Some("x"), Some(1.0), Some("ping"))), None);
        assert_eq!(incoming_type(&incoming(None, None, None)), None);
    }

    #[test]
    fn messages_are_json_with_every_string_escaped() {
        let nasty = "a\"b\\c\n\u{1}é</script>";
        let parsed: serde_json::Value = serde_json::from_str(&error_message(nasty)).unwrap();
        assert_eq!(
            parsed,
            json!({"source": SOURCE, "version": VERSION, "type": "error", "payload": {"message": nasty}})
        );
        let parsed: serde_json::Value = serde_json::from_str(&ready_message(true, "en")).unwrap();
        assert_eq!(parsed["payload"], json!({"embed": true, "lang": "en"}));
        let [own, h5p, canvas] =
            resize_messages(321).map(|m| serde_json::from_str::<serde_json::Value>(&m).unwrap());
        assert_eq!(own["payload"]["height"], 321);
        assert_eq!(h5p, json!({"context": "h5p", "action": "resize", "scrollHeight": 321}));
        assert_eq!(canvas, json!({"subject": "lti.frameResize", "height": 321}));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&pong_message()).unwrap()["payload"]["reply"],
            "ping"
        );
    }

    #[test]
    fn not_reporting_says_only_that_and_a_fixed_reason() {
        for (why, reason) in [
            (NoReports::NoHost, "no-host"),
            (NoReports::NotAllowed, "host-not-allowed"),
            (NoReports::Elsewhere, "host-mismatch"),
        ] {
            let parsed: serde_json::Value = serde_json::from_str(not_reporting_message(why)).unwrap();
            assert_eq!(
                parsed,
                json!({"source": SOURCE, "version": VERSION, "type": "ready", "payload": {"reporting": false, "reason": reason}})
            );
        }
    }
}
