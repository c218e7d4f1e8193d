//! A cell's list of the labels that can block later labels there, in placement order, and the
//! scan for the first one whose bounds overlap a box.
//!
//! The list is a `QuadList` (`broad/lanes.rs`), as [`crate::broad::FirstHit`]'s cells are: the
//! four bounds side by side, then the ranks and the slots. The quick test
//! reads 16 bytes an entry and tests four entries at once, so the scan branches once a quad
//! instead of once an entry. The last quad's unused lanes hold empty bounds, which overlap
//! nothing.

use crate::Aabb;
use crate::broad::lanes::{Lane, Quad, QuadList, Query4};

/// A label that can block: its rank in the tile's order and its slot.
#[derive(Clone, Copy, Debug)]
struct Blocker {
    rank: u32,
    slot: u32,
}

impl Lane for Blocker {
    const UNUSED: Self = Self { rank: u32::MAX, slot: u32::MAX };
}

/// Labels that can block, in the order they were added (placement order within a tile).
#[derive(Clone, Debug, Default)]
pub(crate) struct Blockers {
    list: QuadList<Vec<Quad<Blocker>>>,
}

impl Blockers {
    /// An empty list with room for `n` entries.
    pub(crate) fn with_capacity(n: usize) -> Self {
        Self { list: QuadList::over(Vec::with_capacity(n.div_ceil(4))) }
    }

    pub(crate) fn push(&mut self, bounds: &Aabb, rank: u32, slot: u32) {
        self.list.push(bounds, Blocker { rank, slot });
    }

    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    /// How many entries rank before `rank` (they are a prefix).
    pub(crate) fn before(&self, rank: u32) -> usize {
        // The first quad whose first entry does not rank before, then the lanes of the quad
        // before it that do.
        let all = self.list.quads();
        let quads = all.partition_point(|q| q.lanes[0].rank < rank);
        let Some(quad) = quads.checked_sub(1).map(|q| &all[q]) else {
            return 0;
        };
        let lanes = quad.lanes.iter().take_while(|b| b.rank < rank).count();
        ((quads - 1) * 4 + lanes).min(self.len())
    }

    /// The slot of entry `k`.
    #[inline]
    pub(crate) fn slot(&self, k: usize) -> u32 {
        self.list.quads()[k / 4].lanes[k % 4].slot
    }

    /// The first entry in `from..end` whose bounds overlap `q`'s interior.
    #[inline]
    pub(crate) fn next_overlap(&self, q: &Aabb, from: usize, end: usize) -> Option<usize> {
        if from >= end {
            return None;
        }
        let query = Query4::new(q);
        let first = from / 4;
        // The first quad's lanes before `from` are masked off; the entries at `end` and after
        // are past the first overlap found in the last quad, if any.
        let mut keep = u32::MAX << (from % 4);
        for (i, quad) in self.list.quads()[first..end.div_ceil(4)].iter().enumerate() {
            let lanes = quad.bounds.overlapping(&query) & keep;
            if lanes != 0 {
                let k = (first + i) * 4 + lanes.trailing_zeros() as usize;
                return (k < end).then_some(k);
            }
            keep = u32::MAX;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    #[test]
    fn the_scan_finds_every_overlap_in_order() {
        let mut list = Blockers::default();
        let boxes: Vec<Aabb> = (0..37)
            .map(|i| Aabb::from_origin_size(Vec2::new((i % 7) as f32 * 10.0, (i / 7) as f32 * 10.0), Vec2::splat(10.0)))
            .collect();
        for (i, b) in boxes.iter().enumerate() {
            list.push(b, i as u32 * 2, 100 + i as u32);
        }
        let q = Aabb::from_corners(Vec2::new(15.0, 5.0), Vec2::new(35.0, 25.0));
        let mut found = vec![];
        let mut k = 0;
        while let Some(hit) = list.next_overlap(&q, k, list.len()) {
            found.push(list.slot(hit));
            k = hit + 1;
        }
        let expected: Vec<u32> = (0..37).filter(|&i| boxes[i as usize].overlaps(&q)).map(|i| 100 + i).collect();
        assert_eq!(found, expected);
        // Touching is not overlapping; the end bound is respected.
        let edge = Aabb::from_corners(Vec2::new(70.0, 0.0), Vec2::new(80.0, 10.0));
        assert_eq!(list.next_overlap(&edge, 0, list.len()), None);
        assert_eq!(list.before(9), 5);
        assert_eq!(list.before(0), 0);
        assert_eq!(list.before(1000), 37);
        assert_eq!(list.next_overlap(&q, 3, 3), None);
        assert_eq!(list.next_overlap(&q, 0, 1), None);
        assert_eq!(list.next_overlap(&q, 0, 2), Some(1));
        // Every start and end, within and across quads, against the entries one by one.
        for from in 0..=list.len() {
            for end in from..=list.len() {
                let one_by_one = (from..end).find(|&k| boxes[k].overlaps(&q));
                assert_eq!(list.next_overlap(&q, from, end), one_by_one, "{from}..{end}");
            }
        }
        for rank in 0..80 {
            assert_eq!(list.before(rank), (0..37).filter(|&i| i * 2 < rank).count(), "rank {rank}");
        }
    }
}
