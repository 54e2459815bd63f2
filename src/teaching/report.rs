//! What a student's work becomes outside the page: the record saved in the browser as they type,
//! the exported lab report (JSON and CSV), and the compact encoding that carries an assignment in
//! a link. Pure Rust: the browser side only moves these strings around.

use crate::formats::InputError;
use crate::messages::Problem;
use crate::teaching::assignment::Assignment;
use crate::teaching::marking::{score, Marked};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

pub use super::link_code::{decode_link, encode_link};
pub use super::report_csv::{parse_report_csv, report_csv};
use super::report_read;

/// The version of the saved record and of the exported report.
pub const RECORD_VERSION: u32 = 1;

/// What the browser keeps for one assignment, saved as the student types.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Always [`RECORD_VERSION`] when written by this lab.
    pub version: u32,
    /// What was typed, by item id, exactly as typed.
    pub predictions: BTreeMap<String, String>,
    /// Whether Run was pressed (predictions locked, results shown).
    pub locked: bool,
    /// When the record was last saved (ISO 8601, from the browser clock).
    pub saved_at: String,
    /// Earlier attempts, locked and then started over, oldest first (absent in records written
    /// before retries existed).
    pub attempts: Vec<Attempt>,
    /// The student's name or id, as typed, so a report handed in says whose it is (absent in
    /// records written before the field existed, and while it is blank).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub student: String,
}

/// One locked attempt that was started over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Attempt {
    /// What was typed, by item id, exactly as typed.
    pub predictions: BTreeMap<String, String>,
    /// When it was started over (ISO 8601).
    pub ended_at: String,
}

/// An earlier attempt in a report: its predictions and its score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportAttempt {
    /// What was typed, by item id.
    pub predictions: BTreeMap<String, String>,
    /// Correct answers.
    pub correct: usize,
    /// Items.
    pub total: usize,
    /// When it was started over.
    pub ended_at: String,
}

/// Why a stored record cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not a record this lab can read; the text is to be kept aside, not overwritten.
    Corrupt(String),
    /// Written by a newer lab; left untouched.
    Newer(u32),
}

impl RecordError {
    /// The message in `t`'s language.
    pub fn text(&self, a: &crate::messages::AssignmentMessages) -> String {
        use crate::messages::fill;
        match self {
            RecordError::Corrupt(why) => fill(a.record_corrupt, &[("why", why)]),
            RecordError::Newer(v) => fill(a.record_newer, &[("version", v)]),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&crate::messages::EN_ASSIGNMENTS))
    }
}

/// Reads a stored record.
pub fn parse_record(text: &str) -> Result<Record, RecordError> {
    let obj =
        report_read::object_document(text).map_err(|e| RecordError::Corrupt(format!("no version: {e}")))?;
    let version = report_read::version(&obj).map_err(|e| RecordError::Corrupt(format!("no version: {e}")))?;
    if version > RECORD_VERSION {
        return Err(RecordError::Newer(version));
    }
    if version < 1 {
        return Err(RecordError::Corrupt(format!("version {version} does not exist")));
    }
    report_read::record(&obj).map_err(|e| RecordError::Corrupt(e.to_string()))
}

/// Writes a record for storage.
pub fn record_json(record: &Record) -> String {
    serde_json::to_string(record).unwrap_or_default()
}

/// The storage key of an assignment: its text's 64-bit FNV-1a hash, so a changed assignment
/// never inherits answers given to another.
pub fn storage_key(assignment_text: &str) -> String {
    let hash = assignment_text
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("cplab/assignment/{hash:016x}")
}

/// One line of a lab report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportLine {
    /// The item id.
    pub id: String,
    /// The item label.
    pub label: String,
    /// What the student typed.
    pub predicted: String,
    /// The correct answer (empty when the assignment does not reveal answers).
    pub actual: String,
    /// Predicted minus actual, for numbers.
    pub difference: Option<i64>,
    /// Within tolerance.
    pub correct: bool,
}

/// The exported lab report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// [`RECORD_VERSION`].
    pub version: u32,
    /// The assignment's title.
    pub title: String,
    /// The assignment document itself.
    pub assignment: String,
    /// Each prediction with its result.
    pub lines: Vec<ReportLine>,
    /// Correct answers.
    pub correct: usize,
    /// Items.
    pub total: usize,
    /// When the report was made (ISO 8601).
    pub time: String,
    /// The attempts before this one, oldest first.
    pub attempts: Vec<ReportAttempt>,
    /// Whose report it is: the name or id the student typed (absent while blank).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub student: String,
}

