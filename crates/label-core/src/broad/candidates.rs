//! Candidate pairs from per-tile R-tree self-joins, gathered per label.

use rayon::prelude::*;
use rstar::RTree;
use rstar::primitives::{GeomWithData, Rectangle};

use super::tiles::TileGrid;
use crate::Aabb;

type Item = GeomWithData<Rectangle<[f32; 2]>, u32>;

/// For each label (by rank in the placement order), the ranks of the earlier labels whose
/// bounding boxes meet its own: a compressed sparse row table.
#[derive(Clone, Debug, Default)]
pub struct Candidates {
    starts: Vec<u32>,
    earlier: Vec<u32>,
}

impl Candidates {
    /// Earlier-ranked candidates of the label at `rank`, in no particular order.
    #[inline]
    #[must_use]
    pub fn earlier(&self, rank: usize) -> &[u32] {
        &self.earlier[self.starts[rank] as usize..self.starts[rank + 1] as usize]
    }

    /// Number of labels (rows).
    #[must_use]
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there are no labels.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of candidate pairs.
    #[must_use]
    pub fn pairs(&self) -> usize {
        self.earlier.len()
    }
}

/// Finds every pair of boxes (indexed by rank) whose closed bounds meet. Returns the table and
/// the number of tiles used.
#[must_use]
pub fn find_candidates(boxes: &[Aabb], tile_size: Option<f32>) -> (Candidates, usize) {
    let Some(bounds) = boxes.iter().copied().reduce(|a, b| a.union(&b)) else {
        return (Candidates { starts: vec![0], earlier: vec![] }, 0);
    };
    let mean_extent = boxes.iter().map(|b| b.size().max_element()).sum::<f32>() / boxes.len() as f32;
    let grid = TileGrid::new(bounds, boxes.len(), mean_extent, tile_size);
    let members = bucket_by_tile(boxes, &grid);
    let per_tile: Vec<Vec<(u32, u32)>> =
        members.par_iter().enumerate().map(|(tile, ranks)| tile_pairs(tile, ranks, boxes, &grid)).collect();
    (to_rows(boxes.len(), &per_tile), grid.len())
}

/// The ranks of the boxes touching each tile, ascending.
fn bucket_by_tile(boxes: &[Aabb], grid: &TileGrid) -> Vec<Vec<u32>> {
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); grid.len()];
    for (rank, b) in boxes.iter().enumerate() {
        grid.for_each_tile(b, |t| members[t].push(rank as u32));
    }
    members
}

/// The pairs this tile owns, as `(later rank, earlier rank)`.
fn tile_pairs(tile: usize, ranks: &[u32], boxes: &[Aabb], grid: &TileGrid) -> Vec<(u32, u32)> {
    if ranks.len() < 2 {
        return Vec::new();
    }
    let items: Vec<Item> = ranks
        .iter()
        .map(|&r| {
            let b = &boxes[r as usize];
            GeomWithData::new(Rectangle::from_corners(b.min.to_array(), b.max.to_array()), r)
        })
        .collect();
    let tree = RTree::bulk_load(items);
    let mut pairs = Vec::new();
    for (a, b) in tree.intersection_candidates_with_other_tree(&tree) {
        let (earlier, later) = (a.data, b.data);
        if earlier >= later {
            continue;
        }
        let (p, q) = (&boxes[earlier as usize], &boxes[later as usize]);
        if grid.tile_of(p.min.max(q.min)) == tile {
            pairs.push((later, earlier));
        }
    }
    pairs
}

/// Gathers the per-tile pairs into rows by later rank.
fn to_rows(count: usize, per_tile: &[Vec<(u32, u32)>]) -> Candidates {
    let mut starts = vec![0u32; count + 1];
    for &(later, _) in per_tile.iter().flatten() {
        starts[later as usize + 1] += 1;
    }
    for i in 0..count {
        starts[i + 1] += starts[i];
    }
    let mut cursor = starts.clone();
    let mut earlier = vec![0u32; starts[count] as usize];
    for &(later, e) in per_tile.iter().flatten() {
        let slot = &mut cursor[later as usize];
        earlier[*slot as usize] = e;
        *slot += 1;
    }
    Candidates { starts, earlier }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn brute_pairs(boxes: &[Aabb]) -> Vec<(u32, u32)> {
        let mut v = vec![];
        for j in 0..boxes.len() {
            for i in 0..j {
                if boxes[i].intersects_closed(&boxes[j]) {
                    v.push((j as u32, i as u32));
                }
            }
        }
        v
    }

    fn rows(c: &Candidates, n: usize) -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = (0..n).flat_map(|r| c.earlier(r).iter().map(move |&e| (r as u32, e))).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn every_meeting_pair_once_for_any_tile_size() {
        let mut boxes = vec![];
        for i in 0..300u32 {
            let x = ((i * 37) % 101) as f32 * 3.3;
            let y = ((i * 53) % 97) as f32 * 2.1;
            let w = 2.0 + (i % 13) as f32 * 4.0;
            boxes.push(Aabb::from_origin_size(Vec2::new(x, y), Vec2::new(w, 3.0 + (i % 5) as f32)));
        }
        // Exactly touching pairs are candidates too.
        boxes.push(Aabb::from_corners(Vec2::new(1000.0, 0.0), Vec2::new(1010.0, 10.0)));
        boxes.push(Aabb::from_corners(Vec2::new(1010.0, 10.0), Vec2::new(1020.0, 20.0)));
        let expected = brute_pairs(&boxes);
        for tile in [None, Some(1.0), Some(7.5), Some(40.0), Some(5000.0)] {
            let (c, _) = find_candidates(&boxes, tile);
            assert_eq!(rows(&c, boxes.len()), expected, "tile size {tile:?}");
        }
    }
}
