//! Pictures of a placement: [`svg`] draws it (the `debug` style; [`map`] the plain map style),
//! [`png`] paints that drawing as an image, [`sprite`] draws one label alone as an image (the
//! pieces of raster tiles). The styles share `elements` (the SVG elements of a label's text,
//! polygons, the opening element), `layer` (the map features under the labels), `glyphs`
//! (texts along lines, drawn as their shaped glyphs) and `canvas` (the area shown and the
//! origin the drawing is measured from). The modules depend one way: `svg` and `map` on the
//! other four, `canvas` and `glyphs` on `elements` and `layer` only, `sprite` on `map` and
//! `png`.

mod canvas;
mod elements;
mod glyphs;
pub mod layer;
pub mod map;
pub mod png;
pub mod sprite;
pub mod svg;
