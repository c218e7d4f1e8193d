//! The labels kept before pass 2 as obstacles for the labels that come after them (see
//! `covered.rs`): their blocking boxes in placement order, found by label (the blocker a
//! waiting label had last frame) or by bounds, so that a label covered by a kept one is
//! settled by exact tests against the few kept labels near it instead of a greedy pass over
//! all of them.
//!
//! One type for plain labels and symbols, [`KeptSet`]: a kept label blocks with boxes that
//! lie together in placement order (a plain label one box; a symbol the boxes of the position
//! and parts it shows, `symbols/kept.rs`). The index is the core's
//! [`FirstHit`] (the one its obstacles use), rebuilt every frame in the allocations of the
//! last. The plain set is the engine's, kept from frame to frame; after a sequential pass 1 it
//! takes over that pass's own boxes (every label of pass 1, the hidden ones not blocking) and
//! its grid of the shown blocking ones rather than build them again. A symbol frame builds its
//! sets anew, each in the grid that the last set dropped on its thread left there
//! ([`FirstHit::rebuild`]: the allocations of its cells, and of the cells that outgrew them).

use std::cell::Cell;

use label_core::Obb;
use label_core::pipeline::{FirstHit, Sequential, collides};

use crate::geo::sight::Sight;
use crate::state::parts::BoxParts;

thread_local! {
    /// The grid of the last [`KeptSet`] dropped on this thread, for the next one to rebuild (at
    /// most [`FirstHit::KEEP_BYTES`] on the heap; it stays with the thread, whichever engine
    /// built it).
    static GRID: Cell<FirstHit> = Cell::new(FirstHit::default());
}

/// The blocking kept labels (`ignore_placement` ones block nothing) of one frame.
#[derive(Debug, Default)]
pub(crate) struct KeptSet {
    /// Engine index of each box's label, in placement order; [`NOT_BLOCKING`] for a box that
    /// blocks nothing (a label a sequential pass 1 hid, or one that ignores placement).
    owners: Vec<u32>,
    /// The boxes (own padding, no margin), in placement order.
    boxes: Vec<Obb>,
    /// Per engine label: where its boxes are (first, past the last) if it blocks, else
    /// [`NOT_BLOCKING`] first.
    range: Vec<(u32, u32)>,
    /// The blocking boxes' bounds, numbered in placement order.
    index: FirstHit,
    /// Built in the grid of the thread's cache ([`Self::new`], a frame's set of symbols), to
    /// which it hands the grid back when dropped; the engine's own plain set is not.
    pooled: bool,
}

/// A box that blocks nothing, or a label that has no blocking box.
const NOT_BLOCKING: u32 = u32::MAX;

impl KeptSet {
    /// An empty set for an engine of `count` labels, to lay in the grid the last set dropped on
    /// this thread left (whose allocations it reuses).
    pub(super) fn new(count: usize) -> Self {
        let range = vec![(NOT_BLOCKING, 0); count];
        let index = GRID.try_with(Cell::take).unwrap_or_default();
        Self { owners: Vec::new(), boxes: Vec::new(), range, index, pooled: true }
    }

    /// Adds kept label `i` (engine index, not in the set yet; the set sized by [`Self::forget`]
    /// or [`Self::new`]) after the others: its boxes, those `push_boxes` adds.
    /// Lay the set ([`Self::lay`]) before reading it.
    pub(super) fn push_label(&mut self, i: u32, push_boxes: impl FnOnce(&mut Vec<Obb>)) {
        let start = self.boxes.len() as u32;
        push_boxes(&mut self.boxes);
        self.owners.resize(self.boxes.len(), i);
        self.range[i as usize] = (start, self.boxes.len() as u32);
    }

    /// Indexes the boxes pushed, for [`Self::first_collider`].
    pub(super) fn lay(&mut self) {
        self.index.rebuild(self.boxes.iter().map(Obb::bounds));
    }

