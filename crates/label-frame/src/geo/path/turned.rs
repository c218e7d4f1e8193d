//! Whether a text along a line kept by a reused frame still reads as it did. Under a camera
//! that only moved the screen every projected point moves by the same vector, up to rounding,
//! so a laid-out text moves with the screen — but where rounding carries a glyph's centre
//! across a vertex of its line the glyph reads along the next segment, and where it carries the
//! offset across the upright flip the whole text reverses. Then its boxes did not only move,
//! and a reused frame tests the label again ([`super::ScreenPath::turned`]).
//!
//! The test compares glyph by glyph: the same count and reading direction (a reversed text's
//! glyphs swap ends), and each glyph's box. A corner of a box of half extents `h` about centre
//! `c` along axis `u` is `c + h.x·u + h.y·u⊥`, so against the screen's shift `s` it moves by at
//! most `|Δu|·|h| + |Δc − s|`; the glyph still reads as before while that is at most [`MOVE`],
//! τ/16, a sixteenth of contract §3's touching tolerance τ. The bound rests on τ alone: a kept
//! glyph whose corners moved by at most τ/16 against the screen overlaps a kept neighbour that
//! it touched within τ by at most τ + τ/16, a gap this check leaves (docs/frame-states.md
//! lists it). It sits between the two kinds of move: a glyph across a vertex turns by its
//! line's bend there, which moves the corners of a glyph of 10 px by 10⁻³ px at a bend of
//! 0.01°; rounding moves them by orders of magnitude less (10⁻⁷ px for an axis that rounding turned
//! by 10⁻⁸, on a curve sampled every 10⁻³ px). A false alarm only tests a label again.
//!
//! A reused frame has no pitch, so its labels' scale is 1; the check scales the glyphs all
//! the same, as the layout does.

use glam::DVec2;
use label_core::narrow::TOLERANCE;
use label_core::{PathFailure, PathLayout};

use super::{ScreenPath, WorldLine};
use crate::WorldLabel;

/// The most a corner of a glyph's box may move against the screen's shift, px, and the glyph
/// still read as before (see the module).
const MOVE: f64 = TOLERANCE / 16.0;

/// The shown labels' glyphs before the frame's projection, to mark the lines that turned.
#[derive(Debug, Default)]
pub(crate) struct LastGlyphs(Vec<(u32, PathLayout)>);

impl LastGlyphs {
    /// The glyphs of the lines in `lines` of the labels `shown` (engine indices; those without
    /// a line are skipped), moved out of them: the projection lays each line out anew, keeping
    /// only its points' and advances' buffers.
    pub(crate) fn of(lines: &mut [Option<ScreenPath>], shown: &[u32]) -> Self {
        let laid = |&i: &u32| {
            let line = lines.get_mut(i as usize)?.as_mut()?;
            let layout = std::mem::replace(&mut line.layout, Err(PathFailure::NoRoom)).ok()?;
            Some((i, layout))
        };
        Self(shown.iter().filter_map(laid).collect())
    }

    /// Marks each line of `lines` (projected again after the screen moved by `shift` px; the
    /// labels in `labels`, their lines measured in `world`) whose glyphs no longer read as
    /// before.
    pub(crate) fn mark(
        &self,
        lines: &mut [Option<ScreenPath>],
        (labels, world): (&[WorldLabel], &[Option<Box<WorldLine>>]),
        shift: DVec2,
    ) {
        for (i, before) in &self.0 {
            let i = *i as usize;
            let (Some(path), Some(line)) = (lines[i].as_mut(), world[i].as_ref()) else { continue };
            let (style, scale) = (&labels[i].style, path.pose.scale);
            let glyph = DVec2::new(line.longest_glyph * scale, style.height * scale);
            path.turned = path.layout.as_ref().is_ok_and(|now| !reads_as(now, before, (glyph, style.padding), shift));
        }
    }
}

/// Whether `now` reads as `before`, the screen moved by `shift`, for glyphs at most `glyph`
/// (the longest advance, the line's height) with `padding`: the same reading direction and
/// count, and each glyph's corners moved by at most [`MOVE`] against the shift — half of it
/// from the turn of its axis (against the largest glyph's half-diagonal, padded), half from the
/// first glyph's centre (the others lie at the same arc lengths from it on a line whose points
/// all moved by the shift, up to the points' rounding, some 10⁻¹⁰ px even on a line of
/// 2.7·10⁵ px at zoom 22: they move with it up to that), compared squared.
fn reads_as(now: &PathLayout, before: &PathLayout, (glyph, padding): (DVec2, f64), shift: DVec2) -> bool {
    const HALF: f64 = MOVE / 2.0;
    let (Some(first), Some(was)) = (now.glyphs.first(), before.glyphs.first()) else { return false };
    let turn = HALF * HALF / (glyph / 2.0 + padding).length_squared();
    now.reversed == before.reversed
        && now.glyphs.len() == before.glyphs.len()
        && (first.center - was.center - shift).length_squared() <= HALF * HALF
        && now.glyphs.iter().zip(&before.glyphs).all(|(g, b)| (g.axis - b.axis).length_squared() <= turn)
}
