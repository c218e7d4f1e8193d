//! Viewport culling (contract §4 step 1).

use crate::{Aabb, Obb};

/// Whether a label's box overlaps the viewport's interior. Boxes wholly inside or wholly
/// outside are decided by their bounds (grown for rounding, [`Obb::bounds`]); only boxes across
/// the edge need the exact test, which has the last word.
#[must_use]
#[inline]
pub(crate) fn in_view(viewport: Option<&Aabb>, obb: &Obb, bounds: &Aabb) -> bool {
    let Some(v) = viewport else { return true };
    if !v.overlaps(bounds) {
        return false;
    }
    let inside = v.min.cmple(bounds.min).all() && bounds.max.cmple(v.max).all();
    inside || Obb::from_aabb(v).overlaps(obb)
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
        assert!(!in_view(Some(&v), &o, &o.aabb()));
        // At −45° it points along the diagonal and reaches in.
        let o = Obb::from_center_half_extents_angle(Vec2::new(-6.0, -6.0), Vec2::new(10.0, 2.0), -45.0);
        assert!(in_view(Some(&v), &o, &o.aabb()));
        // Touching the edge from outside is off screen.
        let t = Obb::from_center_half_extents_angle(Vec2::new(-5.0, 50.0), Vec2::new(5.0, 5.0), 0.0);
        assert!(!in_view(Some(&v), &t, &t.aabb()));
        assert!(in_view(None, &t, &t.aabb()));
    }
}