    /// Empties the set, for an engine of `count` labels.
    pub(super) fn forget(&mut self, count: usize) {
        for &i in self.owners.iter().filter(|&&i| i != NOT_BLOCKING) {
            self.range[i as usize] = (NOT_BLOCKING, 0);
        }
        self.range.resize(count, (NOT_BLOCKING, 0));
        self.owners.clear();
        self.boxes.clear();
    }

    /// Whether kept label `label` (engine index) blocks.
    #[must_use]
    #[inline]
    pub(crate) fn blocks(&self, label: u32) -> bool {
        self.range.get(label as usize).is_some_and(|&(s, _)| s != NOT_BLOCKING)
    }

    /// The boxes kept label `label` (engine index) blocks with; none if it does not block.
    #[inline]
    pub(crate) fn boxes_of(&self, label: u32) -> &[Obb] {
        match self.range.get(label as usize) {
            Some(&(s, end)) if s != NOT_BLOCKING => &self.boxes[s as usize..end as usize],
            _ => &[],
        }
    }

    /// The number of the earliest placed kept box that `me` collides with (the core's rule,
    /// [`collides`]), if any. The grid lists only blocking boxes.
    #[inline]
    pub(crate) fn first_collider(&self, me: &Obb, max_overlap_area: f32) -> Option<u32> {
        self.index.first(&me.bounds(), |k| {
            debug_assert_ne!(self.owners[k as usize], NOT_BLOCKING, "the grid lists a box that blocks nothing");
            collides(me, &self.boxes[k as usize], max_overlap_area)
        })
    }

    /// The label (engine index) of kept box `k`.
    #[inline]
    pub(crate) fn owner(&self, k: u32) -> u32 {
        self.owners[k as usize]
    }
}

impl Drop for KeptSet {
    /// Hands the grid of a set from the thread's cache back to it, unless it holds more than
    /// [`FirstHit::KEEP_BYTES`] on the heap (a set never laid would only replace a laid grid),
    /// or the cache is already gone (the thread is ending).
    fn drop(&mut self) {
        if self.pooled && self.index.cells() > 0 && self.index.heap_bytes() <= FirstHit::KEEP_BYTES {
            let _ = GRID.try_with(|grid| grid.set(std::mem::take(&mut self.index)));
        }
    }
}

/// The kept plain labels (one box each).
pub(crate) type ShownBoxes = KeptSet;

impl ShownBoxes {
    /// Rebuilds the set from `shown` (engine indices in placement order, all in sight), for an
    /// engine of `count` labels.
    pub(crate) fn rebuild(&mut self, parts: &[BoxParts], sights: &[Sight], shown: &[u32]) {
        self.forget(parts.len());
        for &i in shown.iter().filter(|&&i| !parts[i as usize].ignore_placement) {
            let pose = sights[i as usize].pose().expect("shown labels are in sight");
            self.push_label(i, |boxes| boxes.push(parts[i as usize].on_screen(&pose, 0.0)));
        }
        self.lay();
    }

    /// Takes over the boxes and index of the pass 1 just run in `sequential` over `placed`
    /// (engine indices, in that pass's input order), for an engine of `count` labels, and gives
    /// it the set's to build into next time: the same set as [`Self::rebuild`] from the labels
    /// it showed, if every label of it was placed with its own padding (no margin).
    pub(crate) fn take_pass_one(&mut self, sequential: &mut Sequential, placed: &[u32], count: usize) {
        self.forget(count);
        sequential.swap_boxes(&mut self.boxes, &mut self.index);
        for (rank, &p) in sequential.order().iter().enumerate() {
            let mut label = NOT_BLOCKING;
            if sequential.blocks(rank) {
                label = placed[p as usize];
                self.range[label as usize] = (rank as u32, rank as u32 + 1);
            }
            self.owners.push(label);
        }
    }

    /// The box of kept label `label` (engine index), if it is a blocking kept label.
    #[must_use]
    pub(crate) fn box_of(&self, label: u32) -> Option<&Obb> {
        self.boxes_of(label).first()
    }
}

#[cfg(test)]
#[path = "shown_tests.rs"]
mod tests;
