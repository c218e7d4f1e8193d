//! What a region knows of one label: decided (shown, off the world, hidden behind a label) or
//! still waiting for labels of other regions.

use label_core::{Blocker, LabelOutcome};

/// A label's state in the distributed pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// Shown.
    Placed,
    /// Its box misses the viewport (contract §4 step 1): hidden, blocks nothing.
    Offscreen,
    /// Hidden behind the label with this global index.
    HiddenBy(u32),
    /// Not decided yet: an earlier label it may collide with is undecided (in another region).
    Waiting,
}

impl State {
    /// Code of [`State::Placed`] in [`State::code`].
    pub const PLACED: i64 = -1;
    /// Code of [`State::Offscreen`].
    pub const OFFSCREEN: i64 = -2;
    /// Code of [`State::Waiting`].
    pub const WAITING: i64 = -3;

    /// The state as one integer, for arrays that cross process boundaries: the blocker's global
    /// index (≥ 0) for a hidden label, or one of the negative codes above.
    #[must_use]
    pub fn code(self) -> i64 {
        match self {
            State::Placed => Self::PLACED,
            State::Offscreen => Self::OFFSCREEN,
            State::Waiting => Self::WAITING,
            State::HiddenBy(k) => i64::from(k),
        }
    }

    /// The state of a [`State::code`]; `None` for a code that is none of them.
    #[must_use]
    pub fn from_code(code: i64) -> Option<State> {
        match code {
            Self::PLACED => Some(State::Placed),
            Self::OFFSCREEN => Some(State::Offscreen),
            Self::WAITING => Some(State::Waiting),
            k => u32::try_from(k).ok().map(State::HiddenBy),
        }
    }

    /// The outcome `label_core::place` reports for a decided state; `None` while waiting.
    #[must_use]
    pub fn outcome(self) -> Option<LabelOutcome> {
        match self {
            State::Placed => Some(LabelOutcome::VISIBLE),
            State::Offscreen => Some(LabelOutcome::OFFSCREEN),
            State::HiddenBy(k) => Some(LabelOutcome::hidden_by(Blocker::Label(k))),
            State::Waiting => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for s in [State::Placed, State::Offscreen, State::Waiting, State::HiddenBy(0), State::HiddenBy(u32::MAX)] {
            assert_eq!(State::from_code(s.code()), Some(s));
        }
        assert_eq!(State::from_code(-4), None);
        assert_eq!(State::from_code(1 << 40), None);
    }
}
