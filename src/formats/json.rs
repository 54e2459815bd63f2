//! Checking JSON documents field by field: the error type every format shares (a path and a
//! problem, said in any language the lab has) and the small readers the formats build on.

pub use super::escape::{invisible, json_string, push_hex4, quoted, visible};
use crate::messages::{AssignmentMessages, Problem, Template, EN_ASSIGNMENTS};
use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value as Json};
use std::cell::{Cell, RefCell};
use std::fmt::{self, Write as _};

/// A document (a scenario, an assignment, or a part of one) that cannot be used, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// Where the problem is, like `requests[2].value.status`; empty for the document itself.
    pub path: String,
    /// What is wrong there.
    pub problem: Problem,
}

impl InputError {
    /// The error in `a`'s language: `requests[2].value.status: unknown status "lost"; …`.
    pub fn text(&self, a: &AssignmentMessages) -> String {
        if self.path.is_empty() {
            self.problem.text(a)
        } else {
            format!("{}: {}", self.path, self.problem.text(a))
        }
    }
}

/// In English.
impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN_ASSIGNMENTS))
    }
}

impl std::error::Error for InputError {}

/// Fails with `problem` at `path`.
pub fn err<T>(path: &str, problem: Problem) -> Result<T, InputError> {
    Err(InputError { path: path.to_string(), problem })
}

/// Reads `text` as one JSON document, refusing an object that gives a key twice: serde_json
/// would keep the last value without a word, and the first is what the writer may have meant.
/// Scenarios and assignments are both read here; the error names the key and the object.
pub fn document(text: &str) -> Result<Json, InputError> {
    // With no bound the reader never stops early: `None` cannot come.
    read_document(text, None).map(Option::unwrap_or_default)
}

/// [`document`], read only up to `cap`'s bound: at the first key too many in the object `cap`
/// names, the reader stops where it is and gives `None` (nothing after that key is read).
pub(crate) fn document_capped(text: &str, cap: &Cap) -> Result<Option<Json>, InputError> {
    read_document(text, Some(cap))
}

fn read_document(text: &str, cap: Option<&Cap>) -> Result<Option<Json>, InputError> {
    let repeated = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let read = Checked { at: None, repeated: &repeated, cap }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    if let Some((at, key)) = repeated.into_inner() {
        return err(&at, Problem::of(|a| a.e_repeated_key).with("name", quoted(&key)));
    }
    match read {
        Ok(v) => Ok(Some(v)),
        Err(_) if cap.is_some_and(Cap::passed) => Ok(None),
        Err(e) => err("", Problem::of(|a| a.e_invalid_json).with("why", e)),
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

    /// The bound.
    pub(crate) fn most(&self) -> usize {
        self.most
    }

    /// The object's keys the reader met, the one that stopped it included: what its work was.
    pub(crate) fn met(&self) -> usize {
        self.met.get()
    }
}

/// Where a value sits in a document: one step below its parent (none: the document itself).
/// Kept as a chain on the stack, so a path is only written out for an error.
#[derive(Clone, Copy)]
struct Place<'p> {
    up: Option<&'p Place<'p>>,
    step: Step<'p>,
}

#[derive(Clone, Copy)]
enum Step<'p> {
    Key(&'p str),
    Index(usize),
}

/// Whether `place` is the object at `path`, a path of keys from the top (like `scenario.initial`).
fn at_path(place: Option<&Place>, path: &[&str]) -> bool {
    let mut at = place;
    for want in path.iter().rev() {
        match at {
            Some(Place { up, step: Step::Key(k) }) if k == want => at = *up,
            _ => return false,
        }
    }
    at.is_none()
}

/// The path of `place` as the formats write theirs: `timeline[2].request`, `initial["copy/a"]`.
fn path_of(place: Option<&Place>) -> String {
    let mut steps = Vec::new();
    let mut at = place;
    while let Some(p) = at {
        steps.push(p.step);
        at = p.up;
    }
    let mut out = String::new();
    for step in steps.into_iter().rev() {
        match step {
            Step::Key(k) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') => {
                out = join(&out, k);
            }
            Step::Key(k) => {
                let _ = write!(out, "[{}]", quoted(k));
            }
            Step::Index(i) => {
                let _ = write!(out, "[{i}]");
            }
        }
    }
    out
}

/// Reads any JSON value as `serde_json::Value` does, but stops at a key given twice in one
/// object and leaves its place and name in `repeated`.
#[derive(Clone, Copy)]
pub(crate) struct Checked<'a> {
    at: Option<&'a Place<'a>>,
    repeated: &'a RefCell<Option<(String, String)>>,
    cap: Option<&'a Cap<'a>>,
}

