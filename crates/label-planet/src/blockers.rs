//! The labels of a region's walk that may hide later ones, in a uniform grid of their bounds,
//! filled as the walk goes: each cell lists, in walk order, the labels whose bounds meet it.

use label_core::Aabb;

/// A grid over a region's labels' bounds; labels are inserted in walk order (ascending rank).
pub struct Blockers {
    bounds: Vec<Aabb>,
    origin: glam::Vec2,
    inv_cell: f32,
    columns: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
}

/// About this many cells per label of the region, at most.
const CELLS_PER_LABEL: f32 = 1.0;

impl Blockers {
    /// An empty grid over `bounds` (indexed by rank), with cells about the size of the median
    /// label's bounds.
    pub fn new(bounds: impl IntoIterator<Item = Aabb>) -> Self {
        let bounds: Vec<Aabb> = bounds.into_iter().collect();
        let all = bounds.iter().copied().reduce(|a, b| a.union(&b));
        let Some(all) = all else {
            return Self {
                bounds,
                origin: glam::Vec2::ZERO,
                inv_cell: 1.0,
                columns: 1,
                rows: 1,
                cells: vec![Vec::new()],
            };
        };
        let mut sides: Vec<f32> = bounds.iter().map(|b| b.size().max_element()).collect();
        let middle = sides.len() / 2;
        let median = *sides.select_nth_unstable_by(middle, f32::total_cmp).1;
        // Not so small that the grid has more cells than labels.
        let least = (all.area() / (bounds.len() as f32 * CELLS_PER_LABEL)).sqrt();
        let cell = median.max(least).max(1e-3);
        let size = all.size() / cell;
        let (columns, rows) = ((size.x as usize).clamp(1, 1 << 15), (size.y as usize).clamp(1, 1 << 15));
        Self { bounds, origin: all.min, inv_cell: 1.0 / cell, columns, rows, cells: vec![Vec::new(); columns * rows] }
    }

    /// The cells `[x0, y0, x1, y1]` (inclusive) that `b` meets, clamped to the grid.
    fn span(&self, b: &Aabb) -> [usize; 4] {
        let lo = (b.min - self.origin) * self.inv_cell;
        let hi = (b.max - self.origin) * self.inv_cell;
        let at = |v: f32, n: usize| (v.max(0.0) as usize).min(n - 1);
        [at(lo.x, self.columns), at(lo.y, self.rows), at(hi.x, self.columns), at(hi.y, self.rows)]
    }

    fn cells_of(&self, rank: usize) -> impl Iterator<Item = usize> + '_ {
        let [x0, y0, x1, y1] = self.span(&self.bounds[rank]);
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| y * self.columns + x))
    }

    /// Adds the label of `rank` (after every label added so far in rank order).
    pub fn insert(&mut self, rank: usize) {
        let cells: Vec<usize> = self.cells_of(rank).collect();
        for c in cells {
            self.cells[c].push(rank as u32);
        }
    }

    /// The lowest-ranked label added whose bounds meet those of `rank` and that `hits`.
    pub fn first(&self, rank: usize, mut hits: impl FnMut(usize) -> bool) -> Option<usize> {
        let me = &self.bounds[rank];
        let mut best = usize::MAX;
        for c in self.cells_of(rank) {
            for &k in self.cells[c].iter().take_while(|&&k| (k as usize) < best) {
                let k = k as usize;
                if self.bounds[k].intersects_closed(me) && hits(k) {
                    best = k;
                    break;
                }
            }
        }
        (best != usize::MAX).then_some(best)
    }

    /// Every label added whose bounds meet those of `rank` and that `hits`, ascending.
    pub fn all(&self, rank: usize, mut hits: impl FnMut(usize) -> bool) -> Vec<usize> {
        let me = &self.bounds[rank];
        let mut found: Vec<usize> = Vec::new();
        for c in self.cells_of(rank) {
            found.extend(self.cells[c].iter().map(|&k| k as usize).filter(|&k| self.bounds[k].intersects_closed(me)));
        }
        found.sort_unstable();
        found.dedup();
        found.retain(|&k| hits(k));
        found
    }
}
