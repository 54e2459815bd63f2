//! The lab report as CSV, for spreadsheets, and read back for review. Beside one row per item
//! and the score, the CSV carries what a review needs to recompute the marks: each earlier
//! attempt's predictions (a row per prediction, numbered by its attempt in the `attempt` column)
//! and the assignment document itself (the `assignment` row), so a CSV is reviewed exactly like
//! the JSON it was made from. Scores and times have columns of their own (`score`, `time`),
//! never the `label` column.

use super::report::{Report, ReportAttempt, ReportLine, RECORD_VERSION};
use crate::formats::json::shown;
use crate::formats::InputError;
use crate::messages::Problem;

/// The CSV's first row. Each prediction row says which attempt it belongs to (`attempt`); the
/// `score` and `attempt` rows give an attempt's score and when it ended in columns of their own,
/// so a spreadsheet can sort and filter by them.
pub(crate) const HEADER: &str = "id,label,predicted,actual,difference,correct,attempt,score,time";
/// The first row the lab's CSV had before attempts had columns of their own: still read, so a
/// report exported then is still reviewed.
const HEADER_V1: &str = "id,label,predicted,actual,difference,correct";
/// Columns of a row.
const COLUMNS: usize = 9;

/// The report as CSV: one row per item of the last attempt, its score and time, then each
/// earlier attempt (its score and time, then its predictions), then the assignment.
pub fn report_csv(r: &Report) -> String {
    let mut out = format!("{HEADER}\n");
    let mut row = |cells: [&str; COLUMNS]| {
        out.push_str(&cells.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    };
    let last = (r.attempts.len() + 1).to_string();
    for l in &r.lines {
        let diff = l.difference.map(|d| d.to_string()).unwrap_or_default();
        let mark = if l.correct { "yes" } else { "no" };
        row([&l.id, &l.label, &l.predicted, &l.actual, &diff, mark, &last, "", ""]);
    }
    row(["score", "", "", "", "", "", &last, &format!("{}/{}", r.correct, r.total), &r.time]);
    for (i, a) in r.attempts.iter().enumerate() {
        let n = (i + 1).to_string();
        row(["attempt", "", "", "", "", "", &n, &format!("{}/{}", a.correct, a.total), &a.ended_at]);
        for (id, typed) in &a.predictions {
            // The item's label, for people reading the spreadsheet (the reader goes by id).
            let label = r.lines.iter().find(|l| l.id == *id).map_or("", |l| l.label.as_str());
            row([id, label, typed, "", "", "", &n, "", ""]);
        }
    }
    if !r.student.is_empty() {
        row(["student", &r.student, "", "", "", "", "", "", ""]);
    }
    row(["assignment", &r.assignment, "", "", "", "", "", "", ""]);
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
    s.starts_with(['=', '+', '-', '@']) && !is_float(s)
}

/// Whether `s.parse::<f64>()` would succeed (Rust's float grammar: a sign, then `inf`,
/// `infinity` or `nan` in any case, or digits with an optional point and exponent), checked
/// without Rust's float parser, whose code and tables the assignment page would otherwise carry
/// for this one test.
fn is_float(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    if ["inf", "infinity", "nan"].iter().any(|w| s.eq_ignore_ascii_case(w)) {
        return true;
    }
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let whole = digits(s);
    let mut rest = &s[whole..];
    let mut fraction = 0;
    if let Some(after) = rest.strip_prefix('.') {
        fraction = digits(after);
        rest = &after[fraction..];
    }
    if whole + fraction == 0 {
        return false;
    }
    match rest.strip_prefix(['e', 'E']) {
        None => rest.is_empty(),
        Some(exp) => {
            let exp = exp.strip_prefix(['+', '-']).unwrap_or(exp);
            !exp.is_empty() && digits(exp) == exp.len()
        }
    }
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
        .ok_or_else(|| at(line, Problem::of(|a| a.e_csv_value).with("found", shown(cell))))
}

/// A row of the CSV before attempts had columns of their own, in today's columns: `score,S`,
/// `time,T`, `attempt N,S,T` and `attempt N prediction,ID,TYPED`.
fn from_v1(mut cells: Vec<String>) -> Vec<String> {
    cells.resize(COLUMNS, String::new());
    let id = cells[0].clone();
    // Today's row as (column, value): the id, then what moved.
    let placed: Vec<(usize, String)> = match id.strip_prefix("attempt ") {
        None if id == "score" => vec![(0, id), (7, std::mem::take(&mut cells[1]))],
        None if id == "time" => vec![(0, id), (8, std::mem::take(&mut cells[1]))],
        None => return cells,
        Some(n) => match n.strip_suffix(" prediction") {
            Some(n) => {
                vec![(0, std::mem::take(&mut cells[1])), (2, std::mem::take(&mut cells[2])), (6, n.into())]
            }
            None => vec![
                (0, "attempt".into()),
                (6, n.into()),
                (7, std::mem::take(&mut cells[1])),
                (8, std::mem::take(&mut cells[2])),
            ],
        },
    };
    let mut row = vec![String::new(); COLUMNS];
    for (i, value) in placed {
        row[i] = value;
    }
    row
}

/// Reads the lab's own CSV export back into the report it was made from (today's, or one
/// exported before attempts had columns of their own).
pub fn parse_report_csv(text: &str) -> Result<Report, InputError> {
    let rows = rows(text.strip_prefix('\u{feff}').unwrap_or(text))?;
    let mut rows = rows.into_iter().filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()));
    let v1 = match rows.next() {
        Some((_, cells)) if cells.join(",") == HEADER => false,
        Some((_, cells)) if cells.join(",") == HEADER_V1 => true,
        _ => return Err(at(1, Problem::of(|a| a.e_csv_header).with("header", HEADER))),
    };
    let mut r = Report {
        version: RECORD_VERSION,
        title: String::new(),
        assignment: String::new(),
        lines: Vec::new(),
        correct: 0,
        total: 0,
        time: String::new(),
        attempts: Vec::new(),
        student: String::new(),
    };
    let (mut scored, mut carried) = (false, false);
    for (line, cells) in rows {
        let mut cells = if v1 { from_v1(cells) } else { cells };
        cells.resize(COLUMNS, String::new());
        let [id, label, predicted, actual, difference, correct, attempt, score, time] =
            <[String; COLUMNS]>::try_from(cells)
                .map_err(|_| at(line, Problem::of(|a| a.e_csv_row).with("found", shown(""))))?;
        // An earlier attempt's rows carry its number: the next one, then that one's again.
        let numbered = |n: usize| -> Result<(), InputError> {
            match attempt.parse::<usize>() {
                Ok(m) if m == n => Ok(()),
                _ => Err(at(line, Problem::of(|a| a.e_csv_value).with("found", shown(&attempt)))),
            }
        };
        match id.as_str() {
            "score" => {
                ((r.correct, r.total), scored) = (fraction(line, &score)?, true);
                if !time.is_empty() {
                    r.time = time;
                }
            }
            "time" => r.time = time,
            "assignment" => (r.assignment, carried) = (label, true),
            "student" => r.student = label,
            "attempt" => {
                numbered(r.attempts.len() + 1)?;
                let (correct, total) = fraction(line, &score)?;
                let predictions = Default::default();
                r.attempts.push(ReportAttempt { predictions, correct, total, ended_at: time });
            }
            // An earlier attempt's prediction, after its `attempt` row.
            _ if !r.attempts.is_empty() => {
                numbered(r.attempts.len())?;
                if let Some(a) = r.attempts.last_mut() {
                    a.predictions.insert(id, predicted);
                }
            }
            // Items come before the score; anything else is not a row this lab writes.
            _ if !scored => {
                r.lines.push(item_line(line, [id, label, predicted, actual, difference, correct])?)
            }
            _ => return Err(at(line, Problem::of(|a| a.e_csv_row).with("found", shown(&id)))),
        }
    }
    if !carried {
        return Err(InputError { path: String::new(), problem: Problem::of(|a| a.e_csv_no_assignment) });
    }
    Ok(r)
}

