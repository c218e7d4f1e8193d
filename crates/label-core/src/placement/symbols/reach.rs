//! Where each symbol can reach, for the tile engine: a uniform grid of cells grouped into square
//! tiles, listing every label in view in the cells its *reach* meets.
//!
//! A label's reach is the union of the bounds of all its parts (every position's text and the
//! icon) and its anchor point: a label can only collide with a label whose reach meets its own,
//! and a label of its repeat group hides it only if that label's anchor point lies within its
//! repeat distance — its *query box* is its reach grown by that distance around its anchor.
//! A label belongs to the tile holding its anchor point. Each cell lists the labels whose reach
//! meets it in two lists, in placement order: those of the cell's own tile and the *strangers*
//! (of other tiles), so that a label deep inside its tile, whose query box meets only cells of
//! its tile without strangers, finds at once that no other tile can change its outcome.
//! Points beyond the grid's extent are clamped into its border cells, which keeps every pair of
//! meeting boxes in a shared cell: the extent only decides how quickly labels are found.

use glam::{DVec2, Vec2};
use rayon::prelude::*;

use super::super::MIN_PARALLEL_CHUNK;
use super::parts::{Entry, NONE, Part};
use crate::Aabb;

/// About this many labels per cell.
const LABELS_PER_CELL: f32 = 16.0;
/// At most this many cells a side.
const MAX_SIDE: usize = 4096;

/// The grid of reaches.
pub(super) struct Reach {
    origin: Vec2,
    cell: f32,
    columns: usize,
    rows: usize,
    /// Cells a tile's side.
    tile_side: usize,
    tile_columns: usize,
    tile_rows: usize,
    /// By rank: the label's reach (empty for labels not in view, which are not listed).
    pub boxes: Vec<Aabb>,
    /// By rank: the label's tile ([`NONE`] for labels not in view).
    pub home: Vec<u32>,
    /// By rank: the first cell (column, row) its reach meets.
    pub corner: Vec<[u16; 2]>,
    /// Cell `c` lists `ranks[starts[2c]..starts[2c + 1]]` (its tile's labels), then
    /// `ranks[starts[2c + 1]..starts[2c + 2]]` (the strangers).
    starts: Vec<u32>,
    ranks: Vec<u32>,
}

