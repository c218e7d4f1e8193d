//! Viewport culling (contract §4 step 1).

use glam::{DVec2, Vec4};

use crate::{Aabb, Obb};

/// The viewport as culling reads it: itself, for the exact test, and in the frame of the
/// labels' bounds (measured from an origin, [`Obb::bounds_from`]) rounded outwards and inwards,
/// so that the bounds' verdicts are sure ones.
pub(crate) struct View {
    exact: Obb,
    /// The outer bounds as `(min.x, min.y, −max.x, −max.y)`, and the inner bounds so: one
    /// vector comparison tests all four sides ([`Sides`]).
    outer: Vec4,
    inner: Vec4,
}

impl View {
    pub(crate) fn new(viewport: &Aabb, origin: DVec2) -> Self {
        Self {
            exact: Obb::from_aabb(viewport),
            outer: Sides::of(&viewport.outside_from(origin)).near,
            inner: Sides::of(&viewport.inside_from(origin)).near,
        }
    }
}

/// A box's sides with the far ones negated, so that "the box reaches past a bound" on all four
/// sides is one vector comparison (negating is exact: `a < b` exactly when `−b < −a`).
struct Sides {
    /// `(min.x, min.y, −max.x, −max.y)`.
    near: Vec4,
    /// `(max.x, max.y, −min.x, −min.y)`.
    far: Vec4,
}

impl Sides {
    #[inline(always)]
    fn of(b: &Aabb) -> Self {
        Self {
            near: Vec4::new(b.min.x, b.min.y, -b.max.x, -b.max.y),
            far: Vec4::new(b.max.x, b.max.y, -b.min.x, -b.min.y),
        }
    }
}

