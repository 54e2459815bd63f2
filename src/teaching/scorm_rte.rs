//! What the assignments build tells an LMS through SCORM 1.2's run-time API (ADL, SCORM 1.2
//! Run-Time Environment: the API of section 3.3, the data model `cmi.core.*`,
//! `cmi.student_data.*` and `cmi.interactions.*` of section 3.4). Pure: the browser side
//! (`ui/lms.rs`) finds the API and makes the calls, with the element and value pairs built here.
//!
//! SCORM 1.2's API takes and returns strings only (`LMSSetValue("cmi.core.score.raw", "50")`),
//! so every value here is a string and no structured Rust value crosses to JavaScript.

use super::assignment::Answer;
use super::marking::{option_letter, parse_count, Marked};

/// The elements the lab reads (`LMSGetValue`).
pub const STUDENT_NAME: &str = "cmi.core.student_name";
/// The student's id at the LMS, when it gives no name.
pub const STUDENT_ID: &str = "cmi.core.student_id";
/// The lesson's status.
pub const LESSON_STATUS: &str = "cmi.core.lesson_status";
/// The score the LMS counts as passed (from the manifest's `adlcp:masteryscore`), 0 to 100.
pub const MASTERY_SCORE: &str = "cmi.student_data.mastery_score";
/// How many interactions the LMS holds for this session (a retry appends after them).
pub const INTERACTION_COUNT: &str = "cmi.interactions._count";

/// The longest `CMIIdentifier` and `CMIString255` (RTE, appendix A).
pub const MAX_LEN: usize = 255;

/// One `LMSSetValue` call: the element and the value.
pub type Pair = (String, String);

/// What to set once the session starts: a lesson never attempted is now incomplete (a student
/// who opens it has started it; it is completed, passed or failed at the lock).
pub fn opening(status: &str) -> Option<Pair> {
    (status == "not attempted").then(|| (LESSON_STATUS.into(), "incomplete".into()))
}

/// The name the student field starts with: the LMS's `student_name`, else its `student_id`
/// (at most 200 characters, the field's length), but only while the field is blank, so what the
/// student typed or saved is never replaced.
pub fn prefill(current: &str, name: &str, id: &str) -> Option<String> {
    if !current.trim().is_empty() {
        return None;
    }
    let given = [name.trim(), id.trim()].into_iter().find(|s| !s.is_empty())?;
    Some(given.chars().take(200).collect())
}

/// Where this attempt's interactions start: after the ones the LMS holds (`_count`; unreadable
/// or absent counts as none).
pub fn first_interaction(count: &str) -> u64 {
    parse_count(count).unwrap_or(0)
}

/// An item's interaction id (`cmi.interactions.n.id`, a `CMIIdentifier`): its page id, made of
/// ASCII letters, digits, `-` and `_` only (the RTE's "alphanumeric ... no white space or
/// unprintable characters" in its strictest reading), and already distinct among the
/// assignment's items (`writers.copy/a b` is `writers-copy-a-b`; see `set_page_ids`). No id the
/// format allows is longer than 255 characters (a key or a name is at most 200); one made
/// otherwise is cut to 255 with its place, `-N`, at the end.
pub fn interaction_id(page_id: &str, place: usize) -> String {
    if page_id.len() <= MAX_LEN {
        return page_id.to_string();
    }
    let tail = format!("-{place}");
    let kept: String = page_id.chars().take(MAX_LEN - tail.len()).collect();
    kept + &tail
}

/// `s` cut to [`MAX_LEN`] characters (`CMIString255`).
fn at_most_255(s: &str) -> String {
    s.chars().take(MAX_LEN).collect()
}

