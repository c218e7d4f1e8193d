//! Label tiles: a zoom's labels, placed once for the whole world, cut into web-map tiles so
//! that every tile a label reaches carries the same decision.
//!
//! - **Which tiles hold a label** ([`cover`]): the tile under its anchor point, and every tile
//!   the bounds of its shown parts (text box at the chosen candidate, icon box, or the glyph
//!   boxes of a text along a line) overlap with positive area. Tile columns wrap east–west
//!   (a label across the antimeridian is in the tiles at both edges); rows beyond the poles are
//!   dropped.
//! - **What a tile holds** ([`mvt`]): one point feature per label at its anchor, in the tile's
//!   own coordinates (extent 4096; a label from a neighbour lies outside `0..4096`), with the
//!   properties that draw it as placed ([`TiledLabel`]) and the same values in every tile.
//!
//! Screen pixels are world pixels of Web Mercator at the zoom (`256 · 2^z` px a side, the
//! origin at the north-west corner). The `declutter tiles` command (label-cli) and
//! `declutter.planet.write_tiles` (label-py, on Dask) both write their tiles with this crate,
//! so the same labels give the same bytes. The guide is `docs/tiles.md`.

pub mod cover;
pub mod mvt;

use glam::DVec2;

/// The layer name of the labels in every tile.
pub const LAYER: &str = "labels";

/// Tile coordinates per tile side (MVT's usual extent): 16 per pixel of a 256-px tile.
pub const EXTENT: u32 = 4096;

/// Size of a tile, px: Web Mercator's 256-px tiles.
pub const TILE_PX: f64 = label_core::mercator::TILE_SIZE;

/// A feature's id: its `id` when it has one (a number or a string), else its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Id {
    /// An integer id.
    Int(i64),
    /// A string id.
    Str(Box<str>),
}

/// One label as placed at one zoom: what a tile needs to draw it as placed.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledLabel {
    /// The feature's position in the input (the same at every zoom).
    pub feature: usize,
    /// For a name repeated along its line, which repeat (0 first); `None` for one label.
    pub repeat: Option<u32>,
    /// The feature's id (its `id`, else its index).
    pub id: Id,
    /// The text.
    pub text: String,
    /// The font size, px.
    pub size: f64,
    /// The anchor point in world px of the zoom.
    pub point: DVec2,
    /// Which point of the text box sits on the anchor point, at the chosen position.
    pub anchor: &'static str,
    /// The text box's shift in its own frame, px, at the chosen position.
    pub offset: DVec2,
    /// Rotation, degrees counter-clockwise on screen.
    pub angle: f64,
    /// The candidate the text shows at (symbols with candidates).
    pub candidate: Option<u32>,
    /// `both`, `text` or `icon` (symbols with an icon, when shown).
    pub parts: Option<&'static str>,
    /// A text along a line: each glyph's centre relative to the anchor point (px) and its
    /// reading angle (degrees counter-clockwise on screen).
    pub glyphs: Option<Vec<[f64; 3]>>,
    /// Bounds of the parts shown (of the first position's parts when hidden), world px.
    pub bounds: Vec<cover::Bounds>,
    /// Whether it is shown.
    pub visible: bool,
    /// Why it is hidden.
    pub reason: Option<&'static str>,
}

impl TiledLabel {
    /// Whether two placements of the same label draw the same (all but the point's zoom
    /// scale and the bounds): a tippecanoe run continues while this holds.
    #[must_use]
    pub fn draws_like(&self, other: &TiledLabel) -> bool {
        self.text == other.text
            && self.size == other.size
            && self.anchor == other.anchor
            && self.offset == other.offset
            && self.angle == other.angle
            && self.candidate == other.candidate
            && self.parts == other.parts
            && self.glyphs.is_none()
            && other.glyphs.is_none()
    }
}
