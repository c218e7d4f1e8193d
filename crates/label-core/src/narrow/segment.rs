//! Segments: crossing points, and segments against areas.

use glam::{DVec2, Vec2};

use super::TOLERANCE;
use super::convex::{as_f64, separation};
use crate::geometry::{Circle, Segment};

/// How two segments meet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SegmentIntersection {
    /// No common point.
    None,
    /// They meet at one point that is an end point of at least one of them (touching; not a
    /// collision).
    Touching(Vec2),
    /// They cross at one point inside both (a collision).
    Crossing(Vec2),
    /// They are collinear and share a stretch of positive length (a collision).
    Overlapping(Segment),
}

impl SegmentIntersection {
    /// Whether the open segments share a point: a crossing or a shared stretch. This is where
    /// the segments meet, exactly; whether they *collide* (contract §3, depth beyond τ) is
    /// [`segments_collide`].
    #[must_use]
    pub fn is_collision(&self) -> bool {
        matches!(self, Self::Crossing(_) | Self::Overlapping(_))
    }
}

/// Orientation of `c` relative to the line `a → b`, computed in f64 so that the sign is
/// reliable for f32 inputs (differences of f32 values are exact in f64).
fn orient(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    (b.as_dvec2() - a.as_dvec2()).perp_dot(c.as_dvec2() - a.as_dvec2())
}

/// Where two segments meet (seeds 001 and 004, `docs/contract.md`, Sources): a quick rejection
/// on the bounding boxes, then the straddle test — each segment's end points lie on opposite
/// sides of the other — with the crossing point from the line parameters.
///
/// ```
/// use label_core::{Segment, narrow::{segment_intersection, SegmentIntersection}};
/// use glam::Vec2;
/// let a = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 4.0));
/// let b = Segment::new(Vec2::new(0.0, 4.0), Vec2::new(4.0, 0.0));
/// assert_eq!(segment_intersection(&a, &b), SegmentIntersection::Crossing(Vec2::new(2.0, 2.0)));
/// ```
#[must_use]
pub fn segment_intersection(s: &Segment, t: &Segment) -> SegmentIntersection {
    if !s.aabb().intersects_closed(&t.aabb()) {
        return SegmentIntersection::None;
    }
    let d1 = orient(t.a, t.b, s.a);
    let d2 = orient(t.a, t.b, s.b);
    let d3 = orient(s.a, s.b, t.a);
    let d4 = orient(s.a, s.b, t.b);
    if d1 == 0.0 && d2 == 0.0 {
        return collinear(s, t);
    }
    if d1 * d2 > 0.0 || d3 * d4 > 0.0 {
        return SegmentIntersection::None;
    }
    // Parameter along s of the crossing with t's line.
    let along = d1 / (d1 - d2);
    let point = (s.a.as_dvec2() + (s.b.as_dvec2() - s.a.as_dvec2()) * along).as_vec2();
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        SegmentIntersection::Crossing(point)
    } else {
        // An end point lies on the other segment.
        let on_line = [(d1, s.a), (d2, s.b), (d3, t.a), (d4, t.b)];
        let p = on_line.iter().find(|(d, _)| *d == 0.0).map_or(point, |(_, p)| *p);
        SegmentIntersection::Touching(p)
    }
}

fn collinear(s: &Segment, t: &Segment) -> SegmentIntersection {
    let dir = s.direction().as_dvec2();
    let len2 = dir.length_squared();
    if len2 == 0.0 {
        // s is a point on t's line; it touches t if it lies within t's extent.
        let td = t.direction().as_dvec2();
        let k = (s.a.as_dvec2() - t.a.as_dvec2()).dot(td);
        return if (0.0..=td.length_squared()).contains(&k) {
            SegmentIntersection::Touching(s.a)
        } else {
            SegmentIntersection::None
        };
    }
    let param = |p: Vec2| (p.as_dvec2() - s.a.as_dvec2()).dot(dir) / len2;
    let (t0, t1) = {
        let (x, y) = (param(t.a), param(t.b));
        (x.min(y), x.max(y))
    };
    let lo = t0.max(0.0);
    let hi = t1.min(1.0);
    let at = |k: f64| (s.a.as_dvec2() + dir * k).as_vec2();
    if lo < hi {
        SegmentIntersection::Overlapping(Segment::new(at(lo), at(hi)))
    } else if lo == hi {
        SegmentIntersection::Touching(at(lo))
    } else {
        SegmentIntersection::None
    }
}

/// Whether a segment collides with a convex polygon given by its corners in counter-clockwise
/// (mathematical) order: it reaches more than [`TOLERANCE`] into the interior (the SAT depth,
/// with the segment's normal among the axes). A segment along an edge or through a corner only
/// touches; a segment of no length never collides.
#[must_use]
pub fn segment_convex_overlap(s: &Segment, corners: &[Vec2]) -> bool {
    segment_points_collide(s, &as_f64(corners))
}

/// [`segment_convex_overlap`] against corners held in f64 (a label's box far from the origin).
pub(crate) fn segment_points_collide(s: &Segment, corners: &[DVec2]) -> bool {
    s.a != s.b && separation(&[s.a.as_dvec2(), s.b.as_dvec2()], corners) < -TOLERANCE
}

