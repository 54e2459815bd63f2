//! The choice question (issue 31): a prompt, 2 to 6 options and the one right option, so the
//! overview's quiz can be asked in an assignment and marked like its counts. The right option is
//! the teacher's word; where `from` names a fact the lab derives (the kube simulation's trace, the
//! etcd model's quorum), `cplab check` derives it and refuses a file whose answer differs.

use super::json::{err, only_fields, quoted, required, shown, string, InputError};
use super::limits::{MAX_NAME, MAX_TEXT};
use crate::messages::Problem;
use serde_json::{Map, Value as Json};

/// Fewest options a choice question offers.
pub const MIN_OPTIONS: usize = 2;
/// Most options a choice question offers (six keeps a radio group readable on a phone, and SCORM
/// 1.2 names each by one letter).
pub const MAX_OPTIONS: usize = 6;
/// Largest etcd cluster a fact asks about: the etcd model's own bound (`kube::ha::etcd`).
pub const MAX_FACT_MEMBERS: u32 = 7;
/// The guided stops of the page `?kube=1` a choice question may name (`stop`): each a run of the
/// real control plane that answers one of the overview's quiz questions (`playback::kube_stops`
/// holds their runs and moments; a test keeps the two lists equal).
pub const STOPS: [&str; 3] = ["etcd-writer", "kube-proxy", "etcd-sizes"];

/// A fact the lab derives, that a choice question's answer must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fact {
    /// The components whose steps write etcd in the kube simulation's run of the kube page's
    /// manifest (`tests/kube/deploy.yaml`), in order of their first write, joined by `, `.
    EtcdWriters,
    /// How many members an etcd cluster of this many can lose, the leader first, and still
    /// commit a write (`kube::ha::etcd::tolerance_table`, found by running the model).
    EtcdTolerates(u32),
}

impl Fact {
    /// The name a file gives it: `etcd-writers`, `etcd-tolerates-3`.
    pub fn id(self) -> String {
        match self {
            Fact::EtcdWriters => "etcd-writers".to_string(),
            Fact::EtcdTolerates(n) => format!("etcd-tolerates-{n}"),
        }
    }

    /// The fact a file names `name`.
    pub fn from_id(name: &str) -> Option<Fact> {
        if name == "etcd-writers" {
            return Some(Fact::EtcdWriters);
        }
        let n: u32 = name.strip_prefix("etcd-tolerates-")?.parse().ok()?;
        // `parse` takes a leading `+`: the id is written back without one, so refuse it.
        (Fact::EtcdTolerates(n).id() == name && (1..=MAX_FACT_MEMBERS).contains(&n))
            .then_some(Fact::EtcdTolerates(n))
    }
}

/// A choice question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The teacher's short name for it, the item id's tail (`choice.etcd-writer`).
    pub name: String,
    /// What it asks, shown as the item's label.
    pub prompt: String,
    /// The options, in the file's order (the page shows them so).
    pub options: Vec<String>,
    /// The right option's place among `options`.
    pub answer: usize,
    /// The fact the answer must match, if the lab derives it.
    pub from: Option<Fact>,
    /// The guided stop of the page `?kube=1` that answers it, one of [`STOPS`], if any.
    pub stop: Option<&'static str>,
}

impl Choice {
    /// The right option's text.
    pub fn answer_text(&self) -> &str {
        &self.options[self.answer]
    }
}

/// The link that opens `stop` on the page `?kube=1`, sealed: the page then says what to look at
/// and never what it shows, so the link carries no answer (the stop's name and the seal alone).
pub fn stop_link(stop: &str) -> String {
    format!("?kube=1&stop={stop}&sealed=1")
}

/// A choice question's object `obj` of `ask`, at `at` (its `choice` field is its name).
pub fn parse_choice(obj: &Map<String, Json>, at: &str) -> Result<Choice, InputError> {
    only_fields(obj, at, &["choice", "prompt", "options", "answer", "from", "stop"])?;
    let field = |name: &str| format!("{at}.{name}");
    let name = text(required(obj, at, "choice")?, &field("choice"), MAX_NAME)?;
    let prompt = text(required(obj, at, "prompt")?, &field("prompt"), MAX_TEXT)?;
    let options = parse_options(required(obj, at, "options")?, &field("options"))?;
    let found = string(required(obj, at, "answer")?, &field("answer"))?;
    let answer = options.iter().position(|o| o == found.trim()).ok_or_else(|| InputError {
        path: field("answer"),
        problem: Problem::of(|a| a.e_not_an_option)
            .with("found", shown(found))
            .with("options", options.iter().map(|o| shown(o)).collect::<Vec<_>>().join(", ")),
    })?;
    let from = match obj.get("from") {
        None => None,
        Some(v) => {
            let name = string(v, &field("from"))?;
            let fact = Fact::from_id(name).ok_or_else(|| InputError {
                path: field("from"),
                problem: Problem::of(|a| a.e_unknown_fact)
                    .with("found", shown(name))
                    .with("max", MAX_FACT_MEMBERS),
            })?;
            Some(fact)
        }
    };
    let stop = match obj.get("stop") {
        None => None,
        Some(v) => Some(parse_stop(v, &field("stop"))?),
    };
    Ok(Choice { name, prompt, options, answer, from, stop })
}