/// A mastery score as SCORM 1.2 gives it (a `CMIDecimal` from 0 to 100: `80`, `66.5`, `.5`),
/// as the least score in hundredths that reaches it (66.671 needs 66.68); none when blank, out
/// of range or anything else (then no mastery score counts). The score is compared as reported,
/// so an LMS comparing the two itself agrees.
fn mastery(text: &str) -> Option<u64> {
    let text = text.trim();
    let (whole, decimals) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && decimals.is_empty() || !digits(whole) || !digits(decimals) {
        return None;
    }
    // Too long to be a number at all is past 100 too.
    let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let d = decimals.as_bytes();
    let digit = |i: usize| d.get(i).map_or(0, |b| u64::from(b - b'0'));
    let beyond = d.iter().skip(2).any(|&b| b != b'0');
    let least = whole.checked_mul(100)? + digit(0) * 10 + digit(1) + u64::from(beyond);
    (least <= 10_000).then_some(least)
}

/// The score as SCORM 1.2 counts it (0 to 100), in hundredths, rounded half up.
fn hundredths(correct: usize, total: usize) -> u64 {
    let (correct, total) = (correct as u64, total as u64);
    (correct * 20_000 + total) / (2 * total)
}

/// Hundredths as a `CMIDecimal` without trailing zeros: `100`, `66.67`, `12.5`.
fn decimal(hundredths: u64) -> String {
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match part {
        0 => whole.to_string(),
        p if p % 10 == 0 => format!("{whole}.{}", p / 10),
        p => format!("{whole}.{p:02}"),
    }
}

/// What a locked attempt sets, in order: one interaction per item from number `first` (its id,
/// type, the response when one was given, correct or wrong, and the answer when `answers_shown`),
/// then the score (0 to 100, rounded to hundredths) and the lesson's status: `passed` or `failed`
/// against the LMS's `mastery` score when it gives a usable one, else `completed`.
///
/// The answer (`correct_responses.0.pattern`) goes only when the page shows it at this lock (the
/// assignment reveals answers and no retry is left): the LMS keeps what it is given, and some
/// show it to the student or hand it to whatever runs in the page, so it gets no more than the
/// student has seen. With `reveal: false` it never goes; the teacher has the answer key.
///
/// An assignment of no items (the format refuses one; a report could hold one) sets no score
/// and no interaction: nothing was asked, so the lesson is `completed`.
pub fn results(marked: &[Marked], mastery_score: &str, first: u64, answers_shown: bool) -> Vec<Pair> {
    let mut out: Vec<Pair> = Vec::new();
    for ((place, m), n) in marked.iter().enumerate().zip(first..) {
        let mut set = |field: &str, value: String| out.push((format!("cmi.interactions.{n}.{field}"), value));
        let numeric = matches!(m.item.answer, Answer::Number(_));
        let choice = matches!(m.item.answer, Answer::Choice(_));
        set("id", interaction_id(&m.item.page_id, place));
        set(
            "type",
            if numeric {
                "numeric"
            } else if choice {
                "choice"
            } else {
                "fill-in"
            }
            .into(),
        );
        // SCORM 1.2 names a choice's response by one letter or digit: the option's letter.
        let said = |text: String| option_letter(&m.item, &text).map_or(text, String::from);
        // A number as read (`+ 7` is 7); words as read, in the lesson's English; an option by
        // its letter; no response for a blank, nor for a number that is none (a numeric
        // response must be a decimal).
        let response = match &m.read {
            Ok(read) => Some(said(read.to_string())),
            Err(_) if numeric || m.blank() => None,
            Err(_) => Some(m.typed.trim().to_string()),
        };
        if let Some(response) = response {
            set("student_response", at_most_255(&response));
        }
        set("result", if m.correct { "correct" } else { "wrong" }.into());
        if answers_shown {
            set("correct_responses.0.pattern", at_most_255(&said(m.item.answer.to_string())));
        }
    }
    let (correct, total) = super::marking::score(marked);
    let status = if total == 0 {
        "completed"
    } else {
        let score = hundredths(correct, total);
        for (field, value) in [("raw", decimal(score)), ("min", "0".into()), ("max", "100".into())] {
            out.push((format!("cmi.core.score.{field}"), value));
        }
        match mastery(mastery_score) {
            Some(least) if score >= least => "passed",
            Some(_) => "failed",
            None => "completed",
        }
    };
    out.push((LESSON_STATUS.into(), status.into()));
    out
}

#[cfg(test)]
#[path = "scorm_rte_tests.rs"]
mod tests;
