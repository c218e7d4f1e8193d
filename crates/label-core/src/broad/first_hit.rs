//! The one "earliest colliding box" structure: a uniform grid over numbered bounds that finds,
//! for a query box, the lowest-numbered box whose bounds meet it and that passes the caller's
//! exact test — "the earliest obstacle / placed label / placed part this box collides with".
//! Every pass that asks that question asks it here: the obstacles, the sequential pass, the
//! symbol pass's placed parts, the planet's regions (through
//! [`crate::pipeline::decide_with_foreign`]) and the frame engine's shown labels.
//!
//! Each cell lists the boxes whose bounds meet it, in ascending number, each entry with its
//! bounds (the quick test reads them where the list is) and its first cell. The list is held in
//! quads of four entries (a `QuadList`, `lanes.rs`: each side of the four bounds in one 16-byte
//! lane vector, then the numbers and the first cells), so that the quick test reads 16 bytes an
//! entry and tests four entries with four vector comparisons and one mask, and branches only on
//! the entries that meet the query (whether a listed box does is a branch no predictor learns);
//! a quad's unused lanes hold empty bounds and the number `u32::MAX`, which no query's limit
//! admits (a query with infinite bounds may meet the empty bounds; the number keeps the lane
//! out). A query reads the cells its own bounds meet and tests each box once: a box listed in
//! several cells only in the cell that holds the top-left corner of the two bounds' common part
//! (the larger of the two first columns and of the two first rows, which lies in both spans
//! once). A cell's scan stops
//! at the first box that passes the test, or at a number past the best found so far; so the
//! lowest number wins in as few exact tests as the lists allow.
//!
//! The grid is either built over a known set of boxes ([`FirstHit::new`], [`FirstHit::rebuild`]:
//! cells of about [`FirstHit::BOXES_PER_CELL`] boxes over their extent) or laid over an extent
//! and filled as a pass goes ([`FirstHit::over`], [`FirstHit::insert`]: the placed labels, in
//! placement order). Boxes beyond the extent go to the border cells (clamping keeps every pair
//! of meeting bounds in a shared cell), so the extent and cell size only decide how quickly
//! boxes are found, never what is found. The first two quads of a list are held in the grid
//! itself: a cell of up to eight boxes (the grids built over known boxes, about
//! [`FirstHit::BOXES_PER_CELL`] a cell) is read where the grid is and allocates nothing; the
//! small pass's larger cells spill to the heap.

use glam::Vec2;
use smallvec::SmallVec;

use super::lanes::{Lane, Quad, QuadList, Query4};
use crate::Aabb;

/// A listed box beside its bounds: its number and the first cell (column, row) its bounds
/// meet. Unused lanes hold the number `u32::MAX`.
#[derive(Clone, Copy, Debug)]
struct Listed {
    number: u32,
    column: u16,
    row: u16,
}

impl Lane for Listed {
    const UNUSED: Self = Self { number: u32::MAX, column: 0, row: 0 };
}

/// A cell's list, its first two quads held in the grid itself: the grids built over known boxes
/// list a few boxes a cell, and a frame engine builds one every frame (with one, the spilled
/// cells' allocations cost a frame more instructions than the quads save).
type Cell = QuadList<SmallVec<[Quad<Listed>; 2]>>;

/// Numbered bounds binned into square cells; each cell lists the boxes whose bounds meet it, in
/// ascending number.
#[derive(Debug, Default)]
pub struct FirstHit {
    /// Corner of cell (0, 0).
    origin: Vec2,
    /// Cells per unit length.
    inv_cell: f32,
    /// The last column and row, as floats: what [`Self::cell`] clamps to.
    last: Vec2,
    columns: usize,
    rows: usize,
    cells: Vec<Cell>,
    /// The numbers inserted, ascending (for the debug check).
    inserted: Option<u32>,
    /// [`Self::rebuild`]'s boxes, kept for the next rebuild (a frame engine's, every frame).
    scratch: Vec<Aabb>,
}

