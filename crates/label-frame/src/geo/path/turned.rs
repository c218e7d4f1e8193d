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

use glam::DVec2;
use label_core::PathLayout;

use super::ScreenPath;

/// The most a glyph's axis may move (as a vector) and still read as before.
const AXIS: f64 = 1e-6;

/// The shown labels' glyphs before the frame's projection, to mark the lines that turned.
#[derive(Debug, Default)]
pub(crate) struct LastGlyphs {
    /// Per label: its engine index, where its glyphs start in `glyphs`, whether it read
    /// reversed.
    labels: Vec<(u32, u32, bool)>,
    /// Per glyph: its axis.
    glyphs: Vec<DVec2>,
}

impl LastGlyphs {
    /// The glyphs of the lines in `lines` whose label `shown` says (its engine index).
    pub(crate) fn of(lines: &[Option<ScreenPath>], shown: impl Fn(usize) -> bool) -> Self {
        let mut last = Self::default();
        for (i, line) in lines.iter().enumerate() {
            let Some(Ok(layout)) = line.as_ref().filter(|_| shown(i)).map(|l| &l.layout) else { continue };
            last.labels.push((i as u32, last.glyphs.len() as u32, layout.reversed));
            last.glyphs.extend(layout.glyphs.iter().map(|g| g.axis));
        }
        last
    }

    /// Marks each line of `lines` (projected again) whose glyphs no longer read as before.
    pub(crate) fn mark(&self, lines: &mut [Option<ScreenPath>]) {
        let ends = self.labels.iter().skip(1).map(|l| l.1).chain([self.glyphs.len() as u32]);
        for (&(i, start, reversed), end) in self.labels.iter().zip(ends) {
            let Some(path) = lines[i as usize].as_mut() else { continue };
            let before = &self.glyphs[start as usize..end as usize];
            path.turned = path.layout.as_ref().is_ok_and(|now| !reads_as(now, reversed, before));
        }
    }
}

/// Whether `now` reads as the text whose glyphs' axes were `before` and which read `reversed`.
fn reads_as(now: &PathLayout, reversed: bool, before: &[DVec2]) -> bool {
    now.reversed == reversed
        && now.glyphs.len() == before.len()
        && now.glyphs.iter().zip(before).all(|(g, b)| (g.axis - *b).length_squared() <= AXIS * AXIS)
}
