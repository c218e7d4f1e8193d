//! One type for every shape, used for obstacles.

use glam::{DVec2, Vec2};

use super::{Aabb, Circle, ConvexPolygon, Obb, Segment};
use crate::narrow;

/// Any shape the library can test for overlap.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "lowercase"))]
pub enum Shape {
    /// An axis-aligned box.
    Aabb(Aabb),
    /// An oriented box.
    Obb(Obb),
    /// A circle.
    Circle(Circle),
    /// A convex polygon.
    Polygon(ConvexPolygon),
    /// A line segment.
    Segment(Segment),
}

impl Shape {
    /// The smallest axis-aligned box holding the shape.
    #[must_use]
    pub fn aabb(&self) -> Aabb {
        match self {
            Shape::Aabb(b) => *b,
            Shape::Obb(b) => b.aabb(),
            Shape::Circle(c) => c.aabb(),
            Shape::Polygon(p) => p.aabb(),
            Shape::Segment(s) => s.aabb(),
        }
    }

    /// The corners (counter-clockwise, mathematical sense) of a box or polygon; `None` for
    /// circles and segments.
    #[must_use]
    pub fn convex_corners(&self) -> Option<Vec<Vec2>> {
        match self {
            Shape::Aabb(b) => Some(b.corners().to_vec()),
            Shape::Obb(b) => Some(b.corners().to_vec()),
            Shape::Polygon(p) => Some(p.points().to_vec()),
            Shape::Circle(_) | Shape::Segment(_) => None,
        }
    }

    /// Whether the two shapes collide: their interiors overlap by more than
    /// [`TOLERANCE`](narrow::TOLERANCE) (contract §3); see [`crate::narrow`] for what this means
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
            (Aabb(a), Aabb(b)) => super::Obb::from_aabb(a).overlaps(&super::Obb::from_aabb(b)),
            (Obb(a), Obb(b)) => a.overlaps(b),
            (Aabb(a), Obb(b)) | (Obb(b), Aabb(a)) => b.overlaps(&super::Obb::from_aabb(a)),
            (Circle(a), Circle(b)) => narrow::circle_circle_overlap(a, b),
            (Circle(c), Aabb(b)) | (Aabb(b), Circle(c)) => narrow::circle_obb_overlap(c, &super::Obb::from_aabb(b)),
            (Circle(c), Obb(b)) | (Obb(b), Circle(c)) => narrow::circle_obb_overlap(c, b),
            (Circle(c), Polygon(p)) | (Polygon(p), Circle(c)) => narrow::circle_polygon_overlap(c, p),
            (Segment(s), Segment(t)) => narrow::segments_collide(s, t),
            (Segment(s), Circle(c)) | (Circle(c), Segment(s)) => narrow::segment_circle_overlap(s, c),
            (Segment(s), convex) | (convex, Segment(s)) => {
                narrow::segment_points_collide(s, &convex.corners_f64().unwrap_or_default())
            }
            (Polygon(_), _) | (_, Polygon(_)) => {
                let p = self.corners_f64().unwrap_or_default();
                let q = other.corners_f64().unwrap_or_default();
                narrow::separation(&p, &q) < -narrow::TOLERANCE
            }
        }
    }

    /// [`Shape::convex_corners`] in f64 (a box's as precise as its centre).
    fn corners_f64(&self) -> Option<Vec<DVec2>> {
        match self {
            Shape::Obb(b) => Some(b.corners_f64().to_vec()),
            _ => self.convex_corners().map(|c| narrow::as_f64(&c)),
        }
    }

    /// Whether the shape's interior overlaps an oriented box's: the test of a label against an
    /// obstacle.
    #[must_use]
    pub fn overlaps_obb(&self, b: &Obb) -> bool {
        match self {
            Shape::Obb(o) => o.overlaps(b),
            Shape::Aabb(a) => super::Obb::from_aabb(a).overlaps(b),
            Shape::Circle(c) => narrow::circle_obb_overlap(c, b),
            Shape::Segment(s) => narrow::segment_points_collide(s, &b.corners_f64()),
            Shape::Polygon(p) => narrow::separation(&narrow::as_f64(p.points()), &b.corners_f64()) < -narrow::TOLERANCE,
        }
    }

    /// The shape moved by `offset`.
    #[must_use]
    pub fn translate(&self, offset: Vec2) -> Shape {
        match self {
            Shape::Aabb(b) => Shape::Aabb(b.translate(offset)),
            Shape::Obb(b) => Shape::Obb(b.translate(offset.as_dvec2())),
            Shape::Circle(c) => Shape::Circle(Circle { center: c.center + offset.as_dvec2(), ..*c }),
            Shape::Polygon(p) => Shape::Polygon(p.translate(offset)),
            Shape::Segment(s) => Shape::Segment(Segment::new(s.a + offset, s.b + offset)),
        }
    }

    /// Area in px² (zero for a segment).
    #[must_use]
    pub fn area(&self) -> f32 {
        match self {
            Shape::Aabb(b) => b.area(),
            Shape::Obb(b) => b.area(),
            Shape::Circle(c) => c.area(),
            Shape::Polygon(p) => p.area(),
            Shape::Segment(_) => 0.0,
        }
    }
}
