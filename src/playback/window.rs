//! How much of a long list a view draws. The lab's store and world views draw every key and
//! copy at every step; at the browser's limits that was a thousand keys and a thousand copies of
//! markup each step (hundreds of milliseconds). A view draws at most a few dozen around what the
//! step touches and names how many it left out, so a step's drawing is bounded whatever the run.

use std::ops::Range;

/// Most keys of one prefix the store view draws.
pub const MOST_KEYS: usize = 40;
/// Most nodes the world view draws, and most copies on one node.
pub const MOST_NODES: usize = 24;

/// The items of a list of `len` a view draws: at most `most`, around `focus` (the item the step
/// touches) when there is one, else from the start.
pub fn around(len: usize, focus: Option<usize>, most: usize) -> Range<usize> {
    let start = focus.map_or(0, |f| f.saturating_sub(most / 2)).min(len.saturating_sub(most));
    start..(start + most).min(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_list_is_drawn_whole_and_a_long_one_around_its_focus() {
        assert_eq!(around(10, None, 40), 0..10);
        assert_eq!(around(10, Some(9), 40), 0..10);
        assert_eq!(around(1000, None, 40), 0..40);
        assert_eq!(around(1000, Some(500), 40), 480..520);
        assert_eq!(around(1000, Some(3), 40), 0..40);
        assert_eq!(around(1000, Some(999), 40), 960..1000);
        assert_eq!(around(0, Some(0), 40), 0..0);
    }
}
