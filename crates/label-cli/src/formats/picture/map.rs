//! A plain map of a placement (`--picture-style map`): what a reader of the map sees, not why.
//!
//! Over a pale background, the features' lines faint, then the point markers (dark dots with a
//! white ring): with `--marker-radius`, the markers placed with the labels that were shown;
//! otherwise a 2.5-px dot at every point. Then the shown labels: exactly the parts shown (a
//! symbol's icon as a filled square, its text unless it shows as its icon alone), the text with
//! a white halo (drawn under the letters by `paint-order`, so that names stay legible over
//! lines). Hidden labels, boxes and obstacles are left out; a shown label without text is its
//! box, outlined. The picture is exactly the viewport.

use std::fmt::Write as _;

use glam::DVec2;
use label_core::{Parts, Placement};

use crate::formats::convert::Document;
use crate::formats::picture::canvas::{Canvas, text_box};
use crate::formats::picture::elements::{open_svg, points, text_element};
use crate::formats::picture::glyphs::glyphs;
use crate::formats::picture::layer::{MAP_STROKE, MapLayer};

/// Radius of a point's marker when `--marker-radius` is not given, px.
pub const DEFAULT_MARKER_RADIUS: f64 = 2.5;

const BACKGROUND: &str = "#f6f4ee";
const TEXT: &str = "#1d2733";
const MARKER: &str = "#3b3b3b";
/// Width of the white halo stroked under the letters, px (half of it outside them).
const HALO_WIDTH: f64 = 2.5;

/// The point markers placed as labels of the document (`--marker-radius`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Markers {
    /// Their radius, px.
    pub radius: f64,
    /// Their indices among the document's labels, in increasing order.
    pub labels: Vec<usize>,
}

/// The plain map as SVG text: markers placed as labels (`markers`), or a dot at each of the
/// layer's points.
#[must_use]
pub fn render(doc: &Document, placement: &Placement, layer: &MapLayer, markers: Option<&Markers>) -> String {
    let canvas = Canvas::new(doc, placement);
    let (view, layer) = (canvas.frame, canvas.layer(layer));
    let size = view.size();
    let mut svg = open_svg(&view);
    let s = placement.stats;
    let _ = writeln!(svg, "<title>declutter: {} of {} labels shown</title>", s.visible, s.labels);
    let _ = writeln!(
        svg,
        "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{BACKGROUND}\"/>",
        view.min.x, view.min.y, size.x, size.y
    );
    let visible = |line: &&Vec<glam::Vec2>| {
        line.iter().any(|p| p.cmpge(view.min - 500.0).all() && p.cmple(view.max + 500.0).all())
    };
    let _ = writeln!(
        svg,
        "<g id=\"geography\" fill=\"none\" stroke=\"{MAP_STROKE}\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\">"
    );
    for line in layer.lines.iter().filter(visible) {
        let _ = writeln!(svg, "<polyline points=\"{}\"/>", points(line));
    }
    let is_marker = |i: usize| markers.is_some_and(|m| m.labels.binary_search(&i).is_ok());
    let dots: Vec<glam::Vec2> = match markers {
        Some(m) => m
            .labels
            .iter()
            .filter(|&&i| placement.outcomes[i].visible)
            .map(|&i| canvas.point(glam::DVec2::new(doc.labels[i].x, doc.labels[i].y)))
            .collect(),
        None => layer.points.clone(),
    };
    let radius = markers.map_or(DEFAULT_MARKER_RADIUS, |m| m.radius);
    let _ = writeln!(svg, "</g>\n<g id=\"markers\" fill=\"{MARKER}\" stroke=\"#ffffff\" stroke-width=\"1\">");
    for p in dots.iter().filter(|p| p.cmpge(view.min).all() && p.cmple(view.max).all()) {
        let _ = writeln!(svg, "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{radius:.2}\"/>", p.x, p.y);
    }
    let _ = writeln!(svg, "</g>\n<g id=\"labels\">");
    for (i, o) in placement.outcomes.iter().enumerate() {
        if o.visible && !is_marker(i) {
            svg.push_str(&label_elements(doc, placement, i, canvas.origin));
        }
    }
    let _ = writeln!(svg, "</g>\n</svg>");
    svg
}