/// An item's row (`id`, `label`, `predicted`, `actual`, `difference`, `correct`) on `line`.
fn item_line(line: usize, cells: [String; 6]) -> Result<ReportLine, InputError> {
    let [id, label, predicted, actual, difference, correct] = cells;
    let difference = match difference.as_str() {
        "" => None,
        d => Some(d.parse().map_err(|_| at(line, Problem::of(|a| a.e_csv_value).with("found", shown(d))))?),
    };
    let correct = match correct.as_str() {
        "yes" => true,
        "no" => false,
        other => return Err(at(line, Problem::of(|a| a.e_csv_value).with("found", shown(other)))),
    };
    Ok(ReportLine { id, label, predicted, actual, difference, correct })
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

    // proptest is a native dev-dependency: the wasm builds' lints compile the tests without it.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn a_float_is_what_rusts_parser_takes() {
        let long = "9".repeat(400);
        // One string, split: rustfmt would set a list of them one to a line.
        let tricky =
            "|+|-|.|+.|1|-1|+1.|-.5|1.5e3|1E-3|1e|1e+|e5|.e5|1.e5|inf|-INF|+Infinity|infinit|nan|-NaN|\
                      nan1|0x10|1_000| 1|1 |--1|=1|@|1.2.3|1e99999|\u{661}";
        for s in tricky.split('|').chain([long.as_str()]) {
            assert_eq!(is_float(s), s.parse::<f64>().is_ok(), "{s:?}");
        }
        let alphabet: Vec<char> = "+-.eE019ainfINF x".chars().collect();
        proptest::proptest!(|(picks in proptest::collection::vec(0..alphabet.len(), 0..8))| {
            let s: String = picks.iter().map(|&i| alphabet[i]).collect();
            proptest::prop_assert_eq!(is_float(&s), s.parse::<f64>().is_ok(), "{:?}", s);
        });
    }

    #[test]
    fn a_csv_export_reads_back_as_the_report_it_was_made_from() {
        let text = "{\"version\": 1, \"title\": \"T, \\\"q\\\"\",\n \"predict\": [\"steps\", \"reads\"], \"retries\": 2}";
        let a = crate::formats::assignment_json::parse(text).unwrap();
        let items = a.answer_key().unwrap();
        let first =
            Attempt { predictions: typed(&[("steps", "-3"), ("reads", "=1")]), ended_at: "t1".into() };
        let now = typed(&[("steps", "+17"), ("reads", "@x, \"y\"\nz")]);
        let mut r = report(&a, text, &mark(&items, &now), "2026-11-29T10:00:00Z", &[first], "Ada L. (s-042)");
        let csv = report_csv(&r);
        assert!(csv.contains("\nattempt,,,,,,1,0/2,t1\nreads,store reads (items),'=1,,,,1,,\n"), "{csv}");
        assert!(csv.contains("\nstudent,Ada L. (s-042),,,,,,,\n"), "{csv}");
        assert_eq!(parse_report(&report_json(&r)).unwrap().student, "Ada L. (s-042)");
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
            err(&format!("{head}score,,,,,,1,1/x,\n")),
            "line 2: \"1/x\" is not what this lab writes there"
        );
        assert!(err(&format!("{head}\"steps,x\n")).starts_with("line 2: a quoted cell is never closed"));
        assert!(err(&format!("{head}score,,,,,,1,0/0,\nsteps,,,,,no\n"))
            .starts_with("line 3: a row this lab's CSV never has"));
        // A CSV exported before reports carried their assignment cannot be recomputed.
        assert!(err(&format!("{head}score,,,,,,1,0/0,\n")).contains("carries no assignment"));
        // An attempt out of order, or a prediction under another attempt's number.
        let attempt = format!("{head}score,,,,,,3,0/0,t\nattempt,,,,,,2,0/1,t1\n");
        assert_eq!(err(&attempt), "line 3: \"2\" is not what this lab writes there");
        let stray = format!("{head}score,,,,,,2,0/0,t\nattempt,,,,,,1,0/1,t1\nsteps,,3,,,,2,,\n");
        assert_eq!(err(&stray), "line 4: \"2\" is not what this lab writes there");
    }

    /// A report with one earlier attempt: 1 of 2 right now, 0 of 2 before.
    fn with_an_attempt() -> Report {
        let text = r#"{"version": 1, "title": "T", "predict": ["steps", "reads"], "retries": 1}"#;
        let a = crate::formats::assignment_json::parse(text).unwrap();
        let items = a.answer_key().unwrap();
        let first = Attempt { predictions: typed(&[("steps", "16"), ("reads", "3")]), ended_at: "t1".into() };
        let now = typed(&[("steps", "17"), ("reads", "5")]);
        let mut r = report(&a, text, &mark(&items, &now), "t2", &[first], "");
        r.title = String::new();
        r
    }

    #[test]
    fn attempts_have_columns_of_their_own_and_an_older_csv_still_reads() {
        let r = with_an_attempt();
        let csv = report_csv(&r);
        let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
        // Every row has every column; no score sits under `label`.
        assert!(rows.iter().take(rows.len() - 1).all(|cells| cells.len() == COLUMNS), "{csv}");
        let column = |name: &str| HEADER.split(',').position(|h| h == name).unwrap();
        let (label, attempt, score, time) =
            (column("label"), column("attempt"), column("score"), column("time"));
        assert!(rows.iter().all(|cells| !cells[label].contains('/')), "{csv}");
        let summary: Vec<(&str, &str, &str, &str)> = rows[1..]
            .iter()
            .filter(|cells| !cells[score].is_empty())
            .map(|cells| (cells[0], cells[attempt], cells[score], cells[time]))
            .collect();
        assert_eq!(summary, [("score", "2", "1/2", "t2"), ("attempt", "1", "0/2", "t1")]);
        let by_attempt: Vec<(&str, &str, &str)> =
            rows[1..].iter().filter(|c| c[0] == "steps").map(|c| (c[attempt], c[label], c[2])).collect();
        assert_eq!(by_attempt, [("2", "trace steps", "17"), ("1", "trace steps", "16")]);
        assert_eq!(parse_report_csv(&csv).unwrap(), r);
        // The same report as the lab wrote it before attempts had columns reads back the same.
        let v1 = format!(
            "{HEADER_V1}\nsteps,trace steps,17,17,0,yes\nreads,store reads (items),5,50,-45,no\nscore,1/2,,,,\n\
             time,t2,,,,\nattempt 1,0/2,t1,,,\nattempt 1 prediction,reads,3,,,\n\
             attempt 1 prediction,steps,16,,,\nassignment,{},,,,\n",
            csv_cell(&r.assignment)
        );
        assert_eq!(parse_report_csv(&v1).unwrap(), r);
    }
}
