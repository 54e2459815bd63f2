//! The cost of doing nothing against the size of the cluster (beyond the lesson, issue 22): a
//! cluster with nothing to do, of a given number of items, run for two rounds in list mode and in
//! watch mode, and the items each mode reads. In list mode an idle round reads every item of the
//! prefixes each component lists (the lesson: "read load grows with item count, not with work
//! done"); in watch mode only the first round lists, and an idle round reads nothing. A real LIST
//! likewise costs every object of the type, not what it returns (kubernetes/kubernetes issue
//! 15945: listing 10 pods of 30,000 reads all 30,000).

use super::api_server::Request;
use super::part::PartSet;
use super::scenario::Scenario;
use super::timeline::{Change, Event};
use super::trace::{Op, TraceLimit};
use super::value::{CopyRecord, Health, Node, Service, Status, Value};
use super::watch::WatchPlan;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// The cluster sizes `cplab scale` prints: the lesson's own (12 items once its request has run:
/// 2 services, 7 copies, 3 nodes), then tens to 100,000 items.
pub const SIZES: [usize; 6] = [12, 50, 1_000, 10_000, 50_000, 100_000];

/// What one idle cluster of a size costs each mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdleCost {
    /// Items in the store.
    pub items: usize,
    /// Of them, services, copies and nodes.
    pub services: usize,
    /// Copies, every one running where it should.
    pub copies: usize,
    /// Nodes, all alive.
    pub nodes: usize,
    /// Items read in one idle round in list mode (every round alike).
    pub list: usize,
    /// Items read in watch mode's first round: its one list.
    pub watch_first: usize,
    /// Items read in one idle round in watch mode after that.
    pub watch: usize,
}

/// An idle cluster of `items` items (at least 3) in the lesson's shares after its request: 2 in
/// 12 are services, 3 in 12 nodes, the rest copies, each running on a node, every service at its
/// desired count. Nothing is left to do: no copy pending, missing, extra or dead.
pub fn idle_cluster(items: usize) -> (Vec<(Rc<str>, Value)>, [usize; 3]) {
    let items = items.max(3);
    let services = ((items * 2 + 6) / 12).max(1);
    let nodes = ((items * 3 + 6) / 12).max(1);
    let copies = items - services - nodes;
    let mut desired = vec![0u32; services];
    let mut entries: Vec<(Rc<str>, Value)> = Vec::with_capacity(items);
    for i in 0..copies {
        let s = i % services;
        desired[s] += 1;
        let copy = CopyRecord {
            service: Rc::from(format!("s{s}")),
            node: Some(Rc::from(format!("node/m{}", i % nodes))),
            status: Status::Running,
        };
        entries.push((Rc::from(format!("copy/s{s}-{}", desired[s])), Value::Copy(copy)));
    }
    for (s, &d) in desired.iter().enumerate() {
        entries.push((Rc::from(format!("service/s{s}")), Value::Service(Service { desired: d })));
    }
    for n in 0..nodes {
        // Room for every copy placed there (copies spread evenly: at most one more than the rest).
        let capacity = (copies / nodes + 1) as u32;
        entries.push((Rc::from(format!("node/m{n}")), Value::Node(Node { capacity, health: Health::Alive })));
    }
    (entries, [services, copies, nodes])
}

/// Runs the idle cluster of `items` items for two rounds in each mode.
pub fn idle_cost(items: usize) -> Result<IdleCost, TraceLimit> {
    let (initial, [services, copies, nodes]) = idle_cluster(items);
    // A report at round 2 that finds nothing to re-send keeps the run going for a second round.
    let scenario = Scenario {
        initial,
        requests: Vec::new(),
        down: PartSet::NONE,
        max_rounds: 1,
        timeline: vec![Event::at(2, Change::Report)],
        watch: WatchPlan::LIST,
    };
    let reads = |scenario: Scenario| -> Result<[usize; 2], TraceLimit> {
        let out = scenario.run_with(false)?;
        let mut per = [0; 2];
        for step in out.plane.store().trace().iter().filter(|s| s.op == Op::Read) {
            if let Some(n) = per.get_mut(step.round as usize - 1) {
                *n += step.items;
            }
        }
        Ok(per)
    };
    let [_, list] = reads(scenario.clone())?;
    let [watch_first, watch] = reads(Scenario { watch: WatchPlan::all(), ..scenario })?;
    Ok(IdleCost { items: services + copies + nodes, services, copies, nodes, list, watch_first, watch })
}

/// What one request costs each mode on an idle cluster of a size whose watches already stand: the
/// cluster idles a round (watch mode lists then), then a request raises the first service's desired
/// count by one. Counted from the request's round until the plane is quiet again, its quiet round
/// included (the lesson's request likewise ends on its quiet round 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestCost {
    /// Items in the store before the request.
    pub items: usize,
    /// Items read in list mode.
    pub list: usize,
    /// Items read in watch mode (none while the watches stand).
    pub watch_reads: usize,
    /// Events delivered in watch mode, one item each: every write of the request's work reaches
    /// each cache of its prefix.
    pub watch_events: usize,
    /// The rounds counted, the same in both modes.
    pub rounds: u32,
}

