//! The C ABI (`crates/label-capi`) driven as a careless C caller drives it: a random sequence
//! of calls on one engine (or none) and on the batch and path functions, with random numbers,
//! random enumeration values, null pointers, misaligned pointers and counts past the limits
//! (each with a real array behind it when the count is the array's). Every call must return a
//! status; `DECLUTTER_PANIC` (a panic caught at the boundary) is a finding, and so is anything
//! that aborts or that AddressSanitizer reports.

#![no_main]

use std::ptr;

use declutter::*;
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

/// A number: mostly ordinary, sometimes one of the values that break careless code.
fn number(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=9)? {
        0 => *u.choose(&[0.0, -0.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e300, 1e15, 1e-320])?,
        1 => f64::from_bits(u.arbitrary()?),
        2..=4 => f64::from(u.int_in_range(-1000i32..=1000)?) / 4.0,
        _ => f64::from(u.int_in_range(0u16..=800)?),
    })
}

/// An enumeration value: mostly valid (below `valid`), sometimes not.
fn code(u: &mut Unstructured, valid: u32) -> Result<u32> {
    if u.ratio(1, 8)? { u.arbitrary() } else { u.int_in_range(0..=valid.saturating_sub(1)) }
}

/// A count for an array of `len`: its length, or one past what the library accepts.
fn count(u: &mut Unstructured, len: usize) -> Result<usize> {
    Ok(if u.ratio(1, 10)? { *u.choose(&[usize::MAX, usize::MAX / 8, isize::MAX as usize, 1 << 40, u32::MAX as usize])? } else { len })
}

/// How an array is passed: as it is, null, or one byte off its alignment.
enum Pass {
    Plain,
    Null,
    Misaligned,
}

fn pass(u: &mut Unstructured) -> Result<Pass> {
    Ok(match u.int_in_range(0..=19)? {
        0 => Pass::Null,
        1 => Pass::Misaligned,
        _ => Pass::Plain,
    })
}

/// `items` and where to point: `bytes` holds a copy one byte off alignment when asked.
fn pointer<T: Copy>(items: &[T], how: &Pass, bytes: &mut Vec<u8>) -> *const T {
    match how {
        Pass::Plain => items.as_ptr(),
        Pass::Null => ptr::null(),
        Pass::Misaligned => {
            let size = std::mem::size_of_val(items);
            bytes.clear();
            bytes.resize(size + 16, 0);
            let base = bytes.as_mut_ptr();
            let offset = base.align_offset(std::mem::align_of::<T>()) + 1;
            // SAFETY: `offset + size` ≤ `size + 16` bytes; a byte copy needs no alignment.
            unsafe { ptr::copy_nonoverlapping(items.as_ptr().cast::<u8>(), base.add(offset), size) };
            // SAFETY: within `bytes` (above).
            unsafe { base.add(offset).cast::<T>() }
        }
    }
}

fn label(u: &mut Unstructured) -> Result<DeclutterLabel> {
    Ok(DeclutterLabel {
        id: u.int_in_range(0..=40)?,
        x: number(u)?,
        y: number(u)?,
        width: number(u)?,
        height: number(u)?,
        angle: number(u)?,
        priority: number(u)?,
        offset_x: number(u)?,
        offset_y: number(u)?,
        padding: number(u)?,
        coordinates: code(u, 2)?,
        alignment: code(u, 2)?,
        anchor: code(u, 9)?,
        flags: code(u, 8)?,
    })
}

fn screen_label(u: &mut Unstructured) -> Result<DeclutterScreenLabel> {
    let l = label(u)?;
    Ok(DeclutterScreenLabel {
        id: l.id,
        x: l.x,
        y: l.y,
        width: l.width,
        height: l.height,
        angle: l.angle,
        priority: l.priority,
        offset_x: l.offset_x,
        offset_y: l.offset_y,
        padding: l.padding,
        anchor: l.anchor,
        flags: code(u, 4)?,
    })
}

