//! Cells' neighbourhoods: which cells' labels can reach each other, from an rstar self-join of
//! the cells' envelopes (the union of the bounds of the labels bucketed there).

use rayon::prelude::*;

use super::{Grid, find_candidates};
use crate::Aabb;

/// Cells per parallel work item when the envelopes are built.
const MIN_PARALLEL_CELLS: usize = 1024;

/// Each cell's envelope and neighbourhood: the cells whose envelopes meet its own. Any two
/// labels whose bounds meet sit in neighbouring cells. A neighbourhood lists the cells of the
/// cell's own tile first (the cell itself leading), then the cells of other tiles.
#[derive(Clone, Debug, Default)]
pub struct Cells {
    envelopes: Vec<Aabb>,
    starts: Vec<u32>,
    own_ends: Vec<u32>,
    neighbors: Vec<u32>,
    pairs: usize,
}

impl Cells {
    /// The neighbourhoods of `grid`'s cells, whose labels' `bounds` are listed cell by cell in
    /// `members` (each cell's from `cell_starts[c]` to `cell_starts[c + 1]`).
    #[must_use]
    pub fn new(grid: &Grid, cell_starts: &[u32], members: &[u32], bounds: &[Aabb]) -> Self {
        let envelopes: Vec<Aabb> = (0..grid.len())
            .into_par_iter()
            .with_min_len(MIN_PARALLEL_CELLS)
            .map(|c| {
                let mine = &members[cell_starts[c] as usize..cell_starts[c + 1] as usize];
                mine.iter().fold(Aabb::EMPTY, |e, &s| e.union(&bounds[s as usize]))
            })
            .collect();
        // The join runs over the non-empty cells only.
        let full: Vec<u32> =
            (0..grid.len() as u32).filter(|&c| cell_starts[c as usize + 1] > cell_starts[c as usize]).collect();
        let compact: Vec<Aabb> = full.iter().map(|&c| envelopes[c as usize]).collect();
        let (meeting, _) = find_candidates(&compact, None);
        let (starts, own_ends, neighbors) = rows(grid, &full, &meeting);
        Self { envelopes, starts, own_ends, neighbors, pairs: meeting.pairs() }
    }

    /// The union of the bounds of the labels in `cell` ([`Aabb::EMPTY`] for an empty cell).
    #[must_use]
    #[inline]
    pub fn envelope(&self, cell: usize) -> &Aabb {
        &self.envelopes[cell]
    }

    /// Number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.envelopes.len()
    }

    /// Whether there are no cells.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.envelopes.is_empty()
    }

    /// The cells of `cell`'s own tile whose labels can reach `cell`'s, itself first.
    #[must_use]
    #[inline]
    pub fn own_neighbors(&self, cell: usize) -> &[u32] {
        &self.neighbors[self.starts[cell] as usize..self.own_ends[cell] as usize]
    }

    /// The cells of other tiles whose labels can reach `cell`'s.
    #[must_use]
    #[inline]
    pub fn foreign_neighbors(&self, cell: usize) -> &[u32] {
        &self.neighbors[self.own_ends[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// Pairs of distinct non-empty cells whose envelopes meet (the R-tree join's output).
    #[must_use]
    pub fn cell_pairs(&self) -> usize {
        self.pairs
    }
}

/// Each cell's row: itself, the other cells of its tile it meets, then those of other tiles.
/// `full` maps the join's indices to cell numbers.
fn rows(grid: &Grid, full: &[u32], meeting: &super::Candidates) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let tile_of = grid.tile_of_cells();
    let mut lists: Vec<Vec<u32>> = (0..grid.len() as u32).map(|c| vec![c]).collect();
    for later in 0..meeting.len() {
        let a = full[later];
        for &e in meeting.earlier(later) {
            let b = full[e as usize];
            lists[a as usize].push(b);
            lists[b as usize].push(a);
        }
    }
    let mut starts = Vec::with_capacity(grid.len() + 1);
    let mut own_ends = Vec::with_capacity(grid.len());
    let mut neighbors = Vec::with_capacity(lists.iter().map(Vec::len).sum());
    starts.push(0);
    for (c, list) in lists.iter_mut().enumerate() {
        let tile = tile_of[c];
        // Stable: the cell itself stays first.
        list.sort_by_key(|&n| tile_of[n as usize] != tile);
        let own = list.iter().take_while(|&&n| tile_of[n as usize] == tile).count();
        own_ends.push((neighbors.len() + own) as u32);
        neighbors.extend_from_slice(list);
        starts.push(neighbors.len() as u32);
    }
    (starts, own_ends, neighbors)
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    #[test]
    fn every_meeting_pair_of_labels_sits_in_neighbouring_cells() {
        let mut b: Vec<Aabb> = (0..2000u32)
            .map(|i| {
                let x = ((i * 37) % 211) as f32 * 3.3;
                let y = ((i * 53) % 197) as f32 * 2.1;
                let w = 2.0 + (i % 13) as f32 * 4.0;
                Aabb::from_origin_size(Vec2::new(x, y), Vec2::new(w, 3.0 + (i % 5) as f32))
            })
            .collect();
        // A far outlier and a huge label must not break anything.
        b.push(Aabb::from_origin_size(Vec2::splat(1e9), Vec2::ONE));
        b.push(Aabb::from_origin_size(Vec2::new(-500.0, 100.0), Vec2::new(2000.0, 5.0)));
        for (size, tile) in
            [(None, None), (Some(0.01), Some(3)), (Some(3.0), Some(50)), (Some(20.0), None), (Some(500.0), Some(1))]
        {
            let centers: Vec<Vec2> = b.iter().map(Aabb::center).collect();
            let grid = Grid::new(&centers, centers.len(), 0.0, size, tile);
            // Bucket by cell, as the layout does.
            let cell: Vec<u32> = centers.iter().map(|&p| grid.cell(p)).collect();
            let mut order: Vec<usize> = (0..b.len()).collect();
            order.sort_by_key(|&i| cell[i]);
            let mut starts = vec![0u32; grid.len() + 1];
            for &c in &cell {
                starts[c as usize + 1] += 1;
            }
            for c in 0..grid.len() {
                starts[c + 1] += starts[c];
            }
            let slotted: Vec<Aabb> = order.iter().map(|&i| b[i]).collect();
            let members: Vec<u32> = (0..b.len() as u32).collect();
            let cells = Cells::new(&grid, &starts, &members, &slotted);
            let tile_of = grid.tile_of_cells();
            for i in 0..b.len() {
                let ci = cell[i] as usize;
                assert_eq!(cells.own_neighbors(ci)[0] as usize, ci);
                assert!(cells.own_neighbors(ci).iter().all(|&n| tile_of[n as usize] == tile_of[ci]));
                assert!(cells.foreign_neighbors(ci).iter().all(|&n| tile_of[n as usize] != tile_of[ci]));
                for j in 0..b.len() {
                    if b[i].intersects_closed(&b[j]) {
                        let cj = cell[j];
                        let near = cells.own_neighbors(ci).contains(&cj) || cells.foreign_neighbors(ci).contains(&cj);
                        assert!(near, "{i} {j} size {size:?} tile {tile:?}");
                    }
                }
            }
        }
    }
}