/// Runs the request of [`RequestCost`] on the idle cluster of `items` items in each mode.
pub fn request_cost(items: usize) -> Result<RequestCost, TraceLimit> {
    both_costs(items).map(|(_, request)| request)
}

/// An idle round's cost and one request's, from one run in each mode (half the work of
/// [`idle_cost`] and [`request_cost`] apart, for the explorer): the request's run idles in round
/// 1, which reads what every idle round of list mode reads and is watch mode's one list; its last
/// round, quiet, is an idle round of standing watches.
pub fn both_costs(items: usize) -> Result<(IdleCost, RequestCost), TraceLimit> {
    let (initial, [services, copies, nodes]) = idle_cluster(items);
    let first = initial
        .iter()
        .find_map(|(k, v)| match v {
            Value::Service(s) if &**k == "service/s0" => Some(s.desired),
            _ => None,
        })
        .unwrap_or(0);
    let raise =
        Request { key: "service/s0".into(), value: Some(Value::Service(Service { desired: first + 1 })) };
    let scenario = Scenario {
        initial,
        requests: Vec::new(),
        down: PartSet::NONE,
        max_rounds: super::plane::DEFAULT_MAX_ROUNDS,
        timeline: vec![Event::at(2, Change::Request(raise))],
        watch: WatchPlan::LIST,
    };
    /// Items read in round 1, in the last round and from round 2 on; events from round 2 on; rounds.
    struct Counts {
        first: usize,
        last: usize,
        request: usize,
        events: usize,
        rounds: u32,
    }
    let count = |scenario: Scenario| -> Result<Counts, TraceLimit> {
        let out = scenario.run_with(false)?;
        let (store, rounds) = (out.plane.store(), out.plane.rounds());
        let reads = store.trace().iter().filter(|s| s.op == Op::Read);
        let in_round = |r: u32| reads.clone().filter(|s| s.round == r).map(|s| s.items).sum::<usize>();
        Ok(Counts {
            first: in_round(1),
            last: in_round(rounds),
            request: reads.clone().filter(|s| s.round >= 2).map(|s| s.items).sum(),
            events: store.delivered().iter().filter(|d| d.round >= 2).map(|d| d.events).sum(),
            rounds,
        })
    };
    let size = services + copies + nodes;
    let list = count(scenario.clone())?;
    let watch = count(Scenario { watch: WatchPlan::all(), ..scenario })?;
    let idle = IdleCost {
        items: size,
        services,
        copies,
        nodes,
        list: list.first,
        watch_first: watch.first,
        watch: watch.last,
    };
    let request = RequestCost {
        items: size,
        list: list.request,
        watch_reads: watch.request,
        watch_events: watch.events,
        rounds: list.rounds.saturating_sub(1),
    };
    Ok((idle, request))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_run_each_way_gives_the_idle_cost_of_two() {
        for items in [12, 50, 1_000, 5_000] {
            assert_eq!(both_costs(items).unwrap().0, idle_cost(items).unwrap(), "{items}");
        }
    }

    #[test]
    fn a_request_costs_list_mode_two_rounds_of_reads_and_watch_mode_ten_events_at_any_size() {
        // Round 2 does the work (the controller manager creates the copy, the scheduler places
        // it, the node agents start it), round 3 finds nothing left. Watching, the service write
        // reaches the controller manager's service/ cache, and each of the copy's three writes
        // every copy/ cache (three components): 1 + 3 x 3 = 10 events, whatever the size.
        for items in [12, 1_000, 10_000] {
            let r = request_cost(items).unwrap();
            let idle = idle_cost(items).unwrap();
            assert_eq!((r.items, r.rounds, r.watch_reads, r.watch_events), (items, 2, 0, 10), "{items}");
            assert!(r.list > 2 * idle.list && r.list <= 2 * idle.list + 10, "{items}: {r:?} {idle:?}");
        }
    }

    #[test]
    fn the_lessons_size_reads_the_lessons_26_in_list_mode_and_nothing_in_watch_mode() {
        let c = idle_cost(12).unwrap();
        assert_eq!((c.services, c.copies, c.nodes), (2, 7, 3));
        assert_eq!((c.list, c.watch_first, c.watch), (26, 26, 0));
    }

    #[test]
    fn list_mode_reads_services_nodes_and_three_times_the_copies() {
        // The controller manager lists service/ and copy/, the scheduler node/ and copy/, the
        // node agents copy/.
        for items in [50, 1_000] {
            let c = idle_cost(items).unwrap();
            assert_eq!(c.list, c.services + c.nodes + 3 * c.copies);
            assert_eq!((c.items, c.watch), (items, 0));
        }
    }
}
