//! The rows put in the order kube-apiserver received them, in steps of bounded work, so a page
//! can order the requests of a 100 MB log without holding the browser: each step does at most
//! the [`Work`] it is given, counted in units (a row looked at, a sort key moved, a row swapped
//! into place), and takes up again where the step before stopped. The CLI runs the same steps
//! to the end at once ([`order_rows`]), so both order by one rule.

use super::names::NameFill;
use super::row::RequestRow;

/// Work counted in units, for one step: a row looked at, a sort key moved, a row swapped into
/// place, or 64 bytes of a body parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    budget: usize,
    spent: usize,
}

impl Work {
    /// A step of at most `budget` units (it may pass it by the one item it began).
    pub fn new(budget: usize) -> Work {
        Work { budget, spent: 0 }
    }

    /// No bound: the work is done at once (the CLI).
    pub fn unbounded() -> Work {
        Work::new(usize::MAX)
    }

    /// Counts `units` done.
    pub fn spend(&mut self, units: usize) {
        self.spent = self.spent.saturating_add(units);
    }

    /// Whether the step may do more.
    pub fn left(&self) -> bool {
        self.spent < self.budget
    }

    /// The units done in this step.
    pub fn spent(&self) -> usize {
        self.spent
    }
}

/// A row's sort key: its `requestReceivedTimestamp`, its first line (ties), its position now.
type Key = (i64, u64, usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Taking each row's key.
    Keys,
    /// A bottom-up merge sort of the keys: runs of `width` merged in pairs from `start`; `i`
    /// and `j` are the next keys of the pair's two runs.
    Merge {
        width: usize,
        start: usize,
        i: usize,
        j: usize,
    },
    /// Writing where each row goes (`dest`), key by key.
    Dest(usize),
    /// Swapping each row into its place, from position `at` on.
    Place(usize),
    Done,
}

/// Rows being put in order, step by step.
#[derive(Debug)]
pub struct RowOrder {
    rows: Vec<RequestRow>,
    keys: Vec<Key>,
    merged: Vec<Key>,
    dest: Vec<usize>,
    phase: Phase,
}

impl RowOrder {
    /// Orders `rows` (as the log gave them) by `(received, line)`.
    pub fn new(rows: Vec<RequestRow>) -> RowOrder {
        RowOrder { rows, keys: Vec::new(), merged: Vec::new(), dest: Vec::new(), phase: Phase::Keys }
    }

    /// The rows to order.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Does at most `work`; true once the rows are in order.
    pub fn step(&mut self, work: &mut Work) -> bool {
        while work.left() {
            self.phase = match self.phase {
                Phase::Keys => self.take_keys(work),
                Phase::Merge { width, start, i, j } => self.merge(work, width, start, i, j),
                Phase::Dest(at) => self.write_dest(work, at),
                Phase::Place(at) => self.place(work, at),
                Phase::Done => return true,
            };
        }
        self.phase == Phase::Done
    }

    /// The rows, in order once [`RowOrder::step`] said so.
    pub fn into_rows(self) -> Vec<RequestRow> {
        self.rows
    }

    fn take_keys(&mut self, work: &mut Work) -> Phase {
        while work.left() && self.keys.len() < self.rows.len() {
            let at = self.keys.len();
            let row = &self.rows[at];
            self.keys.push((row.received, row.line, at));
            work.spend(1);
        }
        if self.keys.len() < self.rows.len() {
            return Phase::Keys;
        }
        let width = 1;
        self.next_pass(width)
    }

    /// The first pair of a pass of runs of `width`, or the places once one run is all.
    fn next_pass(&mut self, width: usize) -> Phase {
        let n = self.keys.len();
        if width >= n {
            self.dest = vec![0; n];
            return Phase::Dest(0);
        }
        Phase::Merge { width, start: 0, i: 0, j: width.min(n) }
    }

    fn merge(
        &mut self,
        work: &mut Work,
        width: usize,
        mut start: usize,
        mut i: usize,
        mut j: usize,
    ) -> Phase {
        let n = self.keys.len();
        while work.left() {
            if start >= n {
                std::mem::swap(&mut self.keys, &mut self.merged);
                self.merged.clear();
                return self.next_pass(width * 2);
            }
            let (mid, end) = ((start + width).min(n), (start + 2 * width).min(n));
            if i < mid && (j >= end || self.keys[i] <= self.keys[j]) {
                self.merged.push(self.keys[i]);
                i += 1;
            } else if j < end {
                self.merged.push(self.keys[j]);
                j += 1;
            } else {
                start = end;
                (i, j) = (start, (start + width).min(n));
                continue;
            }
            work.spend(1);
        }
        Phase::Merge { width, start, i, j }
    }

    fn write_dest(&mut self, work: &mut Work, mut at: usize) -> Phase {
        while work.left() && at < self.keys.len() {
            self.dest[self.keys[at].2] = at;
            at += 1;
            work.spend(1);
        }
        if at < self.keys.len() {
            return Phase::Dest(at);
        }
        Phase::Place(0)
    }

    /// Each swap puts one row in its final place, so the swaps are at most the rows.
    fn place(&mut self, work: &mut Work, mut at: usize) -> Phase {
        while work.left() && at < self.rows.len() {
            let to = self.dest[at];
            if to == at {
                at += 1;
            } else {
                self.rows.swap(at, to);
                self.dest.swap(at, to);
            }
            work.spend(1);
        }
        if at < self.rows.len() {
            return Phase::Place(at);
        }
        (self.keys, self.merged, self.dest) = (Vec::new(), Vec::new(), Vec::new());
        Phase::Done
    }
}

/// The rows in the order kube-apiserver received them (ties: by line), with the names of
/// `generateName` creates filled in where the log gives them: every step at once.
pub fn order_rows(rows: Vec<RequestRow>) -> Vec<RequestRow> {
    let mut order = RowOrder::new(rows);
    while !order.step(&mut Work::unbounded()) {}
    let mut rows = order.into_rows();
    let mut names = NameFill::new();
    while !names.step(&mut rows, &mut Work::unbounded()) {}
    rows
}
