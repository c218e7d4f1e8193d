//! Text along a line (contract §3b "Path"): a street or river name laid glyph by glyph along
//! its polyline, each glyph a rigid box of its own.
//!
//! The layout, on a path of points `p₀ … pₙ` (screen px) with cumulative arc lengths
//! `S₀ = 0 … Sₙ = length`:
//!
//! 1. **Upright**: with `keep_upright`, the direction of the segment holding the arc length
//!    `path_offset` decides: if it reads leftwards (`d.x < 0`), or straight down the screen
//!    (`d.x = 0`, `d.y > 0`), the path is reversed and `path_offset` becomes
//!    `length − path_offset`, so that the name never reads upside down.
//! 2. **Room**: the glyph advances `aᵢ` add up to `L`; the text starts at `s₀ = path_offset − L/2`.
//!    It must fit on the path: `s₀ ≥ −τ` and `s₀ + L ≤ length + τ`
//!    ([`crate::tolerance::fits_along`]: a text exactly as long as its room fits, whatever the
//!    rounding), else the label is hidden, `no_room`.
//! 3. **Glyphs**: glyph `i` is a box `aᵢ × height` (grown by `padding`) centred on the path's
//!    point at arc length `cᵢ = s₀ + Σ_{j<i} aⱼ + aᵢ/2`, reading along the unit direction of the
//!    segment that holds `cᵢ`. A point exactly on an inner vertex belongs to the segment that
//!    *follows* it (segment `k` holds `[Sₖ, Sₖ₊₁)`, the last one its end too).
//! 4. **Curvature**: if two consecutive glyphs' reading axes differ by more than `max_angle`
//!    degrees + α ([`crate::tolerance::too_curved`]: collinear points never bend a text), the
//!    label is hidden, `too_curved` — the text would break apart at a sharp bend.
//!
//! The label's *anchor point* (for repeat distances) is the path's point at `path_offset`,
//! after the reversal. Each glyph box is built as [`crate::text_box`] builds a label's box
//! (centre in f64), so the placement pass sees a path label as one position with one part per
//! glyph: its broad phase reads the union of the glyph boxes, its narrow phase tests glyph by
//! glyph, and two labels collide iff some glyph of one overlaps some part of the other.

use std::cell::RefCell;

use glam::DVec2;

use crate::{HiddenReason, Label, Obb, text_box, tolerance};

/// The default `max_angle`, degrees (MapLibre's `text-max-angle`).
pub const DEFAULT_MAX_ANGLE: f64 = 45.0;

/// A text laid along a polyline (contract §3b): the path, the glyphs' advances and how to lay
/// them. The line's height and the padding are the label's own.
///
/// ```
/// use glam::DVec2;
/// use label_core::TextPath;
/// // "AB" (two 10-px glyphs) on an L drawn right to left: the path is reversed so that the
/// // text reads left to right, and the glyphs sit either side of the middle.
/// let path = TextPath::new(vec![DVec2::new(100.0, 0.0), DVec2::new(0.0, 0.0)], vec![10.0, 10.0]);
/// let layout = path.layout().unwrap();
/// assert!(layout.reversed);
/// assert_eq!(layout.anchor, DVec2::new(50.0, 0.0));
/// assert_eq!(layout.glyphs[0].center, DVec2::new(45.0, 0.0));
/// assert_eq!(layout.glyphs[1].axis, DVec2::new(1.0, 0.0));
/// ```
#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TextPath {
    /// The line, screen px: at least 2 points, consecutive points distinct.
    pub points: Vec<DVec2>,
    /// Each glyph's advance along the line, px, > 0, in reading order.
    pub glyph_advances: Vec<f64>,
    /// Arc length from the first point, px, where the middle of the text sits; `None`: the
    /// middle of the path.
    #[cfg_attr(feature = "serde", serde(default))]
    pub path_offset: Option<f64>,
    /// The largest turn between consecutive glyphs, degrees, in `[0, 180]`.
    #[cfg_attr(feature = "serde", serde(default = "default_max_angle"))]
    pub max_angle: f64,
    /// Reverse the path when the text would read upside down.
    #[cfg_attr(feature = "serde", serde(default = "default_keep_upright"))]
    pub keep_upright: bool,
}

