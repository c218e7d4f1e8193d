//! A cell's list of the labels that can block later labels there, in placement order, and the
//! scan for the first one whose bounds overlap a box.

use crate::Aabb;

/// One label that can block: its bounds for the quick test, its rank in the tile's order and its
/// slot.
#[derive(Clone, Copy, Debug)]
struct Entry {
    bounds: Aabb,
    rank: u32,
    slot: u32,
}

/// Labels that can block, in the order they were added (placement order within a tile).
#[derive(Clone, Debug, Default)]
pub(crate) struct Blockers {
    entries: Vec<Entry>,
}

impl Blockers {
    /// An empty list with room for `n` entries.
    pub(crate) fn with_capacity(n: usize) -> Self {
        Self { entries: Vec::with_capacity(n) }
    }

    pub(crate) fn push(&mut self, bounds: &Aabb, rank: u32, slot: u32) {
        self.entries.push(Entry { bounds: *bounds, rank, slot });
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// How many entries rank before `rank` (they are a prefix).
    pub(crate) fn before(&self, rank: u32) -> usize {
        self.entries.partition_point(|e| e.rank < rank)
    }

    /// The slot of entry `k`.
    #[inline]
    pub(crate) fn slot(&self, k: usize) -> u32 {
        self.entries[k].slot
    }

    /// The first entry in `from..end` whose bounds overlap `q`'s interior.
    #[inline]
    pub(crate) fn next_overlap(&self, q: &Aabb, from: usize, end: usize) -> Option<usize> {
        let entries = self.entries.get(from..end)?;
        entries.iter().position(|e| e.bounds.overlaps(q)).map(|k| from + k)
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
    }
}
