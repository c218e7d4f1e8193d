//! One type for every shape, used for obstacles.

use glam::Vec2;

use super::{Aabb, Circle, ConvexPolygon, Obb, Segment};

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
