//! Reading a saved record or an exported report back, field by field over the one JSON reader
//! the formats share (`formats::json`). Not with serde's derived readers: their code, one reader
//! per type, would be the assignment page's alone (4.7 KB of it gzipped). What they accepted
//! is accepted, what they refused is refused (the tests below hold both to the writer).

use super::report::{Attempt, Record, Report, ReportAttempt, ReportLine};
use crate::formats::json::{document, join, kind, only_fields, required, string, whole};
use crate::formats::InputError;
use crate::messages::{Problem, Template};
use serde_json::{Map, Value as Json};
use std::collections::BTreeMap;

type Object = Map<String, Json>;

/// Reads a document that must be an object.
pub(super) fn object_document(text: &str) -> Result<Object, InputError> {
    match document(text)? {
        Json::Object(o) => Ok(o),
        other => Err(must_be("", |a| a.kind_object, &other)),
    }
}

/// Predictions carried in a link: an object of item id: what was typed.
pub(crate) fn predictions(text: &str) -> Result<BTreeMap<String, String>, InputError> {
    let doc = document(text)?;
    let Json::Object(o) = &doc else { return Err(must_be("", |a| a.kind_object, &doc)) };
    strings(o, "")
}

/// The `version` field alone (a record's other fields are read once its version is known).
pub(super) fn version(obj: &Object) -> Result<u32, InputError> {
    count(obj, "", "version").map(|v| v as u32)
}

/// A saved record.
pub(super) fn record(obj: &Object) -> Result<Record, InputError> {
    let fields = ["version", "predictions", "locked", "saved_at", "attempts", "student"];
    only_fields(obj, "", &fields)?;
    Ok(Record {
        version: version(obj)?,
        predictions: typed(obj, "", "predictions")?,
        locked: flag(obj, "", "locked")?,
        saved_at: text(obj, "", "saved_at")?,
        attempts: list(obj, "", "attempts", |o, at| {
            only_fields(o, at, &["predictions", "ended_at"])?;
            Ok(Attempt { predictions: typed(o, at, "predictions")?, ended_at: text(o, at, "ended_at")? })
        })?,
        student: optional_text(obj, "", "student")?,
    })
}

/// An exported report (its version is checked by the caller).
pub(super) fn report(obj: &Object) -> Result<Report, InputError> {
    let fields =
        ["version", "title", "assignment", "lines", "correct", "total", "time", "attempts", "student"];
    only_fields(obj, "", &fields)?;
    let lines = match required(obj, "", "lines")? {
        Json::Array(items) => {
            items.iter().enumerate().map(|(i, v)| line(v, &format!("lines[{i}]"))).collect()
        }
        other => Err(must_be("lines", |a| a.kind_array, other)),
    }?;
    Ok(Report {
        version: version(obj)?,
        title: text(obj, "", "title")?,
        assignment: text(obj, "", "assignment")?,
        lines,
        correct: count(obj, "", "correct")?,
        total: count(obj, "", "total")?,
        time: text(obj, "", "time")?,
        attempts: list(obj, "", "attempts", |o, at| {
            only_fields(o, at, &["predictions", "correct", "total", "ended_at"])?;
            Ok(ReportAttempt {
                predictions: typed(o, at, "predictions")?,
                correct: count(o, at, "correct")?,
                total: count(o, at, "total")?,
                ended_at: text(o, at, "ended_at")?,
            })
        })?,
        student: optional_text(obj, "", "student")?,
    })
}

/// One line of a report (a line may carry fields of its own: they are left unread).
fn line(v: &Json, at: &str) -> Result<ReportLine, InputError> {
    let Json::Object(o) = v else { return Err(must_be(at, |a| a.kind_object, v)) };
    let difference = match o.get("difference") {
        None | Some(Json::Null) => None,
        Some(Json::Number(n)) => match n.as_i64() {
            Some(d) => Some(d),
            None => {
                return Err(problem(&join(at, "difference"), Problem::of(|a| a.e_fraction).with("found", n)))
            }
        },
        Some(other) => return Err(must_be(&join(at, "difference"), |a| a.kind_number, other)),
    };
    Ok(ReportLine {
        id: text(o, at, "id")?,
        label: text(o, at, "label")?,
        predicted: text(o, at, "predicted")?,
        actual: text(o, at, "actual")?,
        difference,
        correct: flag(o, at, "correct")?,
    })
}

fn problem(at: &str, problem: Problem) -> InputError {
    InputError { path: at.to_string(), problem }
}

fn must_be(at: &str, what: Template, found: &Json) -> InputError {
    problem(at, Problem::of(|a| a.e_must_be).with_text("what", what).with_text("kind", kind(found)))
}

fn text(obj: &Object, at: &str, field: &str) -> Result<String, InputError> {
    string(required(obj, at, field)?, &join(at, field)).map(str::to_string)
}