fn obstacle(u: &mut Unstructured) -> Result<DeclutterObstacle> {
    Ok(DeclutterObstacle { kind: code(u, 2)?, a: number(u)?, b: number(u)?, c: number(u)?, d: number(u)? })
}

/// What one symbol's pointers point to; kept alive while the call reads them.
#[derive(Default)]
struct SymbolParts {
    candidates: Vec<DeclutterCandidate>,
    icon: Option<Box<DeclutterIcon>>,
    points: Vec<DeclutterPoint>,
    advances: Vec<f64>,
    path: Option<Box<DeclutterPath>>,
}

fn path(u: &mut Unstructured, parts: &mut SymbolParts) -> Result<DeclutterPath> {
    let n = u.int_in_range(0..=5)?;
    parts.points = (0..n).map(|_| Ok(DeclutterPoint { x: number(u)?, y: number(u)? })).collect::<Result<_>>()?;
    let g = u.int_in_range(0..=6)?;
    parts.advances = (0..g).map(|_| number(u)).collect::<Result<_>>()?;
    Ok(DeclutterPath {
        points: if u.ratio(1, 20)? { ptr::null() } else { parts.points.as_ptr() },
        point_count: count(u, parts.points.len())?,
        glyph_advances: parts.advances.as_ptr(),
        glyph_count: count(u, parts.advances.len())?,
        has_path_offset: code(u, 2)?,
        path_offset: number(u)?,
        max_angle: number(u)?,
        flags: code(u, 2)?,
    })
}

fn symbol(u: &mut Unstructured, parts: &mut SymbolParts) -> Result<DeclutterSymbol> {
    let k = u.int_in_range(0..=3)?;
    parts.candidates = (0..k)
        .map(|_| Ok(DeclutterCandidate { anchor: code(u, 9)?, offset_x: number(u)?, offset_y: number(u)? }))
        .collect::<Result<_>>()?;
    if u.ratio(1, 3)? {
        let icon = DeclutterIcon {
            width: number(u)?,
            height: number(u)?,
            anchor: code(u, 9)?,
            offset_x: number(u)?,
            offset_y: number(u)?,
            padding: number(u)?,
        };
        parts.icon = Some(Box::new(icon));
    }
    if u.ratio(1, 3)? {
        let p = path(u, parts)?;
        parts.path = Some(Box::new(p));
    }
    Ok(DeclutterSymbol {
        candidates: parts.candidates.as_ptr(),
        candidate_count: count(u, parts.candidates.len())?,
        icon: parts.icon.as_deref().map_or(ptr::null(), ptr::from_ref),
        optional: code(u, 3)?,
        repeat_group: u.int_in_range(0..=2)?,
        repeat_distance: number(u)?,
        path: parts.path.as_deref().map_or(ptr::null(), ptr::from_ref),
    })
}

fn camera(u: &mut Unstructured) -> Result<DeclutterCamera> {
    Ok(DeclutterCamera {
        center_x: number(u)?,
        center_y: number(u)?,
        zoom: number(u)? / 40.0,
        bearing: number(u)?,
        pitch: number(u)? / 10.0,
        width: number(u)?,
        height: number(u)?,
        fov: if u.arbitrary()? { 0.0 } else { number(u)? },
        coordinates: code(u, 2)?,
        center_offset_x: if u.arbitrary()? { 0.0 } else { number(u)? },
        center_offset_y: if u.arbitrary()? { 0.0 } else { number(u)? },
    })
}

fn options(u: &mut Unstructured) -> Result<DeclutterOptions> {
    let mut o = DeclutterOptions::default();
    // SAFETY: `o` is a local.
    unsafe { declutter_options_default(&mut o) };
    match u.int_in_range(0..=7)? {
        0 => o.hysteresis_px = number(u)?,
        1 => o.fade_ms = number(u)?,
        2 => o.full_placement_interval_ms = number(u)?,
        3 => o.perspective_scaling = number(u)? / 800.0,
        4 => o.max_overlap_area = number(u)?,
        5 => o.stickiness = code(u, 3)?,
        6 => o.reuse_translations = code(u, 2)?,
        _ => o.world_copies = code(u, 2)?,
    }
    Ok(o)
}