#[cfg(feature = "serde")]
fn default_max_angle() -> f64 {
    DEFAULT_MAX_ANGLE
}

#[cfg(feature = "serde")]
fn default_keep_upright() -> bool {
    true
}

/// Where one glyph sits: the centre of its box and its unit reading axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GlyphPose {
    /// The glyph's centre on the path, px.
    pub center: DVec2,
    /// The unit direction of the segment holding the centre: the glyph reads along it.
    pub axis: DVec2,
    /// The glyph's advance, px (its box's width).
    pub advance: f64,
}

impl GlyphPose {
    /// The glyph's box for a line of `height` px with `padding` on every side, relative to
    /// `origin` (as [`crate::Label::obb_from`]).
    #[must_use]
    pub fn obb(&self, height: f64, padding: f64, origin: DVec2) -> Obb {
        let size = DVec2::new(self.advance, height);
        text_box(self.center - origin, size, DVec2::ZERO, DVec2::ZERO, self.axis.as_vec2(), padding)
    }

    /// The reading angle, degrees counter-clockwise on screen (contract §1).
    #[must_use]
    pub fn angle(&self) -> f64 {
        (-self.axis.y).atan2(self.axis.x).to_degrees()
    }
}

/// A text laid along its path.
#[derive(Debug, PartialEq)]
pub struct PathLayout {
    /// The path's point at `path_offset` (after the reversal).
    pub anchor: DVec2,
    /// Whether the path was reversed to keep the text upright.
    pub reversed: bool,
    /// One pose per glyph, in reading order.
    pub glyphs: Vec<GlyphPose>,
}

/// Why a text does not fit its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathFailure {
    /// The text is longer than the path around `path_offset` allows.
    NoRoom,
    /// Two consecutive glyphs turn by more than `max_angle`.
    TooCurved,
}

impl From<PathFailure> for HiddenReason {
    fn from(f: PathFailure) -> Self {
        match f {
            PathFailure::NoRoom => HiddenReason::NoRoom,
            PathFailure::TooCurved => HiddenReason::TooCurved,
        }
    }
}

// `clone_from` copies into the target's vectors (a frame engine hands hundreds of paths and
// layouts to the core every frame, into the buffers of the last frame's).
impl Clone for TextPath {
    fn clone(&self) -> Self {
        Self { points: self.points.clone(), glyph_advances: self.glyph_advances.clone(), ..*self }
    }

    fn clone_from(&mut self, source: &Self) {
        let Self { points, glyph_advances, path_offset, max_angle, keep_upright } = source;
        self.points.clone_from(points);
        self.glyph_advances.clone_from(glyph_advances);
        (self.path_offset, self.max_angle, self.keep_upright) = (*path_offset, *max_angle, *keep_upright);
    }
}

impl Clone for PathLayout {
    fn clone(&self) -> Self {
        Self { glyphs: self.glyphs.clone(), ..*self }
    }

    fn clone_from(&mut self, source: &Self) {
        let Self { anchor, reversed, glyphs } = source;
        (self.anchor, self.reversed) = (*anchor, *reversed);
        self.glyphs.clone_from(glyphs);
    }
}

/// The cumulative arc lengths of a polyline: `0` at its first point, then the sum of the
/// segments' lengths up to each point, in order (the sums the layout measures with).
#[must_use]
pub fn arc_lengths(points: &[DVec2]) -> Vec<f64> {
    let mut lengths = Vec::with_capacity(points.len());
    arc_lengths_into(points, &mut lengths);
    lengths
}

