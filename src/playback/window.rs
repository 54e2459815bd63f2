//! How much of a long list a view draws. The lab's store and world views draw every key and
//! copy at every step; at the browser's limits that was a thousand keys and a thousand copies of
//! markup each step (hundreds of milliseconds). A view draws at most a few dozen around what the
//! step touches and names how many it left out, so a step's drawing is bounded whatever the run.

use super::Frame;
use crate::model::Value;
use std::ops::Range;
use std::rc::Rc;

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

/// One prefix's keys as the store view draws them: those drawn, in store order, and how many
/// are left out before and after them.
#[derive(Debug, PartialEq)]
pub struct KeyGroup<'a> {
    /// The keys drawn and their values.
    pub drawn: Vec<&'a (Rc<str>, Value)>,
    /// Keys of the prefix before the first drawn.
    pub before: usize,
    /// Keys of the prefix after the last drawn.
    pub after: usize,
}

impl Frame {
    /// The store's keys under `prefix` as the store view draws them: at most [`MOST_KEYS`],
    /// around the key the step at the cursor touches.
    pub fn key_group(&self, prefix: &str) -> KeyGroup<'_> {
        let keys: Vec<&(Rc<str>, Value)> =
            self.entries.iter().filter(|(k, _)| k.starts_with(prefix)).collect();
        let touched = self.step.as_ref().and_then(|s| keys.iter().position(|(k, _)| *k == s.key));
        let drawn = around(keys.len(), touched, MOST_KEYS);
        let (before, after) = (drawn.start, keys.len() - drawn.end);
        KeyGroup { drawn: keys[drawn].to_vec(), before, after }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_store_view_draws_a_group_whole_or_around_the_key_written() {
        use crate::model::{CopyRecord, Scenario, Status};
        let r = super::super::Recording::of(&Scenario::lesson()).expect("records");
        // Step 8: the scheduler writes copy/collector-4; the lesson's group is drawn whole.
        let f = r.frame(8);
        let copies = f.key_group("copy/");
        let keys: Vec<&str> = copies.drawn.iter().map(|(k, _)| &**k).collect();
        let lesson = ["collector-1", "collector-2", "collector-3", "verifier-1", "verifier-2", "collector-4"];
        let mut want: Vec<String> = lesson.iter().map(|k| format!("copy/{k}")).collect();
        want.push("copy/collector-5".into());
        assert_eq!((keys, copies.before, copies.after), (want.iter().map(|k| k.as_str()).collect(), 0, 0));
        assert_eq!(f.key_group("node/").drawn.len(), 3, "the nodes the store holds at step 8");
        // 100 more copies: at the start, the first MOST_KEYS are drawn and the rest counted.
        let mut big = Scenario::lesson();
        big.initial.extend((0..100).map(|i| {
            let copy = CopyRecord { service: "z".into(), node: None, status: Status::Pending };
            (format!("copy/z-{i:03}").into(), Value::Copy(copy))
        }));
        let start = super::super::Recording::of(&big).expect("records").frame(0);
        let group = start.key_group("copy/");
        assert_eq!((group.drawn.len(), group.before, group.after), (MOST_KEYS, 0, 105 - MOST_KEYS));
    }

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