/// The labels (with their symbols' parts) of a set or a batch.
fn labelled<L>(u: &mut Unstructured, one: fn(&mut Unstructured) -> Result<L>) -> Result<(Vec<L>, Vec<SymbolParts>, Vec<DeclutterSymbol>)> {
    let n = u.int_in_range(0..=12)?;
    let labels = (0..n).map(|_| one(u)).collect::<Result<Vec<_>>>()?;
    let mut parts: Vec<SymbolParts> = (0..n).map(|_| SymbolParts::default()).collect();
    let symbols = if u.arbitrary()? { parts.iter_mut().map(|p| symbol(u, p)).collect::<Result<Vec<_>>>()? } else { Vec::new() };
    Ok((labels, parts, symbols))
}

fn check(status: DeclutterStatus) {
    assert_ne!(status, DECLUTTER_PANIC, "a panic reached the boundary: {}", message());
}

fn message() -> String {
    // SAFETY: a NUL-terminated string owned by this thread.
    unsafe { std::ffi::CStr::from_ptr(declutter_last_error()) }.to_string_lossy().into_owned()
}

fn run(u: &mut Unstructured) -> Result<()> {
    let mut engine: *mut DeclutterEngine = ptr::null_mut();
    let mut bytes = Vec::new();
    for _ in 0..u.int_in_range(1..=24)? {
        // SAFETY (every call): `engine` is null or live and used by this thread only; every
        // pointer is null, one byte off its alignment, or points to as many values of its type
        // as its count says — unless the count is one the library must refuse before reading.
        match u.int_in_range(0..=15)? {
            0 => {
                // SAFETY: above.
                unsafe { declutter_engine_free(engine) };
                engine = ptr::null_mut();
                let o = options(u)?;
                let o = if u.arbitrary()? { ptr::from_ref(&o) } else { ptr::null() };
                // Mostly the shared pool: an engine's own pool starts threads, which costs more
                // than the rest of a run.
                let threads = *u.choose(&[0, 0, 0, 0, 0, 0, 1, 2, 1025, u32::MAX])?;
                // SAFETY: above.
                check(unsafe { declutter_engine_new(o, threads, &mut engine) });
            }
            1 => {
                let (labels, _parts, symbols) = labelled(u, label)?;
                let how = pass(u)?;
                let p = pointer(&labels, &how, &mut bytes);
                let n = if symbols.is_empty() { count(u, labels.len())? } else { labels.len() };
                let s = if symbols.is_empty() { ptr::null() } else { symbols.as_ptr() };
                // SAFETY: above.
                check(unsafe { declutter_engine_set_labels_with_symbols(engine, p, s, n) });
            }
            2 => {
                let obstacles = (0..u.int_in_range(0..=4)?).map(|_| obstacle(u)).collect::<Result<Vec<_>>>()?;
                let how = pass(u)?;
                let p = pointer(&obstacles, &how, &mut bytes);
                let n = count(u, obstacles.len())?;
                // SAFETY: above.
                check(unsafe { declutter_engine_set_obstacles(engine, p, n) });
            }
            3 => {
                let c = camera(u)?;
                // SAFETY: above.
                check(unsafe { declutter_engine_set_camera(engine, &c) });
            }
            4 | 5 => {
                let mut stats = DeclutterFrameStats::default();
                let s = if u.arbitrary()? { ptr::from_mut(&mut stats) } else { ptr::null_mut() };
                // SAFETY: above.
                check(unsafe { declutter_engine_place_frame(engine, number(u)?, s) });
            }
            6 => {
                let mut out = vec![DeclutterLabelResult::default(); u.int_in_range(0..=16)?];
                let mut written = 0usize;
                // SAFETY: above (the capacity is the array's length).
                check(unsafe { declutter_engine_results(engine, out.as_mut_ptr(), out.len(), &mut written) });
                let mut choices = vec![DeclutterChoice { candidate: 0, parts: 0 }; out.len()];
                // SAFETY: above.
                check(unsafe { declutter_engine_choices(engine, choices.as_mut_ptr(), choices.len(), &mut written) });
            }
            7 => {
                let mut out = DeclutterLabelResult::default();
                let index = if u.arbitrary()? { u.int_in_range(0..=16)? } else { u.arbitrary()? };
                // SAFETY: above.
                check(unsafe { declutter_engine_result(engine, index, &mut out) });
                let mut count = 0usize;
                // SAFETY: above.
                check(unsafe { declutter_engine_label_count(engine, &mut count) });
            }
            8 => {
                let mut poses = vec![DeclutterGlyphPose::default(); u.int_in_range(0..=8)?];
                let mut layout = DeclutterPathLayout::default();
                let out = if u.ratio(1, 10)? { ptr::null_mut() } else { ptr::from_mut(&mut layout) };
                let index = u.int_in_range(0..=14)?;
                // SAFETY: above (the capacity is the array's length).
                check(unsafe { declutter_engine_glyphs(engine, index, poses.as_mut_ptr(), poses.len(), out) });
            }
            9 => {
                let o = options(u)?;
                // SAFETY: above.
                check(unsafe { declutter_engine_set_options(engine, &o) });
            }
            10 | 11 => {
                let (labels, _parts, symbols) = labelled(u, screen_label)?;
                let obstacles = (0..u.int_in_range(0..=3)?).map(|_| obstacle(u)).collect::<Result<Vec<_>>>()?;
                let options = DeclutterBatchOptions {
                    has_viewport: code(u, 2)?,
                    viewport_min_x: number(u)?,
                    viewport_min_y: number(u)?,
                    viewport_max_x: number(u)?,
                    viewport_max_y: number(u)?,
                    max_overlap_area: number(u)?,
                };
                let how = pass(u)?;
                let batch = DeclutterBatch {
                    labels: pointer(&labels, &how, &mut bytes),
                    symbols: if symbols.is_empty() { ptr::null() } else { symbols.as_ptr() },
                    count: if symbols.is_empty() { count(u, labels.len())? } else { labels.len() },
                    obstacles: obstacles.as_ptr(),
                    obstacle_count: count(u, obstacles.len())?,
                    options,
                };
                let mut results = vec![DeclutterPlacement::default(); labels.len()];
                let mut stats = DeclutterBatchStats::default();
                // The results' room is the labels' count, which may be one the library must
                // refuse: then it refuses before writing.
                // SAFETY: above.
                check(unsafe { declutter_place(&batch, results.as_mut_ptr(), &mut stats) });
            }
            12 => {
                let mut parts = SymbolParts::default();
                let p = path(u, &mut parts)?;
                let mut poses = vec![DeclutterGlyphPose::default(); parts.advances.len().max(p.glyph_count.min(64))];
                let mut layout = DeclutterPathLayout::default();
                // SAFETY: above (room for every glyph the path may have).
                check(unsafe { declutter_path_layout(&p, poses.as_mut_ptr(), &mut layout) });
            }
            13 => {
                let _ = message();
                // SAFETY: a static string.
                let _ = unsafe { std::ffi::CStr::from_ptr(declutter_reason_name(u.arbitrary()?)) };
            }
            14 => {
                // Misaligned out-parameters.
                let mut room = [0u64; 4];
                let odd = room.as_mut_ptr().cast::<u8>().wrapping_add(1).cast::<usize>();
                // SAFETY: above (a misaligned pointer must be refused before any write).
                check(unsafe { declutter_engine_label_count(engine, odd) });
            }
            _ => {
                // SAFETY: above.
                unsafe { declutter_engine_free(engine) };
                engine = ptr::null_mut();
                // SAFETY: above.
                check(unsafe { declutter_engine_new(ptr::null(), 0, &mut engine) });
            }
        }
    }
    // SAFETY: live or null, freed once.
    unsafe { declutter_engine_free(engine) };
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
