//! The placement order: priority descending, then input position ascending (contract §4) — or,
//! when the caller gives a tie-break key, priority descending, then the key ascending, then
//! input position. Each label gets one integer key whose ascending order is that order.

/// A key whose ascending order is the priority's descending order (contract §4's placement
/// order, before input position). `-0.0` and `0.0` are equal priorities, so they map to the
/// same key.
///
/// ```
/// use label_core::pipeline::descending_key;
/// assert!(descending_key(2.0) < descending_key(1.0));
/// assert!(descending_key(-1.0) > descending_key(0.0));
/// assert_eq!(descending_key(-0.0), descending_key(0.0));
/// ```
#[must_use]
#[inline]
pub fn descending_key(priority: f64) -> u64 {
    let bits = (priority + 0.0).to_bits();
    let ascending = if bits >> 63 == 1 { !bits } else { bits | (1 << 63) };
    !ascending
}

/// The label's placement key: priority (descending) in the top 64 bits, then the tie-break key,
/// then the input position. Keys are unique.
#[must_use]
#[inline]
pub(crate) fn placement_key(priority: f64, tie: u32, index: u32) -> u128 {
    (u128::from(descending_key(priority)) << 64) | (u128::from(tie) << 32) | u128::from(index)
}

/// Below this many labels a comparison sort beats the radix sort.
const RADIX_MIN: usize = 256;

/// Positions into `keys` in ascending key order. A radix sort on the top 32 bits of the key
/// (stable, skipping the bytes all keys share), then a comparison sort of each run of equal top
/// bits on the whole key — short and rare unless priorities repeat.
#[must_use]
pub(crate) fn sorted_positions(keys: &[u128]) -> Vec<u32> {
    let mut order = Vec::new();
    sort_positions(keys, &mut Vec::new(), &mut order);
    order
}

/// [`sorted_positions`] into `order`, with `work` as the sort's buffer: both keep their
/// allocations for the next call.
pub(crate) fn sort_positions(keys: &[u128], work: &mut Vec<(u32, u32)>, order: &mut Vec<u32>) {
    let v = work;
    v.clear();
    v.extend(keys.iter().enumerate().map(|(k, &key)| ((key >> 96) as u32, k as u32)));
    order.clear();
    if v.len() < RADIX_MIN {
        v.sort_unstable_by_key(|e| keys[e.1 as usize]);
        order.extend(v.iter().map(|e| e.1));
        return;
    }
    radsort::sort_by_key(v, |e| e.0);
    let mut start = 0;
    while start < v.len() {
        let run = v[start..].iter().take_while(|e| e.0 == v[start].0).count();
        if run > 1 {
            v[start..start + run].sort_unstable_by_key(|e| keys[e.1 as usize]);
        }
        start += run;
    }
    order.extend(v.iter().map(|e| e.1));
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
    fn placement_keys_order_priority_then_tie_then_position() {
        let ps = [1.0, 2.0, 1.0, 2.0, 0.5, 2.0, 1.0];
        let ties = [1, 1, 0, 0, 0, 1, u32::MAX];
        let keys: Vec<u128> = (0..7).map(|i| placement_key(ps[i], ties[i], i as u32)).collect();
        // Priority first (2 before 1 before 0.5), then the key, then input order.
        let order = sorted_positions(&keys);
        assert_eq!(order, vec![3, 1, 5, 2, 0, 6, 4]);
        // All-equal ties give input order among equal priorities.
        let keys: Vec<u128> = (0..7).map(|i| placement_key(ps[i], 0, i as u32)).collect();
        assert_eq!(sorted_positions(&keys), vec![1, 3, 5, 0, 2, 6, 4]);
    }

    #[test]
    fn radix_and_comparison_sorts_agree() {
        // Few distinct priorities: long runs of ties, broken by the tie key and the position.
        for n in [10, RADIX_MIN - 1, RADIX_MIN, 5000] {
            let keys: Vec<u128> = (0..n)
                .map(|i| {
                    placement_key(((i * 7919) % 13) as f64 - 6.0, ((i * 31) % 3) as u32, ((i * 104_729) % n) as u32)
                })
                .collect();
            let order = sorted_positions(&keys);
            let mut expected: Vec<u32> = (0..n as u32).collect();
            expected.sort_by_key(|&k| keys[k as usize]);
            assert_eq!(order, expected, "n = {n}");
        }
    }
}
