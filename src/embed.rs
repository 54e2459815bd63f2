//! Embedding in the course page: which host origin the lab may talk to, and the messages it
//! sends (a versioned envelope of its own, plus the resize messages H5P and Canvas hosts already
//! understand). Pure: the browser side only posts what these functions build.

use crate::model::assignment::Marked;
use serde_json::{json, Value};

/// The `source` of every message the lab sends.
pub const SOURCE: &str = "control-plane-lab";
/// The envelope version.
pub const VERSION: u32 = 1;

/// Host origins the lab will talk to: the course site, and local pages for tests.
pub fn host_allowed(origin: &str) -> bool {
    const SITES: [&str; 2] = ["https://academia.sh", "https://www.academia.sh"];
    if SITES.contains(&origin) {
        return true;
    }
    ["http://localhost:", "http://127.0.0.1:"].iter().any(|local| {
        origin.strip_prefix(local).is_some_and(|port| {
            !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit())
        })
    })
}

/// The lab's own envelope.
pub fn envelope(kind: &str, payload: Value) -> Value {
    json!({ "source": SOURCE, "version": VERSION, "type": kind, "payload": payload })
}

/// Every message that tells the host the lab's height: the lab's own, H5P's and Canvas's.
pub fn resize_messages(height: u32) -> [Value; 3] {
    [
        envelope("resize", json!({ "height": height })),
        json!({ "context": "h5p", "action": "resize", "scrollHeight": height }),
        json!({ "subject": "lti.frameResize", "height": height }),
    ]
}

/// The result of an assignment as xAPI statements (one per item, then one for the whole
/// assignment); the host adds the actor.
pub fn result_message(assignment_id: &str, title: &str, marked: &[Marked]) -> Value {
    let (correct, total) = crate::model::assignment::score(marked);
    let items: Vec<Value> = marked
        .iter()
        .map(|m| {
            json!({
                "verb": { "id": "http://adlnet.gov/expapi/verbs/answered", "display": { "en-US": "answered" } },
                "object": {
                    "id": format!("{assignment_id}#{}", m.item.id),
                    "definition": {
                        "name": { "en-US": m.item.label },
                        "interactionType": "numeric",
                        "correctResponsesPattern": [m.item.answer.to_string()],
                    },
                },
                "result": {
                    "response": m.typed.trim(),
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
    envelope("result", json!({ "statements": items, "completed": completed }))
}

/// Whether an incoming message is one the lab understands: the host's envelope with a known type.
pub fn incoming_type(message: &Value) -> Option<&str> {
    let kind = message.get("type")?.as_str()?;
    let from_host = message.get("source")?.as_str()? == "academia-host";
    let version_ok = message.get("version")?.as_u64()? == u64::from(VERSION);
    (from_host && version_ok && kind == "ping").then_some(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::assignment::{mark, Assignment};

    #[test]
    fn only_the_course_and_local_test_pages_are_hosts() {
        for ok in
            ["https://academia.sh", "https://www.academia.sh", "http://localhost:8080", "http://127.0.0.1:9"]
        {
            assert!(host_allowed(ok), "{ok}");
        }
        for bad in [
            "*",
            "https://academia.sh.evil.com",
            "http://academia.sh",
            "https://evil.academia.sh.io",
            "http://localhost",
            "http://localhost:80x",
            "null",
            "",
        ] {
            assert!(!host_allowed(bad), "{bad}");
        }
    }

    #[test]
    fn results_are_xapi_shaped_with_the_score() {
        let a =
            Assignment::from_json(r#"{"version": 1, "title": "T", "predict": ["steps", "reads"]}"#).unwrap();
        let typed = [("steps".to_string(), "17".to_string()), ("reads".to_string(), "3".to_string())].into();
        let m = result_message("cplab:T", &a.title, &mark(&a.answer_key().unwrap(), &typed));
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

    #[test]
    fn incoming_messages_are_validated() {
        assert_eq!(
            incoming_type(&json!({"source": "academia-host", "version": 1, "type": "ping"})),
            Some("ping")
        );
        assert_eq!(incoming_type(&json!({"source": "academia-host", "version": 1, "type": "eval"})), None);
        assert_eq!(incoming_type(&json!({"source": "x", "version": 1, "type": "ping"})), None);
        assert_eq!(incoming_type(&json!("ping")), None);
    }
}
