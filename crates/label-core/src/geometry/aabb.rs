//! Axis-aligned boxes in screen space.

use glam::Vec2;

/// An axis-aligned box given by its minimum and maximum corners (screen space, y down, so `min`
/// is the top-left corner).
///
/// Overlap follows the project's rule: two boxes overlap only when their interiors share
/// positive area; boxes that merely touch do not.
///
/// ```
/// use label_core::Aabb;
/// use glam::Vec2;
/// let a = Aabb::from_origin_size(Vec2::new(0.0, 0.0), Vec2::new(10.0, 10.0));
/// let touching = Aabb::from_origin_size(Vec2::new(10.0, 0.0), Vec2::new(10.0, 10.0));
/// let overlapping = Aabb::from_origin_size(Vec2::new(9.5, 0.0), Vec2::new(10.0, 10.0));
/// assert!(!a.overlaps(&touching));
/// assert!(a.overlaps(&overlapping));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb {
    /// Top-left corner (smallest x and y).
    pub min: Vec2,
    /// Bottom-right corner (largest x and y).
    pub max: Vec2,
}

impl Aabb {
    /// The empty box: it overlaps nothing, and is the identity of [`Aabb::union`].
    pub const EMPTY: Self = Self { min: Vec2::INFINITY, max: Vec2::NEG_INFINITY };

    /// The box spanned by two opposite corners, in any order.
    #[must_use]
    pub fn from_corners(a: Vec2, b: Vec2) -> Self {
        Self { min: a.min(b), max: a.max(b) }
    }

    /// The box with top-left corner `origin` and the given `size`.
    #[must_use]
    pub fn from_origin_size(origin: Vec2, size: Vec2) -> Self {
        Self::from_corners(origin, origin + size)
    }

    /// The box with the given centre and half extents.
    #[must_use]
    pub fn from_center_half_extents(center: Vec2, half: Vec2) -> Self {
        Self { min: center - half, max: center + half }
    }

    /// The smallest box holding every point, or `None` for no points.
    #[must_use]
    pub fn from_points(points: &[Vec2]) -> Option<Self> {
        let (first, rest) = points.split_first()?;
        let init = Self { min: *first, max: *first };
        Some(rest.iter().fold(init, |b, p| Self { min: b.min.min(*p), max: b.max.max(*p) }))
    }

    /// Centre point.
    #[must_use]
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half of the width and height.
    #[must_use]
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// Width and height.
    #[must_use]
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// Area in px².
    #[must_use]
    pub fn area(&self) -> f32 {
        let s = self.size();
        s.x * s.y
    }

    /// The four corners, clockwise on screen starting at the top-left.
    #[must_use]
    pub fn corners(&self) -> [Vec2; 4] {
        [self.min, Vec2::new(self.max.x, self.min.y), self.max, Vec2::new(self.min.x, self.max.y)]
    }

    /// Whether the interiors overlap (positive area). Touching edges or corners do not count.
    /// This is the exact test that bounds prune with (a superset of the pairs that collide);
    /// two boxes as shapes collide by the τ rule of [`crate::Shape::overlaps`].
    #[must_use]
    #[inline]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        // Non-short-circuit `&`: one well-predicted branch instead of four coin flips in the
        // broad phase's hot loops.
        (self.min.x < other.max.x)
            & (other.min.x < self.max.x)
            & (self.min.y < other.max.y)
            & (other.min.y < self.max.y)
    }

    /// Whether the closed boxes share any point (touching counts). Used to gather broad-phase
    /// candidates, a superset of the overlapping pairs.
    #[must_use]
    #[inline]
    pub fn intersects_closed(&self, other: &Aabb) -> bool {
        self.min.x <= other.max.x && other.min.x <= self.max.x && self.min.y <= other.max.y && other.min.y <= self.max.y
    }

    /// Whether `p` lies in the interior.
    #[must_use]
    pub fn contains_point(&self, p: Vec2) -> bool {
        self.min.x < p.x && p.x < self.max.x && self.min.y < p.y && p.y < self.max.y
    }

    /// The smallest box holding both.
    #[must_use]
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb { min: self.min.min(other.min), max: self.max.max(other.max) }
    }

    /// The common part of the closed boxes, if they share any point.
    #[must_use]
    pub fn intersection(&self, other: &Aabb) -> Option<Aabb> {
        let b = Aabb { min: self.min.max(other.min), max: self.max.min(other.max) };
        (b.min.x <= b.max.x && b.min.y <= b.max.y).then_some(b)
    }

    /// The box moved by `offset`.
    #[must_use]
    pub fn translate(&self, offset: Vec2) -> Aabb {
        Aabb { min: self.min + offset, max: self.max + offset }
    }

    /// The box grown by a few units in the last place of its coordinates: room for the rounding
    /// of f32 arithmetic, so that a box built this way never prunes a pair the exact tests would
    /// find overlapping.
    #[must_use]
    #[inline]
    pub fn grown_for_rounding(&self) -> Aabb {
        let magnitude = self.min.abs().max(self.max.abs()).max_element() + self.size().max_element();
        self.inflate(magnitude * 8.0 * f32::EPSILON)
    }

    /// The smallest f32 box holding this one moved by `−origin` (rounded outwards).
    #[must_use]
    pub fn outside_from(&self, origin: glam::DVec2) -> Aabb {
        let (min, max) = (self.min.as_dvec2() - origin, self.max.as_dvec2() - origin);
        Aabb { min: Vec2::new(down(min.x), down(min.y)), max: Vec2::new(up(max.x), up(max.y)) }
    }

    /// The largest f32 box inside this one moved by `−origin` (rounded inwards).
    #[must_use]
    pub fn inside_from(&self, origin: glam::DVec2) -> Aabb {
        let (min, max) = (self.min.as_dvec2() - origin, self.max.as_dvec2() - origin);
        Aabb { min: Vec2::new(up(min.x), up(min.y)), max: Vec2::new(down(max.x), down(max.y)) }
    }

    /// The box grown by `margin` on every side.
    #[must_use]
    pub fn inflate(&self, margin: f32) -> Aabb {
        Aabb { min: self.min - Vec2::splat(margin), max: self.max + Vec2::splat(margin) }
    }
}

