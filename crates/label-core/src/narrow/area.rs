//! Overlap area of two shapes (seed 001 §4, `docs/contract.md`, Sources), in f64 for accuracy.

use glam::{DVec2, Vec2};

use crate::geometry::{Circle, Shape};

/// The area shared by two shapes, in px². Segments have no area, so any pair with a segment
/// has zero overlap area.
///
/// ```
/// use label_core::{Aabb, Shape, narrow::overlap_area};
/// use glam::Vec2;
/// let a = Shape::Aabb(Aabb::from_corners(Vec2::ZERO, Vec2::splat(4.0)));
/// let b = Shape::Aabb(Aabb::from_corners(Vec2::splat(3.0), Vec2::splat(6.0)));
/// assert_eq!(overlap_area(&a, &b), 1.0);
/// ```
#[must_use]
pub fn overlap_area(a: &Shape, b: &Shape) -> f32 {
    match (a, b) {
        (Shape::Segment(_), _) | (_, Shape::Segment(_)) => 0.0,
        (Shape::Circle(c), Shape::Circle(d)) => circle_circle_area(c, d) as f32,
        (Shape::Circle(c), other) | (other, Shape::Circle(c)) => {
            circle_polygon_area(c, &other.convex_corners().unwrap_or_default()) as f32
        }
        _ => {
            let p = a.convex_corners().unwrap_or_default();
            let q = b.convex_corners().unwrap_or_default();
            convex_overlap_area(&p, &q)
        }
    }
}

/// The area shared by two convex polygons (corners counter-clockwise in the mathematical
/// sense): Sutherland–Hodgman clipping of one by the other's edges, then the shoelace formula.
#[must_use]
pub fn convex_overlap_area(subject: &[Vec2], clip: &[Vec2]) -> f32 {
    let mut poly: Vec<DVec2> = subject.iter().map(|p| p.as_dvec2()).collect();
    let mut clip: Vec<DVec2> = clip.iter().map(|p| p.as_dvec2()).collect();
    // A shape without area shares none; the clipping below also needs the clip polygon
    // counter-clockwise.
    let (subject_area, clip_area) = (shoelace(&poly), shoelace(&clip));
    if subject_area == 0.0 || clip_area == 0.0 || poly.len() < 3 || clip.len() < 3 {
        return 0.0;
    }
    if clip_area < 0.0 {
        clip.reverse();
    }
    let n = clip.len();
    for i in 0..n {
        if poly.is_empty() {
            break;
        }
        let (p, q) = (clip[i], clip[(i + 1) % n]);
        let side = |x: DVec2| (q - p).perp_dot(x - p);
        let mut next = Vec::with_capacity(poly.len() + 1);
        for j in 0..poly.len() {
            let (s, e) = (poly[j], poly[(j + 1) % poly.len()]);
            let (ds, de) = (side(s), side(e));
            if ds >= 0.0 {
                next.push(s);
            }
            if (ds >= 0.0) != (de >= 0.0) {
                next.push(s + (e - s) * (ds / (ds - de)));
            }
        }
        poly = next;
    }
    shoelace(&poly).abs() as f32
}

fn shoelace(p: &[DVec2]) -> f64 {
    let n = p.len();
    (0..n).map(|i| p[i].perp_dot(p[(i + 1) % n])).sum::<f64>() * 0.5
}

/// Lens area of two disks.
fn circle_circle_area(a: &Circle, b: &Circle) -> f64 {
    let (r0, r1) = (f64::from(a.radius), f64::from(b.radius));
    let d = a.center.distance(b.center);
    if d >= r0 + r1 {
        return 0.0;
    }
    if d <= (r0 - r1).abs() {
        let r = r0.min(r1);
        return std::f64::consts::PI * r * r;
    }
    let part = |r: f64, other: f64| {
        let cos = ((d * d + r * r - other * other) / (2.0 * d * r)).clamp(-1.0, 1.0);
        let angle = cos.acos();
        r * r * (angle - angle.sin() * angle.cos())
    };
    part(r0, r1) + part(r1, r0)
}

