//! The order labels are placed in, as MapLibre orders symbol layers and features.
//!
//! MapLibre places the symbols of the layer drawn on top first: layers later in the style
//! first; within a layer, features by `symbol-sort-key` ascending (a smaller key is placed
//! first, so it wins), features without a key — or all, when the layer sets none — in the
//! order they come in. [`Rank`] holds the three and sorts as the engine should take them;
//! [`priorities`] turns ranks into numbers for an engine that places a higher priority first.
//!
//! **Ties**: equal sort keys keep the features' input order (the sort is stable, as
//! MapLibre's is). A feature without a key, in a layer where others have one, sorts after
//! every feature with one: MapLibre compares keys as `a − b`, which is NaN for a missing key
//! and leaves the place to the browser's sort, so this crate picks the definite rule.

use std::cmp::Ordering;

/// Where a label stands in the placement order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rank {
    /// The layer's index in the style (later layers are placed first).
    pub layer: usize,
    /// The feature's `symbol-sort-key`, if the layer sets one.
    pub sort_key: Option<f64>,
    /// The feature's position in its input.
    pub feature: usize,
}

impl Rank {
    /// Compares two ranks: `Less` means placed first.
    #[must_use]
    pub fn placement_cmp(&self, other: &Rank) -> Ordering {
        other
            .layer
            .cmp(&self.layer)
            .then_with(|| match (self.sort_key, other.sort_key) {
                (Some(a), Some(b)) => a.total_cmp(&b),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            })
            .then_with(|| self.feature.cmp(&other.feature))
    }
}

/// Sorts ranks into placement order (first placed first); stable.
pub fn sort(ranks: &mut [Rank]) {
    ranks.sort_by(Rank::placement_cmp);
}

/// Priorities for ranks, higher placed first: `n − 1` for the first in placement order down
/// to 0 for the last, so an engine ordering by priority places them as MapLibre does. Equal
/// ranks cannot occur (the feature position breaks every tie).
#[must_use]
pub fn priorities(ranks: &[Rank]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..ranks.len()).collect();
    order.sort_by(|&a, &b| ranks[a].placement_cmp(&ranks[b]));
    let mut out = vec![0.0; ranks.len()];
    for (position, &i) in order.iter().enumerate() {
        out[i] = (ranks.len() - 1 - position) as f64;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(layer: usize, sort_key: Option<f64>, feature: usize) -> Rank {
        Rank { layer, sort_key, feature }
    }

    #[test]
    fn later_layers_first_then_keys_then_input_order() {
        let mut ranks = vec![
            rank(0, None, 0),
            rank(2, Some(5.0), 1),
            rank(2, Some(1.0), 2),
            rank(2, None, 3),
            rank(2, Some(1.0), 4),
            rank(1, None, 5),
        ];
        sort(&mut ranks);
        let features: Vec<usize> = ranks.iter().map(|r| r.feature).collect();
        assert_eq!(features, [2, 4, 1, 3, 5, 0]);
    }

    #[test]
    fn priorities_follow_the_placement_order() {
        let ranks = vec![rank(0, None, 0), rank(1, Some(3.0), 1), rank(1, Some(-1.0), 2)];
        assert_eq!(priorities(&ranks), [0.0, 1.0, 2.0]);
    }
}