/// Builds the report of a run; `earlier` are the attempts started over before this one,
/// `student` the name or id typed (blank: none).
pub fn report(
    assignment: &Assignment,
    text: &str,
    marked: &[Marked],
    time: &str,
    earlier: &[Attempt],
    student: &str,
) -> Report {
    let (correct, total) = score(marked);
    let lines = marked
        .iter()
        .map(|m| ReportLine {
            id: m.item.id.clone(),
            label: m.item.label.clone(),
            predicted: m.typed.clone(),
            actual: if assignment.reveal { m.item.answer.to_string() } else { String::new() },
            difference: if assignment.reveal { m.difference } else { None },
            correct: m.correct,
        })
        .collect();
    Report {
        version: RECORD_VERSION,
        title: assignment.title.clone(),
        assignment: text.to_string(),
        lines,
        correct,
        total,
        time: time.to_string(),
        student: student.trim().to_string(),
        attempts: earlier
            .iter()
            .map(|a| {
                let items: Vec<_> = marked.iter().map(|m| m.item.clone()).collect();
                let (correct, total) = score(&crate::teaching::marking::mark(&items, &a.predictions));
                ReportAttempt {
                    predictions: a.predictions.clone(),
                    correct,
                    total,
                    ended_at: a.ended_at.clone(),
                }
            })
            .collect(),
    }
}

/// The report as JSON.
pub fn report_json(r: &Report) -> String {
    serde_json::to_string_pretty(r).unwrap_or_default()
}

/// Reads an exported report back, for review.
pub fn parse_report(text: &str) -> Result<Report, InputError> {
    let not_a_report = |e: InputError| InputError {
        path: String::new(),
        problem: Problem::of(|a| a.e_not_a_report).with("why", e),
    };
    let obj = report_read::object_document(text).map_err(not_a_report)?;
    let version = report_read::version(&obj).map_err(not_a_report)?;
    if version > RECORD_VERSION {
        return Err(InputError {
            path: "version".into(),
            problem: Problem::of(|a| a.e_newer_report).with("version", version),
        });
    }
    // Version 0 was never written: such a file did not come from this lab.
    if version == 0 {
        return Err(InputError { path: "version".into(), problem: Problem::of(|a| a.e_report_version_zero) });
    }
    report_read::report(&obj).map_err(not_a_report)
}

/// The name an exported report is saved under: the assignment's title and the student's name
/// as lowercase words joined by `-` (letters and digits of any script kept, the rest dropped), so
/// a teacher's folder of reports says whose each one is: `lab-report-trace-one-request-ada-l-s-042.json`.
pub fn file_name(title: &str, student: &str, extension: &str) -> String {
    let mut name = String::from("lab-report");
    for part in [title, student] {
        for word in part.split(|c: char| !letter_or_digit(c)).filter(|w| !w.is_empty()).take(8) {
            name.push('-');
            for c in word.chars() {
                lowercase(c, &mut name);
            }
        }
    }
    format!("{name}.{extension}")
}

/// Whether `c` is a letter or a digit of any script (Unicode's Alphabetic or Numeric).
fn letter_or_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    #[cfg(target_arch = "wasm32")]
    return js::letter_or_digit(&c.to_string());
    #[cfg(not(target_arch = "wasm32"))]
    c.is_alphanumeric()
}

/// `c` in lowercase, onto `out`.
fn lowercase(c: char, out: &mut String) {
    if c.is_ascii() {
        return out.push(c.to_ascii_lowercase());
    }
    #[cfg(target_arch = "wasm32")]
    out.push_str(&js::lowercase(&c.to_string()));
    #[cfg(not(target_arch = "wasm32"))]
    out.extend(c.to_lowercase());
}

// In the browser, beyond ASCII, JavaScript's own Unicode tables answer (one character at a time,
// as Rust's `char` methods do): Rust's lowercase and alphabetic tables cost the assignment page
// 7.6 KB gzipped, for a file's name. tests/web.rs checks the browser's names against these.
#[cfg(target_arch = "wasm32")]
mod js {
    pub fn letter_or_digit(c: &str) -> bool {
        js_sys::RegExp::new("^[\\p{Alphabetic}\\p{N}]$", "u").test(c)
    }

