//! The CLI's text tables: the lesson's two printed tables, laid out column for column as the
//! lesson prints them.

use crate::model::{MatrixRow, PartSet, RepairRow, Step, Totals, TraceSummary, MATRIX_ORDER};
use std::fmt::Write;

/// The title line the lesson prints above its trace.
pub const LESSON_TRACE_TITLE: &str = "request: collector service's desired copy count 3 -> 5";

/// A failure-matrix row's name as files and the CLI write it: `-` for the healthy run, a part's
/// name, `control plane` for the whole control plane down at once.
/// The set's own name ([`PartSet`]'s `Display`), the one the CLI and share links use.
pub fn row_name(down: PartSet) -> String {
    down.to_string()
}

/// The row named `name` by [`row_name`], among the matrix's rows: the exact name only (a file's
/// keys are compared as written, so `none` or ` scheduler` name no row).
pub fn row_of_name(name: &str) -> Option<PartSet> {
    MATRIX_ORDER.into_iter().find(|&d| row_name(d) == name)
}

/// The summary line under a trace table, as the lesson prints it.
pub fn summary_line(s: &TraceSummary) -> String {
    format!(
        "components visited {}   trace steps {}   store reads {}   store writes {}   revision 0 -> {}   round {}",
        s.components, s.steps, s.item_reads, s.writes, s.revision, s.rounds
    )
}
/// The trace table: title, header, one row per step with running read and write totals, a blank
/// line and the summary.
pub fn trace_table(title: &str, trace: &[Step], revision: u64, rounds: u32) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{title}");
    let _ = writeln!(out, "#  component               op      key                        items  rd  wr");
    let mut running = Totals::default();
    for (i, t) in trace.iter().enumerate() {
        running = running.plus(t);
        let _ = writeln!(
            out,
            "{:>2} {:<23} {:<7} {:<26} {:>5} {:>4} {:>4}",
            i + 1,
            t.component.name(),
            t.op.as_str(),
            &*t.key,
            t.items,
            running.item_reads,
            running.writes
        );
    }
    let _ = writeln!(out, "\n{}", summary_line(&TraceSummary::of(trace, revision, rounds)));
    out
}

/// The failure-matrix table.
pub fn matrix_table(rows: &[MatrixRow]) -> String {
    let mut out = String::from(
        "down component          scale     failure   node      reads     traffic      believed/actual rd wr\n",
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{:<23} {:<8} {:<9} {:<8} {:<8} {:<11} {:>11} {:>5} {:>3}",
            row_name(r.down),
            r.scale.as_str(),
            r.failure.as_str(),
            r.node.as_str(),
            r.reads.as_str(),
            if r.traffic_continues { "continues" } else { "stops" },
            format!("{}/{}", r.believed, r.actual),
            r.item_reads,
            r.writes
        );
    }
    out
}

/// The failure matrix beyond the lesson, printed below the lesson's table: the rows the lesson
/// does not print (node agents down, the whole control plane down), then, for every row, what
/// each decision becomes after repair and, where believed and actual still differ, after the
/// node agents report again. The load columns of those two phases count that phase alone.
pub fn repair_table(rows: &[RepairRow]) -> String {
    let lesson_rows: Vec<MatrixRow> = rows.iter().map(|r| r.before.clone()).collect();
    let beyond = matrix_table(&lesson_rows[5.min(lesson_rows.len())..]);
    let mut out = String::from("beyond the lesson\n");
    out.push_str(beyond.split_once('\n').map_or("", |(_, rows)| rows));
    out.push_str(
        "\nafter repair: the parts back at the round after the run went quiet, then run until quiet;\n\
         where believed and actual still differ, the node agents then report again\n",
    );
    let line = |c: [&str; 14]| {
        format!(
            "{:<23} {:<7} {:<8} {:<9} {:<8} {:<8} {:>15} {:>5} {:>3}   {:<9} {:<9} {:>15} {:>5} {:>3}\n",
            c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13]
        )
    };
    out.push_str(&line([
        "down component",
        "back at",
        "scale",
        "failure",
        "node",
        "reads",
        "believed/actual",
        "rd",
        "wr",
        "report at",
        "failure",
        "believed/actual",
        "rd",
        "wr",
    ]));
    for r in rows {
        let a = &r.repaired;
        let back = if r.repair_round == 0 { "-".to_string() } else { r.repair_round.to_string() };
        let (report_at, failure, reported, report_rd, report_wr) = match (&r.reported, r.report_round) {
            (Some(p), Some(round)) => (
                round.to_string(),
                p.failure.as_str(),
                format!("{}/{}", p.believed, p.actual),
                p.item_reads.to_string(),
                p.writes.to_string(),
            ),
            _ => ("-".into(), "-", "-".into(), "-".into(), "-".into()),
        };
        out.push_str(&line([
            &row_name(r.before.down),
            &back,
            a.scale.as_str(),
            a.failure.as_str(),
            a.node.as_str(),
            a.reads.as_str(),
            &format!("{}/{}", a.believed, a.actual),
            &a.item_reads.to_string(),
            &a.writes.to_string(),
            &report_at,
            failure,
            &reported,
            &report_rd,
            &report_wr,
        ]));
    }
    out
}

/// `cplab scale`: for each cluster size, the items one idle round reads in list mode (the
/// lesson's) and in watch mode, and watch mode's one list in its first round.
pub fn scale_table(rows: &[crate::model::scale::IdleCost]) -> String {
    let mut out = String::from("items read in one idle round: list mode (the lesson's) vs watch mode\n");
    out.push_str(
        "  items  services   copies    nodes   list: idle round   watch: first round   watch: idle round\n",
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{:>7} {:>9} {:>8} {:>8} {:>18} {:>20} {:>19}",
            r.items, r.services, r.copies, r.nodes, r.list, r.watch_first, r.watch
        );
    }
    out.push_str(
        "\n12 items is the lesson's cluster once its request has run: its round 2 read 26.\n\
         List mode reads services + nodes + 3 x copies every round; watch mode lists once, then\n\
         reads nothing until a watch breaks (see `cplab run` with \"mode\": \"watch\").\n",
    );
    out
}
