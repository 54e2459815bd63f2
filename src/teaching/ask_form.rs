//! The workbench's form that adds a question beyond the counts (issue 21): for each kind of
//! question the format reads (`formats::question`), the fields a teacher fills in, each labelled
//! in their words and, where the format allows only a few values, a choice of exactly those. What
//! is chosen is read by the format's own reader ([`typed_question`]), so the form can offer
//! nothing a file could not say.

use super::workbench::typed_question;
use crate::formats::question::Cell;
use crate::formats::question::Question;
use crate::formats::tables::row_name;
use crate::formats::InputError;
use crate::messages::{AssignmentMessages, Messages, WorkbenchMessages};
use crate::model::{Part, MATRIX_ORDER};

/// A kind of question, as the form offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AskKind {
    /// One round's item reads or writes.
    Round,
    /// One part's item reads over the run.
    Component,
    /// The parts that write one key, in order.
    Writers,
    /// A service's copies at the end, believed or actual.
    Service,
    /// A failure-matrix cell after the repair.
    Repair,
}

impl AskKind {
    /// Every kind, in the order the form lists them (the order docs/assignments.md's table gives).
    pub const ALL: [AskKind; 5] =
        [AskKind::Round, AskKind::Component, AskKind::Writers, AskKind::Service, AskKind::Repair];

    /// The name the format gives the kind's first field (`round`, `component`, ...).
    pub fn id(self) -> &'static str {
        match self {
            AskKind::Round => "round",
            AskKind::Component => "component",
            AskKind::Writers => "writers",
            AskKind::Service => "service",
            AskKind::Repair => "repair",
        }
    }

    /// The kind the form's picker names `id`.
    pub fn from_id(id: &str) -> Option<AskKind> {
        AskKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// What the kind asks, in the teacher's words.
    pub fn label(self, w: &WorkbenchMessages) -> &'static str {
        match self {
            AskKind::Round => w.ask_kind_round,
            AskKind::Component => w.ask_kind_component,
            AskKind::Writers => w.ask_kind_writers,
            AskKind::Service => w.ask_kind_service,
            AskKind::Repair => w.ask_kind_repair,
        }
    }
}

/// How a field is filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A whole number, typed.
    Number,
    /// A name, typed; `example` shows one.
    Text {
        /// A name that fits, shown as the field's placeholder.
        example: &'static str,
        /// The id of the list of names the run offers (the keys it writes, or its services).
        names: &'static str,
    },
    /// One of these values (the format's word, and the label shown), the first chosen at first.
    Choice(Vec<(String, String)>),
}

/// One field of the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AskField {
    /// Its label.
    pub label: &'static str,
    /// How it is filled in.
    pub entry: Entry,
}

impl AskField {
    /// What the field holds before anything is typed or chosen: a choice's first value.
    pub fn start(&self) -> String {
        match &self.entry {
            Entry::Choice(options) => options.first().map(|(id, _)| id.clone()).unwrap_or_default(),
            _ => String::new(),
        }
    }
}

/// The fields of a question of `kind`: the first (a round, part, key, service or row) and, for
/// the kinds that have one, the second (a count or a cell).
pub fn ask_fields(
    kind: AskKind,
    t: &Messages,
    a: &AssignmentMessages,
    w: &WorkbenchMessages,
) -> (AskField, Option<AskField>) {
    let choice = |label, options: Vec<(String, String)>| AskField { label, entry: Entry::Choice(options) };
    let pair = |id: &str, label: &str| (id.to_string(), label.to_string());
    match kind {
        AskKind::Round => (
            AskField { label: w.ask_round, entry: Entry::Number },
            Some(choice(w.ask_count, vec![pair("reads", w.ask_reads), pair("writes", w.ask_writes)])),
        ),
        AskKind::Component => {
            (choice(w.ask_part, Part::ALL.iter().map(|p| pair(p.name(), t.part(*p))).collect()), None)
        }
        AskKind::Writers => (
            AskField {
                label: w.ask_key,
                entry: Entry::Text { example: "copy/collector-4", names: "ask-keys" },
            },
            None,
        ),
        AskKind::Service => (
            AskField {
                label: w.ask_service,
                entry: Entry::Text { example: "collector", names: "ask-services" },
            },
            Some(choice(w.ask_count, vec![pair("believed", w.ask_believed), pair("actual", w.ask_actual)])),
        ),
        AskKind::Repair => {
            let rows = MATRIX_ORDER.iter().filter(|d| !d.is_empty()).map(|&d| pair(&row_name(d), &t.down(d)));
            let cells = Cell::ALL.iter().map(|c| pair(c.id(), c.label_in(t, a)));
            (choice(w.ask_row, rows.collect()), Some(choice(w.ask_cell, cells.collect())))
        }
    }
}

/// Why the form's question is not added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AskProblem {
    /// The format's reader refuses a field: the second (a count or a cell) when `second`.
    Field {
        /// Whether the second field is the one wrong.
        second: bool,
        /// What the reader says.
        error: InputError,
    },
    /// The key or service is blank: a question about no key asks nothing.
    Blank,
    /// The assignment asks this question already.
    Asked,
}

