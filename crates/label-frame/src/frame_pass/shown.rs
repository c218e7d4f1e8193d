//! The shown labels of a frame as obstacles for the labels that come after them: their boxes in
//! placement order, found by label (the blocker a waiting label had last frame) or by bounds,
//! so that a label covered by a shown one is settled by exact tests against the few shown
//! labels near it instead of a greedy pass over all of them.
//!
//! The index is the core's [`FirstHit`] (the one its obstacles use), rebuilt every frame in
//! the allocations of the last; or, after a sequential pass 1, that pass's own boxes (every
//! label of pass 1, the hidden ones not blocking) and its grid of the shown blocking ones,
//! taken over rather than built again.

use label_core::Obb;
use label_core::pipeline::{FirstHit, Sequential, collides};

use crate::frame_pass::covered::KeptBoxes;
use crate::geo::sight::Sight;
use crate::state::parts::BoxParts;

/// The blocking shown labels (`ignore_placement` ones block nothing) of one frame.
#[derive(Debug, Default)]
pub(crate) struct ShownBoxes {
    /// Engine index of each box, in placement order; [`NOT_BLOCKING`] for a box that blocks
    /// nothing (a label pass 1 hid, or one that ignores placement).
    labels: Vec<u32>,
    /// The boxes (own padding, no margin), in placement order.
    boxes: Vec<Obb>,
    /// Per engine label: its position in `labels` if it blocks, else [`NOT_BLOCKING`].
    slot: Vec<u32>,
    /// The blocking boxes' bounds, numbered in placement order (the others are not listed).
    index: FirstHit,
    /// Pass 1's sequential placement, in its allocations.
    sequential: Sequential,
}

/// A box that blocks nothing, or a label that has no blocking box.
const NOT_BLOCKING: u32 = u32::MAX;

impl ShownBoxes {
    /// Rebuilds the set from `shown` (engine indices in placement order, all in sight), for an
    /// engine of `count` labels.
    pub(crate) fn rebuild(&mut self, parts: &[BoxParts], sights: &[Sight], shown: &[u32]) {
        self.forget(parts.len());
        for &i in shown.iter().filter(|&&i| !parts[i as usize].ignore_placement) {
            let pose = sights[i as usize].pose().expect("shown labels are in sight");
            self.slot[i as usize] = self.labels.len() as u32;
            self.labels.push(i);
            self.boxes.push(parts[i as usize].on_screen(&pose, 0.0));
        }
        self.index.rebuild(self.boxes.iter().map(Obb::bounds));
    }

    /// The buffers of a sequential pass 1, to run it in (see [`Self::take_pass_one`]).
    pub(crate) fn sequential(&mut self) -> &mut Sequential {
        &mut self.sequential
    }

    /// Takes over the boxes and index of the pass 1 just run in [`Self::sequential`] over
    /// `placed` (engine indices, in that pass's input order), for an engine of `count` labels:
    /// the same set as [`Self::rebuild`] from the labels it showed, if every label of it was
    /// placed with its own padding (no margin).
    pub(crate) fn take_pass_one(&mut self, placed: &[u32], count: usize) {
        self.forget(count);
        self.sequential.swap_boxes(&mut self.boxes, &mut self.index);
        for (rank, &p) in self.sequential.order().iter().enumerate() {
            let mut label = NOT_BLOCKING;
            if self.sequential.blocks(rank) {
                label = placed[p as usize];
                self.slot[label as usize] = rank as u32;
            }
            self.labels.push(label);
        }
    }

    /// Empties the set, for an engine of `count` labels.
    fn forget(&mut self, count: usize) {
        for &i in self.labels.iter().filter(|&&i| i != NOT_BLOCKING) {
            self.slot[i as usize] = NOT_BLOCKING;
        }
        self.slot.resize(count, NOT_BLOCKING);
        self.labels.clear();
        self.boxes.clear();
    }

    /// The box of shown label `label` (engine index), if it is a blocking shown label.
    #[must_use]
    pub(crate) fn box_of(&self, label: u32) -> Option<&Obb> {
        self.boxes.get(*self.slot.get(label as usize)? as usize)
    }

    /// Whether shown label `label` (engine index) blocks: [`Self::box_of`] has its box.
    #[must_use]
    #[inline]
    pub(crate) fn blocks(&self, label: u32) -> bool {
        self.slot.get(label as usize).is_some_and(|&s| s != NOT_BLOCKING)
    }
}

impl KeptBoxes for ShownBoxes {
    #[inline]
    fn boxes_of(&self, label: u32) -> &[Obb] {
        self.box_of(label).map_or(&[], std::slice::from_ref)
    }

    #[inline]
    fn first_collider(&self, me: &Obb, max_overlap_area: f32) -> Option<u32> {
        self.index.first(&me.bounds(), |k| {
            self.labels[k as usize] != NOT_BLOCKING && collides(me, &self.boxes[k as usize], max_overlap_area)
        })
    }

    #[inline]
    fn owner(&self, k: u32) -> u32 {
        self.labels[k as usize]
    }
}
