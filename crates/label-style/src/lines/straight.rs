//! Where a line's name goes: the middle of its longest straight-enough stretch on screen.
//!
//! A street or river name reads along its line, so it needs a stretch that is nearly straight
//! (a box cannot bend). On the projected line (screen pixels, after the bearing):
//!
//! 1. The line is clipped to the viewport; the stretches considered are those on screen. Only
//!    when no part of the line is on screen is the whole line used (its label is then culled
//!    as off screen, or shows the part of the box that reaches in).
//! 2. A *run* is a sequence of consecutive segments of one part whose directions all stay
//!    within ±[`STRAIGHT_TOLERANCE_DEG`] of the direction of the run's first segment
//!    (zero-length segments are dropped first). The longest run by length wins; the first one
//!    in line order on equal lengths.
//! 3. The label's anchor is the point halfway along the run, by length, and its angle is that
//!    of the run's chord (first point to last point), turned by 180° where needed into
//!    (−90°, 90°] so that the name never reads upside down.

use glam::DVec2;
use label_core::geometry::readable_angle;

/// How far a run's segments may turn from its first segment, degrees.
pub const STRAIGHT_TOLERANCE_DEG: f64 = 15.0;

/// A line label's spot on screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineSpot {
    /// The anchor point, px: halfway along the run.
    pub point: DVec2,
    /// Degrees, counter-clockwise on screen, in (−90°, 90°].
    pub angle: f64,
    /// Length of the run, px.
    pub length: f64,
}

/// The label spot of a line made of `parts` (screen px) in a viewport of `size` px, or `None`
/// when no part has a segment of non-zero length.
#[must_use]
pub fn spot(parts: &[Vec<DVec2>], size: DVec2) -> Option<LineSpot> {
    let parts: Vec<Vec<DVec2>> = parts.iter().map(|p| dedup(p)).filter(|p| p.len() >= 2).collect();
    let on_screen: Vec<Vec<DVec2>> = parts.iter().flat_map(|p| clip(p, size)).collect();
    longest_run(&on_screen).or_else(|| longest_run(&parts))
}

/// The points without consecutive repeats (whose segments would have no direction).
pub(crate) fn dedup(points: &[DVec2]) -> Vec<DVec2> {
    let mut out: Vec<DVec2> = Vec::with_capacity(points.len());
    for &p in points {
        if out.last() != Some(&p) {
            out.push(p);
        }
    }
    out
}

/// The pieces of a polyline inside the rectangle `[0, size.x] × [0, size.y]` (Liang–Barsky
/// per segment; a piece ends where the line leaves the rectangle).
fn clip(points: &[DVec2], size: DVec2) -> Vec<Vec<DVec2>> {
    clip_to(points, DVec2::ZERO, size)
}

/// The pieces of a polyline inside the rectangle `[lo, hi]` (Liang–Barsky per segment; a piece
/// ends where the line leaves the rectangle); repeated points are dropped, pieces have at least
/// 2 points.
#[must_use]
pub fn clip_to(points: &[DVec2], lo: DVec2, hi: DVec2) -> Vec<Vec<DVec2>> {
    let mut pieces = Vec::new();
    let mut current: Vec<DVec2> = Vec::new();
    for pair in points.windows(2) {
        let Some((t0, t1)) = clip_segment(pair[0], pair[1], lo, hi) else {
            if current.len() >= 2 {
                pieces.push(std::mem::take(&mut current));
            }
            current.clear();
            continue;
        };
        let (a, b) = (pair[0].lerp(pair[1], t0), pair[0].lerp(pair[1], t1));
        if t0 > 0.0 || current.is_empty() {
            if current.len() >= 2 {
                pieces.push(std::mem::take(&mut current));
            }
            current = vec![a];
        }
        current.push(b);
        if t1 < 1.0 {
            pieces.push(std::mem::take(&mut current));
        }
    }
    if current.len() >= 2 {
        pieces.push(current);
    }
    pieces.into_iter().map(|p| dedup(&p)).filter(|p| p.len() >= 2).collect()
}

/// The parameter range `[t0, t1]` of segment `a → b` inside the rectangle `[lo, hi]`, if it has
/// length.
fn clip_segment(a: DVec2, b: DVec2, lo: DVec2, hi: DVec2) -> Option<(f64, f64)> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [(-d.x, a.x - lo.x), (d.x, hi.x - a.x), (-d.y, a.y - lo.y), (d.y, hi.y - a.y)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 < t1).then_some((t0, t1))
}

/// The longest run over all parts (see the module documentation).
fn longest_run(parts: &[Vec<DVec2>]) -> Option<LineSpot> {
    let cos_tolerance = STRAIGHT_TOLERANCE_DEG.to_radians().cos();
    let mut best: Option<(f64, &[DVec2])> = None;
    for points in parts {
        let lengths: Vec<f64> = points.windows(2).map(|w| (w[1] - w[0]).length()).collect();
        // Length from segment `i` to the end of the part: a start whose rest is no longer than
        // the best run cannot beat it, nor can any later start.
        let mut rest: f64 = lengths.iter().sum();
        for i in 0..lengths.len() {
            if best.is_some_and(|(len, _)| rest <= len) {
                break;
            }
            let dir = (points[i + 1] - points[i]) / lengths[i];
            let mut end = i + 1;
            let mut length = lengths[i];
            while end < lengths.len() && (points[end + 1] - points[end]).dot(dir) >= cos_tolerance * lengths[end] {
                length += lengths[end];
                end += 1;
            }
            if best.is_none_or(|(len, _)| length > len) {
                best = Some((length, &points[i..=end]));
            }
            rest -= lengths[i];
        }
    }
    let (length, run) = best?;
    let chord = run[run.len() - 1] - run[0];
    let angle = readable_angle((-chord.y).atan2(chord.x).to_degrees());
    Some(LineSpot { point: halfway(run, length), angle, length })
}

