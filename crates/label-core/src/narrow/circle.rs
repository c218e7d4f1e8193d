//! Circles against circles, boxes and convex polygons.

use glam::DVec2;

use super::TOLERANCE;
use super::convex::as_f64;
use crate::geometry::{Circle, ConvexPolygon, Obb};

/// Whether two open disks collide: the centres are closer than the sum of the radii less
/// [`TOLERANCE`].
#[must_use]
pub fn circle_circle_overlap(a: &Circle, b: &Circle) -> bool {
    let r = f64::from(a.radius) + f64::from(b.radius);
    a.center.distance(b.center) < r - TOLERANCE
}

/// Whether a circle collides with an oriented box: the signed distance from the circle's centre
/// to the box — to the box's closest point, found by clamping the centre in the box's own frame
/// (seed 002, `docs/contract.md`, Sources), or minus the distance to the nearest side when the
/// centre is inside — is below the radius less [`TOLERANCE`].
///
/// ```
/// use label_core::{Circle, Obb, narrow::circle_obb_overlap};
/// use glam::Vec2;
/// let b = Obb::from_center_half_extents_angle(Vec2::ZERO, Vec2::ONE, 0.0);
/// assert!(circle_obb_overlap(&Circle::new(Vec2::new(1.0, 1.0), 1.0), &b));
/// assert!(!circle_obb_overlap(&Circle::new(Vec2::new(2.0, 0.0), 1.0), &b)); // touching
/// ```
#[must_use]
pub fn circle_obb_overlap(c: &Circle, b: &Obb) -> bool {
    let d = c.center - b.center;
    let local = DVec2::new(d.dot(b.u().as_dvec2()), d.dot(b.v().as_dvec2()));
    let q = local.abs() - b.half.as_dvec2();
    let distance = q.max(DVec2::ZERO).length() + q.max_element().min(0.0);
    distance < f64::from(c.radius) - TOLERANCE
}

/// Whether a circle collides with a convex polygon: the signed distance from its centre to the
/// polygon (negative inside) is below the radius less [`TOLERANCE`].
#[must_use]
pub fn circle_polygon_overlap(c: &Circle, p: &ConvexPolygon) -> bool {
    let center = c.center;
    let points = as_f64(p.points());
    let n = points.len();
    // Inside (every edge has the centre on its left): minus the distance to the nearest edge's
    // line; outside: the distance to the nearest edge.
    let mut inside = true;
    let (mut to_line, mut to_edge) = (f64::INFINITY, f64::INFINITY);
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let e = b - a;
        let len2 = e.length_squared();
        if len2 == 0.0 {
            continue;
        }
        let side = e.perp_dot(center - a) / len2.sqrt();
        inside &= side >= 0.0;
        to_line = to_line.min(side);
        let t = ((center - a).dot(e) / len2).clamp(0.0, 1.0);
        to_edge = to_edge.min(center.distance(a + e * t));
    }
    let distance = if inside { -to_line } else { to_edge };
    distance < f64::from(c.radius) - TOLERANCE
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn circles_touching_do_not_overlap() {
        let a = Circle::new(Vec2::ZERO, 1.0);
        assert!(!circle_circle_overlap(&a, &Circle::new(Vec2::new(3.0, 0.0), 2.0)));
        assert!(circle_circle_overlap(&a, &Circle::new(Vec2::new(2.9, 0.0), 2.0)));
        // Containment.
        assert!(circle_circle_overlap(&a, &Circle::new(Vec2::new(0.1, 0.0), 10.0)));
    }

    #[test]
    fn maplibre_grid_index_circles() {
        // Circles from MapLibre's grid index tests (shared/reference/README.md).
        let circles = [
            Circle::new(Vec2::new(50.0, 50.0), 10.0),
            Circle::new(Vec2::new(60.0, 60.0), 15.0),
            Circle::new(Vec2::new(-10.0, 110.0), 20.0),
        ];
        let hit = |q: Circle| circles.iter().any(|c| circle_circle_overlap(c, &q));
        assert!(hit(Circle::new(Vec2::new(55.0, 55.0), 2.0)));
        assert!(!hit(Circle::new(Vec2::new(10.0, 10.0), 10.0)));
        assert!(hit(Circle::new(Vec2::new(0.0, 100.0), 10.0)));
        assert!(hit(Circle::new(Vec2::new(80.0, 60.0), 10.0)));
    }

    #[test]
    fn circle_and_rotated_box() {
        let b = Obb::from_center_half_extents_angle(Vec2::ZERO, Vec2::new(10.0, 1.0), 45.0);
        // Along the box's reading axis, 10.5 px out, radius 1: overlaps the end.
        assert!(circle_obb_overlap(&Circle::new(b.u() * 10.5, 1.0), &b));
        // Beside the box, 2 px from its long side: radius 1.9 stays apart, 2.1 overlaps.
        assert!(!circle_obb_overlap(&Circle::new(b.v() * 3.0, 1.9), &b));
        assert!(circle_obb_overlap(&Circle::new(b.v() * 3.0, 2.1), &b));
        // Centre inside.
        assert!(circle_obb_overlap(&Circle::new(Vec2::ZERO, 0.1), &b));
        // Deep inside, a circle smaller than τ still reaches far into the box.
        assert!(circle_obb_overlap(&Circle::new(Vec2::ZERO, 1e-4), &b));
    }

    #[test]
    fn circle_and_polygon() {
        let tri = ConvexPolygon::new(vec![Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 4.0)]).unwrap();
        assert!(circle_polygon_overlap(&Circle::new(Vec2::new(1.0, 1.0), 0.1), &tri));
        assert!(circle_polygon_overlap(&Circle::new(Vec2::new(2.0, 2.5), 0.5), &tri));
        assert!(!circle_polygon_overlap(&Circle::new(Vec2::new(2.0, -1.0), 1.0), &tri)); // touching
        assert!(!circle_polygon_overlap(&Circle::new(Vec2::new(5.0, 5.0), 1.0), &tri));
        // A tiny circle well inside collides; one at the edge, reaching in by less than τ, not.
        assert!(circle_polygon_overlap(&Circle::new(Vec2::new(1.0, 1.0), 1e-4), &tri));
        assert!(!circle_polygon_overlap(&Circle::new(Vec2::new(2.0, -0.0004), 0.0008), &tri));
    }
}
