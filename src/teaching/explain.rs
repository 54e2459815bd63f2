//! What explains a wrong answer in the assignment's run: the trace steps a question's answer is
//! made of, or the rounds a whole run's count adds up from. Derived here, once, from the
//! recording; the reveal only words them and links to them.

use crate::formats::assignment::Quantity;
use crate::formats::question::Question;
use crate::model::{RoundSpan, Step};

/// Steps a question's answer is made of (see [`Question::counts`]): the first `most`, each with
/// its place in the trace (numbered from 1, as the trace numbers them), and how many more.
pub fn steps_counted<'a>(steps: &'a [Step], q: &Question, most: usize) -> (Vec<(usize, &'a Step)>, usize) {
    let counted = steps.iter().enumerate().filter(|(_, s)| q.counts(s)).map(|(i, s)| (i + 1, s));
    let first: Vec<(usize, &Step)> = counted.clone().take(most).collect();
    let more = counted.count() - first.len();
    (first, more)
}

/// A round that adds to a whole run's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundShare {
    /// The round (0: the requests).
    pub round: u32,
    /// Its last step, numbered from 1.
    pub last: usize,
    /// What it adds to the count.
    pub adds: usize,
}

/// The rounds that add to a whole run's count of `q` (items read, steps, or writes: the
/// revision counts writes), in order: the first `most`, and when `most` are listed, how many of
/// the run's rounds are not.
pub fn rounds_adding(spans: &[RoundSpan], q: Quantity, most: usize) -> (Vec<RoundShare>, usize) {
    let shares: Vec<RoundShare> = spans
        .iter()
        .map(|span| {
            let adds = match q {
                Quantity::ItemReads => span.totals.item_reads,
                Quantity::Steps => span.steps,
                _ => span.totals.writes,
            };
            RoundShare { round: span.round, last: span.last, adds }
        })
        .filter(|share| share.adds > 0)
        .take(most)
        .collect();
    let more = if shares.len() == most { spans.len() - shares.len() } else { 0 };
    (shares, more)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Part, Scenario};
    use crate::playback::Recording;

    fn lesson() -> Recording {
        Recording::of(&Scenario::lesson()).expect("records")
    }

    #[test]
    fn the_steps_of_a_round_a_component_and_a_key_in_the_lessons_run() {
        let r = lesson();
        let places = |q: &Question, most| {
            let (first, more) = steps_counted(&r.steps, q, most);
            (first.iter().map(|(n, _)| *n).collect::<Vec<_>>(), more)
        };
        // Round 2 reads nothing but reads: 5 steps, 26 items; it writes nothing.
        assert_eq!(places(&Question::Round { round: 2, writes: false }, 20), (vec![13, 14, 15, 16, 17], 0));
        assert_eq!(places(&Question::Round { round: 2, writes: true }, 20), (vec![], 0));
        assert_eq!(places(&Question::Round { round: 1, writes: true }, 3), (vec![4, 5, 8], 3));
        assert_eq!(places(&Question::PartReads(Part::ApiServer), 20), (vec![], 0));
        let writers = Question::Writers("copy/collector-4".into());
        let (first, _) = steps_counted(&r.steps, &writers, 20);
        let parts: Vec<Part> = first.iter().map(|(_, s)| s.component).collect();
        assert_eq!(parts, [Part::ControllerManager, Part::Scheduler, Part::NodeAgents]);
    }

    #[test]
    fn the_rounds_that_add_up_the_lessons_counts() {
        let r = lesson();
        let said = |q, most| {
            let (shares, more) = rounds_adding(r.rounds(), q, most);
            (shares.iter().map(|s| (s.round, s.last, s.adds)).collect::<Vec<_>>(), more)
        };
        assert_eq!(said(Quantity::ItemReads, 20), (vec![(1, 12, 24), (2, 17, 26)], 0));
        assert_eq!(said(Quantity::Writes, 20), (vec![(0, 1, 1), (1, 12, 6)], 0));
        assert_eq!(said(Quantity::Steps, 20), (vec![(0, 1, 1), (1, 12, 11), (2, 17, 5)], 0));
        // Two listed of three rounds: one more.
        assert_eq!(said(Quantity::Steps, 2), (vec![(0, 1, 1), (1, 12, 11)], 1));
    }
}
