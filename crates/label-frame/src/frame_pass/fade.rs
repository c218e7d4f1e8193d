//! The memory between frames: which labels win ties, which need the hysteresis margin, and how
//! opacity follows visibility.
//!
//! The rules (see `docs/renderer.md` for why):
//! - **Ties**: a label shown in the last frame sorts before an equal-priority label that was
//!   not (the core's tie-break key: 0 for shown, 1 for the others). A higher-priority label still
//!   takes the place of a shown one it collides with: priority is never overruled.
//! - **Hysteresis**: a label that was in view but hidden by a collision in the last frame is
//!   placed with [`crate::FrameOptions::hysteresis_px`] more padding, so it appears only once it
//!   clears the others by that margin and does not blink at the edge of fitting. Labels that
//!   come into view (from off screen, or at the first frame) get no margin: they have no
//!   decision to keep, and at rest the next frame then reproduces this one exactly.
//! - **Fading**: opacity moves towards 1 while a label is visible and towards 0 while it is
//!   not, at `1 / fade_ms` per millisecond of frame time.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::state::memo::bits;
use crate::{FrameOptions, FrameStats, HiddenReason, LabelFrame};

/// The tie-break key of a label given its last frame: shown labels first.
#[must_use]
#[inline]
pub(crate) fn tie_key(last: &LabelFrame) -> u32 {
    u32::from(!last.visible)
}

/// Whether a label whose last frame's byte is `m` ([`bits`]) was hidden by a collision after it
/// had its turn by priority (it is not provisional, see [`bits::PROVISIONAL`]): it shows again
/// only with the hysteresis margin, and with [`crate::Stickiness::Shown`] it waits for room.
#[must_use]
#[inline]
pub(crate) fn held_back(m: u8) -> bool {
    m & (bits::COLLISION | bits::PROVISIONAL) == bits::COLLISION
}

/// Extra padding for a label in a full frame given its last frame's byte `m`: the hysteresis
/// margin if it was [`held_back`].
#[must_use]
#[inline]
pub(crate) fn margin(m: u8, options: &FrameOptions) -> f64 {
    if held_back(m) { options.hysteresis_px } else { 0.0 }
}

/// How far opacity moves in one frame: `dt_ms / fade_ms`, or all the way without fading.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fading {
    step: f32,
}

impl Fading {
    /// The fade of a frame `dt_ms` after the last one, with a fade of `fade_ms` (≤ 0: none).
    #[must_use]
    pub(crate) fn new(dt_ms: f64, fade_ms: f64) -> Self {
        Self { step: if fade_ms <= 0.0 { f32::INFINITY } else { (dt_ms / fade_ms) as f32 } }
    }

    /// The opacity after this frame's fade from `opacity` towards `visible`.
    #[must_use]
    #[inline]
    pub(crate) fn fade(self, opacity: f32, visible: bool) -> f32 {
        if visible { (opacity + self.step).min(1.0) } else { (opacity - self.step).max(0.0) }
    }
}

/// Fades one decided label from its last frame, counts it into `stats` (the counts of
/// [`FrameStats`] that depend on the labels) and keeps its byte in `memo`.
#[inline]
pub(crate) fn finish(
    now: &mut LabelFrame,
    before: &LabelFrame,
    memo: &AtomicU8,
    fading: Fading,
    stats: &mut FrameStats,
) {
    now.opacity = fading.fade(before.opacity, now.visible);
    memo.store(crate::state::memo::renewed(memo.load(Ordering::Relaxed), now), Ordering::Relaxed);
    let in_view = now.in_view();
    stats.in_view += usize::from(in_view);
    stats.visible += usize::from(now.visible);
    stats.flips += usize::from(in_view && before.in_view() && now.visible != before.visible);
    match now.reason {
        Some(HiddenReason::Collision) => stats.hidden_collision += 1,
        Some(HiddenReason::Offscreen) => stats.hidden_offscreen += 1,
        Some(HiddenReason::BehindCamera) => stats.behind_camera += 1,
        Some(HiddenReason::Repeat) => stats.hidden_repeat += 1,
        Some(HiddenReason::NoRoom | HiddenReason::TooCurved) => stats.hidden_unfit += 1,
        None => {}
    }
}

/// The sum of two frames' label counts (the other counts are `a`'s).
#[must_use]
pub(crate) fn add_counts(a: FrameStats, b: FrameStats) -> FrameStats {
    FrameStats {
        in_view: a.in_view + b.in_view,
        visible: a.visible + b.visible,
        flips: a.flips + b.flips,
        hidden_collision: a.hidden_collision + b.hidden_collision,
        hidden_offscreen: a.hidden_offscreen + b.hidden_offscreen,
        hidden_repeat: a.hidden_repeat + b.hidden_repeat,
        behind_camera: a.behind_camera + b.behind_camera,
        hidden_unfit: a.hidden_unfit + b.hidden_unfit,
        asleep: a.asleep + b.asleep,
        ..a
    }
}

#[cfg(test)]
#[path = "fade_tests.rs"]
mod tests;
