//! Every text the lab shows a student or a teacher, in one table per language, in two parts: the
//! plain lab's texts ([`Messages`]) and those only the assignments build shows
//! ([`AssignmentMessages`]: the assignment panel, reports, and diagnostics of files). Two parts
//! so the plain lab carries none of the second's texts. A second language is a second pair of
//! tables plus a line in [`LANGUAGES`] and [`ASSIGNMENT_LANGUAGES`]: the compiler refuses a table
//! that leaves a text out, and a test checks that each template keeps English's placeholders.
//!
//! Templates hold `{name}` placeholders that [`fill`] replaces. The lesson's vocabulary (part
//! names, verdicts, ops, statuses) is here too, so a translated lab can say it in its language;
//! the CLI keeps the lesson's English words, since its tables must match the lesson byte for byte.

use crate::model::{
    Change, Health, Op, Part, PartSet, Reason, Response, Status, Step, TraceLimit, Value, Verdict,
};
use std::fmt::{self, Display};

macro_rules! messages {
    ($(#[doc = $sdoc:literal])* $table:ident { $($(#[doc = $doc:literal])* $name:ident,)* }) => {
        $(#[doc = $sdoc])*
        /// Fields are plain texts or `{name}` templates.
        #[derive(Debug)]
        pub struct $table {
            $($(#[doc = $doc])* pub $name: &'static str,)*
        }

        impl $table {
            /// Every text with its field name, in table order (for checks and tooling).
            pub fn entries(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($name), self.$name),)*]
            }

            /// This table with every text passed through `f` (a pseudo-language for tests).
            pub fn map(&self, f: impl Fn(&'static str) -> &'static str) -> $table {
                $table { $($name: f(self.$name),)* }
            }
        }
    };
}

mod assignment_table;
mod audit_table;
mod check_table;
mod en;
mod en_audit;
mod en_check;
mod en_explore;
mod en_kube;
mod en_kube_ha;
mod en_kube_stop;
mod en_workbench;
mod explore_table;
mod kube_ha_table;
mod kube_stop_table;
mod kube_table;
mod table;
mod views;
mod words;
mod workbench_table;

pub use assignment_table::AssignmentMessages;
pub use audit_table::AuditMessages;
pub use check_table::CheckMessages;
pub use en::{EN, EN_ASSIGNMENTS};
pub use en_audit::EN_AUDIT;
pub use en_check::EN_CHECK;
pub use en_explore::EN_EXPLORE;
pub use en_kube::EN_KUBE;
pub use en_kube_ha::EN_KUBE_HA;
pub use en_kube_stop::EN_KUBE_STOP;
pub use en_workbench::EN_WORKBENCH;
pub use explore_table::ExploreMessages;
pub use kube_ha_table::KubeHaMessages;
pub use kube_stop_table::KubeStopMessages;
pub use kube_table::KubeMessages;
pub use table::Messages;
pub use views::HeadingText;
pub use words::{crash_words, CrashWords, ToolbarWords};
pub use workbench_table::WorkbenchMessages;

/// Every language the lab has a table for; the first is the default.
pub static LANGUAGES: [&Messages; 1] = [&EN];

/// The assignments build's tables, one per language of [`LANGUAGES`]. Apart, so the plain lab
/// carries none of these texts.
pub static ASSIGNMENT_LANGUAGES: [&AssignmentMessages; 1] = [&EN_ASSIGNMENTS];

/// `cplab check`'s warnings, one table per language of [`LANGUAGES`]. Apart, so no student's
/// page carries them.
pub static CHECK_LANGUAGES: [&CheckMessages; 1] = [&EN_CHECK];

/// The warnings' texts in the language `lang` names (English if the lab has none).
pub fn check_texts(lang: &str) -> &'static CheckMessages {
    CHECK_LANGUAGES.iter().copied().find(|c| c.lang == lang).unwrap_or(&EN_CHECK)
}

/// The table for `lang` (`en`, or `en-GB` and the like by its first part), if the lab has one.
pub fn for_lang(lang: &str) -> Option<&'static Messages> {
    LANGUAGES.iter().copied().find(|m| speaks(m.lang, lang))
}

/// Whether a table in the language `table` is the one `lang` asks for (by its first part).
fn speaks(table: &str, lang: &str) -> bool {
    table.eq_ignore_ascii_case(lang.split(['-', '_']).next().unwrap_or_default())
}

/// The assignment texts in the language of `t` (English if it has none).
pub fn assignment_texts(t: &Messages) -> &'static AssignmentMessages {
    ASSIGNMENT_LANGUAGES.iter().copied().find(|a| a.lang == t.lang).unwrap_or(&EN_ASSIGNMENTS)
}

