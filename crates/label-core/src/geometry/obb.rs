//! Oriented boxes: a label's footprint on screen.

use glam::{DVec2, Vec2};

use super::{Aabb, reading_axis};

/// An oriented box: a centre, half extents along its own axes, and the unit reading axis `u`.
/// The second axis is `v = u.perp() = (−u.y, u.x)`, the label's "down" (contract §1).
///
/// The centre is held in f64: a label's box is built from its own numbers only, wherever it is,
/// so two labels a billion pixels from the origin are told apart as finely as two near it, and no
/// far-away label changes the decision about two near ones (contract §3). The half extents and
/// the axis are f32: relative quantities, which f32 holds to within τ/16 for boxes up to
/// 2048 px ([`crate::narrow::TOLERANCE`]).
///
/// ```
/// use label_core::Obb;
/// use glam::Vec2;
/// // The example of seed 001 (`docs/contract.md`, Sources): two 100×100 boxes side by side,
/// // the first turned 30° about its centre.
/// let a = Obb::from_center_half_extents_angle(Vec2::new(50.0, 50.0), Vec2::splat(50.0), 30.0);
/// let b = Obb::from_center_half_extents_angle(Vec2::new(150.0, 50.0), Vec2::splat(50.0), 0.0);
/// assert!(a.overlaps(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Obb {
    /// Centre on screen.
    pub center: DVec2,
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
        Self { center: center.as_dvec2(), half, axis: reading_axis(degrees) }
    }

    /// The unrotated box equal to an axis-aligned one.
    #[must_use]
    pub fn from_aabb(b: &Aabb) -> Self {
        // Centre and half extents in f64: exact for any f32 corners.
        let (min, max) = (b.min.as_dvec2(), b.max.as_dvec2());
        Self { center: (min + max) * 0.5, half: b.half_extents(), axis: Vec2::X }
    }

    /// The box moved by `offset`.
    #[must_use]
    pub fn translate(&self, offset: DVec2) -> Self {
        Self { center: self.center + offset, ..*self }
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
        self.corners_f64().map(DVec2::as_vec2)
    }

    /// [`Obb::corners`] in f64, as precise as the centre.
    #[must_use]
    pub fn corners_f64(&self) -> [DVec2; 4] {
        let hu = self.u().as_dvec2() * f64::from(self.half.x);
        let hv = self.v().as_dvec2() * f64::from(self.half.y);
        [self.center - hu - hv, self.center + hu - hv, self.center + hu + hv, self.center - hu + hv]
    }

    /// The smallest axis-aligned box holding this one (in f32, to the nearest float).
    #[must_use]
    #[inline]
    pub fn aabb(&self) -> Aabb {
        let u = self.u();
        let ext = Vec2::new(
            u.x.abs() * self.half.x + u.y.abs() * self.half.y,
            u.y.abs() * self.half.x + u.x.abs() * self.half.y,
        );
        Aabb::from_center_half_extents(self.center.as_vec2(), ext)
    }

    /// Bounds that hold the box with room for rounding: its axis-aligned extent computed in f64
    /// and grown by one f32 step of its coordinates before it is stored in f32, so that rounding
    /// to the nearest f32 cannot cut into it (within two f32 steps of tight: 128 px at 10⁹ px
    /// from the origin, 1/8 px at 10⁶). Whenever the exact test finds two boxes colliding, their
    /// `bounds` overlap too, so the bounds can safely prune candidates.
    #[must_use]
    #[inline]
    pub fn bounds(&self) -> Aabb {
        self.bounds_from(DVec2::ZERO)
    }

    /// [`Obb::bounds`] of the box moved by `−origin`: bounds measured from `origin`, as tight
    /// near it as `bounds` are near the screen's origin.
    #[must_use]
    #[inline]
    pub fn bounds_from(&self, origin: DVec2) -> Aabb {
        Self::bounds_around(self.center - origin, Self::bounds_half(self.axis, self.half))
    }

    /// The half extents, in f64, of the axis-aligned extent of a box with reading axis `axis`
    /// and half extents `half`: what [`Obb::bounds_from`] grows around the centre. Every box of
    /// one size and axis shares it.
    #[must_use]
    #[inline]
    pub(crate) fn bounds_half(axis: Vec2, half: Vec2) -> DVec2 {
        let (u, half) = (axis.as_dvec2().abs(), half.as_dvec2());
        DVec2::new(u.x * half.x + u.y * half.y, u.y * half.x + u.x * half.y)
    }

    /// [`Obb::bounds_from`] of a box whose centre is `center` from the origin and whose extent's
    /// half extents are `ext` ([`Obb::bounds_half`]).
    #[must_use]
    #[inline]
    pub(crate) fn bounds_around(center: DVec2, ext: DVec2) -> Aabb {
        let slack = (center.abs().max_element() + ext.max_element()) * f64::from(f32::EPSILON);
        Aabb { min: (center - ext - slack).as_vec2(), max: (center + ext + slack).as_vec2() }
    }

    /// Half the length of the box's shadow on the unit axis `n`:
    /// `r(n) = hx·|u·n| + hy·|v·n|` (the projection radius of seed 000,
    /// `docs/contract.md`, Sources).
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
        let d = p.as_dvec2() - self.center;
        d.dot(self.u().as_dvec2()).abs() < f64::from(self.half.x)
            && d.dot(self.v().as_dvec2()).abs() < f64::from(self.half.y)
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
    fn bounds_hold_the_box_within_two_f32_steps() {
        for (x, angle) in [(0.0, 0.0), (3.5, 33.0), (1e9 + 0.25, -71.0), (-4e12, 15.0)] {
            let o = Obb { center: DVec2::new(x, 2.0 * x), half: Vec2::new(40.0, 7.5), axis: reading_axis(angle) };
            let b = o.bounds();
            for c in o.corners_f64() {
                assert!(f64::from(b.min.x) <= c.x && c.x <= f64::from(b.max.x), "{x} {angle}: {c} {b:?}");
                assert!(f64::from(b.min.y) <= c.y && c.y <= f64::from(b.max.y), "{x} {angle}: {c} {b:?}");
            }
            let step = f64::from(f32::EPSILON) * x.abs().max(64.0) * 8.0;
            let tight = Aabb::from_points(&o.corners()).unwrap();
            assert!(f64::from((b.min - tight.min).abs().max_element()) <= step, "{x} {angle}");
        }
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
