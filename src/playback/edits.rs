//! What the student does to a run at the cursor: take parts down or bring them back from the next
//! round on, or have the node agents report again. Pure: the lab keeps an [`Edits`] and records
//! the run it describes; a changed round never touches the rounds before it, so every earlier step
//! stays where it was.

use crate::model::{Change, Event, PartSet};

/// The student's changes to the run shown: parts down from the start, and changes at rounds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Edits {
    /// Parts down from the start, before the requests.
    pub down: PartSet,
    /// Changes at the start of rounds, in round order.
    pub timeline: Vec<Event>,
}

/// Whether a change is a part of `parts` going down or coming back.
fn concerns(change: &Change, parts: PartSet) -> bool {
    matches!(change, Change::Down(p) | Change::Up(p) if parts.contains(*p))
}

impl Edits {
    /// Edits with `down` down from the start and no change.
    pub fn starting(down: PartSet) -> Edits {
        Edits { down, timeline: Vec::new() }
    }

    /// Toggles `parts` at the cursor. `round` is the round of the step at the cursor (none
    /// before the first step: then the parts are down, or not, for the whole run, as before any
    /// change); `will_be` is what will be down at the start of the next round with every change
    /// the run already makes there, the student's and its scenario's own (see
    /// [`super::Frame::down_next`]). If every one of `parts` will be down they all come back;
    /// otherwise those that will be up go down, so a press always changes the next round, even
    /// where the scenario itself brings a part back then. Changes after the next round are
    /// dropped: the run is recomputed from there.
    pub fn toggle(&self, parts: PartSet, round: Option<u32>, will_be: PartSet) -> Edits {
        let Some(round) = round else {
            let down = if parts.parts().all(|p| self.down.contains(p)) {
                parts.parts().fold(self.down, PartSet::without)
            } else {
                self.down.union(parts)
            };
            let timeline = self.timeline.iter().filter(|e| !concerns(&e.change, parts)).cloned().collect();
            return Edits { down, timeline };
        };
        let next = round + 1;
        let mut timeline: Vec<Event> = self.timeline.iter().filter(|e| e.round <= next).cloned().collect();
        let bring_back = parts.parts().all(|p| will_be.contains(p));
        for p in parts.parts().filter(|&p| will_be.contains(p) == bring_back) {
            let pending =
                timeline.iter().position(|e| e.round == next && concerns(&e.change, PartSet::of(p)));
            match pending {
                // Pressed again before the round came: the change is taken back.
                Some(at) => {
                    timeline.remove(at);
                }
                None => {
                    let change = if bring_back { Change::Up(p) } else { Change::Down(p) };
                    timeline.push(Event::at(next, change));
                }
            }
        }
        Edits { down: self.down, timeline }
    }

    /// The node agents report again at the start of the round after `round` (the round of the
    /// step at the cursor; none before the first step). Changes after that round are dropped.
    pub fn report(&self, round: Option<u32>) -> Edits {
        let next = round.map_or(1, |r| r + 1);
        let mut timeline: Vec<Event> = self.timeline.iter().filter(|e| e.round <= next).cloned().collect();
        if !timeline.iter().any(|e| e.round == next && e.change == Change::Report) {
            timeline.push(Event::at(next, Change::Report));
        }
        Edits { down: self.down, timeline }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Part;

    const SCHED: PartSet = PartSet::of_part(Part::Scheduler);

    #[test]
    fn before_the_first_step_a_part_is_down_for_the_whole_run() {
        let e = Edits::default().toggle(SCHED, None, PartSet::NONE);
        assert_eq!(e, Edits::starting(SCHED));
        assert_eq!(e.toggle(SCHED, None, SCHED), Edits::default());
    }

    #[test]
    fn mid_run_a_part_changes_from_the_next_round_and_a_second_press_takes_it_back() {
        let down = Edits::starting(SCHED);
        let back = down.toggle(SCHED, Some(2), SCHED);
        assert_eq!(back.timeline, [Event::at(3, Change::Up(Part::Scheduler))]);
        // Pressed again at the same step, where the scheduler will be back at round 3.
        assert_eq!(back.toggle(SCHED, Some(2), PartSet::NONE), down, "the change is taken back");
        // Later, with the scheduler back since round 3, it goes down again at round 6.
        let again = back.toggle(SCHED, Some(5), PartSet::NONE);
        assert_eq!(again.timeline[1], Event::at(6, Change::Down(Part::Scheduler)));
        // Stepping back to round 1 and pressing there drops what came after.
        let rewritten = again.toggle(PartSet::of(Part::ApiServer), Some(1), SCHED);
        assert_eq!(rewritten.timeline, [Event::at(2, Change::Down(Part::ApiServer))]);
    }

    #[test]
    fn the_whole_control_plane_goes_down_and_comes_back_together() {
        let plane = PartSet::CONTROL_PLANE;
        let partly = Edits::starting(PartSet::of(Part::ApiServer));
        let all = partly.toggle(plane, Some(1), PartSet::of(Part::ApiServer));
        assert_eq!(all.timeline.len(), 3, "the three parts that were up go down");
        let back = Edits::starting(plane).toggle(plane, Some(1), plane);
        let changes: Vec<&Change> = back.timeline.iter().map(|e| &e.change).collect();
        assert_eq!(
            changes,
            [
                &Change::Up(Part::ApiServer),
                &Change::Up(Part::StateStore),
                &Change::Up(Part::Scheduler),
                &Change::Up(Part::ControllerManager)
            ]
        );
    }

    #[test]
    fn a_part_the_scenario_brings_back_next_round_stays_down_when_pressed() {
        // The scenario's own timeline brings the scheduler back at round 3 (not one of the
        // student's edits): at round 2 it will be up, so a press keeps it down from round 3.
        let e = Edits::starting(SCHED).toggle(SCHED, Some(2), PartSet::NONE);
        assert_eq!(e.timeline, [Event::at(3, Change::Down(Part::Scheduler))]);
    }

    #[test]
    fn a_report_is_set_once_for_the_next_round() {
        let e = Edits::default().report(Some(4)).report(Some(4));
        assert_eq!(e.timeline, [Event::at(5, Change::Report)]);
        assert_eq!(Edits::default().report(None).timeline, [Event::at(1, Change::Report)]);
    }
}
