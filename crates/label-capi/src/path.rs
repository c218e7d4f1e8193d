//! Text along a line for C callers: a `DeclutterPath` as label-core's `TextPath` (checked by
//! the core, its errors named after the C fields), and its layout back to C as glyph poses.

use glam::DVec2;
use label_core::{PathFailure, PathLayout, TextPath};

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
    match path.layout() {
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
