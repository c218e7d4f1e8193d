//! The projection stage of a frame: every label's pose on screen, and whether its box meets
//! the viewport (in parallel; each label on its own, so the result does not depend on the
//! thread count).

use std::sync::atomic::{AtomicU8, Ordering};

use glam::DVec2;
use label_core::Obb;

use rayon::prelude::*;

use crate::geo::cells::{Reach, WorldCells};
use crate::label::BoxParts;
use crate::shortcuts::dormant::Dormant;
use crate::shortcuts::quiet::{BLOCK, QuietBlocks};
use crate::state::memo::bits;
use crate::util::runs::in_runs;
use crate::{Alignment, Projected, Projection, ScreenPose, WorldLabel};

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

/// An angle in degrees turned by 180° if needed into `(-90, 90]`, so that text reads left to
/// right (or bottom to top at exactly 90°).
#[must_use]
pub(crate) fn upright(degrees: f64) -> f64 {
    let a = degrees.rem_euclid(360.0);
    if a > 270.0 {
        a - 360.0
    } else if a > 90.0 {
        a - 180.0
    } else {
        a
    }
}

/// What the projection stage reads of a label, packed: a third of a `WorldLabel`'s bytes, so
/// that projecting tens of thousands of labels per frame streams less memory. The box's parts
/// ([`BoxParts`]) are read only for labels across the viewport's edge.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hot {
    pub(crate) position: DVec2,
    /// How far the box (without padding) reaches from the anchor point at scale 1, px.
    pub(crate) reach: f64,
    /// How much further its padding takes it, px: the padding moves a corner by `(p, p)` in
    /// the box's axes, so by `√2·p` (rounded up a hair).
    pub(crate) padding_reach: f64,
    angle: f64,
    map_aligned: bool,
    keep_upright: bool,
}

impl Hot {
    pub(crate) fn new(label: &WorldLabel) -> Self {
        Self {
            position: label.position,
            reach: label.reach(),
            padding_reach: label.padding * (std::f64::consts::SQRT_2 + 1e-12),
            angle: label.angle,
            map_aligned: label.alignment == Alignment::Map,
            keep_upright: label.keep_upright,
        }
    }

    /// How far every point of the box (with its padding) lies from the anchor point at most, on
    /// screen at `scale`, px.
    #[inline]
    pub(crate) fn reach_px(&self, scale: f64) -> f64 {
        self.reach * scale + self.padding_reach
    }
}

