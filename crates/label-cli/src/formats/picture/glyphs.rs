//! Text along a line (contract §3b "Path") drawn for the pictures as the glyphs the engine
//! measured: each glyph cluster's shaped glyphs ([`label_text::Font::glyph_clusters`]: the
//! contextual forms of joined letters, right-to-left runs in visual order, marks where the
//! shaper put them) as one outline, turned to its glyph box, exactly where the engine collided
//! it. An SVG `<text>` per cluster would be shaped again by the renderer one cluster at a time:
//! Arabic letters would lose their joining forms.
//!
//! The clusters are the run's font chain's for the label's `text` at its `font_size`: one per
//! glyph box when the label's advances were measured from that text. Advances given by the
//! caller (`glyph_advances`) with a text of another cluster count are drawn as boxes only, and
//! so is a cluster no font of the chain has a glyph for.

use std::fmt::Write as _;

use glam::DVec2;
use label_core::Obb;
use label_text::GlyphCluster;

use crate::formats::convert::Document;
use crate::formats::picture::elements::points;
use crate::measure;

/// A path label's glyph boxes and, where the text matches them, each box's shaped cluster.
pub(crate) struct Glyphs {
    /// The glyph boxes in reading order (empty when the text does not fit its path).
    pub boxes: Vec<Obb>,
    /// Each box's cluster and reading angle, degrees (empty when the text does not match).
    pub clusters: Vec<(GlyphCluster, f64)>,
    /// The font size the clusters were shaped at, px.
    font_size: f64,
}

/// The glyphs of label `i` of `doc`, measured from `origin`, or `None` when it is not laid
/// along a path.
pub(crate) fn glyphs(doc: &Document, i: usize, origin: DVec2) -> Option<Glyphs> {
    let symbol = doc.symbols.get(i)?;
    let path = symbol.path.as_ref()?;
    let label = &doc.labels[i];
    let Ok(layout) = path.layout() else {
        return Some(Glyphs { boxes: Vec::new(), clusters: Vec::new(), font_size: 0.0 });
    };
    let boxes = layout.glyphs.iter().map(|g| g.obb(label.style.height, label.style.padding, origin)).collect();
    let (clusters, font_size) = match (doc.text(i), doc.font_size(i)) {
        (Some(text), Some(size)) => {
            let clusters = measure::font().glyph_clusters(text, size);
            if clusters.len() == layout.glyphs.len() {
                (clusters.into_iter().zip(&layout.glyphs).map(|(c, g)| (c, g.angle())).collect(), size)
            } else {
                (Vec::new(), size)
            }
        }
        _ => (Vec::new(), 0.0),
    };
    Some(Glyphs { boxes, clusters, font_size })
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

    /// Whether every box has its cluster's glyphs to draw.
    pub(crate) fn drawable(&self) -> bool {
        !self.clusters.is_empty() && self.clusters.iter().all(|(c, _)| !c.glyphs.is_empty())
    }

    /// Each cluster's glyphs as one `<path>` on its box (the pen at the box's left end on the
    /// baseline, the box turned to its reading angle), painted with `paint`.
    pub(crate) fn glyph_elements(&self, paint: &str) -> String {
        let font = measure::font();
        // The baseline below the box's centre, as the measurement defines the box (ascender
        // above, descender below).
        let baseline = (font.ascender_em() + font.descender_em()) / 2.0 * self.font_size;
        let mut out = String::new();
        for (b, (cluster, angle)) in self.boxes.iter().zip(&self.clusters) {
            let d: String = cluster.glyphs.iter().map(|g| font.glyph_path(g, self.font_size)).collect();
            if d.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "<path d=\"{}\" transform=\"translate({:.2} {:.2}) rotate({:.3}) translate({:.2} {baseline:.2})\" {paint}/>",
                d.trim_end(),
                b.center.x,
                b.center.y,
                -angle,
                -cluster.cluster.advance / 2.0,
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn river(name: &str) -> String {
        format!(
            r#"{{"viewport": {{"width": 300, "height": 200}}, "labels": [
            {{"id": "r", "path": [[10, 100], [150, 60], [290, 100]], "text": "{name}", "font_size": 14}}]}}"#
        )
    }

    #[test]
    fn a_name_along_a_line_is_drawn_glyph_by_glyph() {
        let doc = crate::formats::convert::read_document(&river("Danube")).unwrap();
        let g = glyphs(&doc, 0, DVec2::ZERO).unwrap();
        assert_eq!(g.boxes.len(), 6);
        assert!(g.drawable());
        // The first half climbs (counter-clockwise), the second falls.
        assert!(g.clusters[0].1 > 0.0 && g.clusters[5].1 < 0.0);
        let svg = g.glyph_elements("fill=\"#000\"");
        assert_eq!(svg.matches("<path").count(), 6);
        assert!(!svg.contains("<text"));
    }

    #[test]
    fn arabic_is_drawn_in_its_joined_forms() {
        // "بيروت": beh, yeh, reh, waw, teh. Beh is initial here, yeh medial.
        let doc = crate::formats::convert::read_document(&river("بيروت")).unwrap();
        let g = glyphs(&doc, 0, DVec2::ZERO).unwrap();
        assert!(g.drawable(), "{:?}", g.clusters);
        let font = measure::font();
        let isolated = |c: &str| font.glyph_clusters(c, 14.0)[0].glyphs[0].id;
        let drawn: Vec<u16> = g.clusters.iter().map(|(c, _)| c.glyphs[0].id).collect();
        // Visual order is right to left: the last box is the first letter.
        assert_ne!(drawn[4], isolated("ب"), "the initial beh, not the isolated one");
        assert_ne!(drawn[3], isolated("ي"), "the medial yeh");
        let svg = g.glyph_elements("");
        assert_eq!(svg.matches("<path").count(), 5);
    }
}
