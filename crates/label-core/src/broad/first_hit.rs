//! An rstar tree over numbered boxes that finds, for a query box, the lowest-numbered box whose
//! bounds meet it and that passes the caller's exact test: "the earliest obstacle / placed label
//! this box collides with".

use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

use crate::Aabb;

type Item = GeomWithData<Rectangle<[f32; 2]>, u32>;

/// Bounds numbered in the order given, bulk-loaded into an R-tree.
#[derive(Debug, Default)]
pub struct FirstHit {
    tree: RTree<Item>,
}

impl FirstHit {
    /// Numbers `bounds` 0, 1, … in order and indexes them.
    #[must_use]
    pub fn new(bounds: impl IntoIterator<Item = Aabb>) -> Self {
        let items = bounds
            .into_iter()
            .enumerate()
            .map(|(i, b)| GeomWithData::new(Rectangle::from_corners(b.min.to_array(), b.max.to_array()), i as u32))
            .collect();
        Self { tree: RTree::bulk_load(items) }
    }

    /// The lowest number among the boxes whose bounds meet `query` (touching included) and that
    /// `hits`, if any. Every candidate is tested.
    pub fn first(&self, query: &Aabb, mut hits: impl FnMut(u32) -> bool) -> Option<u32> {
        let env = AABB::from_corners(query.min.to_array(), query.max.to_array());
        self.tree.locate_in_envelope_intersecting(env).map(|item| item.data).filter(|&i| hits(i)).min()
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    #[test]
    fn the_lowest_number_that_passes_the_test_wins() {
        let boxes = [
            Aabb::from_corners(Vec2::ZERO, Vec2::splat(10.0)),
            Aabb::from_corners(Vec2::splat(5.0), Vec2::splat(15.0)),
            Aabb::from_corners(Vec2::splat(8.0), Vec2::splat(20.0)),
            Aabb::from_corners(Vec2::splat(100.0), Vec2::splat(110.0)),
        ];
        let index = FirstHit::new(boxes);
        let q = Aabb::from_corners(Vec2::splat(9.0), Vec2::splat(12.0));
        assert_eq!(index.first(&q, |_| true), Some(0));
        assert_eq!(index.first(&q, |i| i != 0), Some(1));
        assert_eq!(index.first(&q, |i| i == 3), None, "3 is far away");
        assert_eq!(FirstHit::default().first(&q, |_| true), None);
    }
}
