//! Text measurement for map labels: how wide and how tall a name is in a real font.
//!
//! A label's box is only as good as its size. Counting characters (0.6 em each) makes `Wien`
//! and `WWWW` the same width and a Chinese name half as wide as it is; this crate shapes the
//! text with [rustybuzz] (HarfBuzz's algorithm: glyph advances, kerning, ligatures, marks) in a
//! real font and adds up the advances.
//!
//! - [`Font::bundled`] is DejaVu Sans (Bitstream Vera licence with public-domain changes; the
//!   font and its licence are in `fonts/`). [`Font::from_bytes`] reads any TrueType or
//!   OpenType font.
//! - **Characters the font lacks** get a fallback advance instead of the font's "missing glyph"
//!   box: a full em for East Asian wide characters (CJK ideographs, kana, hangul, fullwidth
//!   forms — what a CJK fallback font would draw), nothing for zero-width and control
//!   characters, and the font's average advance otherwise. See [`Font::fallback_advance_em`].
//! - **Height** is the font's line height: `ascender − descender + line gap` (the `hhea`
//!   values, or the `OS/2` typographic ones when the font asks for them), in ems. DejaVu Sans:
//!   1.164 em.
//! - Text is measured as one line; line breaks have no width.
//! - **A font remembers** the width of every text it measured ([`memory`]): map data repeats
//!   its names, and a look-up costs far less than shaping. Threads measuring with one font at
//!   once share the memory without waiting for each other's shaping.
//! - **Glyph by glyph**, for text laid along a line: [`Font::clusters`] splits the shaped
//!   text into clusters — the characters a renderer draws as one unit (a ligature, a letter
//!   with its combining marks) — each with its advance; they add up to the width.
//!   [`Font::glyph_clusters`] adds each cluster's shaped glyphs and [`Font::glyph_path`] their
//!   outlines, so that a picture draws the glyphs that were measured (joined Arabic letters,
//!   placed marks) however each cluster is turned.
//! - **A fallback chain**: [`Font::with_fallback`] appends fonts that give the glyphs the first
//!   lacks (a CJK font after a Latin one); each character is measured with the first font of
//!   the chain that has it, and only characters none has get the fallback advance.
//!   [`Font::with_lazy_fallbacks`] appends many font files (a system's fonts) loaded only when
//!   a character needs them ([`LazyFont`]).
//!
//! ```
//! use label_text::Font;
//!
//! let font = Font::bundled();
//! let wien = font.measure("Wien", 16.0);
//! let wwww = font.measure("WWWW", 16.0);
//! assert!(wwww.width > wien.width, "real advances, not a character count");
//! assert!((wien.height - 16.0 * font.line_height_em()).abs() < 1e-9);
//!
//! // DejaVu Sans has no Chinese glyphs: each ideograph falls back to one em.
//! let beijing = font.measure("北京市", 12.0);
//! assert_eq!(beijing.width, 36.0);
//! ```
//!
//! No feature flags.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod clusters;
mod error;
mod fallback;
mod font;
mod itemize;
pub mod memory;
mod outline;

pub use clusters::{Cluster, Glyph, GlyphCluster};
pub use error::FontError;
pub use font::LazyFont;
pub use font::{Font, TextSize};
