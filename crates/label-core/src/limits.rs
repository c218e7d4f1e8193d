//! Documented input limits: the one table every input path checks against — [`crate::place`]
//! and the Rust API, the command line's JSON, GeoJSON and NDJSON readers, the frame engine and
//! the C ABI. Values past them are refused with [`crate::Error`] (or the path's own typed error
//! naming the same limit) rather than computed with meaningless precision.

/// Largest accepted magnitude of a coordinate or offset, px. Boxes' centres are f64, which
/// resolves the collision tolerance τ = 1/1024 px ([`crate::narrow::TOLERANCE`]) to within a
/// quarter up to 2⁴⁰ ≈ 1.1·10¹² px; beyond, decisions are exact to f64's spacing there.
pub const MAX_COORDINATE: f64 = 1e15;
/// Largest accepted width, height, padding or radius, px.
pub const MAX_SIZE: f64 = 1e15;
/// Smallest accepted width, height or radius, px: the smallest normal f32. Boxes keep their
/// half extents in f32, where a smaller size would round to zero (or lose its precision) and
/// two identical labels would stop colliding.
pub const MIN_SIZE: f64 = f32::MIN_POSITIVE as f64;
/// Largest accepted magnitude of an angle, degrees — of labels, of obstacles and of a camera's
/// bearing. Past it, `f64` degrees no longer tell whole turns apart.
pub const MAX_ANGLE: f64 = 1e9;
/// Largest accepted magnitude of a latitude, degrees (longitude/latitude input: GeoJSON, the
/// frame engine's and the C ABI's world labels). Web Mercator clamps what it projects to
/// ±85.05°; past ±90° a latitude is not one.
pub const MAX_LATITUDE: f64 = 90.0;
/// Largest accepted magnitude of a longitude, degrees: one wrap either way of ±180°.
pub const MAX_LONGITUDE: f64 = 360.0;
/// Most worker threads a caller may ask for (the command line's `--threads`, the C ABI's
/// engine): more only costs memory and start-up time (10,000 threads took 47 s to start).
pub const MAX_THREADS: usize = 1024;
/// Most labels in one call (label indices are 32-bit inside the engine).
pub const MAX_LABELS: usize = u32::MAX as usize - 1;
/// Most candidate positions of one symbol.
pub const MAX_CANDIDATES: usize = 256;
/// Most glyphs of one text along a line.
pub const MAX_GLYPHS: usize = 4096;
/// Most points of one text's path.
pub const MAX_PATH_POINTS: usize = 1 << 20;
