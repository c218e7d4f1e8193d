//! SAT for convex polygons (and boxes taken as polygons).

use glam::{DVec2, Vec2};

use super::TOLERANCE;

/// The signed separation of two convex polygons given by their corners in counter-clockwise
/// (mathematical) order: the largest gap between their shadows over the edge normals of both,
/// in px, computed in f64. Negative when the interiors overlap (minus the overlap's depth).
#[must_use]
pub fn convex_separation(a: &[Vec2], b: &[Vec2]) -> f64 {
    separation(&as_f64(a), &as_f64(b))
}

/// Whether two convex polygons (counter-clockwise corners) collide: they overlap by more than
/// [`TOLERANCE`].
#[must_use]
pub fn polygon_overlaps(a: &[Vec2], b: &[Vec2]) -> bool {
    convex_separation(a, b) < -TOLERANCE
}

pub(crate) fn as_f64(points: &[Vec2]) -> Vec<DVec2> {
    points.iter().map(|p| p.as_dvec2()).collect()
}

/// The SAT separation of two convex point sets over the normals of both sets' edges. Two
/// points make a segment, whose one normal is an axis (the Minkowski difference of a segment
/// and a polygon has the polygon's edges and the segment's direction), so the same function
/// gives a segment's depth in a polygon or in another segment.
pub(crate) fn separation(a: &[DVec2], b: &[DVec2]) -> f64 {
    one_way(a, b).max(one_way(b, a))
}

fn one_way(p: &[DVec2], q: &[DVec2]) -> f64 {
    edges(p)
        .filter_map(|(s, e)| (e - s).perp().try_normalize())
        .map(|n| {
            let (p_min, p_max) = shadow(p, n);
            let (q_min, q_max) = shadow(q, n);
            (q_min - p_max).max(p_min - q_max)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

fn edges(p: &[DVec2]) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
    p.iter().zip(p.iter().cycle().skip(1)).map(|(a, b)| (*a, *b))
}

fn shadow(p: &[DVec2], n: DVec2) -> (f64, f64) {
    p.iter().map(|q| q.dot(n)).fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(p: &[(f32, f32)]) -> Vec<Vec2> {
        p.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
    }

    #[test]
    fn square_and_triangle_from_sat_js() {
        // sat-js testPolygonPolygon: they overlap by 10 along x.
        let square = pts(&[(0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0)]);
        let triangle = pts(&[(30.0, 0.0), (60.0, 0.0), (30.0, 30.0)]);
        assert!(polygon_overlaps(&square, &triangle));
        assert_eq!(convex_separation(&square, &triangle), -10.0);
    }

    #[test]
    fn touching_polygons_are_apart() {
        let a = pts(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
        let b = pts(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0)]);
        let tri = pts(&[(1.0, 0.5), (3.0, 0.0), (3.0, 1.0)]);
        assert!(!polygon_overlaps(&a, &b));
        assert!(!polygon_overlaps(&a, &tri));
        // Into each other by τ/2: still touching; by 2τ: a collision.
        let half_tau = (TOLERANCE / 2.0) as f32;
        let c = pts(&[(1.0 - half_tau, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0 - half_tau, 1.0)]);
        assert!(!polygon_overlaps(&a, &c));
        let d = pts(&[(1.0 - 4.0 * half_tau, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0 - 4.0 * half_tau, 1.0)]);
        assert!(polygon_overlaps(&a, &d));
    }
}
