//! The parts of the placed, blocking labels, in a uniform grid of their bounds that grows as
//! the pass places labels.

use glam::Vec2;

use crate::{Aabb, Obb, collides};

/// A placed part, by the rank (placement order) of its label.
#[derive(Clone, Copy, Debug)]
struct Placed {
    bounds: Aabb,
    obb: Obb,
    rank: u32,
}

/// Square cells over an extent; a part is listed in every cell its bounds meet (clamped to the
/// grid, so parts beyond the extent go to the border cells), in the order it was placed.
pub(super) struct PlacedParts {
    origin: Vec2,
    inv_cell: f32,
    columns: usize,
    rows: usize,
    cells: Vec<Vec<Placed>>,
    max_overlap_area: f32,
    /// Exact tests run so far.
    pub tests: usize,
}

impl PlacedParts {
    /// At most this many cells a side.
    const MAX_SIDE: usize = 4096;

    /// A grid over `extent` for `labels` labels: cells of `cell_size` px when given, otherwise
    /// about two labels' spacing a side.
    pub fn new(extent: Aabb, labels: usize, cell_size: Option<f32>, max_overlap_area: f32) -> Self {
        let size = extent.size().max(Vec2::ONE);
        let auto = || 2.0 * (size.x * size.y / labels.max(1) as f32).sqrt();
        let mut cell = cell_size.unwrap_or_else(auto).max(1e-3);
        // Few enough cells: at most MAX_SIDE a side and about four per label.
        cell = cell.max(size.max_element() / Self::MAX_SIDE as f32);
        cell = cell.max((size.x * size.y / (4 * labels.max(1)) as f32).sqrt());
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, Self::MAX_SIDE);
        let (columns, rows) = (side(size.x), side(size.y));
        Self {
            origin: extent.min,
            inv_cell: 1.0 / cell,
            columns,
            rows,
            cells: vec![Vec::new(); columns * rows],
            max_overlap_area,
            tests: 0,
        }
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The cell column and row of a point, clamped to the grid.
    fn cell(&self, p: Vec2) -> (usize, usize) {
        let q = (p - self.origin) * self.inv_cell;
        // Through u32, whose saturating cast from f32 is cheaper than usize's.
        ((q.x.max(0.0) as u32 as usize).min(self.columns - 1), (q.y.max(0.0) as u32 as usize).min(self.rows - 1))
    }

    /// Lists a placed part of the label of rank `rank`.
    pub fn insert(&mut self, obb: &Obb, rank: u32) {
        let bounds = obb.bounds();
        let ((x0, y0), (x1, y1)) = (self.cell(bounds.min), self.cell(bounds.max));
        for row in y0..=y1 {
            for cell in &mut self.cells[row * self.columns + x0..=row * self.columns + x1] {
                cell.push(Placed { bounds, obb: *obb, rank });
            }
        }
    }

    /// The lowest rank, below `limit`, of a placed part that `obb` collides with (DESIGN §3,
    /// `obb` the later box). With `first_only`, any such rank: the first found.
    fn scan(&mut self, obb: &Obb, limit: u32, first_only: bool) -> Option<u32> {
        let bounds = obb.bounds();
        let ((x0, y0), (x1, y1)) = (self.cell(bounds.min), self.cell(bounds.max));
        let mut best = limit;
        for row in y0..=y1 {
            for column in x0..=x1 {
                for p in &self.cells[row * self.columns + column] {
                    if p.rank >= best {
                        // Listed in placement order: the rest of the cell is later still.
                        break;
                    }
                    // A pair whose bounds meet is tested in one cell only: the one holding the
                    // top-left corner of their common part.
                    if !p.bounds.intersects_closed(&bounds) || self.cell(p.bounds.min.max(bounds.min)) != (column, row)
                    {
                        continue;
                    }
                    self.tests += 1;
                    if collides(obb, &p.obb, self.max_overlap_area) {
                        best = p.rank;
                        if first_only {
                            return Some(best);
                        }
                        break;
                    }
                }
            }
        }
        (best != limit).then_some(best)
    }

    /// Whether `obb` collides with a placed part.
    pub fn hits(&mut self, obb: &Obb) -> bool {
        self.scan(obb, u32::MAX, true).is_some()
    }

    /// The lowest rank of a label with a placed part that `obb` collides with.
    pub fn earliest(&mut self, obb: &Obb) -> Option<u32> {
        self.scan(obb, u32::MAX, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_earliest_overlapping_part_is_found_once() {
        let extent = Aabb::from_corners(Vec2::ZERO, Vec2::splat(100.0));
        for cell in [None, Some(1.0), Some(7.0), Some(1000.0)] {
            let mut grid = PlacedParts::new(extent, 10, cell, 0.0);
            let b =
                |x: f32, y: f32, w: f32| Obb::from_aabb(&Aabb::from_corners(Vec2::new(x, y), Vec2::new(x + w, y + w)));
            grid.insert(&b(0.0, 0.0, 30.0), 3);
            grid.insert(&b(20.0, 20.0, 30.0), 5);
            grid.insert(&b(200.0, 200.0, 10.0), 9); // beyond the extent: the border cell
            let tests = grid.tests;
            assert_eq!(grid.earliest(&b(25.0, 25.0, 2.0)), Some(3));
            assert_eq!(grid.tests - tests, 1, "one test, stopping at the earliest");
            assert_eq!(grid.earliest(&b(40.0, 40.0, 2.0)), Some(5));
            assert_eq!(grid.earliest(&b(30.0, 0.0, 5.0)), None, "touching");
            assert_eq!(grid.earliest(&b(205.0, 205.0, 1.0)), Some(9));
            assert!(grid.hits(&b(150.0, 150.0, 100.0)));
            assert!(!grid.hits(&b(60.0, 60.0, 5.0)));
        }
    }
}
