//! The lab report as CSV, for spreadsheets, and read back for review. Beside one row per item
//! and the score, the CSV carries what a review needs to recompute the marks: each earlier
//! attempt's predictions (`attempt N prediction` rows) and the assignment document itself (the
//! `assignment` row), so a CSV is reviewed exactly like the JSON it was made from.

use super::report::{Report, ReportAttempt, ReportLine, RECORD_VERSION};
use crate::formats::InputError;
use crate::messages::Problem;

/// The CSV's first row.
const HEADER: &str = "id,label,predicted,actual,difference,correct";

/// The report as CSV: one row per item, then the score, the time, each earlier attempt (its
/// score, then its predictions) and the assignment.
pub fn report_csv(r: &Report) -> String {
    let mut out = format!("{HEADER}\n");
    let mut row = |cells: &[&str]| {
        out.push_str(&cells.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    };
    for l in &r.lines {
        let diff = l.difference.map(|d| d.to_string()).unwrap_or_default();
        let mark = if l.correct { "yes" } else { "no" };
        row(&[&l.id, &l.label, &l.predicted, &l.actual, &diff, mark]);
    }
    row(&["score", &format!("{}/{}", r.correct, r.total), "", "", "", ""]);
    row(&["time", &r.time, "", "", "", ""]);
    for (i, a) in r.attempts.iter().enumerate() {
        let name = format!("attempt {}", i + 1);
        row(&[&name, &format!("{}/{}", a.correct, a.total), &a.ended_at, "", "", ""]);
        let name = format!("{name} prediction");
        for (id, typed) in &a.predictions {
            row(&[&name, id, typed, "", "", ""]);
        }
    }
    row(&["assignment", &r.assignment, "", "", "", ""]);
    out
}

fn csv_cell(s: &str) -> String {
    // A leading = + - @ would be a formula in a spreadsheet: quote it with a leading apostrophe.
    let s = if is_formula(s) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

fn is_formula(s: &str) -> bool {
    s.starts_with(['=', '+', '-', '@']) && s.parse::<f64>().is_err()
}

/// A cell as it was before [`csv_cell`] guarded it against formulas. (A prediction typed with
/// its own leading apostrophe before a formula sign reads back without it: either way it is not
/// an answer, so its mark is the same.)
fn uncell(cell: String) -> String {
    match cell.strip_prefix('\'') {
        Some(rest) if is_formula(rest) => rest.to_string(),
        _ => cell,
    }
}

/// The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks; rows
/// end in LF or CRLF, as a spreadsheet saves them), each with its line number.
fn rows(text: &str) -> Result<Vec<(usize, Vec<String>)>, InputError> {
    let mut rows = Vec::new();
    let (mut row, mut cell) = (Vec::new(), String::new());
    let (mut line, mut row_line, mut quoted) = (1, 1, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') if cell.is_empty() => quoted = true,
            (false, ',') => row.push(uncell(std::mem::take(&mut cell))),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                row.push(uncell(std::mem::take(&mut cell)));
                rows.push((row_line, std::mem::take(&mut row)));
                line += 1;
                row_line = line;
            }
            (_, c) => {
                line += usize::from(c == '\n');
                cell.push(c);
            }
        }
    }
    if quoted {
        return Err(at(row_line, Problem::of(|a| a.e_csv_quote)));
    }
    if !cell.is_empty() || !row.is_empty() {
        row.push(uncell(cell));
        rows.push((row_line, row));
    }
    Ok(rows)
}

fn at(line: usize, problem: Problem) -> InputError {
    InputError { path: format!("line {line}"), problem }
}

/// A `correct/total` cell.
fn fraction(line: usize, cell: &str) -> Result<(usize, usize), InputError> {
    cell.split_once('/')
        .and_then(|(c, t)| Some((c.parse().ok()?, t.parse().ok()?)))
        .ok_or_else(|| at(line, Problem::of(|a| a.e_csv_value).with("found", cell)))
}

