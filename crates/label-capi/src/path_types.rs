//! The C types of text along a line (contract §3b "Path"): a street or river name laid glyph by
//! glyph along a polyline on screen, given to `declutter_place` through a symbol's `path`, and
//! each glyph's pose from `declutter_path_layout`.

/// The default `max_angle` of a path, degrees (MapLibre's `text-max-angle`).
pub const DECLUTTER_DEFAULT_MAX_ANGLE: f64 = 45.0;

/// A point of a path: on screen, px, origin top-left, y down (`declutter_place`,
/// `declutter_path_layout`); in its label's `coordinates` for the frame engine
/// (`declutter_engine_set_labels_with_symbols`: world px at zoom 0, or longitude and latitude).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DeclutterPoint {
    /// px, or longitude.
    pub x: f64,
    /// px, down, or latitude.
    pub y: f64,
}

/// A text laid along a line: on screen for `declutter_place`, in the world for the frame
/// engine (`declutter_engine_set_labels_with_symbols`; its points in the label's
/// `coordinates`, `path_offset` in world px at zoom 0). Its label's `height` is the line's
/// height and its `padding` pads every glyph; the label's `x`, `y`, `width`, `angle`,
/// `anchor` and offsets are not used (the anchor point, for repeat groups, is the path's point
/// at `path_offset`). A label with a path has no candidates and no icon. Its pointers are read
/// during the call that takes the path only (copied, not kept).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DeclutterPath {
    /// `point_count` points of the line, px; consecutive points distinct.
    pub points: *const DeclutterPoint,
    /// How many points, at least 2.
    pub point_count: usize,
    /// `glyph_count` advances, px, > 0, in reading order: glyph `i` is a box
    /// `glyph_advances[i]` wide and the label's `height` high, centred on the line.
    pub glyph_advances: *const f64,
    /// How many glyphs, at least 1.
    pub glyph_count: usize,
    /// 1: the middle of the text sits at arc length `path_offset` from the first point; 0: at
    /// the middle of the line.
    pub has_path_offset: u32,
    /// Arc length from the first point, px (world px at zoom 0 in the frame engine; with
    /// `has_path_offset`).
    pub path_offset: f64,
    /// The largest turn between consecutive glyphs, degrees, 0 to 180; a sharper bend hides the
    /// label (`DECLUTTER_REASON_TOO_CURVED`). `DECLUTTER_DEFAULT_MAX_ANGLE` is MapLibre's.
    pub max_angle: f64,
    /// `DECLUTTER_NO_KEEP_UPRIGHT` (the text may read upside down; by default the line is
    /// walked backwards when it runs leftwards), or 0.
    pub flags: u32,
}

impl Default for DeclutterPath {
    fn default() -> Self {
        Self {
            points: std::ptr::null(),
            point_count: 0,
            glyph_advances: std::ptr::null(),
            glyph_count: 0,
            has_path_offset: 0,
            path_offset: 0.0,
            max_angle: DECLUTTER_DEFAULT_MAX_ANGLE,
            flags: 0,
        }
    }
}

/// Where one glyph of a path sits on screen.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DeclutterGlyphPose {
    /// The centre of the glyph's box, px.
    pub x: f64,
    /// The centre of the glyph's box, px, down.
    pub y: f64,
    /// Its reading direction, degrees counter-clockwise on screen (0: left to right).
    pub angle: f64,
}

/// How a text lies along its path, from `declutter_path_layout` (on screen as given) or
/// `declutter_engine_glyphs` (a frame label's line as the last frame projected it).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DeclutterPathLayout {
    /// `DECLUTTER_REASON_NONE` when the text fits the path (the poses are written), else
    /// `DECLUTTER_REASON_NO_ROOM` or `DECLUTTER_REASON_TOO_CURVED` (nothing is written); from
    /// `declutter_engine_glyphs` also `DECLUTTER_REASON_BEHIND_CAMERA` (no line on screen).
    pub reason: u32,
    /// 1 when the line was walked backwards to keep the text upright, else 0.
    pub reversed: u32,
    /// The path's point at `path_offset` (after the reversal): the label's anchor point, px.
    pub anchor_x: f64,
    /// The anchor point, px, down.
    pub anchor_y: f64,
}
