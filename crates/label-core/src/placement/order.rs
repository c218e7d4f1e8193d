//! The placement order: priority descending, then input position ascending (DESIGN §4) — or,
//! when the caller gives a tie-break key, priority descending, then the key ascending, then
//! input position.

/// A key whose ascending order is the priority's descending order. `-0.0` and `0.0` are equal
/// priorities, so they map to the same key.
#[must_use]
#[inline]
pub(crate) fn descending_key(priority: f64) -> u64 {
    let bits = (priority + 0.0).to_bits();
    let ascending = if bits >> 63 == 1 { !bits } else { bits | (1 << 63) };
    !ascending
}

/// From this many labels on, the order is sorted on all threads: a single-threaded radix sort
/// reads and writes the whole array eight times, which dominates at a million labels.
const PARALLEL_SORT_MIN: usize = 1 << 18;

/// The input positions of the chosen labels in placement order. A stable radix sort on the
/// priority key keeps equal priorities in input order; large inputs sort the (unique) pairs of
/// key and position on all threads, which gives the same order.
#[must_use]
pub(crate) fn placement_order(priorities: impl Iterator<Item = (u32, f64)>) -> Vec<u32> {
    let mut keyed: Vec<(u64, u32)> = priorities.map(|(i, p)| (descending_key(p), i)).collect();
    if keyed.len() >= PARALLEL_SORT_MIN {
        rayon::slice::ParallelSliceMut::par_sort_unstable(keyed.as_mut_slice());
    } else {
        radsort::sort_by_key(&mut keyed, |e| e.0);
    }
    keyed.into_iter().map(|(_, i)| i).collect()
}

/// The input positions of the chosen labels in placement order with a tie-break key: priority
/// descending, then `tie` ascending, then input position. One stable radix sort on the pair of
/// keys, so equal pairs stay in input order.
#[must_use]
pub(crate) fn placement_order_with_ties(items: impl Iterator<Item = (u32, f64, u32)>) -> Vec<u32> {
    let mut keyed: Vec<(u64, u32, u32)> = items.map(|(i, p, t)| (descending_key(p), t, i)).collect();
    radsort::sort_by_key(&mut keyed, |e| (e.0, e.1));
    keyed.into_iter().map(|(_, _, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_priorities_descending() {
        let ps = [f64::MAX, 1e9, 1.5, 1.0, 1e-300, 0.0, -1e-300, -1.0, -1e9, f64::MIN];
        for w in ps.windows(2) {
            assert!(descending_key(w[0]) < descending_key(w[1]), "{} vs {}", w[0], w[1]);
        }
        assert_eq!(descending_key(-0.0), descending_key(0.0));
    }

    #[test]
    fn parallel_sort_of_large_inputs_gives_the_radix_order() {
        // Few distinct priorities: many ties, which must stay in input order.
        let n = PARALLEL_SORT_MIN + 1000;
        let priority = |i: usize| ((i * 7919) % 13) as f64 - 6.0;
        let order = placement_order((0..n).map(|i| (i as u32, priority(i))));
        let mut expected: Vec<(u64, u32)> = (0..n).map(|i| (descending_key(priority(i)), i as u32)).collect();
        radsort::sort_by_key(&mut expected, |e| e.0);
        assert!(order.iter().copied().eq(expected.iter().map(|e| e.1)));
    }

    #[test]
    fn ties_keep_input_order() {
        let ps = [1.0, 2.0, 1.0, 2.0, 0.5, 2.0];
        let order = placement_order(ps.iter().enumerate().map(|(i, p)| (i as u32, *p)));
        assert_eq!(order, vec![1, 3, 5, 0, 2, 4]);
    }

    #[test]
    fn tie_keys_order_equal_priorities_only() {
        let ps = [1.0, 2.0, 1.0, 2.0, 0.5, 2.0, 1.0];
        let ties = [1, 1, 0, 0, 0, 1, u32::MAX];
        let order = placement_order_with_ties(ps.iter().zip(ties).enumerate().map(|(i, (p, t))| (i as u32, *p, t)));
        // Priority first (2 before 1 before 0.5), then the key, then input order.
        assert_eq!(order, vec![3, 1, 5, 2, 0, 6, 4]);
        // All-equal keys give the plain order.
        let plain = placement_order(ps.iter().enumerate().map(|(i, p)| (i as u32, *p)));
        let zero = placement_order_with_ties(ps.iter().enumerate().map(|(i, p)| (i as u32, *p, 0)));
        assert_eq!(zero, plain);
    }
}
