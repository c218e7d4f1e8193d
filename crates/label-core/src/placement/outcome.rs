//! What the engine decides for each label.

use crate::Choice;

/// Why a label is hidden: one vocabulary for the batch and the frame engine (`label_frame`
/// re-exports this type), each reason with one name ([`HiddenReason::name`]) that every
/// document, binding and message uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum HiddenReason {
    /// It collides with an earlier placed label or an obstacle.
    Collision,
    /// Its box does not overlap the viewport.
    Offscreen,
    /// Its anchor point is behind the camera: frames only (under pitch), never in a batch.
    BehindCamera,
    /// An earlier placed label of its repeat group has its anchor point too close.
    Repeat,
    /// A text along a line that is longer than its line allows (contract §3b).
    NoRoom,
    /// A text along a line that would turn by more than its `max_angle` between two glyphs.
    TooCurved,
}

impl HiddenReason {
    /// Every reason, in the order of their codes ([`HiddenReason::code`]).
    pub const ALL: [HiddenReason; 6] = [
        HiddenReason::Collision,
        HiddenReason::Offscreen,
        HiddenReason::BehindCamera,
        HiddenReason::Repeat,
        HiddenReason::NoRoom,
        HiddenReason::TooCurved,
    ];

    /// The reason's code in the bindings (C's `DECLUTTER_REASON_*`, the WebAssembly package's
    /// `reason` column, the Python module's): 1 for the first of [`HiddenReason::ALL`], 2 for the
    /// second, and so on; 0 is reserved for visible.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8 + 1
    }

    /// The name used in documents, results and messages (snake case, as the serde form).
    ///
    /// ```
    /// use label_core::HiddenReason;
    /// assert_eq!(HiddenReason::NoRoom.name(), "no_room");
    /// assert_eq!(HiddenReason::BehindCamera.name(), "behind_camera");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HiddenReason::Collision => "collision",
            HiddenReason::Offscreen => "offscreen",
            HiddenReason::BehindCamera => "behind_camera",
            HiddenReason::Repeat => "repeat",
            HiddenReason::NoRoom => "no_room",
            HiddenReason::TooCurved => "too_curved",
        }
    }
}

/// What hid a label: the earliest placed label or obstacle it collides with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Blocker {
    /// The label at this input position.
    Label(u32),
    /// The obstacle at this input position.
    Obstacle(u32),
}

/// What the greedy pass decides for a label in view — the one representation of a decision that
/// every pass gives (the staged pipeline, [`crate::pipeline::Sequential`], the frame engine):
/// shown, or hidden by the earliest placed label (by input position) or obstacle it collides
/// with. A [`LabelOutcome`] is its view for users, with the reasons decided before the pass
/// (off screen, repeat, a path's fit) added.
///
/// ```
/// use label_core::pipeline::Decision;
/// use label_core::{Blocker, LabelOutcome};
/// assert_eq!(LabelOutcome::from(Decision::Placed), LabelOutcome::VISIBLE);
/// let hidden = Decision::Hidden(Blocker::Label(3));
/// assert_eq!(LabelOutcome::from(hidden).hidden_by, hidden.blocker());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Shown.
    Placed,
    /// Hidden by this label (its input position) or obstacle.
    Hidden(Blocker),
}

impl Decision {
    /// Whether the label is shown.
    #[must_use]
    #[inline]
    pub fn is_placed(self) -> bool {
        self == Decision::Placed
    }

    /// What hid the label; `None` when shown.
    #[must_use]
    #[inline]
    pub fn blocker(self) -> Option<Blocker> {
        match self {
            Decision::Placed => None,
            Decision::Hidden(b) => Some(b),
        }
    }
}

/// The decision for one label, as users read it: a [`Decision`] with the reason it is hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LabelOutcome {
    /// Shown on screen.
    pub visible: bool,
    /// Why it is hidden; `None` when visible.
    pub reason: Option<HiddenReason>,
    /// What hid it, for collisions.
    pub hidden_by: Option<Blocker>,
}

impl LabelOutcome {
    /// A shown label.
    pub const VISIBLE: Self = Self { visible: true, reason: None, hidden_by: None };
    /// A label outside the viewport.
    pub const OFFSCREEN: Self = Self { visible: false, reason: Some(HiddenReason::Offscreen), hidden_by: None };

    /// A label hidden by `blocker`.
    #[must_use]
    pub fn hidden_by(blocker: Blocker) -> Self {
        Self { visible: false, reason: Some(HiddenReason::Collision), hidden_by: Some(blocker) }
    }
}

impl From<Decision> for LabelOutcome {
    #[inline]
    fn from(d: Decision) -> Self {
        match d {
            Decision::Placed => Self::VISIBLE,
            Decision::Hidden(b) => Self::hidden_by(b),
        }
    }
}

/// Counts from one placement run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlacementStats {
    /// Labels given.
    pub labels: usize,
    /// Labels shown.
    pub visible: usize,
    /// Labels hidden by a collision.
    pub hidden_collision: usize,
    /// Labels hidden for being outside the viewport.
    pub hidden_offscreen: usize,
    /// Symbols hidden for being too close to an earlier label of their repeat group.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub hidden_repeat: usize,
    /// Texts along a line hidden for being longer than their line allows.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub hidden_no_room: usize,
    /// Texts along a line hidden for bending too sharply.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub hidden_too_curved: usize,
    /// Grid cells the labels were bucketed into.
    pub cells: usize,
    /// Pairs of cells whose envelopes meet (the R-tree join's output).
    pub cell_pairs: usize,
    /// Exact overlap tests run by the greedy pass.
    pub narrow_tests: usize,
    /// Tiles of the parallel greedy pass.
    pub tiles: usize,
    /// Labels near a tile's edge that waited for a neighbouring tile before being decided.
    pub waited: usize,
}

#[cfg(feature = "serde")]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The result of one placement: one outcome per input label, in input order.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placement {
    /// `outcomes[i]` is the decision for input label `i`.
    pub outcomes: Vec<LabelOutcome>,
    /// Counts.
    pub stats: PlacementStats,
    /// `choices[i]`: where and with which parts symbol `i` was shown, from
    /// [`crate::place_symbols`] when some label is a symbol; empty otherwise.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub choices: Vec<Choice>,
}

impl Placement {
    /// Input positions of the shown labels, ascending.
    pub fn visible_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.outcomes.iter().enumerate().filter(|(_, o)| o.visible).map(|(i, _)| i)
    }
}
