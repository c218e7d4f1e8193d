//! Circles: point markers and round obstacles.

use glam::Vec2;

use super::Aabb;

/// A circle (a disk: its interior is the open disk).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Circle {
    /// Centre on screen.
    pub center: Vec2,
    /// Radius in px, > 0.
    pub radius: f32,
}

impl Circle {
    /// A circle from centre and radius.
    #[must_use]
    pub fn new(center: Vec2, radius: f32) -> Self {
        Self { center, radius }
    }

    /// The smallest axis-aligned box holding the circle.
    #[must_use]
    pub fn aabb(&self) -> Aabb {
        Aabb::from_center_half_extents(self.center, Vec2::splat(self.radius))
    }

    /// Area in px².
    #[must_use]
    pub fn area(&self) -> f32 {
        std::f32::consts::PI * self.radius * self.radius
    }

    /// Whether `p` lies in the open disk.
    #[must_use]
    pub fn contains_point(&self, p: Vec2) -> bool {
        self.center.distance_squared(p) < self.radius * self.radius
    }
}
