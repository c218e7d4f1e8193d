//! The engine's bookkeeping of the copies of the world its labels are in, and of the
//! certificates that a move between copies voids.

use crate::geo::cells::WorldCells;
use crate::geo::copies::{self, Copies};
use crate::geo::projection::Projection;
use crate::shortcuts::sleep::Sleep;
use crate::state::memo::bits;
use crate::{Camera, FrameEngine};

impl FrameEngine {
    /// Puts the labels in the copies of the world nearest `reference` (where they were set if
    /// `None`). Labels that change copy have new positions: the world cells are built again,
    /// the next frame is a full one, and if one of them was not out of
    /// view undrawn in the last frame ([`bits::FAR`]: no pose, nothing refers to
    /// it) the certificates about the labels that moved go too.
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

    /// Drops the certificates to sleep that are about a label of `moved` (which changed copy),
    /// as the label or as its blocker: they were issued for the world vector between two
    /// anchors one of which has moved a world away. The labels that held them wake; the others
    /// keep theirs (their anchors and their blockers' did not move).
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

    /// Puts the labels back in the copies of the world that `before` (the engine's copies before
    /// a frame that failed) had them in, if [`Self::follow_copies`] moved them: the readers of
    /// the last frame (`screen_pose`, `screen_glyphs`, `drawn_boxes`…) project its labels from
    /// where it had them. The certificates about the labels that move back go too (waking is
    /// always safe).
    pub(super) fn restore_copies(&mut self, before: Copies) {
        if self.copies.reference() != before.reference() {
            self.copies = before;
            self.place_copies(before.reference());
        }
    }

    /// The projection of `camera` seen in the copy of the world the labels are in (see
    /// `geo/copies.rs`), moving the labels' reference first if the camera needs it.
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
