//! Pictures of a placement: [`svg`] draws it (the `debug` style; [`map`] the plain map style),
//! [`png`] paints that drawing as an image; `glyphs` draws texts along lines glyph by glyph;
//! `canvas` says where: the area shown and the origin the drawing is measured from.

mod canvas;
mod glyphs;
pub mod map;
pub mod png;
pub mod svg;