/// Whether two segments collide: they cross, each reaching more than [`TOLERANCE`] past the
/// other's line (the SAT depth over the two normals). Segments meeting at an end point, in a
/// T, or overlapping along one line only touch; a segment of no length never collides.
///
/// ```
/// use label_core::{Segment, narrow::segments_collide};
/// use glam::Vec2;
/// let a = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 4.0));
/// assert!(segments_collide(&a, &Segment::new(Vec2::new(0.0, 4.0), Vec2::new(4.0, 0.0))));
/// assert!(!segments_collide(&a, &Segment::new(Vec2::new(2.0, 2.0), Vec2::new(4.0, 0.0)))); // a T
/// ```
#[must_use]
pub fn segments_collide(s: &Segment, t: &Segment) -> bool {
    t.a != t.b && segment_points_collide(s, &[t.a.as_dvec2(), t.b.as_dvec2()])
}

/// Whether a segment collides with a circle: it comes closer to the centre than the radius
/// less [`TOLERANCE`]. A segment of no length never collides.
#[must_use]
pub fn segment_circle_overlap(s: &Segment, c: &Circle) -> bool {
    if s.a == s.b {
        return false;
    }
    let (a, e, center) = (s.a.as_dvec2(), s.direction().as_dvec2(), c.center);
    let t = ((center - a).dot(e) / e.length_squared()).clamp(0.0, 1.0);
    center.distance(a + e * t) < f64::from(c.radius) - TOLERANCE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(ax: f32, ay: f32, bx: f32, by: f32) -> Segment {
        Segment::new(Vec2::new(ax, ay), Vec2::new(bx, by))
    }

    #[test]
    fn crossing_touching_and_apart() {
        use SegmentIntersection::*;
        assert_eq!(
            segment_intersection(&seg(0.0, 0.0, 2.0, 0.0), &seg(1.0, -1.0, 1.0, 1.0)),
            Crossing(Vec2::new(1.0, 0.0))
        );
        // T-junction: an end point on the other segment.
        assert_eq!(
            segment_intersection(&seg(0.0, 0.0, 2.0, 0.0), &seg(1.0, 0.0, 1.0, 1.0)),
            Touching(Vec2::new(1.0, 0.0))
        );
        // Shared end point.
        assert_eq!(
            segment_intersection(&seg(0.0, 0.0, 1.0, 1.0), &seg(1.0, 1.0, 2.0, 0.0)),
            Touching(Vec2::new(1.0, 1.0))
        );
        assert_eq!(segment_intersection(&seg(0.0, 0.0, 1.0, 1.0), &seg(3.0, 0.0, 2.0, 5.0)), None);
        // Lines cross, segments do not.
        assert_eq!(segment_intersection(&seg(0.0, 0.0, 1.0, 0.0), &seg(2.0, -1.0, 2.0, 1.0)), None);
    }

    #[test]
    fn collinear_cases() {
        use SegmentIntersection::*;
        assert_eq!(
            segment_intersection(&seg(0.0, 0.0, 4.0, 0.0), &seg(3.0, 0.0, 6.0, 0.0)),
            Overlapping(seg(3.0, 0.0, 4.0, 0.0))
        );
        assert_eq!(
            segment_intersection(&seg(0.0, 0.0, 4.0, 0.0), &seg(4.0, 0.0, 6.0, 0.0)),
            Touching(Vec2::new(4.0, 0.0))
        );
        assert_eq!(segment_intersection(&seg(0.0, 0.0, 1.0, 0.0), &seg(2.0, 0.0, 3.0, 0.0)), None);
        assert!(segment_intersection(&seg(0.0, 0.0, 4.0, 4.0), &seg(1.0, 1.0, 2.0, 2.0)).is_collision());
        // Along one line they have no depth: they touch.
        assert!(!segments_collide(&seg(0.0, 0.0, 4.0, 0.0), &seg(3.0, 0.0, 6.0, 0.0)));
    }

    #[test]
    fn crossing_collides_only_past_tolerance() {
        let tau = super::TOLERANCE as f32;
        let s = seg(0.0, 0.0, 4.0, 0.0);
        assert!(segments_collide(&s, &seg(2.0, -1.0, 2.0, 1.0)));
        assert!(!segments_collide(&s, &seg(2.0, -1.0, 2.0, tau / 2.0)));
        assert!(segments_collide(&s, &seg(2.0, -1.0, 2.0, tau * 2.0)));
        assert!(!segments_collide(&s, &seg(2.0, 0.0, 2.0, 0.0)));
    }

    #[test]
    fn segment_against_box_interior() {
        let square = [Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0), Vec2::new(2.0, 2.0), Vec2::new(0.0, 2.0)];
        assert!(segment_convex_overlap(&seg(-1.0, 1.0, 3.0, 1.0), &square));
        assert!(segment_convex_overlap(&seg(0.5, 0.5, 1.0, 1.0), &square)); // inside
        assert!(!segment_convex_overlap(&seg(-1.0, 0.0, 3.0, 0.0), &square)); // along an edge
        assert!(!segment_convex_overlap(&seg(-1.0, 1.0, 1.0, -1.0), &square)); // through a corner
        assert!(!segment_convex_overlap(&seg(3.0, 3.0, 4.0, 1.0), &square));
        assert!(!segment_convex_overlap(&seg(1.0, 1.0, 1.0, 1.0), &square)); // no length
    }

    #[test]
    fn segment_against_circle() {
        let c = Circle::new(Vec2::ZERO, 1.0);
        assert!(segment_circle_overlap(&seg(-2.0, 0.5, 2.0, 0.5), &c));
        assert!(!segment_circle_overlap(&seg(-2.0, 1.0, 2.0, 1.0), &c)); // tangent
        assert!(!segment_circle_overlap(&seg(2.0, 0.0, 3.0, 0.0), &c));
        assert!(!segment_circle_overlap(&seg(-2.0, 0.9996, 2.0, 0.9996), &c)); // in by < τ
        assert!(segment_circle_overlap(&seg(-2.0, 0.998, 2.0, 0.998), &c));
    }
}
