//! Obstacles: fixed shapes placed before every label.

use rayon::prelude::*;

use crate::broad::FirstHit;
use crate::{Aabb, Obb, Shape};

/// The obstacles, found by their bounds.
pub(crate) struct ObstacleIndex<'a> {
    shapes: &'a [Shape],
    index: FirstHit,
}

impl<'a> ObstacleIndex<'a> {
    pub(crate) fn new(shapes: &'a [Shape]) -> Self {
        Self { shapes, index: FirstHit::new(shapes.iter().map(|s| s.aabb().grown_for_rounding())) }
    }

    /// The lowest-index obstacle whose interior overlaps the box, if any.
    pub(crate) fn first_hit(&self, obb: &Obb, bounds: &Aabb) -> Option<u32> {
        self.index.first(bounds, |i| self.shapes[i as usize].overlaps_obb(obb))
    }

    /// [`Self::first_hit`] for every box, in parallel.
    pub(crate) fn first_hits(&self, obbs: &[Obb], bounds: &[Aabb]) -> Vec<Option<u32>> {
        obbs.par_iter().zip(bounds).with_min_len(1024).map(|(o, b)| self.first_hit(o, b)).collect()
    }
}