impl FirstHit {
    /// About this many boxes per cell when the grid is built over known boxes.
    pub const BOXES_PER_CELL: f32 = 2.0;
    /// The most heap a caller that keeps a grid between passes (on its thread) keeps: a grid
    /// whose [`Self::heap_bytes`] are more is dropped when its pass ends.
    pub const KEEP_BYTES: usize = 8 << 20;
    /// At most this many cells a side (a cell's column and row fit in a `u16`).
    pub const MAX_SIDE: usize = 4096;

    /// Numbers `bounds` 0, 1, … in order and indexes them.
    #[must_use]
    pub fn new(bounds: impl IntoIterator<Item = Aabb>) -> Self {
        let mut index = Self::default();
        index.rebuild(bounds);
        index
    }

    /// Indexes `bounds`, numbered 0, 1, …, instead of the boxes indexed so far.
    pub fn rebuild(&mut self, bounds: impl IntoIterator<Item = Aabb>) {
        let mut boxes = std::mem::take(&mut self.scratch);
        boxes.clear();
        boxes.extend(bounds);
        let extent = boxes.iter().copied().reduce(|a, b| a.union(&b));
        let extent = extent.unwrap_or(Aabb::from_corners(Vec2::ZERO, Vec2::ONE));
        self.lay(extent, Self::cell_for(&extent, boxes.len(), Self::BOXES_PER_CELL));
        for (k, b) in boxes.iter().enumerate() {
            self.insert(k as u32, b);
        }
        self.scratch = boxes;
    }

    /// An empty grid over `extent` with square cells of side `cell` (at least 1/4096 of the
    /// extent's longer side, and 1e-3 px), to [`Self::insert`] into.
    #[must_use]
    pub fn over(extent: Aabb, cell: f32) -> Self {
        let mut index = Self::default();
        index.lay(extent, cell);
        index
    }

    /// The side of a square cell holding about `per_cell` of `count` boxes spread over `extent`.
    #[must_use]
    pub fn cell_for(extent: &Aabb, count: usize, per_cell: f32) -> f32 {
        let size = extent.size().max(Vec2::ONE);
        (size.x * size.y * per_cell / count.max(1) as f32).sqrt()
    }

