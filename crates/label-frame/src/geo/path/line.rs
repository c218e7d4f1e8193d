//! What a path label's world line gives once, when the labels are set: the measures every
//! frame used to take again from the line's points.

use glam::DVec2;
use label_core::TextPath;
use label_core::path::arc_lengths;

/// A path label's line in the world, measured once (world px at zoom 0, in the copy of the
/// world the label was set in; a frame moves the points by its shift).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WorldLine {
    /// The line's arc length.
    pub(crate) length: f64,
    /// The label's `path_offset` (default: half the length), clamped to the line.
    pub(crate) offset: f64,
    /// The segment holding the offset (an inner vertex belongs to the following one).
    pub(crate) segment: usize,
    /// The line's point at the offset.
    pub(crate) at: DVec2,
    /// The corners of the line's bounds: every point lies in `lo ..= hi`.
    pub(crate) lo: DVec2,
    pub(crate) hi: DVec2,
    /// The text's length at scale 1: the sum of the glyph advances, px.
    pub(crate) text: f64,
    /// An upper bound of the line's whole turn, degrees: the sum over its inner vertices of the
    /// angle between the segments meeting there, and the rounding of each (a direction's
    /// coordinates off by a few ulps of the largest coordinate, over its segment's length).
    pub(crate) turning: f64,
    /// The shortest segment's length.
    pub(crate) shortest: f64,
    /// The largest glyph advance at scale 1, px.
    pub(crate) longest_glyph: f64,
}

impl WorldLine {
    /// The measures of `path`, a line of at least 2 points.
    #[must_use]
    pub(crate) fn new(path: &TextPath) -> Self {
        let points = &path.points;
        let lengths = arc_lengths(points);
        let length = lengths[lengths.len() - 1];
        let offset = path.path_offset.unwrap_or(length / 2.0).clamp(0.0, length);
        let last_segment = points.len() - 2;
        let k = lengths[1..=last_segment].partition_point(|&s| s <= offset);
        let t = (offset - lengths[k]) / (lengths[k + 1] - lengths[k]);
        let (lo, hi) = points.iter().fold((points[0], points[0]), |(lo, hi), &p| (lo.min(p), hi.max(p)));
        let (turning, shortest) = turning(points, lo, hi);
        Self {
            length,
            offset,
            segment: k,
            at: points[k].lerp(points[k + 1], t),
            lo,
            hi,
            text: path.glyph_advances.iter().sum(),
            turning,
            shortest,
            longest_glyph: path.glyph_advances.iter().copied().fold(0.0, f64::max),
        }
    }

    /// The four corners of the line's bounds.
    pub(crate) fn corners(&self) -> [DVec2; 4] {
        let (lo, hi) = (self.lo, self.hi);
        [lo, DVec2::new(hi.x, lo.y), DVec2::new(lo.x, hi.y), hi]
    }
}

/// An upper bound of the whole turn of a polyline of distinct consecutive points, degrees, and
/// its shortest segment's length.
fn turning(points: &[DVec2], lo: DVec2, hi: DVec2) -> (f64, f64) {
    let shortest = points.windows(2).map(|w| (w[1] - w[0]).length()).fold(f64::INFINITY, f64::min);
    let turns: f64 = points
        .windows(3)
        .map(|w| {
            let (a, b) = (w[1] - w[0], w[2] - w[1]);
            a.perp_dot(b).atan2(a.dot(b)).abs()
        })
        .sum();
    let largest = lo.abs().max(hi.abs()).max_element();
    let rounding = (points.len() as f64) * (1e-14 * largest / shortest + 1e-14);
    ((turns + rounding).to_degrees(), shortest)
}
