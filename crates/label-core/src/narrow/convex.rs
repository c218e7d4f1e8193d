//! SAT for convex polygons (and boxes taken as polygons).

use glam::Vec2;

/// The signed separation of two convex polygons given by their corners in counter-clockwise
/// (mathematical) order: the largest gap between their shadows over the edge normals of both,
/// in px. Negative iff the interiors overlap.
#[must_use]
pub fn convex_separation(a: &[Vec2], b: &[Vec2]) -> f32 {
    let one_way = |p: &[Vec2], q: &[Vec2]| {
        edges(p)
            .filter_map(|(s, e)| (e - s).perp().try_normalize())
            .map(|n| {
                let (p_min, p_max) = shadow(p, n);
                let (q_min, q_max) = shadow(q, n);
                (q_min - p_max).max(p_min - q_max)
            })
            .fold(f32::NEG_INFINITY, f32::max)
    };
    one_way(a, b).max(one_way(b, a))
}

/// Whether two convex polygons (counter-clockwise corners) have overlapping interiors.
#[must_use]
pub fn polygon_overlaps(a: &[Vec2], b: &[Vec2]) -> bool {
    convex_separation(a, b) < 0.0
}

fn edges(p: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    p.iter().zip(p.iter().cycle().skip(1)).map(|(a, b)| (*a, *b))
}

fn shadow(p: &[Vec2], n: Vec2) -> (f32, f32) {
    p.iter().map(|q| q.dot(n)).fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)))
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
    }
}
