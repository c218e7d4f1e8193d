//! The parts of the placed, blocking labels, in a uniform grid that grows as the pass places
//! them.
//!
//! A placed part is listed in every cell its bounds meet. A label reads, once, the cells that
//! the bounds of all its parts (at every position) meet, and keeps the placed parts whose
//! bounds meet those bounds, each once, in placement order — a handful — then tests each of
//! its parts against them: one walk over the grid per label, however many positions and parts
//! it has.

use glam::Vec2;
use rayon::prelude::*;

use super::parts::Entry;
use crate::{Aabb, Obb, collides};

/// A placed part, by the rank (placement order) of its label.
#[derive(Clone, Copy, Debug)]
struct Placed {
    bounds: Aabb,
    obb: Obb,
    rank: u32,
}

/// The grid of placed parts.
pub(super) struct PlacedParts {
    origin: Vec2,
    inv_cell: f32,
    columns: usize,
    rows: usize,
    /// By cell: the placed parts whose bounds meet it — their bounds (read in sequence while
    /// gathering) and index into `placed`.
    cells: Vec<Vec<(Aabb, u32)>>,
    placed: Vec<Placed>,
    /// By placed part: the last label (rank + 1) that gathered it, so that a part listed in
    /// several cells is kept once.
    seen: Vec<u32>,
    /// The placed parts near the label being decided, in placement order.
    near: Vec<Placed>,
    max_overlap_area: f32,
    /// Exact tests run so far.
    pub tests: usize,
}

impl PlacedParts {
    /// At most this many cells a side.
    const MAX_SIDE: usize = 4096;
    /// About this many labels per cell when the cell size is automatic.
    const LABELS_PER_CELL: f32 = 8.0;

    /// A grid over the labels in view: cells of `cell_size` px when given, else of about
    /// [`Self::LABELS_PER_CELL`] labels. Parts beyond the labels' extent go to the border
    /// cells (clamping keeps every pair of meeting bounds in a shared cell).
    pub fn new(entries: &[Entry], cell_size: Option<f32>, max_overlap_area: f32) -> Self {
        let extent = entries
            .par_iter()
            .filter(|e| e.in_view)
            .map(|e| (e.bounds, 1usize))
            .reduce_with(|a, b| (a.0.union(&b.0), a.1 + b.1));
        let (extent, count) = extent.unwrap_or((Aabb::from_corners(Vec2::ZERO, Vec2::ONE), 0));
        let size = extent.size().max(Vec2::ONE);
        let auto = || (size.x * size.y * Self::LABELS_PER_CELL / count.max(1) as f32).sqrt();
        let cell = cell_size.unwrap_or_else(auto).max(size.max_element() / Self::MAX_SIDE as f32).max(1e-3);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, Self::MAX_SIDE);
        let (columns, rows) = (side(size.x), side(size.y));
        Self {
            origin: extent.min,
            inv_cell: 1.0 / cell,
            columns,
            rows,
            cells: vec![Vec::new(); columns * rows],
            placed: Vec::new(),
            seen: Vec::new(),
            near: Vec::new(),
            max_overlap_area,
            tests: 0,
        }
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The cells `bounds` meets, clamped to the grid: columns `x0..=x1`, rows `y0..=y1`.
    fn span(&self, bounds: &Aabb) -> [usize; 4] {
        let lo = (bounds.min - self.origin) * self.inv_cell;
        let hi = (bounds.max - self.origin) * self.inv_cell;
        // Through u32, whose saturating cast from f32 is cheaper than usize's.
        let cell = |v: f32, n: usize| (v.max(0.0) as u32 as usize).min(n - 1);
        [cell(lo.x, self.columns), cell(lo.y, self.rows), cell(hi.x, self.columns), cell(hi.y, self.rows)]
    }

    /// Lists a placed part of the label of rank `rank`.
    pub fn insert(&mut self, obb: &Obb, rank: u32) {
        let bounds = obb.bounds();
        let index = self.placed.len() as u32;
        self.placed.push(Placed { bounds, obb: *obb, rank });
        self.seen.push(0);
        let [x0, y0, x1, y1] = self.span(&bounds);
        for row in y0..=y1 {
            for cell in &mut self.cells[row * self.columns + x0..=row * self.columns + x1] {
                cell.push((bounds, index));
            }
        }
    }

    /// Gathers the placed parts whose bounds meet `bounds`, the bounds of every part of the
    /// label of rank `rank`, in placement order.
    pub fn gather(&mut self, rank: usize, bounds: &Aabb) {
        self.near.clear();
        let stamp = rank as u32 + 1;
        let [x0, y0, x1, y1] = self.span(bounds);
        for row in y0..=y1 {
            for cell in &self.cells[row * self.columns + x0..=row * self.columns + x1] {
                for &(b, k) in cell {
                    if b.intersects_closed(bounds) && self.seen[k as usize] != stamp {
                        self.seen[k as usize] = stamp;
                        self.near.push(self.placed[k as usize]);
                    }
                }
            }
        }
        // Parts are numbered in placement order.
        self.near.sort_unstable_by_key(|p| p.rank);
    }

    /// The lowest rank of a label with a placed part that `obb`, a part of the label last
    /// [gathered](Self::gather) for, collides with (contract §3, `obb` the later box).
    pub fn earliest(&mut self, obb: &Obb) -> Option<u32> {
        let bounds = obb.bounds();
        for e in &self.near {
            if e.bounds.intersects_closed(&bounds) {
                self.tests += 1;
                if collides(obb, &e.obb, self.max_overlap_area) {
                    return Some(e.rank);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placed_part_near_a_label_is_gathered_once_in_placement_order() {
        let b = |x: f32, y: f32, w: f32| Obb::from_aabb(&Aabb::from_corners(Vec2::new(x, y), Vec2::new(x + w, y + w)));
        let entry = |bounds: Aabb| Entry { in_view: true, bounds, ..Entry::EMPTY };
        let entries = [entry(b(0.0, 0.0, 100.0).bounds()), entry(b(90.0, 90.0, 20.0).bounds())];
        for cell in [None, Some(1.0), Some(7.0), Some(1000.0)] {
            let mut grid = PlacedParts::new(&entries, cell, 0.0);
            grid.insert(&b(20.0, 20.0, 30.0), 5);
            grid.insert(&b(0.0, 0.0, 30.0), 3);
            grid.insert(&b(200.0, 200.0, 10.0), 9); // beyond the extent: the border cells
            grid.insert(&b(-50.0, -50.0, 1000.0), 11);
            grid.gather(12, &b(25.0, 25.0, 2.0).bounds());
            assert_eq!(grid.near.iter().map(|p| p.rank).collect::<Vec<_>>(), [3, 5, 11], "{cell:?}");
            assert_eq!(grid.earliest(&b(25.0, 25.0, 2.0)), Some(3));
            grid.gather(13, &b(205.0, 205.0, 1.0).bounds());
            assert_eq!(grid.earliest(&b(205.0, 205.0, 1.0)), Some(9));
            grid.gather(14, &b(30.0, 0.0, 5.0).bounds());
            assert_eq!(grid.earliest(&b(30.0, 0.0, 5.0)), Some(11), "touching the first, inside the big one");
        }
    }
}
