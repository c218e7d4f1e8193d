//! Obstacles: fixed shapes placed before every label.

use glam::DVec2;
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
        Self::new_from(shapes, DVec2::ZERO)
    }

    /// The obstacles found by bounds measured from `origin` (the labels' bounds' origin,
    /// [`crate::Layout::origin`]).
    pub(crate) fn new_from(shapes: &'a [Shape], origin: DVec2) -> Self {
        let bounds = shapes.iter().map(|s| s.aabb().grown_for_rounding().outside_from(origin));
        Self { shapes, index: FirstHit::new(bounds) }
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
