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
use crate::geo::projection::label_scale;
use crate::geo::sight::inside_by;
use crate::state::hot::Hot;

/// Cells a side of the grid, at most.
const MAX_SIDE: usize = 32;
/// About this many labels per cell, at least, when there are few labels.
const LABELS_PER_CELL: usize = 8;

/// Where a world cell's labels are in one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Every one of its labels misses the viewport.
    Out,
    /// Its labels have to be projected to tell.
    Edge,
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
}

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
        };
        for h in hot {
            let c = cells.cell_at(h.position);
            cells.reach[c] = cells.reach[c].max(h.reach);
            cells.padding[c] = cells.padding[c].max(h.padding_reach);
            cells.cell_of.push(c as u16);
        }
        cells
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
    /// (labels scaled by `perspective_scaling`), and whether they all surely do.
    pub(crate) fn in_reach(&self, projection: &Projection, perspective_scaling: f64, out: &mut Vec<Reach>) {
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
            } else if inside_by(lo, hi, r + 1e-6, size) {
                Reach::Inside
            } else {
                Reach::Edge
            }
        }));
    }
}

#[cfg(test)]
#[path = "cells_tests.rs"]
mod tests;