/// The point halfway along `run`, whose length is `length`.
fn halfway(run: &[DVec2], length: f64) -> DVec2 {
    let mut left = length / 2.0;
    for w in run.windows(2) {
        let l = (w[1] - w[0]).length();
        if left <= l {
            return w[0].lerp(w[1], left / l);
        }
        left -= l;
    }
    run[run.len() - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: DVec2 = DVec2::new(1000.0, 1000.0);

    fn line(points: &[[f64; 2]]) -> Vec<DVec2> {
        points.iter().map(|p| DVec2::from_array(*p)).collect()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn a_straight_segment_gets_its_middle_and_direction() {
        let s = spot(&[line(&[[100.0, 500.0], [300.0, 500.0]])], SCREEN).unwrap();
        assert_eq!(s.point, DVec2::new(200.0, 500.0));
        assert!(close(s.angle, 0.0) && close(s.length, 200.0));
        // Going up-right on screen (y down) is a counter-clockwise angle.
        let s = spot(&[line(&[[100.0, 500.0], [200.0, 400.0]])], SCREEN).unwrap();
        assert!(close(s.angle, 45.0), "{}", s.angle);
    }

    #[test]
    fn names_never_read_upside_down() {
        // Drawn right to left: the angle would be 180°, it reads left to right instead.
        let s = spot(&[line(&[[300.0, 500.0], [100.0, 500.0]])], SCREEN).unwrap();
        assert!(close(s.angle, 0.0), "{}", s.angle);
        // Straight down the screen is −90°, which turns to 90° (reads bottom to top).
        let s = spot(&[line(&[[100.0, 100.0], [100.0, 300.0]])], SCREEN).unwrap();
        assert!(close(s.angle, 90.0), "{}", s.angle);
    }

    #[test]
    fn the_longest_straight_stretch_wins_over_a_longer_bent_one() {
        // An L: a 100-px leg then a 300-px leg at right angles; then a zig-zag of short
        // segments 40° apart that adds up to more than 300 px but is never straight.
        let mut pts = vec![[0.0, 0.0], [100.0, 0.0], [100.0, 300.0]];
        for k in 1..=10 {
            let y = 300.0 + 30.0 * f64::from(k);
            pts.push([if k % 2 == 0 { 100.0 } else { 125.0 }, y]);
        }
        let s = spot(&[line(&pts)], SCREEN).unwrap();
        assert!(close(s.length, 300.0), "{}", s.length);
        assert_eq!(s.point, DVec2::new(100.0, 150.0));
        assert!(close(s.angle, 90.0));
    }

    #[test]
    fn a_gentle_curve_within_the_tolerance_is_one_run() {
        // Segments turning 7° each: within ±15° of the first for three segments.
        let mut pts = vec![DVec2::new(100.0, 500.0)];
        for k in 0..6 {
            let a = (7.0 * f64::from(k)).to_radians();
            let last = *pts.last().unwrap();
            pts.push(last + 50.0 * DVec2::new(a.cos(), -a.sin()));
        }
        let s = spot(&[pts], SCREEN).unwrap();
        assert!(close(s.length, 150.0), "segments at 0°, 7°, 14° form the first run: {}", s.length);
    }

    #[test]
    fn only_the_part_on_screen_counts() {
        // A long horizontal line mostly off screen to the left, then a short piece on screen.
        let s = spot(&[line(&[[-5000.0, 500.0], [100.0, 500.0], [100.0, 600.0]])], SCREEN).unwrap();
        assert!(close(s.length, 100.0), "{}", s.length);
        assert!((s.point - DVec2::new(50.0, 500.0)).length() < 1e-9, "{}", s.point);
        // Wholly off screen: the whole line is used.
        let s = spot(&[line(&[[-500.0, -10.0], [-100.0, -10.0]])], SCREEN).unwrap();
        assert_eq!(s.point, DVec2::new(-300.0, -10.0));
    }

    #[test]
    fn a_line_leaving_and_entering_again_makes_two_pieces() {
        let pts = line(&[[100.0, 500.0], [1200.0, 500.0], [1200.0, 700.0], [400.0, 700.0]]);
        let pieces = clip(&pts, SCREEN);
        assert_eq!(pieces, vec![line(&[[100.0, 500.0], [1000.0, 500.0]]), line(&[[1000.0, 700.0], [400.0, 700.0]])]);
    }

    #[test]
    fn multi_lines_pick_the_longest_part_and_ties_go_first() {
        let a = line(&[[0.0, 100.0], [200.0, 100.0]]);
        let b = line(&[[0.0, 300.0], [0.0, 700.0]]);
        let c = line(&[[500.0, 900.0], [500.0, 500.0]]);
        let s = spot(&[a, b, c], SCREEN).unwrap();
        assert_eq!(s.point, DVec2::new(0.0, 500.0));
    }

    #[test]
    fn degenerate_lines_have_no_spot() {
        assert_eq!(spot(&[line(&[[5.0, 5.0], [5.0, 5.0]])], SCREEN), None);
        assert_eq!(spot(&[line(&[[5.0, 5.0]]), vec![]], SCREEN), None);
        // Repeated points inside a line are skipped.
        let s = spot(&[line(&[[0.0, 5.0], [10.0, 5.0], [10.0, 5.0], [30.0, 5.0]])], SCREEN).unwrap();
        assert!(close(s.length, 30.0));
    }
}
