//! The demo's labels, read from the world fixtures by the `frames` benchmark's reader
//! ([`label_workload::world`]: text measured in the bundled DejaVu Sans, places anchored left of
//! their point, streets along the map), and the faint geography drawn under them.

use std::path::Path;

use anyhow::{Context, Result};
use label_frame::WorldLabel;
use label_frame::mercator::lon_lat_to_world;
use serde::{Deserialize, Serialize};

/// The fixtures, in the order their labels are given to the engine.
pub const SOURCES: [&str; 3] =
    ["world-natural-earth-places.json", "world-geonames-cities.json", "world-vienna-streets.json"];

/// What the page draws for a label besides its box.
#[derive(Serialize)]
pub struct Texts {
    /// The fixture's id (with the source's number in the top bits, as in the benchmark).
    pub id: Vec<u64>,
    /// The text.
    pub text: Vec<String>,
    /// Font size, px.
    pub font: Vec<f64>,
    /// Which fixture (index into [`SOURCES`]).
    pub source: Vec<u8>,
}

/// Reads every fixture: the engine's labels (ids = indices, as in the WebAssembly ABI) and
/// their texts.
pub fn load(fixtures: &Path) -> Result<(Vec<WorldLabel>, Texts)> {
    let mut labels = Vec::new();
    let mut texts = Texts { id: Vec::new(), text: Vec::new(), font: Vec::new(), source: Vec::new() };
    for (source, name) in SOURCES.iter().enumerate() {
        for f in label_workload::world::read(&fixtures.join(name))? {
            texts.id.push(((source as u64 + 1) << 48) | f.label.id);
            texts.text.push(f.text);
            texts.font.push(f.font);
            texts.source.push(source as u8);
            labels.push(WorldLabel { id: labels.len() as u64, ..f.label });
        }
    }
    Ok((labels, texts))
}

#[derive(Deserialize)]
struct RawLines {
    features: Vec<RawLine>,
}

#[derive(Deserialize)]
struct RawLine {
    geometry: RawGeometry,
}

#[derive(Deserialize)]
struct RawGeometry {
    coordinates: Vec<[f64; 2]>,
}

/// The Vienna street lines of `fixtures/geojson/vienna-streets-center.geojson`, each a flat list
/// of world px `x, y, x, y, …` (the page draws them faintly under the street names).
pub fn street_lines(fixtures: &Path) -> Result<Vec<Vec<f64>>> {
    let path = fixtures.join("geojson/vienna-streets-center.geojson");
    let data = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let lines: RawLines = serde_json::from_str(&data).with_context(|| format!("parsing {}", path.display()))?;
    Ok(lines
        .features
        .iter()
        .map(|f| {
            f.geometry
                .coordinates
                .iter()
                .flat_map(|&[lon, lat]| {
                    let p = lon_lat_to_world(lon, lat);
                    [p.x, p.y]
                })
                .collect()
        })
        .collect())
}

/// A 10° graticule (meridians from 80° S to 80° N, parallels all round), each line a flat list
/// of world px `x, y, x, y, …` sampled every 2°.
#[must_use]
pub fn graticule() -> Vec<Vec<f64>> {
    let line = |points: &mut dyn Iterator<Item = (f64, f64)>| -> Vec<f64> {
        points
            .flat_map(|(lon, lat)| {
                let p = lon_lat_to_world(lon, lat);
                [p.x, p.y]
            })
            .collect()
    };
    let steps = |from: i32, to: i32, by: i32| (from..=to).step_by(by as usize).map(f64::from);
    let meridians = steps(-180, 180, 10).map(|lon| line(&mut steps(-80, 80, 2).map(|lat| (lon, lat))));
    let parallels = steps(-80, 80, 10).map(|lat| line(&mut steps(-180, 180, 2).map(|lon| (lon, lat))));
    meridians.chain(parallels).collect()
}
