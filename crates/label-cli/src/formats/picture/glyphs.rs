//! Text along a line drawn glyph by glyph (contract §3b "Path"), for the pictures: each glyph
//! cluster's text centred on its glyph box and turned to it, exactly where the engine collided
//! it.
//!
//! The clusters are the font's ([`label_text::Font::clusters`]) for the label's `text` at its
//! `font_size`: one per glyph box when the label's advances were measured from that text.
//! Advances given by the caller (`glyph_advances`) with a text of another cluster count are
//! drawn as boxes only.

use std::fmt::Write as _;

use glam::DVec2;
use label_core::{BoxStyle, Label, Obb};

use crate::formats::convert::Document;
use crate::formats::picture::svg::{points, text_element};
use crate::measure;

/// A path label's glyph boxes and, where the text matches them, each glyph's text.
pub(crate) struct Glyphs {
    /// The glyph boxes in reading order (empty when the text does not fit its path).
    pub boxes: Vec<Obb>,
    /// Each box's text and reading angle, degrees.
    pub texts: Vec<(String, f64)>,
}

/// The glyphs of label `i` of `doc`, measured from `origin`, or `None` when it is not laid
/// along a path.
pub(crate) fn glyphs(doc: &Document, i: usize, origin: DVec2) -> Option<Glyphs> {
    let symbol = doc.symbols.get(i)?;
    let path = symbol.path.as_ref()?;
    let label = &doc.labels[i];
    let Ok(layout) = path.layout() else { return Some(Glyphs { boxes: Vec::new(), texts: Vec::new() }) };
    let boxes = layout.glyphs.iter().map(|g| g.obb(label.style.height, label.style.padding, origin)).collect();
    let texts = match (doc.text(i), doc.font_size(i)) {
        (Some(text), Some(size)) => {
            let clusters = measure::font().clusters(text, size);
            if clusters.len() == layout.glyphs.len() {
                clusters
                    .iter()
                    .zip(&layout.glyphs)
                    .map(|(c, g)| (text[c.range.clone()].to_owned(), g.angle()))
                    .collect()
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    };
    Some(Glyphs { boxes, texts })
}

impl Glyphs {
    /// The glyph boxes as polygons with `style`.
    pub(crate) fn box_elements(&self, style: &str) -> String {
        let mut out = String::new();
        for b in &self.boxes {
            let _ = writeln!(out, "<polygon points=\"{}\" {style}/>", points(&b.corners()));
        }
        out
    }

    /// Each glyph's text on its box, painted with `paint`, in the label's font size.
    pub(crate) fn text_elements(&self, label: &Label, font_size: Option<f64>, paint: &str) -> String {
        let mut out = String::new();
        for (b, (text, angle)) in self.boxes.iter().zip(&self.texts) {
            let glyph = Label { style: BoxStyle { angle: *angle, ..label.style }, ..label.clone() };
            let _ = writeln!(out, "{}", text_element(text, b.center.as_vec2(), &glyph, font_size, paint));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_along_a_line_is_drawn_glyph_by_glyph() {
        let text = r#"{"viewport": {"width": 300, "height": 200}, "labels": [
            {"id": "r", "path": [[10, 100], [150, 60], [290, 100]], "text": "Danube", "font_size": 14}]}"#;
        let doc = crate::formats::convert::read_document(text).unwrap();
        let g = glyphs(&doc, 0, DVec2::ZERO).unwrap();
        assert_eq!(g.boxes.len(), 6);
        assert_eq!(g.texts.iter().map(|t| t.0.as_str()).collect::<String>(), "Danube");
        // The first half climbs (counter-clockwise), the second falls.
        assert!(g.texts[0].1 > 0.0 && g.texts[5].1 < 0.0, "{:?}", g.texts);
        let svg = g.text_elements(&doc.labels[0], Some(14.0), "fill=\"#000\"");
        assert_eq!(svg.matches("<text").count(), 6);
        assert!(glyphs(&doc, 1, DVec2::ZERO).is_none() || doc.labels.len() == 1);
    }
}
