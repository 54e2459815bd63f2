//! The runs the lab shows and the CLI names: the lesson's request, the failure-matrix events, a
//! scale request of the student's own on the lesson's starting state, or a scenario given from
//! outside (an assignment's). One type for all of them, and the one place that turns a run into
//! the scenario the model simulates.

use super::api_server::Request;
use super::part::PartSet;
use super::plane::DEFAULT_MAX_ROUNDS;
use super::scenario::{lesson_initial, Scenario};
use super::timeline::Event;
use super::value::{Service, Value};
use std::fmt;
use std::str::FromStr;

/// Largest desired count of a scale run: enough to fill every node of the lesson (3 nodes of
/// capacity 4) and overflow.
pub const MAX_DESIRED: u32 = 20;

/// A service of the lesson's starting state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LessonService {
    /// `service/collector` (desired 3 at the start).
    Collector,
    /// `service/verifier` (desired 2 at the start).
    Verifier,
}

impl LessonService {
    /// Both, in the lesson's order.
    pub const ALL: [LessonService; 2] = [LessonService::Collector, LessonService::Verifier];

    /// The service's name, as in its key.
    pub fn name(self) -> &'static str {
        match self {
            LessonService::Collector => "collector",
            LessonService::Verifier => "verifier",
        }
    }

    /// The service with this exact name.
    pub fn from_name(name: &str) -> Option<LessonService> {
        LessonService::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Which run is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Run {
    /// The lesson's request: collector 3 -> 5.
    Lesson,
    /// The failure matrix's three events: scale collector to 5, collector-2 reported dead, m4
    /// joins.
    Events,
    /// A scale request on the lesson's starting state.
    Scale {
        /// The service scaled.
        service: LessonService,
        /// Its new desired count, at most [`MAX_DESIRED`].
        desired: u32,
    },
    /// A scenario given from outside (an assignment's).
    Given,
}

/// Why a run has no scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunError {
    /// [`Run::Given`] was asked for, and no scenario was given.
    NothingGiven,
    /// A scale run's desired count is above [`MAX_DESIRED`].
    DesiredTooLarge {
        /// The count asked for.
        desired: u32,
    },
}

impl Run {
    /// The scenario of this run with `down` out of service from the start; `given` is the
    /// scenario of [`Run::Given`] (its own `down` is replaced by `down`).
    pub fn scenario(self, down: PartSet, given: Option<&Scenario>) -> Result<Scenario, RunError> {
        let on_lesson_state = |requests: Vec<Request>| Scenario {
            initial: lesson_initial(),
            requests,
            down,
            max_rounds: DEFAULT_MAX_ROUNDS,
            timeline: Vec::new(),
            watch: super::watch::WatchPlan::LIST,
        };
        match self {
            Run::Lesson => Ok(Scenario { down, ..Scenario::lesson() }),
            Run::Events => Ok(Scenario::events(down)),
            Run::Scale { desired, .. } if desired > MAX_DESIRED => Err(RunError::DesiredTooLarge { desired }),
            Run::Scale { service, desired } => {
                let key = format!("service/{}", service.name());
                Ok(on_lesson_state(vec![Request { key, value: Some(Value::Service(Service { desired })) }]))
            }
            Run::Given => given.map(|s| Scenario { down, ..s.clone() }).ok_or(RunError::NothingGiven),
        }
    }

    /// The same, with `timeline`'s changes added to the run's own (a given scenario may have
    /// some), in round order: the lab's parts taken down and brought back mid-run.
    pub fn scenario_with(
        self,
        down: PartSet,
        timeline: &[Event],
        given: Option<&Scenario>,
    ) -> Result<Scenario, RunError> {
        let mut scenario = self.scenario(down, given)?;
        for event in timeline {
            // After every change of its round or earlier: changes of one round keep their order.
            let at = scenario
                .timeline
                .iter()
                .position(|e| e.round > event.round)
                .unwrap_or(scenario.timeline.len());
            scenario.timeline.insert(at, event.clone());
        }
        Ok(scenario)
    }
}

/// A run's name, as share links write it and the CLI reads it: `lesson`, `events`, `assignment`
/// (a given scenario), `scale:collector:5`.
impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Run::Lesson => f.write_str("lesson"),
            Run::Events => f.write_str("events"),
            Run::Given => f.write_str("assignment"),
            Run::Scale { service, desired } => write!(f, "scale:{}:{desired}", service.name()),
        }
    }
}

