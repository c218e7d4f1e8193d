//! One tile of labels as a Mapbox Vector Tile 2.1 (encoded by the `mvt` crate): a point
//! feature per label at its anchor, in the tile's coordinates, with its properties.
//!
//! Properties (the same in every tile that holds the label): `id` (the feature's id, a number
//! or a string), `feature` (its position in the input), `repeat` (names repeated along a
//! line), `text`, `size` (px), `anchor`, `offset_x`, `offset_y` (px, the chosen position),
//! `angle` (degrees counter-clockwise), `candidate`, `parts`, `glyphs` (a text along a line:
//! JSON `[[dx, dy, angle], …]`, px from the anchor point), `first_zoom` (shown labels),
//! `visible` and `reason` (hidden labels, when asked for). The feature id is the input
//! position of single labels (repeats share their feature's position, so they have none).

use mvt::{GeomEncoder, GeomType, Tile};

use super::{EXTENT, Id, LAYER, TILE_PX, TiledLabel};

/// What a tile holds: a label, the column it is drawn from (see [`crate::cover::tiles`]), and
/// its first zoom when shown.
pub struct Entry<'a> {
    /// The label.
    pub label: &'a TiledLabel,
    /// The unwrapped tile column of the copy of the world the label is drawn from.
    pub column: i64,
    /// The lowest zoom of the run where it is shown (shown labels).
    pub first_zoom: Option<u8>,
}

/// Encodes tile row `row` of the labels `entries`.
///
/// # Errors
/// The encoder's (a coordinate beyond `i32` tile units: not for zooms within the limits).
pub fn encode(row: u32, entries: &[Entry<'_>]) -> Result<Vec<u8>, mvt::Error> {
    let mut tile = Tile::new(EXTENT);
    let mut layer = tile.create_layer(LAYER);
    let scale = f64::from(EXTENT) / TILE_PX;
    for e in entries {
        let l = e.label;
        let x = (l.point.x - e.column as f64 * TILE_PX) * scale;
        let y = (l.point.y - f64::from(row) * TILE_PX) * scale;
        let geometry = GeomEncoder::new(GeomType::Point).point(x, y)?.encode()?;
        let mut f = layer.into_feature(geometry);
        if l.repeat.is_none() {
            f.set_id(l.feature as u64);
        }
        match &l.id {
            Id::Int(v) => f.add_tag_sint("id", *v),
            Id::Str(s) => f.add_tag_string("id", s),
        }
        f.add_tag_uint("feature", l.feature as u64);
        if let Some(r) = l.repeat {
            f.add_tag_uint("repeat", u64::from(r));
        }
        f.add_tag_string("text", &l.text);
        f.add_tag_double("size", l.size);
        f.add_tag_string("anchor", l.anchor);
        f.add_tag_double("offset_x", l.offset.x);
        f.add_tag_double("offset_y", l.offset.y);
        f.add_tag_double("angle", l.angle);
        if let Some(c) = l.candidate {
            f.add_tag_uint("candidate", u64::from(c));
        }
        if let Some(p) = l.parts {
            f.add_tag_string("parts", p);
        }
        if let Some(glyphs) = &l.glyphs {
            f.add_tag_string("glyphs", &serde_json::to_string(glyphs).unwrap_or_default());
        }
        if let Some(z) = e.first_zoom {
            f.add_tag_uint("first_zoom", u64::from(z));
        }
        if !l.visible {
            f.add_tag_bool("visible", false);
            f.add_tag_string("reason", l.reason.unwrap_or("hidden"));
        }
        layer = f.into_layer();
    }
    tile.add_layer(layer)?;
    tile.to_bytes()
}
