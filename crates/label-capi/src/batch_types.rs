//! The C types of batch placement: labels already on screen, each with an optional symbol
//! (candidate positions, an icon, which part may show alone, a repeat group — contract §3b),
//! or its text laid along a line, placed once (contract §4) by `declutter_place`, and each
//! label's result.

use crate::path_types::DeclutterPath;
use crate::types::DeclutterObstacle;

/// `optional` of a symbol with an icon: both parts or neither.
pub const DECLUTTER_OPTIONAL_NONE: u32 = 0;
/// `optional`: the text is optional, the icon may show alone.
pub const DECLUTTER_OPTIONAL_TEXT: u32 = 1;
/// `optional`: the icon is optional, the text may show alone.
pub const DECLUTTER_OPTIONAL_ICON: u32 = 2;

/// `parts` of a result: the label is hidden or has no icon.
pub const DECLUTTER_PARTS_NONE: u32 = 0;
/// `parts`: text and icon shown.
pub const DECLUTTER_PARTS_BOTH: u32 = 1;
/// `parts`: the text alone (the icon was optional).
pub const DECLUTTER_PARTS_TEXT: u32 = 2;
/// `parts`: the icon alone (the text was optional).
pub const DECLUTTER_PARTS_ICON: u32 = 3;

/// `candidate` of a result: the label is hidden, has no candidates, or shows its icon alone.
pub const DECLUTTER_NO_CANDIDATE: u32 = 0xFFFF_FFFF;

/// One label on screen for batch placement (contract §2), px: origin top-left, y down.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterScreenLabel {
    /// The caller's id, repeated in error messages.
    pub id: u64,
    /// Anchor point, px.
    pub x: f64,
    /// Anchor point, px (down).
    pub y: f64,
    /// Text box width, px, > 0.
    pub width: f64,
    /// Text box height, px, > 0.
    pub height: f64,
    /// Rotation about the anchor point, degrees counter-clockwise.
    pub angle: f64,
    /// Higher is placed first.
    pub priority: f64,
    /// Shift of the box in the label's own frame, px (without candidates).
    pub offset_x: f64,
    /// Shift of the box in the label's own frame, px, down (without candidates).
    pub offset_y: f64,
    /// Margin on every side, px, >= 0.
    pub padding: f64,
    /// `DECLUTTER_ANCHOR_*` (without candidates).
    pub anchor: u32,
    /// `DECLUTTER_ALLOW_OVERLAP | DECLUTTER_IGNORE_PLACEMENT`, or 0.
    pub flags: u32,
}

/// One position to try for a label's text: it replaces the label's `anchor` and offset.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterCandidate {
    /// `DECLUTTER_ANCHOR_*`: which point of the text box sits on the anchor point.
    pub anchor: u32,
    /// Shift in the label's own frame, px.
    pub offset_x: f64,
    /// Shift in the label's own frame, px, down.
    pub offset_y: f64,
}

/// A second box at the label's anchor point and angle; it does not move with the candidates.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterIcon {
    /// Width, px, > 0.
    pub width: f64,
    /// Height, px, > 0.
    pub height: f64,
    /// `DECLUTTER_ANCHOR_*`: which point of the icon sits on the anchor point.
    pub anchor: u32,
    /// Shift in the label's own frame, px.
    pub offset_x: f64,
    /// Shift in the label's own frame, px, down.
    pub offset_y: f64,
    /// Margin on every side, px, >= 0.
    pub padding: f64,
}

