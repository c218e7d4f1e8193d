//! A cell's list of the labels that can block later labels there, in placement order, and the
//! scan for the first one whose bounds overlap a box.

use glam::Vec4;

use crate::Aabb;

/// Entries per block: one 8-lane comparison on most machines.
const LANES: usize = 8;

/// Eight entries' bounds column by column, with their ranks and slots.
#[derive(Clone, Copy, Debug)]
struct Block {
    min_x: [f32; LANES],
    min_y: [f32; LANES],
    max_x: [f32; LANES],
    max_y: [f32; LANES],
    ranks: [u32; LANES],
    slots: [u32; LANES],
}

/// Unused lanes hold an empty box, which overlaps nothing.
const EMPTY_BLOCK: Block = Block {
    min_x: [f32::INFINITY; LANES],
    min_y: [f32::INFINITY; LANES],
    max_x: [f32::NEG_INFINITY; LANES],
    max_y: [f32::NEG_INFINITY; LANES],
    ranks: [u32::MAX; LANES],
    slots: [u32::MAX; LANES],
};

/// Labels that can block, in the order they were added (placement order within a tile), in
/// blocks of [`LANES`]: the scan compares a block's bounds at once and reads the rank and slot of
/// an entry only on a hit. One allocation grows per cell, a block at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blockers {
    blocks: Vec<Block>,
    len: usize,
}

impl Blockers {
    pub(crate) fn push(&mut self, bounds: &Aabb, rank: u32, slot: u32) {
        let lane = self.len % LANES;
        if lane == 0 {
            if self.blocks.capacity() == 0 {
                self.blocks.reserve(4);
            }
            self.blocks.push(EMPTY_BLOCK);
        }
        if let Some(b) = self.blocks.last_mut() {
            b.min_x[lane] = bounds.min.x;
            b.min_y[lane] = bounds.min.y;
            b.max_x[lane] = bounds.max.x;
            b.max_y[lane] = bounds.max.y;
            b.ranks[lane] = rank;
            b.slots[lane] = slot;
        }
        self.len += 1;
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// How many entries rank before `rank` (they are a prefix).
    pub(crate) fn before(&self, rank: u32) -> usize {
        let blocks = self.blocks.partition_point(|b| b.ranks[0] < rank);
        if blocks == 0 {
            return 0;
        }
        let last = &self.blocks[blocks - 1];
        (blocks - 1) * LANES + last.ranks.iter().take_while(|&&r| r < rank).count()
    }

    /// The slot of entry `k`.
    #[inline]
    pub(crate) fn slot(&self, k: usize) -> u32 {
        self.blocks[k / LANES].slots[k % LANES]
    }

    /// The first entry in `from..end` whose bounds overlap `q`'s interior.
    #[inline]
    pub(crate) fn next_overlap(&self, q: &Aabb, from: usize, end: usize) -> Option<usize> {
        if from >= end {
            return None;
        }
        let first = from / LANES;
        let last = (end - 1) / LANES;
        let (qx0, qy0) = (Vec4::splat(q.min.x), Vec4::splat(q.min.y));
        let (qx1, qy1) = (Vec4::splat(q.max.x), Vec4::splat(q.max.y));
        for (i, b) in self.blocks[first..=last].iter().enumerate() {
            // Four lanes per vector compare; the two halves' bits make the block's mask.
            let half = |h: usize| {
                let r = h * 4..h * 4 + 4;
                let hit = Vec4::from_slice(&b.min_x[r.clone()]).cmplt(qx1)
                    & qx0.cmplt(Vec4::from_slice(&b.max_x[r.clone()]))
                    & Vec4::from_slice(&b.min_y[r.clone()]).cmplt(qy1)
                    & qy0.cmplt(Vec4::from_slice(&b.max_y[r]));
                hit.bitmask()
            };
            let mut mask = half(0) | (half(1) << 4);
            let base = (first + i) * LANES;
            // Lanes before `from` and from `end` on do not count.
            let lo = from.saturating_sub(base).min(LANES);
            let hi = (end - base).min(LANES);
            mask &= (u32::MAX << lo) & !(u32::MAX.checked_shl(hi as u32).unwrap_or(0));
            if mask != 0 {
                return Some(base + mask.trailing_zeros() as usize);
            }
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
    }
}
