//! Viewport culling (contract §4 step 1).

use glam::DVec2;

use crate::{Aabb, Obb};

/// The viewport as culling reads it: itself, for the exact test, and in the frame of the
/// labels' bounds (measured from an origin, [`Obb::bounds_from`]) rounded outwards and inwards,
/// so that the bounds' verdicts are sure ones.
pub(crate) struct View {
    exact: Obb,
    outer: Aabb,
    inner: Aabb,
}

impl View {
    pub(crate) fn new(viewport: &Aabb, origin: DVec2) -> Self {
        Self {
            exact: Obb::from_aabb(viewport),
            outer: viewport.outside_from(origin),
            inner: viewport.inside_from(origin),
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
    if !v.outer.overlaps(bounds) {
        return false;
    }
    let inside = v.inner.min.cmple(bounds.min).all()
        && bounds.max.cmple(v.inner.max).all()
        && 2.0 * f64::from(obb.half.min_element()) > crate::narrow::TOLERANCE;
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
}
