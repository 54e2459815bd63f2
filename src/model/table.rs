//! The lesson's two printed tables, laid out column for column as the lesson prints them.

use super::matrix::MatrixRow;
use super::part::Part;
use super::state_store::{Op, Step};
use std::fmt::Write;

/// The title line the lesson prints above its trace.
pub const LESSON_TRACE_TITLE: &str = "request: collector service's desired copy count 3 -> 5";

/// The totals under a trace table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceSummary {
    /// Distinct components that appear in the trace.
    pub components: usize,
    /// Trace steps.
    pub steps: usize,
    /// Items read, summed over every read.
    pub reads: usize,
    /// Writes and removes.
    pub writes: usize,
    /// The store's revision at the end.
    pub revision: u64,
    /// Rounds run.
    pub rounds: u32,
}

impl TraceSummary {
    /// Totals of a recorded trace.
    pub fn of(trace: &[Step], revision: u64, rounds: u32) -> TraceSummary {
        // One bit per part: a set of five needs no set type.
        let seen = trace.iter().fold(0u8, |seen, t| seen | 1 << t.component as u8);
        let components = seen.count_ones() as usize;
        TraceSummary {
            components,
            steps: trace.len(),
            reads: trace.iter().filter(|t| t.op == Op::Read).map(|t| t.items).sum(),
            writes: trace.iter().filter(|t| t.op != Op::Read).count(),
            revision,
            rounds,
        }
    }

    /// The summary line, as the lesson prints it.
    pub fn line(&self) -> String {
        format!(
            "components visited {}   trace steps {}   store reads {}   store writes {}   revision 0 -> {}   round {}",
            self.components, self.steps, self.reads, self.writes, self.revision, self.rounds
        )
    }
}

/// The trace table: title, header, one row per step with running read and write totals, a blank
/// line and the summary.
pub fn trace_table(title: &str, trace: &[Step], revision: u64, rounds: u32) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{title}");
    let _ = writeln!(out, "#  component               op      key                        items  rd  wr");
    let (mut reads, mut writes) = (0, 0);
    for (i, t) in trace.iter().enumerate() {
        if t.op == Op::Read {
            reads += t.items;
        } else {
            writes += 1;
        }
        let _ = writeln!(
            out,
            "{:>2} {:<23} {:<7} {:<26} {:>5} {:>4} {:>4}",
            i + 1,
            t.component.name(),
            t.op.as_str(),
            &*t.key,
            t.items,
            reads,
            writes
        );
    }
    let _ = writeln!(out, "\n{}", TraceSummary::of(trace, revision, rounds).line());
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
