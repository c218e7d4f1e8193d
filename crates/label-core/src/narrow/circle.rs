//! Circles against circles, boxes and convex polygons.

use glam::Vec2;

use crate::geometry::{Circle, ConvexPolygon, Obb, Segment};

/// Whether two open disks overlap: the centres are closer than the sum of the radii.
#[must_use]
pub fn circle_circle_overlap(a: &Circle, b: &Circle) -> bool {
    let r = a.radius + b.radius;
    a.center.distance_squared(b.center) < r * r
}

/// Whether a circle overlaps an oriented box: the point of the box closest to the circle's
/// centre, found by clamping the centre in the box's own frame (seed 002), lies closer than the
/// radius. A centre inside the box is its own closest point.
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
    let local = Vec2::new(d.dot(b.u()), d.dot(b.v()));
    let closest = local.clamp(-b.half, b.half);
    local.distance_squared(closest) < c.radius * c.radius
}

/// Whether a circle overlaps a convex polygon: its centre is inside the closed polygon, or the
/// polygon's boundary comes closer than the radius.
#[must_use]
pub fn circle_polygon_overlap(c: &Circle, p: &ConvexPolygon) -> bool {
    let inside = p.edges().all(|(a, b)| (b - a).perp_dot(c.center - a) >= 0.0);
    inside
        || p.edges()
            .any(|(a, b)| Segment::new(a, b).closest_point(c.center).distance_squared(c.center) < c.radius * c.radius)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn circle_and_polygon() {
        let tri = ConvexPolygon::new(vec![Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 4.0)]).unwrap();
        assert!(circle_polygon_overlap(&Circle::new(Vec2::new(1.0, 1.0), 0.1), &tri));
        assert!(circle_polygon_overlap(&Circle::new(Vec2::new(2.0, 2.5), 0.5), &tri));
        assert!(!circle_polygon_overlap(&Circle::new(Vec2::new(2.0, -1.0), 1.0), &tri)); // touching
        assert!(!circle_polygon_overlap(&Circle::new(Vec2::new(5.0, 5.0), 1.0), &tri));
    }
}
