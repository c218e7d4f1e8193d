//! A label through the camera: its pose on screen, and whether its box (a symbol: one of its
//! parts) meets the viewport.

use glam::DVec2;
use label_core::Obb;
use label_core::geometry::readable_angle;
use rayon::prelude::*;

use crate::geo::path::{ScreenPath, WorldLine, project_path};
use crate::geo::projection::label_scale;
use crate::state::hot::Hot;
use crate::state::parts::BoxParts;
use crate::{Projected, Projection, ScreenPose, WorldLabel};

/// Where a label is in one frame: the projection stage's answer, before any placement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sight {
    /// Its anchor point is behind the camera.
    Behind,
    /// Its box (with its own padding) does not meet the viewport's interior.
    Off(ScreenPose),
    /// Its box meets the viewport's interior: a candidate of the placement.
    In(ScreenPose),
    /// Its box misses the viewport by far: the engine's world-space cull found its whole
    /// neighbourhood off screen, and did not project it (no pose).
    Far,
}

impl Sight {
    /// The label's pose on screen; `None` behind the camera.
    #[must_use]
    pub fn pose(&self) -> Option<ScreenPose> {
        match *self {
            Sight::Behind | Sight::Far => None,
            Sight::Off(p) | Sight::In(p) => Some(p),
        }
    }
}

/// Whether every point within `r` of the box from `lo` to `hi` lies in a viewport of `size`
/// (touching its edge included): the projection stage's quick test, for an anchor point
/// (`lo == hi`) or for a world cell's projected corners.
#[must_use]
#[inline]
pub(crate) fn inside_by(lo: DVec2, hi: DVec2, r: f64, size: DVec2) -> bool {
    lo.x >= r && lo.y >= r && hi.x <= size.x - r && hi.y <= size.y - r
}

/// The pose of label `hot` on screen at its projected anchor `p`.
#[must_use]
#[inline(always)]
pub(crate) fn pose_at(hot: &Hot, p: &Projected, projection: &Projection, perspective_scaling: f64) -> ScreenPose {
    let scale = label_scale(p.perspective, perspective_scaling);
    let angle = if hot.map_aligned {
        let a = projection.screen_angle(p, hot.angle);
        if hot.keep_upright { readable_angle(a) } else { a }
    } else {
        hot.angle
    };
    ScreenPose { position: p.screen, angle, scale }
}

/// The pose of one label, and whether it is in sight.
#[must_use]
#[inline(always)]
pub(crate) fn sight(parts: &BoxParts, hot: &Hot, projection: &Projection, perspective_scaling: f64) -> Sight {
    sight_by(hot, projection, perspective_scaling, |pose, view| view.overlaps(&parts.on_screen(pose, 0.0)))
}

/// The pose of a symbol, and whether it is in sight: whether some part of it at some position
/// meets the viewport (contract §4 step 1).
#[must_use]
pub(crate) fn symbol_sight(label: &WorldLabel, hot: &Hot, projection: &Projection, perspective_scaling: f64) -> Sight {
    sight_by(hot, projection, perspective_scaling, |pose, view| {
        label.screen_parts(pose, 0.0).any(|b| view.overlaps(&b))
    })
}

/// The pose of a label whose parts reach as far as `hot` says, and whether it is in sight:
/// the bounds tests, then `meets(pose, viewport)`, the exact test, for labels across the edge.
#[must_use]
#[inline(always)]
fn sight_by(
    hot: &Hot,
    projection: &Projection,
    perspective_scaling: f64,
    meets: impl FnOnce(&ScreenPose, &Obb) -> bool,
) -> Sight {
    let Some(p) = projection.project(hot.position) else { return Sight::Behind };
    let pose = pose_at(hot, &p, projection, perspective_scaling);
    // Bounds first: every point of the box lies within `r` of the anchor point.
    let r = hot.reach_px(pose.scale);
    let size = projection.camera().size;
    let DVec2 { x, y } = p.screen;
    if x <= -r || y <= -r || x >= size.x + r || y >= size.y + r {
        return Sight::Off(pose);
    }
    if inside_by(p.screen, p.screen, r, size) {
        return Sight::In(pose);
    }
    // Across the edge: the exact test, as the core's culling does it (contract §4 step 1).
    if meets(&pose, &Obb::from_aabb(&projection.viewport())) { Sight::In(pose) } else { Sight::Off(pose) }
}

/// The projection stage on its own, for renderers that place labels their own way and for
/// benchmarks: every label's [`Sight`] through `projection`, labels scaled by
/// `perspective_scaling` ([`crate::FrameOptions::perspective_scaling`]), none culled in world
/// space, the same on any thread count. A path label is in view iff one of its glyphs on the
/// projected line meets the viewport ([`Sight::Off`] if its text does not fit). Positions are
/// taken as given: move labels into the copy of the world nearest the camera first to get what
/// an engine with [`crate::FrameOptions::world_copies`] sees.
#[must_use]
pub fn project_labels(labels: &[WorldLabel], projection: &Projection, perspective_scaling: f64) -> Vec<Sight> {
    labels.par_iter().map(|l| sight_of(l, projection, perspective_scaling)).collect()
}

/// A path label's sight: in view iff its text fits and a glyph box (with the label's own
/// padding) meets the viewport `view`.
pub(crate) fn path_sight(path: &ScreenPath, label: &WorldLabel, view: &Obb) -> Sight {
    if path.layout.is_ok() && path.glyph_boxes(label, 0.0).any(|b| view.overlaps(&b)) {
        Sight::In(path.pose)
    } else {
        Sight::Off(path.pose)
    }
}

/// One label's [`Sight`], as [`project_labels`] finds it.
#[must_use]
pub(crate) fn sight_of(label: &WorldLabel, projection: &Projection, perspective_scaling: f64) -> Sight {
    if let Some(path) = &label.symbol.path {
        let view = Obb::from_aabb(&projection.viewport());
        return project_path(path, &WorldLine::new(path), DVec2::ZERO, projection, perspective_scaling, None)
            .map_or(Sight::Behind, |p| path_sight(&p, label, &view));
    }
    if label.symbol.is_plain() {
        sight(&BoxParts::new(label), &Hot::new(label), projection, perspective_scaling)
    } else {
        symbol_sight(label, &Hot::new(label), projection, perspective_scaling)
    }
}

#[cfg(test)]
#[path = "sight_tests.rs"]
mod tests;
