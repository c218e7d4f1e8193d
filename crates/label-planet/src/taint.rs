//! Which of a region's own labels may depend on foreign ones.
//!
//! A label's outcome depends only on the earlier labels (in placement order) that collide with
//! it and may block it. Call an own label *tainted* when one of those is foreign or tainted
//! itself. An untainted label's outcome depends on untainted own labels only, so the region's
//! plain placement of its own labels (the core's `place`, foreign labels absent) decides it
//! exactly; only the tainted ones — the labels within reach of a foreign label, and the chains
//! that go on from them — need the walk with undecided foreign labels. The walk here is cheap:
//! its grid holds only foreign and tainted labels, few and near the region's edge, and a bitmap
//! of the cells they occupy answers most queries (a label far from them) without reading the
//! grid's cells.

use glam::Vec2;
use label_core::pipeline::{FirstHit, Walked, descending_key};
use label_core::{Aabb, Obb};

use crate::Screen;

/// Whether each of `own` is tainted by `foreign` (labels that can block: in view, without
/// `ignore_placement`).
pub(crate) fn tainted(screen: &Screen, own: &[Walked], foreign: &[Walked]) -> Vec<bool> {
    let n = own.len();
    let at = |k: usize| if k < n { &own[k] } else { &foreign[k - n] };
    // In placement order, each label with its bounds: the walk reads this array in order and
    // reads a label itself only where its bounds meet an occupied cell.
    let mut order: Vec<(u64, u32, usize, Aabb)> =
        (0..n + foreign.len()).map(|k| (descending_key(at(k).priority), at(k).id, k, at(k).obb.bounds())).collect();
    order.sort_unstable_by_key(|&(key, id, ..)| (key, id));
    let obb = |rank: u32| -> &Obb { &at(order[rank as usize].2).obb };
    let (mut index, mut occupied) = grid(order.iter().map(|o| o.3));
    let mut tainted = vec![false; n];
    for (rank, &(_, _, k, bounds)) in order.iter().enumerate() {
        let rank = rank as u32;
        if k < n {
            if !occupied.any(&bounds) {
                continue;
            }
            let w = &own[k];
            if !screen.in_view(&w.obb) || index.any_below(&bounds, rank, |e| screen.collides(&w.obb, obb(e))).is_none()
            {
                continue;
            }
            tainted[k] = true;
            if w.flags.ignore_placement {
                continue;
            }
        }
        index.insert(rank, &bounds);
        occupied.mark(&bounds);
    }
    tainted
}

/// Which cells of a square grid hold a box: one bit a cell, so that a query far from every box
/// costs a few reads of a small array.
struct Occupied {
    origin: Vec2,
    inv_cell: f32,
    columns: usize,
    rows: usize,
    bits: Vec<bool>,
}

impl Occupied {
    /// At most this many cells a side.
    const MAX_SIDE: usize = 4096;

    fn new(extent: Aabb, cell: f32) -> Self {
        let size = extent.size().max(Vec2::ONE);
        let cell = cell.max(size.max_element() / Self::MAX_SIDE as f32).max(1e-3);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, Self::MAX_SIDE);
        let (columns, rows) = (side(size.x), side(size.y));
        Self { origin: extent.min, inv_cell: 1.0 / cell, columns, rows, bits: vec![false; columns * rows] }
    }

    /// The cells the bounds meet (boxes beyond the extent in the border cells), columns then rows.
    fn span(&self, b: &Aabb) -> ([usize; 2], [usize; 2]) {
        let at = |v: f32, o: f32, n: usize| (((v - o) * self.inv_cell).floor().max(0.0) as usize).min(n - 1);
        let x = [at(b.min.x, self.origin.x, self.columns), at(b.max.x, self.origin.x, self.columns)];
        let y = [at(b.min.y, self.origin.y, self.rows), at(b.max.y, self.origin.y, self.rows)];
        (x, y)
    }

    fn mark(&mut self, b: &Aabb) {
        let ([x0, x1], [y0, y1]) = self.span(b);
        for row in y0..=y1 {
            self.bits[row * self.columns + x0..=row * self.columns + x1].fill(true);
        }
    }

    fn any(&self, b: &Aabb) -> bool {
        let ([x0, x1], [y0, y1]) = self.span(b);
        (y0..=y1).any(|row| self.bits[row * self.columns + x0..=row * self.columns + x1].contains(&true))
    }
}

/// An empty grid over the bounds, its cells about the median label's size but no more than a
/// quarter as many as the labels, and its occupancy bitmap (cells four times as long).
fn grid(bounds: impl Iterator<Item = Aabb>) -> (FirstHit, Occupied) {
    let bounds: Vec<Aabb> = bounds.collect();
    let (extent, cell) = cells(&bounds);
    (FirstHit::over(extent, cell), Occupied::new(extent, 4.0 * cell))
}

/// The bounds indexed (numbered in order) in a grid of cells about the median label's size:
/// however crowded they are, each lists in a few cells (a grid sized to their count alone would
/// list crowded labels in thousands).
pub(crate) fn index(bounds: &[Aabb]) -> FirstHit {
    let (extent, cell) = cells(bounds);
    let mut index = FirstHit::over(extent, cell);
    for (k, b) in bounds.iter().enumerate() {
        index.insert(k as u32, b);
    }
    index
}

/// The bounds' extent and a cell side about the median label's, but no more cells than a
/// quarter of the labels.
fn cells(bounds: &[Aabb]) -> (Aabb, f32) {
    let unit = Aabb::from_corners(glam::Vec2::ZERO, glam::Vec2::ONE);
    let extent = bounds.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or(unit);
    let mut sides: Vec<f32> = bounds.iter().map(|b| b.size().max_element()).collect();
    let middle = sides.len() / 2;
    let median = if sides.is_empty() { 1.0 } else { sides.select_nth_unstable_by(middle, f32::total_cmp).1.max(1.0) };
    (extent, median.max(FirstHit::cell_for(&extent, bounds.len(), 4.0)))
}
