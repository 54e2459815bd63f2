//! The scenario's tables drawn a piece at a time (issue 29): a scenario of a thousand copies or
//! timeline entries once drew every row in one task (355 ms and 368 ms), past the 200 ms a task
//! may hold the page. The page now draws at most [`ROWS_PER_TASK`] rows a task, across the
//! tables in the order they stand (services, nodes, copies, requests, timeline): which rows
//! each task adds is decided here, by counts, so the bound holds however large the scenario.

use super::scenario_events::{copy_rows, event_rows};
use super::scenario_tables::{node_rows, request_rows, service_rows};
use super::workbench::Draft;

/// Most rows the page draws in one task, across all the scenario's tables. A row of the copies'
/// table (three fields and a row of notes) cost about 0.36 ms to draw as measured on a loaded
/// machine (995 rows in 355 ms), so a task of this many stays far within 200 ms even on a
/// machine a few times slower. An assumption of this lab, changeable here.
pub const ROWS_PER_TASK: usize = 100;

/// The scenario's tables, in the order the page shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// The starting services.
    Services,
    /// The starting nodes.
    Nodes,
    /// The starting copies.
    Copies,
    /// The requests.
    Requests,
    /// The fault timeline.
    Timeline,
}

/// How many tables there are.
pub const TABLES: usize = 5;

/// How many rows of each table are drawn: all of them, or a count per table while the page is
/// still drawing them.
pub type Drawn = [usize; TABLES];

/// Every row of every table: nothing left to draw, and a row an edit adds is drawn at once.
pub const ALL_DRAWN: Drawn = [usize::MAX; TABLES];

/// The rows of each of the draft's tables, in [`Table`] order.
pub fn table_lengths(draft: &Draft) -> [usize; TABLES] {
    [
        service_rows(draft).len(),
        node_rows(draft).len(),
        copy_rows(draft).len(),
        request_rows(draft).0.len(),
        event_rows(draft).0.len(),
    ]
}

/// The first `drawn` rows of the tables, taken in page order, as a count per table.
pub fn split(lengths: [usize; TABLES], drawn: usize) -> Drawn {
    let mut left = drawn;
    lengths.map(|n| {
        let here = n.min(left);
        left -= here;
        here
    })
}

/// What is drawn once the next task has run, `drawn` rows in all being drawn now: at most
/// [`ROWS_PER_TASK`] more (the first task draws from 0), or [`ALL_DRAWN`] once none are left.
pub fn after_task(lengths: [usize; TABLES], drawn: usize) -> (usize, Drawn) {
    let total: usize = lengths.iter().sum();
    let next = drawn.saturating_add(ROWS_PER_TASK);
    if next >= total {
        (total, ALL_DRAWN)
    } else {
        (next, split(lengths, next))
    }
}

/// The rows `shown` lets table `table` draw of its `rows`.
pub fn shown<R: Clone>(rows: &[R], drawn: &Drawn, table: Table) -> Vec<R> {
    rows[..rows.len().min(drawn[table as usize])].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tasks that draw tables of `lengths`: each task's rows added, per table. Each adds at
    /// most [`ROWS_PER_TASK`] rows, and together they add every row once.
    fn tasks(lengths: [usize; TABLES]) -> Vec<Drawn> {
        let (mut drawn, mut now) = after_task(lengths, 0);
        let mut added = vec![now];
        while now != ALL_DRAWN {
            let before = now;
            (drawn, now) = after_task(lengths, drawn);
            let after = if now == ALL_DRAWN { lengths } else { now };
            added.push(std::array::from_fn(|i| after[i] - before[i]));
        }
        assert!(added.iter().all(|t| t.iter().sum::<usize>() <= ROWS_PER_TASK), "{added:?}");
        let sums: Drawn = std::array::from_fn(|i| added.iter().map(|t| t[i]).sum());
        assert_eq!(sums, lengths);
        added
    }

    #[test]
    fn a_thousand_rows_are_drawn_a_hundred_a_task() {
        // The lesson's two services and three nodes, 995 copies, one request.
        let added = tasks([2, 3, 995, 1, 0]);
        assert_eq!(added.len(), 11);
        assert_eq!(added[0], [2, 3, 95, 0, 0]);
        assert!(added[1..10].iter().all(|t| *t == [0, 0, 100, 0, 0]), "{added:?}");
        assert_eq!(added[10], [0, 0, 0, 1, 0]);
        // A thousand timeline entries: ten tasks after the first.
        let added = tasks([2, 3, 0, 1, 1000]);
        assert_eq!((added.len(), added[0]), (11, [2, 3, 0, 1, 94]));
    }

    #[test]
    fn a_small_scenario_is_drawn_whole_in_the_first_task() {
        assert_eq!(after_task([2, 3, 0, 1, 0], 0), (6, ALL_DRAWN));
        assert_eq!(after_task([0; TABLES], 0), (0, ALL_DRAWN));
        assert_eq!(after_task([0, 0, 100, 0, 0], 0), (100, ALL_DRAWN));
        assert_eq!(after_task([0, 0, 101, 0, 0], 0), (100, [0, 0, 100, 0, 0]));
    }

    #[test]
    fn a_table_shows_its_first_rows_and_all_once_drawn() {
        let rows: Vec<usize> = (0..250).collect();
        let drawn = split([2, 3, 250, 1, 0], 105);
        assert_eq!(drawn, [2, 3, 100, 0, 0]);
        assert_eq!(shown(&rows, &drawn, Table::Copies), (0..100).collect::<Vec<_>>());
        assert_eq!(shown(&rows, &drawn, Table::Requests), Vec::<usize>::new());
        assert_eq!(shown(&rows, &ALL_DRAWN, Table::Copies).len(), 250);
    }

    #[test]
    fn the_lengths_are_the_tables_rows() {
        // The lesson's scenario: two services, three nodes, its copies, the collector's request.
        let d = Draft::default();
        let lengths = table_lengths(&d);
        assert_eq!(lengths[Table::Services as usize], service_rows(&d).len());
        assert_eq!(lengths[Table::Copies as usize], copy_rows(&d).len());
        assert_eq!(lengths[Table::Requests as usize], 1);
        assert_eq!(lengths[Table::Timeline as usize], 0);
    }
}
