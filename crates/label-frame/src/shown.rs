//! The shown labels of a frame as obstacles for the labels that come after them: their boxes in
//! placement order, found by label (the blocker a waiting label had last frame) or by bounds,
//! so that a label covered by a shown one is settled by exact tests against the few shown
//! labels near it instead of a greedy pass over all of them.
//!
//! The index is the core's [`FirstHit`] (the one its obstacles use), rebuilt every frame in
//! the allocations of the last.

use label_core::broad::FirstHit;
use label_core::{Obb, collides};

use crate::label::BoxParts;
use crate::project::Sight;

/// The blocking shown labels (`ignore_placement` ones block nothing) of one frame.
#[derive(Debug, Default)]
pub(crate) struct ShownBoxes {
    /// Engine index of each, in placement order.
    labels: Vec<u32>,
    /// Box of each (own padding, no margin), in placement order.
    boxes: Vec<Obb>,
    /// Per engine label: its position in `labels`, or `u32::MAX`.
    slot: Vec<u32>,
    /// The boxes' bounds, numbered in placement order.
    index: FirstHit,
}

impl ShownBoxes {
    /// Rebuilds the set from `shown` (engine indices in placement order, all in sight), for an
    /// engine of `count` labels.
    pub(crate) fn rebuild(&mut self, parts: &[BoxParts], sights: &[Sight], shown: &[u32]) {
        for &i in &self.labels {
            self.slot[i as usize] = u32::MAX;
        }
        self.slot.resize(parts.len(), u32::MAX);
        self.labels.clear();
        self.boxes.clear();
        for &i in shown.iter().filter(|&&i| !parts[i as usize].ignore_placement) {
            let pose = sights[i as usize].pose().expect("shown labels are in sight");
            self.slot[i as usize] = self.labels.len() as u32;
            self.labels.push(i);
            self.boxes.push(parts[i as usize].on_screen(&pose, 0.0));
        }
        self.index.rebuild(self.boxes.iter().map(Obb::bounds));
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
        self.slot.get(label as usize).is_some_and(|&s| s != u32::MAX)
    }

    /// The earliest placed shown label (engine index) whose box collides with `me` (the core's
    /// rule, [`collides`]), if any.
    #[must_use]
    pub(crate) fn first_collider(&self, me: &Obb, max_overlap_area: f32) -> Option<u32> {
        self.index
            .first(&me.bounds(), |k| collides(me, &self.boxes[k as usize], max_overlap_area))
            .map(|k| self.labels[k as usize])
    }
}
