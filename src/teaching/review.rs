//! Reviewing a lab report: a file says what it likes about its score, so nothing it claims is
//! shown as a result. The marks and the score are recomputed from the predictions it holds and
//! the assignment it carries, with the same answer key and marking the lab itself uses; where
//! the file claims otherwise, the review says so.

use super::assignment::{Assignment, Item};
use super::marking::{mark_in, score, Marked};
use super::report::{parse_report, parse_report_csv, Report};
use super::report_csv::HEADER;
use crate::formats::{assignment_json, InputError};
use crate::messages::{fill, AssignmentMessages, Messages, Problem};
use crate::model::{Limits, TraceLimit};
use std::collections::BTreeMap;
use std::fmt;

/// The largest report file read, in bytes. A report the lab writes is far smaller: it carries an
/// assignment (at most [`MAX_ASSIGNMENT_BYTES`] in the lab) twice at worst once escaped, and at
/// most 21 attempts of about a hundred predictions. A larger file is refused unread, since
/// reading a forged 30 MB one froze the page for 23 s.
pub const MAX_REPORT_BYTES: usize = 4 << 20;

/// The largest assignment the lab in a browser takes, in bytes (the CLI takes more): every
/// assignment whose run the browser can play is far smaller, and so its reports stay readable.
pub const MAX_ASSIGNMENT_BYTES: usize = 1 << 20;

/// The refusal of a file over [`MAX_REPORT_BYTES`], naming the limit.
pub fn too_large() -> InputError {
    let mib = MAX_REPORT_BYTES >> 20;
    InputError { path: String::new(), problem: Problem::of(|a| a.e_report_too_large).with("mib", mib) }
}

/// Reads a report file, the lab's JSON export or its CSV export, refusing one larger than any
/// report the lab writes before reading it at all.
pub fn read_report(text: &str) -> Result<Report, InputError> {
    if text.len() > MAX_REPORT_BYTES {
        return Err(too_large());
    }
    let start = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    if start.starts_with('{') {
        parse_report(text)
    } else if start.starts_with("id") || start.starts_with("\"id") {
        parse_report_csv(text)
    } else {
        // Neither of the lab's two: named as such, not told its CSV header is wrong (a JSON
        // file that is a list, a binary file).
        Err(InputError {
            path: String::new(),
            problem: Problem::of(|a| a.e_report_neither).with("header", HEADER),
        })
    }
}

/// Why a report cannot be reviewed, once read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The assignment it carries is not a usable assignment.
    Assignment(InputError),
    /// The assignment's answer key cannot be worked out within the limits given.
    Key(TraceLimit),
}

impl ReviewError {
    /// The message in `a`'s language.
    pub fn text(&self, a: &AssignmentMessages) -> String {
        match self {
            ReviewError::Assignment(e) => fill(a.review_bad_assignment, &[("why", &e.text(a))]),
            ReviewError::Key(limit) => fill(a.review_no_key, &[("why", &a.step_limit(limit))]),
        }
    }
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&crate::messages::EN_ASSIGNMENTS))
    }
}

impl std::error::Error for ReviewError {}

/// One item of a reviewed attempt: the recomputed mark, and the file's claim where it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewLine {
    /// The prediction marked against the answer key.
    pub marked: Marked,
    /// Whether the file says it was right (none: the file has no line for the item).
    pub claimed: Option<bool>,
}

/// A reviewed attempt: its predictions marked anew, its recomputed score beside the claimed one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewedAttempt {
    /// Each item the assignment asks, in its order.
    pub lines: Vec<ReviewLine>,
    /// Correct answers and items, recomputed.
    pub score: (usize, usize),
    /// Correct answers and items, as the file says.
    pub claimed: (usize, usize),
    /// When it was started over (the last attempt: when the report was made).
    pub time: String,
}