    /// Empties the grid and lays it over `extent` as [`Self::over`] does, keeping its
    /// allocations (for a pass that lays a grid at every call).
    pub fn lay(&mut self, extent: Aabb, cell: f32) {
        let size = extent.size().max(Vec2::ONE);
        let cell = cell.max(size.max_element() / Self::MAX_SIDE as f32).max(1e-3);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, Self::MAX_SIDE);
        (self.columns, self.rows) = (side(size.x), side(size.y));
        self.last = Vec2::new((self.columns - 1) as f32, (self.rows - 1) as f32);
        self.origin = extent.min;
        self.inv_cell = 1.0 / cell;
        // Emptied in place, so that a cell that outgrew its inline quads keeps its allocation
        // for the next pass (the walk's grid is laid again at every call).
        let n = self.columns * self.rows;
        self.cells.truncate(n);
        for cell in &mut self.cells {
            cell.clear();
        }
        self.cells.resize(n, Cell::default());
        self.inserted = None;
    }

    /// How many cells.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.cells.len()
    }

    /// The bytes the grid holds on the heap: its cells, the lists that outgrew them, and the
    /// boxes [`Self::rebuild`] keeps (for a caller that keeps a grid between passes; a walk
    /// over the cells).
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        let spilled: usize = self.cells.iter().map(QuadList::heap_bytes).sum();
        self.cells.capacity() * std::mem::size_of::<Cell>()
            + spilled
            + self.scratch.capacity() * std::mem::size_of::<Aabb>()
    }

    /// Lists the box `number` with bounds `bounds`; numbers come in ascending order.
    ///
    /// # Panics
    /// On a grid not laid over an extent ([`FirstHit::default`]).
    pub fn insert(&mut self, number: u32, bounds: &Aabb) {
        debug_assert!(self.inserted.is_none_or(|l| l < number), "boxes are inserted in ascending number");
        self.inserted = Some(number);
        let [x0, y0, x1, y1] = self.span(bounds);
        for row in y0..y1 + 1 {
            for cell in &mut self.cells[row * self.columns + x0..row * self.columns + x1 + 1] {
                cell.push(bounds, Listed { number, column: x0 as u16, row: y0 as u16 });
            }
        }
    }

    /// Reads the cell that holds `p` (its length), so that its first cache line is in the cache
    /// when a later query reads it: a pass calls this a few labels ahead of the one it decides.
    pub fn touch(&self, p: Vec2) {
        if !self.cells.is_empty() {
            let (column, row) = self.cell(p);
            std::hint::black_box(self.cells[row * self.columns + column].len());
        }
    }

    /// The cell (column, row) that holds `p`, clamped to the grid (NaN to the first).
    #[inline]
    fn cell(&self, p: Vec2) -> (usize, usize) {
        // Clamped as floats (`max` takes NaN to 0), then truncated by a cast to u16 (at most
        // 4,096 cells a side): about half the instructions of a saturating cast to u32 and a
        // clamp as integers, for the same cell.
        let at = ((p - self.origin) * self.inv_cell).max(Vec2::ZERO).min(self.last);
        (usize::from(at.x as u16), usize::from(at.y as u16))
    }

    /// The cells `bounds` meets, clamped to the grid: columns `x0` to `x1`, rows `y0` to `y1`.
    #[inline]
    fn span(&self, bounds: &Aabb) -> [usize; 4] {
        let ((x0, y0), (x1, y1)) = (self.cell(bounds.min), self.cell(bounds.max));
        [x0, y0, x1, y1]
    }

    /// The lowest number among the boxes whose bounds meet `query` (touching included) and that
    /// `hits`, if any.
    #[inline]
    pub fn first(&self, query: &Aabb, hits: impl FnMut(u32) -> bool) -> Option<u32> {
        self.first_below(query, u32::MAX, hits)
    }

    /// [`Self::first`] among the boxes numbered below `limit`.
    #[inline]
    pub fn first_below(&self, query: &Aabb, limit: u32, hits: impl FnMut(u32) -> bool) -> Option<u32> {
        self.scan(query, limit, false, hits)
    }

    /// Some box numbered below `limit` whose bounds meet `query` and that `hits` — the first
    /// found, not necessarily the lowest: whether any does.
    pub fn any_below(&self, query: &Aabb, limit: u32, hits: impl FnMut(u32) -> bool) -> Option<u32> {
        self.scan(query, limit, true, hits)
    }

    /// Every box numbered below `limit` whose bounds meet `query` and that `hits`, ascending.
    pub fn all_below(&self, query: &Aabb, mut limit: u32, mut hits: impl FnMut(u32) -> bool) -> Vec<u32> {
        let mut found = Vec::new();
        self.each(query, &mut limit, |number, _| {
            if hits(number) {
                found.push(number);
            }
            Scan::Next
        });
        found.sort_unstable();
        found
    }

    /// The lowest-numbered box below `limit` (or, with `any`, the first found) whose bounds meet
    /// `query` and for which `hits` is true.
    #[inline(always)]
    fn scan(&self, query: &Aabb, limit: u32, any: bool, mut hits: impl FnMut(u32) -> bool) -> Option<u32> {
        let mut best = limit;
        self.each(query, &mut best, |number, best| {
            if !hits(number) {
                return Scan::Next;
            }
            *best = number;
            if any { Scan::Stop } else { Scan::NextCell }
        });
        (best != limit).then_some(best)
    }

    /// Calls `visit` on each box numbered below `*limit` whose bounds meet `query`, once, cell by
    /// cell, each cell's in ascending number, as long as it says so; `visit` may lower `limit`.
    #[inline(always)]
    fn each(&self, query: &Aabb, limit: &mut u32, mut visit: impl FnMut(u32, &mut u32) -> Scan) {
        if self.cells.is_empty() {
            return; // a default grid, never laid
        }
        let [x0, y0, x1, y1] = self.span(query);
        let lanes4 = Query4::new(query);
        // Exclusive ranges: an inclusive range's loop costs a check more per step.
        for row in y0..y1 + 1 {
            for column in x0..x1 + 1 {
                'cell: for quad in self.cells[row * self.columns + column].quads() {
                    if quad.lanes[0].number >= *limit {
                        break;
                    }
                    // The four boxes' quick tests at once; then only the boxes that meet the
                    // query, in lane (ascending number) order.
                    let mut lanes = quad.bounds.meeting(&lanes4);
                    while lanes != 0 {
                        let lane = lanes.trailing_zeros() as usize;
                        lanes &= lanes - 1;
                        let Listed { number, column: first_column, row: first_row } = quad.lanes[lane];
                        if number >= *limit {
                            break 'cell;
                        }
                        let home =
                            (usize::from(first_column).max(x0) == column) & (usize::from(first_row).max(y0) == row);
                        if !home {
                            continue;
                        }
                        match visit(number, limit) {
                            Scan::Next => {}
                            Scan::NextCell => break 'cell,
                            Scan::Stop => return,
                        }
                    }
                }
            }
        }
    }
}

