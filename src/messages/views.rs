//! The words of the playback layer's view data: a round heading of the trace, and the labels of
//! the load chart. The data (numbers, rounds, changes) is playback's; these only say it.

use super::{fill, Messages};
use crate::model::{Change, Part, Totals};

/// A round heading's texts: shown as parts apart, and whole as one line of words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadingText {
    /// The round's name: `round 2`, or `requests` for round 0.
    pub name: String,
    /// Its totals so far: `26 item reads, 0 writes`.
    pub totals: String,
    /// The changes made at its start, joined; empty when none.
    pub changes: String,
    /// The whole heading as words, its parts apart: `round 2 · 26 item reads, 0 writes`. What
    /// a screen reader says and a copy holds.
    pub spoken: String,
}

impl Messages {
    /// The texts of the heading of `round`, with the round's `totals` so far and the `changes`
    /// made at its start.
    pub fn round_heading(&self, round: u32, totals: Totals, changes: &[Change]) -> HeadingText {
        let name = if round == 0 {
            self.trace_requests.to_string()
        } else {
            fill(self.trace_round, &[("n", &round)])
        };
        let totals =
            fill(self.trace_round_totals, &[("reads", &totals.item_reads), ("writes", &totals.writes)]);
        let changes = changes.iter().map(|c| self.change(c)).collect::<Vec<_>>().join("; ");
        let sep = self.trace_heading_separator;
        let mut spoken = format!("{name}{sep}{totals}");
        if !changes.is_empty() {
            spoken = format!("{spoken}{sep}{changes}");
        }
        HeadingText { name, totals, changes, spoken }
    }

    /// A load bar's label: `controller manager: 16 item reads`.
    pub fn load_bar_label(&self, part: Part, reads: usize) -> String {
        fill(self.load_bar, &[("part", &self.part(part)), ("reads", &reads)])
    }

    /// A load segment's label: `round 2: 9` for a round's segment; the bar's own label for a
    /// segment that is the whole bar (`round` none).
    pub fn load_segment_label(
        &self,
        part: Part,
        bar_reads: usize,
        round: Option<u32>,
        reads: usize,
    ) -> String {
        match round {
            Some(round) => fill(self.load_segment, &[("round", &round), ("reads", &reads)]),
            None => self.load_bar_label(part, bar_reads),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::messages::EN;
    use crate::model::{Change, Part, Totals};

    #[test]
    fn a_heading_reads_as_words_with_its_parts_apart() {
        let h = EN.round_heading(2, Totals { item_reads: 26, writes: 0 }, &[]);
        assert_eq!(h.spoken, "round 2 · 26 item reads, 0 writes");
        let back = EN.round_heading(0, Totals::default(), &[Change::Up(Part::Scheduler)]);
        assert_eq!((back.name.as_str(), back.changes.is_empty()), ("requests", false));
        assert!(back.spoken.starts_with("requests · 0 item reads, 0 writes · "), "{}", back.spoken);
    }
}
