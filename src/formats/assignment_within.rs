//! An assignment read for a lab whose runs hold a bounded store (the browser's): a scenario whose
//! starting state alone is past the bound is refused as it is read, at its first key too many,
//! rather than built whole, checked, and refused by its run (issue 29: a link of 5,000 keys once
//! held the page for hundreds of milliseconds before the run said it was past 1000 keys).

use super::assignment::Assignment;
use super::assignment_json::{from_document, parse, unmarked};
use super::json::{document_capped, Cap, InputError};

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

/// [`parse`], for a lab whose runs hold at most `most_keys` keys in the store.
pub fn parse_within(text: &str, most_keys: usize) -> Result<Assignment, Unread> {
    read_counted(text, most_keys).0
}

/// [`parse_within`], and how many of the starting state's keys the reader met (the one that
/// stopped it included): what bounds its work, at most `most_keys + 1` whatever the document.
pub fn read_counted(text: &str, most_keys: usize) -> (Result<Assignment, Unread>, usize) {
    let cap = Cap::new(&INITIAL, most_keys);
    (read_within(text, &cap), cap.met())
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
        None => Err(Unread::Store(cap.most())),
    }
}

/// Whether `text` may give `changes`: it names them, or it has an escape (with which a key
/// could spell the name). A search of the bytes, not a reading.
fn may_change(text: &str) -> bool {
    text.contains('\\') || text.contains("changes")
}
