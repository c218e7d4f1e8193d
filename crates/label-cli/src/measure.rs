//! Text measurement for labels that give `text` and `font_size` instead of a size.
//!
//! One font chain serves the whole run: the bundled DejaVu Sans, or the fonts `--font` names
//! (each character measured with the first of them that has it), then with `--system-fonts`
//! the system's fonts, set once at start-up with [`set_fonts`] before any document is read. It is process-wide rather than
//! threaded through every reader because every reader (one document, many files, NDJSON lines)
//! must measure with the same font, and the font cannot change during a run.
//!
//! The font remembers the texts it measured (`label_text::memory`), for every reader thread at
//! once: a street's name on each of its segments is shaped once a run.

use std::path::Path;
use std::sync::OnceLock;

use label_core::Problem;
use label_text::{Font, FontError, LazyFont};
use rayon::prelude::*;

static FONT: OnceLock<Font<'static>> = OnceLock::new();

/// Why `--font` could not be used.
#[derive(Debug)]
#[non_exhaustive]
pub enum FontFileError {
    /// The file could not be read (exit code 1).
    Io(std::io::Error),
    /// The file is not a usable font (exit code 2).
    Font(FontError),
    /// A font was already set for this run.
    AlreadySet,
}

impl std::fmt::Display for FontFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FontFileError::Io(e) => write!(f, "{e}"),
            FontFileError::Font(e) => write!(f, "{e}"),
            FontFileError::AlreadySet => f.write_str("a font is already set for this run"),
        }
    }
}

/// Reads the font at `path` and makes it the run's font.
///
/// # Errors
/// See [`FontFileError`].
pub fn set_font(path: &Path) -> Result<(), FontFileError> {
    set_fonts(std::slice::from_ref(&path), false).map_err(|(_, e)| e)
}

/// Reads the fonts at `paths` and makes them the run's font chain: the first measures what it
/// has glyphs for, each next one what the fonts before it lack ([`Font::with_fallback`]); no
/// path: the bundled font. With `system`, the system's fonts follow ([`system_fonts`]).
///
/// # Errors
/// The font that failed (its path) and why ([`FontFileError`]).
pub fn set_fonts<P: AsRef<Path>>(paths: &[P], system: bool) -> Result<(), (String, FontFileError)> {
    let mut chain: Option<Font<'static>> = None;
    for path in paths {
        let path = path.as_ref();
        let failed = |e| (path.display().to_string(), e);
        let bytes = std::fs::read(path).map_err(|e| failed(FontFileError::Io(e)))?;
        // The fonts live as long as the process: leaking their bytes once gives the `'static`
        // borrow the parsed faces need.
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let font = Font::from_bytes(bytes).map_err(|e| failed(FontFileError::Font(e)))?;
        chain = Some(match chain {
            None => font,
            Some(first) => first.with_fallback(font),
        });
    }
    if system {
        let first = match chain {
            Some(first) => first,
            None => Font::from_bytes(Font::bundled().data())
                .map_err(|e| ("the bundled font".into(), FontFileError::Font(e)))?,
        };
        chain = Some(first.with_lazy_fallbacks(system_fonts()));
    }
    let Some(chain) = chain else { return Ok(()) };
    FONT.set(chain).map_err(|_| ("--font".into(), FontFileError::AlreadySet))
}

/// The system's font files (fontdb's scan of the platform's font directories: on Linux
/// `/usr/share/fonts`, `/usr/local/share/fonts`, `~/.local/share/fonts`, `~/.fonts`), each
/// face in the order of its path, then its index in a collection. Each file is read once here
/// to list its characters, and loaded to stay only when a text needs one of them.
#[must_use]
pub fn system_fonts() -> Vec<LazyFont> {
    let mut db = fontdb::Database::new();
    db.load_system_fonts();
    let mut faces: Vec<(std::path::PathBuf, u32)> = db
        .faces()
        .filter_map(|face| match &face.source {
            fontdb::Source::File(path) => Some((path.clone(), face.index)),
            _ => None,
        })
        .collect();
    faces.sort();
    faces.dedup();
    faces.par_iter().filter_map(|(path, index)| LazyFont::scan(path, *index)).collect()
}

/// The run's font: the one [`set_font`] read, else the bundled DejaVu Sans.
#[must_use]
pub fn font() -> &'static Font<'static> {
    FONT.get().unwrap_or_else(Font::bundled)
}

/// The font family to draw measured text with, so that pictures match the measurement.
#[must_use]
pub fn family() -> &'static str {
    font().family().unwrap_or("DejaVu Sans")
}

/// The families of the run's font chain, in order (a font without a family name is left out).
#[must_use]
pub fn families() -> Vec<&'static str> {
    font().chain().filter_map(Font::family).collect()
}

/// Largest accepted `font_size`, px. A larger one is surely a mistake (a unit mix-up).
pub const MAX_FONT_SIZE: f64 = 10_000.0;

/// Checks a font size: finite, `> 0`, at most [`MAX_FONT_SIZE`].
///
/// # Errors
/// The [`Problem`] with the value.
pub fn check_font_size(size: f64) -> Result<f64, Problem> {
    label_core::validate::positive(size, MAX_FONT_SIZE)
}

/// Width and height of `text` at `font_size` px in the run's font.
#[must_use]
pub fn measure(text: &str, font_size: f64) -> (f64, f64) {
    let size = font().measure(text, font_size);
    (size.width, size.height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_sizes_are_checked() {
        assert_eq!(check_font_size(12.0), Ok(12.0));
        assert!(matches!(check_font_size(0.0), Err(Problem::NotPositive(_))));
        assert!(matches!(check_font_size(-3.0), Err(Problem::NotPositive(_))));
        assert!(matches!(check_font_size(f64::NAN), Err(Problem::NotFinite(_))));
        assert!(matches!(check_font_size(1e6), Err(Problem::TooLarge { .. })));
    }

    #[test]
    fn measures_with_the_bundled_font_by_default() {
        let (w, h) = measure("北京", 12.0);
        assert!((w - 24.0).abs() < 1e-9, "{w}");
        assert!((h - 12.0 * 2384.0 / 2048.0).abs() < 1e-9, "{h}");
        assert_eq!(family(), "DejaVu Sans");
    }
}
