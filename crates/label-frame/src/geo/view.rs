//! The camera's view of the engine's labels in one frame: each label's sight, and the cheaper
//! tests that settle most labels without building their box.

use glam::DVec2;
use label_core::narrow::TOLERANCE;

use crate::geo::cells::{Reach, WorldCells};
use crate::geo::projection::label_scale;
use crate::geo::sight::{Sight, inside_by, pose_at, sight, symbol_sight};
use crate::state::hot::Hot;
use crate::state::memo::bits;
use crate::state::parts::BoxParts;
use crate::{Projected, Projection, WorldLabel};

/// What a frame projects labels with: their projection data, the camera, and which world cells
/// can reach the screen (see [`crate::geo::cells`]).
pub(crate) struct Viewer<'a> {
    pub(crate) labels: &'a [WorldLabel],
    pub(crate) hot: &'a [Hot],
    pub(crate) parts: &'a [BoxParts],
    pub(crate) projection: &'a Projection,
    pub(crate) perspective_scaling: f64,
    pub(crate) cells: &'a WorldCells,
    pub(crate) in_reach: &'a [Reach],
    /// Labels per run of the parallel passes ([`crate::util::runs::in_runs`]).
    pub(crate) run: usize,
}

impl Viewer<'_> {
    /// The sight of label `i`, its last frame's byte `memo`: [`Sight::Far`] unprojected if its
    /// world cell cannot reach the screen and it is not drawn (a drawn label has a pose).
    #[inline(always)]
    pub(crate) fn sight(&self, i: usize, memo: u8) -> Sight {
        if self.in_reach[self.cells.cell_of(i)] != Reach::Out || memo & bits::DRAWN != 0 {
            sight(&self.parts[i], &self.hot[i], self.projection, self.perspective_scaling)
        } else {
            Sight::Far
        }
    }

    /// [`Self::sight`] of a symbol ([`symbol_sight`]: some part at some position in view).
    #[inline]
    pub(crate) fn symbol_sight(&self, i: usize, memo: u8) -> Sight {
        if self.in_reach[self.cells.cell_of(i)] == Reach::Out && memo & bits::DRAWN == 0 {
            Sight::Far
        } else {
            symbol_sight(&self.labels[i], &self.hot[i], self.projection, self.perspective_scaling)
        }
    }

    /// `Ok` if label `i` (last frame's byte `memo`) is in view, else its sight (off screen, far
    /// or behind): the test of a label that needs no pose while it stays in view, with one
    /// projection at most. Its world cell ([`Reach::Inside`]) or the quick test of its anchor
    /// settles most labels in view without building the box.
    #[inline(always)]
    pub(crate) fn sight_unless_in_view(&self, i: usize, memo: u8) -> Result<(), Sight> {
        self.sight_unless_inside(i, memo, || self.anchor_inside(i))
    }

    /// Whether [`Self::sight_unless_in_view`] is `Ok`, label `i`'s anchor projected to `p`.
    #[inline]
    pub(crate) fn in_view_at(&self, i: usize, memo: u8, p: &Projected) -> bool {
        self.sight_unless_inside(i, memo, || self.anchor_inside_at(i, p)).is_ok()
    }

    /// [`Self::sight_unless_in_view`] with the quick test of the anchor as `anchor_inside`.
    #[inline(always)]
    fn sight_unless_inside(&self, i: usize, memo: u8, anchor_inside: impl FnOnce() -> bool) -> Result<(), Sight> {
        match self.in_reach[self.cells.cell_of(i)] {
            Reach::Inside => Ok(()),
            Reach::Out if memo & bits::DRAWN == 0 => Err(Sight::Far),
            _ if anchor_inside() => Ok(()),
            _ => match sight(&self.parts[i], &self.hot[i], self.projection, self.perspective_scaling) {
                Sight::In(_) => Ok(()),
                away => Err(away),
            },
        }
    }

    /// How far label `i`'s box can move on screen, keeping its shape, and still meet the
    /// viewport's interior, less a hair for the rounding of its projection and of its box in
    /// f32 (not positive if it may not meet it now); and its anchor's distance from the
    /// viewport's centre on the ground (`|w·(x − c)|`, px; the distance on screen without
    /// pitch).
    ///
    /// The box holds the disc of radius `r` (its smaller half extent) around its centre, so it
    /// meets the viewport's interior while its centre lies closer than `r` to the viewport: the
    /// room is `r` less the centre's signed distance from the viewport (negative inside).
    pub(crate) fn room_inside(&self, i: usize) -> (f64, f64) {
        let hot = &self.hot[i];
        let Some(p) = self.projection.project(hot.position) else { return (0.0, 0.0) };
        let pose = pose_at(hot, &p, self.projection, self.perspective_scaling);
        let obb = self.parts[i].on_screen(&pose, 0.0);
        let (center, size) = (obb.center, self.projection.camera().size);
        let outside = (-center).max(center - size).max(DVec2::ZERO);
        let signed = if outside == DVec2::ZERO { -center.min(size - center).min_element() } else { outside.length() };
        // Meeting the viewport is overlapping it by more than τ (contract §4).
        (f64::from(obb.half.min_element()) - signed - ROUNDING_PX - TOLERANCE, p.ground.length())
    }

    /// Whether label `i`'s anchor passes the projection stage's quick test (inside the viewport
    /// by its reach and padding, so its box meets the viewport), without building its pose.
    #[inline(always)]
    pub(crate) fn anchor_inside(&self, i: usize) -> bool {
        self.projection.project(self.hot[i].position).is_some_and(|p| self.anchor_inside_at(i, &p))
    }

    /// [`Self::anchor_inside`] for label `i` whose anchor projects to `p`.
    #[inline(always)]
    fn anchor_inside_at(&self, i: usize, p: &Projected) -> bool {
        let r = self.hot[i].reach_px(label_scale(p.perspective, self.perspective_scaling));
        inside_by(p.screen, p.screen, r, self.projection.camera().size)
    }
}

/// What [`Viewer::room_inside`] keeps back for rounding, px: boxes are built in f32, whose
/// step is 0.0078 px at 65,536 px (the largest viewport), less below, and the overlap test
/// rounds too.
const ROUNDING_PX: f64 = 0.01;
