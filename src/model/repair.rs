//! The failure matrix over time: each row's parts brought back once the run has gone quiet (the
//! repair), and, where the store still believes other than what runs, the node agents reporting
//! again. The lesson's argument in numbers: knowing but not acting closes on repair, because the
//! work waits in the ledger; not knowing does not, until the node reports the same fact again.

use super::matrix::{judge, MatrixRow};
use super::part::PartSet;
use super::scenario::{Outcome, Scenario};
use super::timeline::{Change, Event};
use super::trace::{Totals, TraceLimit};

/// One row of the extended matrix: the run as the lesson's table judges it, then its repair,
/// then (where the gap stayed open) the node agents' report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairRow {
    /// The lesson's row: the events run with the parts down until quiet.
    pub before: MatrixRow,
    /// The round the parts came back at (the first after the run went quiet).
    pub repair_round: u32,
    /// The row after the repair, once the run is quiet again; its item reads and writes are
    /// those of the repair alone.
    pub repaired: MatrixRow,
    /// The round the node agents reported again, when believed and actual still differed.
    pub report_round: Option<u32>,
    /// The row after the report, once quiet; its item reads and writes are the report's alone.
    pub reported: Option<MatrixRow>,
}

/// The three scenarios of a row: the events with `down` down; the same with the parts back at
/// the round after the first went quiet; the same with the node agents reporting at the round
/// after that went quiet. Each extends the one before by a timeline change, so their traces
/// share a prefix and each phase's load is the difference of their totals.
pub fn repair_scenarios(down: PartSet) -> Result<Vec<Scenario>, TraceLimit> {
    let mut scenario = Scenario::events(down);
    let before = scenario.simulate()?;
    let mut scenarios = vec![scenario.clone()];
    if down.is_empty() {
        return Ok(scenarios);
    }
    let back = before.plane.rounds() + 1;
    scenario.timeline.extend(down.parts().map(|p| Event::at(back, Change::Up(p))));
    let repaired = scenario.simulate()?;
    scenarios.push(scenario.clone());
    if judge(&repaired, down).0.believed != judge(&repaired, down).0.actual {
        scenario.timeline.push(Event::at(repaired.plane.rounds() + 1, Change::Report));
        scenarios.push(scenario);
    }
    Ok(scenarios)
}

/// The extended row of `down`. The healthy row has nothing to repair: its later phases are the
/// run itself, with no further load.
pub fn repair_row(down: PartSet) -> Result<RepairRow, TraceLimit> {
    let scenarios = repair_scenarios(down)?;
    let outcomes = scenarios.iter().map(Scenario::simulate).collect::<Result<Vec<Outcome>, _>>()?;
    let phase = |i: usize| -> MatrixRow {
        let (mut row, _) = judge(&outcomes[i], down);
        let earlier = Totals::of(outcomes[i - 1].plane.store().trace());
        row.item_reads -= earlier.item_reads;
        row.writes -= earlier.writes;
        row
    };
    let before = judge(&outcomes[0], down).0;
    let round_of = |i: usize| scenarios[i].timeline.last().map_or(0, |e| e.round);
    Ok(RepairRow {
        repaired: if outcomes.len() > 1 {
            phase(1)
        } else {
            MatrixRow { item_reads: 0, writes: 0, ..before.clone() }
        },
        repair_round: if outcomes.len() > 1 { round_of(1) } else { 0 },
        report_round: (outcomes.len() > 2).then(|| round_of(2)),
        reported: (outcomes.len() > 2).then(|| phase(2)),
        before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Part, Verdict};

    #[test]
    fn the_scheduler_closes_on_repair_the_api_server_needs_the_report() {
        let sched = repair_row(PartSet::of(Part::Scheduler)).unwrap();
        assert_eq!(
            (sched.repaired.scale, sched.repaired.believed, sched.repaired.actual),
            (Verdict::Done, 5, 5)
        );
        assert_eq!(sched.reported, None, "nothing left to report");
        let api = repair_row(PartSet::of(Part::ApiServer)).unwrap();
        assert_eq!((api.repaired.believed, api.repaired.actual), (3, 2), "the gap stays open");
        assert_eq!(api.repaired.scale, Verdict::Halted, "a lost request does not come back");
        let reported = api.reported.expect("the node agents report again");
        assert_eq!((reported.believed, reported.actual, reported.failure), (3, 3, Verdict::Done));
    }
}
