//! When two report files are one report (the class review counts it once): the lab exports one
//! attempt as JSON and as CSV, and a student may hand in both, or the same file twice. Decided
//! from what both formats carry, never from a file's name.

use super::report::Report;
use std::collections::BTreeMap;

/// Whether `x` and `y` are the same report, in any of the lab's formats: the same assignment
/// document, the same student, the same predictions item by item, and the same earlier attempts
/// (each one's predictions and the time it was started over).
///
/// Left out, because the two exports of one attempt differ there or because the review
/// recomputes it: the report's `time` (the lab stamps each export when it is made, so the JSON
/// and the CSV of one attempt carry two times), the claimed marks and scores, the labels and
/// answers (the assignment's), and the title (the CSV has none of its own). A report whose
/// student is blank is never the same as another: nothing then says that two files with the same
/// answers are one student's and not two students' who typed alike. Two attempts differ by their
/// history (a retry adds an earlier attempt with its time) or by what was typed; two attempts
/// that agree in all of it are one report, whichever was exported.
pub fn same_report(x: &Report, y: &Report) -> bool {
    !x.student.trim().is_empty()
        && x.student == y.student
        && document(&x.assignment) == document(&y.assignment)
        && typed(x) == typed(y)
        && history(x) == history(y)
}

/// What was typed in the report's attempt, item by item.
fn typed(r: &Report) -> Vec<(&str, &str)> {
    r.lines.iter().map(|l| (l.id.as_str(), l.predicted.as_str())).collect()
}

/// The earlier attempts: what each had typed, and when it was started over.
fn history(r: &Report) -> Vec<(&BTreeMap<String, String>, &str)> {
    r.attempts.iter().map(|a| (&a.predictions, a.ended_at.as_str())).collect()
}

/// An assignment document as carried, its line ends made one kind: a spreadsheet that saves the
/// CSV writes the line breaks inside its `assignment` cell as CRLF.
fn document(text: &str) -> String {
    text.replace("\r\n", "\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::assignment_json;
    use crate::teaching::marking::mark;
    use crate::teaching::report::{parse_report, report, report_json, Attempt};
    use crate::teaching::report_csv::{parse_report_csv, report_csv};

    const TEXT: &str =
        "{\"version\": 1,\n \"title\": \"T\", \"predict\": [\"steps\", \"reads\"], \"retries\": 2}";

    fn typed_as(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    /// The report the lab exports at `time` of `now` typed, after `earlier`, by `student`.
    fn made(now: &[(&str, &str)], earlier: &[Attempt], student: &str, time: &str) -> Report {
        let a = assignment_json::parse(TEXT).unwrap();
        let items = a.answer_key().unwrap();
        report(&a, TEXT, &mark(&items, &typed_as(now)), time, earlier, student)
    }

    #[test]
    fn one_attempts_json_and_csv_are_one_report_exported_at_two_times() {
        let first = Attempt {
            predictions: typed_as(&[("steps", "12")]),
            ended_at: "2026-12-01T08:59:00.120Z".into(),
        };
        let now = [("steps", "17"), ("reads", "=1")];
        let earlier = [first];
        let json =
            parse_report(&report_json(&made(&now, &earlier, "Ana", "2026-12-01T09:00:00.512Z"))).unwrap();
        let csv = report_csv(&made(&now, &earlier, "Ana", "2026-12-01T09:00:07.033Z"));
        assert!(same_report(&json, &parse_report_csv(&csv).unwrap()));
        // As a spreadsheet saves it: CRLF everywhere, the assignment's own line breaks too.
        let saved = parse_report_csv(&format!("\u{feff}{}", csv.replace('\n', "\r\n"))).unwrap();
        assert!(saved.assignment.contains("\r\n"));
        assert!(same_report(&json, &saved));
        // The same file twice is one report; a claim edited in one is still the same report.
        let mut edited = json.clone();
        (edited.correct, edited.total) = (2, 2);
        assert!(same_report(&json, &json) && same_report(&json, &edited));
    }

    #[test]
    fn two_students_or_two_attempts_are_never_one_report() {
        let now = [("steps", "17"), ("reads", "50")];
        let ana = made(&now, &[], "Ana", "t");
        // Another student who typed the same; a blank student, even against itself.
        assert!(!same_report(&ana, &made(&now, &[], "Ben", "t")));
        let nobody = made(&now, &[], " ", "t");
        assert!(!same_report(&nobody, &nobody.clone()));
        // Another prediction, or another history: a retry's attempt, or one ended at another time.
        assert!(!same_report(&ana, &made(&[("steps", "17"), ("reads", "51")], &[], "Ana", "t")));
        let retry = |at: &str| Attempt { predictions: typed_as(&now), ended_at: at.into() };
        let retried = made(&now, &[retry("08:00")], "Ana", "t");
        assert!(!same_report(&ana, &retried));
        assert!(!same_report(&retried, &made(&now, &[retry("08:01")], "Ana", "t")));
        // Another assignment document.
        let mut other = ana.clone();
        other.assignment = TEXT.replace("\"T\"", "\"U\"");
        assert!(!same_report(&ana, &other));
    }
}
