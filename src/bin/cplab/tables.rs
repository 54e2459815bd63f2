//! `cplab trace`, `cplab matrix` and `cplab scale`: the lesson's tables, as the lesson prints them.

use crate::output::print;
use crate::Failure;
use clap::Args;
use cplab::formats::tables::{matrix_table, repair_table, scale_table, trace_table, LESSON_TRACE_TITLE};
use cplab::model::scale::{idle_cost, SIZES};
use cplab::model::{lesson_matrix, repair_row, Scenario, MATRIX_ORDER};

/// `cplab matrix`'s arguments.
#[derive(Args)]
pub struct MatrixArgs {
    /// Add, below the lesson's table, the two rows beyond the lesson and what each row becomes
    /// after repair and after the node agents report again
    #[arg(long)]
    repair: bool,
}

/// `cplab trace`: the lesson's trace table.
pub fn trace() -> Result<(), Failure> {
    let outcome = Scenario::lesson().simulate().map_err(|e| Failure::Input(e.to_string()))?;
    let store = outcome.plane.store();
    print(&trace_table(LESSON_TRACE_TITLE, store.trace(), store.revision(), outcome.plane.rounds()))
}

impl MatrixArgs {
    /// `cplab matrix [--repair]`: the lesson's failure matrix, and with `--repair` the repair table.
    pub fn run(self) -> Result<(), Failure> {
        let lesson = matrix_table(&lesson_matrix().map_err(|e| Failure::Input(e.to_string()))?);
        if !self.repair {
            return print(&lesson);
        }
        let rows = MATRIX_ORDER
            .iter()
            .map(|&down| repair_row(down))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Failure::Input(e.to_string()))?;
        print(&format!("{lesson}\n{}", repair_table(&rows)))
    }
}

/// `cplab scale`: what one idle round reads in list mode and in watch mode, by size.
pub fn scale() -> Result<(), Failure> {
    let rows = SIZES.map(idle_cost).into_iter().collect::<Result<Vec<_>, _>>();
    print(&scale_table(&rows.map_err(|e| Failure::Input(e.to_string()))?))
}
