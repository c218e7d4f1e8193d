//! The C types: plain `#[repr(C)]` structs of numbers, and the constants that give those numbers
//! their meaning. Enumerations are `uint32_t` fields with `#define`d values (not C enums), so
//! that any value a C caller writes is a valid Rust value and is checked, not undefined.

/// Status of every call: `DECLUTTER_OK` or an error code; the message of the last error on the
/// calling thread is `declutter_last_error()`.
///
/// Pointers and threads, for every function: a pointer argument (and every pointer inside a
/// struct passed) is read or written during the call only and never kept — what is needed is
/// copied — so it must be valid, aligned for its type and not written by another thread for
/// the duration of the call. An engine is used by one thread at a time (it may move between
/// threads); the functions without an engine may be called from any thread at once.
pub type DeclutterStatus = i32;

/// The call succeeded.
pub const DECLUTTER_OK: DeclutterStatus = 0;
/// A required pointer was null.
pub const DECLUTTER_NULL_POINTER: DeclutterStatus = 1;
/// An argument is out of range (a label field, a camera field, an option, an enumeration
/// value, a duplicate id, a count past the limits or past `PTRDIFF_MAX` bytes) or a pointer is
/// not aligned for its type; the message names it.
pub const DECLUTTER_INVALID_ARGUMENT: DeclutterStatus = 2;
/// A label index past the end of the label set.
pub const DECLUTTER_OUT_OF_RANGE: DeclutterStatus = 3;
/// `declutter_engine_place_frame` before any `declutter_engine_set_camera`.
pub const DECLUTTER_NO_CAMERA: DeclutterStatus = 4;
/// A Rust panic was caught at the boundary (a bug in declutter). The engine it happened in is
/// poisoned: every later call on it returns this code; free it and make a new one.
pub const DECLUTTER_PANIC: DeclutterStatus = 5;
/// The thread pool could not be created.
pub const DECLUTTER_THREAD_POOL: DeclutterStatus = 6;

/// `coordinates`: `x`/`y` are longitude/latitude in degrees (WGS84, Web Mercator); |x| <= 360
/// and |y| <= 90, as in GeoJSON input.
pub const DECLUTTER_LON_LAT: u32 = 0;
/// `coordinates`: `x`/`y` are Web Mercator world pixels at zoom 0 (the world is 256 px wide).
pub const DECLUTTER_WORLD_PX: u32 = 1;

/// `alignment`: the angle is on screen (place names).
pub const DECLUTTER_ALIGN_VIEWPORT: u32 = 0;
/// `alignment`: the angle is on the map and turns with the bearing (street names).
pub const DECLUTTER_ALIGN_MAP: u32 = 1;

/// `anchor`: which point of the box sits on the anchor point (contract §2).
pub const DECLUTTER_ANCHOR_CENTER: u32 = 0;
/// `anchor`: middle of the left edge.
pub const DECLUTTER_ANCHOR_LEFT: u32 = 1;
/// `anchor`: middle of the right edge.
pub const DECLUTTER_ANCHOR_RIGHT: u32 = 2;
/// `anchor`: middle of the top edge.
pub const DECLUTTER_ANCHOR_TOP: u32 = 3;
/// `anchor`: middle of the bottom edge.
pub const DECLUTTER_ANCHOR_BOTTOM: u32 = 4;
/// `anchor`: top-left corner.
pub const DECLUTTER_ANCHOR_TOP_LEFT: u32 = 5;
/// `anchor`: top-right corner.
pub const DECLUTTER_ANCHOR_TOP_RIGHT: u32 = 6;
/// `anchor`: bottom-left corner.
pub const DECLUTTER_ANCHOR_BOTTOM_LEFT: u32 = 7;
/// `anchor`: bottom-right corner.
pub const DECLUTTER_ANCHOR_BOTTOM_RIGHT: u32 = 8;

/// `flags`: shown even when it collides (it still blocks later labels).
pub const DECLUTTER_ALLOW_OVERLAP: u32 = 1;
/// `flags`: blocks no other label.
pub const DECLUTTER_IGNORE_PLACEMENT: u32 = 2;
/// `flags`: a map-aligned label may read upside down (by default it is turned by 180°).
pub const DECLUTTER_NO_KEEP_UPRIGHT: u32 = 4;

/// `stickiness`: no memory between frames (the plain per-frame greedy placement).
pub const DECLUTTER_STICKY_NONE: u32 = 0;
/// `stickiness`: labels shown in the last frame win priority ties.
pub const DECLUTTER_STICKY_TIES: u32 = 1;
/// `stickiness` (default): also, hidden labels wait for room instead of pushing shown ones out.
pub const DECLUTTER_STICKY_SHOWN: u32 = 2;

