//! An assignment read for a lab whose runs hold a bounded store (the browser's): a scenario whose
//! starting state alone is past the bound is refused as it is read, at its first key too many,
//! rather than built whole, checked, and refused by its run (issue 29: a link of 5,000 keys once
//! held the page for hundreds of milliseconds before the run said it was past 1000 keys).

use super::assignment::Assignment;
use super::assignment_json::{from_document, parse, unmarked};
use super::json::{document_capped, InputError};
use std::cell::Cell;

/// Where the starting state stands in an assignment.
const INITIAL: [&str; 2] = ["scenario", "initial"];

/// Why a document is not an assignment a bounded lab plays.
#[derive(Debug, PartialEq)]
pub enum Unread {
    /// Not an assignment, as [`parse`] says.
    Input(InputError),
    /// Its scenario's starting state holds more than this many keys: its run would be stopped
    /// at its first step, past the store's limit.
    Store(usize),
}

impl From<InputError> for Unread {
    fn from(e: InputError) -> Unread {
        Unread::Input(e)
    }
}

/// A bound on the keys of one object of a document, by its path of keys from the top: the
/// reader (`json::document_capped`) stops at the object's first key past `most`, so a document
/// far past a limit costs the limit's worth of reading, not the document's.
pub(crate) struct Cap<'c> {
    path: &'c [&'c str],
    most: usize,
    /// The object's keys the reader has met, the one that stopped it included.
    met: Cell<usize>,
}

impl<'c> Cap<'c> {
    /// At most `most` keys in the object at `path`.
    pub(crate) fn new(path: &'c [&'c str], most: usize) -> Cap<'c> {
        Cap { path, most, met: Cell::new(0) }
    }

    /// The object this bound is about.
    pub(crate) fn path(&self) -> &[&str] {
        self.path
    }

    /// Counts one more key of the object: whether it is within the bound (if not, the reader
    /// stops).
    pub(crate) fn admit(&self) -> bool {
        self.met.set(self.met.get() + 1);
        self.met.get() <= self.most
    }

    /// Whether the object held more keys than the bound (the reader stopped at the first).
    pub(crate) fn passed(&self) -> bool {
        self.met.get() > self.most
    }
}

/// [`parse`], for a lab whose runs hold at most `most_keys` keys in the store.
pub fn parse_within(text: &str, most_keys: usize) -> Result<Assignment, Unread> {
    read_within(text, &Cap::new(&INITIAL, most_keys))
}

/// [`parse_within`], bounded by `cap`. The reader stops at `initial`'s first key past the
/// bound; what follows is not read. `changes` may remove keys from `initial`, so a document that
/// may give them (it names `changes`, or spells a key with an escape, which could be that name)
/// is read whole, as [`parse`] reads it, and its run says whether it fits.
fn read_within(text: &str, cap: &Cap) -> Result<Assignment, Unread> {
    let text = unmarked(text)?;
    match document_capped(text, cap)? {
        Some(doc) => Ok(from_document(&doc)?),
        None if may_change(text) => Ok(parse(text)?),
        None => Err(Unread::Store(cap.most)),
    }
}