/// The largest f32 not above `v`.
fn down(v: f64) -> f32 {
    let r = v as f32;
    if f64::from(r) > v { r.next_down() } else { r }
}

/// The smallest f32 not below `v`.
fn up(v: f64) -> f32 {
    let r = v as f32;
    if f64::from(r) < v { r.next_up() } else { r }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
        Aabb::from_corners(Vec2::new(x0, y0), Vec2::new(x1, y1))
    }

    #[test]
    fn edge_and_corner_touching_do_not_overlap() {
        let a = b(0.0, 0.0, 1.0, 1.0);
        assert!(!a.overlaps(&b(1.0, 0.0, 2.0, 1.0)));
        assert!(!a.overlaps(&b(1.0, 1.0, 2.0, 2.0)));
        assert!(!a.overlaps(&b(0.0, -1.0, 1.0, 0.0)));
        assert!(a.intersects_closed(&b(1.0, 1.0, 2.0, 2.0)));
    }

    #[test]
    fn containment_overlaps_both_ways() {
        let outer = b(0.0, 0.0, 10.0, 10.0);
        let inner = b(2.0, 2.0, 3.0, 3.0);
        assert!(outer.overlaps(&inner));
        assert!(inner.overlaps(&outer));
    }

    #[test]
    fn maplibre_grid_index_boxes() {
        // Boxes and queries from MapLibre's grid index tests (shared/reference/README.md).
        let boxes = [b(4.0, 10.0, 6.0, 30.0), b(4.0, 10.0, 30.0, 12.0), b(-10.0, 30.0, 5.0, 35.0)];
        let hits = |q: Aabb| -> Vec<usize> { (0..boxes.len()).filter(|&i| boxes[i].overlaps(&q)).collect() };
        assert_eq!(hits(b(4.0, 10.0, 5.0, 11.0)), vec![0, 1]);
        assert_eq!(hits(b(24.0, 10.0, 25.0, 11.0)), vec![1]);
        assert_eq!(hits(b(40.0, 40.0, 100.0, 100.0)), Vec::<usize>::new());
        assert_eq!(hits(b(-6.0, 0.0, 3.0, 100.0)), vec![2]);
    }

    #[test]
    fn moved_boxes_round_outwards_or_inwards() {
        let v = b(0.0, 0.0, 1920.0, 1080.0);
        let origin = glam::DVec2::new(1e9 + 0.3, -7.1);
        let (outer, inner) = (v.outside_from(origin), v.inside_from(origin));
        for (x, bound) in [(f64::from(outer.min.x), -1e9 - 0.3), (f64::from(inner.max.x), 1920.0 - 1e9 - 0.3)] {
            assert!((x - bound).abs() <= 64.0, "{x} {bound}");
        }
        assert!(f64::from(outer.min.x) <= -1e9 - 0.3 && f64::from(outer.max.y) >= 1087.1);
        assert!(f64::from(inner.min.x) >= -1e9 - 0.3 && f64::from(inner.max.y) <= 1087.1);
        assert_eq!(v.outside_from(glam::DVec2::ZERO), v);
    }

    #[test]
    fn union_intersection_and_points() {
        let a = b(0.0, 0.0, 2.0, 2.0);
        let c = b(1.0, 1.0, 3.0, 3.0);
        assert_eq!(a.union(&c), b(0.0, 0.0, 3.0, 3.0));
        assert_eq!(a.intersection(&c), Some(b(1.0, 1.0, 2.0, 2.0)));
        assert_eq!(a.intersection(&b(5.0, 5.0, 6.0, 6.0)), None);
        assert_eq!(Aabb::from_points(&[Vec2::new(3.0, -1.0), Vec2::new(-2.0, 4.0)]), Some(b(-2.0, -1.0, 3.0, 4.0)));
        assert_eq!(Aabb::from_points(&[]), None);
        assert_eq!(a.area(), 4.0);
        assert!(a.contains_point(Vec2::new(1.0, 1.0)));
        assert!(!a.contains_point(Vec2::new(2.0, 1.0)));
    }
}
