//! A label's one state between frames, read off the engine's per-label arrays (each packed for
//! the pass that reads it); `docs/frame-states.md` defines each state and draws the transitions.

use std::sync::atomic::Ordering;

use crate::state::memo::bits;
use crate::table::Table;
use crate::{HiddenReason, LabelFrame};

/// A label's state between frames (see `docs/frame-states.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LabelState {
    /// Not seen yet, or out of view and undrawn since: its frame is [`LabelFrame::UNSEEN`]
    /// (byte [`bits::FAR`]).
    Unseen,
    /// Unseen, and found still out of view by the last projection (byte [`bits::QUIET`]): the
    /// passes after the projection leave it as it is.
    Quiet,
    /// Out of view (off screen, behind the camera, or a text that does not fit its line), but
    /// not unseen: fading out, or with the last frame's pose.
    Out,
    /// Shown.
    Shown,
    /// Hidden in view by its repeat group.
    Repeated,
    /// Hidden in view by a collision (a label or an obstacle), awake. With
    /// [`crate::Stickiness::Shown`] it waits for room in the next full frame.
    Waiting,
    /// Came into view in a reused frame and yielded there (byte [`bits::PROVISIONAL`]): it has
    /// not had its turn by priority yet, so the next full frame places it as new to the view.
    Provisional,
    /// Waiting, with a certificate that it stays hidden by the same label (byte
    /// [`bits::SLEEPY`]): undrawn, no pose.
    Sleepy,
    /// Sleepy, and out of the passes: an entry of the dormant set stands for it.
    Dormant,
}

impl LabelState {
    /// Label `i`'s state in `table`, its last frame `frame`.
    #[must_use]
    pub(crate) fn of(table: &Table, i: usize, frame: &LabelFrame) -> Self {
        let m = table.memo[i].load(Ordering::Relaxed);
        if m & bits::FAR != 0 {
            return if m & bits::QUIET != 0 { Self::Quiet } else { Self::Unseen };
        }
        if frame.visible {
            return Self::Shown;
        }
        match frame.reason {
            Some(HiddenReason::Collision) if m & bits::PROVISIONAL != 0 => Self::Provisional,
            Some(HiddenReason::Collision) if m & bits::SLEEPY != 0 => {
                if table.dormant.is_dormant(i) {
                    Self::Dormant
                } else {
                    Self::Sleepy
                }
            }
            Some(HiddenReason::Collision) => Self::Waiting,
            Some(HiddenReason::Repeat) => Self::Repeated,
            _ => Self::Out,
        }
    }

    /// Whether the state holds a certificate to sleep.
    #[must_use]
    pub(crate) fn sleeps(self) -> bool {
        matches!(self, Self::Sleepy | Self::Dormant)
    }
}
