//! A uniform grid over numbered boxes that finds, for a query box, the lowest-numbered box whose
//! bounds meet it and that passes the caller's exact test: "the earliest obstacle / placed label
//! this box collides with". Built once per placement (the obstacles) or once per frame (the
//! frame engine's shown labels): building is one counting pass and one filling pass, cheaper
//! than bulk-loading an R-tree of a few hundred boxes (measured in the frame engine).

use glam::Vec2;

use crate::Aabb;

/// Numbered bounds binned into square cells over the bounds of them all; each cell lists the
/// boxes whose bounds meet it, in ascending number.
#[derive(Debug, Default)]
pub struct FirstHit {
    /// Corner of cell (0, 0).
    origin: Vec2,
    /// Cells per unit length, along x and y.
    inv_cell: Vec2,
    columns: usize,
    rows: usize,
    /// Cell `c` lists `members[starts[c]..starts[c + 1]]`.
    starts: Vec<u32>,
    members: Vec<u32>,
    /// Each box's bounds and its cell range (inclusive).
    spans: Vec<(Aabb, [usize; 4])>,
}

impl FirstHit {
    /// About this many boxes per cell, on average over the extent.
    const BOXES_PER_CELL: f32 = 2.0;
    /// At most this many cells a side.
    const MAX_SIDE: usize = 256;

    /// Numbers `bounds` 0, 1, … in order and indexes them.
    #[must_use]
    pub fn new(bounds: impl IntoIterator<Item = Aabb>) -> Self {
        let mut index = Self::default();
        index.rebuild(bounds);
        index
    }

    /// Indexes `bounds` instead of the boxes indexed so far, keeping the allocations.
    pub fn rebuild(&mut self, bounds: impl IntoIterator<Item = Aabb>) {
        self.spans.clear();
        self.starts.clear();
        self.members.clear();
        self.spans.extend(bounds.into_iter().map(|b| (b, [0; 4])));
        let Some(extent) = self.spans.iter().map(|s| s.0).reduce(|a, b| a.union(&b)) else {
            self.columns = 0;
            self.rows = 0;
            return;
        };
        let size = (extent.max - extent.min).max(Vec2::splat(1.0));
        let cell = (size.x * size.y * Self::BOXES_PER_CELL / self.spans.len() as f32).sqrt().max(1.0);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, Self::MAX_SIDE);
        (self.columns, self.rows) = (side(size.x), side(size.y));
        self.origin = extent.min;
        self.inv_cell = Vec2::new(self.columns as f32, self.rows as f32) / size;
        // Count, then fill: cells list their boxes in ascending number.
        self.starts.resize(self.columns * self.rows + 1, 0);
        for k in 0..self.spans.len() {
            let span = self.cells(&self.spans[k].0);
            for row in span[1]..=span[3] {
                for c in &mut self.starts[row * self.columns + span[0]..=row * self.columns + span[2]] {
                    *c += 1;
                }
            }
            self.spans[k].1 = span;
        }
        let mut total = 0;
        for c in &mut self.starts {
            (*c, total) = (total, total + *c);
        }
        self.members.resize(total as usize, 0);
        let mut fill = self.starts.clone();
        for (k, (_, span)) in self.spans.iter().enumerate() {
            for row in span[1]..=span[3] {
                for c in &mut fill[row * self.columns + span[0]..=row * self.columns + span[2]] {
                    self.members[*c as usize] = k as u32;
                    *c += 1;
                }
            }
        }
    }

    /// The cells `[x0, y0, x1, y1]` (inclusive) that `query` meets; `None` if it misses the grid.
    fn span(&self, query: &Aabb) -> Option<[usize; 4]> {
        if self.columns == 0 {
            return None;
        }
        let lo = (query.min - self.origin) * self.inv_cell;
        let hi = (query.max - self.origin) * self.inv_cell;
        let (columns, rows) = (self.columns as f32, self.rows as f32);
        if hi.x < 0.0 || hi.y < 0.0 || lo.x > columns || lo.y > rows {
            return None;
        }
        Some(self.cells(query))
    }

    /// The cells `[x0, y0, x1, y1]` (inclusive) that `bounds` meets, clamped to the grid (a
    /// box of the index always meets it; rounding may put its edge a hair outside).
    fn cells(&self, bounds: &Aabb) -> [usize; 4] {
        let lo = (bounds.min - self.origin) * self.inv_cell;
        let hi = (bounds.max - self.origin) * self.inv_cell;
        // Through u32, whose saturating cast from f32 is cheaper than usize's: no grid has 2³²
        // cells a side, so the clamp gives the same cell.
        let cell = |v: f32, n: usize| (v.max(0.0) as u32 as usize).min(n - 1);
        [cell(lo.x, self.columns), cell(lo.y, self.rows), cell(hi.x, self.columns), cell(hi.y, self.rows)]
    }

    /// The lowest number among the boxes whose bounds meet `query` (touching included) and that
    /// `hits`, if any. Boxes are tested in ascending number, cell by cell; a box numbered above
    /// the best hit so far is not tested.
    pub fn first(&self, query: &Aabb, hits: impl FnMut(u32) -> bool) -> Option<u32> {
        self.first_below(query, u32::MAX, hits)
    }

    /// [`Self::first`] among the boxes numbered below `limit`.
    pub fn first_below(&self, query: &Aabb, limit: u32, hits: impl FnMut(u32) -> bool) -> Option<u32> {
        let span = self.span(query)?;
        self.scan(query, span, limit, hits)
    }

    /// [`Self::first_below`] `k` for box `k`'s own bounds: the lowest-numbered box before it
    /// whose bounds meet its own and for which `hits` is true, without finding its cells again
    /// (a greedy pass over the boxes in their order).
    ///
    /// # Panics
    /// If there is no box `k`.
    #[must_use]
    pub fn first_before(&self, k: u32, hits: impl FnMut(u32) -> bool) -> Option<u32> {
        let (query, span) = &self.spans[k as usize];
        self.scan(query, *span, k, hits)
    }

    /// The lowest-numbered box below `limit` listed in the cells of `span` whose bounds meet
    /// `query` and for which `hits` is true.
    fn scan(&self, query: &Aabb, span: [usize; 4], limit: u32, mut hits: impl FnMut(u32) -> bool) -> Option<u32> {
        let mut best = limit;
        for row in span[1]..=span[3] {
            for cell in row * self.columns + span[0]..=row * self.columns + span[2] {
                let members = &self.members[self.starts[cell] as usize..self.starts[cell + 1] as usize];
                for &k in members.iter().take_while(|&&k| k < best) {
                    if self.spans[k as usize].0.intersects_closed(query) && hits(k) {
                        best = k;
                        break;
                    }
                }
            }
        }
        (best != limit).then_some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Obb;
    use crate::pipeline::collides;

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
            assert_eq!(grid.first_before(k as u32, hit), scan, "box {k}");
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
