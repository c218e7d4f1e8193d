//! Text along a line for C callers: a `DeclutterPath` as label-core's `TextPath` (checked by
//! the core, its errors named after the C fields), and its layout back to C as glyph poses —
//! on screen as given (`declutter_path_layout`), or as the frame engine laid it on the last
//! frame's projected line (`declutter_engine_glyphs`).

use glam::DVec2;
use label_core::{PathFailure, PathLayout, TextPath};
use label_frame::FrameEngine;

use crate::error::Failure;
use crate::path_types::*;
use crate::types::*;

/// A path as read from C: its fields and the caller's points and advances.
pub struct RawPath<'a> {
    /// The path's own fields.
    pub path: &'a DeclutterPath,
    /// Its `point_count` points.
    pub points: &'a [DeclutterPoint],
    /// Its `glyph_count` advances.
    pub glyph_advances: &'a [f64],
}

/// The C name of a field that `label_core::validate::check_path` names.
fn field(core: &str) -> &'static str {
    match core {
        "path" => "path.points",
        "glyph_advances" => "path.glyph_advances",
        "path_offset" => "path.path_offset",
        "max_angle" => "path.max_angle",
        _ => "path",
    }
}

/// One C path as a checked core path; `who` starts every message ("label 3 (id 42)").
pub fn text_path(raw: &RawPath<'_>, who: impl FnOnce() -> String) -> Result<TextPath, Failure> {
    let p = raw.path;
    if p.flags & !DECLUTTER_NO_KEEP_UPRIGHT != 0 {
        let unknown = p.flags & !DECLUTTER_NO_KEEP_UPRIGHT;
        return Err(Failure::invalid(format!("{}: field `path.flags`: unknown flags {unknown:#x}", who())));
    }
    let path_offset = match p.has_path_offset {
        0 => None,
        1 => Some(p.path_offset),
        other => {
            let message = format!("{}: field `path.has_path_offset`: {other} is not 0 or 1", who());
            return Err(Failure::invalid(message));
        }
    };
    let path = TextPath {
        points: raw.points.iter().map(|q| DVec2::new(q.x, q.y)).collect(),
        glyph_advances: raw.glyph_advances.to_vec(),
        path_offset,
        max_angle: p.max_angle,
        keep_upright: p.flags & DECLUTTER_NO_KEEP_UPRIGHT == 0,
    };
    label_core::validate::check_path(&path)
        .map_err(|(f, problem)| Failure::invalid(format!("{}: field `{}`: {problem}", who(), field(f))))?;
    Ok(path)
}

/// A path's layout in C: the summary, and the glyph poses when the text fits.
pub fn layout(path: &TextPath) -> (DeclutterPathLayout, Vec<DeclutterGlyphPose>) {
    to_c(path.layout())
}

/// Frame label `index`'s glyphs on screen with the last frame's camera, in C; `Err` for an
/// index past the labels, a label without a path, or fewer than its glyphs' `capacity`.
pub fn screen_glyphs(
    engine: &FrameEngine,
    index: usize,
    capacity: usize,
) -> Result<(DeclutterPathLayout, Vec<DeclutterGlyphPose>), Failure> {
    let labels = engine.labels();
    let label = labels.get(index).ok_or_else(|| {
        Failure::new(DECLUTTER_OUT_OF_RANGE, format!("label index {index} out of range ({} labels)", labels.len()))
    })?;
    let who = || format!("label {index} (id {})", label.id);
    let path = label
        .symbol
        .path
        .as_ref()
        .ok_or_else(|| Failure::invalid(format!("{}: not a text along a line (its symbol has no path)", who())))?;
    if capacity < path.glyph_advances.len() {
        let glyphs = path.glyph_advances.len();
        return Err(Failure::invalid(format!("{}: capacity {capacity} for {glyphs} glyphs", who())));
    }
    Ok(match engine.screen_glyphs(index) {
        Some(layout) => to_c(layout),
        None => (
            DeclutterPathLayout { reason: DECLUTTER_REASON_BEHIND_CAMERA, ..DeclutterPathLayout::default() },
            Vec::new(),
        ),
    })
}

/// A layout, or why the text does not fit, in C.
fn to_c(layout: Result<PathLayout, PathFailure>) -> (DeclutterPathLayout, Vec<DeclutterGlyphPose>) {
    match layout {
        Ok(PathLayout { anchor, reversed, glyphs }) => {
            let summary = DeclutterPathLayout {
                reason: DECLUTTER_REASON_NONE,
                reversed: u32::from(reversed),
                anchor_x: anchor.x,
                anchor_y: anchor.y,
            };
            // `+ 0.0`: a glyph reading straight right has angle 0, not -0 (atan2 of -0).
            let poses =
                glyphs.iter().map(|g| DeclutterGlyphPose { x: g.center.x, y: g.center.y, angle: g.angle() + 0.0 });
            (summary, poses.collect())
        }
        Err(failure) => {
            let reason = match failure {
                PathFailure::NoRoom => DECLUTTER_REASON_NO_ROOM,
                PathFailure::TooCurved => DECLUTTER_REASON_TOO_CURVED,
            };
            (DeclutterPathLayout { reason, ..DeclutterPathLayout::default() }, Vec::new())
        }
    }
}
