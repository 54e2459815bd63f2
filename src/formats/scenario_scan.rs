//! The scenario format's quickest path, for the CLI: a document of the plainest shape is read by
//! hand, byte by byte, into the same [`Doc`] the typed path (`scenario_fast`) makes. The measured
//! reason: a scaled scenario (11,050 entries, 800 KB) took 24 of `cplab run`'s 92 million
//! instructions in serde's machinery for `initial`, about 2,000 an entry; read here, about 600.
//!
//! It takes only what it is sure of: keys and strings with no escape, counts written as plain
//! digits, each value's fields exactly once, no key twice. Anything else (an escape, `3.0`, a
//! field unknown or missing, a key given twice, broken JSON) gives None, and the typed path, then
//! the checking path, read the document as before; so every document reads as it always has.
//! The fields besides `initial` are cut out whole and read by serde_json as the typed path reads
//! them. Native only: the pages keep the typed path alone, and no byte of this.

use super::json::Checked;
use super::limits::{MAX_COUNT, MAX_ENTRIES};
use super::scenario_fast::Doc;
use crate::model::{CopyRecord, Health, Node, Prefix, Service, Status, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use serde::de::DeserializeSeed;
use serde_json::Map;
use std::cell::RefCell;
use std::rc::Rc;

/// Deeper than this, a field besides `initial` is left to the typed path (serde_json's own
/// bound on nesting, 128, is counted over the whole document, this over the field).
const MAX_DEPTH: usize = 100;

/// The document in `text`, if it has the plainest shape; None sends the caller to the typed path.
pub(super) fn parse(text: &str) -> Option<Doc> {
    let mut s = Scan { text, at: 0 };
    let mut doc = Doc { initial: None, rest: Map::new() };
    s.expect(b'{')?;
    if !s.eat(b'}') {
        loop {
            let key = s.string()?;
            s.expect(b':')?;
            if doc.rest.contains_key(key) || (key == "initial" && doc.initial.is_some()) {
                return None;
            }
            if key == "initial" {
                doc.initial = Some(initial(&mut s)?);
            } else {
                let value = s.value_text()?;
                let repeated = RefCell::new(None);
                let mut de = serde_json::Deserializer::from_str(value);
                let json = Checked::root(&repeated).deserialize(&mut de).and_then(|v| de.end().map(|()| v));
                doc.rest.insert(key.to_string(), json.ok()?);
            }
            if !s.eat(b',') {
                break;
            }
        }
        s.expect(b'}')?;
    }
    s.skip_space();
    (s.at == text.len()).then_some(doc)
}

/// The entries of `initial`, in order, their service and node names shared.
fn initial(s: &mut Scan) -> Option<Vec<(Rc<str>, Value)>> {
    let mut entries: Vec<(Rc<str>, Value)> = Vec::new();
    let mut names: FxHashMap<&str, Rc<str>> = FxHashMap::default();
    let mut last = None;
    s.expect(b'{')?;
    if s.eat(b'}') {
        return Some(entries);
    }
    loop {
        let key = s.string()?;
        s.expect(b':')?;
        let value = match Prefix::of_key(key)? {
            Prefix::Service => Value::Service(Service { desired: service(s)? }),
            Prefix::Copy => Value::Copy(copy(s, &mut names, &mut last)?),
            Prefix::Node => Value::Node(node(s)?),
        };
        if entries.len() == MAX_ENTRIES {
            return None;
        }
        entries.push((Rc::from(key), value));
        if !s.eat(b',') {
            break;
        }
    }
    s.expect(b'}')?;
    let mut seen: FxHashSet<&str> = FxHashSet::with_capacity_and_hasher(entries.len(), Default::default());
    entries.iter().all(|(k, _)| seen.insert(k)).then_some(entries)
}

/// `{"desired": N}`.
fn service(s: &mut Scan) -> Option<u32> {
    s.expect(b'{')?;
    (s.string()? == "desired").then_some(())?;
    s.expect(b':')?;
    let desired = s.count()?;
    s.expect(b'}')?;
    Some(desired)
}

/// `{"service": S, "node": N or null, "status": T}`, in any order. `last`: the service the
/// copy before named, shared without a look-up (copies of a service mostly stand together).
fn copy<'t>(
    s: &mut Scan<'t>,
    names: &mut FxHashMap<&'t str, Rc<str>>,
    last: &mut Option<(&'t str, Rc<str>)>,
) -> Option<CopyRecord> {
    let (mut service, mut node, mut status) = (None, None, None);
    s.expect(b'{')?;
    for i in 0..3 {
        if i > 0 {
            s.expect(b',')?;
        }
        let field = s.string()?;
        s.expect(b':')?;
        match field {
            "service" if service.is_none() => service = Some(s.string()?),
            "node" if node.is_none() => {
                node = Some(if s.eat_word("null") { None } else { Some(s.string()?) })
            }
            "status" if status.is_none() => status = Some(status_of(s.string()?)?),
            _ => return None,
        }
    }
    s.expect(b'}')?;
    let mut intern = |name: &'t str| names.entry(name).or_insert_with(|| Rc::from(name)).clone();
    let node = node?.map(&mut intern);
    let service = match (service?, last.as_ref()) {
        (name, Some((same, shared))) if *same == name => shared.clone(),
        (name, _) => {
            let shared = intern(name);
            *last = Some((name, shared.clone()));
            shared
        }
    };
    Some(CopyRecord { service, node, status: status? })
}

/// `{"capacity": N, "health": H}`, in either order.
fn node(s: &mut Scan) -> Option<Node> {
    let (mut capacity, mut health) = (None, None);
    s.expect(b'{')?;
    for i in 0..2 {
        if i > 0 {
            s.expect(b',')?;
        }
        let field = s.string()?;
        s.expect(b':')?;
        match field {
            "capacity" if capacity.is_none() => capacity = Some(s.count()?),
            "health" if health.is_none() => {
                health = Some(match s.string()? {
                    "alive" => Health::Alive,
                    "dead" => Health::Dead,
                    _ => return None,
                })
            }
            _ => return None,
        }
    }
    s.expect(b'}')?;
    Some(Node { capacity: capacity?, health: health? })
}

fn status_of(word: &str) -> Option<Status> {
    match word {
        "pending" => Some(Status::Pending),
        "running" => Some(Status::Running),
        "dead" => Some(Status::Dead),
        _ => None,
    }
}

/// A place in the text being read.
struct Scan<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Scan<'t> {
    fn bytes(&self) -> &'t [u8] {
        self.text.as_bytes()
    }

    /// Skips JSON's whitespace.
    fn skip_space(&mut self) {
        while matches!(self.bytes().get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Takes `b` after any whitespace, if it is next.
    fn eat(&mut self, b: u8) -> bool {
        self.skip_space();
        let next = self.bytes().get(self.at) == Some(&b);
        self.at += usize::from(next);
        next
    }

    fn expect(&mut self, b: u8) -> Option<()> {
        self.eat(b).then_some(())
    }

    /// Takes `word` (a literal such as `null`) after any whitespace, if it is next and whole.
    fn eat_word(&mut self, word: &str) -> bool {
        self.skip_space();
        let rest = &self.bytes()[self.at..];
        let whole = rest.starts_with(word.as_bytes())
            && !rest.get(word.len()).is_some_and(|b| b.is_ascii_alphanumeric());
        self.at += if whole { word.len() } else { 0 };
        whole
    }

    /// A string with no escape and no control character, as it stands in the text. Its end is
    /// looked for eight bytes at a time ([`stops`]): byte by byte, the strings of a scaled
    /// scenario cost ten of its 88 million instructions.
    fn string(&mut self) -> Option<&'t str> {
        self.expect(b'"')?;
        let bytes = self.bytes();
        let from = self.at;
        let stop = |b: u8| b == b'"' || b == b'\\' || b < 0x20;
        let mut end = from;
        loop {
            match bytes.get(end..end + 8).and_then(|w| w.try_into().ok()).map(u64::from_le_bytes) {
                Some(word) if stops(word) == 0 => end += 8,
                Some(word) => end += stops(word).trailing_zeros() as usize / 8,
                None => end += bytes[end..].iter().position(|&b| stop(b))?,
            }
            if bytes.get(end).is_some_and(|&b| stop(b)) {
                break;
            }
        }
        // Stopped by an escape or a control character: not a string read here.
        (bytes[end] == b'"').then_some(())?;
        self.at = end + 1;
        // The quotes are ASCII, so both ends are character boundaries.
        self.text.get(from..end)
    }

    /// A count written as plain digits (no sign, fraction, exponent or leading zero), at most
    /// [`MAX_COUNT`].
    fn count(&mut self) -> Option<u32> {
        self.skip_space();
        let digits = self.bytes()[self.at..].iter().take_while(|b| b.is_ascii_digit()).count();
        let text = &self.bytes()[self.at..self.at + digits];
        if digits == 0 || digits > 6 || (digits > 1 && text[0] == b'0') {
            return None;
        }
        self.at += digits;
        let n = text.iter().fold(0u64, |n, &b| n * 10 + u64::from(b - b'0'));
        (n <= MAX_COUNT).then_some(n as u32)
    }

    /// The text of the JSON value that starts next, found by its brackets and strings (serde_json
    /// then reads it, and says whether it is JSON at all).
    fn value_text(&mut self) -> Option<&'t str> {
        self.skip_space();
        let from = self.at;
        let bytes = self.bytes();
        let mut depth = 0usize;
        while let Some(&b) = bytes.get(self.at) {
            match b {
                b'"' => {
                    self.at += 1;
                    while *bytes.get(self.at)? != b'"' {
                        self.at += if bytes[self.at] == b'\\' { 2 } else { 1 };
                    }
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' if depth == 0 => break,
                b'}' | b']' => depth -= 1,
                b',' | b' ' | b'\t' | b'\n' | b'\r' if depth == 0 => break,
                _ => {}
            }
            if depth > MAX_DEPTH {
                return None;
            }
            self.at += 1;
            if depth == 0 && matches!(b, b'"' | b'}' | b']') {
                break;
            }
        }
        self.text.get(from..self.at)
    }
}

