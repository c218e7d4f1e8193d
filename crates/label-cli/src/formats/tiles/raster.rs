//! Raster label tiles (`--raster`): each zoom's shown labels drawn as PNG tiles that stitch
//! into one picture.
//!
//! Every shown label is drawn once per zoom, alone, at its whole-pixel place in the zoom's
//! world ([`crate::formats::picture::sprite`]), and copied into every tile its drawing (halo
//! included) covers a pixel of, labels in input order. A tile is therefore exactly the same
//! window of the picture of the whole world that [`window`] draws at once: stitched tiles show
//! each label whole, once, pixel for pixel. A tile is `256 · scale` px square (`--tile-size`
//! 256 or 512: scale 2 draws the same tiles at twice the density); its background is
//! transparent, for drawing over a base map. Columns wrap around the antimeridian (a label
//! across it is drawn in the tiles at both edges); rows beyond the poles are dropped. Tiles no
//! label covers are not written.

use std::collections::BTreeMap;

use label_core::Placement;
use rayon::prelude::*;
use resvg::tiny_skia::Pixmap;

use super::TILE_PX;
use crate::formats::convert::Document;
use crate::formats::picture::sprite::{Painter, Sprite, draw};

/// The shown labels of `doc` drawn alone, in input order (those that cover no pixel left
/// out), on the current thread pool.
///
/// # Errors
/// The painter's message for a label that cannot be drawn.
pub fn sprites(doc: &Document, placement: &Placement, painter: &Painter) -> Result<Vec<Sprite>, String> {
    let shown: Vec<usize> = (0..doc.labels.len()).filter(|&i| placement.outcomes[i].visible).collect();
    let sprites = shown.into_par_iter().map(|i| painter.sprite(doc, placement, i)).collect::<Result<Vec<_>, _>>()?;
    Ok(sprites.into_iter().flatten().collect())
}

/// The tiles of zoom `z` the sprites cover, in tile order: for each, the sprites drawn in it
/// (their indices, in order) and the unwrapped column each is drawn from.
#[must_use]
pub fn cover(z: u8, sprites: &[Sprite], scale: u32) -> BTreeMap<(u32, u32), Vec<(usize, i64)>> {
    let side = tile_side(scale);
    let n = 1_i64 << z;
    let mut out: BTreeMap<(u32, u32), Vec<(usize, i64)>> = BTreeMap::new();
    for (k, s) in sprites.iter().enumerate() {
        let (w, h) = s.size();
        let columns = s.x.div_euclid(side)..=(s.x + i64::from(w) - 1).div_euclid(side);
        let rows = s.y.div_euclid(side).max(0)..=(s.y + i64::from(h) - 1).div_euclid(side).min(n - 1);
        for row in rows {
            for column in columns.clone() {
                // Both fit in u32: rows are in 0..n, `rem_euclid` is in 0..n, n ≤ 2^24.
                out.entry((column.rem_euclid(n) as u32, row as u32)).or_default().push((k, column));
            }
        }
    }
    out
}

/// A tile's side in device pixels.
fn tile_side(scale: u32) -> i64 {
    TILE_PX as i64 * i64::from(scale)
}

/// The tile in row `row` holding `entries` (as [`cover`] gives them: each sprite with the
/// unwrapped column it is drawn from).
///
/// # Errors
/// A message when the image cannot be made.
pub fn tile(row: u32, sprites: &[Sprite], entries: &[(usize, i64)], scale: u32) -> Result<Pixmap, String> {
    let side = tile_side(scale);
    let mut canvas = blank(side, side)?;
    for &(k, column) in entries {
        draw(&mut canvas, column * side, i64::from(row) * side, [&sprites[k]]);
    }
    Ok(canvas)
}

/// A tile as a PNG file's bytes.
///
/// # Errors
/// A message when it cannot be encoded.
pub fn png(tile: &Pixmap) -> Result<Vec<u8>, String> {
    tile.encode_png().map_err(|e| format!("cannot encode the tile: {e}"))
}

/// The picture of the area `width` × `height` device pixels from (`left`, `top`) of the zoom's
/// world drawn at once: every sprite over one canvas, in order (no wrapping).
///
/// # Errors
/// A message when the image cannot be made.
pub fn window(sprites: &[Sprite], left: i64, top: i64, width: u32, height: u32) -> Result<Pixmap, String> {
    let mut canvas = blank(i64::from(width), i64::from(height))?;
    draw(&mut canvas, left, top, sprites);
    Ok(canvas)
}

fn blank(width: i64, height: i64) -> Result<Pixmap, String> {
    let size = |v: i64| u32::try_from(v).ok();
    size(width)
        .zip(size(height))
        .and_then(|(w, h)| Pixmap::new(w, h))
        .ok_or_else(|| format!("cannot make a {width} x {height} px image"))
}
