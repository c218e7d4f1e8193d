//! Label tiles: each zoom's world placed as one screen, then cut into web-map tiles, so that a
//! label is decided once and every tile it reaches carries the same decision.
//!
//! - **The world as one screen** ([`world_args`]): at zoom `z` the view is centred on
//!   (0°, 0°) with a square viewport of `256 · 2^z` px, so that screen pixels are world pixels
//!   of Web Mercator at that zoom and `declutter place` with those flags decides exactly the
//!   same. The GeoJSON reader builds that view from the flags as it does for `place`.
//! - **Which tiles hold a label, and what a tile holds**: the `label-tiles` crate ([`cover`],
//!   [`mvt`], re-exported here), shared with the Python package's planet job; [`labels`] builds
//!   its [`labels::TiledLabel`]s from a GeoJSON placement.
//! - **Raster tiles** ([`raster`]): the shown labels drawn as PNG tiles, each label drawn once
//!   and copied into every tile it covers a pixel of, so that the tiles stitch into one
//!   picture.
//! - **Where tiles go** ([`store`]): a `z/x/y.pbf` (`.png`) folder or a PMTiles v3 archive; and
//!   [`runs`] writes the shown labels as a tippecanoe-ready GeoJSON sequence, one feature per
//!   run of consecutive zooms in which a label is shown the same way.
//!
//! The guide is `docs/tiles.md`.

pub mod labels;
pub mod raster;
pub mod runs;
pub mod store;

use glam::DVec2;
pub use label_tiles::{EXTENT, LAYER, TILE_PX, cover, mvt};

use crate::formats::geojson::GeoArgs;

/// `args` with the view set to zoom `z`'s whole world as one screen (see the module doc).
#[must_use]
pub fn world_args(args: &GeoArgs, z: u8) -> GeoArgs {
    let side = TILE_PX * f64::from(z).exp2();
    GeoArgs { zoom: Some(f64::from(z)), center: Some(DVec2::ZERO), size: Some(DVec2::splat(side)), ..args.clone() }
}

/// The view flags `declutter tiles` sets itself, refused when given.
#[must_use]
pub fn view_flags_given(args: &GeoArgs) -> Vec<&'static str> {
    let given = [
        ("--zoom", args.zoom.is_some()),
        ("--center", args.center.is_some()),
        ("--size", args.size.is_some()),
        ("--bearing", args.bearing.is_some()),
        ("--output-format", args.output_format.is_some()),
    ];
    given.into_iter().filter(|(_, g)| *g).map(|(name, _)| name).collect()
}
