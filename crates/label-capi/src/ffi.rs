//! The exported functions. Every one catches panics ([`guard`]) and checks its pointers; the
//! only unsafe code of the crate is here, where a caller's pointer is read or written, each
//! block under the `# Safety` contract of its function. Every pointer with a count goes through
//! [`slice`] or [`slice_mut`] (null refused unless the count is 0), every single one through
//! [`read`], [`read_if_given`], [`write`] or [`write_if_asked`]: the one place each argument is made,
//! where null, misaligned pointers and counts past the limits or past `isize::MAX` bytes are
//! refused ([`check_array`]) before anything is read or allocated.
#![allow(unsafe_code, reason = "the C ABI reads and writes through the caller's pointers")]

use std::ffi::c_char;

use label_core::Symbol;
use label_frame::LabelFrame;

use crate::batch::{self, RawSymbol};
use crate::batch_types::*;
use crate::convert;
use crate::error::{Failure, guard, last_error_ptr, set_last_error};
use crate::handle::DeclutterEngine;
use crate::path::{self, RawPath};
use crate::path_types::*;
use crate::types::*;
use label_core::limits::{MAX_CANDIDATES, MAX_GLYPHS, MAX_LABELS, MAX_PATH_POINTS};

/// Most obstacles in one call: their indices are 32-bit like the labels' (`hidden_by`).
const MAX_OBSTACLES: usize = MAX_LABELS;

/// Refuses a pointer to `count` `T`s (a single one: 1) that cannot be made a slice: null with
/// a count, misaligned for `T`, or a count past `max` (a limit of `label_core::limits`, or
/// `usize::MAX` for none) or past what one allocation can hold (`isize::MAX` bytes). Nothing
/// is read: every count is checked before a slice is made or anything allocated from it.
fn check_array<T>(p: *const T, count: usize, max: usize, what: &str) -> Result<(), Failure> {
    if count == 0 {
        return Ok(());
    }
    if p.is_null() {
        return Err(Failure::null(what));
    }
    if !p.is_aligned() {
        let align = std::mem::align_of::<T>();
        return Err(Failure::invalid(format!("{what} is not aligned to {align} bytes (address {p:p})")));
    }
    let addressable = isize::MAX as usize / std::mem::size_of::<T>().max(1);
    if count > max.min(addressable) {
        let most = max.min(addressable);
        return Err(Failure::invalid(format!("{what}: a count of {count} is more than {most}, the most allowed")));
    }
    Ok(())
}

/// `p` as a reference, or a failure naming `what` (null, misaligned).
///
/// # Safety
/// `p` is null or points to a valid, initialised `T` that nothing writes during the call.
unsafe fn read<'a, T>(p: *const T, what: &str) -> Result<&'a T, Failure> {
    check_array(p, 1, 1, what)?;
    // SAFETY: not null and aligned (checked); valid by the caller's contract.
    Ok(unsafe { &*p })
}

/// `count` `T`s from `p` as a slice (empty for 0, whatever `p`), or a failure naming `what`
/// ([`check_array`], with the limit `max`).
///
/// # Safety
/// `p` is null or points to `count` valid, initialised `T`s that nothing writes during the call.
unsafe fn slice<'a, T>(p: *const T, count: usize, max: usize, what: &str) -> Result<&'a [T], Failure> {
    check_array(p, count, max, what)?;
    if count == 0 {
        return Ok(&[]);
    }
    // SAFETY: not null, aligned, at most `isize::MAX` bytes (checked), and `count` valid `T`s
    // by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(p, count) })
}

/// `count` `T`s at `p` as a mutable slice (empty for 0, whatever `p`), or a failure naming
/// `what` ([`check_array`]).
///
/// # Safety
/// `p` is null or points to writable memory for `count` `T`s that nothing else uses during the
/// call.
unsafe fn slice_mut<'a, T>(p: *mut T, count: usize, what: &str) -> Result<&'a mut [T], Failure> {
    check_array(p, count, usize::MAX, what)?;
    if count == 0 {
        return Ok(&mut []);
    }
    // SAFETY: not null, aligned, at most `isize::MAX` bytes (checked), and room for `count`
    // `T`s by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(p, count) })
}

