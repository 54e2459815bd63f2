//! One sort for every timeline of the page: events by time, marks by step, a plan's work by
//! its millisecond. Each `sort_by_key` site and type costs the page a copy of the standard
//! library's stable sort (about 2 KB of wasm each, 13 of them on the kube page); sorting
//! `(key, position)` pairs instead keeps equal keys in their order, exactly as the stable sort
//! does, with one copy of the sort for all.

/// Sorts `items` by `key`, equal keys kept in their order: what `items.sort_by_key(key)` gives
/// (tests/kube_by_time.rs compares the two).
pub fn sort_by_time<T>(items: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    let mut order: Vec<(u64, usize)> = items.iter().enumerate().map(|(i, t)| (key(t), i)).collect();
    if order.windows(2).all(|w| w[0].0 <= w[1].0) {
        return; // already in order: most timelines are
    }
    // The positions are distinct, so the pairs have no ties and an unstable sort is stable here.
    order.sort_unstable();
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.iter().filter_map(|&(_, i)| slots.get_mut(i).and_then(Option::take)));
}