/// A label's size factor at a point whose perspective factor is `perspective` (`D/z`), with
/// [`crate::FrameOptions::perspective_scaling`] `s`: `1 + s·(D/z − 1)`.
#[must_use]
#[inline]
pub(crate) fn label_scale(perspective: f64, s: f64) -> f64 {
    1.0 + s * (perspective - 1.0)
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
fn pose_at(hot: &Hot, p: &Projected, projection: &Projection, perspective_scaling: f64) -> ScreenPose {
    let scale = label_scale(p.perspective, perspective_scaling);
    let angle = if hot.map_aligned {
        let a = projection.screen_angle(p, hot.angle);
        if hot.keep_upright { upright(a) } else { a }
    } else {
        hot.angle
    };
    ScreenPose { position: p.screen, angle, scale }
}

/// The pose of one label, and whether it is in sight.
#[must_use]
#[inline(always)]
pub(crate) fn sight(parts: &BoxParts, hot: &Hot, projection: &Projection, perspective_scaling: f64) -> Sight {
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
    // Across the edge: the exact test, as the core's culling does it (DESIGN §4 step 1).
    let obb = parts.on_screen(&pose, 0.0);
    if Obb::from_aabb(&projection.viewport()).overlaps(&obb) { Sight::In(pose) } else { Sight::Off(pose) }
}

/// The projection stage on its own: every label's [`Sight`] through `projection`, with labels
/// scaled by `perspective_scaling` (see [`crate::FrameOptions::perspective_scaling`]), none
/// culled in world space. The same result on any thread count. This is the first stage of
/// every frame; it is public for renderers that place labels their own way, and for benchmarks.
/// Positions are taken as given: no copies of the world (a frame engine with
/// [`crate::FrameOptions::world_copies`] moves each label into the copy nearest the camera
/// first; move them so before calling this to get the same).
#[must_use]
pub fn project_labels(labels: &[WorldLabel], projection: &Projection, perspective_scaling: f64) -> Vec<Sight> {
    labels.par_iter().map(|l| sight_of(l, projection, perspective_scaling)).collect()
}

/// One label's [`Sight`], as [`project_labels`] finds it.
#[must_use]
pub(crate) fn sight_of(label: &WorldLabel, projection: &Projection, perspective_scaling: f64) -> Sight {
    sight(&BoxParts::new(label), &Hot::new(label), projection, perspective_scaling)
}

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
    /// The sight of label `i`, whose last frame's byte is `memo` ([`crate::state::memo::bits`]):
    /// [`Sight::Far`] without projecting it if its world cell cannot reach the screen and it is
    /// not drawn (a label drawn has a pose).
    #[inline(always)]
    pub(crate) fn sight(&self, i: usize, memo: u8) -> Sight {
        if self.in_reach[self.cells.cell_of(i)] != Reach::Out || memo & bits::DRAWN != 0 {
            sight(&self.parts[i], &self.hot[i], self.projection, self.perspective_scaling)
        } else {
            Sight::Far
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

    /// [`Self::sight_unless_in_view`] is `Ok`, for label `i` whose anchor projects to `p`.
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
        let (center, size) = (obb.center.as_dvec2(), self.projection.camera().size);
        let outside = (-center).max(center - size).max(DVec2::ZERO);
        let signed = if outside == DVec2::ZERO { -center.min(size - center).min_element() } else { outside.length() };
        (f64::from(obb.half.min_element()) - signed - ROUNDING_PX, p.ground.length())
    }

    /// Whether label `i`'s anchor passes the projection stage's quick test (inside the viewport
    /// by its reach and padding, so its box meets the viewport), without building its pose.
    #[inline(always)]
    fn anchor_inside(&self, i: usize) -> bool {
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

/// The sight of every label but those `deferred` (which keep their entry in `out`) into `out`,
/// whose allocation and entries are kept from frame to frame; `memo` holds the bytes of the
/// labels' last frame ([`crate::state::memo::bits`]), and gets [`bits::QUIET`] set on the labels
/// that stay out of view undrawn (their entry in `out` is not written) and cleared on the
/// others; `quiet` learns which blocks of labels are all quiet now, and blocks all quiet whose
/// cells are still out of reach are skipped, as are the `dormant` labels (all `deferred`).
/// Returns the labels in sight and not deferred, ascending, in the allocation of `in_sight`
/// (the last frame's list, emptied here).
pub(crate) fn project_all(
    viewer: &Viewer,
    memo: &[AtomicU8],
    (quiet, dormant): (&QuietBlocks, &Dormant),
    deferred: impl Fn(usize, u8) -> bool + Sync,
    out: &mut Vec<Sight>,
    mut in_sight: Vec<u32>,
) -> Vec<u32> {
    out.resize(memo.len(), Sight::Far);
    in_sight.clear();
    in_runs(
        viewer.run,
        in_sight,
        out,
        |mut in_sight, start, run| {
            for (k, (block, memo)) in run.chunks_mut(BLOCK).zip(memo[start..].chunks(BLOCK)).enumerate() {
                let first = start + k * BLOCK;
                let b = first / BLOCK;
                let (skip, all) = quiet.skipped(b, viewer.cells, viewer.in_reach);
                if all {
                    continue;
                }
                // Dormant labels wait (hidden in view, asleep): they would be deferred.
                let mut now = quiet.of(b);
                dormant.each_awake(first, block, skip, |i, s| {
                    visit(viewer, &deferred, &mut in_sight, i, s, &memo[i - first], &mut now)
                });
                quiet.learn(b, now);
            }
            in_sight
        },
        |mut a, b| {
            a.extend(b);
            a
        },
    )
}

/// [`project_all`] for label `i`, whose byte is `m` and entry `s`; `quiet` has bit `i % 64`
/// set if it is quiet, and is kept so.
#[inline(always)]
fn visit(
    viewer: &Viewer,
    deferred: &impl Fn(usize, u8) -> bool,
    in_sight: &mut Vec<u32>,
    i: usize,
    s: &mut Sight,
    m: &AtomicU8,
    quiet: &mut u64,
) {
    let byte = m.load(Ordering::Relaxed);
    if byte & bits::QUIET != 0 && matches!(viewer.in_reach[viewer.cells.cell_of(i)], Reach::Out | Reach::Receding) {
        // Quiet (out of view, undrawn) and still out of view: nothing to do.
        return;
    }
    if deferred(i, byte) {
        return;
    }
    let now = viewer.sight(i, byte);
    if byte & bits::FAR != 0 && matches!(now, Sight::Far | Sight::Off(_)) {
        // Out of view and not drawn, as it was: its entry (and its sight) stay.
        if byte & bits::QUIET == 0 {
            m.store(byte | bits::QUIET, Ordering::Relaxed);
            *quiet |= 1 << (i % BLOCK);
        }
        return;
    }
    if byte & bits::QUIET != 0 {
        m.store(byte & !bits::QUIET, Ordering::Relaxed);
        *quiet &= !(1 << (i % BLOCK));
    }
    if matches!(now, Sight::In(_)) {
        in_sight.push(i as u32);
    }
    *s = now;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Camera;

    #[test]
    fn upright_keeps_text_readable() {
        assert_eq!(upright(0.0), 0.0);
        assert_eq!(upright(90.0), 90.0);
        assert_eq!(upright(-90.0), 90.0);
        assert_eq!(upright(135.0), -45.0);
        assert_eq!(upright(-135.0), 45.0);
        assert_eq!(upright(270.0), 90.0);
        assert_eq!(upright(300.0), -60.0);
        assert_eq!(upright(-30.0), -30.0);
    }

    #[test]
    fn bounds_and_the_exact_test_agree_with_the_box() {
        // A grid of labels around the viewport's edges, some rotated; each one's sight must be
        // what the exact box test says.
        let camera = Camera::new(DVec2::new(100.0, 100.0), 3.0, 320.0, 200.0);
        let projection = Projection::new(&camera);
        let view = Obb::from_aabb(&projection.viewport());
        let mut checked = [0usize; 2];
        for i in 0..60 {
            for j in 0..40 {
                let world = DVec2::new(100.0 + (f64::from(i) - 30.0) * 0.75, 100.0 + (f64::from(j) - 20.0) * 0.75);
                let label = WorldLabel::from_world(0, world, 30.0, 8.0)
                    .with_angle(f64::from(i * 7 + j))
                    .with_anchor(label_core::Anchor::ALL[(i + j) as usize % 9])
                    .with_padding(f64::from(j % 3) * f64::from(1 + i % 7));
                let s = sight_of(&label, &projection, 0.5);
                let pose = s.pose().unwrap();
                let exact = view.overlaps(&label.on_screen(&pose, 0.0).obb());
                assert_eq!(matches!(s, Sight::In(_)), exact, "{label:?} at {pose:?}");
                checked[usize::from(exact)] += 1;
            }
        }
        assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
    }

    #[test]
    fn a_box_moved_by_less_than_its_room_still_meets_the_viewport() {
        // Labels across and near the viewport's edges, rotated, with every anchor and some
        // padding; a camera without pitch. Each box moved by its room in 24 directions still
        // meets the viewport, and most labels across the edge have room (their anchor fails the
        // quick test, so only the box's room can make them dormant).
        let camera = Camera::new(DVec2::new(100.0, 100.0), 3.0, 320.0, 200.0).with_bearing(20.0);
        let projection = Projection::new(&camera);
        let labels: Vec<WorldLabel> = (0..2400)
            .map(|k| {
                let (i, j) = (f64::from(k % 60), f64::from(k / 60));
                let world = DVec2::new(100.0 + (i - 30.0) * 0.75, 100.0 + (j - 20.0) * 0.75);
                WorldLabel::from_world(0, world, 30.0 + f64::from(k % 7) * 9.0, 8.0)
                    .with_angle(f64::from(k * 7 % 360))
                    .with_anchor(label_core::Anchor::ALL[k as usize % 9])
                    .with_padding(f64::from(k % 3))
            })
            .collect();
        let hot: Vec<Hot> = labels.iter().map(Hot::new).collect();
        let parts: Vec<BoxParts> = labels.iter().map(BoxParts::new).collect();
        let cells = WorldCells::new(&hot);
        let mut in_reach = Vec::new();
        cells.in_reach(&projection, None, 0.0, &mut in_reach);
        let viewer = Viewer {
            labels: &labels,
            hot: &hot,
            parts: &parts,
            projection: &projection,
            perspective_scaling: 0.0,
            cells: &cells,
            in_reach: &in_reach,
            run: crate::util::runs::RUN,
        };
        let view = Obb::from_aabb(&projection.viewport());
        let mut across_with_room = 0;
        for (i, part) in parts.iter().enumerate() {
            let (room, _) = viewer.room_inside(i);
            if room <= 0.0 {
                continue;
            }
            let obb = part.on_screen(&viewer.sight(i, 0).pose().unwrap(), 0.0);
            for k in 0..24 {
                let turn = f64::from(k) * std::f64::consts::TAU / 24.0;
                let moved = Obb { center: obb.center + (DVec2::from_angle(turn) * room).as_vec2(), ..obb };
                assert!(view.overlaps(&moved), "label {i} moved by {room} at {k}/24");
            }
            across_with_room += usize::from(!viewer.anchor_inside(i));
        }
        assert!(across_with_room > 200, "{across_with_room}");
    }

    #[test]
    fn every_corner_of_a_padded_box_lies_within_its_reach() {
        // The bounds tests (a label's, a world cell's) rest on this, at any scale.
        for k in 0..2000u32 {
            let label = WorldLabel::from_world(0, DVec2::ZERO, 10.0 + f64::from(k % 97), 4.0 + f64::from(k % 13))
                .with_angle(f64::from(k % 360) * 0.5)
                .with_anchor(label_core::Anchor::ALL[k as usize % 9])
                .with_offset(f64::from(k % 5) - 2.0, f64::from(k % 3))
                .with_padding(f64::from(k % 21));
            let hot = Hot::new(&label);
            for scale in [0.4, 1.0, 1.7] {
                let pose = ScreenPose { position: DVec2::ZERO, angle: label.angle, scale };
                let obb = label.on_screen(&pose, 0.0).obb();
                let far = obb.corners().iter().map(|c| f64::from(c.length())).fold(0.0, f64::max);
                assert!(far <= hot.reach_px(scale) + 1e-3, "{label:?} at {scale}: {far} > {}", hot.reach_px(scale));
            }
        }
    }
}
