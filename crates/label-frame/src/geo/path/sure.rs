//! Answers about a path label found from its world line's measures alone ([`WorldLine`]),
//! without projecting the line or laying it out, where they are surely the layout's.
//!
//! Without pitch the projection is a similarity of ratio `2^zoom` (and the perspective scale
//! is 1), so what the layout measures on the projected line is the world line's measure
//! scaled, up to the rounding of the projection and of the sums:
//!
//! - **Lengths.** The projected line's length and the offset's arc length on it are the world
//!   ones times `2^zoom`, up to `m = 1e-9 · (n + 1) · (M + length + text)` px, `n` the line's
//!   points and `M` the largest screen coordinate a point of it can have (each projected point is off
//!   by a few ulps of `M`, each of the `n` segments' lengths by a few ulps of `M` and of its
//!   own, and the text's length by a few ulps of it). The layout's test
//!   ([`label_core::tolerance::fits_along`], either end) failing by more than `m` either way
//!   means the text surely has no room ([`surely_no_room`]); passing by more than `m`, that it
//!   surely fits.
//! - **Angles.** A similarity keeps angles, so the angle between the directions of any two
//!   segments of the projected line (reversed or not, points merged or not: each segment on
//!   screen is the image of a world segment) is at most the world line's whole turn, up to
//!   the rounding of each direction: `2ε/ℓ` radians for a segment `ℓ` px long on screen whose
//!   ends are each off by `ε` px. A text on a line that turns by less than its `max_angle` in
//!   all is never `too_curved`.
//! - **Place.** The line lies in the rectangle its world bounds project to, and every glyph
//!   box within its half diagonal of the line (a glyph's centre is on it, or within τ beyond
//!   an end). A text that surely fits and never bends too much on a line whose rectangle,
//!   grown by that much, misses the viewport is laid out and off screen: hidden `offscreen`
//!   ([`surely_far`]).

use glam::DVec2;
use label_core::tolerance::{self, LENGTH};
use label_core::{PathFailure, TextPath};

use super::pitched::surely_no_room_pitched;
use super::{ScreenPath, WorldLine};
use crate::geo::projection::Projection;
use crate::{ScreenPose, WorldLabel};

/// What [`surely`] finds of a path label's line without projecting it.
#[derive(Debug)]
pub(crate) enum Sure {
    /// Laid out off screen ([`surely_far`]): hidden `offscreen`.
    Far,
    /// No room for the text ([`surely_no_room`]): [`super::project_path`]'s answer.
    NoRoom(ScreenPath),
}

/// What the shortcuts (`far_lines` first, then `no_room`) find of path label `label`'s line
/// (measured in `line`, moved by `shift`) through `projection` without projecting it; `None` if
/// neither is sure, or if the label has no path.
#[must_use]
pub(crate) fn surely(
    label: &WorldLabel,
    line: &WorldLine,
    shift: DVec2,
    projection: &Projection,
    perspective_scaling: f64,
    (far_lines, no_room): (bool, bool),
) -> Option<Sure> {
    let world = label.symbol.path.as_ref()?;
    if projection.is_pitched() {
        let sure =
            if no_room { surely_no_room_pitched(world, line, shift, projection, perspective_scaling) } else { None };
        return sure.map(Sure::NoRoom);
    }
    // Without pitch the perspective scale is 1: the glyphs are as large as in the world label.
    let flat = Flat::new(world, line, shift, projection, line.text);
    if far_lines && surely_far(&flat, label, world, line, shift, projection) {
        return Some(Sure::Far);
    }
    if !no_room {
        return None;
    }
    surely_no_room(&flat, world, line, shift, projection).map(Sure::NoRoom)
}

/// [`no_room`] if the text of a line (`world`, measured in `line` and `flat`, moved by
/// `shift`) through a camera without pitch surely has no room on it; `None` if it may fit.
fn surely_no_room(
    flat: &Flat,
    world: &TextPath,
    line: &WorldLine,
    shift: DVec2,
    projection: &Projection,
) -> Option<ScreenPath> {
    let Flat { m, length, start, .. } = *flat;
    if start + m >= -LENGTH && start - m + line.text <= length + m + LENGTH {
        return None;
    }
    let at = projection.project(line.at + shift)?;
    Some(no_room(world, at.screen, 1.0))
}

/// What [`super::project_path`] gives a line (`world`) whose text has no room on it, its offset
/// point on screen `at` and its scale `scale`: hidden [`PathFailure::NoRoom`], posed at `at`
/// with angle 0, no glyphs, no projected line.
pub(super) fn no_room(world: &TextPath, at: DVec2, scale: f64) -> ScreenPath {
    let pose = ScreenPose { position: at, angle: 0.0, scale };
    let path = TextPath { points: Vec::new(), glyph_advances: Vec::new(), path_offset: None, ..*world };
    ScreenPath { pose, path, layout: Err(PathFailure::NoRoom), turned: false }
}