impl<'a> Checked<'a> {
    /// At the top of a document; a repeated key is left in `repeated`.
    pub(crate) fn root(repeated: &'a RefCell<Option<(String, String)>>) -> Checked<'a> {
        Checked { at: None, repeated, cap: None }
    }
}

impl<'de> DeserializeSeed<'de> for Checked<'_> {
    type Value = Json;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Checked<'_> {
    type Value = Json;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Json, E> {
        // As serde_json's own Value: a float JSON cannot hold is null.
        Ok(Number::from_f64(n).map_or(Json::Null, Json::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        loop {
            let here = Place { up: self.at, step: Step::Index(items.len()) };
            match seq.next_element_seed(Checked { at: Some(&here), ..self })? {
                Some(v) => items.push(v),
                None => return Ok(Json::Array(items)),
            }
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut obj = Map::new();
        let cap = self.cap.filter(|c| at_path(self.at, c.path()));
        while let Some(key) = map.next_key::<String>()? {
            if cap.is_some_and(|c| !c.admit()) {
                // Past the bound: the reader stops here (`read_document` says why).
                return Err(A::Error::custom("past the bound"));
            }
            if obj.contains_key(&key) {
                *self.repeated.borrow_mut() = Some((path_of(self.at), key));
                return Err(A::Error::custom("a key is given twice"));
            }
            let here = Place { up: self.at, step: Step::Key(&key) };
            let value = map.next_value_seed(Checked { at: Some(&here), ..self })?;
            obj.insert(key, value);
        }
        Ok(Json::Object(obj))
    }
}

/// `at.field`, or `field` at the top.
pub fn join(at: &str, field: &str) -> String {
    if at.is_empty() {
        field.to_string()
    } else {
        format!("{at}.{field}")
    }
}

/// What kind of JSON value `v` is, as a diagnostic names it.
pub fn kind(v: &Json) -> Template {
    match v {
        Json::Null => |a| a.kind_null,
        Json::Bool(_) => |a| a.kind_boolean,
        Json::Number(_) => |a| a.kind_number,
        Json::String(_) => |a| a.kind_string,
        Json::Array(_) => |a| a.kind_array,
        Json::Object(_) => |a| a.kind_object,
    }
}

/// `v` as an object, or an error naming `what` it should be.
pub fn object<'a>(v: &'a Json, at: &str, what: Template) -> Result<&'a Map<String, Json>, InputError> {
    match v {
        Json::Object(o) => Ok(o),
        other => err(at, Problem::of(|a| a.e_must_be).with_text("what", what).with_text("kind", kind(other))),
    }
}

/// Fails on the first field of `obj` that is not `allowed`.
pub fn only_fields(obj: &Map<String, Json>, at: &str, allowed: &[&str]) -> Result<(), InputError> {
    for name in obj.keys() {
        if !allowed.contains(&name.as_str()) {
            return err(
                at,
                Problem::of(|a| a.e_unknown_field)
                    .with("name", shown(name))
                    .with("fields", allowed.join(", ")),
            );
        }
    }
    Ok(())
}

/// The field `field` of `obj`, or an error naming it as missing.
pub fn required<'a>(obj: &'a Map<String, Json>, at: &str, field: &str) -> Result<&'a Json, InputError> {
    obj.get(field).ok_or_else(|| InputError {
        path: at.to_string(),
        problem: Problem::of(|a| a.e_missing_field).with("field", field),
    })
}

/// A whole number in `lo..=hi`; `3.0` counts as 3, `3.5` and `-1` do not.
pub fn whole(v: &Json, at: &str, lo: u64, hi: u64) -> Result<u64, InputError> {
    let Json::Number(n) = v else {
        // Text where a number belongs is said as the text itself (a teacher typing "five" in a
        // field reads what they typed, not "a string"), cut to what a message can hold.
        let problem = match v {
            Json::String(s) if s.trim().is_empty() => Problem::of(|a| a.e_not_whole_empty),
            Json::String(s) => Problem::of(|a| a.e_not_whole_text).with("found", shown(s)),
            _ => Problem::of(|a| a.e_not_whole).with_text("kind", kind(v)),
        };
        return err(at, problem.with("lo", lo).with("hi", hi));
    };
    let value = match (n.as_u64(), n.as_f64()) {
        (Some(u), _) => u,
        (None, Some(f)) if f < 0.0 => return err(at, Problem::of(|a| a.e_negative).with("found", n)),
        (None, Some(f)) if f.fract() != 0.0 => {
            return err(at, Problem::of(|a| a.e_fraction).with("found", n))
        }
        (None, Some(f)) if f <= hi as f64 => f as u64,
        _ => return err(at, Problem::of(|a| a.e_too_big).with("hi", hi).with("found", n)),
    };
    if value < lo || value > hi {
        return err(at, Problem::of(|a| a.e_out_of_range).with("lo", lo).with("hi", hi).with("found", value));
    }
    Ok(value)
}

/// Text from the input as every message shows it (one rule for all): in quotes, with quotes,
/// backslashes and control characters escaped ([`quoted`]), cut to 40 characters ([`cut`]).
pub fn shown(s: &str) -> String {
    quoted(&cut(s, 40))
}

/// `s` cut to at most `most` characters, an ellipsis marking the cut.
pub fn cut(s: &str, most: usize) -> String {
    match s.char_indices().nth(most) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

/// `v` as a string.
pub fn string<'a>(v: &'a Json, at: &str) -> Result<&'a str, InputError> {
    match v {
        Json::String(s) => Ok(s),
        other => err(at, Problem::of(|a| a.e_not_string).with_text("kind", kind(other))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_read_as_serde_json_reads_them() {
        let text =
            r#"{"a": [1, -2, 2.5, 1e400, "x\u0000", null, true, {"b": {}}], "c": 18446744073709551615}"#;
        // 1e400 is out of range for both: both refuse it the same way.
        assert!(document(text).is_err() && serde_json::from_str::<Json>(text).is_err());
        let text = text.replace("1e400", "1e300");
        assert_eq!(document(&text).unwrap(), serde_json::from_str::<Json>(&text).unwrap());
    }
}