/// `p` as a mutable reference, or a failure naming `what` (null, misaligned).
///
/// # Safety
/// `p` is null or points to valid memory for a `T` that nothing else uses during the call.
unsafe fn write<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T, Failure> {
    check_array(p, 1, 1, what)?;
    // SAFETY: not null and aligned (checked); valid by the caller's contract.
    Ok(unsafe { &mut *p })
}

/// Writes `row(i)` for the first `count` rows (at most `capacity`) to `out[0..]` and their
/// number to `*written`: the shape of every "results into the caller's array" function.
///
/// # Safety
/// `out` is null or points to writable memory for `capacity` `T`s, and `written` is null or
/// points to writable memory for a `usize`, neither used by anything else during the call.
unsafe fn write_rows<T>(
    out: *mut T,
    capacity: usize,
    written: *mut usize,
    count: usize,
    row: impl Fn(usize) -> T,
) -> Result<(), Failure> {
    // SAFETY: the function's contract.
    let written = unsafe { write(written, "written") }?;
    let n = count.min(capacity);
    // SAFETY: room for `capacity` >= `n` rows by the function's contract.
    let out = unsafe { slice_mut(out, n, "out") }?;
    for (i, o) in out.iter_mut().enumerate() {
        *o = row(i);
    }
    *written = n;
    Ok(())
}

/// A C path's points and advances as slices; null pointers with a count are named after
/// `what` ("symbols[3].path").
///
/// # Safety
/// `path`'s pointers keep `DeclutterPath`'s contract.
unsafe fn raw_path<'a>(path: &'a DeclutterPath, what: &str) -> Result<RawPath<'a>, Failure> {
    // SAFETY: the function's contract.
    let points = unsafe { slice(path.points, path.point_count, MAX_PATH_POINTS, &format!("{what}.points")) }?;
    // SAFETY: the function's contract.
    let glyph_advances =
        unsafe { slice(path.glyph_advances, path.glyph_count, MAX_GLYPHS, &format!("{what}.glyph_advances")) }?;
    Ok(RawPath { path, points, glyph_advances })
}

/// The `count` C symbols at `p` as core symbols (`None` for null `p`: plain labels), each
/// checked and its errors named after its label's index and id (`id(i)`); null pointers with a
/// count are named after the field ("symbols[3].icon").
///
/// # Safety
/// `p` is null or points to `count` valid `DeclutterSymbol`s whose pointers keep their contract.
unsafe fn symbols(
    p: *const DeclutterSymbol,
    count: usize,
    id: impl Fn(usize) -> u64,
) -> Result<Option<Vec<Symbol>>, Failure> {
    if p.is_null() {
        return Ok(None);
    }
    // SAFETY: the function's contract.
    let raw = unsafe { slice(p, count, MAX_LABELS, "symbols") }?;
    let mut out = Vec::with_capacity(raw.len());
    for (i, s) in raw.iter().enumerate() {
        let what = format!("symbols[{i}].candidates");
        // SAFETY: `DeclutterSymbol`'s contract.
        let candidates = unsafe { slice(s.candidates, s.candidate_count, MAX_CANDIDATES, &what) }?;
        // SAFETY: `DeclutterSymbol`'s contract: null or valid.
        let icon = unsafe { read_if_given(s.icon, &format!("symbols[{i}].icon")) }?;
        // SAFETY: `DeclutterSymbol`'s contract: null or valid, its pointers too.
        let path = match unsafe { read_if_given(s.path, &format!("symbols[{i}].path")) }? {
            // SAFETY: `DeclutterPath`'s contract.
            Some(p) => Some(unsafe { raw_path(p, &format!("symbols[{i}].path")) }?),
            None => None,
        };
        out.push(batch::symbol(i, id(i), &RawSymbol { symbol: s, candidates, icon, path })?);
    }
    Ok(Some(out))
}