impl Reach {
    /// The reaches of `entries` (in placement order, their parts in `parts`), in tiles of about
    /// `tile_labels` labels.
    pub fn new(entries: &[Entry], parts: &[Part], tile_labels: usize) -> Self {
        let boxes: Vec<Aabb> = entries
            .par_iter()
            .with_min_len(MIN_PARALLEL_CHUNK)
            .map(|e| {
                let at = point(e.anchor);
                let start = Aabb::from_corners(at, at);
                let run = &parts[e.first..e.first + e.part_count()];
                if e.in_view { run.iter().fold(start, |b, p| b.union(&p.bounds)) } else { start }
            })
            .collect();
        let in_view = entries.iter().filter(|e| e.in_view).count();
        let extent = entries
            .iter()
            .filter(|e| e.in_view)
            .map(|e| point(e.anchor))
            .fold(None, |b: Option<Aabb>, p| {
                Some(b.map_or(Aabb::from_corners(p, p), |b| b.union(&Aabb::from_corners(p, p))))
            })
            .unwrap_or(Aabb::from_corners(Vec2::ZERO, Vec2::ONE));
        let size = extent.size().max(Vec2::ONE);
        let cell = (size.x * size.y * LABELS_PER_CELL / in_view.max(1) as f32)
            .sqrt()
            .max(size.max_element() / MAX_SIDE as f32)
            .max(1e-3);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, MAX_SIDE);
        let (columns, rows) = (side(size.x), side(size.y));
        let tile_side = ((tile_labels as f32 / LABELS_PER_CELL).sqrt().round() as usize).max(1);
        let mut reach = Self {
            origin: extent.min,
            cell,
            columns,
            rows,
            tile_side,
            tile_columns: columns.div_ceil(tile_side),
            tile_rows: rows.div_ceil(tile_side),
            boxes,
            home: Vec::new(),
            corner: Vec::new(),
            starts: Vec::new(),
            ranks: Vec::new(),
        };
        reach.home = entries
            .iter()
            .map(|e| if e.in_view { reach.tile_of(reach.cell_of(point(e.anchor))) as u32 } else { NONE })
            .collect();
        reach.corner = reach.boxes.iter().map(|b| reach.first_cell(b).map(|v| v as u16)).collect();
        reach.list(entries);
        reach
    }

    /// Fills the cells' lists: a count, then the ranks in placement order.
    fn list(&mut self, entries: &[Entry]) {
        let slot = |r: usize, c: usize| 2 * c + usize::from(self.home[r] as usize != self.tile_of(c));
        let mut starts = vec![0u32; 2 * self.columns * self.rows + 1];
        for r in (0..entries.len()).filter(|&r| entries[r].in_view) {
            self.for_cells(&self.boxes[r], |c| starts[slot(r, c) + 1] += 1);
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        let mut next = starts.clone();
        let mut ranks = vec![0u32; *starts.last().unwrap_or(&0) as usize];
        for r in (0..entries.len()).filter(|&r| entries[r].in_view) {
            self.for_cells(&self.boxes[r], |c| {
                let s = slot(r, c);
                ranks[next[s] as usize] = r as u32;
                next[s] += 1;
            });
        }
        (self.starts, self.ranks) = (starts, ranks);
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        self.columns * self.rows
    }

    /// How many tiles.
    pub fn tiles(&self) -> usize {
        self.tile_columns * self.tile_rows
    }

    /// The cell holding `p`, clamped to the grid.
    fn cell_of(&self, p: Vec2) -> usize {
        let at = (p - self.origin) / self.cell;
        let clamp = |v: f32, n: usize| (v as u32 as usize).min(n - 1);
        clamp(at.y, self.rows) * self.columns + clamp(at.x, self.columns)
    }

    /// The tile of cell `c`.
    pub fn tile_of(&self, c: usize) -> usize {
        let (column, row) = (c % self.columns, c / self.columns);
        (row / self.tile_side) * self.tile_columns + column / self.tile_side
    }

    /// The area tile `t` covers (its border tiles' labels reach beyond it).
    pub fn tile_area(&self, t: usize) -> Aabb {
        let (column, row) = (t % self.tile_columns, t / self.tile_columns);
        let side = self.cell * self.tile_side as f32;
        let min = self.origin + Vec2::new(column as f32, row as f32) * side;
        Aabb::from_corners(min, min + Vec2::splat(side))
    }

    /// The first cell (column, row) `bounds` meets.
    pub fn first_cell(&self, bounds: &Aabb) -> [usize; 2] {
        self.column_row(self.cell_of(bounds.min))
    }

    /// Cell `c`'s column and row.
    pub fn column_row(&self, c: usize) -> [usize; 2] {
        [c % self.columns, c / self.columns]
    }

    /// How many cells a tile has.
    pub fn tile_cells(&self) -> usize {
        self.tile_side * self.tile_side
    }

    /// Cell `c`'s index among its tile's cells.
    pub fn in_tile(&self, c: usize) -> usize {
        let [column, row] = self.column_row(c);
        (row % self.tile_side) * self.tile_side + column % self.tile_side
    }

    /// Calls `f` with every cell `bounds` meets.
    pub fn for_cells(&self, bounds: &Aabb, mut f: impl FnMut(usize)) {
        let (first, last) = (self.cell_of(bounds.min), self.cell_of(bounds.max));
        for row in first / self.columns..last / self.columns + 1 {
            for column in first % self.columns..last % self.columns + 1 {
                f(row * self.columns + column);
            }
        }
    }

    /// How many cells `bounds` meets.
    pub fn cells_met(&self, bounds: &Aabb) -> usize {
        let (first, last) = (self.cell_of(bounds.min), self.cell_of(bounds.max));
        (last / self.columns + 1 - first / self.columns) * (last % self.columns + 1 - first % self.columns)
    }

    /// Cell `c`'s labels of its own tile, in placement order.
    pub fn natives(&self, c: usize) -> &[u32] {
        &self.ranks[self.starts[2 * c] as usize..self.starts[2 * c + 1] as usize]
    }

    /// Cell `c`'s labels of other tiles, in placement order.
    pub fn strangers(&self, c: usize) -> &[u32] {
        &self.ranks[self.starts[2 * c + 1] as usize..self.starts[2 * c + 2] as usize]
    }

    /// The box within which the label `e` of rank `rank` can meet an earlier label that decides
    /// it: its reach, and the disc of its repeat distance around its anchor when it has a group.
    pub fn query(&self, rank: usize, e: &Entry) -> Aabb {
        let reach = self.boxes[rank];
        if e.group == NONE || e.repeat_distance <= 0.0 {
            return reach;
        }
        let d = DVec2::splat(e.repeat_distance);
        // Rounding to f32 keeps order, so an anchor strictly within the distance lies in it.
        reach.union(&Aabb::from_corners(point(e.anchor - d), point(e.anchor + d)))
    }
}

/// A point in f32, as the boxes' bounds are.
fn point(p: DVec2) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}