/// A text that may be absent (empty then).
fn optional_text(obj: &Object, at: &str, field: &str) -> Result<String, InputError> {
    obj.get(field).map_or(Ok(String::new()), |v| string(v, &join(at, field)).map(str::to_string))
}

fn flag(obj: &Object, at: &str, field: &str) -> Result<bool, InputError> {
    match required(obj, at, field)? {
        Json::Bool(b) => Ok(*b),
        other => Err(problem(&join(at, field), Problem::of(|a| a.e_not_bool).with_text("kind", kind(other)))),
    }
}

/// A count that fits the page's `usize` (32 bits in the browser, as serde read it there).
fn count(obj: &Object, at: &str, field: &str) -> Result<usize, InputError> {
    whole(required(obj, at, field)?, &join(at, field), 0, u32::MAX as u64).map(|n| n as usize)
}

/// What was typed, by item id: an object of strings.
fn typed(obj: &Object, at: &str, field: &str) -> Result<BTreeMap<String, String>, InputError> {
    let v = required(obj, at, field)?;
    let at = join(at, field);
    let Json::Object(o) = v else { return Err(must_be(&at, |a| a.kind_object, v)) };
    strings(o, &at)
}

/// An object of strings, as a map.
fn strings(o: &Object, at: &str) -> Result<BTreeMap<String, String>, InputError> {
    let mut typed = BTreeMap::new();
    for (id, v) in o {
        typed.insert(
            id.clone(),
            string(v, &format!("{at}[{}]", crate::formats::json::quoted(id)))?.to_string(),
        );
    }
    Ok(typed)
}

/// A list of objects, each read by `each`; absent: empty.
fn list<T>(
    obj: &Object,
    at: &str,
    field: &str,
    each: impl Fn(&Object, &str) -> Result<T, InputError>,
) -> Result<Vec<T>, InputError> {
    let at = join(at, field);
    match obj.get(field) {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let here = format!("{at}[{i}]");
                match v {
                    Json::Object(o) => each(o, &here),
                    other => Err(must_be(&here, |a| a.kind_object, other)),
                }
            })
            .collect(),
        Some(other) => Err(must_be(&at, |a| a.kind_array, other)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::report::{parse_record, parse_report, RecordError};

    const REPORT: &str = r#"{"version": 1, "title": "T", "assignment": "{}", "correct": 1, "total": 2,
        "time": "t", "lines": [{"id": "steps", "label": "trace steps", "predicted": "17", "actual": "17",
        "difference": -2, "correct": true, "note": "a line's own field"}, {"id": "r", "label": "r",
        "predicted": "", "actual": "", "difference": null, "correct": false}]}"#;

    #[test]
    fn what_the_writer_leaves_out_reads_as_empty() {
        let r = parse_report(REPORT).unwrap();
        assert_eq!((r.lines[0].difference, r.lines[1].difference), (Some(-2), None));
        assert!(r.attempts.is_empty() && r.student.is_empty());
        let record =
            parse_record(r#"{"version": 1, "predictions": {"a": " 1"}, "locked": false, "saved_at": ""}"#);
        assert_eq!(record.unwrap().predictions["a"], " 1");
    }

    #[test]
    fn a_field_out_of_place_or_of_the_wrong_kind_is_refused_where_it_is() {
        let wrong = [
            (REPORT.replace(r#""time": "t""#, r#""time": "t", "extra": 1"#), "unknown field \"extra\""),
            (REPORT.replace(r#""total": 2"#, r#""total": -2"#), "total: must not be negative"),
            (
                REPORT.replace(r#""correct": true"#, r#""correct": "yes""#),
                "lines[0].correct: must be true or false",
            ),
            (
                REPORT.replace(r#""difference": -2"#, r#""difference": 1.5"#),
                "lines[0].difference: must be a whole",
            ),
            (REPORT.replace(r#""title": "T""#, r#""title": 7"#), "title: must be a string"),
            (REPORT.replace(r#""title": "T", "#, ""), "missing field \"title\""),
            (
                REPORT.replace(r#""time": "t""#, r#""time": "t", "attempts": [{"predictions": {}}]"#),
                "attempts[0]",
            ),
            ("[]".to_string(), "must be an object, found an array"),
        ];
        for (text, said) in wrong {
            let e = parse_report(&text).unwrap_err().to_string();
            assert!(e.starts_with("not a lab report: ") && e.contains(said), "{e}");
        }
        let records = [
            r#"{"version": 1, "predictions": {"a": 1}, "locked": false, "saved_at": ""}"#,
            r#"{"version": 1, "predictions": {}, "locked": false, "saved_at": "", "extra": 1}"#,
            r#"{"version": 1, "predictions": {}, "locked": false, "saved_at": "", "attempts": [{"ended_at": ""}]}"#,
            r#"{"predictions": {}, "locked": false, "saved_at": ""}"#,
        ];
        for text in records {
            assert!(matches!(parse_record(text), Err(RecordError::Corrupt(_))), "{text}");
        }
    }
}