/// `p` as a reference unless it is null (an optional argument), or a failure naming `what`
/// (misaligned).
///
/// # Safety
/// `p` is null or points to a valid, initialised `T` that nothing writes during the call.
unsafe fn read_if_given<'a, T>(p: *const T, what: &str) -> Result<Option<&'a T>, Failure> {
    // SAFETY: the function's contract.
    if p.is_null() { Ok(None) } else { unsafe { read(p, what) }.map(Some) }
}

/// Writes `v` to `*p` unless `p` is null (an optional out-parameter); a misaligned `p` is a
/// failure naming `what`.
///
/// # Safety
/// `p` is null or points to writable memory for a `T` that nothing else uses during the call.
unsafe fn write_if_asked<T>(p: *mut T, v: T, what: &str) -> Result<(), Failure> {
    if !p.is_null() {
        // SAFETY: the function's contract.
        *unsafe { write(p, what) }? = v;
    }
    Ok(())
}

/// Runs `f` on the engine behind `engine`: null and poisoned handles are refused, panics are
/// caught and poison the engine.
///
/// # Safety
/// `engine` is null or a live handle from `declutter_engine_new`, used by no other thread
/// during the call.
unsafe fn with_engine(
    engine: *mut DeclutterEngine,
    f: impl FnOnce(&mut DeclutterEngine) -> Result<(), Failure>,
) -> DeclutterStatus {
    // SAFETY: the function's contract.
    let Some(e) = (unsafe { engine.as_mut() }) else {
        set_last_error("engine is a null pointer");
        return DECLUTTER_NULL_POINTER;
    };
    if e.poisoned {
        set_last_error("the engine was poisoned by an earlier internal error; free it and make a new one");
        return DECLUTTER_PANIC;
    }
    let mut poisoned = false;
    let status = guard(Some(&mut poisoned), || f(e));
    e.poisoned |= poisoned;
    status
}

/// Fills `*out` with the default options (hysteresis 2 px, fade 300 ms, full placement at least
/// every 300 ms, MapLibre's perspective scaling, `DECLUTTER_STICKY_SHOWN`, reuse on).
///
/// # Safety
/// `out` is null or points to writable memory for a `DeclutterOptions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_options_default(out: *mut DeclutterOptions) -> DeclutterStatus {
    guard(None, || {
        // SAFETY: the function's contract.
        *unsafe { write(out, "out") }? = convert::default_options();
        Ok(())
    })
}

/// Makes an engine with no labels. `options` may be null (the defaults). `threads` is the
/// number of threads of the engine's own pool, at most 1024 (more is
/// `DECLUTTER_INVALID_ARGUMENT`), or 0 to run on the calling thread, with the parallel parts
/// on the process's shared pool (rayon's global pool: made by the first such call with a
/// thread per core, at most 1024, whatever `RAYON_NUM_THREADS` says, unless the host made it
/// before; kept until the process ends). On success `*out` is the handle; free it with `declutter_engine_free`. An engine may
/// move between threads but is used by one thread at a time; different engines may be used
/// on different threads at once.
///
/// # Safety
/// `options` is null or points to a valid `DeclutterOptions`; `out` points to writable memory
/// for a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_new(
    options: *const DeclutterOptions,
    threads: u32,
    out: *mut *mut DeclutterEngine,
) -> DeclutterStatus {
    guard(None, || {
        // SAFETY: the function's contract.
        let out = unsafe { write(out, "out") }?;
        let options = if options.is_null() {
            label_frame::FrameOptions::default()
        } else {
            // SAFETY: not null, and valid by the function's contract.
            convert::options(unsafe { read(options, "options") }?)?
        };
        let engine = DeclutterEngine::new(options, threads as usize)?;
        *out = Box::into_raw(Box::new(engine));
        Ok(())
    })
}