/// [`arc_lengths`] into `lengths`, which is emptied first (its allocation kept).
pub fn arc_lengths_into(points: &[DVec2], lengths: &mut Vec<f64>) {
    lengths.clear();
    lengths.push(0.0);
    lengths.extend(running_lengths(points));
}

/// The arc lengths of a polyline at its second point, its third, … to its last: each segment's
/// length added in order (the one sum [`arc_lengths`] and [`TextPath::length`] both take).
fn running_lengths(points: &[DVec2]) -> impl Iterator<Item = f64> + '_ {
    points.windows(2).scan(0.0, |s, w| {
        *s += (w[1] - w[0]).length();
        Some(*s)
    })
}

/// A polyline with its cumulative arc lengths.
struct Walk<'a> {
    points: &'a [DVec2],
    /// `lengths[k]`: arc length at `points[k]`.
    lengths: &'a [f64],
}

/// The layout's buffers, kept by each thread between layouts (a frame engine lays out hundreds
/// of lines a frame, and fresh buffers were two or three allocations each): a reversed path's
/// points and the arc lengths of both directions, each dropped after a path of more than
/// [`Scratch::KEEP`] points (so a thread keeps at most 128 KiB).
#[derive(Default)]
struct Scratch {
    backward: Vec<DVec2>,
    forward: Vec<f64>,
    reverse: Vec<f64>,
}

impl Scratch {
    const KEEP: usize = 4096;

