//! Text measurement in the run's font.
//!
//! One font chain serves a whole run: the bundled DejaVu Sans unless a caller installs another
//! chain once, before any document is read ([`install`]; the command line's `--font` and
//! `--system-fonts`). It is process-wide rather than threaded through every reader because every
//! reader (one document, many files, NDJSON lines) must measure with the same font, and the font
//! cannot change during a run.
//!
//! The font remembers the texts it measured (`label_text::memory`), for every reader thread at
//! once: a street's name on each of its segments is shaped once a run.

use std::sync::OnceLock;

use label_core::Problem;
use label_text::Font;

static FONT: OnceLock<Font<'static>> = OnceLock::new();

/// Makes `chain` the run's font.
///
/// # Errors
/// [`AlreadySet`] when a font was already installed for this run.
pub fn install(chain: Font<'static>) -> Result<(), AlreadySet> {
    FONT.set(chain).map_err(|_| AlreadySet)
}

/// A font was already installed for this run: the run's font cannot change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a font is already set for this run")]
pub struct AlreadySet;

/// The run's font: the one [`install`]ed, else the bundled DejaVu Sans.
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