/// The bytes of `word` (eight, the first lowest) that end a string here (a quote, a backslash, a
/// control character), flagged in their top bits. A byte below `n` borrows as `w - n..n` is
/// taken, and a flag above a true one may be false, but the lowest flag is always true: it is
/// where the string stops.
fn stops(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w & HIGH;
    below(word, 0x20) | below(word ^ (ONES * u64::from(b'"')), 1) | below(word ^ (ONES * u64::from(b'\\')), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_ends_at_its_first_quote_and_never_at_an_escape_or_control_character() {
        // Every byte that matters at every place of strings shorter than a word, of a word and
        // of several, with what follows the quote; and a two-byte character at every place.
        for len in [1, 7, 8, 9, 15, 16, 17, 30] {
            for b in [0u8, 0x1f, b'"', b'\\', b' ', b'!', b'#', b'a', 0x7f, 0xff] {
                for at in 0..len {
                    let mut body: Vec<u8> = vec![b'x'; len];
                    if b == 0xff {
                        body.splice(at..=at, "é".bytes());
                    } else {
                        body[at] = b;
                    }
                    let body = String::from_utf8(body).unwrap();
                    let text = format!("\"{body}\" , 1");
                    let mut s = Scan { text: &text, at: 0 };
                    let want = match body.bytes().position(|c| c == b'"' || c == b'\\' || c < 0x20) {
                        Some(p) if body.as_bytes()[p] == b'"' => Some(&body[..p]),
                        Some(_) => None,
                        None => Some(&body[..]),
                    };
                    assert_eq!(s.string(), want, "{body:?}");
                }
            }
        }
        let mut empty = Scan { text: "\"\"", at: 0 };
        assert_eq!(empty.string(), Some(""));
        let mut open = Scan { text: "\"abcdefghijkl", at: 0 };
        assert_eq!(open.string(), None);
    }

    /// What the typed path makes of `text`, beside what this path makes of it.
    fn both(text: &str) -> (Option<String>, Option<String>) {
        let show = |d: Doc| format!("{:?} {:?}", d.initial, d.rest);
        (parse(text).map(show), super::super::scenario_fast::parse(text).map(show))
    }

    #[test]
    fn the_plainest_documents_read_as_the_typed_path_reads_them() {
        let texts = [
            r#"{}"#,
            r#" { "initial" : { } } "#,
            r#"{"initial": {"service/a": {"desired": 3}, "node/m1": {"health": "alive", "capacity": 4},
                "copy/a-1": {"status": "running", "node": "node/m1", "service": "a"},
                "copy/a-2": {"service": "a", "node": null, "status": "pending"}},
              "requests": [{"key": "service/a", "value": {"desired": 5}}], "max_rounds": 12,
              "timeline": [{"round": 2, "down": "scheduler"}], "mode": "watch", "down": []}"#,
            r#"{"requests": [{"key": "a\"]}", "value": null}], "initial": {"copy/é-1": {"service": "é", "node": "", "status": "dead"}}}"#,
        ];
        for text in texts {
            let (scanned, typed) = both(text);
            assert!(scanned.is_some(), "{text}");
            assert_eq!(scanned, typed, "{text}");
        }
    }

    #[test]
    fn anything_less_plain_is_left_to_the_typed_path() {
        let texts = [
            r#"{"initial": {"service/a": {"desired": 3.0}}}"#,
            r#"{"initial": {"service/a": {"desired": 03}}}"#,
            r#"{"initial": {"service/a": {"desired": -0}}}"#,
            r#"{"initial": {"service/a": {"desired": 100001}}}"#,
            r#"{"initial": {"service/\u0061": {"desired": 3}}}"#,
            r#"{"initial": {"service/a": {"desired": 3, "desired": 3}}}"#,
            r#"{"initial": {"service/a": {"desired": 3}, "service/a": {"desired": 4}}}"#,
            r#"{"initial": {"copy/a-1": {"service": "a", "status": "running"}}}"#,
            r#"{"initial": {"copy/a-1": {"service": "a", "node": null, "node": null, "status": "dead"}}}"#,
            r#"{"initial": {"copy/a-1": {"service": "a", "node": nul, "status": "dead"}}}"#,
            r#"{"initial": {"copy/a-1": {"service": "a", "node": nullx, "status": "dead"}}}"#,
            r#"{"initial": {"node/m": {"capacity": 1, "health": "alive", "x": 1}}}"#,
            r#"{"initial": {"pods/x": {}}}"#,
            r#"{"initial": {}, "initial": {}}"#,
            r#"{"max_rounds": 3, "max_rounds": 4}"#,
            r#"{"requests": [{"a": 1, "a": 2}]}"#,
            r#"{"requests": [1, 2}"#,
            r#"{"max_rounds": tru}"#,
            r#"{"initial": {}} x"#,
            "{\"initial\": {\"service/a\n\": {\"desired\": 3}}}",
            "{\"initial\": {\"copy/a-1\": {\"service\": \"a\\u0001\", \"node\": null, \"status\": \"dead\"}}}",
            r#"{"initial": {},}"#,
            "[]",
            "",
        ];
        for text in texts {
            assert_eq!(parse(text).map(|d| d.rest.len()), None, "{text}");
        }
        let deep = format!(r#"{{"changes": {}1{}}}"#, "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(parse(&deep).is_none());
    }
}