/// Whether path label `label`'s line (`world`, measured in `line` and `flat`, moved by
/// `shift`) through a camera without pitch is surely laid out off screen (see the module).
fn surely_far(
    flat: &Flat,
    label: &WorldLabel,
    world: &TextPath,
    line: &WorldLine,
    shift: DVec2,
    projection: &Projection,
) -> bool {
    let Flat { m, length, start, .. } = *flat;
    let text = line.text;
    let fits = length > 2.0 * m && start - m >= -LENGTH && start + m + text <= length - m + LENGTH;
    fits && flat.never_too_curved(world, line) && flat.off_screen(label, line, shift, projection)
}

/// The largest coordinate any step of the projection handles for `line` moved by `shift`,
/// world px: on a corner of the line's bounds, as rounding keeps the order of the coordinates.
pub(super) fn largest_coordinate(line: &WorldLine, shift: DVec2, projection: &Projection) -> f64 {
    let center = projection.camera().center;
    [line.lo, line.hi].into_iter().fold(center.abs().max_element(), |far, p| {
        far.max((p + shift).abs().max_element()).max((p + shift - center).abs().max_element())
    })
}

/// [`Flat::new`]'s bound `m` of the rounding (see the module), through `p`.
#[cfg(test)]
pub(super) fn rounding_bound(world: &TextPath, line: &WorldLine, shift: DVec2, p: &Projection, text: f64) -> f64 {
    Flat::new(world, line, shift, p, text).m
}

/// What a camera without pitch makes of a world line's measures.
#[derive(Clone, Copy, Debug)]
struct Flat {
    /// The bound of the rounding, px (`m` in the module's documentation).
    m: f64,
    /// The largest screen coordinate a point of the line can have, px (`M`).
    reach: f64,
    /// The line's length and where the text starts on it, px, unrounded.
    length: f64,
    start: f64,
    /// Screen px per world px.
    zoom: f64,
}

impl Flat {
    /// For a text `text` px long on `line` (measured from `world`, moved by `shift`).
    fn new(world: &TextPath, line: &WorldLine, shift: DVec2, projection: &Projection, text: f64) -> Self {
        let zoom = projection.scale();
        let far = largest_coordinate(line, shift, projection);
        let reach = (far * zoom + projection.camera().size.max_element()) * std::f64::consts::SQRT_2;
        let m = 1e-9 * (world.points.len() + 1) as f64 * (reach + line.length * zoom + text);
        Self { m, reach, length: line.length * zoom, start: line.offset * zoom - text / 2.0, zoom }
    }

    /// Whether no two glyphs' reading axes on the projected line can be more than `max_angle`
    /// apart: the world line's whole turn, plus each direction's rounding (`ε` a generous
    /// bound of a projected point's), is within it.
    fn never_too_curved(&self, world: &TextPath, line: &WorldLine) -> bool {
        let epsilon = 1e-14 * self.reach;
        let wobble = 2.0 * epsilon / (line.shortest * self.zoom) * 1.01;
        wobble < 1e-3 && !tolerance::too_curved(line.turning + (2.0 * wobble + 1e-12).to_degrees(), world.max_angle)
    }

    /// Whether every glyph box (its centre within τ of the line, its half diagonal at most
    /// the longest glyph's, rounded up for the boxes' f32 extents and axes) misses the
    /// viewport: the rectangle of the line's projected bounds, grown so, lies beyond one of
    /// the viewport's edges.
    fn off_screen(&self, label: &WorldLabel, line: &WorldLine, shift: DVec2, projection: &Projection) -> bool {
        let pad = label.style.padding;
        let half = DVec2::new(line.longest_glyph * 0.5 + pad, label.style.height * 0.5 + pad);
        let grow = half.length() * (1.0 + 1e-5) + LENGTH + self.m;
        let (mut lo, mut hi) = (DVec2::INFINITY, DVec2::NEG_INFINITY);
        for c in line.corners() {
            let Some(p) = projection.project(c + shift) else { return false };
            (lo, hi) = (lo.min(p.screen), hi.max(p.screen));
        }
        let view = projection.viewport();
        let (vlo, vhi) = (view.min.as_dvec2(), view.max.as_dvec2());
        hi.x + grow <= vlo.x || hi.y + grow <= vlo.y || lo.x - grow >= vhi.x || lo.y - grow >= vhi.y
    }
}
