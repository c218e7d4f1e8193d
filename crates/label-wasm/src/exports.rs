//! The functions the WebAssembly module exports: the whole ABI `js/declutter.js` calls.
//!
//! Numbers in, numbers out: counts and enumerations as `u32`, coordinates as `f64`, addresses
//! of the module's own buffers as `usize` (a 32-bit offset into its memory), statuses as `i32`
//! ([`Status`]). The caller never passes a pointer, so no function dereferences one and none
//! is `unsafe` to call; the only unsafe code is the `#[unsafe(no_mangle)]` attribute that keeps
//! each export's name (Rust 2024 marks it unsafe because two equal names would clash at link
//! time — there is one of each here). Natively they are plain Rust functions over a
//! thread-local engine (one per thread, as one per instance in WebAssembly).
#![allow(unsafe_code, reason = "`#[unsafe(no_mangle)]` names the exports; nothing else is unsafe")]

use std::cell::RefCell;

use crate::engine::{Engine, Status};
use crate::panic::{install_panic_hook, panic_message_address};
use crate::style::StyleState;

thread_local! {
    /// The instance's engine (WebAssembly has one thread; one instance holds one engine).
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

thread_local! {
    /// The instance's compiled style and its text buffers.
    static STYLE: RefCell<StyleState> = RefCell::new(StyleState::default());
}

fn with_style<R>(f: impl FnOnce(&mut StyleState) -> R) -> R {
    STYLE.with(|s| f(&mut s.borrow_mut()))
}

fn with<R>(f: impl FnOnce(&mut Engine) -> R) -> R {
    ENGINE.with(|e| f(&mut e.borrow_mut()))
}

/// Runs a call that makes room in a buffer: its address, or 0 (no buffer is there) for an
/// error whose message is kept for `dc_error_*`. Counts come in as `u32` and every size is
/// checked (`crate::room`): a bad count is an error, never a trap.
fn address(f: impl FnOnce(&mut Engine) -> Result<usize, String>) -> usize {
    with(|e| match f(e) {
        Ok(address) => address,
        Err(message) => {
            e.status(Err(message));
            0
        }
    })
}

/// Runs a call that can fail: its status, with the message kept for `dc_error_*`.
fn status(f: impl FnOnce(&mut Engine) -> Result<(), String>) -> Status {
    with(|e| {
        let result = f(e);
        e.status(result)
    })
}

/// Replaces this thread's engine with a new one, as a new instance starts. Not exported: the
/// wrapper makes a new instance instead; native callers of the exports (the fuzz target) start
/// each run with it.
pub fn reset() {
    with(|e| *e = Engine::new());
}

/// Installs the panic hook; the wrapper calls it once after instantiating the module.
#[unsafe(no_mangle)]
pub extern "C" fn dc_init() {
    install_panic_hook();
}

/// Makes room for `n` labels in the input columns (all zero) and returns the address of the
/// first `f64` column; the nine columns follow one another, `n` values each (see
/// `F64Field`). 0 for an error (past the label limit, or no memory): the input is empty then.
#[unsafe(no_mangle)]
pub extern "C" fn dc_input(n: u32) -> usize {
    address(|e| Ok(e.input(n as usize)?.f64_address()))
}

/// Labels the input columns hold (what the last `dc_input` made room for): the length of
/// every view over them.
#[unsafe(no_mangle)]
pub extern "C" fn dc_input_len() -> u32 {
    with(|e| e.input_columns().len() as u32)
}

/// Address of the input's flags column (`u32`, `n` values).
#[unsafe(no_mangle)]
pub extern "C" fn dc_input_flags() -> usize {
    with(|e| e.input_columns().flags_address())
}

/// Makes room for the symbols of the input's labels, with `candidates` candidate rows (all
/// zero: plain labels), and returns its address: ten `f64` columns of `n` values (see
/// `SYMBOL_FIELD_NAMES`), then the candidate table (anchor, offset x, offset y per row). Call
/// after `dc_input`, which forgets the symbols. 0 for an error (no memory).
#[unsafe(no_mangle)]
pub extern "C" fn dc_symbol_input(candidates: u32) -> usize {
    address(|e| Ok(e.symbol_input(candidates as usize)?.values_mut().as_ptr() as usize))
}

/// Makes room for the lines of the input's labels, `points` points and `glyphs` advances in
/// all (zero: no path labels), and returns its address: four `f64` columns of `n` values (see
/// `PATH_FIELD_NAMES`), then the points (x, y pairs), then the advances. Call after
/// `dc_input`, which forgets the lines. 0 for an error (no memory).
#[unsafe(no_mangle)]
pub extern "C" fn dc_path_input(points: u32, glyphs: u32) -> usize {
    address(|e| Ok(e.path_input(points as usize, glyphs as usize)?.values_mut().as_ptr() as usize))
}

/// Writes the glyphs of label `index` in the last frame (centre x, centre y, angle, advance
/// per glyph, at `dc_glyph_rows()`) and returns their count; -1 for none (not a path label,
/// no pose, or its text does not fit).
#[unsafe(no_mangle)]
pub extern "C" fn dc_glyphs(index: u32) -> i32 {
    with(|e| e.write_glyphs(index as usize).map_or(-1, |n| n as i32))
}

/// 1 when the line of the glyphs `dc_glyphs` wrote was reversed to keep its text upright,
/// else 0.
#[unsafe(no_mangle)]
pub extern "C" fn dc_glyphs_reversed() -> u32 {
    with(|e| u32::from(e.glyphs_reversed))
}

/// Address of the glyph rows `dc_glyphs` wrote.
#[unsafe(no_mangle)]
pub extern "C" fn dc_glyph_rows() -> usize {
    with(|e| e.glyphs.as_ptr() as usize)
}

/// Gives the frame engine the labels in the input columns; `coordinates`: 0 world px, 1
/// longitude/latitude.
#[unsafe(no_mangle)]
pub extern "C" fn dc_set_labels(coordinates: u32) -> Status {
    status(|e| e.set_labels(coordinates))
}

/// Sets the frame options: hysteresis (px), fade (ms), longest reuse of a placement (ms),
/// perspective scaling, tolerated overlap (px²), stickiness (0 none, 1 ties, 2 shown), reuse of
/// translation-only frames and copies of the world (0 or 1).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments, reason = "an ABI of numbers: one argument per option")]
pub extern "C" fn dc_set_options(
    hysteresis_px: f64,
    fade_ms: f64,
    full_placement_interval_ms: f64,
    perspective_scaling: f64,
    max_overlap_area: f64,
    stickiness: f64,
    reuse_translations: f64,
    world_copies: f64,
) -> Status {
    let values = [
        hysteresis_px,
        fade_ms,
        full_placement_interval_ms,
        perspective_scaling,
        max_overlap_area,
        stickiness,
        reuse_translations,
        world_copies,
    ];
    status(|e| e.set_options(&values))
}

/// Makes room for `n` obstacles (five `f64` each, all zero) and returns its address; 0 for an
/// error (no memory).
#[unsafe(no_mangle)]
pub extern "C" fn dc_obstacle_input(n: u32) -> usize {
    address(|e| Ok(e.obstacle_input(n as usize)?.as_ptr() as usize))
}

/// Sets the obstacles written to the obstacle input.
#[unsafe(no_mangle)]
pub extern "C" fn dc_set_obstacles() -> Status {
    status(|e| e.set_obstacles())
}

/// Address of the camera buffer: eleven `f64` — centre x, centre y, coordinates (0 world px,
/// 1 lon/lat), zoom, bearing, pitch, viewport width, height, field of view (0: default), the
/// centre of perspective's offset x, y from the viewport's middle (px).
#[unsafe(no_mangle)]
pub extern "C" fn dc_camera() -> usize {
    with(|e| e.camera.as_ptr() as usize)
}

/// Places a frame with the camera in the camera buffer at `time_ms` and writes the result
/// columns.
#[unsafe(no_mangle)]
pub extern "C" fn dc_place_frame(time_ms: f64) -> Status {
    status(|e| e.place_frame(time_ms))
}

/// Makes room for `n` world points (x, y pairs, world px) and returns its address; 0 for an
/// error (no memory).
#[unsafe(no_mangle)]
pub extern "C" fn dc_points(n: u32) -> usize {
    address(|e| Ok(e.points(n as usize)?.as_ptr() as usize))
}

/// Projects the world points with the camera in the camera buffer; the screen points are at
/// `dc_projected()`.
#[unsafe(no_mangle)]
pub extern "C" fn dc_project_points() -> Status {
    status(|e| e.project_points())
}

/// Writes the world point under screen point `(x, y)` (camera buffer's camera) to the two
/// values at `dc_unprojected()`.
#[unsafe(no_mangle)]
pub extern "C" fn dc_unproject(x: f64, y: f64) -> Status {
    status(|e| e.unproject(x, y))
}

/// Address of the projected points.
#[unsafe(no_mangle)]
pub extern "C" fn dc_projected() -> usize {
    with(|e| e.projected.as_ptr() as usize)
}

/// Address of the unprojected world point (two `f64`).
#[unsafe(no_mangle)]
pub extern "C" fn dc_unprojected() -> usize {
    with(|e| e.unprojected.as_ptr() as usize)
}

/// Writes the boxes column for the last frame (the debug view's boxes).
#[unsafe(no_mangle)]
pub extern "C" fn dc_write_boxes() {
    with(Engine::write_boxes);
}

/// Places the input columns as screen labels in one batch (viewport `width` × `height`; 0 × 0
/// for none) and writes the result columns and boxes.
#[unsafe(no_mangle)]
pub extern "C" fn dc_place_batch(width: f64, height: f64, max_overlap_area: f64) -> Status {
    status(|e| e.place_batch(width, height, max_overlap_area))
}

/// Address of a result column: 0 visible (`u8`), 1 reason (`u8`), 2 blocker kind (`u8`),
/// 3 hidden-by (`u32`), 4 opacity (`f32`), 5 pose (4 × `f64` columns), 6 boxes (6 × `f32`
/// columns), 7 stats (13 `f64`), 8 candidate (`u32`), 9 parts (`u8`); 0 for another number.
#[unsafe(no_mangle)]
pub extern "C" fn dc_output(column: u32) -> usize {
    with(|e| {
        let o = &e.output;
        match column {
            0 => o.visible.as_ptr() as usize,
            1 => o.reason.as_ptr() as usize,
            2 => o.blocker.as_ptr() as usize,
            3 => o.hidden_by.as_ptr() as usize,
            4 => o.opacity.as_ptr() as usize,
            5 => o.pose.as_ptr() as usize,
            6 => o.boxes.as_ptr() as usize,
            7 => o.stats.as_ptr() as usize,
            8 => o.candidate.as_ptr() as usize,
            9 => o.parts.as_ptr() as usize,
            _ => 0,
        }
    })
}

/// Labels the result columns hold (of the last frame or batch; 0 before any): the length of
/// every view over them.
#[unsafe(no_mangle)]
pub extern "C" fn dc_output_len() -> u32 {
    with(|e| e.output.visible.len() as u32)
}

/// Address of the last error's message (UTF-8).
#[unsafe(no_mangle)]
pub extern "C" fn dc_error_address() -> usize {
    with(|e| e.error().as_ptr() as usize)
}

/// Length in bytes of the last error's message.
#[unsafe(no_mangle)]
pub extern "C" fn dc_error_len() -> usize {
    with(|e| e.error().len())
}

/// Address of the last panic's message (UTF-8); readable after the trap.
#[unsafe(no_mangle)]
pub extern "C" fn dc_panic_address() -> usize {
    panic_message_address().0
}

/// Length in bytes of the last panic's message.
#[unsafe(no_mangle)]
pub extern "C" fn dc_panic_len() -> usize {
    panic_message_address().1
}

/// Makes room for `n` bytes of UTF-8 text (a style or a layout request) and returns its
/// address; 0 when the memory cannot grow that far (the text result says so).
#[unsafe(no_mangle)]
pub extern "C" fn dc_text_input(n: u32) -> usize {
    with_style(|s| s.input(n as usize))
}

/// Compiles the style in the text buffer (`StyleState::parse`): 0 when it is read (the
/// result holds its layers and warnings), 1 otherwise (the result holds the error).
#[unsafe(no_mangle)]
pub extern "C" fn dc_style_parse() -> i32 {
    with_style(|s| i32::from(!s.parse()))
}

/// Evaluates the layout request in the text buffer (`StyleState::layouts`): 0 with the layouts
/// in the result, 1 with the error there.
#[unsafe(no_mangle)]
pub extern "C" fn dc_style_layouts() -> i32 {
    with_style(|s| i32::from(!s.layouts()))
}

/// Evaluates the property request in the text buffer (`StyleState::values`): 0 with the
/// values in the result, 1 with the error there.
#[unsafe(no_mangle)]
pub extern "C" fn dc_style_values() -> i32 {
    with_style(|s| i32::from(!s.values()))
}

/// Places the GeoJSON request in the text buffer with its style (`StyleState::place_geojson`,
/// as `declutter place --style` places it): 0 with the placements in the result, 1 with the
/// error there.
#[unsafe(no_mangle)]
pub extern "C" fn dc_place_geojson() -> i32 {
    with_style(|s| i32::from(!s.place_geojson()))
}

/// Answers the line and area request in the text buffer (`StyleState::spots`): 0 with the
/// copies' offsets and the areas' poles in the result, 1 with the error there.
#[unsafe(no_mangle)]
pub extern "C" fn dc_spots() -> i32 {
    with_style(|s| i32::from(!s.spots()))
}

/// Address of the last style call's result (UTF-8 JSON).
#[unsafe(no_mangle)]
pub extern "C" fn dc_text_result_address() -> usize {
    with_style(|s| s.result().as_ptr() as usize)
}

/// Length in bytes of the last style call's result.
#[unsafe(no_mangle)]
pub extern "C" fn dc_text_result_len() -> usize {
    with_style(|s| s.result().len())
}