/// What a label adds to become a symbol; all zero (and null) adds nothing. Its pointers are
/// read during the call that takes the symbol only (everything is copied; nothing is kept), so
/// they need to be valid, aligned for their type and unchanged by other threads for that call.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DeclutterSymbol {
    /// `candidate_count` positions to try in order (null when the count is 0: the label's own
    /// anchor and offset).
    pub candidates: *const DeclutterCandidate,
    /// How many candidates, at most 256 (`label_core::limits::MAX_CANDIDATES`).
    pub candidate_count: usize,
    /// The icon, or null for none.
    pub icon: *const DeclutterIcon,
    /// `DECLUTTER_OPTIONAL_*` (with an icon).
    pub optional: u32,
    /// Labels of one group (1, 2, …) keep `repeat_distance` apart; 0: no group.
    pub repeat_group: u32,
    /// Hidden (`DECLUTTER_REASON_REPEAT`) when an earlier placed label of the group has its
    /// anchor point closer than this by more than 1/1024 px (the contract's τ), px, >= 0.
    pub repeat_distance: f64,
    /// Lay the text along this line, glyph by glyph, or null for none (then no candidates and
    /// no icon).
    pub path: *const DeclutterPath,
}

impl Default for DeclutterSymbol {
    fn default() -> Self {
        Self {
            candidates: std::ptr::null(),
            candidate_count: 0,
            icon: std::ptr::null(),
            optional: DECLUTTER_OPTIONAL_NONE,
            repeat_group: 0,
            repeat_distance: 0.0,
            path: std::ptr::null(),
        }
    }
}

/// Settings of one batch placement.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterBatchOptions {
    /// 1: labels none of whose positions meets the viewport below are hidden (offscreen);
    /// 0: no viewport.
    pub has_viewport: u32,
    /// The viewport's left edge, px.
    pub viewport_min_x: f64,
    /// The viewport's top edge, px.
    pub viewport_min_y: f64,
    /// The viewport's right edge, px.
    pub viewport_max_x: f64,
    /// The viewport's bottom edge, px.
    pub viewport_max_y: f64,
    /// Tolerated overlap between two labels, px² (0: the strict rule).
    pub max_overlap_area: f64,
}

/// One label's result of a batch placement.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeclutterPlacement {
    /// 1 if shown, else 0.
    pub visible: u32,
    /// `DECLUTTER_REASON_NONE`, `_COLLISION`, `_OFFSCREEN`, `_REPEAT`, `_NO_ROOM` or
    /// `_TOO_CURVED`.
    pub reason: u32,
    /// `DECLUTTER_BLOCKER_*` (collision and repeat).
    pub hidden_by_kind: u32,
    /// Index of the label or obstacle that hid it (valid when `hidden_by_kind` is not NONE).
    pub hidden_by: u32,
    /// Index of the candidate the text shows at, or `DECLUTTER_NO_CANDIDATE`.
    pub candidate: u32,
    /// `DECLUTTER_PARTS_*`: which parts of a shown label with an icon show.
    pub parts: u32,
}

/// Counts of one batch placement.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeclutterBatchStats {
    /// Labels given.
    pub labels: u64,
    /// Labels shown.
    pub visible: u64,
    /// Labels hidden by a collision.
    pub hidden_collision: u64,
    /// Labels off screen.
    pub hidden_offscreen: u64,
    /// Labels hidden by their repeat group.
    pub hidden_repeat: u64,
}

/// One batch placement's input: labels, their symbols, obstacles and settings. Its pointers are
/// read during `declutter_place` only (nothing is kept): valid, aligned for their type and
/// unchanged by other threads for that call. Counts past the limits (`label_core::limits`) or
/// past `PTRDIFF_MAX` bytes are refused before anything is read.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DeclutterBatch {
    /// `count` labels.
    pub labels: *const DeclutterScreenLabel,
    /// `count` symbols, one per label, or null: plain labels.
    pub symbols: *const DeclutterSymbol,
    /// How many labels (and symbols).
    pub count: usize,
    /// `obstacle_count` obstacles, screen px (null when the count is 0).
    pub obstacles: *const DeclutterObstacle,
    /// How many obstacles.
    pub obstacle_count: usize,
    /// Settings; all zero: no viewport, the strict overlap rule.
    pub options: DeclutterBatchOptions,
}

impl Default for DeclutterBatch {
    fn default() -> Self {
        Self {
            labels: std::ptr::null(),
            symbols: std::ptr::null(),
            count: 0,
            obstacles: std::ptr::null(),
            obstacle_count: 0,
            options: DeclutterBatchOptions::default(),
        }
    }
}
