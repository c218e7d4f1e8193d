//! A picture of a placement: the viewport, shown labels as rotated boxes with their text, hidden
//! labels faint with a thin line to what hid them, and the obstacles.

use std::fmt::Write as _;

use label_core::{Blocker, HiddenReason, Parts, Placement, Shape};

use crate::formats::convert::Document;
use crate::formats::picture::canvas::Canvas;
use crate::formats::picture::elements::{open_svg, points, text_element};
use crate::formats::picture::glyphs::glyphs;
use crate::formats::picture::layer::{MAP_STROKE, MapLayer, map_elements};

const VISIBLE_FILL: &str = "#dbe8f7";
const VISIBLE_STROKE: &str = "#2a5d9f";
const ICON_FILL: &str = "#2a5d9f";
const HIDDEN_STROKE: &str = "#9aa3ad";
const LINK_STROKE: &str = "#e0787a";
const OBSTACLE_FILL: &str = "#f6d5d5";
const OBSTACLE_STROKE: &str = "#c0392b";

/// Space drawn around the area shown, px: the viewport's outline, and the boxes crossing its
/// edge, show whole enough to see why they are hidden (an 800 × 600 viewport is an 820 × 620
/// picture). The map style has none: it is exactly the viewport.
pub const MARGIN: f32 = 10.0;

fn shape_element(shape: &Shape, canvas: &Canvas) -> String {
    let style = format!("fill=\"{OBSTACLE_FILL}\" stroke=\"{OBSTACLE_STROKE}\" stroke-width=\"1\"");
    match shape {
        Shape::Circle(c) => {
            let center = canvas.point(c.center);
            format!("<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" {style}/>", center.x, center.y, c.radius)
        }
        Shape::Segment(s) => {
            let (a, b) = (canvas.point(s.a.as_dvec2()), canvas.point(s.b.as_dvec2()));
            format!(
                "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"{OBSTACLE_STROKE}\" stroke-width=\"2\"/>",
                a.x, a.y, b.x, b.y
            )
        }
        other => format!("<polygon points=\"{}\" {style}/>", points(&canvas.corners(other).unwrap_or_default())),
    }
}

/// What a picture shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// Every label's box, shown and hidden, with a line from each hidden label to what hid
    /// it, and the obstacles: for seeing why.
    #[default]
    Debug,
    /// A plain map: the shown labels' text with halos, the point markers, over the faint
    /// geography.
    // Drawn by `crate::formats::picture::map`; not a doc link, as clap prints this text as help.
    Map,
}

/// The picture as SVG text.
#[must_use]
pub fn render(doc: &Document, placement: &Placement) -> String {
    render_over(doc, placement, &MapLayer::default())
}

