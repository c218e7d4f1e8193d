//! Line segments: road centre-lines and leader lines as obstacles.

use glam::Vec2;

use super::Aabb;

/// A line segment between two end points.
///
/// A segment has no area, so the project's rule "interiors overlap by more than τ" reads here
/// as: the segment reaches more than τ into the other shape's interior, or, between two
/// segments, they cross with each reaching more than τ past the other.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Segment {
    /// First end point.
    pub a: Vec2,
    /// Second end point.
    pub b: Vec2,
}

impl Segment {
    /// A segment from its two end points.
    #[must_use]
    pub fn new(a: Vec2, b: Vec2) -> Self {
        Self { a, b }
    }

    /// The smallest axis-aligned box holding the segment.
    #[must_use]
    pub fn aabb(&self) -> Aabb {
        Aabb::from_corners(self.a, self.b)
    }

    /// Direction vector `b − a`.
    #[must_use]
    pub fn direction(&self) -> Vec2 {
        self.b - self.a
    }

    /// The point `a + t·(b − a)`.
    #[must_use]
    pub fn point_at(&self, t: f32) -> Vec2 {
        self.a + self.direction() * t
    }

    /// The point of the closed segment closest to `p`.
    #[must_use]
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        let d = self.direction();
        let len2 = d.length_squared();
        if len2 == 0.0 {
            return self.a;
        }
        self.point_at(((p - self.a).dot(d) / len2).clamp(0.0, 1.0))
    }
}
