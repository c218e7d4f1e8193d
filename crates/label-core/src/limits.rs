//! Documented input limits. Values past them are refused with [`crate::Error`] rather than
//! computed with meaningless precision.

/// Largest accepted magnitude of a coordinate or offset, px.
pub const MAX_COORDINATE: f64 = 1e15;
/// Largest accepted width, height, padding or radius, px.
pub const MAX_SIZE: f64 = 1e15;
/// Largest accepted magnitude of an angle, degrees.
pub const MAX_ANGLE: f64 = 1e9;
/// Most labels in one call (label indices are 32-bit inside the engine).
pub const MAX_LABELS: usize = u32::MAX as usize - 1;
/// Most candidate positions of one symbol.
pub const MAX_CANDIDATES: usize = 256;
