//! The anchor points of the placed labels of each repeat group (contract §4 step 3a), in one
//! rstar tree per group.

use std::collections::HashMap;

use glam::DVec2;
use rstar::RTree;
use rstar::primitives::GeomWithData;

use crate::Symbol;

/// An anchor point and the rank of its label.
pub(super) type Anchor = GeomWithData<[f64; 2], u32>;

/// The squared radius of an rstar search for the anchor points within `distance`: rstar's
/// radius is a squared distance in its own arithmetic, so it looks a little wider, and each
/// point found is then decided by the one rule ([`Symbol::repeats`]).
pub(super) fn squared_radius(distance: f64) -> f64 {
    let reach = distance * (1.0 + 1e-9) + f64::MIN_POSITIVE;
    reach * reach
}

/// The placed labels' anchor points, by group.
#[derive(Default)]
pub(super) struct Repeats {
    groups: HashMap<u32, RTree<Anchor>>,
}

impl Repeats {
    /// The lowest rank below `before` of a placed label of `group` whose anchor point lies
    /// closer than `distance` to `at` ([`Symbol::repeats`]).
    pub fn earliest(&self, group: u32, at: DVec2, distance: f64, before: u32) -> Option<u32> {
        if distance <= 0.0 {
            return None;
        }
        let tree = self.groups.get(&group)?;
        tree.locate_within_distance([at.x, at.y], squared_radius(distance))
            .filter(|a| a.data < before && Symbol::repeats(at, DVec2::from_array(*a.geom()), distance))
            .map(|a| a.data)
            .min()
    }

    /// Records the anchor point of a placed label of `group`.
    pub fn insert(&mut self, group: u32, at: DVec2, rank: u32) {
        self.groups.entry(group).or_default().insert(Anchor::new([at.x, at.y], rank));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_group_closer_than_the_distance_repeats() {
        let mut r = Repeats::default();
        r.insert(1, DVec2::new(0.0, 0.0), 4);
        r.insert(1, DVec2::new(3.0, 4.0), 2);
        r.insert(2, DVec2::new(1.0, 0.0), 0);
        assert_eq!(r.earliest(1, DVec2::new(3.0, 4.0), 5.0, 9), Some(2));
        assert_eq!(r.earliest(1, DVec2::new(0.0, 0.0), 5.0, 9), Some(4), "(3, 4) is exactly 5 away");
        let beyond = 5.0 + 2.0 * crate::tolerance::LENGTH;
        assert_eq!(r.earliest(1, DVec2::new(0.0, 0.0), beyond, 9), Some(2));
        assert_eq!(r.earliest(1, DVec2::new(0.0, 0.0), beyond, 2), None, "only earlier labels");
        assert_eq!(r.earliest(3, DVec2::ZERO, 100.0, 9), None);
        assert_eq!(r.earliest(1, DVec2::ZERO, 0.0, 9), None);
    }
}
