//! Text along a line through the camera (contract §3b "Path"): a street or river name whose
//! line is in the world, laid out glyph by glyph on the screen every frame.
//!
//! A path label's line is in world px (Web Mercator at zoom 0), as a label's anchor point is,
//! and so is its `path_offset` (arc length along the world line; default half its length).
//! Each frame:
//!
//! 1. **Project** every point of the line, in the label's copy of the world (the line moves by
//!    whole worlds with its first point, which stands for the label in the world's copies and
//!    cells). A point behind the camera hides the label, `behind_camera`. Points that project
//!    onto the one before them (a line seen from far away) are merged, as the core wants
//!    consecutive points distinct.
//! 2. **Carry the offset** to the screen: the world point at `path_offset`, projected, and the
//!    arc length of the projected line up to it. A straight segment of the map projects to a
//!    straight segment of the screen, under pitch too, so the text stays on the same point of
//!    the street while the camera moves.
//! 3. **Scale** the glyph advances and the line's height with perspective at that point, as a
//!    plain label's size scales at its anchor (the padding does not scale).
//! 4. **Lay out** on the projected line with the core's [`TextPath::layout`]: the upright
//!    reversal, `no_room` and `too_curved` as in a batch, on what the viewer sees. The label's
//!    pose is the layout's anchor point (the point at the offset), the reading angle of its
//!    middle glyph and the scale; its parts are the glyph boxes.
//!
//! A label not drawn in the last frame skips all four when its world line's measures settle
//! it: surely no room (hidden `no_room`), or surely laid out off screen (hidden `offscreen`);
//! `sure.rs` and `pitched.rs` hold the proofs. The frame engine places a path label as a
//! symbol of one position whose parts are its glyphs (`frame_pass/symbols/`).

use glam::DVec2;
use label_core::{BoxStyle, Label, Obb, PathFailure, PathLayout, Symbol, TextPath};

mod line;
mod pitched;
mod sure;
mod turned;

use crate::geo::projection::{Projection, label_scale};
use crate::state::hot::Hot;
use crate::{ScreenPose, WorldLabel};
pub(crate) use line::WorldLine;
pub(crate) use sure::{Sure, surely};
pub(crate) use turned::LastGlyphs;

/// A path label through one frame's camera.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ScreenPath {
    /// The anchor point (the line's point at the offset), the middle glyph's reading angle,
    /// and the scale from perspective there.
    pub(crate) pose: ScreenPose,
    /// The projected line, the scaled advances and the offset on screen: what the core lays
    /// out.
    pub(crate) path: TextPath,
    /// The glyphs on screen, or why the text does not fit the projected line.
    pub(crate) layout: Result<PathLayout, PathFailure>,
    /// Whether a glyph reads in another direction than on the label's line of the last frame,
    /// for a label shown in the last frame (set by a reused frame's projection: `turned.rs`).
    pub(crate) turned: bool,
}

/// A path label's line (`world`, its path, measured in `line`) through `projection`, moved by
/// `shift` world px (its copy of the world), into the buffers of `spare` if given (the label's
/// line in the last frame: fresh buffers are two allocations a line); `None` if a point of it
/// is behind the camera.
#[must_use]
pub(crate) fn project_path(
    world: &TextPath,
    line: &WorldLine,
    shift: DVec2,
    projection: &Projection,
    perspective_scaling: f64,
    spare: Option<ScreenPath>,
) -> Option<ScreenPath> {
    let (mut points, mut advances) = spare.map(|s| (s.path.points, s.path.glyph_advances)).unwrap_or_default();
    points.clear();
    let mut along = 0.0;
    // The point starting the offset's segment on screen, and the projected line's arc length
    // there.
    let (k, mut from) = (line.segment, (DVec2::ZERO, 0.0));
    for (j, &p) in world.points.iter().enumerate() {
        let q = projection.project(p + shift)?.screen;
        match points.last() {
            Some(&last) if q == last => {}
            Some(&last) => {
                along += (q - last).length();
                points.push(q);
            }
            None => points.push(q),
        }
        if j == k {
            from = (q, along);
        }
    }
    let at = projection.project(line.at + shift)?;
    let screen_offset = (from.1 + (at.screen - from.0).length()).clamp(0.0, along);
    let scale = label_scale(at.perspective, perspective_scaling);
    advances.clear();
    advances.extend(world.glyph_advances.iter().map(|a| a * scale));
    let path = TextPath {
        points,
        glyph_advances: advances,
        path_offset: Some(screen_offset),
        max_angle: world.max_angle,
        keep_upright: world.keep_upright,
    };
    let layout = path.layout();
    let pose = match &layout {
        Ok(l) => ScreenPose { position: l.anchor, angle: l.glyphs[l.glyphs.len() / 2].angle(), scale },
        Err(_) => ScreenPose { position: at.screen, angle: 0.0, scale },
    };
    Some(ScreenPath { pose, path, layout, turned: false })
}

