//! The run's font chain from the command line: the fonts `--font` names (each character
//! measured with the first of them that has it), then with `--system-fonts` the system's fonts,
//! read and installed once at start-up with [`set_fonts`] before any document is read; the
//! measurement itself is `label_style::measure`'s (re-exported here).

use std::path::Path;

pub use label_style::measure::{MAX_FONT_SIZE, check_font_size, families, family, font, measure};
use label_text::{Font, FontError, LazyFont};
use rayon::prelude::*;

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
    label_style::measure::install(chain).map_err(|_| ("--font".into(), FontFileError::AlreadySet))
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