/// Frees an engine. A null pointer is ignored. The threads of the engine's own pool are told to
/// end and end soon after; this call does not wait for them.
///
/// # Safety
/// `engine` is null or a handle from `declutter_engine_new` not freed yet; it is not used
/// after this call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_free(engine: *mut DeclutterEngine) {
    if engine.is_null() {
        return;
    }
    // SAFETY: the handle came from `Box::into_raw` in `declutter_engine_new` and is freed once.
    let engine = unsafe { Box::from_raw(engine) };
    // Dropping frees the engine's memory and tells its own pool's threads to end (rayon does
    // not wait for them: they may outlive the call by a moment); a panic there must not unwind
    // into C.
    let _ = guard(None, move || {
        drop(engine);
        Ok(())
    });
}

/// Replaces the engine's settings (the memory of the last frame is kept).
///
/// # Safety
/// `engine` is a live handle (see `declutter_engine_new`) not used by another thread during
/// the call; `options` points to a valid `DeclutterOptions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_set_options(
    engine: *mut DeclutterEngine,
    options: *const DeclutterOptions,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        // SAFETY: the function's contract.
        let options = convert::options(unsafe { read(options, "options") }?)?;
        e.engine.set_options(options)?;
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Replaces the labels with `count` labels from `labels` (copied). A label whose id was in the
/// last set keeps its memory (shown or not, opacity). Nothing changes on error.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `labels` points to
/// `count` valid `DeclutterLabel`s (or is anything when `count` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_set_labels(
    engine: *mut DeclutterEngine,
    labels: *const DeclutterLabel,
    count: usize,
) -> DeclutterStatus {
    // SAFETY: the function's contract, with null symbols.
    unsafe { declutter_engine_set_labels_with_symbols(engine, labels, std::ptr::null(), count) }
}