/// Reads the lab's own CSV export back into the report it was made from.
pub fn parse_report_csv(text: &str) -> Result<Report, InputError> {
    let rows = rows(text.strip_prefix('\u{feff}').unwrap_or(text))?;
    let mut rows = rows.into_iter().filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()));
    match rows.next() {
        Some((_, cells)) if cells.join(",") == HEADER => {}
        _ => return Err(at(1, Problem::of(|a| a.e_csv_header).with("header", HEADER))),
    }
    let mut r = Report {
        version: RECORD_VERSION,
        title: String::new(),
        assignment: String::new(),
        lines: Vec::new(),
        correct: 0,
        total: 0,
        time: String::new(),
        attempts: Vec::new(),
    };
    let (mut scored, mut carried) = (false, false);
    for (line, mut cells) in rows {
        cells.resize(6, String::new());
        let [id, label, predicted, actual, difference, correct] = <[String; 6]>::try_from(cells)
            .map_err(|_| at(line, Problem::of(|a| a.e_csv_row).with("found", "")))?;
        let attempt = id.strip_prefix("attempt ");
        match (id.as_str(), attempt) {
            ("score", _) => ((r.correct, r.total), scored) = (fraction(line, &label)?, true),
            ("time", _) => r.time = label,
            ("assignment", _) => (r.assignment, carried) = (label, true),
            (_, Some(n)) if n.ends_with(" prediction") => {
                let Some(a) = r.attempts.last_mut() else {
                    return Err(at(line, Problem::of(|a| a.e_csv_row).with("found", &id)));
                };
                a.predictions.insert(label, predicted);
            }
            (_, Some(_)) => {
                let (correct, total) = fraction(line, &label)?;
                let predictions = Default::default();
                r.attempts.push(ReportAttempt { predictions, correct, total, ended_at: predicted });
            }
            // Items come before the score; anything else is not a row this lab writes.
            _ if !scored => {
                let difference = match difference.as_str() {
                    "" => None,
                    d => Some(
                        d.parse().map_err(|_| at(line, Problem::of(|a| a.e_csv_value).with("found", d)))?,
                    ),
                };
                let correct = match correct.as_str() {
                    "yes" => true,
                    "no" => false,
                    other => return Err(at(line, Problem::of(|a| a.e_csv_value).with("found", other))),
                };
                r.lines.push(ReportLine { id, label, predicted, actual, difference, correct });
            }
            _ => return Err(at(line, Problem::of(|a| a.e_csv_row).with("found", &id))),
        }
    }
    if !carried {
        return Err(InputError { path: String::new(), problem: Problem::of(|a| a.e_csv_no_assignment) });
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::marking::mark;
    use crate::teaching::report::{parse_report, report, report_json, Attempt};
    use std::collections::BTreeMap;

    fn typed(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_csv_export_reads_back_as_the_report_it_was_made_from() {
        let text = "{\"version\": 1, \"title\": \"T, \\\"q\\\"\",\n \"predict\": [\"steps\", \"reads\"], \"retries\": 2}";
        let a = crate::formats::assignment_json::parse(text).unwrap();
        let items = a.answer_key().unwrap();
        let first =
            Attempt { predictions: typed(&[("steps", "-3"), ("reads", "=1")]), ended_at: "t1".into() };
        let now = typed(&[("steps", "+17"), ("reads", "@x, \"y\"\nz")]);
        let mut r = report(&a, text, &mark(&items, &now), "2026-11-29T10:00:00Z", &[first]);
        let csv = report_csv(&r);
        assert!(csv.contains("\nattempt 1,0/2,t1,,,\nattempt 1 prediction,reads,'=1,,,\n"), "{csv}");
        let back = parse_report_csv(&csv).unwrap();
        // The CSV has no title of its own: the assignment it carries has it.
        r.title = String::new();
        assert_eq!(back, r);
        // As a spreadsheet saves it: CRLF line ends and a byte-order mark (the line break in a
        // cell becomes CRLF too, here).
        let saved = parse_report_csv(&format!("\u{feff}{}", csv.replace('\n', "\r\n"))).unwrap();
        assert_eq!((&saved.lines[0], &saved.attempts), (&r.lines[0], &r.attempts));
        assert_eq!(parse_report(&report_json(&r)).unwrap().attempts, back.attempts);
    }

    #[test]
    fn a_csv_that_is_not_the_labs_says_where() {
        let err = |csv: &str| parse_report_csv(csv).unwrap_err().to_string();
        assert!(err("a,b\n").starts_with("line 1: the first line must be"), "{}", err("a,b\n"));
        let head = format!("{HEADER}\n");
        assert_eq!(
            err(&format!("{head}steps,x,1,2,3,maybe\n")),
            "line 2: \"maybe\" is not what this lab writes there"
        );
        assert_eq!(
            err(&format!("{head}score,1/x,,,,\n")),
            "line 2: \"1/x\" is not what this lab writes there"
        );
        assert!(err(&format!("{head}\"steps,x\n")).starts_with("line 2: a quoted cell is never closed"));
        assert!(err(&format!("{head}score,0/0,,,,\nsteps,,,,,no\n"))
            .starts_with("line 3: a row this lab's CSV never has"));
        // A CSV exported before reports carried their assignment cannot be recomputed.
        assert!(err(&format!("{head}score,0/0,,,,\n")).contains("carries no assignment"));
    }
}