/// The SVG elements of label `i` as the map draws it when shown, measured from `origin`:
/// exactly the parts shown (its icon as a filled square, its text unless it shows as its icon
/// alone), the text with its halo, a text along a line as its glyphs; a label without text is
/// its box, outlined. Raster tiles draw each label with these too.
pub(crate) fn label_elements(doc: &Document, placement: &Placement, i: usize, origin: DVec2) -> String {
    let paint = format!(
        "fill=\"{TEXT}\" stroke=\"#ffffff\" stroke-width=\"{HALO_WIDTH}\" stroke-linejoin=\"round\" paint-order=\"stroke\""
    );
    let mut svg = String::new();
    let label = &doc.labels[i];
    let parts = placement.choices.get(i).copied().unwrap_or_default().parts;
    if parts != Some(Parts::Text)
        && let Some(icon) = doc.symbols.get(i).and_then(|s| s.icon_box(label, origin))
    {
        let _ = writeln!(svg, "<polygon points=\"{}\" fill=\"{MARKER}\" stroke=\"#ffffff\"/>", points(&icon.corners()));
    }
    if parts == Some(Parts::Icon) {
        return svg;
    }
    if let Some(glyphs) = glyphs(doc, i, origin) {
        svg.push_str(&glyphs.glyph_elements(&paint));
        if !glyphs.drawable() {
            svg.push_str(&glyphs.box_elements(&format!("fill=\"none\" stroke=\"{TEXT}\" stroke-width=\"0.8\"")));
        }
        return svg;
    }
    let b = text_box(doc, placement, i, origin);
    let _ = match doc.text(i) {
        Some(text) => writeln!(svg, "{}", text_element(text, b.center.as_vec2(), label, doc.font_size(i), &paint)),
        None => writeln!(
            svg,
            "<polygon points=\"{}\" fill=\"none\" stroke=\"{TEXT}\" stroke-width=\"0.8\"/>",
            points(&b.corners())
        ),
    };
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_shown_labels_are_drawn_with_halos_over_markers_and_lines() {
        let text = r#"{"viewport": {"width": 200, "height": 100}, "labels": [
            {"id": 1, "x": 50, "y": 50, "width": 40, "height": 10, "priority": 2, "text": "Wien"},
            {"id": 2, "x": 55, "y": 52, "width": 40, "height": 10, "text": "Graz"},
            {"id": 3, "x": 150, "y": 20, "width": 10, "height": 10}],
            "obstacles": [{"type": "circle", "x": 150, "y": 80, "radius": 5}]}"#;
        let doc = crate::formats::convert::read_document(text).unwrap();
        let placement = label_core::place(&doc.labels, &doc.obstacles, &doc.options).unwrap();
        let layer = MapLayer {
            lines: vec![vec![glam::Vec2::new(0.0, 0.0), glam::Vec2::new(200.0, 100.0)]],
            points: vec![glam::Vec2::new(50.0, 50.0), glam::Vec2::new(500.0, 500.0)],
        };
        let svg = render(&doc, &placement, &layer, None);
        assert!(svg.contains(">Wien</text>") && svg.contains("paint-order=\"stroke\""), "{svg}");
        assert!(!svg.contains("Graz"), "hidden labels are left out");
        assert_eq!(svg.matches("<circle").count(), 1, "one marker on screen, no obstacles");
        assert!(svg.contains("r=\"2.50\""));
        assert_eq!(svg.matches("<polyline").count(), 1);
        assert_eq!(svg.matches("<polygon").count(), 1, "the shown label without text");
        assert!(svg.contains("viewBox=\"0.00 0.00 200.00 100.00\""));
        // Markers placed as labels: only the shown ones are drawn, as dots, not boxes.
        let markers = Markers { radius: 3.0, labels: vec![1, 2] };
        let svg = render(&doc, &placement, &layer, Some(&markers));
        assert_eq!(svg.matches("<circle").count(), 1, "label 2 is shown, label 1 is not");
        assert!(svg.contains("r=\"3.00\"") && svg.contains("cx=\"150.00\""), "{svg}");
        assert_eq!(svg.matches("<polygon").count(), 0);
    }
}
