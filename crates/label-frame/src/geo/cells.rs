//! The world-space cull: labels binned by their anchor into a grid of world cells once, when
//! the labels are set, so that a frame projects only the labels of cells that can reach the
//! screen.
//!
//! Every point of a label's box lies within `reach · scale + √2 · padding` px of its anchor on
//! screen (the projection stage's bounds test). Within a cell, anchors project inside the
//! projected cell: the projection maps the ground plane in front of the camera by a
//! perspective map, which keeps lines straight, so the cell's four projected corners bound it,
//! and the perspective factor (hence a label's scale) is largest at one of them. A cell whose
//! projected corners, grown by its labels' largest reach at that scale plus the largest reach of
//! their padding, miss the viewport holds only labels that miss it too. Cells with a corner behind
//! the camera are always kept (their labels are projected one by one).

use glam::DVec2;

use crate::geo::projection::Projection;
use crate::geo::sight::{inside_by, label_scale};
use crate::state::hot::Hot;
use crate::util::bits::BLOCK;

/// Cells a side of the grid, at most.
const MAX_SIDE: usize = 32;
/// About this many labels per cell, at least, when there are few labels.
const LABELS_PER_CELL: usize = 8;

/// How far, at least, a zoom in must take the labels of a [`Reach::Receding`] cell further
/// from the viewport, px: more than the rounding of two frames' tests of their boxes (built
/// in f32, see `ROUNDING_PX` in `project.rs`).
const RECEDE_PX: f64 = 0.05;

/// Where a world cell's labels are in one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Every one of its labels misses the viewport.
    Out,
    /// Its labels have to be projected to tell.
    Edge,
    /// As [`Reach::Edge`], but the camera zoomed in about a point so far inside the viewport
    /// since the last frame that its labels whose box missed the viewport then miss it now
    /// (see [`WorldCells::in_reach`]).
    Receding,
    /// Every one of its labels has its anchor inside the viewport by its reach and padding (the
    /// projection stage's quick test), so its box meets the viewport.
    Inside,
}

/// The grid of world cells over the labels' anchors.
#[derive(Clone, Debug, Default)]
pub(crate) struct WorldCells {
    /// Corner of cell (0, 0), world px.
    origin: DVec2,
    /// Size of a cell, world px.
    cell: DVec2,
    side: usize,
    /// Per cell: the largest `reach` and the largest `padding_reach` of its labels (0 when
    /// empty).
    reach: Vec<f64>,
    padding: Vec<f64>,
    /// Per label: its cell.
    cell_of: Vec<u16>,
    /// Per block of [`BLOCK`] labels: the cells its labels are in, if at most two
    /// ([`NO_CELL`] fills the rest), else `[MANY_CELLS; 2]`.
    block_cells: Vec<[u16; 2]>,
    /// Per block of at most two cells: bit `j` set if its `j`-th label is in the first.
    in_first_cell: Vec<u64>,
}

/// In [`WorldCells::block_cells`]: no cell.
const NO_CELL: u16 = u16::MAX;
/// In [`WorldCells::block_cells`]: the block's labels are in more than two cells.
const MANY_CELLS: u16 = u16::MAX - 1;

