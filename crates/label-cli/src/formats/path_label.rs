//! A label-set label laid along a line (contract §3b "Path"): `path`, `glyph_advances` (or
//! `text` + `font_size`, measured cluster by cluster in the run's font), `height` (or the
//! font's line height at `font_size`), `path_offset`, `max_angle`, `keep_upright`, `padding`.
//!
//! Such a label has no `x`/`y`, `width`, `angle`, `anchor`, `offset`, `candidates` or `icon`:
//! its glyphs sit on the line. The engine's [`Label`] that carries its height, padding,
//! priority and flags gets the path's anchor point as `(x, y)` (its first point when the text
//! does not fit) and the text's length as `width`, so that every reader of the labels (the
//! pictures, the output) has a sensible point and size for it.

use glam::DVec2;
use label_core::{Label, TextPath};

use crate::formats::document::RawLabel;
use crate::measure;

/// Whether the label has a path field.
#[must_use]
pub fn has_path(r: &RawLabel) -> bool {
    r.path.is_some()
        || r.glyph_advances.is_some()
        || r.path_offset.is_some()
        || r.max_angle.is_some()
        || r.keep_upright.is_some()
}

/// The label's text path, `None` without path fields; the error names the field. Numbers in
/// range are checked afterwards by `label_core::validate::check_symbol`.
///
/// # Errors
/// A path field without `path`; a field a path label does not have; no advances and nothing
/// to measure them from; a text without width.
pub fn text_path(r: &RawLabel) -> Result<Option<TextPath>, (&'static str, String)> {
    if !has_path(r) {
        return Ok(None);
    }
    let Some(points) = &r.path else {
        let field = [
            ("glyph_advances", r.glyph_advances.is_some()),
            ("path_offset", r.path_offset.is_some()),
            ("max_angle", r.max_angle.is_some()),
            ("keep_upright", r.keep_upright.is_some()),
        ]
        .into_iter()
        .find_map(|(f, given)| given.then_some(f))
        .unwrap_or("path");
        return Err((field, "needs a `path` (the line the text follows)".into()));
    };
    let not_on_a_path = [
        ("x", r.x.is_some()),
        ("y", r.y.is_some()),
        ("width", r.width.is_some()),
        ("angle", r.angle != 0.0),
        ("anchor", r.anchor.is_some()),
        ("offset", r.offset.is_some()),
        ("candidates", r.candidates.is_some()),
        ("icon", r.icon.is_some()),
    ];
    if let Some((field, _)) = not_on_a_path.into_iter().find(|(_, given)| *given) {
        return Err((field, "a label with a `path` has none: its glyphs sit on the line".into()));
    }
    let advances = match (&r.glyph_advances, r.text.as_deref(), r.font_size) {
        (Some(a), ..) => a.clone(),
        (None, Some(text), Some(size)) => {
            let size = measure::check_font_size(size).map_err(|p| ("font_size", p.to_string()))?;
            let advances: Vec<f64> = measure::font().clusters(text, size).iter().map(|c| c.advance).collect();
            if advances.is_empty() {
                return Err(("text", "measures 0 px wide; give a text with visible characters".into()));
            }
            advances
        }
        _ => {
            let why = "missing; give `glyph_advances`, or `text` and `font_size` to measure them";
            return Err(("glyph_advances", why.into()));
        }
    };
    let path = TextPath {
        points: points.iter().map(|p| DVec2::from_array(*p)).collect(),
        glyph_advances: advances,
        path_offset: r.path_offset,
        max_angle: r.max_angle.unwrap_or(label_core::path::DEFAULT_MAX_ANGLE),
        keep_upright: r.keep_upright.unwrap_or(true),
    };
    Ok(Some(path))
}

/// The label that carries a path label's height, padding, priority and flags
/// ([`TextPath::carrier`]; see the module documentation).
///
/// # Errors
/// The bad path field, or a missing height.
pub fn label(r: &RawLabel, path: &TextPath) -> Result<Label, (&'static str, String)> {
    label_core::validate::check_path(path).map_err(|(field, problem)| (field, problem.to_string()))?;
    let height = match (r.height, r.font_size) {
        (Some(h), _) => h,
        (None, Some(size)) => {
            measure::measure("", measure::check_font_size(size).map_err(|p| ("font_size", p.to_string()))?).1
        }
        (None, None) => {
            return Err(("height", "missing; give `height`, or `font_size` for the font's line height".into()));
        }
    };
    let carried = Label::new(0.0, 0.0, 0.0, height)
        .with_priority(r.priority)
        .with_padding(r.padding)
        .with_allow_overlap(r.allow_overlap)
        .with_ignore_placement(r.ignore_placement);
    Ok(path.carrier(&carried))
}
