//! The failure matrix as the lab shows it: each row from the recordings the student ran (the
//! lesson's events with the row's parts down, then its repair, then its report), never by running
//! the model again.

use super::Recording;
use crate::model::MatrixRow;

/// One row of the failure matrix, as far as the student took it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatrixLine {
    /// The lesson's cells: the events run to the end with the parts down.
    pub run: Option<MatrixRow>,
    /// After the parts came back at the end of that run: the repair's own reads and writes.
    pub repaired: Option<MatrixRow>,
    /// After the node agents reported again: the report's own reads and writes.
    pub reported: Option<MatrixRow>,
}

/// How far a failure-matrix row was taken: which phase a recording fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// The events run to the end with the parts down.
    Run,
    /// The parts brought back at the end, and run until quiet again.
    Repaired,
    /// Then the node agents reported again, and the run went quiet.
    Reported,
}

impl MatrixLine {
    /// Whether a report can follow the repair: the store still believes other than what runs
    /// (the model's own rule for a report phase, see `model::repair_scenarios`).
    pub fn report_due(&self) -> bool {
        self.repaired.as_ref().is_some_and(|r| r.believed != r.actual)
    }

    /// The furthest phase filled, if any.
    pub fn furthest(&self) -> Option<Phase> {
        match (&self.run, &self.repaired, &self.reported) {
            (_, _, Some(_)) => Some(Phase::Reported),
            (_, Some(_), _) => Some(Phase::Repaired),
            (Some(_), _, _) => Some(Phase::Run),
            _ => None,
        }
    }

    /// Fills `phase` with `row`.
    pub fn fill(&mut self, phase: Phase, row: MatrixRow) {
        let cell = match phase {
            Phase::Run => &mut self.run,
            Phase::Repaired => &mut self.repaired,
            Phase::Reported => &mut self.reported,
        };
        *cell = Some(row);
    }
}

/// A decision of the lesson's events besides the failure: the matrix's scale and node columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The scale request (collector 3 -> 5).
    Scale,
    /// The new node's registration.
    Node,
}

/// The decisions a row leaves undone besides the failure (the scale request and the node's
/// registration, by name and verdict): after a report they stay as they were, for a report
/// carries what runs and no request that was lost while a part was down.
pub fn still_undone(row: &MatrixRow) -> Vec<(Decision, crate::model::Verdict)> {
    [(Decision::Scale, row.scale), (Decision::Node, row.node)]
        .into_iter()
        .filter(|(_, v)| *v != crate::model::Verdict::Done)
        .collect()
}

/// The row a finished recording of the failure-matrix events fills, its reads and writes those
/// of its own phase: a repair or report run begins with the whole run before it (the change comes
/// at the round after that one went quiet), so the steps before its last change's round are the
/// earlier phase's, and are not counted again. `None` for a run that is not the events.
pub fn phase_row(recording: &Recording) -> Option<MatrixRow> {
    let mut row = recording.matrix_row.clone()?;
    let start = recording.timeline.iter().map(|e| e.round).max();
    let earlier = start.map_or(0, |r| recording.steps.iter().take_while(|s| s.round < r).count());
    let before = recording.running.get(earlier).copied().unwrap_or_default();
    row.item_reads = row.item_reads.saturating_sub(before.item_reads);
    row.writes = row.writes.saturating_sub(before.writes);
    Some(row)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{repair_row, repair_scenarios, Run, MATRIX_ORDER};

    /// Each phase's row from its recording is the model's own extended row, for every row.
    #[test]
    fn phase_rows_from_recordings_are_the_models_repair_rows() {
        for down in MATRIX_ORDER {
            let model = repair_row(down).expect("the matrix runs");
            let scenarios = repair_scenarios(down).expect("the matrix runs");
            let rows: Vec<MatrixRow> = scenarios
                .iter()
                .map(|s| {
                    let recording = Recording::of_run(Run::Events, down, &s.timeline, None).expect("records");
                    phase_row(&recording).expect("an events run has a row")
                })
                .collect();
            assert_eq!(rows[0], model.before, "{down:?}");
            if let Some(repaired) = rows.get(1) {
                assert_eq!(*repaired, model.repaired, "{down:?}");
                let line = MatrixLine {
                    run: Some(rows[0].clone()),
                    repaired: Some(repaired.clone()),
                    reported: None,
                };
                assert_eq!(line.report_due(), model.reported.is_some(), "{down:?}");
            }
            assert_eq!(rows.get(2), model.reported.as_ref(), "{down:?}");
        }
    }

    /// After the API server's report the scale request and the node stay halted; the healthy
    /// row leaves nothing undone.
    #[test]
    fn a_report_leaves_the_lost_requests_halted() {
        use crate::model::{Part, PartSet, Verdict};
        let reported = repair_row(PartSet::of(Part::ApiServer)).unwrap().reported.unwrap();
        assert_eq!(
            still_undone(&reported),
            vec![(Decision::Scale, Verdict::Halted), (Decision::Node, Verdict::Halted)]
        );
        assert_eq!(still_undone(&repair_row(PartSet::NONE).unwrap().before), vec![]);
    }

    #[test]
    fn a_line_reaches_its_furthest_phase() {
        let row = phase_row(&Recording::of_run(Run::Events, crate::model::PartSet::NONE, &[], None).unwrap());
        let mut line = MatrixLine::default();
        assert_eq!(line.furthest(), None);
        line.fill(Phase::Run, row.clone().unwrap());
        assert_eq!(line.furthest(), Some(Phase::Run));
        line.fill(Phase::Reported, row.unwrap());
        assert_eq!(line.furthest(), Some(Phase::Reported));
        assert_eq!(
            phase_row(&Recording::of_run(Run::Lesson, crate::model::PartSet::NONE, &[], None).unwrap()),
            None
        );
    }
}