/// The question the form's fields make, read by the format's reader as entry `at` of `ask`,
/// unless its key or service is blank or `asked` has it already.
pub fn add_question(
    kind: AskKind,
    first: &str,
    second: &str,
    asked: &[Question],
    at: usize,
) -> Result<Question, AskProblem> {
    if matches!(kind, AskKind::Writers | AskKind::Service) && first.trim().is_empty() {
        return Err(AskProblem::Blank);
    }
    let q = typed_question(kind.id(), first, second, at).map_err(|error| {
        // The second field's name ends the path (`ask[2].count`, `ask[2].cell`).
        let second = error.path.ends_with(".count") || error.path.ends_with(".cell");
        AskProblem::Field { second, error }
    })?;
    if asked.contains(&q) {
        return Err(AskProblem::Asked);
    }
    Ok(q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{EN, EN_ASSIGNMENTS, EN_WORKBENCH};

    fn shown(kind: AskKind) -> String {
        let (first, second) = ask_fields(kind, &EN, &EN_ASSIGNMENTS, &EN_WORKBENCH);
        let field = |f: &AskField| match &f.entry {
            Entry::Number => format!("{} [number]", f.label),
            Entry::Text { example, names } => format!("{} [text, e.g. {example}, from {names}]", f.label),
            Entry::Choice(o) => {
                let o: Vec<String> = o.iter().map(|(id, label)| format!("{id}={label}")).collect();
                format!("{} [{}]", f.label, o.join(" | "))
            }
        };
        let mut out = format!("{}: {}", kind.label(&EN_WORKBENCH), field(&first));
        if let Some(s) = &second {
            out += &format!("; {}", field(s));
        }
        out
    }

    #[test]
    fn each_kind_has_its_fields_in_the_teachers_words() {
        let all: Vec<String> = AskKind::ALL.into_iter().map(shown).collect();
        assert_eq!(
            all,
            [
                "Items read or written in one round: Round (0 is the requests) [number]; Count [reads=item reads | writes=writes]",
                "Items one part reads over the run: Part [API server=API server | state store=state store | scheduler=scheduler | controller manager=controller manager | node agents=node agents]",
                "The parts that write a key, in order: Key [text, e.g. copy/collector-4, from ask-keys]",
                "A service's copies at the end: Service [text, e.g. collector, from ask-services]; Count [believed=believed running | actual=actually running]",
                "A failure-matrix cell after the repair: Row (the parts down) [API server=API server | state store=state store | scheduler=scheduler | controller manager=controller manager | node agents=node agents | control plane=whole control plane]; Cell [scale=scale | failure=failure | node=node | reads=reads | believed=believed | actual=actual | rd=rd | wr=wr]",
            ]
        );
        // The picker's kinds are the format's, each read back by its id.
        for kind in AskKind::ALL {
            assert_eq!(AskKind::from_id(kind.id()), Some(kind));
        }
        assert_eq!(AskKind::from_id("pods"), None);
    }

    #[test]
    fn every_value_offered_is_one_the_format_reads() {
        for kind in AskKind::ALL {
            let (first, second) = ask_fields(kind, &EN, &EN_ASSIGNMENTS, &EN_WORKBENCH);
            let values = |f: &AskField| match &f.entry {
                Entry::Choice(o) => o.iter().map(|(id, _)| id.clone()).collect(),
                Entry::Number => vec!["2".to_string()],
                Entry::Text { example, .. } => vec![example.to_string()],
            };
            let seconds = second.as_ref().map_or(vec![String::new()], values);
            for f in values(&first) {
                for s in &seconds {
                    assert!(add_question(kind, &f, s, &[], 0).is_ok(), "{kind:?} {f} {s}");
                }
            }
        }
    }

    #[test]
    fn a_bad_field_is_the_one_named_and_a_blank_or_repeated_question_is_not_added() {
        let field = |r: Result<Question, AskProblem>| match r {
            Err(AskProblem::Field { second, error }) => (second, error.to_string()),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            field(add_question(AskKind::Round, "two", "reads", &[], 3)),
            (false, "ask[3].round: must be a whole number from 0 to 1000, found the text \"two\"".into())
        );
        assert!(field(add_question(AskKind::Service, "collector", "running", &[], 0)).0);
        assert_eq!(
            field(add_question(AskKind::Writers, &"k".repeat(201), "", &[], 0)),
            (false, "ask[0].writers: is longer than 200 characters".into())
        );
        assert_eq!(add_question(AskKind::Writers, "  ", "", &[], 0), Err(AskProblem::Blank));
        assert_eq!(add_question(AskKind::Service, "", "believed", &[], 0), Err(AskProblem::Blank));
        let asked = [Question::Round { round: 1, writes: false }];
        assert_eq!(add_question(AskKind::Round, " 1 ", "reads", &asked, 1), Err(AskProblem::Asked));
        assert_eq!(
            add_question(AskKind::Round, "1", "writes", &asked, 1),
            Ok(Question::Round { round: 1, writes: true })
        );
    }
}
