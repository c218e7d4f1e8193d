//! The documented input limits of the command line (docs/format.md, "Limits"), in one place.
//!
//! They exist so that hostile or broken input fails with a clear message instead of exhausting
//! memory: every limit bounds an allocation made *before* the input could be checked. The
//! engine's own limits on numbers (coordinates, sizes, angles) are in [`label_core::limits`].

/// Largest input document, bytes (1 GiB). The document is read whole; this leaves room for
/// [`MAX_LABELS`] labels written out at length (indented, with their text).
pub const MAX_DOCUMENT_BYTES: u64 = 1 << 30;

/// Most labels (or features) in one document: the readers' limit, [`label_style::document::MAX_LABELS`].
pub use label_style::document::MAX_LABELS;

/// Most obstacles in one document (map controls, markers, lines).
pub const MAX_OBSTACLES: usize = 100_000;

/// Largest JSON text of one obstacle, bytes (1 MiB). An obstacle is read through a generic
/// JSON value (its `id` is taken off before its shape is read), which costs many times its
/// text; this bounds that cost. A polygon of [`MAX_POLYGON_POINTS`] corners, even indented,
/// fits well within it.
pub const MAX_OBSTACLE_BYTES: usize = 1 << 20;

/// Most corners of one polygon obstacle. Every overlap test against a polygon walks its
/// corners, so a huge polygon would slow every label near it.
pub const MAX_POLYGON_POINTS: usize = 4096;

/// Longest NDJSON line, bytes including its line break (16 MiB). Longer lines are skipped
/// without being held in memory and reported as bad lines.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Deepest nesting of JSON arrays and objects. This is `serde_json`'s own recursion limit,
/// stated here so that it is documented with the others; it keeps the parser's stack bounded.
pub const MAX_NESTING_DEPTH: usize = 128;

/// Highest zoom of `declutter tiles`, as MapLibre's highest (24): the world is then a
/// 4.3e9-px screen, and a zoom's tiles are numbered within PMTiles' ids.
pub const MAX_TILE_ZOOM: u8 = 24;

/// "1 GiB", "16 MiB", "300 bytes": a byte count for messages.
#[must_use]
pub fn bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 30 && n % (1 << 30) == 0 => format!("{} GiB", n >> 30),
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        n if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{} KiB", n >> 10),
        n => format!("{n} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_read_well() {
        assert_eq!(bytes(MAX_DOCUMENT_BYTES), "1 GiB");
        assert_eq!(bytes(MAX_LINE_BYTES as u64), "16 MiB");
        assert_eq!(bytes(MAX_OBSTACLE_BYTES as u64), "1 MiB");
        assert_eq!(bytes(3 << 10), "3 KiB");
        assert_eq!(bytes(1000), "1000 bytes");
    }
}
