//! Convex polygons: arbitrary convex obstacles.

use glam::Vec2;

use super::Aabb;

/// A convex polygon with at least three corners and positive area, stored counter-clockwise in
/// the mathematical sense (clockwise as seen on a y-down screen).
///
/// Build one with [`ConvexPolygon::new`], which checks convexity.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ConvexPolygon {
    points: Vec<Vec2>,
}

/// Why a point list is not a convex polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PolygonError {
    /// Fewer than three points were given.
    #[error("a polygon needs at least 3 points, got {0}")]
    TooFewPoints(usize),
    /// A coordinate is NaN or infinite.
    #[error("a polygon point is not a finite number")]
    NonFinite,
    /// The points do not turn the same way at every corner, or enclose no area.
    #[error("the points do not form a convex polygon with positive area")]
    NotConvex,
}

impl ConvexPolygon {
    /// A convex polygon from its corners in either winding. Collinear corners are allowed;
    /// repeated closing points are not needed.
    ///
    /// # Errors
    /// [`PolygonError`] when the points are too few, not finite, not convex or enclose no area.
    pub fn new(points: Vec<Vec2>) -> Result<Self, PolygonError> {
        if points.len() < 3 {
            return Err(PolygonError::TooFewPoints(points.len()));
        }
        if points.iter().any(|p| !p.is_finite()) {
            return Err(PolygonError::NonFinite);
        }
        let n = points.len();
        let (mut pos, mut neg) = (false, false);
        for i in 0..n {
            let a = points[i];
            let b = points[(i + 1) % n];
            let c = points[(i + 2) % n];
            let cross = f64::from((b - a).perp_dot(c - b));
            pos |= cross > 0.0;
            neg |= cross < 0.0;
        }
        if pos == neg {
            return Err(PolygonError::NotConvex);
        }
        // Angles must add up to one full turn: reject self-overlapping "stars" whose corners all
        // turn the same way.
        let turning: f64 = (0..n)
            .map(|i| {
                let a = points[i];
                let b = points[(i + 1) % n];
                let c = points[(i + 2) % n];
                let (e0, e1) = (b - a, c - b);
                f64::from(e0.perp_dot(e1)).atan2(f64::from(e0.dot(e1)))
            })
            .sum();
        if (turning.abs() - std::f64::consts::TAU).abs() > 1e-3 {
            return Err(PolygonError::NotConvex);
        }
        let mut points = points;
        if neg {
            points.reverse();
        }
        Ok(Self { points })
    }

    /// The corners, counter-clockwise in the mathematical sense.
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// The edges as `(start, end)` pairs, closing back to the first corner.
    pub fn edges(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        let n = self.points.len();
        (0..n).map(move |i| (self.points[i], self.points[(i + 1) % n]))
    }

    /// The polygon moved by `offset` (still convex, same winding).
    #[must_use]
    pub fn translate(&self, offset: Vec2) -> ConvexPolygon {
        ConvexPolygon { points: self.points.iter().map(|p| *p + offset).collect() }
    }

    /// The smallest axis-aligned box holding the polygon.
    #[must_use]
    pub fn aabb(&self) -> Aabb {
        Aabb::from_points(&self.points).expect("a polygon has at least three points")
    }

    /// Area in px².
    #[must_use]
    pub fn area(&self) -> f32 {
        let twice: f32 = self.edges().map(|(a, b)| a.perp_dot(b)).sum();
        twice.abs() * 0.5
    }

    /// Whether `p` lies in the interior.
    #[must_use]
    pub fn contains_point(&self, p: Vec2) -> bool {
        self.edges().all(|(a, b)| (b - a).perp_dot(p - a) > 0.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ConvexPolygon {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let points = Vec::<Vec2>::deserialize(d)?;
        ConvexPolygon::new(points).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_point_lists() {
        let v = |p: &[(f32, f32)]| p.iter().map(|&(x, y)| Vec2::new(x, y)).collect::<Vec<_>>();
        assert_eq!(ConvexPolygon::new(v(&[(0.0, 0.0), (1.0, 0.0)])), Err(PolygonError::TooFewPoints(2)));
        assert_eq!(
            ConvexPolygon::new(v(&[(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (2.0, 2.0), (0.0, 2.0)])),
            Err(PolygonError::NotConvex)
        );
        assert_eq!(ConvexPolygon::new(v(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)])), Err(PolygonError::NotConvex));
        assert_eq!(ConvexPolygon::new(v(&[(0.0, f32::NAN), (1.0, 1.0), (2.0, 0.0)])), Err(PolygonError::NonFinite));
        // A pentagram turns the same way at every corner but winds twice.
        let star: Vec<Vec2> = (0..5)
            .map(|k| {
                let t = (k as f32) * 4.0 * std::f32::consts::PI / 5.0;
                Vec2::new(t.cos(), t.sin())
            })
            .collect();
        assert_eq!(ConvexPolygon::new(star), Err(PolygonError::NotConvex));
    }

    #[test]
    fn either_winding_gives_the_same_interior() {
        let cw = vec![Vec2::new(0.0, 0.0), Vec2::new(0.0, 2.0), Vec2::new(2.0, 2.0), Vec2::new(2.0, 0.0)];
        let mut ccw = cw.clone();
        ccw.reverse();
        for pts in [cw, ccw] {
            let p = ConvexPolygon::new(pts).unwrap();
            assert!(p.contains_point(Vec2::ONE));
            assert!(!p.contains_point(Vec2::new(2.0, 1.0)));
            assert_eq!(p.area(), 4.0);
        }
    }
}
