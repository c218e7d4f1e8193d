//! Text measurement for labels that give `text` and `font_size` instead of a size.
//!
//! One font serves the whole run: the bundled DejaVu Sans, or the one `--font` names, set once
//! at start-up with [`set_font`] before any document is read. It is process-wide rather than
//! threaded through every reader because every reader (one document, many files, NDJSON lines)
//! must measure with the same font, and the font cannot change during a run.
//!
//! Shaping a text costs microseconds, and map data repeats its texts (a street's name on each
//! of its segments: Vienna's 3,356 streets have 1,112 names), so the run remembers the sizes it
//! measured last, up to [`REMEMBERED_TEXTS`] texts per thread (no lock on the readers' parallel
//! path); measuring is a pure function of the font, the text and the size, so a remembered size
//! is the one measuring again gives.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use label_core::Problem;
use label_text::{Font, FontError};

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
    let bytes = std::fs::read(path).map_err(FontFileError::Io)?;
    // The font lives as long as the process: leaking its bytes once gives the `'static` borrow
    // the parsed face needs.
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let font = Font::from_bytes(bytes).map_err(FontFileError::Font)?;
    FONT.set(font).map_err(|_| FontFileError::AlreadySet)
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

/// Largest accepted `font_size`, px. A larger one is surely a mistake (a unit mix-up).
pub const MAX_FONT_SIZE: f64 = 10_000.0;

/// Checks a font size: finite, `> 0`, at most [`MAX_FONT_SIZE`].
///
/// # Errors
/// The [`Problem`] with the value.
pub fn check_font_size(size: f64) -> Result<f64, Problem> {
    label_core::validate::positive(size, MAX_FONT_SIZE)
}

/// Most texts whose sizes a thread remembers; past it, it forgets them all and starts again.
pub const REMEMBERED_TEXTS: usize = 8192;

/// A thread's remembered sizes: the font they were measured in (its address), and by text, the
/// font size's bits and the width and height at it.
#[derive(Default)]
struct Remembered {
    font: usize,
    sizes: HashMap<String, (u64, (f64, f64))>,
}

thread_local! {
    static REMEMBERED: RefCell<Remembered> = RefCell::default();
}

/// Width and height of `text` at `font_size` px in the run's font.
#[must_use]
pub fn measure(text: &str, font_size: f64) -> (f64, f64) {
    let font = font();
    // The font's address names it: a size measured before `set_font` is not reused after.
    let address = std::ptr::from_ref(font) as usize;
    let bits = font_size.to_bits();
    REMEMBERED.with_borrow_mut(|r| {
        if r.font != address || r.sizes.len() >= REMEMBERED_TEXTS {
            r.sizes.clear();
            r.font = address;
        }
        if let Some(&(b, size)) = r.sizes.get(text)
            && b == bits
        {
            return size;
        }
        let measured = font.measure(text, font_size);
        let size = (measured.width, measured.height);
        r.sizes.insert(text.to_owned(), (bits, size));
        size
    })
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
    fn remembered_sizes_are_those_measured_again() {
        let texts: Vec<String> = (0..REMEMBERED_TEXTS + 10).map(|i| format!("Straße {}", i % 700)).collect();
        for (i, text) in texts.iter().enumerate() {
            let font_size = [12.0, 12.0, 16.5][i % 3];
            let expected = font().measure(text, font_size);
            assert_eq!(measure(text, font_size), (expected.width, expected.height), "{text} at {font_size}");
        }
    }

    #[test]
    fn measures_with_the_bundled_font_by_default() {
        let (w, h) = measure("北京", 12.0);
        assert!((w - 24.0).abs() < 1e-9, "{w}");
        assert!((h - 12.0 * 2384.0 / 2048.0).abs() < 1e-9, "{h}");
        assert_eq!(family(), "DejaVu Sans");
    }
}