/// Replaces the labels with `count` labels from `labels`, each with what `symbols[i]` adds to
/// it (candidate positions, an icon, which part may show alone, a repeat group; contract §3b),
/// all copied; null `symbols` is `declutter_engine_set_labels`. Candidate and icon sizes and
/// offsets are screen px at scale 1 and scale with perspective as the text does. A symbol with
/// a `path` is a text along a line of the world (contract §3b): its points in the label's
/// `coordinates` (world px at zoom 0, or longitude and latitude), its `path_offset` an arc
/// length in world px at zoom 0 along the (projected) line, its glyph advances screen px at
/// scale 1, its own `flags` deciding keep-upright; the label's `height`, `priority`, `padding`
/// and overlap flags apply, its point, `width`, `angle`, alignment, anchor and offsets do not.
/// Each frame lays it along the projected line (`declutter_engine_glyphs`), hidden with
/// `DECLUTTER_REASON_NO_ROOM` or `_TOO_CURVED` when it does not fit (builds before
/// `declutter_engine_glyphs` existed refused a `path` here; no struct changed). A label whose id was
/// in the last set keeps its memory (shown or not, opacity, the candidate it was shown at).
/// Nothing changes on error.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `labels` points to
/// `count` valid `DeclutterLabel`s and `symbols` is null or points to `count` valid
/// `DeclutterSymbol`s whose pointers keep their contract (either is anything when `count` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_set_labels_with_symbols(
    engine: *mut DeclutterEngine,
    labels: *const DeclutterLabel,
    symbols: *const DeclutterSymbol,
    count: usize,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        // SAFETY: the function's contract.
        let labels = unsafe { slice(labels, count, MAX_LABELS, "labels") }?;
        // SAFETY: the function's contract.
        let labels = match unsafe { self::symbols(symbols, count, |i| labels[i].id) }? {
            None => labels.iter().enumerate().map(|(i, l)| convert::label(i, l)).collect::<Result<Vec<_>, _>>()?,
            Some(symbols) => {
                let pairs = labels.iter().zip(symbols).enumerate();
                pairs.map(|(i, (l, s))| convert::symbol_label(i, l, s)).collect::<Result<Vec<_>, _>>()?
            }
        };
        e.install(|engine| engine.set_labels(labels))?;
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Replaces the obstacles with `count` obstacles from `obstacles` (screen px, copied). With
/// obstacles every frame is placed in full.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `obstacles` points to
/// `count` valid `DeclutterObstacle`s (or is anything when `count` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_set_obstacles(
    engine: *mut DeclutterEngine,
    obstacles: *const DeclutterObstacle,
    count: usize,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        // SAFETY: the function's contract.
        let obstacles = unsafe { slice(obstacles, count, MAX_OBSTACLES, "obstacles") }?;
        let shapes = obstacles.iter().enumerate().map(|(i, o)| convert::obstacle(i, o)).collect::<Result<_, _>>()?;
        e.install(|engine| engine.set_obstacles(shapes))?;
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Sets the camera of the next frames.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `camera` points to a
/// valid `DeclutterCamera`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_set_camera(
    engine: *mut DeclutterEngine,
    camera: *const DeclutterCamera,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        // SAFETY: the function's contract.
        e.camera = Some(convert::camera(unsafe { read(camera, "camera") }?)?);
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Places a frame with the current camera at `time_ms` (the frame's timestamp, ms, from any
/// origin; it drives the fades). `stats` may be null; otherwise it receives the frame's counts.
/// Read the result with `declutter_engine_result(s)`.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `stats` is null or
/// points to writable memory for a `DeclutterFrameStats`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_place_frame(
    engine: *mut DeclutterEngine,
    time_ms: f64,
    stats: *mut DeclutterFrameStats,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        let camera = e
            .camera
            .ok_or_else(|| Failure::new(DECLUTTER_NO_CAMERA, "no camera: call declutter_engine_set_camera first"))?;
        let counts = e.install(|engine| engine.place_frame(&camera, time_ms).map(|f| convert::stats(&f.stats)))?;
        // SAFETY: the function's contract.
        unsafe { write_if_asked(stats, counts, "stats") }?;
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Writes the number of labels to `*count`.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `count` points to
/// writable memory for a `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_label_count(
    engine: *mut DeclutterEngine,
    count: *mut usize,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        // SAFETY: the function's contract.
        *unsafe { write(count, "count") }? = e.engine.labels().len();
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Writes label `index`'s result in the last frame to `*out`, with its pose always (projected
/// with the frame's camera if the frame did not need it; `has_pose` is 0 only behind the
/// camera).
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `out` points to
/// writable memory for a `DeclutterLabelResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_result(
    engine: *mut DeclutterEngine,
    index: usize,
    out: *mut DeclutterLabelResult,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        let frame = e.engine.frame();
        let label = frame.labels.get(index).ok_or_else(|| {
            Failure::new(
                DECLUTTER_OUT_OF_RANGE,
                format!("label index {index} out of range ({} labels)", frame.labels.len()),
            )
        })?;
        let label = LabelFrame { pose: e.engine.screen_pose(index), ..*label };
        // SAFETY: the function's contract.
        *unsafe { write(out, "out") }? = convert::result(&label);
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Writes the results of the first `capacity` labels (all of them if there are fewer) to
/// `out[0..]`, in label order, and their number to `*written`.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `out` points to
/// writable memory for `capacity` `DeclutterLabelResult`s (or is anything when `capacity` is 0);
/// `written` points to writable memory for a `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_results(
    engine: *mut DeclutterEngine,
    out: *mut DeclutterLabelResult,
    capacity: usize,
    written: *mut usize,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        let labels = &e.engine.frame().labels;
        // SAFETY: the function's contract.
        unsafe { write_rows(out, capacity, written, labels.len(), |i| convert::result(&labels[i])) }
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Writes the choices (candidate and parts) of the first `capacity` labels in the last frame
/// (all of them if there are fewer) to `out[0..]`, in label order, and their number to
/// `*written`. A label without candidates or icon, or hidden and faded out, has
/// `DECLUTTER_NO_CANDIDATE` and `DECLUTTER_PARTS_NONE`; a label fading out keeps the choice it
/// was last shown with, so that it is drawn where it was.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `out` points to
/// writable memory for `capacity` `DeclutterChoice`s (or is anything when `capacity` is 0);
/// `written` points to writable memory for a `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_choices(
    engine: *mut DeclutterEngine,
    out: *mut DeclutterChoice,
    capacity: usize,
    written: *mut usize,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        let frame = e.engine.frame();
        let plain = label_core::Choice::default();
        let choice = |i| convert::choice(frame.choices.get(i).unwrap_or(&plain));
        // SAFETY: the function's contract.
        unsafe { write_rows(out, capacity, written, frame.labels.len(), choice) }
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Lays label `index`'s text along its line as the last frame projected it: writes the
/// summary to `*out` and, when the text fits (`out->reason` is `DECLUTTER_REASON_NONE`), one
/// screen pose per glyph to `glyphs[0 .. glyph_count]` (the label's `path.glyph_count`), in
/// reading order. Each glyph is its advance wide and the label's height high, both times the
/// label's result `scale`. A renderer draws the glyphs of a shown (or fading) path label so
/// each frame. `out->reason` is `DECLUTTER_REASON_NO_ROOM` or `DECLUTTER_REASON_TOO_CURVED`
/// when the text does not fit the projected line, and `DECLUTTER_REASON_BEHIND_CAMERA` when
/// the line is not on screen (behind the camera, or no frame placed yet); no pose is written
/// then. A label without a path is `DECLUTTER_INVALID_ARGUMENT`, an index past the labels
/// `DECLUTTER_OUT_OF_RANGE`, and `capacity` below the label's glyph count
/// `DECLUTTER_INVALID_ARGUMENT`.
///
/// # Safety
/// `engine` is a live handle not used by another thread during the call; `glyphs` points to
/// `capacity` writable `DeclutterGlyphPose`s (or is anything when `capacity` is 0); `out`
/// points to writable memory for a `DeclutterPathLayout`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_engine_glyphs(
    engine: *mut DeclutterEngine,
    index: usize,
    glyphs: *mut DeclutterGlyphPose,
    capacity: usize,
    out: *mut DeclutterPathLayout,
) -> DeclutterStatus {
    let f = |e: &mut DeclutterEngine| {
        // Every argument is checked before anything is written.
        check_array(glyphs, capacity, usize::MAX, "glyphs")?;
        // SAFETY: the function's contract.
        let out = unsafe { write(out, "out") }?;
        let (summary, poses) = path::screen_glyphs(&e.engine, index, capacity)?;
        // SAFETY: room for `capacity` >= `poses.len()` poses by the function's contract.
        unsafe { slice_mut(glyphs, poses.len(), "glyphs") }?.copy_from_slice(&poses);
        *out = summary;
        Ok(())
    };
    // SAFETY: the function's contract.
    unsafe { with_engine(engine, f) }
}