/// A `stop` field: one of [`STOPS`].
fn parse_stop(v: &Json, at: &str) -> Result<&'static str, InputError> {
    let name = string(v, at)?;
    STOPS.into_iter().find(|s| *s == name).ok_or_else(|| InputError {
        path: at.to_string(),
        problem: Problem::of(|a| a.e_unknown_stop).with("found", shown(name)).with("stops", STOPS.join(", ")),
    })
}

/// The `options` list: 2 to 6 texts, none blank, none the same as another (spaces around each
/// are dropped: two options that read alike could not be told apart by a student).
fn parse_options(v: &Json, at: &str) -> Result<Vec<String>, InputError> {
    let Json::Array(items) = v else {
        let found = super::json::kind(v);
        return err(at, Problem::of(|a| a.e_not_options).with_text("kind", found));
    };
    if !(MIN_OPTIONS..=MAX_OPTIONS).contains(&items.len()) {
        let problem = Problem::of(|a| a.e_option_count).with("found", items.len());
        return err(at, problem.with("lo", MIN_OPTIONS).with("hi", MAX_OPTIONS));
    }
    let mut options: Vec<String> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let path = format!("{at}[{i}]");
        let option = text(item, &path, MAX_NAME)?;
        if options.contains(&option) {
            return err(&path, Problem::of(|a| a.e_listed_twice).with("found", quoted(&option)));
        }
        options.push(option);
    }
    Ok(options)
}

/// A text field of a choice question: not blank, at most `most` characters, spaces around it
/// dropped.
fn text(v: &Json, at: &str, most: usize) -> Result<String, InputError> {
    let s = string(v, at)?.trim();
    if s.is_empty() {
        return err(at, Problem::of(|a| a.e_blank));
    }
    if s.chars().count() > most {
        return err(at, Problem::of(|a| a.e_too_long).with("max", most));
    }
    Ok(s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(text: &str) -> Result<Choice, String> {
        let v: Json = serde_json::from_str(text).unwrap();
        parse_choice(v.as_object().unwrap(), "ask[0]").map_err(|e| e.to_string())
    }

    #[test]
    fn a_choice_reads_its_options_answer_and_fact() {
        let c = choice(
            r#"{"choice": "writer", "prompt": " Who writes etcd? ", "options": ["kube-apiserver", " kubelet "], "answer": "kubelet", "from": "etcd-tolerates-3", "stop": "etcd-sizes"}"#,
        )
        .unwrap();
        assert_eq!(
            (c.name.as_str(), c.prompt.as_str(), c.options.clone(), c.answer, c.from),
            (
                "writer",
                "Who writes etcd?",
                vec!["kube-apiserver".into(), "kubelet".into()],
                1,
                Some(Fact::EtcdTolerates(3))
            )
        );
        assert_eq!(c.answer_text(), "kubelet");
        assert_eq!(
            (c.stop, stop_link("etcd-sizes")),
            (Some("etcd-sizes"), "?kube=1&stop=etcd-sizes&sealed=1".into())
        );
        assert_eq!(Fact::from_id("etcd-writers").map(Fact::id), Some("etcd-writers".into()));
        assert_eq!([Fact::from_id("etcd-tolerates-+3"), Fact::from_id("etcd-tolerates-8")], [None, None]);
    }

    #[test]
    fn a_bad_choice_names_its_field() {
        let with = |rest: &str| format!(r#"{{"choice": "q", "prompt": "Which?", {rest}}}"#);
        for (text, message) in [
            (with(r#""options": [], "answer": "a""#), "ask[0].options: has 0 options; a choice question offers 2 to 6"),
            (
                with(r#""options": ["a", "b", "c", "d", "e", "f", "g"], "answer": "a""#),
                "ask[0].options: has 7 options; a choice question offers 2 to 6",
            ),
            (with(r#""options": ["a", "b", " a"], "answer": "a""#), "ask[0].options[2]: \"a\" is listed twice"),
            (with(r#""options": ["a", " "], "answer": "a""#), "ask[0].options[1]: must not be blank"),
            (with(r#""options": "a, b", "answer": "a""#), "ask[0].options: must be an array of options, found a string"),
            (
                with(r#""options": ["a", "b"], "answer": "etcd""#),
                "ask[0].answer: \"etcd\" is not one of the options (\"a\", \"b\")",
            ),
            (with(r#""options": ["a", "b"]"#), "ask[0]: missing field \"answer\""),
            (
                with(r#""options": ["a", "b"], "answer": "a", "from": "etcd-readers""#),
                "ask[0].from: unknown fact \"etcd-readers\" (expected etcd-writers, or etcd-tolerates-N for N from 1 to 7)",
            ),
            (r#"{"choice": "", "prompt": "x", "options": ["a", "b"], "answer": "a"}"#.into(), "ask[0].choice: must not be blank"),
            (r#"{"choice": "q", "options": ["a", "b"], "answer": "a"}"#.into(), "ask[0]: missing field \"prompt\""),
            (
                with(r#""options": ["a", "b"], "answer": "a", "stop": "etcd-write""#),
                "ask[0].stop: unknown stop \"etcd-write\" (expected etcd-writer, kube-proxy, etcd-sizes)",
            ),
            (with(r#""options": ["a", "b"], "answer": "a", "stop": 3"#), "ask[0].stop: must be a string, found a number"),
            (
                with(r#""options": ["a", "b"], "answer": "a", "right": 1"#),
                "ask[0]: unknown field \"right\" (expected choice, prompt, options, answer, from, stop)",
            ),
        ] {
            assert_eq!(choice(&text).unwrap_err(), message, "{text}");
        }
    }
}
