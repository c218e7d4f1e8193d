//! The engine's bookkeeping of the copies of the world its labels are in (`geo/copies.rs`),
//! and of the certificates that a move between copies voids.

use crate::geo::cells::WorldCells;
use crate::geo::copies::{self, Copies};
use crate::geo::projection::Projection;
use crate::shortcuts::sleep::Sleep;
use crate::state::memo::bits;
use crate::{Camera, FrameEngine};

impl FrameEngine {
    /// Puts the labels in the copies of the world nearest `reference` (where they were set if
    /// `None`). If a label changes copy the world cells are built again and the next frame is a
    /// full one; unless every label that moved was [`bits::FAR`] (nothing refers to it), the
    /// certificates about them go too.
    pub(super) fn place_copies(&mut self, reference: Option<f64>) {
        use std::sync::atomic::Ordering;
        let (mut moved, mut seen) = (Vec::new(), false);
        copies::place(&self.labels, &mut self.table.hot, reference, |i| {
            moved.push(i);
            seen |= self.table.memo[i].load(Ordering::Relaxed) & bits::FAR == 0;
        });
        if moved.is_empty() {
            return;
        }
        self.cells = WorldCells::new(&self.table.hot);
        self.reusable = false;
        if seen {
            self.forget_certificates_of(&moved);
        }
    }

    /// Drops the certificates about a label of `moved` (which changed copy), as the label or as
    /// its blocker: they were issued for a world vector one of whose anchors has moved a world
    /// away. Their labels wake.
    pub(super) fn forget_certificates_of(&mut self, moved: &[usize]) {
        let mut is_moved = vec![false; self.labels.len()];
        for &i in moved {
            is_moved[i] = true;
        }
        for (i, &moved) in is_moved.iter().enumerate() {
            let sleep = self.table.sleeps.get(i);
            let blockers = || std::iter::once(sleep).chain(self.table.sleeps.further(i).iter().copied());
            if sleep.is_some() && (moved || blockers().any(|s| is_moved[s.blocker() as usize])) {
                self.table.sleeps.set(i, Sleep::NONE);
                self.table.dormant.wake(i as u32);
                *self.table.memo[i].get_mut() &= !bits::SLEEPY;
            }
        }
    }

    /// Puts the labels back in the copies of the world of `before` (the engine's copies before
    /// a frame that failed), for the readers of the last frame; the certificates about the
    /// labels that move back go too.
    pub(super) fn restore_copies(&mut self, before: Copies) {
        if self.copies.reference() != before.reference() {
            self.copies = before;
            self.place_copies(before.reference());
        }
    }

    /// The projection of `camera` seen in the labels' copy of the world, moving the labels'
    /// reference first if the camera needs it.
    pub(super) fn follow_copies(&mut self, camera: &Camera) -> Projection {
        if !self.options.world_copies {
            // Turned off since the last frame: the labels go back where they were set.
            if self.copies.reference().is_some() {
                self.copies.forget();
                self.place_copies(None);
            }
            return Projection::new(camera);
        }
        let projection = Projection::new(&self.copies.seen(camera));
        if let Some(reference) = self.copies.moved_reference(&projection) {
            self.place_copies(Some(reference));
        }
        projection
    }
}