/// Places a batch of labels on screen once (contract §4): `labels[i]` with what `symbols[i]`
/// adds to it (candidate positions, an icon, which part may show alone, a repeat group;
/// contract §3b), around the obstacles, and writes each label's result to `results[i]` and,
/// when `stats` is not null, the counts to `*stats`. Runs on the calling thread and the shared
/// pool (see `declutter_engine_new`); the result does not depend on it. Nothing is written on
/// error, whose message names the label (index and id) and the field.
/// A shown label with a path is drawn glyph by glyph at the poses
/// `declutter_path_layout(symbols[i].path, …)` gives, in reading order, with `reversed`
/// saying whether its line was reversed to keep it upright: the same layout this placement
/// used.
///
/// # Safety
/// `batch` points to a valid `DeclutterBatch` whose pointers keep its contract; `results`
/// points to `batch->count` writable `DeclutterPlacement`s (anything when the count is 0);
/// `stats` is null or writable. Nothing else writes to them during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_place(
    batch: *const DeclutterBatch,
    results: *mut DeclutterPlacement,
    stats: *mut DeclutterBatchStats,
) -> DeclutterStatus {
    guard(None, || {
        // SAFETY: the function's contract.
        let batch = unsafe { read(batch, "batch") }?;
        // SAFETY: `DeclutterBatch`'s contract.
        let labels = unsafe { slice(batch.labels, batch.count, MAX_LABELS, "labels") }?;
        // SAFETY: `DeclutterBatch`'s contract.
        let symbols = unsafe { symbols(batch.symbols, batch.count, |i| labels[i].id) }?.unwrap_or_default();
        // SAFETY: `DeclutterBatch`'s contract.
        let obstacles = unsafe { slice(batch.obstacles, batch.obstacle_count, MAX_OBSTACLES, "obstacles") }?;
        // SAFETY: room for `count` results by the function's contract.
        let out = unsafe { slice_mut(results, batch.count, "results") }?;
        crate::handle::global_pool()?;
        let placement = batch::run(labels, &symbols, obstacles, &batch.options)?;
        out.copy_from_slice(&placement.results);
        // SAFETY: the function's contract.
        unsafe { write_if_asked(stats, placement.stats, "stats") }?;
        Ok(())
    })
}

