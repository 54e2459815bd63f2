//! Issue 30's weight: `kube::by_time::sort_by_time` (one sort of `(key, position)` pairs for
//! every timeline of the page) gives exactly what the standard library's stable `sort_by_key`
//! gives: equal keys in their order, on lists with many ties, none, all one key, sorted,
//! reversed and empty.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use cplab::kube::by_time::sort_by_time;

fn same(items: Vec<(u64, usize)>) {
    let mut stable = items.clone();
    stable.sort_by_key(|t| t.0);
    let mut ours = items;
    sort_by_time(&mut ours, |t| t.0);
    assert_eq!(ours, stable);
}

#[test]
fn sorts_as_the_stable_sort_does() {
    let mut rng = support::Rng::new(30);
    for len in [0, 1, 2, 3, 7, 20, 100, 1_000] {
        for spread in [1, 2, 5, 1_000, u64::MAX] {
            let keys: Vec<u64> = (0..len).map(|_| rng.below(spread)).collect();
            same(keys.iter().copied().zip(0..).collect());
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            same(sorted.iter().copied().zip(0..).collect());
            same(sorted.iter().rev().copied().zip(0..).collect());
        }
    }
}

#[test]
fn a_list_that_needed_sorting_is_sorted() {
    let mut items = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
    sort_by_time(&mut items, |t| t.0);
    assert_eq!(items, vec![(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
}
