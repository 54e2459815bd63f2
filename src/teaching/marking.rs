//! Marking what a student typed: reading a typed count or verdict the way people type them, and
//! each prediction against the model's answer, within the assignment's tolerance.

use super::assignment::{Answer, Item, ItemKind, Question};
use crate::formats::json::quoted;
use crate::messages::{fill, AssignmentMessages, Messages, EN, EN_ASSIGNMENTS};
use crate::model::{Part, Verdict};
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
    /// A whole number too large to be any count (the text is kept).
    TooLarge(String),
    /// Not one of done, half, halted, unknown.
    NotAVerdict(String),
    /// A name in an order that is not a component.
    NotAPart(String),
    /// A picked option that is none of the question's (a saved record edited by hand).
    NotAnOption(String),
}

impl EntryError {
    /// The message in `t`'s language.
    pub fn text(&self, t: &Messages, a: &AssignmentMessages) -> String {
        match self {
            EntryError::Empty => a.entry_empty.to_string(),
            EntryError::NotANumber(s) => fill(a.entry_not_a_number, &[("text", s)]),
            EntryError::Negative => a.entry_negative.to_string(),
            EntryError::TooLarge(s) => fill(a.entry_too_large, &[("text", s), ("max", &u64::MAX)]),
            EntryError::NotAVerdict(s) => {
                let verdicts = Verdict::ALL.map(|v| t.verdict(v));
                fill(a.entry_not_a_verdict, &[("text", s), ("verdicts", &verdicts.join(", "))])
            }
            EntryError::NotAPart(s) => {
                let names: Vec<&str> = Part::ALL.iter().map(|&p| t.part(p)).collect();
                fill(a.entry_not_a_part, &[("text", s), ("names", &names.join(", "))])
            }
            EntryError::NotAnOption(s) => fill(a.entry_not_an_option, &[("text", &quoted(s))]),
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
    // Only digits are left: the one way to fail is a number past the largest count.
    digits.parse().map_err(|_| EntryError::TooLarge(t.to_string()))
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

/// Reads a typed order of components: names separated by commas (or arrows), in any case, in
/// the page's language or the lesson's English; `none` (or `-`) for no component.
pub fn parse_parts(text: &str, t: &Messages) -> Result<Vec<Part>, EntryError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(EntryError::Empty);
    }
    // Case is ignored in ASCII only: Unicode case tables would cost the page 11 KB.
    if text.eq_ignore_ascii_case("none") || text == "-" {
        return Ok(Vec::new());
    }
    text.split([',', '→', '>', ';'])
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(|name| {
            Part::ALL
                .into_iter()
                .find(|&p| p.name().eq_ignore_ascii_case(name) || t.part(p).eq_ignore_ascii_case(name))
                .ok_or_else(|| EntryError::NotAPart(name.to_string()))
        })
        .collect()
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

/// Whether a prediction typed is blank: nothing but spaces. Blank is not wrong until Run: it
/// asks to be filled, and locked blank it is said as such.
pub fn blank(typed: &str) -> bool {
    typed.trim().is_empty()
}

impl Marked {
    /// Whether nothing was typed (see [`blank`]).
    pub fn blank(&self) -> bool {
        blank(&self.typed)
    }

    /// What was typed, or `none` where nothing was: how a table of predictions shows it.
    pub fn typed_or(&self, none: &str) -> String {
        if self.blank() {
            none.to_string()
        } else {
            self.typed.clone()
        }
    }
}

/// The predictions Run cannot use: typed, and not read as an answer.
pub fn unreadable(marked: &[Marked]) -> impl Iterator<Item = &Marked> {
    marked.iter().filter(|m| m.read.is_err() && !m.blank())
}

/// How many predictions are blank.
pub fn blanks(marked: &[Marked]) -> usize {
    marked.iter().filter(|m| m.blank()).count()
}

/// Reads a picked option of a choice question: one of `options`, spaces around it dropped.
pub fn parse_option(text: &str, options: &[String]) -> Result<String, EntryError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(EntryError::Empty);
    }
    options.iter().find(|o| *o == t).cloned().ok_or_else(|| EntryError::NotAnOption(t.to_string()))
}

/// The letter (`a` to `f`) of `text` among a choice item's options: how SCORM 1.2 and xAPI name
/// a choice's response and its right pattern. None for an item of another kind, or a text that
/// is no option.
pub fn option_letter(item: &Item, text: &str) -> Option<char> {
    let ItemKind::Question(Question::Choice(c)) = &item.kind else { return None };
    let place = c.options.iter().position(|o| o == text.trim())?;
    char::from_digit(place as u32 + 10, 36)
}