/// The picture as SVG text, drawn over the map features of `layer`.
#[must_use]
pub fn render_over(doc: &Document, placement: &Placement, layer: &MapLayer) -> String {
    let canvas = Canvas::new(doc, placement);
    let (boxes, frame) = (&canvas.boxes, canvas.frame);
    let view = frame.inflate(MARGIN);
    let mut svg = open_svg(&view);
    let s = placement.stats;
    let _ = writeln!(
        svg,
        "<title>declutter: {} labels, {} shown, {} hidden by collisions, {} off screen</title>",
        s.labels, s.visible, s.hidden_collision, s.hidden_offscreen
    );
    let _ = writeln!(
        svg,
        "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"#fcfcfa\" stroke=\"#666\" stroke-width=\"1\"/>",
        frame.min.x,
        frame.min.y,
        frame.size().x,
        frame.size().y
    );
    if !layer.lines.is_empty() || !layer.points.is_empty() {
        let _ = write!(
            svg,
            "<g id=\"map\" fill=\"none\" stroke=\"{MAP_STROKE}\" stroke-width=\"1.5\" stroke-linejoin=\"round\">\n{}</g>\n",
            map_elements(&canvas.layer(layer), &view)
        );
    }
    let _ = writeln!(svg, "<g id=\"obstacles\">");
    for shape in &doc.obstacles {
        let _ = writeln!(svg, "{}", shape_element(shape, &canvas));
    }
    let _ = writeln!(
        svg,
        "</g>\n<g id=\"hidden\" fill=\"none\" stroke=\"{HIDDEN_STROKE}\" stroke-width=\"0.5\" opacity=\"0.6\">"
    );
    for (i, o) in placement.outcomes.iter().enumerate() {
        if o.reason != Some(HiddenReason::Collision) {
            continue;
        }
        let b = &boxes[i];
        match glyphs(doc, i, canvas.origin) {
            Some(glyphs) => svg.push_str(&glyphs.box_elements("")),
            None => {
                let _ = writeln!(svg, "<polygon points=\"{}\"/>", points(&b.corners()));
            }
        }
        let target = match o.hidden_by {
            Some(Blocker::Label(j)) => Some(boxes[j as usize].center.as_vec2()),
            Some(Blocker::Obstacle(j)) => Some(canvas.bounds(&doc.obstacles[j as usize]).center()),
            None => None,
        };
        if let Some(t) = target {
            let _ = writeln!(
                svg,
                "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"{LINK_STROKE}\"/>",
                b.center.x, b.center.y, t.x, t.y
            );
        }
    }
    let _ = writeln!(svg, "</g>\n<g id=\"shown\">");
    for (i, o) in placement.outcomes.iter().enumerate() {
        if !o.visible {
            continue;
        }
        let (b, label, parts) =
            (&boxes[i], &doc.labels[i], placement.choices.get(i).copied().unwrap_or_default().parts);
        if parts != Some(Parts::Text)
            && let Some(icon) = doc.symbols.get(i).and_then(|s| s.icon_box(label, canvas.origin))
        {
            let _ = writeln!(
                svg,
                "<polygon points=\"{}\" fill=\"{ICON_FILL}\" stroke=\"{VISIBLE_STROKE}\" stroke-width=\"0.8\"/>",
                points(&icon.corners())
            );
        }
        if parts == Some(Parts::Icon) {
            continue;
        }
        if let Some(glyphs) = glyphs(doc, i, canvas.origin) {
            let style = format!("fill=\"{VISIBLE_FILL}\" stroke=\"{VISIBLE_STROKE}\" stroke-width=\"0.5\"");
            svg.push_str(&glyphs.box_elements(&style));
            svg.push_str(&glyphs.glyph_elements("fill=\"#15314f\""));
            continue;
        }
        let _ = writeln!(
            svg,
            "<polygon points=\"{}\" fill=\"{VISIBLE_FILL}\" stroke=\"{VISIBLE_STROKE}\" stroke-width=\"0.8\"/>",
            points(&b.corners())
        );
        if let Some(text) = doc.text(i) {
            let paint = "fill=\"#15314f\"";
            let _ = writeln!(svg, "{}", text_element(text, b.center.as_vec2(), label, doc.font_size(i), paint));
        }
    }
    let _ = writeln!(svg, "</g>\n</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_has_every_part() {
        let text = r#"{"viewport": {"width": 200, "height": 100}, "labels": [
            {"id": 1, "x": 50, "y": 50, "width": 40, "height": 10, "priority": 2, "text": "Wien <1>"},
            {"id": 2, "x": 55, "y": 52, "width": 40, "height": 10, "angle": 30, "text": "Graz"}],
            "obstacles": [{"type": "circle", "x": 150, "y": 50, "radius": 5}]}"#;
        let doc = crate::formats::convert::read_document(text).unwrap();
        let placement = doc.place().unwrap();
        let svg = render(&doc, &placement);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("Wien &lt;1&gt;"));
        assert!(!svg.contains(">Graz<"), "hidden labels are drawn without text");
        assert_eq!(svg.matches("<circle").count(), 1);
        assert_eq!(svg.matches(&format!("stroke=\"{LINK_STROKE}\"")).count(), 1);
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn symbols_are_drawn_at_their_candidate_with_their_icon() {
        let text = r#"{"labels": [
            {"id": 1, "x": 100, "y": 50, "width": 40, "height": 10, "priority": 2},
            {"id": 2, "x": 75, "y": 50, "width": 40, "height": 10, "text": "Graz",
             "candidates": [{"anchor": "left"}, {"anchor": "right"}], "icon": {"width": 4, "height": 4}}]}"#;
        let doc = crate::formats::convert::read_document(text).unwrap();
        let placement = doc.place().unwrap();
        assert_eq!(placement.choices[1].candidate, Some(1));
        let svg = render(&doc, &placement);
        // The text box left of the point (x 35..75), the icon on it.
        assert!(svg.contains("35.00,45.00"), "{svg}");
        assert_eq!(svg.matches(&format!("fill=\"{ICON_FILL}\"")).count(), 1);
    }
}
