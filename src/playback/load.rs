//! Where the load comes from, as data: a bar per part with its item reads so far, split into a
//! segment per round. The load chart draws exactly these; their numbers are tested here, not in a
//! browser.

use super::rounds::part_index;
use super::Frame;
use crate::model::Part;

/// The parts the load chart shows: the state store reads nothing of itself.
pub const LOAD_PARTS: [Part; 4] =
    [Part::ApiServer, Part::ControllerManager, Part::Scheduler, Part::NodeAgents];

/// Most rounds drawn as segments of their own: past it, each bar is one segment (dozens of
/// slivers would say less than one bar).
pub const MOST_ROUNDS: usize = 40;

/// One segment of a bar: one round's item reads, or the whole bar's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadSegment {
    /// The round it stands for; none when it is the whole bar (too many rounds to split).
    pub round: Option<u32>,
    /// Its item reads.
    pub reads: usize,
}

/// One part's bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadBar {
    /// The part.
    pub part: Part,
    /// Its item reads so far.
    pub reads: usize,
    /// Its segments, in round order; rounds it read nothing in are left out.
    pub segments: Vec<LoadSegment>,
}

/// The load chart at a frame: its bars, and the longest bar's reads (the axis' end, at least 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadChart {
    /// A bar per part of [`LOAD_PARTS`].
    pub bars: Vec<LoadBar>,
    /// The longest bar's reads, at least 1 so an empty chart still has an axis.
    pub most: usize,
}

/// The load chart of `frame`, from its reads per round and part.
pub fn load_chart(frame: &Frame) -> LoadChart {
    let split = frame.load.len() <= MOST_ROUNDS;
    let bars: Vec<LoadBar> = LOAD_PARTS
        .iter()
        .map(|&part| {
            let i = part_index(part);
            let reads = frame.load.iter().map(|r| r[i]).sum::<usize>();
            let segments = if split {
                (0u32..)
                    .zip(&frame.load)
                    .filter(|(_, r)| r[i] > 0)
                    .map(|(round, r)| LoadSegment { round: Some(round), reads: r[i] })
                    .collect()
            } else if reads > 0 {
                vec![LoadSegment { round: None, reads }]
            } else {
                Vec::new()
            };
            LoadBar { part, reads, segments }
        })
        .collect();
    let most = bars.iter().map(|b| b.reads).max().unwrap_or(0).max(1);
    LoadChart { bars, most }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Scenario;
    use crate::playback::Recording;

    /// A bar as a test reads it: its part, reads, and (round, reads) segments.
    type Bar = (Part, usize, Vec<(Option<u32>, usize)>);

    #[test]
    fn the_lessons_load_is_the_deciding_parts_round_by_round() {
        let r = Recording::of(&Scenario::lesson()).unwrap();
        let chart = load_chart(&r.frame(r.len()));
        let bars: Vec<Bar> = chart
            .bars
            .iter()
            .map(|b| (b.part, b.reads, b.segments.iter().map(|s| (s.round, s.reads)).collect()))
            .collect();
        assert_eq!(
            bars,
            [
                (Part::ApiServer, 0, vec![]),
                (Part::ControllerManager, 16, vec![(Some(1), 7), (Some(2), 9)]),
                (Part::Scheduler, 20, vec![(Some(1), 10), (Some(2), 10)]),
                (Part::NodeAgents, 14, vec![(Some(1), 7), (Some(2), 7)]),
            ]
        );
        assert_eq!(chart.most, 20);
        assert_eq!(load_chart(&r.frame(0)).most, 1, "an empty chart keeps its axis");
    }
}