/// `reason`: the label is visible.
pub const DECLUTTER_REASON_NONE: u32 = 0;
/// `reason`: hidden by a collision (see `hidden_by_kind`, `hidden_by`).
pub const DECLUTTER_REASON_COLLISION: u32 = 1;
/// `reason`: its box does not meet the viewport.
pub const DECLUTTER_REASON_OFFSCREEN: u32 = 2;
/// `reason`: its anchor point is behind the camera.
pub const DECLUTTER_REASON_BEHIND_CAMERA: u32 = 3;

/// `reason`: an earlier placed label of its repeat group is too close.
pub const DECLUTTER_REASON_REPEAT: u32 = 4;
/// `reason` (text along a path): the text is longer than its path around `path_offset`.
pub const DECLUTTER_REASON_NO_ROOM: u32 = 5;
/// `reason` (text along a path): two consecutive glyphs would turn by more than `max_angle`.
pub const DECLUTTER_REASON_TOO_CURVED: u32 = 6;

/// `reason`: a reason newer than this header (never returned by this version).
pub const DECLUTTER_REASON_OTHER: u32 = 255;

/// `hidden_by_kind`: nothing.
pub const DECLUTTER_BLOCKER_NONE: u32 = 0;
/// `hidden_by_kind`: a label; `hidden_by` is its index in the label set.
pub const DECLUTTER_BLOCKER_LABEL: u32 = 1;
/// `hidden_by_kind`: an obstacle; `hidden_by` is its index in the obstacle list.
pub const DECLUTTER_BLOCKER_OBSTACLE: u32 = 2;

/// `kind` of an obstacle: an axis-aligned box from `(a, b)` to `(c, d)`, screen px.
pub const DECLUTTER_OBSTACLE_BOX: u32 = 0;
/// `kind` of an obstacle: a circle, centre `(a, b)`, radius `c`, screen px.
pub const DECLUTTER_OBSTACLE_CIRCLE: u32 = 1;

/// Frame kind: every label in view was placed.
pub const DECLUTTER_FRAME_FULL: u32 = 0;
/// Frame kind: the camera only moved the screen; the last placement was reused.
pub const DECLUTTER_FRAME_REUSED: u32 = 1;

/// One label, in world coordinates with a size in screen pixels.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterLabel {
    /// The caller's id; unique in a label set. The engine's memory of a label follows it.
    pub id: u64,
    /// Longitude (degrees) or world x (px at zoom 0), per `coordinates`.
    pub x: f64,
    /// Latitude (degrees) or world y (px at zoom 0, y down), per `coordinates`.
    pub y: f64,
    /// Text box width on screen, px, > 0.
    pub width: f64,
    /// Text box height on screen, px, > 0.
    pub height: f64,
    /// Rotation, degrees counter-clockwise, on screen or on the map per `alignment`.
    pub angle: f64,
    /// Higher is placed first.
    pub priority: f64,
    /// Shift of the box in the label's own frame, px.
    pub offset_x: f64,
    /// Shift of the box in the label's own frame, px (down).
    pub offset_y: f64,
    /// Margin on every side, px, >= 0.
    pub padding: f64,
    /// `DECLUTTER_LON_LAT` or `DECLUTTER_WORLD_PX`.
    pub coordinates: u32,
    /// `DECLUTTER_ALIGN_VIEWPORT` or `DECLUTTER_ALIGN_MAP`.
    pub alignment: u32,
    /// `DECLUTTER_ANCHOR_*`.
    pub anchor: u32,
    /// `DECLUTTER_ALLOW_OVERLAP | DECLUTTER_IGNORE_PLACEMENT | DECLUTTER_NO_KEEP_UPRIGHT`, or 0.
    pub flags: u32,
}

