//! Four boxes' bounds side by side, structure of arrays: each side of the four in one 16-byte
//! lane vector, so that one query's quick test against all four is four vector comparisons and
//! one mask. The quads of [`super::FirstHit`]'s cells and of the greedy pass's cell lists hold
//! their bounds so. Unused lanes hold empty bounds (min +∞, max −∞), which overlap nothing and
//! meet only an infinite query (a caller keeps them out by their number or position).

use glam::Vec4;

use crate::Aabb;

/// The bounds of four boxes, one side of all four per vector.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds4 {
    min_x: Vec4,
    min_y: Vec4,
    max_x: Vec4,
    max_y: Vec4,
}

/// A query's bounds, each side splatted over the four lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Query4(Bounds4);

impl Query4 {
    #[inline(always)]
    pub(crate) fn new(q: &Aabb) -> Self {
        Self(Bounds4 {
            min_x: Vec4::splat(q.min.x),
            min_y: Vec4::splat(q.min.y),
            max_x: Vec4::splat(q.max.x),
            max_y: Vec4::splat(q.max.y),
        })
    }
}

impl Bounds4 {
    /// Four empty lanes.
    pub(crate) const EMPTY: Self =
        Self { min_x: Vec4::INFINITY, min_y: Vec4::INFINITY, max_x: Vec4::NEG_INFINITY, max_y: Vec4::NEG_INFINITY };

    /// Puts `bounds` in `lane` (0 to 3).
    #[inline]
    pub(crate) fn set(&mut self, lane: usize, bounds: &Aabb) {
        self.min_x[lane] = bounds.min.x;
        self.min_y[lane] = bounds.min.y;
        self.max_x[lane] = bounds.max.x;
        self.max_y[lane] = bounds.max.y;
    }

    /// The lanes whose bounds meet the query's (touching included), as a bitmask.
    #[inline(always)]
    pub(crate) fn meeting(&self, q: &Query4) -> u32 {
        let q = &q.0;
        (self.min_x.cmple(q.max_x) & q.min_x.cmple(self.max_x) & self.min_y.cmple(q.max_y) & q.min_y.cmple(self.max_y))
            .bitmask()
    }

    /// The lanes whose bounds overlap the interior of the query's ([`Aabb::overlaps`]), as a
    /// bitmask.
    #[inline(always)]
    pub(crate) fn overlapping(&self, q: &Query4) -> u32 {
        let q = &q.0;
        (self.min_x.cmplt(q.max_x) & q.min_x.cmplt(self.max_x) & self.min_y.cmplt(q.max_y) & q.min_y.cmplt(self.max_y))
            .bitmask()
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    #[test]
    fn the_masks_are_the_boxes_tests_lane_by_lane() {
        let boxes = [
            Aabb::from_corners(Vec2::new(0.0, 0.0), Vec2::new(10.0, 10.0)),
            Aabb::from_corners(Vec2::new(10.0, 0.0), Vec2::new(20.0, 10.0)), // touches the query
            Aabb::from_corners(Vec2::new(30.0, 30.0), Vec2::new(40.0, 40.0)),
        ];
        let mut quad = Bounds4::EMPTY;
        for (lane, b) in boxes.iter().enumerate() {
            quad.set(lane, b);
        }
        let q = Aabb::from_corners(Vec2::new(5.0, 5.0), Vec2::new(10.0, 8.0));
        let mask = |f: &dyn Fn(&Aabb) -> bool| boxes.iter().enumerate().map(|(i, b)| u32::from(f(b)) << i).sum::<u32>();
        assert_eq!(quad.overlapping(&Query4::new(&q)), mask(&|b| b.overlaps(&q)));
        assert_eq!(quad.meeting(&Query4::new(&q)), mask(&|b| b.intersects_closed(&q)));
        assert_eq!((quad.overlapping(&Query4::new(&q)), quad.meeting(&Query4::new(&q))), (0b001, 0b011));
        // The empty lane overlaps nothing, not even an infinite query.
        let all = Aabb::from_corners(Vec2::NEG_INFINITY, Vec2::INFINITY);
        assert_eq!(quad.overlapping(&Query4::new(&all)), 0b111);
    }
}
