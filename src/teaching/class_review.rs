//! Class review (issue 21): many students' exported reports at once, per question how many were
//! right and the most common wrong answers, the misconceptions of a class, with no server. Each
//! report is marked anew by [`review`] (the single-report review's function): no score or mark
//! is taken from a file. Reports of another assignment, and unreadable ones, are named and
//! skipped; the same report given twice (its JSON and its CSV, say) is counted once, and named
//! ([`same_report`]).

use super::assignment::Assignment;
use super::report::Report;
use super::review::{read_report, review, Review, ReviewedAttempt};
use super::same_report::same_report;
use crate::formats::assignment_json;
use crate::messages::{fill, AssignmentMessages, Messages, WorkbenchMessages};
use crate::model::Limits;
use std::collections::BTreeMap;

/// Most wrong answers listed per question.
pub const MOST_WRONG: usize = 3;

/// One question across the class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The item id.
    pub id: String,
    /// Its label in English.
    pub label: String,
    /// The correct answer.
    pub answer: String,
    /// Reports that got it right.
    pub right: usize,
    /// Reports counted.
    pub of: usize,
    /// The most common wrong answers, as typed (trimmed; blank: nothing typed), with how many
    /// typed each: most first, then by text; at most [`MOST_WRONG`].
    pub wrong: Vec<(String, usize)>,
}

/// Why a file was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// Not a report the lab reads (the reader's message).
    Unreadable(String),
    /// A report of another assignment (its title).
    OtherAssignment(String),
}

impl Skip {
    /// What it says, in `a`'s language.
    pub fn text(&self, a: &AssignmentMessages) -> String {
        match self {
            Skip::Unreadable(why) => fill(a.class_unreadable, &[("why", why)]),
            Skip::OtherAssignment(title) => {
                fill(a.class_other_assignment, &[("title", &crate::formats::json::quoted(title))])
            }
        }
    }
}

/// One student's report, marked anew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudentScore {
    /// The file it came in.
    pub file: String,
    /// The name or id the student typed (blank: none typed).
    pub student: String,
    /// Correct answers and items, recomputed (never the file's claim).
    pub score: (usize, usize),
    /// The items missed, by their labels, in the assignment's order.
    pub missed: Vec<String>,
}

/// The class's reports reviewed together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassReview {
    /// Each item of the assignment, in its order.
    pub tallies: Vec<Tally>,
    /// The files counted, in the order given.
    pub counted: Vec<String>,
    /// Each report counted, its student and score, in the order given.
    pub students: Vec<StudentScore>,
    /// Files whose claimed score or marks differ from the recomputed ones (counted as marked;
    /// a duplicate among them too, so an edit is never hidden by the twin that was counted).
    pub edited: Vec<String>,
    /// Files that are the same report as one counted before them, with that one's name: each
    /// report counts once, however many files carry it.
    pub duplicates: Vec<(String, String)>,
    /// Files left out, and why.
    pub skipped: Vec<(String, Skip)>,
}

/// `a` with what it asks in one order (counts, matrix rows and cells, questions): two files
/// that ask the same in another order are one assignment. Each item's id is its content
/// (`steps`, `matrix.API server.scale`, a question's own), so answers are tallied by id.
fn in_one_order(a: &Assignment) -> Assignment {
    let mut a = a.clone();
    a.predict.sort_by_key(|q| q.id());
    if let Some(m) = &mut a.matrix {
        m.rows.sort_by_key(|&r| crate::formats::tables::row_name(r));
        m.cells.sort_by_key(|c| c.id());
    }
    a.ask.sort_by_key(|q| q.id());
    a
}

