//! Why a font cannot be used.

/// Why [`crate::Font::from_bytes`] refused a font.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FontError {
    /// The bytes are not a TrueType or OpenType font (or collection) that ttf-parser can read:
    /// a truncated file, another format (WOFF, Type 1, a PNG…), or broken required tables.
    #[error("not a TrueType or OpenType font")]
    Unreadable,
    /// The font reads, but its metrics cannot size text: zero units per em, or a line height
    /// (`ascender − descender + line gap`) that is not positive.
    #[error("unusable font metrics: {0}")]
    BadMetrics(&'static str),
}
