//! What the engine's tests ask of its inner state.

use crate::state::memo::{self, bits};
use crate::{FrameEngine, LabelFrame};

impl FrameEngine {
    /// Whether every label's byte is its last frame's ([`stability::memo`]).
    pub(crate) fn memo_is_in_sync(&self) -> bool {
        use std::sync::atomic::Ordering;
        let in_sync = |m: u8, f: &LabelFrame| {
            let sleepy = m & bits::SLEEPY != 0;
            m & !(bits::SLEEPY | bits::QUIET) == memo::of(f)
                && (m & bits::QUIET == 0 || m & bits::FAR != 0)
                && (!sleepy
                    || (f.pose.is_none() && f.opacity == 0.0 && f.reason == Some(crate::HiddenReason::Collision)))
        };
        self.memo.len() == self.frame.labels.len()
            && self.memo.iter().zip(&self.frame.labels).all(|(m, f)| in_sync(m.load(Ordering::Relaxed), f))
    }

    /// The reference of the copies of the world the labels are in (see `copies.rs`).
    pub(crate) fn copies_reference(&self) -> Option<f64> {
        self.copies.reference()
    }

    /// How many labels are dormant (see `dormant.rs`).
    pub(crate) fn dormant_count(&self) -> usize {
        self.dormant.count()
    }

    /// Whether label `i` is dormant (see `dormant.rs`).
    pub(crate) fn is_dormant(&self, i: usize) -> bool {
        self.dormant.is_dormant(i)
    }

    /// How many dormant labels woke since the labels were set: for want of room, of a
    /// certificate or of a blocker, one by one, or all at once.
    pub(crate) fn dormant_woken(&self) -> usize {
        self.dormant.woken
    }
}