/// Why a name is not a run's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunNameError {
    /// It names no run.
    NotARun,
    /// A scale run's count (as given) is not a whole number from 0 to [`MAX_DESIRED`].
    BadDesired(String),
}

/// Reads what `Display` writes.
impl FromStr for Run {
    type Err = RunNameError;
    fn from_str(name: &str) -> Result<Run, RunNameError> {
        match name {
            "lesson" => return Ok(Run::Lesson),
            "events" => return Ok(Run::Events),
            "assignment" => return Ok(Run::Given),
            _ => {}
        }
        let mut parts = name.split(':');
        let (Some("scale"), Some(service), Some(n), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(RunNameError::NotARun);
        };
        let service = LessonService::from_name(service).ok_or(RunNameError::NotARun)?;
        match n.parse::<u32>() {
            Ok(desired) if desired <= MAX_DESIRED => Ok(Run::Scale { service, desired }),
            _ => Err(RunNameError::BadDesired(n.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Part;

    #[test]
    fn every_run_round_trips_through_its_name() {
        let mut runs = vec![Run::Lesson, Run::Events, Run::Given];
        for service in LessonService::ALL {
            runs.extend((0..=MAX_DESIRED).map(|desired| Run::Scale { service, desired }));
        }
        for run in runs {
            assert_eq!(run.to_string().parse(), Ok(run), "{run}");
        }
        assert_eq!(
            Run::Scale { service: LessonService::Verifier, desired: 9 }.to_string(),
            "scale:verifier:9"
        );
        for bad in ["", "Lesson", "scale", "scale:collector", "scale:web:3", "scale:collector:3:4"] {
            assert_eq!(bad.parse::<Run>(), Err(RunNameError::NotARun), "{bad}");
        }
        for n in ["21", "-1", "x", "", "3.0"] {
            let name = format!("scale:collector:{n}");
            assert_eq!(name.parse::<Run>(), Err(RunNameError::BadDesired(n.into())), "{name}");
        }
    }

    #[test]
    fn each_run_is_its_scenario() {
        let lesson = Run::Lesson.scenario(PartSet::NONE, None).unwrap();
        assert_eq!(lesson, Scenario::lesson());
        let events = Run::Events.scenario(PartSet::of(Part::Scheduler), None).unwrap();
        assert_eq!(
            (events.requests, events.down),
            (crate::model::lesson_events(), PartSet::of(Part::Scheduler))
        );
        let scale = Run::Scale { service: LessonService::Verifier, desired: 7 }
            .scenario(PartSet::NONE, None)
            .unwrap();
        assert_eq!(scale.requests[0].key, "service/verifier");
        assert_eq!(scale.requests[0].value, Some(Value::Service(Service { desired: 7 })));
        let given = Scenario { max_rounds: 3, ..Scenario::lesson() };
        let back = Run::Given.scenario(PartSet::of(Part::ApiServer), Some(&given)).unwrap();
        assert_eq!((back.max_rounds, back.down), (3, PartSet::of(Part::ApiServer)));
    }

    #[test]
    fn the_labs_changes_go_among_a_given_timeline_by_round() {
        use crate::model::{Change, Event};
        let given = Scenario {
            timeline: vec![Event::at(2, Change::Report), Event::at(5, Change::Report)],
            ..Scenario::lesson()
        };
        let lab = [Event::at(5, Change::Down(Part::Scheduler)), Event::at(3, Change::Up(Part::Scheduler))];
        let s = Run::Given.scenario_with(PartSet::of(Part::Scheduler), &lab, Some(&given)).unwrap();
        let rounds: Vec<u32> = s.timeline.iter().map(|e| e.round).collect();
        assert_eq!(rounds, [2, 3, 5, 5]);
        assert_eq!(s.timeline[3].change, Change::Down(Part::Scheduler), "after the round's own change");
    }

    #[test]
    fn a_run_without_its_scenario_says_why() {
        assert_eq!(Run::Given.scenario(PartSet::NONE, None), Err(RunError::NothingGiven));
        let big = Run::Scale { service: LessonService::Collector, desired: MAX_DESIRED + 1 };
        assert_eq!(
            big.scenario(PartSet::NONE, None),
            Err(RunError::DesiredTooLarge { desired: MAX_DESIRED + 1 })
        );
    }
}