/// Reviews `files` (name, text) against `assignment`: a report counts when the assignment it
/// carries reads as the same assignment (its file may be formatted otherwise, and ask the same
/// in another order).
pub fn class_review(
    assignment: &Assignment,
    files: &[(String, String)],
    limits: Limits,
    t: &Messages,
    a: &AssignmentMessages,
) -> ClassReview {
    let mut out = ClassReview {
        tallies: Vec::new(),
        counted: Vec::new(),
        students: Vec::new(),
        edited: Vec::new(),
        duplicates: Vec::new(),
        skipped: Vec::new(),
    };
    // Each tally's wrong answers as typed, with how many typed each.
    let mut wrong: Vec<BTreeMap<String, usize>> = Vec::new();
    // The reports counted so far, by file, to find a report given again.
    let mut reports: Vec<(String, Report)> = Vec::new();
    let ours = in_one_order(assignment);
    for (name, text) in files {
        let (report, r) = match reviewed(text, &ours, limits, t, a) {
            Ok(both) => both,
            Err(skip) => {
                out.skipped.push((name.clone(), skip));
                continue;
            }
        };
        if r.last.claims_differ() {
            out.edited.push(name.clone());
        }
        if let Some((first, _)) = reports.iter().find(|(_, counted)| same_report(counted, &report)) {
            out.duplicates.push((name.clone(), first.clone()));
            continue;
        }
        let missed = r.last.lines.iter().filter(|l| !l.marked.correct);
        out.students.push(StudentScore {
            file: name.clone(),
            student: report.student.clone(),
            score: r.last.score,
            missed: missed.map(|l| l.marked.item.label.clone()).collect(),
        });
        reports.push((name.clone(), report));
        tally(&mut out.tallies, &mut wrong, &r.last);
        out.counted.push(name.clone());
    }
    in_teachers_order(assignment, limits, &mut out.tallies, wrong);
    out
}

/// The report in `text` and its review, or why it is left out: unreadable, or a report of
/// another assignment than `ours` (in one order).
fn reviewed(
    text: &str,
    ours: &Assignment,
    limits: Limits,
    t: &Messages,
    a: &AssignmentMessages,
) -> Result<(Report, Review), Skip> {
    let report = read_report(text).map_err(|e| Skip::Unreadable(e.text(a)))?;
    if assignment_json::parse(&report.assignment).ok().map(|a| in_one_order(&a)).as_ref() != Some(ours) {
        return Err(Skip::OtherAssignment(report.title.clone()));
    }
    let r = review(&report, limits, t).map_err(|e| Skip::Unreadable(e.text(a)))?;
    Ok((report, r))
}

/// Counts one report's marked lines: the first report counted gives the tallies' items.
fn tally(tallies: &mut Vec<Tally>, wrong: &mut Vec<BTreeMap<String, usize>>, last: &ReviewedAttempt) {
    if tallies.is_empty() {
        *tallies = last
            .lines
            .iter()
            .map(|l| Tally {
                id: l.marked.item.id.clone(),
                label: l.marked.item.label.clone(),
                answer: l.marked.item.answer.to_string(),
                right: 0,
                of: 0,
                wrong: Vec::new(),
            })
            .collect();
        *wrong = vec![BTreeMap::new(); tallies.len()];
    }
    for line in &last.lines {
        let Some(at) = tallies.iter().position(|t| t.id == line.marked.item.id) else { continue };
        let (tally, wrong) = (&mut tallies[at], &mut wrong[at]);
        tally.of += 1;
        if line.marked.correct {
            tally.right += 1;
        } else {
            *wrong.entry(line.marked.typed.trim().to_string()).or_insert(0) += 1;
        }
    }
}

/// The tallies in the teacher's order (the answer key's), each with its [`MOST_WRONG`] most
/// common wrong answers.
fn in_teachers_order(
    assignment: &Assignment,
    limits: Limits,
    tallies: &mut Vec<Tally>,
    mut wrong: Vec<BTreeMap<String, usize>>,
) {
    if let Ok(items) = assignment.answer_key_within(limits) {
        let mut both: Vec<(Tally, BTreeMap<String, usize>)> = tallies.drain(..).zip(wrong).collect();
        both.sort_by_key(|(t, _)| items.iter().position(|i| i.id == t.id));
        (*tallies, wrong) = both.into_iter().unzip();
    }
    for (tally, wrong) in tallies.iter_mut().zip(wrong) {
        let mut all: Vec<(String, usize)> = wrong.into_iter().collect();
        all.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
        all.truncate(MOST_WRONG);
        tally.wrong = all;
    }
}

/// What a duplicate says: `name` is the same report as `first`, counted once.
pub fn duplicate_text(name: &str, first: &str, w: &WorkbenchMessages) -> String {
    fill(w.class_duplicate, &[("name", &name), ("first", &first)])
}

