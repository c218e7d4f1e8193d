//! Every document the command line reads or writes, one module per format.
//!
//! - The label-set JSON (contract §2): [`document`] mirrors its text, [`convert`] turns it into
//!   the engine's types (fast, then located on failure), with [`symbol`] and [`path_label`] for
//!   the fields of symbols and texts along lines; [`output`] is the result document.
//! - [`geojson`]: map features in and out, on a view (the features become labels in
//!   `label_style`; CSV tables become its features there too).
//! - [`picture`]: the placement drawn as SVG or PNG.
//! - [`tiles`]: each zoom's world placement cut into label tiles (MVT, PMTiles, tippecanoe).

pub mod convert;
pub mod document;
pub mod geojson;
pub mod output;
pub mod path_label;
pub mod picture;
pub mod symbol;
pub mod tiles;