/// What a scan does after a box.
enum Scan {
    Next,
    NextCell,
    Stop,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Obb;
    use crate::pipeline::collides;

    #[test]
    fn a_cell_is_the_position_truncated_and_clamped_as_an_integer() {
        // The reference: a saturating cast to an integer (negatives and NaN to 0), then the
        // clamp to the last column or row, as integers.
        let reference = |v: f32, n: usize| (v as u32 as usize).min(n - 1);
        let mut sides: Vec<f32> = vec![f32::NAN, f32::INFINITY, f32::NEG_INFINITY, f32::MAX, -f32::MAX, 1e30, -1e30];
        sides.extend((-300..9000).map(|k| k as f32 * 0.51 - 20.0));
        sides.extend([-0.0, 0.0, 0.999_999_9, 1.0, 4_094.999_8, 4095.0, 4096.0, 5e9]);
        let extent = Aabb::from_corners(Vec2::new(-3.0, 5.0), Vec2::new(997.0, 605.0));
        for cell in [0.013, 1.0, 7.0, 250.0, 5000.0] {
            let grid = FirstHit::over(extent, cell);
            for (k, &v) in sides.iter().enumerate() {
                let w = sides[(k * 7919) % sides.len()];
                let p = grid.origin + Vec2::new(v, w) / grid.inv_cell;
                let at = (p - grid.origin) * grid.inv_cell;
                let want = (reference(at.x, grid.columns), reference(at.y, grid.rows));
                assert_eq!(grid.cell(p), want, "cell {cell}: ({v}, {w})");
            }
        }
    }

    #[test]
    fn the_lowest_number_that_passes_the_test_wins() {
        let boxes = [
            Aabb::from_corners(Vec2::ZERO, Vec2::splat(10.0)),
            Aabb::from_corners(Vec2::splat(5.0), Vec2::splat(15.0)),
            Aabb::from_corners(Vec2::splat(8.0), Vec2::splat(20.0)),
            Aabb::from_corners(Vec2::splat(100.0), Vec2::splat(110.0)),
        ];
        let index = FirstHit::new(boxes);
        let q = Aabb::from_corners(Vec2::splat(9.0), Vec2::splat(12.0));
        assert_eq!(index.first(&q, |_| true), Some(0));
        assert_eq!(index.first(&q, |i| i != 0), Some(1));
        assert_eq!(index.first(&q, |i| i == 3), None, "3 is far away");
        assert_eq!(FirstHit::default().first(&q, |_| true), None);
    }

