//! Which test decides a pair of [`Shape`]s, and a shape against a label's box: the obstacles'
//! narrow phase.

use glam::DVec2;

use crate::geometry::{Obb, Shape};

impl Shape {
    /// Whether the two shapes collide: their interiors overlap by more than
    /// [`TOLERANCE`](super::TOLERANCE) (contract §3); see [the narrow phase](super) for what this means
    /// for segments.
    ///
    /// ```
    /// use label_core::{Aabb, Circle, Shape};
    /// use glam::{DVec2, Vec2};
    /// let square = Shape::Aabb(Aabb::from_corners(Vec2::ZERO, Vec2::splat(2.0)));
    /// let touching = Shape::Circle(Circle::new(Vec2::new(3.0, 1.0), 1.0));
    /// assert!(!square.overlaps(&touching));
    /// ```
    #[must_use]
    pub fn overlaps(&self, other: &Shape) -> bool {
        use Shape::*;
        match (self, other) {
            (Aabb(a), Aabb(b)) => crate::geometry::Obb::from_aabb(a).overlaps(&crate::geometry::Obb::from_aabb(b)),
            (Obb(a), Obb(b)) => a.overlaps(b),
            (Aabb(a), Obb(b)) | (Obb(b), Aabb(a)) => b.overlaps(&crate::geometry::Obb::from_aabb(a)),
            (Circle(a), Circle(b)) => super::circle_circle_overlap(a, b),
            (Circle(c), Aabb(b)) | (Aabb(b), Circle(c)) => {
                super::circle_obb_overlap(c, &crate::geometry::Obb::from_aabb(b))
            }
            (Circle(c), Obb(b)) | (Obb(b), Circle(c)) => super::circle_obb_overlap(c, b),
            (Circle(c), Polygon(p)) | (Polygon(p), Circle(c)) => super::circle_polygon_overlap(c, p),
            (Segment(s), Segment(t)) => super::segments_collide(s, t),
            (Segment(s), Circle(c)) | (Circle(c), Segment(s)) => super::segment_circle_overlap(s, c),
            (Segment(s), convex) | (convex, Segment(s)) => {
                super::segment_points_collide(s, &convex.corners_f64().unwrap_or_default())
            }
            (Polygon(_), _) | (_, Polygon(_)) => {
                let p = self.corners_f64().unwrap_or_default();
                let q = other.corners_f64().unwrap_or_default();
                super::separation(&p, &q) < -super::TOLERANCE
            }
        }
    }

    /// [`Shape::convex_corners`] in f64 (a box's as precise as its centre).
    fn corners_f64(&self) -> Option<Vec<DVec2>> {
        match self {
            Shape::Obb(b) => Some(b.corners_f64().to_vec()),
            _ => self.convex_corners().map(|c| super::as_f64(&c)),
        }
    }

    /// Whether the shape's interior overlaps an oriented box's: the test of a label against an
    /// obstacle.
    #[must_use]
    pub fn overlaps_obb(&self, b: &Obb) -> bool {
        match self {
            Shape::Obb(o) => o.overlaps(b),
            Shape::Aabb(a) => crate::geometry::Obb::from_aabb(a).overlaps(b),
            Shape::Circle(c) => super::circle_obb_overlap(c, b),
            Shape::Segment(s) => super::segment_points_collide(s, &b.corners_f64()),
            Shape::Polygon(p) => super::separation(&super::as_f64(p.points()), &b.corners_f64()) < -super::TOLERANCE,
        }
    }
}