/// A template of the assignment texts.
pub type Template = fn(&AssignmentMessages) -> &'static str;

/// What is wrong with a file, said in any language the lab has: a template of the assignment
/// texts and its values (some of them texts of the table too, like "a string").
#[derive(Clone)]
pub struct Problem {
    template: Template,
    args: Vec<(&'static str, Arg)>,
}

/// A value of a [`Problem`].
#[derive(Clone)]
enum Arg {
    Plain(String),
    Text(Template),
}

impl Problem {
    /// The problem `template` says, before its values are added.
    pub fn of(template: Template) -> Problem {
        Problem { template, args: Vec::new() }
    }

    /// The same with `{name}` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Display) -> Problem {
        self.args.push((name, Arg::Plain(value.to_string())));
        self
    }

    /// The same with `{name}` set to another text of the table.
    pub fn with_text(mut self, name: &'static str, text: Template) -> Problem {
        self.args.push((name, Arg::Text(text)));
        self
    }

    /// The problem in `a`'s language.
    pub fn text(&self, a: &AssignmentMessages) -> String {
        let values: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(name, arg)| match arg {
                Arg::Plain(s) => (*name, s.clone()),
                Arg::Text(t) => (*name, t(a).to_string()),
            })
            .collect();
        let args: Vec<(&str, &dyn Display)> = values.iter().map(|(n, v)| (*n, v as &dyn Display)).collect();
        fill((self.template)(a), &args)
    }
}

/// In English.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN_ASSIGNMENTS))
    }
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Problem({:?})", self.to_string())
    }
}

/// Two problems are the same when they say the same (templates are compared by their text).
impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Problem {}

impl AssignmentMessages {
    /// The limit a run reached.
    pub fn step_limit(&self, limit: &TraceLimit) -> String {
        match *limit {
            TraceLimit::Steps(n) => fill(self.e_step_limit, &[("steps", &n)]),
            TraceLimit::ItemReads(n) => fill(self.e_read_limit, &[("items", &n)]),
            TraceLimit::Keys(n) => fill(self.e_key_limit, &[("keys", &n)]),
        }
    }
}

/// In English (the CLI's words).
impl fmt::Display for TraceLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&EN_ASSIGNMENTS.step_limit(self))
    }
}

impl std::error::Error for TraceLimit {}

