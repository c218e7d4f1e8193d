//! The SVG elements both picture styles draw: the opening element, a label's text, polygons.

use std::fmt::Write as _;

use glam::Vec2;
use label_core::{Aabb, Label};

use crate::measure;

pub(crate) fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' => {}
            c => s.push(c),
        }
    }
    s
}

pub(crate) fn points(corners: &[Vec2]) -> String {
    let mut s = String::new();
    for (i, p) in corners.iter().enumerate() {
        let sep = if i == 0 { "" } else { " " };
        let _ = write!(s, "{sep}{:.2},{:.2}", p.x, p.y);
    }
    s
}

/// The measuring font chain's families in order, so that the text is drawn as wide as it was
/// measured, each character in the first font that has it.
fn font_family() -> String {
    let mut list: Vec<String> =
        measure::families().iter().map(|f| format!("'{}'", f.replace(['\'', '"'], ""))).collect();
    list.dedup();
    list.push("sans-serif".into());
    list.join(", ")
}

/// A label's text, centred on its box (the box centre without padding is the same point) and
/// turned with it. `font_size` is the label's own when it has one; otherwise the size whose
/// line height is the box height. The baseline is placed from the font's metrics, as the
/// measurement defines the box (ascender above, descender below), rather than by
/// `dominant-baseline`, which browsers interpret differently.
/// `paint` holds the fill (and, in map pictures, the halo) attributes.
pub(crate) fn text_element(text: &str, center: Vec2, label: &Label, font_size: Option<f64>, paint: &str) -> String {
    let font = measure::font();
    let size = font_size.unwrap_or(label.style.height / font.line_height_em());
    let baseline = (font.ascender_em() + font.descender_em()) / 2.0 * size;
    // The baseline point in the label's frame (down axis `v`), turned onto the screen.
    let (sin, cos) = label.style.angle.to_radians().sin_cos();
    let x = f64::from(center.x) + baseline * sin;
    let y = f64::from(center.y) + baseline * cos;
    format!(
        "<text x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{size:.2}\" text-anchor=\"middle\" transform=\"rotate({:.3} {x:.2} {y:.2})\" {paint}>{}</text>",
        -label.style.angle,
        escape(text)
    )
}

/// The opening `<svg>` element of a picture of `view`, one SVG unit a px, in the measuring font.
pub(crate) fn open_svg(view: &Aabb) -> String {
    let size = view.size();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0}\" height=\"{:.0}\" viewBox=\"{:.2} {:.2} {:.2} {:.2}\" font-family=\"{}\" text-rendering=\"geometricPrecision\">\n",
        size.x,
        size.y,
        view.min.x,
        view.min.y,
        size.x,
        size.y,
        escape(&font_family())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("A & B <c> \"d\" 'e'\u{1}"), "A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;");
    }
}
