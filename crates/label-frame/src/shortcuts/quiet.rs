//! Quiet labels by block: runs of [`BLOCK`] labels (in the caller's order), and which of them
//! are quiet — out of view and not drawn, as they were ([`crate::state::memo::bits::QUIET`]) —
//! one bit each, which the walks over every label skip.
//!
//! A quiet label costs each walk a visit (its byte, its world cell) only to find nothing to do,
//! and most labels of a map are quiet. Only the projection stage sets and clears the quiet bit,
//! and every pass after it leaves quiet labels as they are, so the bits the projection leaves
//! in a block stay true until the next projection looks at the block again. That one skips a
//! block all quiet whose labels' world cells are still out of reach ([`WorldCells`]), and in
//! the other blocks the quiet labels of cells out of reach ([`WorldCells::block_away`]); the
//! pass over the labels skips every quiet label, counting it off screen.
//!
//! Labels given in spatial order (tile by tile, as a renderer reads them from vector tiles) make
//! whole blocks quiet, and blocks of one or two world cells; in random order a block is almost
//! never all quiet, and only the pass over the labels saves its visits.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::geo::cells::{Reach, WorldCells};
use crate::shortcuts::dormant::Dormant;
use crate::util::bits::BLOCK;

/// Per block of labels: which of them are quiet at the end of the last projection stage.
#[derive(Debug, Default)]
pub(crate) struct QuietBlocks {
    /// Per block: bit `j` set if its `j`-th label is quiet (its byte has [`bits::QUIET`]).
    ///
    /// [`bits::QUIET`]: crate::state::memo::bits::QUIET
    quiet: Vec<AtomicU64>,
    /// How many labels there are.
    labels: usize,
    /// No label is ever taken as quiet here (a test sets it to compare): each walk looks at
    /// every label's byte.
    pub(crate) never: bool,
    /// How many blocks the projection stage skipped.
    #[cfg(test)]
    blocks_skipped: std::sync::atomic::AtomicUsize,
}

impl QuietBlocks {
    /// No label quiet, of `labels` labels.
    pub(crate) fn reset(&mut self, labels: usize) {
        self.quiet = (0..labels.div_ceil(BLOCK)).map(|_| AtomicU64::new(0)).collect();
        self.labels = labels;
    }

    /// Bit `j` for each label `j` of block `block`.
    fn all(&self, block: usize) -> u64 {
        let len = (self.labels - block * BLOCK).min(BLOCK);
        u64::MAX >> (BLOCK - len)
    }

    /// The labels of block `block` that are quiet (bit `j` for its `j`-th).
    #[inline]
    pub(crate) fn of(&self, block: usize) -> u64 {
        self.quiet[block].load(Ordering::Relaxed)
    }

    /// The labels of block `block` that the projection stage skips, as a visit would: quiet,
    /// in a world cell out of reach or receding (`in_reach`); and whether that is all of them.
    #[inline]
    pub(crate) fn skipped(&self, block: usize, cells: &WorldCells, in_reach: &[Reach]) -> (u64, bool) {
        let skipped = self.of(block) & cells.block_away(block, in_reach);
        let all = skipped == self.all(block);
        #[cfg(test)]
        self.blocks_skipped.fetch_add(usize::from(all), Ordering::Relaxed);
        (skipped, all)
    }

    /// Records which labels of block `block` are quiet after the projection stage.
    #[inline]
    pub(crate) fn learn(&self, block: usize, quiet: u64) {
        self.quiet[block].store(if self.never { 0 } else { quiet }, Ordering::Relaxed);
    }

    /// How many blocks are all quiet.
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        (0..self.quiet.len()).filter(|&b| self.of(b) == self.all(b)).count()
    }

    /// `f(i, item)` for every label `i` of `run` (starting at label `start`, a multiple of
    /// [`BLOCK`]) that is neither `dormant` nor quiet. Returns how many labels are quiet (none
    /// of them dormant).
    pub(crate) fn each_visited<T>(
        &self,
        dormant: &Dormant,
        start: usize,
        run: &mut [T],
        mut f: impl FnMut(usize, &mut T),
    ) -> usize {
        debug_assert_eq!(start % BLOCK, 0);
        let mut quiet = 0;
        for (k, block) in run.chunks_mut(BLOCK).enumerate() {
            let first = start + k * BLOCK;
            let these = self.of(first / BLOCK);
            quiet += these.count_ones() as usize;
            dormant.each_awake(first, block, these, &mut f);
        }
        quiet
    }
}

#[cfg(test)]
mod tests {
    use glam::DVec2;

    use std::sync::atomic::Ordering;

    use crate::Camera;
    use crate::geo::cells::WorldCells;

    #[test]
    fn frames_are_the_same_whether_quiet_blocks_are_skipped_or_not() {
        // A dense patch of labels (3,000 over 20 × 17 world px) and a few spread around it, so
        // that the world cells over the patch hold hundreds of labels; given cell by cell (as
        // tiles would give them), so that whole blocks lie in one or two cells. The camera pans
        // across the patch (reused frames), zooms in and out and turns, and comes back: blocks
        // go quiet out of view, are skipped, and wake.
        let mut labels = crate::testing::patch(DVec2::new(100.0, 80.0), 0.04);
        labels.extend((0..200u32).map(|k| {
            let p = DVec2::new(f64::from(k * 37 % 250), f64::from(k * 53 % 200));
            crate::WorldLabel::from_world(u64::from(10_000 + k), p, 40.0, 12.0)
        }));
        let cells = WorldCells::new(&labels.iter().map(crate::state::hot::Hot::new).collect::<Vec<_>>());
        let mut by_cell: Vec<(usize, crate::WorldLabel)> =
            labels.drain(..).enumerate().map(|(i, l)| (cells.cell_of(i), l)).collect();
        by_cell.sort_by_key(|(c, _)| *c);
        labels.extend(by_cell.into_iter().map(|(_, l)| l));
        let cameras: Vec<Camera> = (0..200)
            .map(|k| {
                let t = f64::from(k);
                let c = Camera::new(DVec2::new(95.0, 85.0), 6.0, 900.0, 600.0);
                match k {
                    0..50 => c.with_center(DVec2::new(95.0 + t * 0.3, 85.0 + t * 0.05)),
                    50..100 => c.with_center(DVec2::new(110.0, 88.0)).with_zoom(6.0 + (t - 50.0) * 0.03),
                    100..150 => {
                        c.with_center(DVec2::new(110.0, 88.0)).with_zoom(7.5 - (t - 100.0) * 0.05).with_bearing(t)
                    }
                    _ => c.with_center(DVec2::new(110.0 - (t - 150.0) * 0.4, 88.0)),
                }
            })
            .collect();
        let mut quiet = 0;
        let never_quiet = crate::Shortcuts { quiet: false, ..crate::Shortcuts::ALL };
        let [skipping, _] = crate::testing::play_alongside(&labels, &cameras, never_quiet, |_, skipping, not| {
            quiet += skipping.quiet.count();
            assert_eq!(not.quiet.count(), 0);
        });
        let skipped = skipping.quiet.blocks_skipped.load(Ordering::Relaxed);
        assert!(quiet > 1_000 && skipped > 300, "{quiet} quiet blocks over the frames, {skipped} skipped");
    }
}
