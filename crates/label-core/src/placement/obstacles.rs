//! Obstacles: fixed shapes placed before every label.

use rayon::prelude::*;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

use crate::{Aabb, Obb, Shape};

type Item = GeomWithData<Rectangle<[f32; 2]>, u32>;

/// An R-tree over the obstacles' bounds.
pub(crate) struct ObstacleIndex<'a> {
    shapes: &'a [Shape],
    tree: RTree<Item>,
}

impl<'a> ObstacleIndex<'a> {
    pub(crate) fn new(shapes: &'a [Shape]) -> Self {
        let items = shapes
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let b = s.aabb().grown_for_rounding();
                GeomWithData::new(Rectangle::from_corners(b.min.to_array(), b.max.to_array()), i as u32)
            })
            .collect();
        Self { shapes, tree: RTree::bulk_load(items) }
    }

    /// The lowest-index obstacle whose interior overlaps the box, if any.
    pub(crate) fn first_hit(&self, obb: &Obb, bounds: &Aabb) -> Option<u32> {
        let env = AABB::from_corners(bounds.min.to_array(), bounds.max.to_array());
        self.tree
            .locate_in_envelope_intersecting(env)
            .filter(|item| self.shapes[item.data as usize].overlaps_obb(obb))
            .map(|item| item.data)
            .min()
    }

    /// [`Self::first_hit`] for every box, in parallel.
    pub(crate) fn first_hits(&self, obbs: &[Obb], bounds: &[Aabb]) -> Vec<Option<u32>> {
        obbs.par_iter().zip(bounds).with_min_len(1024).map(|(o, b)| self.first_hit(o, b)).collect()
    }
}
