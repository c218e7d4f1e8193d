//! What a frame decides, per label and in total.

pub use label_core::HiddenReason;
use label_core::{Blocker, Choice};

use crate::ScreenPose;

/// One label in one frame: what a renderer draws, and what its users ask ("which labels were
/// hidden, and by what").
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LabelFrame {
    /// Placed in this frame.
    pub visible: bool,
    /// How opaque to draw it, 0 to 1. It moves towards 1 while the label is visible and towards
    /// 0 while it is not, over [`crate::FrameOptions::fade_ms`]; a hidden label can still be
    /// fading out.
    pub opacity: f32,
    /// Why it is hidden; `None` when visible.
    pub reason: Option<HiddenReason>,
    /// What hid it, for collisions and repeats: a label (its index in the engine's label set) or an
    /// obstacle (its index in the obstacle list).
    pub hidden_by: Option<Blocker>,
    /// Where it sits on screen this frame. Every label drawn (opacity above 0) has its pose:
    /// what a renderer needs. A label not drawn may have none: the engine does not compute
    /// poses it does not need (labels off screen, and labels hidden in view that sleep through
    /// the frame, see `docs/renderer.md`); [`crate::FrameEngine::screen_pose`] projects any
    /// label with the frame's camera. `None` behind the camera.
    pub pose: Option<ScreenPose>,
}

impl LabelFrame {
    /// A label not seen in any frame yet.
    pub(crate) const UNSEEN: Self =
        Self { visible: false, opacity: 0.0, reason: Some(HiddenReason::Offscreen), hidden_by: None, pose: None };

    /// Whether the label's box met the viewport (shown, or hidden by a collision or its
    /// repeat group).
    #[must_use]
    pub fn in_view(&self) -> bool {
        self.visible || matches!(self.reason, Some(HiddenReason::Collision | HiddenReason::Repeat))
    }
}

/// How a frame was computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum FrameKind {
    /// Every label in view went through the greedy placement.
    #[default]
    Full,
    /// The camera only moved the screen: the last placement was kept, and only labels that
    /// came into view were placed (around the shown ones).
    Reused,
}

/// Counts of one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FrameStats {
    /// How the frame was computed.
    pub kind: FrameKind,
    /// Labels in the engine.
    pub labels: usize,
    /// Labels whose box met the viewport: the candidates of the placement.
    pub in_view: usize,
    /// Labels shown.
    pub visible: usize,
    /// Labels hidden by a collision.
    pub hidden_collision: usize,
    /// Labels hidden for being off screen.
    pub hidden_offscreen: usize,
    /// Labels hidden by a label of their repeat group (symbols only).
    pub hidden_repeat: usize,
    /// Labels behind the camera.
    pub behind_camera: usize,
    /// Path labels hidden because their text does not fit their projected line (`no_room`,
    /// `too_curved`).
    pub hidden_unfit: usize,
    /// Labels in view in this frame and the last one whose visibility changed: the flicker a
    /// viewer sees (labels crossing the screen's edge are not counted).
    pub flips: usize,
    /// Labels that went through the greedy pass (all in view for a full frame; for a reused
    /// one, those that came into view and the shown texts along lines tested again because a
    /// glyph turned).
    pub placed_now: usize,
    /// Labels hidden in view that slept through the frame: still hidden by the same shown
    /// label for certain, so neither projected nor tested (see [`crate::LabelFrame::pose`]).
    pub asleep: usize,
}

/// Where one frame's time went, µs (wall clock; see [`crate::FrameEngine::timings`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FrameTimings {
    /// Projecting and culling every label.
    pub project_us: f64,
    /// Deciding (the greedy passes of a full frame, the newcomers of a reused one), fading and
    /// counting: one pass over the labels does all three.
    pub place_us: f64,
    /// Handing over the result.
    pub finish_us: f64,
}

/// The result of one frame: one entry per label, in the engine's label order.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Frame {
    /// `labels[i]` is label `i` of the engine's label set.
    pub labels: Vec<LabelFrame>,
    /// Where and how each symbol shows (contract §4): `choices[i]` for label `i` names the
    /// candidate its text is shown at and the parts shown, while it is visible, and the last
    /// ones it was shown with while it fades out (so that a renderer draws it where it was);
    /// empty when no label of the engine adds anything to its box
    /// ([`label_core::Symbol::is_plain`]).
    pub choices: Vec<Choice>,
    /// Counts.
    pub stats: FrameStats,
    /// The frame's timestamp, ms.
    pub time_ms: f64,
}

impl Frame {
    /// Indices of the shown labels, ascending.
    pub fn visible_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.labels.iter().enumerate().filter(|(_, l)| l.visible).map(|(i, _)| i)
    }

    /// Indices of the labels to draw (opacity above 0), ascending: the shown ones and those
    /// still fading out.
    pub fn drawn_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.labels.iter().enumerate().filter(|(_, l)| l.opacity > 0.0).map(|(i, _)| i)
    }
}