/// Reads what was typed (or picked) for `item` as its kind of answer.
pub fn read_entry(item: &Item, text: &str, t: &Messages) -> Result<Answer, EntryError> {
    match (&item.answer, &item.kind) {
        (Answer::Choice(_), ItemKind::Question(Question::Choice(c))) => {
            parse_option(text, &c.options).map(Answer::Choice)
        }
        // A choice answer is made for a choice question only: no options, nothing to pick.
        (Answer::Choice(_), _) => parse_option(text, &[]).map(Answer::Choice),
        (Answer::Number(_), _) => parse_count(text).map(Answer::Number),
        (Answer::Word(_), _) => parse_verdict(text).map(Answer::Word),
        (Answer::Parts(_), _) => parse_parts(text, t).map(Answer::Parts),
    }
}

/// Marks every item against what was typed for it (missing entries count as empty); component
/// names are read in English.
pub fn mark(items: &[Item], typed: &BTreeMap<String, String>) -> Vec<Marked> {
    mark_in(items, typed, &EN)
}

/// The same, component names read in `t`'s language too.
pub fn mark_in(items: &[Item], typed: &BTreeMap<String, String>, t: &Messages) -> Vec<Marked> {
    items
        .iter()
        .map(|item| {
            let text = typed.get(&item.id).cloned().unwrap_or_default();
            let read = read_entry(item, &text, t);
            let (difference, correct) = match (&read, &item.answer) {
                (Ok(Answer::Number(p)), Answer::Number(a)) => {
                    let d = *p as i128 - *a as i128;
                    (
                        Some(d.clamp(i64::MIN as i128, i64::MAX as i128) as i64),
                        d.unsigned_abs() <= u128::from(item.tolerance),
                    )
                }
                (Ok(Answer::Word(p)), Answer::Word(a)) => (None, p == a),
                (Ok(Answer::Parts(p)), Answer::Parts(a)) => (None, p == a),
                (Ok(Answer::Choice(p)), Answer::Choice(a)) => (None, p == a),
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
    fn blank_and_unreadable_predictions_are_told_apart() {
        let items = lesson_assignment("{}").answer_key().expect("items");
        let typed: BTreeMap<String, String> =
            [("steps", "17"), ("reads", "  "), ("writes", "seven")].map(|(k, v)| (k.into(), v.into())).into();
        let marked = mark(&items, &typed);
        let bad: Vec<&str> = unreadable(&marked).map(|m| m.item.id.as_str()).collect();
        assert_eq!((bad, blanks(&marked)), (vec!["writes"], 4), "reads, revision, rounds, components");
        assert_eq!((marked[0].typed_or("-"), marked[1].typed_or("-")), ("17".to_string(), "-".to_string()));
        assert!(blank(" \t") && !blank(" 0 "));
    }

    #[test]
    fn a_typed_order_of_components_is_read_and_marked_exactly() {
        use crate::model::Part::{ControllerManager, NodeAgents, Scheduler};
        let read = |s: &str| parse_parts(s, &EN);
        assert_eq!(
            read(" Controller manager, scheduler → node agents "),
            Ok(vec![ControllerManager, Scheduler, NodeAgents])
        );
        assert_eq!(read("none"), Ok(vec![]));
        assert_eq!(read(""), Err(EntryError::Empty));
        assert_eq!(read("scheduler, etcd"), Err(EntryError::NotAPart("etcd".into())));
        let a = crate::formats::assignment_json::parse(
            r#"{"version": 1, "title": "x", "ask": [{"writers": "copy/collector-4"}, {"round": 2, "count": "reads"}]}"#,
        )
        .unwrap();
        let key = a.answer_key().unwrap();
        let typed = |order: &str| {
            BTreeMap::from([
                ("writers.copy/collector-4".to_string(), order.to_string()),
                ("round.2.reads".into(), "26".into()),
            ])
        };
        let right = mark(&key, &typed("controller manager, scheduler, node agents"));
        assert_eq!(score(&right), (2, 2));
        // The same components in another order are wrong: the order is the question.
        let swapped = mark(&key, &typed("scheduler, controller manager, node agents"));
        assert_eq!(score(&swapped), (1, 2));
        assert_eq!(swapped[0].item.answer.to_string(), "controller manager, scheduler, node agents");
    }

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
            Err(EntryError::TooLarge("99999999999999999999999".into()))
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
