//! Checking JSON documents field by field: the error type every format shares (a path and a
//! problem, said in any language the lab has) and the small readers the formats build on.

use crate::messages::{AssignmentMessages, Problem, Template, EN_ASSIGNMENTS};
use serde_json::{Map, Value as Json};
use std::fmt;

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

/// A string in double quotes with quotes, backslashes and control characters escaped, for
/// paths and messages (without `{:?}`, whose Unicode tables would weigh on the page).
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
                Problem::of(|a| a.e_unknown_field).with("name", name).with("fields", allowed.join(", ")),
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
        return err(
            at,
            Problem::of(|a| a.e_not_whole).with("lo", lo).with("hi", hi).with_text("kind", kind(v)),
        );
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

/// `v` as a string.
pub fn string<'a>(v: &'a Json, at: &str) -> Result<&'a str, InputError> {
    match v {
        Json::String(s) => Ok(s),
        other => err(at, Problem::of(|a| a.e_not_string).with_text("kind", kind(other))),
    }
}
