//! An assignment as a teacher writes it: the run to predict, the counts and failure-matrix cells
//! asked for, the tolerance allowed, and whether answers are revealed. `assignment_json` reads it
//! from its file; the teaching layer computes its answer key and marks what students type.

use super::question::{Cell, Question};
use crate::messages::AssignmentMessages;
use crate::model::{PartSet, Scenario};
use std::collections::BTreeMap;

/// The version of the assignment format this lab reads.
pub const ASSIGNMENT_VERSION: u64 = 1;

/// A count of the traced run a student can predict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Quantity {
    /// Trace steps.
    Steps,
    /// Items read from the store.
    ItemReads,
    /// Writes and removes.
    Writes,
    /// The store's final revision.
    Revision,
    /// Rounds run.
    Rounds,
    /// Distinct components in the trace.
    Components,
}

impl Quantity {
    /// Every quantity, in the lesson's summary order.
    pub const ALL: [Quantity; 6] = [
        Quantity::Components,
        Quantity::Steps,
        Quantity::ItemReads,
        Quantity::Writes,
        Quantity::Revision,
        Quantity::Rounds,
    ];

    /// The name used in assignment files.
    pub fn id(self) -> &'static str {
        match self {
            Quantity::Steps => "steps",
            Quantity::ItemReads => "reads",
            Quantity::Writes => "writes",
            Quantity::Revision => "revision",
            Quantity::Rounds => "rounds",
            Quantity::Components => "components",
        }
    }

    /// A label for people, in `a`'s language.
    pub fn label_in(self, a: &AssignmentMessages) -> &'static str {
        match self {
            Quantity::Steps => a.quantity_steps,
            Quantity::ItemReads => a.quantity_reads,
            Quantity::Writes => a.quantity_writes,
            Quantity::Revision => a.quantity_revision,
            Quantity::Rounds => a.quantity_rounds,
            Quantity::Components => a.quantity_components,
        }
    }

    /// The quantity an assignment file names `id`.
    pub fn from_id(id: &str) -> Option<Quantity> {
        Quantity::ALL.into_iter().find(|q| q.id() == id)
    }
}

/// The failure-matrix part of an assignment.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixTask {
    /// The rows to predict, by the parts down (none: the healthy run).
    pub rows: Vec<PartSet>,
    /// The cells to predict in each row.
    pub cells: Vec<Cell>,
}

/// A teacher's assignment.
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    /// Shown as the heading.
    pub title: String,
    /// Shown above the predictions, as text.
    pub instructions: String,
    /// The run to predict (the lesson's request when absent).
    pub scenario: Scenario,
    /// Where the file wrote its scenario's starting state and timeline requests, for the
    /// warnings that name those fields (`cplab check`).
    pub written: Written,
    /// The counts of that run to predict.
    pub predict: Vec<Quantity>,
    /// Failure-matrix rows to predict.
    pub matrix: Option<MatrixTask>,
    /// Questions beyond the counts and the matrix cells, in the order asked.
    pub ask: Vec<Question>,
    /// How far off a number may be and still count, by item id (`reads`, `matrix.scheduler.rd`)
    /// or by quantity / cell name for all of its items.
    pub tolerance: BTreeMap<String, u64>,
    /// Whether the correct answers may be shown after the run.
    pub reveal: bool,
    /// How many times a locked attempt may be started over (0: one attempt, for good).
    pub retries: u32,
}

/// Where an assignment's file wrote what its scenario holds, beyond the scenario itself: the
/// scenario merges `initial` with `changes` and flattens the timeline into changes, and a warning
/// about a copy or a request names the field the teacher typed it in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Whether the scenario gives `initial` (which replaces the lesson's whole starting state),
    /// as `cplab check` warns when it keeps few of the lesson's keys.
    pub initial: bool,
    /// The keys the scenario's `changes` set or remove, in the file's order.
    pub changes: Vec<String>,
    /// The place in `timeline` of each of its requests, in order (an entry may be several
    /// changes, so a request's place among the changes is not its entry's).
    pub timeline_requests: Vec<usize>,
}
