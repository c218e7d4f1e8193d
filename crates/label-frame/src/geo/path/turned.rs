//! Whether a text along a line kept by a reused frame still reads as it did. Under a camera
//! that only moved the screen every projected point moves by the same vector, up to rounding,
//! so a laid-out text moves with the screen — but where rounding carries a glyph's centre
//! across a vertex of its line the glyph reads along the next segment, and where it carries the
//! offset across the upright flip the whole text reverses. Then its boxes did not only move,
//! and a reused frame places the label anew ([`super::ScreenPath::turned`]).
//!
//! The test compares glyph by glyph: the same count and reading direction (a reversed text's
//! glyphs swap ends), and each glyph's axis. A glyph that turns by `φ` moves its corners
//! by about `φ` times its half-diagonal, so [`AXIS`] keeps a glyph of 100 px under τ/8 of the
//! contract; rounding moves a projected axis by orders of magnitude less (10⁻⁹ on a curve
//! sampled every 10⁻³ px). A false alarm only places a label anew.

use label_core::{PathFailure, PathLayout};

use super::ScreenPath;

/// The most a glyph's axis may move (as a vector) and still read as before.
const AXIS: f64 = 1e-6;

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

    /// Marks each line of `lines` (projected again) whose glyphs no longer read as before.
    pub(crate) fn mark(&self, lines: &mut [Option<ScreenPath>]) {
        for (i, before) in &self.0 {
            let Some(path) = lines[*i as usize].as_mut() else { continue };
            path.turned = path.layout.as_ref().is_ok_and(|now| !reads_as(now, before));
        }
    }
}

/// Whether `now` reads as `before`: the same reading direction and count, each glyph's axis
/// within [`AXIS`].
fn reads_as(now: &PathLayout, before: &PathLayout) -> bool {
    now.reversed == before.reversed
        && now.glyphs.len() == before.glyphs.len()
        && now.glyphs.iter().zip(&before.glyphs).all(|(g, b)| (g.axis - b.axis).length_squared() <= AXIS * AXIS)
}
