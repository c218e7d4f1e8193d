//! Glyph outlines as SVG path data, for pictures that draw the shaped glyphs themselves
//! (text along a line, where each cluster is turned on its own and an SVG `<text>` would be
//! shaped again, letter by letter, by the renderer).

use std::fmt::Write as _;

use rustybuzz::ttf_parser::{GlyphId, OutlineBuilder};

use crate::Font;
use crate::clusters::Glyph;

impl Font<'_> {
    /// The outline of `glyph` (of [`Font::glyph_clusters`] at `font_size`) as SVG path data,
    /// in the unit of the font size, measured from its cluster's pen position on the baseline,
    /// y down; empty for a glyph without outline (a space).
    #[must_use]
    pub fn glyph_path(&self, glyph: &Glyph, font_size: f64) -> String {
        let font = self.chain_font(glyph.font);
        let scale = font_size / font.units_per_em();
        let mut path = Path { d: String::new(), scale, x: glyph.x, y: glyph.y };
        // `None`: no outline (a space, or a bitmap-only glyph), drawn as nothing.
        let _ = font.face().outline_glyph(GlyphId(glyph.id), &mut path);
        path.d
    }
}

/// Writes outline commands as path data: font units scaled, y turned down, moved to the glyph.
struct Path {
    d: String,
    scale: f64,
    x: f64,
    y: f64,
}

impl Path {
    fn point(&mut self, x: f32, y: f32) {
        let (x, y) = (self.x + f64::from(x) * self.scale, -(self.y + f64::from(y) * self.scale));
        let _ = write!(self.d, "{x:.2} {y:.2} ");
    }
}

impl OutlineBuilder for Path {
    fn move_to(&mut self, x: f32, y: f32) {
        self.d.push('M');
        self.point(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('L');
        self.point(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.d.push('Q');
        self.point(x1, y1);
        self.point(x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.d.push('C');
        self.point(x1, y1);
        self.point(x2, y2);
        self.point(x, y);
    }
    fn close(&mut self) {
        self.d.push('Z');
    }
}

#[cfg(test)]
mod tests {
    use crate::Font;

    #[test]
    fn a_letter_has_an_outline_and_a_space_none() {
        let font = Font::bundled();
        let clusters = font.glyph_clusters("o o", 20.0);
        let o = font.glyph_path(&clusters[0].glyphs[0], 20.0);
        assert!(o.starts_with('M') && o.contains('Z'), "{o}");
        assert_eq!(font.glyph_path(&clusters[1].glyphs[0], 20.0), "");
        // Measured from its own cluster's pen: the second "o" has the first one's outline.
        assert_eq!(font.glyph_path(&clusters[2].glyphs[0], 20.0), o);
        // In px: an "o" at 20 px is about 11 px wide.
        let moved = font.glyph_path(&crate::Glyph { x: 100.0, ..clusters[0].glyphs[0] }, 20.0);
        assert!(moved.starts_with("M10") && !o.starts_with("M10"), "{moved}");
    }
}
