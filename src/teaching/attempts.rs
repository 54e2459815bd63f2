//! Attempts across tabs: two tabs on one assignment share one saved record, and each writes it
//! whole. Merging what a tab holds with what another tab stored keeps every attempt either of
//! them started over (none is ever lost), and takes the lock and the predictions from the tab
//! that has seen every attempt, so the retries left are counted over all tabs' attempts.

use super::report::{Attempt, Record, RECORD_VERSION};

/// Every attempt of `a` and `b`, each once, oldest first. An attempt is the same attempt in both
/// when its predictions and the moment it was started over are the same.
pub fn merge_attempts(a: &[Attempt], b: &[Attempt]) -> Vec<Attempt> {
    let mut all: Vec<Attempt> = Vec::with_capacity(a.len() + b.len());
    for attempt in a.iter().chain(b) {
        if !all.contains(attempt) {
            // ISO 8601 times from one browser's clock sort as text; each goes after those of the
            // same time, as a stable sort would put it. Inserted in place rather than sorted:
            // a record holds a few dozen attempts at most, and a sort of its own would cost the
            // page its code.
            let at = all.partition_point(|x| x.ended_at <= attempt.ended_at);
            all.insert(at, attempt.clone());
        }
    }
    all
}

/// `newer` (the record just written, by this tab or another) merged with `older`: every attempt
/// of both; then each attempt that is started over opens a new phase, and only a record that has
/// seen every attempt speaks for the current one. In it a lock holds (only starting over
/// unlocks), and the predictions are those locked, else the newer record's.
pub fn merge_records(older: &Record, newer: &Record) -> Record {
    let attempts = merge_attempts(&older.attempts, &newer.attempts);
    let current = |r: &Record| r.attempts.len() == attempts.len();
    let (older_now, newer_now) = (current(older), current(newer));
    let locked = (older_now && older.locked) || (newer_now && newer.locked);
    let source = match (older_now, newer_now) {
        (true, false) => older,
        (true, true) if older.locked && !newer.locked => older,
        // Neither current: both tabs started over at once, and the new phase is unlocked.
        _ => newer,
    };
    Record {
        version: RECORD_VERSION,
        predictions: source.predictions.clone(),
        locked,
        saved_at: newer.saved_at.clone(),
        attempts,
        // The name typed last wins; a tab that never had one keeps the other's.
        student: if newer.student.is_empty() { older.student.clone() } else { newer.student.clone() },
    }
}

/// How many more times a locked attempt may be started over: the assignment's `retries` less
/// every attempt already started over, in any tab.
pub fn tries_left(retries: u32, attempts: &[Attempt]) -> usize {
    (retries as usize).saturating_sub(attempts.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn record(steps: &str, locked: bool, attempts: &[&Attempt]) -> Record {
        Record {
            version: RECORD_VERSION,
            predictions: BTreeMap::from([("steps".to_string(), steps.to_string())]),
            locked,
            saved_at: String::new(),
            attempts: attempts.iter().map(|&a| a.clone()).collect(),
            student: String::new(),
        }
    }

    fn attempt(steps: &str, at: &str) -> Attempt {
        Attempt {
            predictions: BTreeMap::from([("steps".to_string(), steps.to_string())]),
            ended_at: at.into(),
        }
    }

    #[test]
    fn attempts_from_both_tabs_are_kept_once_each_oldest_first() {
        let (one, two, three) = (attempt("3", "t1"), attempt("16", "t2"), attempt("17", "t3"));
        let merged = merge_attempts(&[three.clone(), one.clone()], &[two.clone(), one.clone()]);
        assert_eq!(merged, [one, two, three]);
    }

    /// Issue 17: with `retries: 1`, tab A locks, starts over and locks again while tab B, which
    /// saw only the first lock, starts over too. Merging, B learns of A's attempt: no try is left,
    /// and whatever B writes keeps the wrong first attempt.
    #[test]
    fn a_stale_tab_counts_the_other_tabs_attempts_and_never_drops_them() {
        let first = attempt("3", "t1");
        let a = record("17", true, &[&first]); // A: locked, started over, locked again
        let b = record("3", true, &[]); // B: saw A's first lock only
        let b_now = merge_records(&b, &a); // B follows A's write
        assert_eq!(b_now, Record { saved_at: String::new(), ..a.clone() });
        assert_eq!(tries_left(1, &b_now.attempts), 0);
        // Had B written its stale record over A's, A's merge still keeps every attempt.
        let b_started_over = record("3", false, &[&attempt("3", "t2")]);
        let a_now = merge_records(&a, &b_started_over);
        assert_eq!(a_now.attempts, [first, attempt("3", "t2")]);
        assert!(!a_now.locked, "both started over: the new phase is unlocked");
        assert_eq!(tries_left(1, &a_now.attempts), 0);
    }

    #[test]
    fn within_one_phase_a_lock_holds_and_keeps_its_predictions() {
        let locked = record("17", true, &[]);
        let typing = record("18", false, &[]); // written by a tab that had not yet heard of the lock
        assert_eq!(merge_records(&locked, &typing), locked);
        assert_eq!(merge_records(&typing, &locked), locked);
        // Unlocked on both sides: the newer predictions (the tab follows the other's typing).
        assert_eq!(merge_records(&record("1", false, &[]), &typing), typing);
        // A start over in the newer record opens a new phase: its unlock is taken.
        let over = record("17", false, &[&attempt("17", "t1")]);
        assert_eq!(merge_records(&locked, &over), over);
        assert_eq!(merge_records(&over, &locked), over);
    }
}