/// Lays a text along its path (contract §3b) as `declutter_place` does for a label with this
/// path: writes the summary to `*out` and, when the text fits (`out->reason` is
/// `DECLUTTER_REASON_NONE`), one pose per glyph to `glyphs[0 .. path->glyph_count]`, in
/// reading order. A renderer draws the glyphs of a shown path label at these poses. A bad path
/// is refused with a message naming the field; nothing is written then.
///
/// # Safety
/// `path` points to a valid `DeclutterPath` whose pointers keep its contract; `glyphs` points
/// to `path->glyph_count` writable `DeclutterGlyphPose`s; `out` is writable. Nothing else
/// writes to them during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn declutter_path_layout(
    path: *const DeclutterPath,
    glyphs: *mut DeclutterGlyphPose,
    out: *mut DeclutterPathLayout,
) -> DeclutterStatus {
    guard(None, || {
        // SAFETY: the function's contract.
        let raw = unsafe { raw_path(read(path, "path")?, "path") }?;
        let path = path::text_path(&raw, || "path".to_owned())?;
        check_array(glyphs, path.glyph_advances.len(), usize::MAX, "glyphs")?;
        // SAFETY: the function's contract.
        let out = unsafe { write(out, "out") }?;
        let (summary, poses) = path::layout(&path);
        // SAFETY: room for `glyph_count` = `poses.len()` poses by the function's contract.
        unsafe { slice_mut(glyphs, poses.len(), "glyphs") }?.copy_from_slice(&poses);
        *out = summary;
        Ok(())
    })
}

/// The message of the last failed call on this thread (empty if none yet). The string belongs
/// to the calling thread: the pointer stays valid until the next failing call on this thread
/// or the thread's end, whichever comes first; copy the text to keep it or to hand it to
/// another thread. A call failing while its thread ends (from a thread-local destructor) has no
/// message: the string is empty then.
#[unsafe(no_mangle)]
pub extern "C" fn declutter_last_error() -> *const c_char {
    last_error_ptr()
}

/// The name of a `DECLUTTER_REASON_*` value ("visible", "collision", "offscreen",
/// "behind_camera", "repeat", "no_room", "too_curved": the names every binding and document
/// uses; "unknown" otherwise), a static string.
#[unsafe(no_mangle)]
pub extern "C" fn declutter_reason_name(reason: u32) -> *const c_char {
    convert::reason_name(reason).as_ptr()
}

/// The library's version, a static string such as "0.1.0".
#[unsafe(no_mangle)]
pub extern "C" fn declutter_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
