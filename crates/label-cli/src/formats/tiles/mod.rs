//! Label tiles: each zoom's world placed as one screen, then cut into web-map tiles, so that a
//! label is decided once and every tile it reaches carries the same decision.
//!
//! - **The world as one screen** ([`world_args`]): at zoom `z` the view is centred on
//!   (0°, 0°) with a square viewport of `256 · 2^z` px, so that screen pixels are world pixels
//!   of Web Mercator at that zoom and `declutter place` with those flags decides exactly the
//!   same. The GeoJSON reader builds that view from the flags as it does for `place`.
//! - **Which tiles hold a label** ([`cover`]): the tile under its anchor point, and every tile
//!   the bounds of its shown parts (text box at the chosen candidate, icon box, or the glyph
//!   boxes of a text along a line) overlap with positive area. Tile columns wrap east–west
//!   (a label across the antimeridian is in the tiles at both edges); rows beyond the poles are
//!   dropped.
//! - **What a tile holds** ([`labels`], [`mvt`]): one point feature per label at its anchor,
//!   in the tile's own coordinates (extent 4096; a label from a neighbour lies outside
//!   `0..4096`), with the properties that draw it as placed and the same values in every tile.
//! - **Raster tiles** ([`raster`]): the shown labels drawn as PNG tiles, each label drawn once
//!   and copied into every tile it covers a pixel of, so that the tiles stitch into one
//!   picture.
//! - **Where tiles go** ([`store`]): a `z/x/y.pbf` (`.png`) folder or a PMTiles v3 archive; and
//!   [`runs`] writes the shown labels as a tippecanoe-ready GeoJSON sequence, one feature per
//!   run of consecutive zooms in which a label is shown the same way.
//!
//! The guide is `docs/tiles.md`.

pub mod cover;
pub mod labels;
pub mod mvt;
pub mod raster;
pub mod runs;
pub mod store;

use glam::DVec2;

use crate::formats::geojson::GeoArgs;

/// The layer name of the labels in every tile.
pub const LAYER: &str = "labels";

/// Tile coordinates per tile side (MVT's usual extent): 16 per pixel of a 256-px tile.
pub const EXTENT: u32 = 4096;

/// Size of a tile, px: the GeoJSON view's Web Mercator tiles.
pub const TILE_PX: f64 = label_core::mercator::TILE_SIZE;

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
