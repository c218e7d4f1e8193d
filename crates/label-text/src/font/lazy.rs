//! Fonts loaded when needed: a fallback chain of many font files (a system's fonts) without
//! holding them all. Each file is read once to list the characters its face maps ([`LazyFont::scan`]),
//! and read again, to stay, only when a character that no font before it has is measured.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rustybuzz::Face;

use super::Font;

/// A font file of a lazily loaded fallback chain ([`Font::with_lazy_fallbacks`]).
pub struct LazyFont {
    path: PathBuf,
    index: u32,
    /// The characters its character map maps, as sorted, disjoint ranges of code points.
    coverage: Vec<RangeInclusive<u32>>,
    /// The font once loaded; `None` when it could not be read again.
    pub(crate) font: OnceLock<Option<Font<'static>>>,
}

impl std::fmt::Debug for LazyFont {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyFont").field("path", &self.path).field("index", &self.index).finish_non_exhaustive()
    }
}

impl LazyFont {
    /// Face `index` of the font file at `path`, its characters listed; `None` when the file
    /// cannot be read or is not a font.
    #[must_use]
    pub fn scan(path: &Path, index: u32) -> Option<LazyFont> {
        let data = std::fs::read(path).ok()?;
        let face = Face::from_slice(&data, index)?;
        let mut points = Vec::new();
        for table in face.tables().cmap.iter().flat_map(|cmap| cmap.subtables) {
            if table.is_unicode() {
                table.codepoints(|c| points.push(c));
            }
        }
        points.sort_unstable();
        points.dedup();
        let mut coverage: Vec<RangeInclusive<u32>> = Vec::new();
        for c in points {
            match coverage.last_mut() {
                Some(r) if *r.end() + 1 == c => *r = *r.start()..=c,
                _ => coverage.push(c..=c),
            }
        }
        Some(LazyFont { path: path.to_owned(), index, coverage, font: OnceLock::new() })
    }

    /// The file it reads.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether it has a glyph for `c`; loads the font the first time its map has `c`.
    pub(crate) fn has_glyph(&self, c: char) -> bool {
        let c = u32::from(c);
        let at = self.coverage.partition_point(|r| *r.end() < c);
        self.coverage.get(at).is_some_and(|r| r.contains(&c))
            && self.load().is_some_and(|f| f.has_glyph(char::from_u32(c).unwrap_or_default()))
    }

    /// The font, read on first use. It lives as long as the process (its bytes are leaked
    /// once, as the parsed face borrows them).
    fn load(&self) -> Option<&Font<'static>> {
        self.font
            .get_or_init(|| {
                let data: &'static [u8] = Box::leak(std::fs::read(&self.path).ok()?.into_boxed_slice());
                Font::from_collection(data, self.index).ok()
            })
            .as_ref()
    }
}
