//! A label's last frame in one byte, kept per label next to the frame itself.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::{HiddenReason, LabelFrame};

/// A label's last frame in one byte (see [`of`]), so that the passes that only ask "does it
/// wait, is it drawn, is it unprojected out of sight" read a byte per label instead of its
/// whole result.
pub(crate) mod bits {
    /// Hidden by a collision.
    pub(crate) const COLLISION: u8 = 1;
    /// Drawn: opacity above 0.
    pub(crate) const DRAWN: u8 = 2;
    /// Out of view, not drawn, no pose: what a label not seen yet is
    /// ([`crate::LabelFrame::UNSEEN`]), and what it stays while it is.
    pub(crate) const FAR: u8 = 4;
    /// Hidden in view by a collision, not drawn, no pose, with a certificate to sleep through
    /// full frames (see `shortcuts/sleep/`); set only by a full frame, on the labels it finds hidden
    /// (waiting ones, and those its greedy pass hid).
    pub(crate) const SLEEPY: u8 = 8;
    /// Set by the projection stage on a [`FAR`] label out of view again (off screen or out of
    /// reach): its entry stays as it is, and the passes after the projection skip it.
    pub(crate) const QUIET: u8 = 16;
    /// Hidden in view by a collision after coming into view in a reused frame, where it
    /// yielded: it has not had its turn by priority yet, so the next full frame places it as new
    /// to the view. Set by a reused frame; the next full frame clears it on every label.
    pub(crate) const PROVISIONAL: u8 = 32;
    /// The bits that are not the frame's ([`super::of`]): the state the engine adds to it.
    pub(crate) const STATE: u8 = SLEEPY | QUIET | PROVISIONAL;
}

/// The byte of a label's frame: [`bits`] but those of [`bits::STATE`].
#[must_use]
#[inline]
pub(crate) fn of(frame: &LabelFrame) -> u8 {
    let mut m = 0;
    if frame.reason == Some(HiddenReason::Collision) {
        m |= bits::COLLISION;
    }
    if frame.opacity > 0.0 {
        m |= bits::DRAWN;
    }
    if *frame == LabelFrame::UNSEEN {
        m |= bits::FAR;
    }
    m
}

/// The byte of `now`, decided in this frame, whose byte was `before`: [`of`], and still
/// [`bits::PROVISIONAL`] if it was and is still hidden by a collision (a reused frame keeps it
/// so; a full frame clears every label's at its end).
#[must_use]
#[inline]
pub(crate) fn renewed(before: u8, now: &LabelFrame) -> u8 {
    let byte = of(now);
    byte | (before & bits::PROVISIONAL & (byte & bits::COLLISION).wrapping_neg())
}

/// Whether the byte `m` says its label is provisional ([`bits::PROVISIONAL`]).
#[must_use]
#[inline]
pub(crate) fn provisional(m: u8) -> bool {
    m & bits::PROVISIONAL != 0
}

/// The invariant of the bytes: one per label, each its label's frame ([`of`]) but for the bits
/// of [`bits::STATE`]; a quiet label is unseen. The engine checks it after every frame in debug
/// builds, and what the other state bits say in `table/` (sleepy, provisional).
pub(crate) fn in_sync(memo: &[AtomicU8], frames: &[LabelFrame]) -> bool {
    let in_sync = |m: u8, f: &LabelFrame| m & !bits::STATE == of(f) && (m & bits::QUIET == 0 || m & bits::FAR != 0);
    memo.len() == frames.len() && memo.iter().zip(frames).all(|(m, f)| in_sync(m.load(Ordering::Relaxed), f))
}
