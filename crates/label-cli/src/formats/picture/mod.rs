//! Pictures of a placement: [`svg`] draws it (the `debug` style; [`map`] the plain map style),
//! [`png`] paints that drawing as an image; `glyphs` draws texts along lines glyph by glyph.

mod glyphs;
pub mod map;
pub mod png;
pub mod svg;
