//! The world label sets of `fixtures/world-*.json` as the benchmark plays them: read by
//! [`label_workload::world`], made symbols, moved into one copy of the world, sorted by tile.

use std::path::Path;

use anyhow::{Context, Result};
use std::collections::HashMap;

use glam::DVec2;
use label_core::{Candidate, Symbol, TextPath};
use label_frame::mercator::{TILE_SIZE, nearest_copy};
use label_frame::{Alignment, Anchor, WorldLabel};
use serde::Deserialize;

/// Reads a world fixture ([`label_workload::world`]). Ids are made unique across files with
/// `source` in the top bits.
pub fn load(path: &Path, source: u64) -> Result<Vec<WorldLabel>> {
    let labels = label_workload::world::read(path)?;
    Ok(labels.into_iter().map(|f| WorldLabel { id: (source << 48) | f.label.id, ..f.label }).collect())
}

/// A street of the streets' GeoJSON (`vienna-streets.geojson`), as far as the curved scene
/// reads it.
#[derive(Deserialize)]
struct RawStreet {
    /// The way id, a string or a number.
    id: serde_json::Value,
    geometry: RawLine,
}

impl RawStreet {
    /// The way id as a number, if it is one.
    fn way(&self) -> Option<u64> {
        match &self.id {
            serde_json::Value::String(s) => s.parse().ok(),
            v => v.as_u64(),
        }
    }
}

#[derive(Deserialize)]
struct RawLine {
    coordinates: Vec<Vec<f64>>,
}

#[derive(Deserialize)]
struct RawStreets {
    features: Vec<RawStreet>,
}

/// The street names of the world fixture `fixture` laid along their streets (from `lines`,
/// the GeoJSON the fixture was made from, matched by way id): each name a path label of its
/// glyphs' advances (the bundled font's clusters at the fixture's font size) along its whole
/// line, in the middle of it, upright, bending by at most 45° between glyphs, with the
/// fixture's priority. Ids as [`load`] gives them with `source`. A street whose line is
/// missing is an error.
pub fn load_curved(fixture: &Path, lines: &Path, source: u64) -> Result<Vec<WorldLabel>> {
    let labels = label_workload::world::read(fixture)?;
    let text = std::fs::read_to_string(lines).with_context(|| format!("reading {}", lines.display()))?;
    let streets: RawStreets = serde_json::from_str(&text).with_context(|| format!("parsing {}", lines.display()))?;
    let by_id: HashMap<u64, &RawLine> = streets.features.iter().filter_map(|f| Some((f.way()?, &f.geometry))).collect();
    let font = label_text::Font::bundled();
    labels
        .into_iter()
        .map(|l| {
            let id = l.label.id;
            let line = by_id.get(&id).with_context(|| format!("{}: no line for way {}", lines.display(), id))?;
            let mut points: Vec<DVec2> = Vec::with_capacity(line.coordinates.len());
            for c in &line.coordinates {
                let &[lon, lat, ..] = c.as_slice() else {
                    anyhow::bail!("way {}: a point of fewer than 2 numbers", id)
                };
                let p = DVec2::new(lon, lat);
                // The core wants consecutive points distinct.
                if points.last() != Some(&p) {
                    points.push(p);
                }
            }
            let advances = font.clusters(&l.text, l.font).iter().map(|c| c.advance).collect();
            let height = font.measure(&l.text, l.font).height;
            let path = TextPath::new(points, advances);
            Ok(WorldLabel::along_lon_lat_path((source << 48) | id, path, height).with_priority(l.label.style.priority))
        })
        .collect()
}

/// How far from a place's point its name sits at each candidate, px (MapLibre's radial offset).
pub const CANDIDATE_GAP: f64 = 4.0;

/// `labels` with every viewport-aligned one (the places) made a symbol of four candidate
/// positions, tried in MapLibre's `text-variable-anchor` order `top, bottom, left, right`:
/// below, above, right of and left of its point, [`CANDIDATE_GAP`] px from it. Map-aligned
/// labels (the streets) stay as they are.
pub fn with_candidates(labels: &[WorldLabel]) -> Vec<WorldLabel> {
    let g = CANDIDATE_GAP;
    let around = [(Anchor::Top, 0.0, g), (Anchor::Bottom, 0.0, -g), (Anchor::Left, g, 0.0), (Anchor::Right, -g, 0.0)];
    let candidates: Vec<Candidate> = around.iter().map(|&(a, x, y)| Candidate::new(a).with_offset(x, y)).collect();
    labels
        .iter()
        .map(|l| match l.alignment {
            Alignment::Viewport => l.clone().with_symbol(Symbol::default().with_candidates(candidates.clone())),
            Alignment::Map => l.clone(),
        })
        .collect()
}

/// `labels` each moved by whole worlds into the copy of the world nearest `x` (world px).
pub fn in_copy_nearest(labels: &[WorldLabel], x: f64) -> Vec<WorldLabel> {
    labels.iter().map(|l| WorldLabel { position: nearest_copy(l.position, x), ..l.clone() }).collect()
}

/// Sorts `labels` tile by tile: zoom-6 tiles (4 world px wide; a 64 × 64 grid over the world),
/// row by row, each tile's labels in the order they had.
pub fn sort_by_tile(labels: &mut [WorldLabel]) {
    let tile = |l: &WorldLabel| {
        // A street along its line: where its line starts.
        let at = l.symbol.path.as_ref().map_or(l.position, |p| p.points[0]);
        let t = (at / (TILE_SIZE / 64.0)).floor();
        (t.y as i64, t.x as i64)
    };
    labels.sort_by_key(tile);
}
