//! Where an area's name goes: the pole of inaccessibility of its largest polygon on screen.
//!
//! A lake or a park is named inside, where the name has the most room: the point of the
//! polygon farthest from its edges (holes included), found by the `polylabel` crate
//! (Mapbox's polylabel algorithm: a quadtree search over the polygon's box, cells ordered by
//! the best distance they could still hold). The search is on screen (after the projection and
//! the bearing), so the point is the one with the most room as drawn, not in degrees. A
//! MultiPolygon is named at the pole of its largest part by area on screen (the first part on
//! equal areas). The search stops when no cell could improve the distance by more than
//! [`tolerance`] px.

use geo::{Area, Coord, LineString, Polygon};
use glam::DVec2;

/// The search tolerance for a polygon whose box on screen has this diagonal, px: one pixel,
/// or a thousandth of the diagonal for polygons far larger than the screen (a continent at a
/// deep zoom), so that the search stays short.
#[must_use]
pub fn tolerance(diagonal: f64) -> f64 {
    (diagonal / 1000.0).max(1.0)
}

fn ring(points: &[DVec2]) -> LineString<f64> {
    LineString::new(points.iter().map(|p| Coord { x: p.x, y: p.y }).collect())
}

/// The label point of the polygons `polygons` (each: its outer ring, then its holes; screen
/// px), or `None` when no polygon has an area.
#[must_use]
pub fn pole(polygons: &[Vec<Vec<DVec2>>]) -> Option<DVec2> {
    let mut best: Option<(f64, Polygon<f64>)> = None;
    for rings in polygons {
        let Some((outer, holes)) = rings.split_first() else { continue };
        let polygon = Polygon::new(ring(outer), holes.iter().map(|h| ring(h)).collect());
        let area = polygon.unsigned_area();
        if area.is_finite() && area > 0.0 && best.as_ref().is_none_or(|(a, _)| area > *a) {
            best = Some((area, polygon));
        }
    }
    let (_, polygon) = best?;
    let (min, max) = polygon.exterior().coords().fold((DVec2::INFINITY, DVec2::NEG_INFINITY), |(lo, hi), c| {
        let p = DVec2::new(c.x, c.y);
        (lo.min(p), hi.max(p))
    });
    let point = polylabel::polylabel(&polygon, &tolerance(min.distance(max))).ok()?;
    Some(DVec2::new(point.x(), point.y())).filter(|p| p.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, side: f64) -> Vec<DVec2> {
        vec![
            DVec2::new(x, y),
            DVec2::new(x + side, y),
            DVec2::new(x + side, y + side),
            DVec2::new(x, y + side),
            DVec2::new(x, y),
        ]
    }

    #[test]
    fn an_l_shape_is_named_in_its_thick_part_and_a_hole_is_avoided() {
        // An L: a 100 × 100 square with its top-right 60 × 60 corner cut away.
        let l = [(0.0, 0.0), (100.0, 0.0), (100.0, 40.0), (40.0, 40.0), (40.0, 100.0), (0.0, 100.0), (0.0, 0.0)]
            .map(|(x, y)| DVec2::new(x, y))
            .to_vec();
        let p = pole(&[vec![l]]).unwrap();
        assert!(p.x < 40.0 && p.y < 40.0, "{p}");
        // A square with a hole in its middle: not in the hole.
        let p = pole(&[vec![square(0.0, 0.0, 100.0), square(30.0, 30.0, 40.0)]]).unwrap();
        assert!(!(30.0..=70.0).contains(&p.x) || !(30.0..=70.0).contains(&p.y), "{p}");
    }

    #[test]
    fn the_largest_part_is_named_and_flat_parts_have_no_pole() {
        let p = pole(&[vec![square(0.0, 0.0, 10.0)], vec![square(100.0, 100.0, 50.0)]]).unwrap();
        assert!((p - DVec2::new(125.0, 125.0)).length() < 2.0, "{p}");
        let flat = vec![DVec2::ZERO, DVec2::new(10.0, 0.0), DVec2::new(20.0, 0.0), DVec2::ZERO];
        assert_eq!(pole(&[vec![flat]]), None);
        assert_eq!(pole(&[]), None);
        assert_eq!(tolerance(10.0), 1.0);
        assert_eq!(tolerance(1e6), 1000.0);
    }
}
