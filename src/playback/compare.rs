//! List mode beside watch mode (beyond the lesson, issue 22), as data: one scenario run twice,
//! once as the lesson runs it (every component lists its prefixes every round) and once with every
//! reading component watching (see `model::watch`), and each round's load per component in both.
//! The explorer's side-by-side table and its two load charts draw exactly these numbers.

use super::load::LOAD_PARTS;
use super::rounds::part_index;
use crate::model::watch::{load_by_round, Load};
use crate::model::{Part, Scenario, TraceLimit, WatchPlan};

/// Width, in whole SVG units, of the longest bar of the comparison's charts.
pub const BAR_SPAN: usize = 400;

/// One round of one mode: each component's load, and their sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeRound {
    /// Per part of [`LOAD_PARTS`], in that order.
    pub parts: [Load; 4],
    /// All parts together.
    pub total: Load,
}

/// One round in both modes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareRound {
    /// The round (0: the requests sent before round 1).
    pub round: u32,
    /// The lesson's mode.
    pub list: ModeRound,
    /// Every reading component watching.
    pub watch: ModeRound,
}

/// One bar of a comparison chart: a round's items listed and events delivered, as lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareBar {
    /// Items listed (read from the store) that round.
    pub listed: usize,
    /// Events delivered that round.
    pub events: usize,
    /// Length of the listed segment, in units of [`BAR_SPAN`].
    pub listed_len: usize,
    /// Length of the events segment, following it.
    pub events_len: usize,
}

/// The whole comparison: rounds in order, the totals of each mode, and the charts' scale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Every round of the run, round 0 first. Both modes run the same rounds (`tests/watch.rs`).
    pub rounds: Vec<CompareRound>,
    /// The whole run's load in list mode.
    pub list_total: Load,
    /// And in watch mode.
    pub watch_total: Load,
    /// The largest bar (listed plus events) of either mode: the charts' common axis end, at
    /// least 1.
    pub most: usize,
}

impl Comparison {
    /// The bar of `round` in list mode (`watch` false) or watch mode, on the common axis.
    pub fn bar(&self, round: &CompareRound, watch: bool) -> CompareBar {
        let load = if watch { round.watch.total } else { round.list.total };
        // Ends rounded once, so a bar's segments end where the whole bar ends.
        let len = |n: usize| n * BAR_SPAN / self.most;
        let listed_len = len(load.listed);
        CompareBar {
            listed: load.listed,
            events: load.events,
            listed_len,
            events_len: len(load.listed + load.events) - listed_len,
        }
    }
}

/// Runs `scenario` in list mode and in watch mode (whatever mode it names itself) and compares
/// them round by round.
pub fn compare(scenario: &Scenario) -> Result<Comparison, TraceLimit> {
    let per_round = |watch: WatchPlan| -> Result<Vec<ModeRound>, TraceLimit> {
        let scenario = Scenario { watch, ..scenario.clone() };
        let out = scenario.run_with(false)?;
        let loads = load_by_round(out.plane.store(), out.plane.rounds());
        Ok(loads.iter().map(mode_round).collect())
    };
    let list = per_round(WatchPlan::LIST)?;
    let watch = per_round(WatchPlan { expired: scenario.watch.expired.clone(), ..WatchPlan::all() })?;
    let rounds: Vec<CompareRound> = (0u32..)
        .zip(list.into_iter().zip(watch))
        .map(|(round, (list, watch))| CompareRound { round, list, watch })
        .collect();
    let sum = |pick: fn(&CompareRound) -> &ModeRound| {
        rounds.iter().map(|r| pick(r).total).fold(Load::default(), add)
    };
    let most = rounds
        .iter()
        .flat_map(|r| [r.list.total, r.watch.total])
        .map(|l| l.listed + l.events)
        .max()
        .unwrap_or(0)
        .max(1);
    Ok(Comparison { list_total: sum(|r| &r.list), watch_total: sum(|r| &r.watch), rounds, most })
}

fn add(a: Load, b: Load) -> Load {
    Load { listed: a.listed + b.listed, events: a.events + b.events, writes: a.writes + b.writes }
}

fn mode_round(all: &[Load; 5]) -> ModeRound {
    let parts = LOAD_PARTS.map(|p: Part| all[part_index(p)]);
    ModeRound { total: parts.iter().copied().fold(Load::default(), add), parts }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_idle_round_reads_26_listing_and_nothing_watching() {
        let c = compare(&Scenario::lesson()).unwrap();
        let idle = &c.rounds[2];
        assert_eq!((idle.list.total.listed, idle.watch.total.listed, idle.watch.total.events), (26, 0, 0));
        assert_eq!((c.rounds[1].watch.total.listed, c.rounds[1].watch.total.events), (24, 12));
        assert_eq!(c.list_total.writes, c.watch_total.writes, "the same writes in both modes");
        let bar = c.bar(idle, false);
        assert_eq!((bar.listed_len, bar.events_len), (26 * BAR_SPAN / c.most, 0));
    }
}