    pub fn lowercase(c: &str) -> String {
        js_sys::JsString::from(c).to_lower_case().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::marking::mark;

    #[test]
    fn records_read_back_and_refuse_corrupt_or_newer_ones() {
        let mut r =
            Record { version: 1, locked: true, saved_at: "2026-11-29T10:00:00Z".into(), ..Record::default() };
        r.predictions.insert("steps".into(), " 17".into());
        assert_eq!(parse_record(&record_json(&r)), Ok(r));
        assert!(matches!(parse_record("{not json"), Err(RecordError::Corrupt(_))));
        assert!(matches!(
            parse_record(r#"{"version": 1, "predictions": 3, "locked": false, "saved_at": ""}"#),
            Err(RecordError::Corrupt(_))
        ));
        assert_eq!(parse_record(r#"{"version": 7, "whatever": true}"#), Err(RecordError::Newer(7)));
        assert!(matches!(parse_record(r#"{"version": 0}"#), Err(RecordError::Corrupt(_))));
    }

    #[test]
    fn storage_keys_differ_per_assignment() {
        assert_ne!(storage_key("a"), storage_key("b"));
        assert_eq!(storage_key("a"), storage_key("a"));
    }

    #[test]
    fn the_report_exports_as_json_and_csv() {
        let text = r#"{"version": 1, "title": "T, \"quoted\"", "predict": ["steps", "reads"], "tolerance": {"reads": 1}}"#;
        let a = crate::formats::assignment_json::parse(text).unwrap();
        let items = a.answer_key().unwrap();
        let typed: BTreeMap<String, String> =
            [("steps".to_string(), "+17".to_string()), ("reads".to_string(), "=49".to_string())].into();
        let r = report(&a, text, &mark(&items, &typed), "2026-11-29T10:00:00Z", &[], "");
        assert_eq!((r.correct, r.total), (1, 2));
        assert_eq!(parse_report(&report_json(&r)), Ok(r.clone()));
        let zero = report_json(&Report { version: 0, ..r.clone() });
        assert!(parse_report(&zero).unwrap_err().to_string().starts_with("version: version 0"));
        assert_eq!(
            report_csv(&r),
            "id,label,predicted,actual,difference,correct,attempt,score,time\n\
             steps,trace steps,+17,17,0,yes,1,,\n\
             reads,store reads (items),'=49,50,,no,1,,\n\
             score,,,,,,1,1/2,2026-11-29T10:00:00Z\n\
             assignment,\"{\"\"version\"\": 1, \"\"title\"\": \"\"T, \\\"\"quoted\\\"\"\"\", \"\"predict\"\": [\"\"steps\"\", \"\"reads\"\"], \"\"tolerance\"\": {\"\"reads\"\": 1}}\",,,,,,,\n"
        );
    }

    #[test]
    fn every_attempt_is_in_the_report_and_old_records_still_read() {
        let text = r#"{"version": 1, "title": "T", "predict": ["steps", "reads"], "retries": 1}"#;
        let a = crate::formats::assignment_json::parse(text).unwrap();
        assert_eq!(a.retries, 1);
        let items = a.answer_key().unwrap();
        let first = Attempt {
            predictions: [("steps".to_string(), "16".to_string()), ("reads".to_string(), "50".to_string())]
                .into(),
            ended_at: "2026-11-29T09:00:00Z".into(),
        };
        let now: BTreeMap<String, String> =
            [("steps".to_string(), "17".to_string()), ("reads".to_string(), "50".to_string())].into();
        let r =
            report(&a, text, &mark(&items, &now), "2026-11-29T10:00:00Z", std::slice::from_ref(&first), "");
        assert_eq!((r.correct, r.attempts.len(), r.attempts[0].correct), (2, 1, 1));
        assert_eq!(parse_report(&report_json(&r)), Ok(r.clone()));
        assert!(report_csv(&r).contains(
            "attempt,,,,,,1,1/2,2026-11-29T09:00:00Z\n\
             reads,store reads (items),50,,,,1,,\n\
             steps,trace steps,16,,,,1,,\n"
        ));
        // A record written before retries existed reads, with no earlier attempt.
        let old =
            parse_record(r#"{"version": 1, "predictions": {}, "locked": true, "saved_at": "x"}"#).unwrap();
        assert!(old.attempts.is_empty());
        let record = Record { attempts: vec![first], ..old };
        assert_eq!(parse_record(&record_json(&record)), Ok(record));
    }

    #[test]
    fn a_report_file_is_named_for_its_assignment_and_student() {
        assert_eq!(
            file_name("Trace one request end to end", "Ada L. (s-042)", "json"),
            "lab-report-trace-one-request-end-to-end-ada-l-s-042.json"
        );
        assert_eq!(file_name("", "", "csv"), "lab-report.csv");
        // Markup, paths and dots never reach the name.
        assert_eq!(file_name("../<x>", "Zoë", "json"), "lab-report-x-zoë.json");
        // Beyond ASCII, a character at a time (a final sigma stays σ), as tests/web.rs checks the
        // browser's names too.
        assert_eq!(file_name("ΟΔΟΣ ١٢·Ⅻ", "İ", "csv"), "lab-report-οδοσ-١٢-ⅻ-i\u{307}.csv");
    }
}
