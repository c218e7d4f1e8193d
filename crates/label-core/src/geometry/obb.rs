//! Oriented boxes: a label's footprint on screen.

use glam::Vec2;

use super::{Aabb, reading_axis};

/// An oriented box: a centre, half extents along its own axes, and the unit reading axis `u`.
/// The second axis is `v = u.perp() = (−u.y, u.x)`, the label's "down" (contract §1).
///
/// ```
/// use label_core::Obb;
/// use glam::Vec2;
/// // Seed 001's example: two 100×100 boxes side by side, the first turned 30° about its centre.
/// let a = Obb::from_center_half_extents_angle(Vec2::new(50.0, 50.0), Vec2::splat(50.0), 30.0);
/// let b = Obb::from_center_half_extents_angle(Vec2::new(150.0, 50.0), Vec2::splat(50.0), 0.0);
/// assert!(a.overlaps(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Obb {
    /// Centre on screen.
    pub center: Vec2,
    /// Half width (along `u`) and half height (along `v`), both ≥ 0.
    pub half: Vec2,
    /// Unit reading axis `u`.
    pub axis: Vec2,
}

impl Obb {
    /// A box with the given centre and half extents, rotated `degrees` counter-clockwise on
    /// screen.
    #[must_use]
    pub fn from_center_half_extents_angle(center: Vec2, half: Vec2, degrees: f64) -> Self {
        Self { center, half, axis: reading_axis(degrees) }
    }

    /// The unrotated box equal to an axis-aligned one.
    #[must_use]
    pub fn from_aabb(b: &Aabb) -> Self {
        Self { center: b.center(), half: b.half_extents(), axis: Vec2::X }
    }

    /// Reading axis `u`.
    #[must_use]
    #[inline]
    pub fn u(&self) -> Vec2 {
        self.axis
    }

    /// Down axis `v`, perpendicular to `u`.
    #[must_use]
    #[inline]
    pub fn v(&self) -> Vec2 {
        self.axis.perp()
    }

    /// Whether the box is unrotated (its axes are the screen axes).
    #[must_use]
    #[inline]
    pub fn is_axis_aligned(&self) -> bool {
        self.axis == Vec2::X
    }

    /// The four corners in order around the box (clockwise on screen for an unrotated box).
    #[must_use]
    pub fn corners(&self) -> [Vec2; 4] {
        let hu = self.u() * self.half.x;
        let hv = self.v() * self.half.y;
        [self.center - hu - hv, self.center + hu - hv, self.center + hu + hv, self.center - hu + hv]
    }

    /// The smallest axis-aligned box holding this one.
    #[must_use]
    #[inline]
    pub fn aabb(&self) -> Aabb {
        let u = self.u();
        let ext = Vec2::new(
            u.x.abs() * self.half.x + u.y.abs() * self.half.y,
            u.y.abs() * self.half.x + u.x.abs() * self.half.y,
        );
        Aabb::from_center_half_extents(self.center, ext)
    }

    /// Bounds that hold the box with room for rounding: the tight [`Obb::aabb`] grown by a few
    /// units in the last place of the box's coordinates. Whenever the exact test finds two boxes
    /// overlapping, their `bounds` overlap too, so the bounds can safely prune candidates.
    #[must_use]
    #[inline]
    pub fn bounds(&self) -> Aabb {
        self.aabb().grown_for_rounding()
    }

    /// Half the length of the box's shadow on the unit axis `n`:
    /// `r(n) = hx·|u·n| + hy·|v·n|` (seed 000's projection radius).
    #[must_use]
    #[inline]
    pub fn projection_radius(&self, n: Vec2) -> f32 {
        self.half.x * self.u().dot(n).abs() + self.half.y * self.v().dot(n).abs()
    }

    /// Area in px².
    #[must_use]
    pub fn area(&self) -> f32 {
        4.0 * self.half.x * self.half.y
    }

    /// Whether `p` lies in the interior.
    #[must_use]
    pub fn contains_point(&self, p: Vec2) -> bool {
        let d = p - self.center;
        d.dot(self.u()).abs() < self.half.x && d.dot(self.v()).abs() < self.half.y
    }

    /// Whether the interiors of two boxes overlap (touching is not overlap; containment is).
    /// Unrotated pairs take the axis-aligned fast path; others the four-axis SAT.
    #[must_use]
    #[inline]
    pub fn overlaps(&self, other: &Obb) -> bool {
        if self.is_axis_aligned() && other.is_axis_aligned() {
            let d = (self.center - other.center).abs();
            let r = self.half + other.half;
            return d.x < r.x && d.y < r.y;
        }
        crate::narrow::obb_obb_separation(self, other) < 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aabb_of_rotated_box_holds_all_corners() {
        let o = Obb::from_center_half_extents_angle(Vec2::new(3.0, -2.0), Vec2::new(10.0, 4.0), 33.0);
        let b = o.aabb();
        for c in o.corners() {
            assert!(c.x >= b.min.x - 1e-4 && c.x <= b.max.x + 1e-4);
            assert!(c.y >= b.min.y - 1e-4 && c.y <= b.max.y + 1e-4);
        }
        let tight = Aabb::from_points(&o.corners()).unwrap();
        assert!((tight.min - b.min).abs().max_element() < 1e-4);
    }

    #[test]
    fn quarter_turn_swaps_extents() {
        let o = Obb::from_center_half_extents_angle(Vec2::ZERO, Vec2::new(10.0, 2.0), 90.0);
        assert_eq!(o.aabb(), Aabb::from_center_half_extents(Vec2::ZERO, Vec2::new(2.0, 10.0)));
    }

    #[test]
    fn contains_point_is_strict() {
        let o = Obb::from_aabb(&Aabb::from_corners(Vec2::ZERO, Vec2::splat(2.0)));
        assert!(o.contains_point(Vec2::ONE));
        assert!(!o.contains_point(Vec2::new(2.0, 1.0)));
    }
}