/// Path label `label`'s line (measured in `line`) through `projection`, in the copy of the
/// world its projection data `hot` is in, into `spare`'s buffers if given; `None` behind the
/// camera, or if it has no path.
#[must_use]
pub(crate) fn project_label(
    label: &WorldLabel,
    line: &WorldLine,
    hot: &Hot,
    projection: &Projection,
    perspective_scaling: f64,
    spare: Option<ScreenPath>,
) -> Option<ScreenPath> {
    let path = label.symbol.path.as_ref()?;
    project_path(path, line, shift_of(label, hot), projection, perspective_scaling, spare)
}

/// How far path label `label`'s line moves into the copy of the world its projection data
/// `hot` is in, world px.
#[must_use]
pub(crate) fn shift_of(label: &WorldLabel, hot: &Hot) -> DVec2 {
    hot.position - label.world_anchor()
}

impl ScreenPath {
    /// The core's label for it, with `extra` padding on every glyph (the hysteresis margin):
    /// at the anchor point, its height scaled, its width the text's length on screen.
    #[must_use]
    pub(crate) fn label(&self, world: &WorldLabel, extra: f64) -> Label {
        let style = BoxStyle {
            height: world.style.height * self.pose.scale,
            angle: self.pose.angle,
            padding: world.style.padding + extra,
            ..world.style.for_path_text(self.path.text_length())
        };
        Label { x: self.pose.position.x, y: self.pose.position.y, style }
    }

    /// The core's symbol for it: its projected line ([`Self::path`], copied into `spare`'s
    /// vectors if given: a frame hands on the last one's symbols' lines), and the label's
    /// repeat group.
    #[must_use]
    pub(crate) fn symbol_into(&self, world: &WorldLabel, spare: Option<TextPath>) -> Symbol {
        let path = reuse(spare, &self.path);
        let s = &world.symbol;
        Symbol {
            repeat_group: s.repeat_group,
            repeat_distance: s.repeat_distance,
            optional: s.optional,
            path: Some(path),
            ..Symbol::default()
        }
    }

    /// The glyph boxes with the label's padding and `extra`; none when the text does not fit.
    pub(crate) fn glyph_boxes<'a>(&'a self, world: &WorldLabel, extra: f64) -> impl Iterator<Item = Obb> + 'a {
        let height = world.style.height * self.pose.scale;
        let padding = world.style.padding + extra;
        self.layout.iter().flat_map(move |l| l.glyphs.iter().map(move |g| g.obb(height, padding, DVec2::ZERO)))
    }

    /// Why the text does not fit, if it does not.
    #[must_use]
    pub(crate) fn failure(&self) -> Option<PathFailure> {
        self.layout.as_ref().err().copied()
    }
}

/// `source` cloned into `spare`'s allocations, if there is one.
pub(crate) fn reuse<T: Clone>(spare: Option<T>, source: &T) -> T {
    match spare {
        Some(mut s) => {
            s.clone_from(source);
            s
        }
        None => source.clone(),
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod turned_tests;
