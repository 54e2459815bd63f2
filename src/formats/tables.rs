//! The CLI's text tables: the lesson's two printed tables, laid out column for column as the
//! lesson prints them.

use crate::model::{MatrixRow, Part, Step, Totals, TraceSummary};
use std::fmt::Write;

/// The title line the lesson prints above its trace.
pub const LESSON_TRACE_TITLE: &str = "request: collector service's desired copy count 3 -> 5";

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
            r.down.map_or("-", Part::name),
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
