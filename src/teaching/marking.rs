//! Marking what a student typed: reading a typed count or verdict the way people type them, and
//! each prediction against the model's answer, within the assignment's tolerance.

use super::assignment::{Answer, Item};
use crate::messages::{fill, AssignmentMessages, Messages, EN, EN_ASSIGNMENTS};
use crate::model::Verdict;
use std::collections::BTreeMap;
use std::fmt;

/// Why a typed prediction is not a usable answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// Nothing typed.
    Empty,
    /// Not a whole number (the text is kept).
    NotANumber(String),
    /// Below zero.
    Negative,
    /// Not one of done, half, halted, unknown.
    NotAVerdict(String),
}

impl EntryError {
    /// The message in `t`'s language.
    pub fn text(&self, t: &Messages, a: &AssignmentMessages) -> String {
        match self {
            EntryError::Empty => a.entry_empty.to_string(),
            EntryError::NotANumber(s) => fill(a.entry_not_a_number, &[("text", s)]),
            EntryError::Negative => a.entry_negative.to_string(),
            EntryError::NotAVerdict(s) => {
                let verdicts =
                    [Verdict::Done, Verdict::Half, Verdict::Halted, Verdict::Unknown].map(|v| t.verdict(v));
                fill(a.entry_not_a_verdict, &[("text", s), ("verdicts", &verdicts.join(", "))])
            }
        }
    }
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN, &EN_ASSIGNMENTS))
    }
}

/// Reads a typed count the way people type it: spaces around it and a leading `+` are fine.
pub fn parse_count(text: &str) -> Result<u64, EntryError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(EntryError::Empty);
    }
    let digits = t.strip_prefix('+').unwrap_or(t).trim_start();
    if let Some(rest) = digits.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(EntryError::Negative);
        }
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(EntryError::NotANumber(t.to_string()));
    }
    digits.parse().map_err(|_| EntryError::NotANumber(t.to_string()))
}

/// Reads a typed verdict, in any case, with spaces around it.
pub fn parse_verdict(text: &str) -> Result<Verdict, EntryError> {
    let t = text.trim();
    match t.to_ascii_lowercase().as_str() {
        "" => Err(EntryError::Empty),
        "done" => Ok(Verdict::Done),
        "half" => Ok(Verdict::Half),
        "halted" => Ok(Verdict::Halted),
        "unknown" => Ok(Verdict::Unknown),
        _ => Err(EntryError::NotAVerdict(t.to_string())),
    }
}

/// One prediction against its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marked {
    /// The item.
    pub item: Item,
    /// What the student typed.
    pub typed: String,
    /// The typed value read as an answer, or why it could not be.
    pub read: Result<Answer, EntryError>,
    /// Predicted minus actual, for numbers.
    pub difference: Option<i64>,
    /// Within tolerance (numbers) or equal (words).
    pub correct: bool,
}

/// Marks every item against what was typed for it (missing entries count as empty).
pub fn mark(items: &[Item], typed: &BTreeMap<String, String>) -> Vec<Marked> {
    items
        .iter()
        .map(|item| {
            let text = typed.get(&item.id).cloned().unwrap_or_default();
            let read = match item.answer {
                Answer::Number(_) => parse_count(&text).map(Answer::Number),
                Answer::Word(_) => parse_verdict(&text).map(Answer::Word),
            };
            let (difference, correct) = match (&read, &item.answer) {
                (Ok(Answer::Number(p)), Answer::Number(a)) => {
                    let d = *p as i128 - *a as i128;
                    (
                        Some(d.clamp(i64::MIN as i128, i64::MAX as i128) as i64),
                        d.unsigned_abs() <= u128::from(item.tolerance),
                    )
                }
                (Ok(Answer::Word(p)), Answer::Word(a)) => (None, p == a),
                _ => (None, false),
            };
            Marked { item: item.clone(), typed: text, read, difference, correct }
        })
        .collect()
}

/// Correct answers out of all items.
pub fn score(marked: &[Marked]) -> (usize, usize) {
    (marked.iter().filter(|m| m.correct).count(), marked.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::assignment::tests::lesson_assignment;

    #[test]
    fn typed_counts_are_read_as_people_type_them() {
        assert_eq!(parse_count(" 17 "), Ok(17));
        assert_eq!(parse_count("+50"), Ok(50));
        assert_eq!(parse_count("+ 7"), Ok(7));
        assert_eq!(parse_count(""), Err(EntryError::Empty));
        assert_eq!(parse_count("   "), Err(EntryError::Empty));
        assert_eq!(parse_count("-3"), Err(EntryError::Negative));
        assert_eq!(parse_count("3.5"), Err(EntryError::NotANumber("3.5".into())));
        assert_eq!(parse_count("seven"), Err(EntryError::NotANumber("seven".into())));
        assert_eq!(parse_count("1e3"), Err(EntryError::NotANumber("1e3".into())));
        assert_eq!(
            parse_count("99999999999999999999999"),
            Err(EntryError::NotANumber("99999999999999999999999".into()))
        );
        assert_eq!(parse_verdict(" Halted "), Ok(Verdict::Halted));
        assert_eq!(parse_verdict("stopped"), Err(EntryError::NotAVerdict("stopped".into())));
    }

    #[test]
    fn scoring_counts_within_tolerance_and_never_counts_a_non_number() {
        let key = lesson_assignment(r#"{"reads": 3}"#).answer_key().unwrap();
        let typed: BTreeMap<String, String> =
            [("steps", "17"), ("reads", " 47"), ("writes", "+8"), ("revision", "seven"), ("rounds", "2")]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
        let marked = mark(&key, &typed);
        assert_eq!(score(&marked), (3, 6));
        assert_eq!(marked[1].difference, Some(-3));
        assert!(marked[1].correct, "3 off with tolerance 3");
        assert_eq!((marked[2].difference, marked[2].correct), (Some(1), false));
        assert_eq!(marked[3].read, Err(EntryError::NotANumber("seven".into())));
        assert_eq!(marked[5].read, Err(EntryError::Empty));
    }
}
