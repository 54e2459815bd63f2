//! What the assignments build tells an LMS through SCORM 1.2's run-time API (ADL, SCORM 1.2
//! Run-Time Environment: the API of section 3.3, the data model `cmi.core.*`,
//! `cmi.student_data.*` and `cmi.interactions.*` of section 3.4). Pure: the browser side
//! (`ui/lms.rs`) finds the API and makes the calls, with the element and value pairs built here.
//!
//! SCORM 1.2's API takes and returns strings only (`LMSSetValue("cmi.core.score.raw", "50")`),
//! so every value here is a string and no structured Rust value crosses to JavaScript.

use super::assignment::Answer;
use super::marking::{parse_count, Marked};

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

/// `id` as a `CMIIdentifier`: printable ASCII without spaces, at most 255 characters. Every
/// other character, and `%` itself, is written as `%XX` per UTF-8 byte, so two ids never clean
/// to the same text (`a b` is `a%20b`, `a_b` stays). (The RTE's wording, "alphanumeric ... no
/// white space or unprintable characters", is read as the LMSs read it, printable ASCII; the
/// item ids' dots and slashes stay readable in the LMS's reports.)
fn identifier(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for c in id.chars() {
        if c.is_ascii_graphic() && c != '%' {
            out.push(c);
        } else {
            let mut bytes = [0; 4];
            for b in c.encode_utf8(&mut bytes).bytes() {
                out.push('%');
                out.push(char::from(b"0123456789ABCDEF"[usize::from(b >> 4)]));
                out.push(char::from(b"0123456789ABCDEF"[usize::from(b & 15)]));
            }
        }
    }
    out
}

/// The interaction id of each item: its id as a [`identifier`]; one longer than 255 characters,
/// or taken by an earlier item, is cut (see [`cut_at`]) and gets `~` and its place, so
/// each is valid and distinct.
pub fn interaction_ids(ids: &[&str]) -> Vec<String> {
    let clean: Vec<String> = ids.iter().map(|id| identifier(id)).collect();
    // Every plain id is kept for its item: an id made for another must not take it. Inserted
    // one by one (collecting sorts, a sort the page has no other use for).
    let mut taken = std::collections::BTreeSet::new();
    for id in clean.iter().filter(|id| id.len() <= MAX_LEN) {
        taken.insert(id.clone());
    }
    let mut first = std::collections::BTreeSet::new();
    let mut out = Vec::with_capacity(ids.len());
    for (place, id) in clean.iter().enumerate() {
        if id.len() <= MAX_LEN && first.insert(id.as_str()) {
            out.push(id.clone());
            continue;
        }
        let mut n = 1;
        let made = loop {
            let tail = if n == 1 { format!("~{place}") } else { format!("~{place}~{n}") };
            let made = format!("{}{tail}", cut_at(id, MAX_LEN.saturating_sub(tail.len())));
            if !taken.contains(&made) {
                break made;
            }
            n += 1;
        };
        taken.insert(made.clone());
        out.push(made);
    }
    out
}

/// A cleaned id cut to at most `max` characters, never inside a `%XX` nor between the bytes of
/// one character (a byte from `%80` to `%BF` continues one).
fn cut_at(id: &str, max: usize) -> &str {
    let mut cut = max.min(id.len());
    while let Some(p) = id[..cut].rfind('%') {
        let inside = p + 3 > cut;
        let continues = id[cut..].starts_with('%')
            && matches!(id.as_bytes().get(cut + 1), Some(b'8' | b'9' | b'A' | b'B'));
        if !inside && !continues {
            break;
        }
        cut = p;
    }
    &id[..cut]
}

/// `s` cut to [`MAX_LEN`] characters (`CMIString255`).
fn at_most_255(s: &str) -> String {
    s.chars().take(MAX_LEN).collect()
}

/// A mastery score as SCORM 1.2 gives it (a `CMIDecimal` from 0 to 100: `80`, `66.5`, `.5`),
/// as its whole part (no leading zeros) and its decimals (no trailing zeros); none when blank,
/// out of range or anything else (then no mastery score counts).
fn mastery(text: &str) -> Option<(String, String)> {
    let (whole, decimals) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && decimals.is_empty() || !digits(whole) || !digits(decimals) {
        return None;
    }
    let (whole, decimals) = (whole.trim_start_matches('0'), decimals.trim_end_matches('0'));
    let over_100 = whole.len() > 3 || whole.len() == 3 && (whole > "100" || !decimals.is_empty());
    (!over_100).then(|| (whole.to_string(), decimals.to_string()))
}

/// Whether a score in hundredths (0 to 10000) reaches `mastery`, compared as exact decimals,
/// digit by digit: the score as reported, so the LMS, comparing the two itself, agrees.
fn reaches(hundredths: u64, (whole, decimals): &(String, String)) -> bool {
    let own_whole = (hundredths / 100).to_string();
    let own_whole = if own_whole == "0" { "" } else { own_whole.as_str() };
    if own_whole.len() != whole.len() {
        return own_whole.len() > whole.len();
    }
    if own_whole != whole {
        return own_whole > whole.as_str();
    }
    let own = format!("{:02}", hundredths % 100);
    let width = decimals.len().max(2);
    format!("{own:0<width$}") >= format!("{decimals:0<width$}")
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
    let ids: Vec<&str> = marked.iter().map(|m| m.item.id.as_str()).collect();
    let mut out: Vec<Pair> = Vec::new();
    for ((m, id), n) in marked.iter().zip(interaction_ids(&ids)).zip(first..) {
        let mut set = |field: &str, value: String| out.push((format!("cmi.interactions.{n}.{field}"), value));
        let numeric = matches!(m.item.answer, Answer::Number(_));
        set("id", id);
        set("type", if numeric { "numeric" } else { "fill-in" }.into());
        // A number as read (`+ 7` is 7); words as read, in the lesson's English; no response
        // for a blank, nor for a number that is none (a numeric response must be a decimal).
        let response = match &m.read {
            Ok(read) => Some(read.to_string()),
            Err(_) if numeric || m.typed.trim().is_empty() => None,
            Err(_) => Some(m.typed.trim().to_string()),
        };
        if let Some(response) = response {
            set("student_response", at_most_255(&response));
        }
        set("result", if m.correct { "correct" } else { "wrong" }.into());
        if answers_shown {
            set("correct_responses.0.pattern", at_most_255(&m.item.answer.to_string()));
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
            Some(m) if reaches(score, &m) => "passed",
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