/// The review as text (the golden tests read it): each question, then the files counted,
/// edited, given twice and skipped.
pub fn class_table(c: &ClassReview, a: &AssignmentMessages, w: &WorkbenchMessages) -> String {
    let mut out = String::new();
    for t in &c.tallies {
        let wrong: Vec<String> = t
            .wrong
            .iter()
            .map(|(typed, n)| {
                format!(
                    "{} x{n}",
                    if typed.is_empty() {
                        "(blank)".to_string()
                    } else {
                        crate::formats::json::quoted(typed)
                    }
                )
            })
            .collect();
        out.push_str(&format!(
            "{}: {}/{} right (answer {}); wrong: {}\n",
            t.id,
            t.right,
            t.of,
            t.answer,
            wrong.join(", ")
        ));
    }
    out.push_str(&format!("counted: {}\n", c.counted.join(", ")));
    for s in &c.students {
        let who = if s.student.is_empty() {
            "(no name)".to_string()
        } else {
            crate::formats::json::quoted(&s.student)
        };
        let (right, of) = s.score;
        let missed = if s.missed.is_empty() { "none".to_string() } else { s.missed.join(", ") };
        out.push_str(&format!("{who} ({}): {right}/{of}; missed: {missed}\n", s.file));
    }
    out.push_str(&format!("scores edited: {}\n", c.edited.join(", ")));
    for (name, first) in &c.duplicates {
        out.push_str(&format!("{}\n", duplicate_text(name, first, w)));
    }
    for (name, why) in &c.skipped {
        out.push_str(&format!("skipped {name}: {}\n", why.text(a)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{EN, EN_ASSIGNMENTS, EN_WORKBENCH};
    use crate::teaching::marking::mark;
    use crate::teaching::report::{report, report_json};
    use crate::teaching::report_csv::report_csv;
    use std::path::PathBuf;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    fn shipped(name: &str) -> String {
        std::fs::read_to_string(root().join("assignments").join(name)).unwrap()
    }

    /// A report the lab makes of `typed` for the assignment file `text`.
    fn made(text: &str, typed: &[(&str, &str)], student: &str) -> crate::teaching::report::Report {
        let a = assignment_json::parse(text).unwrap();
        let items = a.answer_key().unwrap();
        let typed = typed.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        report(&a, text, &mark(&items, &typed), "2026-12-01T09:00:00Z", &[], student)
    }

    /// The class's folder: what the lab exports for five students, and three files that must
    /// not count as they claim.
    fn class() -> Vec<(String, String)> {
        let trace = shipped("lesson-trace.json");
        let all = [
            ("components", "4"),
            ("steps", "17"),
            ("reads", "50"),
            ("writes", "7"),
            ("revision", "7"),
            ("rounds", "2"),
        ];
        let partly = [
            ("components", "5"),
            ("steps", "12"),
            ("reads", "50"),
            ("writes", "7"),
            ("revision", "7"),
            ("rounds", "1"),
        ];
        let other = [
            ("components", "5"),
            ("steps", "12"),
            ("reads", "40"),
            ("writes", "5"),
            ("revision", "5"),
            ("rounds", "1"),
        ];
        let mut edited = made(&trace, &other, "Dana");
        edited.lines.iter_mut().for_each(|l| l.correct = true);
        (edited.correct, edited.total) = (6, 6);
        let corrupt = report_json(&made(&trace, &all, "Eli"));
        let beyond = made(&shipped("beyond-the-tables.json"), &[("round.2.reads", "20")], "Fay");
        // Ana's CSV of the same attempt, exported a few seconds after her JSON.
        let mut ana_csv = made(&trace, &all, "Ana");
        ana_csv.time = "2026-12-01T09:00:07Z".into();
        vec![
            ("ana.json".into(), report_json(&made(&trace, &all, "Ana"))),
            ("ana.csv".into(), report_csv(&ana_csv)),
            ("ben.json".into(), report_json(&made(&trace, &partly, "Ben"))),
            ("cy.csv".into(), report_csv(&made(&trace, &partly, "Cy"))),
            ("dana-edited.json".into(), report_json(&edited)),
            ("eli-corrupt.json".into(), corrupt[..corrupt.len() / 2].to_string()),
            ("fay-other.json".into(), report_json(&beyond)),
            ("gus.csv".into(), report_csv(&made(&trace, &[("steps", " 17 "), ("rounds", "")], "Gus"))),
        ]
    }

    #[test]
    fn a_class_folder_gives_the_golden_table() {
        let dir = root().join("tests/golden/workbench/class");
        let files = class();
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            for (name, text) in &files {
                std::fs::write(dir.join(name), text).unwrap();
            }
        }
        // The folder the e2e test drops is the one made here.
        for (name, text) in &files {
            assert_eq!(&std::fs::read_to_string(dir.join(name)).unwrap(), text, "{name}");
        }
        let a = assignment_json::parse(&shipped("lesson-trace.json")).unwrap();
        let c = class_review(&a, &files, Limits::MODEL, &EN, &EN_ASSIGNMENTS);
        let table = class_table(&c, &EN_ASSIGNMENTS, &EN_WORKBENCH);
        let golden = root().join("tests/golden/workbench/class_review.txt");
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&golden, &table).unwrap();
        }
        assert_eq!(table, std::fs::read_to_string(golden).unwrap());
        // The edited file counts as marked, not as claimed: Dana got none right.
        assert_eq!(c.edited, ["dana-edited.json"]);
        assert_eq!((c.tallies[0].id.as_str(), c.tallies[0].right), ("steps", 2));
        assert_eq!(c.counted.len(), 5);
        // Ana's CSV is her JSON's report: counted once. Ben and Cy typed alike: two students.
        assert_eq!(c.duplicates, [("ana.csv".to_string(), "ana.json".to_string())]);
        assert!(table.contains("\nana.csv is the same report as ana.json: counted once\n"), "{table}");
        assert_eq!(c.tallies[0].of, 5);
        assert_eq!(
            c.skipped.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["eli-corrupt.json", "fay-other.json"]
        );
    }

    #[test]
    fn the_same_assignment_formatted_otherwise_still_counts() {
        let trace = shipped("lesson-trace.json");
        let compact =
            serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&trace).unwrap()).unwrap();
        let files = vec![("x.json".to_string(), report_json(&made(&compact, &[("steps", "17")], "X")))];
        let a = assignment_json::parse(&trace).unwrap();
        let c = class_review(&a, &files, Limits::MODEL, &EN, &EN_ASSIGNMENTS);
        assert_eq!((c.counted.len(), c.skipped.len(), c.tallies[0].right), (1, 0, 1));
    }

    #[test]
    fn the_same_questions_in_another_order_are_the_same_assignment_tallied_by_id() {
        let trace = shipped("lesson-trace.json");
        let mut doc: serde_json::Value = serde_json::from_str(&trace).unwrap();
        doc["predict"] = serde_json::json!(["components", "rounds", "revision", "writes", "reads", "steps"]);
        let reordered = serde_json::to_string(&doc).unwrap();
        let files = vec![
            ("x.json".to_string(), report_json(&made(&reordered, &[("steps", "17"), ("reads", "40")], "X"))),
            ("y.json".to_string(), report_json(&made(&trace, &[("steps", "16"), ("reads", "50")], "Y"))),
        ];
        let a = assignment_json::parse(&trace).unwrap();
        let c = class_review(&a, &files, Limits::MODEL, &EN, &EN_ASSIGNMENTS);
        assert_eq!((c.counted.len(), c.skipped.len()), (2, 0));
        let tallied: Vec<String> =
            c.tallies.iter().map(|t| format!("{} {}/{} {:?}", t.id, t.right, t.of, t.wrong)).collect();
        // Listed in the teacher's order, each answer tallied under its own item.
        assert_eq!(
            tallied,
            [
                r#"steps 1/2 [("16", 1)]"#,
                r#"reads 1/2 [("40", 1)]"#,
                r#"writes 0/2 [("", 2)]"#,
                r#"revision 0/2 [("", 2)]"#,
                r#"rounds 0/2 [("", 2)]"#,
                r#"components 0/2 [("", 2)]"#
            ]
        );
    }
}
