//! Oriented box against oriented box: the four-axis SAT with projection radii.

use crate::geometry::Obb;

impl Obb {
    /// Whether two boxes collide: their interiors overlap by more than
    /// [`TOLERANCE`](super::TOLERANCE) (τ = 1/1024 px) on every one of the four SAT
    /// axes (contract §3). Touching — exactly, or to within τ after rounding, at any angle — is not
    /// a collision; containment is. Unrotated pairs take the axis-aligned fast path; others the
    /// four-axis SAT. Both run in f64 from the centres' difference, so the decision depends on
    /// where the boxes are relative to each other, not on where they are.
    ///
    /// ```
    /// use label_core::{Anchor, Label};
    /// // A name above a point and one below it, at 30°: they share an edge exactly.
    /// let above = Label::new(1e9, 7.0, 80.0, 12.3).with_angle(30.0).with_anchor(Anchor::Bottom);
    /// let below = above.clone().with_anchor(Anchor::Top);
    /// assert!(!above.obb().overlaps(&below.obb()));
    /// // Pushed 1/512 px into each other, they collide.
    /// let into = below.with_offset(0.0, -1.0 / 512.0);
    /// assert!(above.obb().overlaps(&into.obb()));
    /// ```
    #[must_use]
    #[inline]
    pub fn overlaps(&self, other: &Obb) -> bool {
        use super::TOLERANCE;
        if self.is_axis_aligned() && other.is_axis_aligned() {
            let d = (self.center - other.center).abs();
            let r = self.half.as_dvec2() + other.half.as_dvec2();
            return (r.x - d.x > TOLERANCE) & (r.y - d.y > TOLERANCE);
        }
        obb_obb_separation(self, other) < -TOLERANCE
    }
}

/// The signed separation of two oriented boxes: the largest gap between their shadows over the
/// four axes `u_a, v_a, u_b, v_b`, in px. Negative when the interiors overlap (its negation is
/// the overlap's depth); zero when they touch. Computed in f64 from the centres' difference, so
/// it is as precise far from the origin as near it; boxes collide iff it is below
/// `−`[`TOLERANCE`](super::TOLERANCE).
///
/// ```
/// use label_core::{Obb, narrow::obb_obb_separation};
/// use glam::Vec2;
/// let a = Obb::from_center_half_extents_angle(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.0);
/// let b = Obb::from_center_half_extents_angle(Vec2::new(5.0, 0.0), Vec2::new(3.0, 1.0), 0.0);
/// assert_eq!(obb_obb_separation(&a, &b), 0.0); // touching
/// ```
#[must_use]
#[inline]
pub fn obb_obb_separation(a: &Obb, b: &Obb) -> f64 {
    let d = b.center - a.center;
    let (ua, va, ub, vb) = (a.u().as_dvec2(), a.v().as_dvec2(), b.u().as_dvec2(), b.v().as_dvec2());
    let (a_half, b_half) = (a.half.as_dvec2(), b.half.as_dvec2());
    // |cosines| between the axes of the two boxes: the shadow of one box on the other's axes.
    let c00 = ua.dot(ub).abs();
    let c01 = ua.dot(vb).abs();
    let c10 = va.dot(ub).abs();
    let c11 = va.dot(vb).abs();
    let gap_ua = d.dot(ua).abs() - (a_half.x + b_half.x * c00 + b_half.y * c01);
    let gap_va = d.dot(va).abs() - (a_half.y + b_half.x * c10 + b_half.y * c11);
    let gap_ub = d.dot(ub).abs() - (b_half.x + a_half.x * c00 + a_half.y * c10);
    let gap_vb = d.dot(vb).abs() - (b_half.y + a_half.x * c01 + a_half.y * c11);
    gap_ua.max(gap_va).max(gap_ub.max(gap_vb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn obb(cx: f32, cy: f32, hx: f32, hy: f32, deg: f64) -> Obb {
        Obb::from_center_half_extents_angle(Vec2::new(cx, cy), Vec2::new(hx, hy), deg)
    }

    #[test]
    fn seed_001_main_pair_collides() {
        // left 0, top 0, 100×100 at 30°, and left 100, top 0, 100×100 at 0°, each turned
        // about its own centre.
        let a = obb(50.0, 50.0, 50.0, 50.0, 30.0);
        let b = obb(150.0, 50.0, 50.0, 50.0, 0.0);
        assert!(obb_obb_separation(&a, &b) < 0.0);
        assert!(a.overlaps(&b) && b.overlaps(&a));
    }

    #[test]
    fn exact_touching_is_not_a_collision() {
        let a = obb(0.0, 0.0, 1.0, 1.0, 0.0);
        for b in [obb(2.0, 0.0, 1.0, 1.0, 0.0), obb(2.0, 2.0, 1.0, 1.0, 0.0), obb(0.0, -2.0, 1.0, 1.0, 90.0)] {
            assert_eq!(obb_obb_separation(&a, &b), 0.0);
            assert!(!a.overlaps(&b));
        }
        // Two boxes at 45° sharing a long edge: the centres are apart by exactly 2·half along v.
        let r = obb(10.0, 10.0, 4.0, 1.0, 45.0);
        let s = r.translate(r.v().as_dvec2() * 2.0);
        assert!(obb_obb_separation(&r, &s).abs() < 1e-5);
        assert!(!r.overlaps(&s));
    }

    #[test]
    fn containment_is_a_collision() {
        let big = obb(0.0, 0.0, 10.0, 10.0, 17.0);
        let small = obb(1.0, 1.0, 1.0, 0.5, -40.0);
        assert!(big.overlaps(&small) && small.overlaps(&big));
    }

    #[test]
    fn rotated_boxes_whose_aabbs_overlap_can_be_apart() {
        // Two thin bars at 45°, side by side: their axis-aligned boxes overlap heavily.
        let a = obb(0.0, 0.0, 20.0, 2.0, 45.0);
        let b = a.translate(a.v().as_dvec2() * 5.0);
        assert!(a.aabb().overlaps(&b.aabb()));
        assert!(!a.overlaps(&b));
        assert!((obb_obb_separation(&a, &b) - 1.0).abs() < 1e-4);
    }

    #[test]
    fn gap_is_the_distance_for_axis_separated_boxes() {
        let a = obb(0.0, 0.0, 1.0, 1.0, 0.0);
        let b = obb(5.0, 0.0, 1.0, 1.0, 0.0);
        assert_eq!(obb_obb_separation(&a, &b), 3.0);
    }
}