/// Area of a disk inside a convex polygon: the signed areas of disk ∩ triangle(centre, p, q)
/// over the polygon's edges add up to it.
fn circle_polygon_area(c: &Circle, corners: &[Vec2]) -> f64 {
    let center = c.center;
    let r = f64::from(c.radius);
    let n = corners.len();
    let total: f64 = (0..n)
        .map(|i| {
            let p = corners[i].as_dvec2() - center;
            let q = corners[(i + 1) % n].as_dvec2() - center;
            disk_triangle_area(r, p, q)
        })
        .sum();
    total.abs()
}

/// Signed area of the disk of radius `r` at the origin intersected with the triangle (0, p, q).
fn disk_triangle_area(r: f64, p: DVec2, q: DVec2) -> f64 {
    // Split p→q where it crosses the circle; pieces inside count as triangles, pieces outside
    // as circular sectors.
    let d = q - p;
    let (a, b, cc) = (d.length_squared(), 2.0 * p.dot(d), p.length_squared() - r * r);
    let mut cuts = vec![0.0];
    let disc = b * b - 4.0 * a * cc;
    if a > 0.0 && disc > 0.0 {
        let s = disc.sqrt();
        for t in [(-b - s) / (2.0 * a), (-b + s) / (2.0 * a)] {
            if t > 0.0 && t < 1.0 {
                cuts.push(t);
            }
        }
    }
    cuts.push(1.0);
    cuts.windows(2)
        .map(|w| {
            let (x, y) = (p + d * w[0], p + d * w[1]);
            let mid = p + d * ((w[0] + w[1]) * 0.5);
            if mid.length_squared() < r * r { 0.5 * x.perp_dot(y) } else { 0.5 * r * r * x.perp_dot(y).atan2(x.dot(y)) }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Aabb, Obb, Segment};

    #[test]
    fn box_areas() {
        let a = Shape::Obb(Obb::from_center_half_extents_angle(Vec2::ZERO, Vec2::splat(1.0), 0.0));
        let b = Shape::Obb(Obb::from_center_half_extents_angle(Vec2::ZERO, Vec2::splat(1.0), 45.0));
        // A square and the same square turned 45°: an octagon of area 8(√2 − 1).
        let expected = 8.0 * (std::f32::consts::SQRT_2 - 1.0);
        assert!((overlap_area(&a, &b) - expected).abs() < 1e-4);
        let far = Shape::Aabb(Aabb::from_corners(Vec2::splat(5.0), Vec2::splat(6.0)));
        assert_eq!(overlap_area(&a, &far), 0.0);
        let touching = Shape::Aabb(Aabb::from_corners(Vec2::new(1.0, -1.0), Vec2::new(2.0, 1.0)));
        assert_eq!(overlap_area(&a, &touching), 0.0);
    }

    #[test]
    fn circle_areas() {
        use std::f64::consts::PI;
        let unit = Circle::new(Vec2::ZERO, 1.0);
        let big = Shape::Aabb(Aabb::from_corners(Vec2::splat(-5.0), Vec2::splat(5.0)));
        assert!((overlap_area(&Shape::Circle(unit), &big) as f64 - PI).abs() < 1e-5);
        // Half-plane through the centre: half the disk.
        let half = Shape::Aabb(Aabb::from_corners(Vec2::new(0.0, -5.0), Vec2::new(5.0, 5.0)));
        assert!((overlap_area(&Shape::Circle(unit), &half) as f64 - PI / 2.0).abs() < 1e-5);
        // A disk holding a small square: the square's area.
        let small = Shape::Aabb(Aabb::from_corners(Vec2::splat(-0.5), Vec2::splat(0.5)));
        assert!((overlap_area(&small, &Shape::Circle(unit)) - 1.0).abs() < 1e-6);
        // Two unit disks one radius apart: 2π/3 − √3/2.
        let lens = overlap_area(&Shape::Circle(unit), &Shape::Circle(Circle::new(Vec2::X, 1.0))) as f64;
        assert!((lens - (2.0 * PI / 3.0 - 3f64.sqrt() / 2.0)).abs() < 1e-5);
        let seg = Shape::Segment(Segment::new(Vec2::ZERO, Vec2::ONE));
        assert_eq!(overlap_area(&seg, &big), 0.0);
    }
}