/// The camera of the next frame.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterCamera {
    /// Longitude or world x of the viewport's centre, per `coordinates`.
    pub center_x: f64,
    /// Latitude or world y of the viewport's centre, per `coordinates`.
    pub center_y: f64,
    /// Zoom level, 0 to 30.
    pub zoom: f64,
    /// Compass direction at the top of the screen, degrees (the map turns counter-clockwise).
    pub bearing: f64,
    /// Tilt from straight down, degrees, 0 to 85.
    pub pitch: f64,
    /// Viewport width, px.
    pub width: f64,
    /// Viewport height, px.
    pub height: f64,
    /// Vertical field of view, degrees; 0 for the default (36.87°, MapLibre's).
    pub fov: f64,
    /// `DECLUTTER_LON_LAT` or `DECLUTTER_WORLD_PX`.
    pub coordinates: u32,
    /// Where the centre of perspective (the screen point of the centre) lies right of the
    /// viewport's middle, px; 0 for a centred camera. A map's padding moves it (MapLibre:
    /// `(left − right) / 2`); the viewport stays `width` × `height`.
    pub center_offset_x: f64,
    /// Where the centre of perspective lies below the viewport's middle, px (MapLibre's padding:
    /// `(top − bottom) / 2`); 0 for a centred camera.
    pub center_offset_y: f64,
}

/// Engine settings; start from `declutter_options_default`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterOptions {
    /// Extra clearance a hidden label needs before it appears, px (default 2).
    pub hysteresis_px: f64,
    /// Fade duration, ms (default 300; 0: opacity jumps).
    pub fade_ms: f64,
    /// Longest reuse of a placement on translation-only frames, ms (default 300).
    pub full_placement_interval_ms: f64,
    /// Perspective scaling of labels under pitch, 0 to 1 (default 0.5, MapLibre's).
    pub perspective_scaling: f64,
    /// Tolerated overlap between two labels, px² (default 0).
    pub max_overlap_area: f64,
    /// `DECLUTTER_STICKY_*` (default `DECLUTTER_STICKY_SHOWN`).
    pub stickiness: u32,
    /// 1: translation-only frames reuse the last placement (default); 0: never.
    pub reuse_translations: u32,
    /// 1: the world repeats east–west every 256 world px, each label placed in the copy nearest
    /// the camera (default); 0: a flat world.
    pub world_copies: u32,
}

/// An obstacle on screen: a UI control or marker that no label may overlap.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct DeclutterObstacle {
    /// `DECLUTTER_OBSTACLE_BOX` or `DECLUTTER_OBSTACLE_CIRCLE`.
    pub kind: u32,
    /// Box: left; circle: centre x.
    pub a: f64,
    /// Box: top; circle: centre y.
    pub b: f64,
    /// Box: right; circle: radius.
    pub c: f64,
    /// Box: bottom; circle: unused.
    pub d: f64,
}

/// One label in the last frame.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DeclutterLabelResult {
    /// 1 if placed in this frame, else 0.
    pub visible: u32,
    /// How opaque to draw it, 0 to 1 (a hidden label can still be fading out).
    pub opacity: f32,
    /// `DECLUTTER_REASON_*`.
    pub reason: u32,
    /// `DECLUTTER_BLOCKER_*`.
    pub hidden_by_kind: u32,
    /// Index of the label or obstacle that hid it (valid when `hidden_by_kind` is not NONE).
    pub hidden_by: u32,
    /// 1 if `x`, `y`, `angle`, `scale` hold its pose on screen; 0 behind the camera, and in
    /// `declutter_engine_results` for a label not drawn (opacity 0) whose pose the frame did
    /// not need (off screen, or hidden in view and asleep). Every label drawn has one;
    /// `declutter_engine_result` gives every label in front of the camera one.
    pub has_pose: u32,
    /// Anchor point on screen, px (origin top-left, y down).
    pub x: f64,
    /// Anchor point on screen, px.
    pub y: f64,
    /// Rotation on screen, degrees counter-clockwise.
    pub angle: f64,
    /// Size factor from perspective (1 without pitch).
    pub scale: f64,
}

/// Counts of the last frame.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeclutterFrameStats {
    /// `DECLUTTER_FRAME_FULL` or `DECLUTTER_FRAME_REUSED`.
    pub kind: u32,
    /// Labels in the engine.
    pub labels: u64,
    /// Labels whose box met the viewport.
    pub in_view: u64,
    /// Labels shown.
    pub visible: u64,
    /// Labels hidden by a collision.
    pub hidden_collision: u64,
    /// Labels off screen.
    pub hidden_offscreen: u64,
    /// Labels behind the camera.
    pub behind_camera: u64,
    /// Labels in view in this frame and the last whose visibility changed.
    pub flips: u64,
}

/// Where and how a symbol shows in the last frame (`declutter_engine_choices`), as in a batch
/// result: while a label fades out, the choice it was last shown with.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeclutterChoice {
    /// Index of the candidate the text shows at, or `DECLUTTER_NO_CANDIDATE`.
    pub candidate: u32,
    /// `DECLUTTER_PARTS_*`: which parts of a label with an icon show.
    pub parts: u32,
}