impl ReviewedAttempt {
    fn of(items: &[Item], typed: &BTreeMap<String, String>, t: &Messages) -> ReviewedAttempt {
        let lines: Vec<ReviewLine> =
            mark_in(items, typed, t).into_iter().map(|marked| ReviewLine { marked, claimed: None }).collect();
        let marked: Vec<Marked> = lines.iter().map(|l| l.marked.clone()).collect();
        ReviewedAttempt { score: score(&marked), lines, claimed: (0, 0), time: String::new() }
    }

    /// Whether the file claims another score, or another mark for an item, than recomputed.
    pub fn claims_differ(&self) -> bool {
        self.claimed != self.score
            || self.lines.iter().any(|l| l.claimed.is_some_and(|c| c != l.marked.correct))
    }
}

/// A report reviewed: what the lab makes of it, not what it says of itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The assignment the report carries.
    pub assignment: Assignment,
    /// The attempt the report was made for.
    pub last: ReviewedAttempt,
    /// The attempts started over before it, oldest first.
    pub earlier: Vec<ReviewedAttempt>,
    /// Ids of lines in the file that the assignment does not ask (left out of the marks).
    pub unasked: Vec<String>,
}

/// Reviews a report: parses the assignment it carries, works out its answer key within `limits`
/// (the answer-key code the lab runs), and marks the report's predictions and each earlier
/// attempt's against it, component names read in English and in `t`'s language.
pub fn review(report: &Report, limits: Limits, t: &Messages) -> Result<Review, ReviewError> {
    let assignment = assignment_json::parse(&report.assignment).map_err(ReviewError::Assignment)?;
    let items = assignment.answer_key_within(limits).map_err(ReviewError::Key)?;
    // The first line for an item counts: a forged file may repeat one.
    let mut typed = BTreeMap::new();
    for l in &report.lines {
        typed.entry(l.id.clone()).or_insert_with(|| l.predicted.clone());
    }
    let mut last = ReviewedAttempt::of(&items, &typed, t);
    for line in &mut last.lines {
        line.claimed = report.lines.iter().find(|l| l.id == line.marked.item.id).map(|l| l.correct);
    }
    last.claimed = (report.correct, report.total);
    last.time = report.time.clone();
    let earlier = report
        .attempts
        .iter()
        .map(|a| ReviewedAttempt {
            claimed: (a.correct, a.total),
            time: a.ended_at.clone(),
            ..ReviewedAttempt::of(&items, &a.predictions, t)
        })
        .collect();
    let unasked =
        report.lines.iter().filter(|l| !items.iter().any(|i| i.id == l.id)).map(|l| l.id.clone()).collect();
    Ok(Review { assignment, last, earlier, unasked })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::EN;
    use crate::teaching::marking::mark;
    use crate::teaching::report::{report, report_csv, report_json, Attempt};

    const TEXT: &str = r#"{"version": 1, "title": "Trace", "predict": ["steps", "reads", "writes", "revision", "rounds", "components"], "retries": 1}"#;

    fn typed(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    /// A report the lab made: two right of six now, after a first attempt with one right.
    fn made() -> Report {
        let a = assignment_json::parse(TEXT).unwrap();
        let items = a.answer_key().unwrap();
        let first =
            Attempt { predictions: typed(&[("steps", "17")]), ended_at: "2026-11-29T09:00:00Z".into() };
        let now = typed(&[("steps", "3"), ("reads", "50"), ("writes", "7")]);
        report(&a, TEXT, &mark(&items, &now), "2026-11-29T10:00:00Z", &[first], "")
    }

    #[test]
    fn a_forged_score_and_forged_marks_are_recomputed_and_called_out() {
        let honest = review(&made(), Limits::MODEL, &EN).unwrap();
        assert_eq!((honest.last.score, honest.last.claims_differ()), ((2, 6), false));
        assert_eq!(honest.earlier[0].score, (1, 6));
        assert!(!honest.earlier[0].claims_differ());
        // The forger sets every mark right and the score to 6 / 6, then to 999 / 1.
        let mut forged = made();
        forged.lines.iter_mut().for_each(|l| l.correct = true);
        (forged.correct, forged.total) = (6, 6);
        forged.attempts[0].correct = 6;
        let r = review(&forged, Limits::MODEL, &EN).unwrap();
        assert_eq!((r.last.score, r.last.claimed), ((2, 6), (6, 6)));
        let steps = &r.last.lines[0];
        assert_eq!((steps.marked.typed.as_str(), steps.marked.item.answer.to_string()), ("3", "17".into()));
        assert_eq!((steps.marked.correct, steps.claimed), (false, Some(true)));
        assert!(r.last.claims_differ() && r.earlier[0].claims_differ());
        (forged.correct, forged.total) = (999, 1);
        let r = review(&forged, Limits::MODEL, &EN).unwrap();
        assert_eq!((r.last.score, r.last.claimed), ((2, 6), (999, 1)));
    }

    #[test]
    fn lines_the_assignment_does_not_ask_are_left_out_and_missing_ones_are_blank() {
        let mut forged = made();
        forged.lines.retain(|l| l.id != "steps");
        forged.lines[0].id = "bonus".into();
        let r = review(&forged, Limits::MODEL, &EN).unwrap();
        assert_eq!(r.unasked, ["bonus"]);
        assert_eq!(r.last.lines.len(), 6);
        assert_eq!((r.last.lines[0].marked.typed.as_str(), r.last.lines[0].claimed), ("", None));
    }

    #[test]
    fn a_file_neither_json_nor_the_labs_csv_is_named_so() {
        for text in ["[[[[", "\u{0}\u{1}PK\u{3}", "  [{\"version\": 1}]"] {
            assert_eq!(
                read_report(text).unwrap_err().to_string(),
                "not a lab report: the lab writes its report as a JSON object, or as CSV whose first line is id,label,predicted,actual,difference,correct,attempt,score,time"
            );
        }
        assert!(read_report("id,x\n")
            .unwrap_err()
            .to_string()
            .contains("the first line must be the lab's header"));
    }

    #[test]
    fn the_csv_export_reviews_exactly_like_the_json() {
        let r = made();
        let from_json = review(&read_report(&report_json(&r)).unwrap(), Limits::MODEL, &EN).unwrap();
        let from_csv = review(&read_report(&report_csv(&r)).unwrap(), Limits::MODEL, &EN).unwrap();
        assert_eq!(from_csv, from_json);
    }

    #[test]
    fn a_file_larger_than_any_report_is_refused_unread_naming_the_limit() {
        let huge = format!("{{\"version\": 1, \"lines\": [{}]}}", " ".repeat(30 << 20));
        let started = std::time::Instant::now();
        let err = read_report(&huge).unwrap_err();
        assert!(started.elapsed().as_millis() < 50);
        assert_eq!(
            err.to_string(),
            "the file is larger than 4 MiB, more than any lab report; it was not read"
        );
        // A report the lab makes of the largest assignment it takes stays within the limit.
        let a = assignment_json::parse(TEXT).unwrap();
        let padded = format!("{TEXT}{}", "\n".repeat(MAX_ASSIGNMENT_BYTES - TEXT.len()));
        let items = a.answer_key().unwrap();
        let long = typed(&[("steps", &"\"".repeat(200))]);
        let earlier = vec![Attempt { predictions: long.clone(), ended_at: "x".into() }; 20];
        let r = report(&a, &padded, &mark(&items, &long), "x", &earlier, "");
        assert!(report_json(&r).len() < MAX_REPORT_BYTES && report_csv(&r).len() < MAX_REPORT_BYTES);
    }

    #[test]
    fn a_report_whose_assignment_is_unusable_or_too_heavy_says_why() {
        let mut r = made();
        r.assignment = r#"{"version": 1, "title": "x", "predict": ["stepz"]}"#.into();
        let err = review(&r, Limits::MODEL, &EN).unwrap_err();
        assert!(err.to_string().contains("predict[0]: unknown quantity \"stepz\""), "{err}");
        r.assignment = TEXT.into();
        let tiny = Limits { steps: 3, ..Limits::MODEL };
        assert!(matches!(review(&r, tiny, &EN), Err(ReviewError::Key(_))));
    }
}
