//! Answers about a path label found from its world line's measures alone ([`WorldLine`]),
//! without projecting the line or laying it out, where they are surely the layout's.

use glam::DVec2;
use label_core::{PathFailure, TextPath};

use super::{ScreenPath, WorldLine};
use crate::ScreenPose;
use crate::geo::projection::{Projection, label_scale};

/// [`super::project_path`]'s answer for a line (`world`, measured in `line`, moved by `shift`)
/// whose text surely has no room on it through a camera without pitch, found without
/// projecting the line or laying it out: hidden [`PathFailure::NoRoom`], posed at its offset
/// point (no glyphs, no projected line). `None` under pitch, or if the text may fit.
///
/// Without pitch the projection is a similarity of ratio `2^zoom` and the perspective scale
/// is 1, so the projected line's length and the offset's arc length on it are the world ones
/// times `2^zoom`, up to the rounding of the projection and of the sums. That rounding is
/// below `m = 1e-9 · (n + 1) · (M + length)` px, `n` the line's points and `M` the largest
/// screen coordinate a point of it can have (each projected point is off by a few ulps of
/// `M`, each of the `n` segments' lengths by a few ulps of `M` and of its own, and the text's
/// length by a few ulps of it): the text surely has no room when the layout's test
/// ([`label_core::tolerance::fits_along`], either end) fails by more than `m` either way.
#[must_use]
pub(crate) fn surely_no_room(
    world: &TextPath,
    line: &WorldLine,
    shift: DVec2,
    projection: &Projection,
    perspective_scaling: f64,
) -> Option<ScreenPath> {
    if projection.is_pitched() {
        return None;
    }
    let zoom = projection.scale();
    let scale = label_scale(1.0, perspective_scaling);
    let text = line.text * scale;
    let center = projection.camera().center;
    // The largest coordinate any step of the projection handles, world px: on a corner of the
    // line's bounds, as rounding keeps the order of the coordinates.
    let far = [line.lo, line.hi].into_iter().fold(center.abs().max_element(), |far, p| {
        far.max((p + shift).abs().max_element()).max((p + shift - center).abs().max_element())
    });
    let reach = (far * zoom + projection.camera().size.max_element()) * std::f64::consts::SQRT_2;
    let m = 1e-9 * (world.points.len() + 1) as f64 * (reach + line.length * zoom + text);
    let (length, start) = (line.length * zoom, line.offset * zoom - text / 2.0);
    let tolerance = label_core::tolerance::LENGTH;
    if start + m >= -tolerance && start - m + text <= length + m + tolerance {
        return None;
    }
    let at = projection.project(line.at + shift)?;
    let pose = ScreenPose { position: at.screen, angle: 0.0, scale };
    let path = TextPath { points: Vec::new(), glyph_advances: Vec::new(), path_offset: None, ..*world };
    Some(ScreenPath { pose, path, layout: Err(PathFailure::NoRoom) })
}