    /// Drops the buffers a long path grew beyond [`Self::KEEP`] points.
    fn trim(&mut self) {
        if self.backward.capacity() > Self::KEEP {
            self.backward = Vec::new();
        }
        for lengths in [&mut self.forward, &mut self.reverse] {
            if lengths.capacity() > Self::KEEP {
                *lengths = Vec::new();
            }
        }
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

impl<'a> Walk<'a> {
    /// The walk along `points`, their arc lengths measured into `lengths`.
    fn new(points: &'a [DVec2], lengths: &'a mut Vec<f64>) -> Self {
        arc_lengths_into(points, lengths);
        Self { points, lengths }
    }

    fn length(&self) -> f64 {
        self.lengths[self.lengths.len() - 1]
    }

    /// The segment holding arc length `s`, searching from segment `from` on: the last `k` with
    /// `S_k ≤ s` (so an inner vertex goes to the following segment), at most the last segment.
    fn segment(&self, s: f64, from: usize) -> usize {
        let last = self.points.len() - 2;
        let mut k = from.min(last);
        while k < last && self.lengths[k + 1] <= s {
            k += 1;
        }
        k
    }

    /// The unit direction of segment `k`.
    fn direction(&self, k: usize) -> DVec2 {
        (self.points[k + 1] - self.points[k]).normalize()
    }

    /// The point at arc length `s` on segment `k`.
    fn point(&self, s: f64, k: usize) -> DVec2 {
        self.points[k] + self.direction(k) * (s - self.lengths[k])
    }
}

impl TextPath {
    /// A path label's line and glyph advances, centred on the path, upright, with the default
    /// `max_angle`.
    #[must_use]
    pub fn new(points: Vec<DVec2>, glyph_advances: Vec<f64>) -> Self {
        Self { points, glyph_advances, path_offset: None, max_angle: DEFAULT_MAX_ANGLE, keep_upright: true }
    }

    /// Sets the arc length, px, where the middle of the text sits.
    #[must_use]
    pub fn with_path_offset(mut self, offset: f64) -> Self {
        self.path_offset = Some(offset);
        self
    }

    /// Sets the largest turn between consecutive glyphs, degrees.
    #[must_use]
    pub fn with_max_angle(mut self, degrees: f64) -> Self {
        self.max_angle = degrees;
        self
    }

    /// Sets whether the path is reversed when the text would read upside down.
    #[must_use]
    pub fn with_keep_upright(mut self, upright: bool) -> Self {
        self.keep_upright = upright;
        self
    }

    /// The text's length: the sum of the advances, px.
    #[must_use]
    pub fn text_length(&self) -> f64 {
        self.glyph_advances.iter().sum()
    }

    /// The path's length, px.
    #[must_use]
    pub fn length(&self) -> f64 {
        running_lengths(&self.points).last().unwrap_or(0.0)
    }

    /// The label that carries this path's text for `label` (a path label's height, padding,
    /// priority and flags): its anchor point the path's at `path_offset` (the first point when
    /// the text does not fit), its width the text's length, its angle, anchor and offset the
    /// defaults — whatever `label` had there, since a path label does not use them. For a path
    /// [`crate::validate::check_path`] accepts.
    ///
    /// # Panics
    /// If the path has no point.
    #[must_use]
    pub fn carrier(&self, label: &Label) -> Label {
        let at = self.layout().map_or(self.points[0], |l| l.anchor);
        Label { x: at.x, y: at.y, style: label.style.for_path_text(self.text_length()) }
    }

    /// Lays the glyphs along the path (see the module documentation). A path that
    /// [`crate::validate::check_path`] refuses gives meaningless poses (a repeated point has no
    /// direction); one of fewer than 2 points has no room.
    ///
    /// # Errors
    /// [`PathFailure::NoRoom`] when the text does not fit, [`PathFailure::TooCurved`] when it
    /// would bend by more than `max_angle` between two glyphs.
    pub fn layout(&self) -> Result<PathLayout, PathFailure> {
        if self.points.len() < 2 {
            return Err(PathFailure::NoRoom);
        }
        SCRATCH.with_borrow_mut(|scratch| {
            let layout = self.layout_with(scratch);
            scratch.trim();
            layout
        })
    }

    /// [`Self::layout`] with `scratch`'s buffers.
    fn layout_with(&self, scratch: &mut Scratch) -> Result<PathLayout, PathFailure> {
        let Scratch { backward, forward, reverse } = scratch;
        let forward = Walk::new(&self.points, forward);
        let length = forward.length();
        let mut offset = self.path_offset.unwrap_or(length / 2.0);
        let d = forward.direction(forward.segment(offset, 0));
        let reversed = self.keep_upright && (d.x < 0.0 || (d.x == 0.0 && d.y > 0.0));
        let walk = if reversed {
            backward.clear();
            backward.extend(self.points.iter().rev());
            offset = length - offset;
            Walk::new(backward, reverse)
        } else {
            forward
        };
        let start = offset - self.text_length() / 2.0;
        if !tolerance::fits_along(start, self.text_length(), walk.length()) {
            return Err(PathFailure::NoRoom);
        }
        // A turn whose cosine is clearly above cos(max_angle) is within it: the exact angle
        // (an arc tangent) is needed only near the limit.
        let surely_within = self.max_angle.to_radians().cos() + 1e-9;
        let mut glyphs: Vec<GlyphPose> = Vec::with_capacity(self.glyph_advances.len());
        let (mut before, mut k) = (0.0, 0);
        for &advance in &self.glyph_advances {
            let c = start + before + advance / 2.0;
            before += advance;
            k = walk.segment(c, k);
            let axis = walk.direction(k);
            if let Some(last) = glyphs.last()
                && last.axis != axis
                && last.axis.dot(axis) < surely_within
                && tolerance::too_curved(turn(last.axis, axis), self.max_angle)
            {
                return Err(PathFailure::TooCurved);
            }
            glyphs.push(GlyphPose { center: walk.point(c, k), axis, advance });
        }
        let anchor = walk.point(offset, walk.segment(offset, 0));
        Ok(PathLayout { anchor, reversed, glyphs })
    }
}

/// The angle between unit vectors `a` and `b`, degrees, in `[0, 180]`.
fn turn(a: DVec2, b: DVec2) -> f64 {
    a.perp_dot(b).atan2(a.dot(b)).abs().to_degrees()
}

#[cfg(test)]
mod tests;
