//! The world label sets of `fixtures/world-*.json` as the benchmark plays them: read by
//! [`label_workload::world`], made symbols, moved into one copy of the world, sorted by tile.

use std::path::Path;

use anyhow::Result;
use label_core::{Candidate, Symbol};
use label_frame::mercator::{TILE_SIZE, nearest_copy};
use label_frame::{Alignment, Anchor, WorldLabel};

/// Reads a world fixture ([`label_workload::world`]). Ids are made unique across files with
/// `source` in the top bits.
pub fn load(path: &Path, source: u64) -> Result<Vec<WorldLabel>> {
    let labels = label_workload::world::read(path)?;
    Ok(labels.into_iter().map(|f| WorldLabel { id: (source << 48) | f.label.id, ..f.label }).collect())
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
        let t = (l.position / (TILE_SIZE / 64.0)).floor();
        (t.y as i64, t.x as i64)
    };
    labels.sort_by_key(tile);
}
