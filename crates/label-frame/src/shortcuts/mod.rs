//! Which shortcuts a frame takes ([`Shortcuts`]): work it skips without changing a decision.
//! Each stays only while turning it off alone costs at least a fifth of some animation's p50 or
//! p99 frame time in the `frames` benchmark (its `no_*` methods).

pub(crate) mod dormant;
pub(crate) mod sleep;

/// The shortcuts a [`crate::FrameEngine`] takes. Each skips work whose outcome is known, and
/// none changes a decision: an engine with any of them off decides every frame as one with
/// all of them on (the engine's tests and the `frames` fuzz target check it), only more slowly.
/// [`Shortcuts::ALL`] is the default; [`crate::FrameEngine::without_shortcuts`] takes none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shortcuts {
    /// A label hidden by the same shown label frame after frame keeps its decision without
    /// being projected or tested while a certificate about the two boxes holds (`sleep/`; a
    /// symbol: one about each part and a shown label it overlaps).
    pub sleep: bool,
    /// Sleeping labels leave the passes over the labels until something could wake them
    /// (`dormant/`; needs `sleep`).
    pub dormant: bool,
    /// A text along a line, not drawn in the last frame, whose text surely has no room on its
    /// line is hidden `no_room` from its world line, without projecting or laying the line out
    /// (`geo/path/sure.rs`, `surely_no_room`; under pitch `geo/path/pitched.rs`).
    pub no_room: bool,
    /// A text along a line, not drawn in the last frame, whose text surely fits its line and
    /// never bends too much there, and whose line (grown by its glyphs' reach) is surely off
    /// screen, under a camera without pitch, is hidden `offscreen` from its world line,
    /// without projecting or laying the line out (`geo/path/sure.rs`, `surely_far`).
    pub far_lines: bool,
    /// Labels per run of a parallel pass (`util/runs.rs`): [`crate::util::runs::RUN`], or fewer in a
    /// test that splits small passes.
    pub(crate) run: usize,
}

impl Shortcuts {
    /// Every shortcut (the default).
    pub const ALL: Shortcuts =
        Shortcuts { sleep: true, dormant: true, no_room: true, far_lines: true, run: crate::util::runs::RUN };
    /// No shortcut.
    pub const NONE: Shortcuts =
        Shortcuts { sleep: false, dormant: false, no_room: false, far_lines: false, run: crate::util::runs::RUN };
}

impl Default for Shortcuts {
    fn default() -> Self {
        Self::ALL
    }
}