/// `template` with each `{name}` replaced by its value in `args`. A placeholder with no value
/// stays as it is (a test checks that none does).
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let found = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter().find(|(n, _)| *n == name).map(|(_, value)| (value, close))
        });
        match found {
            Some((value, close)) => {
                out.push_str(&value.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `{name}` placeholders of a template, in order.
pub fn placeholders(template: &str) -> Vec<&str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(name, _)| name))
        .filter(|name| !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        .collect()
}

impl Messages {
    /// A part's name.
    pub fn part(&self, part: Part) -> &'static str {
        match part {
            Part::ApiServer => self.part_api_server,
            Part::StateStore => self.part_state_store,
            Part::Scheduler => self.part_scheduler,
            Part::ControllerManager => self.part_controller_manager,
            Part::NodeAgents => self.part_node_agents,
        }
    }

    /// A part's name in Kubernetes (the glossary says what each one is).
    pub fn real(&self, part: Part) -> &'static str {
        match part {
            Part::ApiServer => self.real_api_server,
            Part::StateStore => self.real_state_store,
            Part::Scheduler => self.real_scheduler,
            Part::ControllerManager => self.real_controller_manager,
            Part::NodeAgents => self.real_node_agents,
        }
    }

    /// A failure-matrix row's name: the parts down (the whole control plane has a name of its
    /// own), or none.
    pub fn down(&self, down: PartSet) -> String {
        if down.is_empty() {
            return self.part_none.to_string();
        }
        if down == PartSet::CONTROL_PLANE {
            return self.part_control_plane.to_string();
        }
        down.parts().map(|p| self.part(p)).collect::<Vec<_>>().join(" + ")
    }

    /// A trace op.
    pub fn op(&self, op: Op) -> &'static str {
        match op {
            Op::Read => self.op_read,
            Op::Write => self.op_write,
            Op::Remove => self.op_remove,
        }
    }

    /// A verdict word.
    pub fn verdict(&self, v: Verdict) -> &'static str {
        match v {
            Verdict::Done => self.verdict_done,
            Verdict::Half => self.verdict_half,
            Verdict::Halted => self.verdict_halted,
            Verdict::Unknown => self.verdict_unknown,
        }
    }

    /// A store value, shortly: `desired 5`, `node node/m1, pending`, `capacity 4, alive`.
    pub fn value(&self, value: &Value) -> String {
        match value {
            Value::Service(s) => fill(self.value_service, &[("desired", &s.desired)]),
            Value::Copy(c) => {
                let status = match c.status {
                    Status::Pending => self.status_pending,
                    Status::Running => self.status_running,
                    Status::Dead => self.status_dead,
                };
                match &c.node {
                    Some(node) => fill(self.value_copy_placed, &[("node", node), ("status", &status)]),
                    None => fill(self.value_copy_unplaced, &[("status", &status)]),
                }
            }
            Value::Node(n) => {
                let health = match n.health {
                    Health::Alive => self.health_alive,
                    Health::Dead => self.health_dead,
                };
                fill(self.value_node, &[("capacity", &n.capacity), ("health", &health)])
            }
        }
    }

    /// The API server's answer to a request.
    pub fn answer(&self, response: &Response) -> &'static str {
        match response {
            Response::Written => self.answer_written,
            Response::OutOfSchema => self.answer_out_of_schema,
            Response::Unavailable(Part::ApiServer) => self.answer_api_down,
            Response::Unavailable(_) => self.answer_store_down,
        }
    }

    /// Why a decision of a failure-matrix row is not done.
    pub fn reason(&self, reason: &Reason) -> String {
        let answer = |a: &Option<Response>| a.as_ref().map_or(self.no_answer, |r| self.answer(r));
        match reason {
            Reason::ScaleHalf { down } if down.contains(Part::Scheduler) => {
                self.why_scale_half_scheduler.to_string()
            }
            Reason::ScaleHalf { down } if down.contains(Part::NodeAgents) => {
                self.why_scale_half_nodes.to_string()
            }
            Reason::ScaleHalf { .. } => self.why_scale_half.to_string(),
            Reason::ScaleNotActedOn => self.why_scale_halted_cm.to_string(),
            Reason::ScaleNeverLanded { answer: a } => fill(self.why_scale_halted, &[("answer", &answer(a))]),
            Reason::FailureUnknown { answer: a } => fill(self.why_failure_unknown, &[("answer", &answer(a))]),
            Reason::FailureNotActedOn { part } => {
                fill(self.why_failure_halted, &[("part", &self.part(*part))])
            }
            Reason::FailureHalf => self.why_failure_half.to_string(),
            Reason::NodeNeverLanded { answer: a } => fill(self.why_node_halted, &[("answer", &answer(a))]),
            Reason::ReadsHalted => self.why_reads_halted.to_string(),
        }
    }

    /// One sentence for step number `number` (1-based) of `total`, as the live region reads it:
    /// `Step 8 of 17: scheduler writes copy/collector-4, node node/m1, pending`. Before any step
    /// (`step` none) it says how many steps there are.
    pub fn narrate(&self, step: Option<&Step>, number: usize, total: &dyn Display) -> String {
        let Some(step) = step else {
            return fill(self.narrate_start, &[("total", total)]);
        };
        // The node agents are many: "node agents read", not "reads".
        let many = step.component == Part::NodeAgents;
        let pick = |one: &'static str, plural: &'static str| if many { plural } else { one };
        let what = match (step.op, &step.value) {
            (Op::Read, _) => fill(
                pick(self.narrate_read, self.narrate_read_many),
                &[("key", &step.key), ("items", &self.items(step.items))],
            ),
            (Op::Write, Some(v)) => fill(
                pick(self.narrate_write, self.narrate_write_many),
                &[("key", &step.key), ("value", &self.value(v))],
            ),
            (Op::Write, None) => {
                fill(pick(self.narrate_write_key, self.narrate_write_key_many), &[("key", &step.key)])
            }
            (Op::Remove, _) => {
                fill(pick(self.narrate_remove, self.narrate_remove_many), &[("key", &step.key)])
            }
        };
        fill(
            self.narrate_step,
            &[("step", &number), ("total", total), ("part", &self.part(step.component)), ("what", &what)],
        )
    }

    /// A change at the start of a round: `scheduler comes back`.
    pub fn change(&self, change: &Change) -> String {
        match change {
            Change::Down(p) => fill(self.change_down, &[("part", &self.part(*p))]),
            Change::Up(p) => fill(self.change_up, &[("part", &self.part(*p))]),
            Change::Report => self.change_report.to_string(),
            Change::Request(r) => fill(self.change_request, &[("key", &r.key)]),
        }
    }

    /// `1 item` or `{n} items`.
    pub fn items(&self, n: usize) -> String {
        if n == 1 {
            self.items_one.to_string()
        } else {
            fill(self.items_many, &[("n", &n)])
        }
    }
}

#[cfg(test)]
mod tests;