    #[test]
    fn a_cell_of_many_quads_answers_like_a_scan() {
        // One cell listing 37 boxes (ten quads, the last part-filled, spilled from the grid):
        // each answer is the brute-force scan's, whatever the limit and the test, so that
        // quads, lanes and the limit within and across quads are read in number order.
        let boxes: Vec<Aabb> = (0..37u32)
            .map(|k| {
                let at = Vec2::new((k * 23 % 90) as f32, (k * 41 % 90) as f32);
                Aabb::from_corners(at, at + Vec2::new(4.0 + (k % 5) as f32, 3.0 + (k % 4) as f32))
            })
            .collect();
        let mut grid = FirstHit::over(Aabb::from_corners(Vec2::ZERO, Vec2::splat(100.0)), 100.0);
        for (k, b) in boxes.iter().enumerate() {
            grid.insert(k as u32, b);
        }
        assert_eq!((grid.cells(), grid.cells[0].quads().len()), (1, 10));
        for q in 0..200u32 {
            let at = Vec2::new((q * 13 % 100) as f32, (q * 7 % 100) as f32);
            let query = Aabb::from_corners(at, at + Vec2::splat(6.0 + (q % 9) as f32 * 4.0));
            let hits = |k: u32| k % 3 != q % 3;
            for limit in [u32::MAX, 4, 9, 20, 36] {
                let want: Vec<u32> =
                    (0..37u32.min(limit)).filter(|&k| hits(k) && boxes[k as usize].intersects_closed(&query)).collect();
                assert_eq!(grid.all_below(&query, limit, hits), want, "query {q} below {limit}");
                assert_eq!(grid.first_below(&query, limit, hits), want.first().copied(), "query {q} below {limit}");
                assert_eq!(grid.any_below(&query, limit, hits).is_some(), !want.is_empty(), "query {q}");
            }
        }
    }

    #[test]
    fn the_grid_finds_the_lowest_numbered_hit_like_a_scan() {
        // Boxes of many sizes and angles over a screen, and queries all over (and outside)
        // it: the grid's answer is the first box in number order that the scan finds.
        let mut boxes = Vec::new();
        for k in 0..400u32 {
            let (x, y) = ((k * 37 % 1000) as f32, (k * 91 % 600) as f32);
            let half = Vec2::new(5.0 + (k % 7) as f32 * 9.0, 3.0 + (k % 3) as f32 * 4.0);
            boxes.push(Obb::from_center_half_extents_angle(Vec2::new(x, y), half, f64::from(k % 90)));
        }
        let mut grid = FirstHit::new(boxes.iter().map(Obb::bounds));
        // Each box against those before it, by its own cells or by a query.
        for (k, me) in boxes.iter().enumerate() {
            let hit = |j: u32| collides(me, &boxes[j as usize], 0.0);
            let scan = (0..k as u32).find(|&j| hit(j));
            let all: Vec<u32> = (0..k as u32).filter(|&j| hit(j)).collect();
            assert_eq!(grid.all_below(&me.bounds(), k as u32, hit), all, "box {k}");
            let any = grid.any_below(&me.bounds(), k as u32, hit);
            assert_eq!(any.is_some(), scan.is_some(), "box {k}");
            assert!(any.is_none_or(|j| all.contains(&j)), "box {k}");
            assert_eq!(grid.first_below(&me.bounds(), k as u32, hit), scan, "box {k}");
        }
        assert!(grid.columns > 1 && grid.rows > 1);
        let mut found = 0;
        for q in 0..900u32 {
            let me = Obb::from_center_half_extents_angle(
                Vec2::new((q * 53 % 1200) as f32 - 100.0, (q * 29 % 800) as f32 - 100.0),
                Vec2::new(20.0, 6.0),
                f64::from(q % 45),
            );
            let scan = (0..boxes.len() as u32).find(|&k| collides(&me, &boxes[k as usize], 0.0));
            assert_eq!(grid.first(&me.bounds(), |k| collides(&me, &boxes[k as usize], 0.0)), scan, "query {q}");
            found += usize::from(scan.is_some());
        }
        assert!(found > 100 && found < 900, "{found}");
        // No boxes: nothing is found.
        grid.rebuild([]);
        assert_eq!(grid.first(&boxes[0].bounds(), |_| true), None);
    }
}