impl WorldCells {
    /// Bins `hot` (every label's projection data) by anchor.
    pub(crate) fn new(hot: &[Hot]) -> Self {
        let Some((lo, hi)) = hot.iter().map(|h| (h.position, h.position)).reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)))
        else {
            return Self::default();
        };
        let side = ((hot.len() / LABELS_PER_CELL) as f64).sqrt().clamp(1.0, MAX_SIDE as f64) as usize;
        // A little larger than the extent, so that the last anchors fall inside the last cell.
        let cell = ((hi - lo) / side as f64).max(DVec2::splat(f64::MIN_POSITIVE)) * (1.0 + 1e-9);
        let mut cells = Self {
            origin: lo,
            cell,
            side,
            reach: vec![0.0; side * side],
            padding: vec![0.0; side * side],
            cell_of: Vec::with_capacity(hot.len()),
            block_cells: Vec::with_capacity(hot.len().div_ceil(BLOCK)),
            in_first_cell: Vec::with_capacity(hot.len().div_ceil(BLOCK)),
        };
        for h in hot {
            let c = cells.cell_at(h.position);
            cells.reach[c] = cells.reach[c].max(h.reach);
            cells.padding[c] = cells.padding[c].max(h.padding_reach);
            cells.cell_of.push(c as u16);
        }
        for block in cells.cell_of.chunks(BLOCK) {
            let seen = block.iter().fold([NO_CELL; 2], |seen, &c| match seen {
                [a, _] if a == c || a == NO_CELL => [c, seen[1]],
                [_, b] if b == c || b == NO_CELL => [seen[0], c],
                _ => [MANY_CELLS; 2],
            });
            cells.block_cells.push(seen);
            cells.in_first_cell.push(block.iter().enumerate().fold(0, |m, (j, &c)| m | u64::from(c == seen[0]) << j));
        }
        cells
    }

    /// The labels of block `block` (bit `j` for its `j`-th) whose cell holds only labels that
    /// miss the viewport or recede from it (`in_reach`: this frame's [`Self::in_reach`]); none
    /// if the block's labels are in more than two cells.
    #[inline]
    pub(crate) fn block_away(&self, block: usize, in_reach: &[Reach]) -> u64 {
        let [a, b] = self.block_cells[block];
        if a == MANY_CELLS {
            return 0;
        }
        let away = |c: u16| c != NO_CELL && matches!(in_reach[usize::from(c)], Reach::Out | Reach::Receding);
        let first = self.in_first_cell[block];
        (if away(a) { first } else { 0 }) | (if away(b) { !first } else { 0 })
    }

    /// The cell of a world point of the extent.
    fn cell_at(&self, p: DVec2) -> usize {
        let k = ((p - self.origin) / self.cell).as_uvec2();
        let clamp = |v: u32| (v as usize).min(self.side - 1);
        clamp(k.y) * self.side + clamp(k.x)
    }

    /// The cell of label `i`.
    #[inline]
    pub(crate) fn cell_of(&self, i: usize) -> usize {
        usize::from(self.cell_of[i])
    }

    /// Per cell, into `out`: whether its labels can meet the viewport through `projection`
    /// (labels scaled by `perspective_scaling`), whether they all surely do, and (coming from
    /// the `last` frame's projection) whether those that missed it in the last frame surely
    /// still do.
    ///
    /// The last is known when the camera only zoomed in about a point `q` that keeps its place
    /// on screen (no pitch): every anchor moves from `p` to `q + k·(p − q)`, `k > 1`. A label's
    /// box misses the viewport's interior exactly when its anchor lies outside the convex set
    /// `K` of anchor points whose box meets it, and `K` holds the disc of radius `ρ = d − r`
    /// around `q`, `d` the depth of `q` inside the viewport and `r` the label's reach: so an
    /// anchor outside `K` by `ε` (across a line that bounds `K`) lies outside it by at least
    /// `ε + (k − 1)·ρ` after the zoom. Cells whose `(k − 1)·ρ` is at least [`RECEDE_PX`]
    /// cover the rounding of the last frame's test and of this one's.
    pub(crate) fn in_reach(
        &self,
        projection: &Projection,
        last: Option<&Projection>,
        perspective_scaling: f64,
        out: &mut Vec<Reach>,
    ) {
        out.clear();
        let side = self.side;
        if side == 0 {
            return;
        }
        // The grid's corner points, projected once: `None` behind the camera.
        let mut corners: Vec<Option<(DVec2, f64)>> = Vec::with_capacity((side + 1) * (side + 1));
        corners.extend((0..=side).flat_map(|row| (0..=side).map(move |column| (column, row))).map(|(column, row)| {
            let world = self.origin + self.cell * DVec2::new(column as f64, row as f64);
            projection.project(world).map(|p| (p.screen, label_scale(p.perspective, perspective_scaling)))
        }));
        let size = projection.camera().size;
        // Of a zoom in: `d` and `k − 1` (without pitch every label has scale 1).
        let zoom_in = last.and_then(|l| l.zoom_in_about(projection)).map(|(q, k)| {
            let depth = q.x.min(q.y).min(size.x - q.x).min(size.y - q.y);
            (depth, k - 1.0)
        });
        out.extend((0..side * side).map(|c| {
            let (row, column) = (c / side, c % side);
            let at = |dr: usize, dc: usize| corners[(row + dr) * (side + 1) + column + dc];
            let [Some(a), Some(b), Some(d), Some(e)] = [at(0, 0), at(0, 1), at(1, 0), at(1, 1)] else {
                return Reach::Edge;
            };
            let lo = a.0.min(b.0).min(d.0).min(e.0);
            let hi = a.0.max(b.0).max(d.0).max(e.0);
            let scale = a.1.max(b.1).max(d.1).max(e.1);
            let r = self.reach[c] * scale + self.padding[c];
            // The same bounds tests as a label's, the cull's loosened by `<`/`>` (never culls a
            // label the per-label test would keep), the inside test's tightened by a hair for
            // the rounding of the corners' projection.
            if hi.x < -r || hi.y < -r || lo.x > size.x + r || lo.y > size.y + r {
                Reach::Out
            } else {
                if inside_by(lo, hi, r + 1e-6, size) {
                    Reach::Inside
                } else if zoom_in
                    .is_some_and(|(d, stretch)| stretch * (d - self.reach[c] - self.padding[c]) >= RECEDE_PX)
                {
                    Reach::Receding
                } else {
                    Reach::Edge
                }
            }
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geo::sight::{Sight, project_labels};
    use crate::{Alignment, Camera, WorldLabel};

    #[test]
    fn culled_cells_hold_only_labels_off_screen_and_inside_cells_only_labels_well_inside() {
        // Labels over a patch of the world, some rotated, map-aligned or padded; many cameras
        // (panned, zoomed, turned, pitched). Every label the per-label test finds on screen or
        // behind the camera is in a cell the cull keeps.
        let labels: Vec<WorldLabel> = (0..3000u32)
            .map(|k| {
                let p = DVec2::new(100.0 + f64::from(k % 60) * 0.37, 80.0 + f64::from(k / 60) * 0.41);
                WorldLabel::from_world(u64::from(k), p, 20.0 + f64::from(k % 90), 12.0)
                    .with_angle(f64::from(k % 50))
                    .with_alignment(if k % 3 == 0 { Alignment::Map } else { Alignment::Viewport })
                    .with_padding(f64::from(k % 4))
            })
            .collect();
        let hot: Vec<Hot> = labels.iter().map(Hot::new).collect();
        let cells = WorldCells::new(&hot);
        assert_eq!(cells.side, 19);
        let (mut kept, mut culled, mut inside) = (0, 0, 0);
        let mut reach = Vec::new();
        for z in 0..30 {
            let zoom = 3.0 + f64::from(z) * 0.2;
            let camera =
                Camera::new(DVec2::new(105.0 + f64::from(z), 85.0 + f64::from(z % 7) * 2.0), zoom, 900.0, 600.0)
                    .with_bearing(f64::from(z) * 23.0)
                    .with_pitch(f64::from(z % 4) * 20.0);
            let projection = Projection::new(&camera);
            cells.in_reach(&projection, None, 0.5, &mut reach);
            for (i, s) in project_labels(&labels, &projection, 0.5).iter().enumerate() {
                let c = cells.cell_of(i);
                match reach[c] {
                    Reach::Out => {
                        assert!(matches!(s, Sight::Off(_)), "label {i} in culled cell {c}: {s:?} ({camera:?})");
                        culled += 1;
                    }
                    Reach::Inside => {
                        let hot = &hot[i];
                        let p = projection.project(hot.position).expect("inside the view");
                        let r = hot.reach_px(label_scale(p.perspective, 0.5));
                        assert!(inside_by(p.screen, p.screen, r, DVec2::new(900.0, 600.0)), "label {i} in cell {c}");
                        assert!(matches!(s, Sight::In(_)));
                        inside += 1;
                    }
                    Reach::Edge | Reach::Receding => kept += 1,
                }
            }
        }
        assert!(culled > 10_000 && kept > 10_000 && inside > 5_000, "culled {culled}, kept {kept}, inside {inside}");
    }

    #[test]
    fn labels_off_screen_in_receding_cells_stay_off_screen() {
        // Long, tall, rotated and padded labels packed around the viewport's edges; zooms in by
        // small and large steps about the centre and about points moved towards every edge,
        // under several bearings. A label whose box missed the viewport before the zoom and
        // whose cell is receding after it misses it after it too (the per-label test).
        let labels: Vec<WorldLabel> = (0..4000u32)
            .map(|k| {
                let p = DVec2::new(40.0 + f64::from(k % 80) * 1.5, 44.0 + f64::from(k / 80) * 2.4);
                WorldLabel::from_world(u64::from(k), p, 10.0 + f64::from(k * 7 % 150), 8.0 + f64::from(k % 3) * 10.0)
                    .with_angle(f64::from(k * 13 % 180))
                    .with_alignment(if k % 4 == 0 { Alignment::Map } else { Alignment::Viewport })
                    .with_anchor(label_core::Anchor::ALL[k as usize % 9])
                    .with_offset(if k % 3 == 0 { f64::from(k % 7) * 30.0 - 90.0 } else { 0.0 }, f64::from(k % 3) * 8.0)
                    .with_padding(f64::from(k % 5))
            })
            .collect();
        let hot: Vec<Hot> = labels.iter().map(Hot::new).collect();
        let cells = WorldCells::new(&hot);
        let (mut checked, mut receding) = (0, 0);
        let mut reach = Vec::new();
        for (case, step) in [1e-3, 0.01, 0.05, 0.3, 1.0].into_iter().enumerate() {
            for (bearing, towards) in
                [(0.0, (0.0, 0.0)), (0.0, (1.0, 0.0)), (20.0, (1.0, 0.0)), (-70.0, (-0.7, 0.7)), (180.0, (0.2, -1.0))]
            {
                let before =
                    Camera::new(DVec2::new(100.0, 104.0), 4.0 + case as f64 * 0.3, 900.0, 600.0).with_bearing(bearing);
                let (a, b) = (Projection::new(&before), Projection::new(&before.with_zoom(before.zoom + step)));
                // The same zoom about points moved from the centre towards an edge, two near it
                // (one closer than some labels' offsets) and one beyond it.
                let pinned = |reach: f64| {
                    let q = DVec2::new(towards.0, towards.1) * 2.0f64.powf(-before.zoom) * reach;
                    let after = before.with_zoom(before.zoom + step);
                    Projection::new(&after.with_center(before.center + q - q * 2.0f64.powf(-step)))
                };
                for (a, b) in [(a, b), (a, pinned(380.0)), (a, pinned(440.0)), (a, pinned(900.0))] {
                    cells.in_reach(&b, Some(&a), 0.5, &mut reach);
                    let (then, now) = (project_labels(&labels, &a, 0.5), project_labels(&labels, &b, 0.5));
                    for (i, (then, now)) in then.iter().zip(&now).enumerate() {
                        if reach[cells.cell_of(i)] != Reach::Receding {
                            continue;
                        }
                        receding += 1;
                        if matches!(then, Sight::Off(_)) {
                            assert!(matches!(now, Sight::Off(_)), "label {i} came into view: {then:?} → {now:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 5_000 && receding > checked, "checked {checked} of {receding}");
    }

    #[test]
    fn a_zoom_in_about_a_point_nearer_the_edge_than_a_reach_does_not_recede() {
        // A label whose box is offset 90 px right of its anchor: the anchor lies in the
        // viewport, 50 px from its right edge, and the box beyond it. A zoom in by 2 about a point
        // 10 px from that edge takes the anchor 40 px further left, and the box into view.
        let center = DVec2::new(100.0, 100.0);
        let before = Camera::new(center, 4.0, 900.0, 600.0);
        let label =
            WorldLabel::from_world(1, center + DVec2::new(400.0, 0.0) / 16.0, 10.0, 10.0).with_offset(90.0, 0.0);
        let q = center + DVec2::new(440.0, 0.0) / 16.0;
        let after = before.with_zoom(5.0).with_center(q + (center - q) * 0.5);
        let (a, b) = (Projection::new(&before), Projection::new(&after));
        assert_eq!(a.zoom_in_about(&b).map(|(q, k)| (q.x, k)), Some((890.0, 2.0)));
        let sights = [&a, &b].map(|p| project_labels(std::slice::from_ref(&label), p, 0.0)[0]);
        assert!(matches!(sights, [Sight::Off(_), Sight::In(_)]), "{sights:?}");
        let cells = WorldCells::new(&[Hot::new(&label)]);
        let mut reach = Vec::new();
        cells.in_reach(&b, Some(&a), 0.0, &mut reach);
        assert_eq!(reach, [Reach::Edge]);
    }

    #[test]
    fn frames_are_the_same_whether_cells_recede_or_not() {
        // Labels spread well beyond the viewport; the camera zooms in about its centre and about
        // points that move (the centre moving with the zoom), by small and large steps, pans,
        // zooms out and turns in between. An engine whose cells never recede must compute the
        // same frames, counts and poses.
        let labels = crate::testing::patch(DVec2::new(60.0, 40.0), 0.2);
        let cameras: Vec<Camera> = (0..220)
            .map(|k| {
                let t = f64::from(k);
                let c = Camera::new(DVec2::new(110.0, 88.0), 2.5, 900.0, 600.0);
                match k {
                    0..50 => c.with_zoom(2.5 + t * 0.02),
                    50..60 => c.with_zoom(3.5).with_center(DVec2::new(110.0 + (t - 50.0) * 0.5, 88.0)),
                    // Zooming in on a point off the centre, in steps of a hundredth and of a tenth.
                    60..100 => c
                        .with_zoom(3.5 + (t - 60.0) * if k < 80 { 0.01 } else { 0.1 })
                        .with_center(DVec2::new(115.0 + (t - 60.0) * 0.1, 88.0 - (t - 60.0) * 0.05)),
                    100..130 => c.with_zoom(6.0 - (t - 100.0) * 0.05).with_bearing((t - 100.0) * 3.0),
                    130..160 => c.with_zoom(4.5 + (t - 130.0) * 0.03).with_bearing(90.0),
                    // A slow zoom in while panning fast: the point that keeps its place lies far
                    // off screen, and labels come in at the edge the pan goes to.
                    _ => c
                        .with_zoom(4.0 + (t - 160.0) * 0.003)
                        .with_center(DVec2::new(100.0 + (t - 160.0) * 0.4, 88.0 + (t - 160.0) * 0.1)),
                }
            })
            .collect();
        let mut receded = 0;
        let never_recede = crate::Shortcuts { recede: false, ..crate::Shortcuts::ALL };
        crate::testing::play_alongside(&labels, &cameras, never_recede, |_, receding, not| {
            receded += usize::from(receding.receding_cells() > 0);
            assert_eq!(not.receding_cells(), 0);
        });
        assert!(receded > 100, "{receded} frames with receding cells");
    }
}
