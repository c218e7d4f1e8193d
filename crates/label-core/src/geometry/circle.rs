//! Circles: point markers and round obstacles.

use glam::{DVec2, Vec2};

use super::Aabb;

/// A circle (a disk: its interior is the open disk).
///
/// The centre is held in f64, as a box's ([`super::Obb`]): a circle far from the origin is as
/// precise as one near it (contract §3). The radius, a relative quantity, is f32.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Circle {
    /// Centre on screen.
    pub center: DVec2,
    /// Radius in px, > 0.
    pub radius: f32,
}

impl Circle {
    /// A circle from centre (f64, or f32 widened exactly) and radius.
    #[must_use]
    pub fn new(center: impl Into<DVec2>, radius: f32) -> Self {
        Self { center: center.into(), radius }
    }

    /// The smallest axis-aligned box holding the circle (its centre rounded to the nearest f32;
    /// [`Aabb::grown_for_rounding`] makes room for that rounding).
    #[must_use]
    pub fn aabb(&self) -> Aabb {
        Aabb::from_center_half_extents(self.center.as_vec2(), Vec2::splat(self.radius))
    }

    /// Area in px².
    #[must_use]
    pub fn area(&self) -> f32 {
        std::f32::consts::PI * self.radius * self.radius
    }

    /// Whether `p` lies in the open disk.
    #[must_use]
    pub fn contains_point(&self, p: Vec2) -> bool {
        let r = f64::from(self.radius);
        self.center.distance_squared(p.as_dvec2()) < r * r
    }
}
