//! Scenarios: a starting store, the requests sent to it, which part is down, and how many rounds
//! may run; and the lesson's own data (its starting state, its request, its three events). The
//! formats layer reads them from JSON; here they are only run.

use super::api_server::{Request, Response};
use super::part::PartSet;
use super::plane::{Plane, DEFAULT_MAX_ROUNDS};
use super::timeline::Event;
use super::trace::{Limits, TraceLimit};
use super::value::{CopyRecord, Health, Node, Service, Status, Value};
use super::watch::WatchPlan;
use std::rc::Rc;

/// What one run starts from and does.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The starting store, in insertion order. A key may repeat: it keeps its first place and
    /// takes its last value, as when a JavaScript `Map` is built from entries.
    pub initial: Vec<(Rc<str>, Value)>,
    /// Requests sent through the API server before the first round.
    pub requests: Vec<Request>,
    /// The parts down from the start (before the requests).
    pub down: PartSet,
    /// The most rounds the loop may run, counted from the round of the last timeline change.
    pub max_rounds: u32,
    /// Changes at the start of rounds, in round order: parts down or back, requests, reports.
    pub timeline: Vec<Event>,
    /// Which components watch rather than list every round (beyond the lesson; the default,
    /// [`WatchPlan::LIST`], is the lesson's list mode).
    pub watch: WatchPlan,
}

/// The lesson's starting state: two services (3 collector copies, 2 verifier copies) and three
/// nodes of capacity four.
pub fn lesson_initial() -> Vec<(Rc<str>, Value)> {
    let mut entries: Vec<(Rc<str>, Value)> = vec![
        ("service/collector".into(), Value::Service(Service { desired: 3 })),
        ("service/verifier".into(), Value::Service(Service { desired: 2 })),
    ];
    let copies = (1..=3).map(|i| ("collector", i)).chain((1..=2).map(|i| ("verifier", i)));
    for (service, i) in copies {
        let copy = CopyRecord {
            service: service.into(),
            node: Some(format!("m{i}").into()),
            status: Status::Running,
        };
        entries.push((format!("copy/{service}-{i}").into(), Value::Copy(copy)));
    }
    for i in 1..=3 {
        entries.push((format!("node/m{i}").into(), Value::Node(Node { capacity: 4, health: Health::Alive })));
    }
    entries
}

/// The lesson's request: the collector service's desired copy count, 3 -> 5.
pub fn lesson_request() -> Request {
    Request { key: "service/collector".into(), value: Some(Value::Service(Service { desired: 5 })) }
}

/// The lesson's three events: scale collector to 5, copy collector-2 reported dead (it was on
/// m2), node m4 joins.
pub fn lesson_events() -> Vec<Request> {
    let dead = CopyRecord { service: "collector".into(), node: Some("m2".into()), status: Status::Dead };
    vec![
        lesson_request(),
        Request { key: "copy/collector-2".into(), value: Some(Value::Copy(dead)) },
        Request {
            key: "node/m4".into(),
            value: Some(Value::Node(Node { capacity: 4, health: Health::Alive })),
        },
    ]
}

impl Scenario {
    /// The lesson's traced scenario: its starting state and its one scale request.
    pub fn lesson() -> Scenario {
        Scenario {
            initial: lesson_initial(),
            requests: vec![lesson_request()],
            down: PartSet::NONE,
            max_rounds: DEFAULT_MAX_ROUNDS,
            timeline: Vec::new(),
            watch: WatchPlan::LIST,
        }
    }

    /// The failure matrix's run: the lesson's starting state and its three events, with `down`
    /// out of service from the start.
    pub fn events(down: PartSet) -> Scenario {
        Scenario {
            initial: lesson_initial(),
            requests: lesson_events(),
            down,
            max_rounds: DEFAULT_MAX_ROUNDS,
            timeline: Vec::new(),
            watch: WatchPlan::LIST,
        }
    }

    /// Runs the scenario: every request through the API server, then the round loop with the
    /// timeline's changes.
    pub fn simulate(&self) -> Result<Outcome, TraceLimit> {
        self.clone().run()
    }

    /// Like [`Scenario::simulate`], consuming the scenario (no copy of a large starting store).
    pub fn run(self) -> Result<Outcome, TraceLimit> {
        self.run_with(true)
    }

    /// Like [`Scenario::run`]; `values` says whether write steps keep the value they wrote
    /// (the CLI's output has no use for them).
    pub fn run_with(self, values: bool) -> Result<Outcome, TraceLimit> {
        self.run_within(values, Limits::MODEL)
    }

    /// Like [`Scenario::run_with`], stopped at `limits` (a driver's own budget).
    pub fn run_within(self, values: bool, limits: Limits) -> Result<Outcome, TraceLimit> {
        let mut plane = Plane::new(self.initial, self.down);
        if self.watch.is_watching() {
            plane.set_watch(&self.watch);
        }
        plane.store_mut().set_record_values(values);
        plane.store_mut().set_limits(limits)?;
        let mut responses = Vec::with_capacity(self.requests.len());
        for r in &self.requests {
            responses.push(plane.request(r)?);
        }
        responses.extend(plane.run_timeline(self.max_rounds, &self.timeline)?);
        Ok(Outcome { responses, plane })
    }
}

/// What a simulated scenario produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The API server's answer to each request, in order: the requests before round 1, then
    /// the timeline's requests and reports.
    pub responses: Vec<Response>,
    /// The plane after the run: its store holds the trace, revision and final contents.
    pub plane: Plane,
}