/// Whether `text` may give `changes`: it names them, or it has an escape (with which a key
/// could spell the name). A search of the bytes, not a reading.
fn may_change(text: &str) -> bool {
    text.contains('\\') || text.contains("changes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::json::document;
    use crate::messages::EN_ASSIGNMENTS;
    use crate::model::TraceLimit;
    use crate::playback::LIMITS;

    /// An assignment whose scenario starts with `copies` copies (and one service and node), and
    /// `more` fields of its scenario after `initial`.
    fn copies(copies: usize, more: &str) -> String {
        let entries: Vec<String> = (0..copies)
            .map(|i| format!(r#""copy/c-{i}":{{"service":"c","node":"m","status":"running"}}"#))
            .collect();
        let node = r#""service/c":{"desired":1},"node/m":{"capacity":100,"health":"alive"}"#;
        format!(
            r#"{{"version":1,"title":"Keys","predict":["steps"],"scenario":{{"initial":{{{node},{}}}{more}}}}}"#,
            entries.join(",")
        )
    }

    /// What reading `text` within the browser's key limit gives, and how many of `initial`'s
    /// keys the reader met.
    fn read_counted(text: &str) -> (Result<Assignment, Unread>, usize) {
        let cap = Cap::new(&INITIAL, LIMITS.keys);
        (read_within(text, &cap), cap.met.get())
    }

    #[test]
    fn five_thousand_keys_are_refused_at_the_first_key_past_the_limit() {
        // 5,002 keys given; the reader meets 1,001 of them and stops at the last.
        let (read, met) = read_counted(&copies(5000, ""));
        assert_eq!(read.unwrap_err(), Unread::Store(LIMITS.keys));
        assert_eq!(met, LIMITS.keys + 1);
        // The refusal is the one the run gives when the document is read whole, and it names
        // the limit.
        let whole = parse(&copies(5000, "")).unwrap().answer_key_within(LIMITS).unwrap_err();
        assert_eq!(whole, TraceLimit::Keys(LIMITS.keys));
        let said = EN_ASSIGNMENTS.step_limit(&TraceLimit::Keys(LIMITS.keys));
        assert!(said.contains(&format!("past {} keys", LIMITS.keys)), "{said}");
    }

    #[test]
    fn within_the_limit_a_document_reads_as_parse_reads_it() {
        // 998 copies, a service and a node: exactly the most a run may start with.
        let text = copies(LIMITS.keys - 2, "");
        let (read, met) = read_counted(&text);
        assert_eq!(read.unwrap(), parse(&text).unwrap());
        assert_eq!(met, LIMITS.keys);
        let cap = Cap::new(&INITIAL, LIMITS.keys);
        assert_eq!(document_capped(&text, &cap).unwrap(), Some(document(&text).unwrap()));
        // One more is past it, for the reader as for the run.
        let over = copies(LIMITS.keys - 1, "");
        assert_eq!(read_counted(&over), (Err(Unread::Store(LIMITS.keys)), LIMITS.keys + 1));
        assert_eq!(parse(&over).unwrap().answer_key_within(LIMITS), Err(TraceLimit::Keys(LIMITS.keys)));
    }

    #[test]
    fn only_the_starting_state_is_bounded() {
        // Another object past the bound is not the store's starting state.
        let text = r#"{"version":1,"title":"t","predict":["steps"],"x":{"a":1,"b":2}}"#;
        let cap = Cap::new(&INITIAL, 1);
        assert_eq!(document_capped(text, &cap).unwrap(), Some(document(text).unwrap()));
        assert!(!cap.passed());
    }

    #[test]
    fn changes_that_may_remove_keys_read_the_document_whole() {
        // 1,001 keys less one removed: 1000, within the limit, and read as parse reads it.
        let text = copies(LIMITS.keys - 1, r#","changes":{"copy/c-0":null}"#);
        assert_eq!(read_counted(&text).0.unwrap(), parse(&text).unwrap());
        assert_eq!(parse(&text).unwrap().scenario.initial.len(), LIMITS.keys);
        // The same, with the name spelled with an escape.
        let escaped = copies(LIMITS.keys - 1, r#","ch\u0061nges":{"copy/c-0":null}"#);
        assert_eq!(read_counted(&escaped).0.unwrap(), parse(&text).unwrap());
    }

    #[test]
    fn a_broken_document_is_named_as_parse_names_it_up_to_where_the_reader_stops() {
        // A key given twice before the reader stops.
        let text = copies(5000, "").replace(r#""version":1"#, r#""version":1,"version":2"#);
        assert_eq!(read_counted(&text).0.unwrap_err(), Unread::Input(parse(&text).unwrap_err()));
        // Cut within the limit: not JSON.
        let short = copies(500, "");
        let cut = &short[..short.len() / 2];
        assert_eq!(read_counted(cut).0.unwrap_err(), Unread::Input(parse(cut).unwrap_err()));
        // Cut past it: the reader stops before the cut, and the document is past the limit.
        let long = copies(5000, "");
        let cut = &long[..long.len() / 2];
        assert!(parse(cut).is_err());
        assert_eq!(read_counted(cut), (Err(Unread::Store(LIMITS.keys)), LIMITS.keys + 1));
    }
}