/// Whether a label's box meets the viewport: overlaps it by more than τ (contract §4 step 1).
/// Boxes wholly inside (and at least τ across: such a box reaches its whole size into the
/// viewport) or wholly outside are decided by their bounds (grown for rounding,
/// [`Obb::bounds_from`]); only boxes across the edge need the exact test, which has the last
/// word.
#[must_use]
#[inline]
pub(crate) fn in_view(view: Option<&View>, obb: &Obb, bounds: &Aabb) -> bool {
    let Some(v) = view else { return true };
    let sides = Sides::of(bounds);
    // The bounds overlap the outer bounds' interior ([`Aabb::overlaps`]): each far side of
    // the box lies past the near side of the viewport.
    if !sides.far.cmpgt(v.outer).all() {
        return false;
    }
    // The bounds lie within the inner bounds, touching included.
    let inside = sides.near.cmpge(v.inner).all() && 2.0 * f64::from(obb.half.min_element()) > crate::narrow::TOLERANCE;
    inside || v.exact.overlaps(obb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn corner_of_a_rotated_box_decides() {
        let v = Aabb::from_corners(Vec2::ZERO, Vec2::splat(100.0));
        // A box at 45° counter-clockwise just beyond the top-left corner lies across the
        // diagonal: its bounds overlap the viewport, the box itself does not.
        let o = Obb::from_center_half_extents_angle(Vec2::new(-6.0, -6.0), Vec2::new(10.0, 2.0), 45.0);
        assert!(o.aabb().overlaps(&v));
        assert!(!in_view(Some(&View::new(&v, DVec2::ZERO)), &o, &o.aabb()));
        // At −45° it points along the diagonal and reaches in.
        let o = Obb::from_center_half_extents_angle(Vec2::new(-6.0, -6.0), Vec2::new(10.0, 2.0), -45.0);
        assert!(in_view(Some(&View::new(&v, DVec2::ZERO)), &o, &o.aabb()));
        // Touching the edge from outside is off screen.
        let t = Obb::from_center_half_extents_angle(Vec2::new(-5.0, 50.0), Vec2::new(5.0, 5.0), 0.0);
        assert!(!in_view(Some(&View::new(&v, DVec2::ZERO)), &t, &t.aabb()));
        assert!(in_view(None, &t, &t.aabb()));
        // Reaching in by τ/2 is touching; by 2τ, in view.
        let tau = crate::narrow::TOLERANCE as f32;
        let t = Obb::from_center_half_extents_angle(Vec2::new(-5.0 + tau / 2.0, 50.0), Vec2::new(5.0, 5.0), 0.0);
        assert!(!in_view(Some(&View::new(&v, DVec2::ZERO)), &t, &t.bounds()));
        let t = Obb::from_center_half_extents_angle(Vec2::new(-5.0 + tau * 2.0, 50.0), Vec2::new(5.0, 5.0), 0.0);
        assert!(in_view(Some(&View::new(&v, DVec2::ZERO)), &t, &t.bounds()));
    }

    /// The sides' comparisons are [`Aabb::overlaps`] and the inner bounds' containment:
    /// boxes across, inside, outside, touching and reaching by less than τ, at every angle.
    #[test]
    fn the_sides_decide_as_the_bounds_do() {
        let viewport = Aabb::from_corners(Vec2::new(-3.0, 5.0), Vec2::new(400.0, 250.0));
        let view = View::new(&viewport, DVec2::ZERO);
        let (outer, inner) = (viewport.outside_from(DVec2::ZERO), viewport.inside_from(DVec2::ZERO));
        let mut seen = [0; 3];
        for k in 0..20_000u32 {
            let at = Vec2::new((k * 37 % 460) as f32 - 30.0, (k * 91 % 300) as f32 - 25.0)
                + Vec2::splat((k % 7) as f32 / 8.0);
            let half = Vec2::new(0.0005 + (k % 11) as f32 * 3.0, 0.0005 + (k % 5) as f32 * 2.5);
            let obb = Obb::from_center_half_extents_angle(at, half, f64::from(k % 180));
            let bounds = if k % 2 == 0 { obb.bounds() } else { obb.aabb() };
            let reference = outer.overlaps(&bounds)
                && ((inner.min.cmple(bounds.min).all()
                    && bounds.max.cmple(inner.max).all()
                    && 2.0 * f64::from(obb.half.min_element()) > crate::narrow::TOLERANCE)
                    || view.exact.overlaps(&obb));
            assert_eq!(in_view(Some(&view), &obb, &bounds), reference, "box {k}: {obb:?}");
            seen[usize::from(outer.overlaps(&bounds)) + usize::from(reference)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    /// Bounds with a NaN side are off screen, as [`Aabb::overlaps`] finds them (no comparison
    /// with NaN holds); infinite bounds overlap the outer bounds and are not within the inner
    /// ones, so the exact test has the last word, both ways; empty bounds are off screen.
    #[test]
    fn nan_infinite_and_empty_sides_decide_as_the_bounds_do() {
        let viewport = Aabb::from_corners(Vec2::new(-3.0, 5.0), Vec2::new(400.0, 250.0));
        let view = View::new(&viewport, DVec2::ZERO);
        let outer = viewport.outside_from(DVec2::ZERO);
        let obb = Obb::from_center_half_extents_angle(Vec2::new(50.0, 50.0), Vec2::new(10.0, 5.0), 30.0);
        assert!(in_view(Some(&view), &obb, &obb.bounds()));
        for side in 0..4 {
            let mut b = obb.bounds();
            *[&mut b.min.x, &mut b.min.y, &mut b.max.x, &mut b.max.y][side] = f32::NAN;
            assert!(!outer.overlaps(&b), "side {side}");
            assert!(!in_view(Some(&view), &obb, &b), "side {side}");
        }
        let infinite = Aabb::from_corners(Vec2::NEG_INFINITY, Vec2::INFINITY);
        assert!(outer.overlaps(&infinite));
        assert!(in_view(Some(&view), &obb, &infinite));
        let far = Obb::from_center_half_extents_angle(Vec2::new(5000.0, 50.0), Vec2::new(10.0, 5.0), 30.0);
        assert!(!in_view(Some(&view), &far, &infinite));
        assert!(!in_view(Some(&view), &obb, &Aabb::EMPTY));
    }
}
