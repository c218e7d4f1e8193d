//! The world label sets of `fixtures/world-*.json` (made by `fixtures/make_world_fixtures.py`),
//! read into the frame engine's labels with their text measured in the bundled font — the one
//! reader of the `frames` benchmark and of the WebAssembly demo's scene.
//!
//! A fixture is `{"labels": [{"id", "lon", "lat", "text", "font", "priority", "angle"?,
//! "alignment"?}, …]}`. A place (`alignment` absent or `"viewport"`) is anchored left of its
//! point, [`POINT_GAP`] px from it, as on most maps; a street (`"map"`) turns with the map.

use std::path::{Path, PathBuf};

use label_frame::{Alignment, Anchor, WorldLabel};
use serde::Deserialize;

/// Gap between a place's point and the start of its name, px (the text starts right of the
/// dot).
pub const POINT_GAP: f64 = 4.0;

/// One label of a world fixture, as written.
#[derive(Deserialize)]
struct RawLabel {
    id: u64,
    lon: f64,
    lat: f64,
    text: String,
    font: f64,
    priority: f64,
    #[serde(default)]
    angle: f64,
    #[serde(default)]
    alignment: Option<String>,
}

#[derive(Deserialize)]
struct RawDocument {
    labels: Vec<RawLabel>,
}

/// One label of a world fixture: the engine's label (its `id` the fixture's), and what a page
/// draws for it besides its box.
#[derive(Clone, Debug)]
pub struct FixtureLabel {
    /// The engine's label, with the fixture's id.
    pub label: WorldLabel,
    /// The text.
    pub text: String,
    /// Font size, px.
    pub font: f64,
}

/// Why a world fixture could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FixtureError {
    /// The file could not be read.
    #[error("reading {}: {source}", path.display())]
    Read {
        /// The fixture.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a world fixture.
    #[error("parsing {}: {source}", path.display())]
    Parse {
        /// The fixture.
        path: PathBuf,
        /// Where and what.
        source: serde_json::Error,
    },
    /// A label's `alignment` is neither `"map"` nor `"viewport"`.
    #[error("{}: label {id}: unknown alignment {alignment:?}", path.display())]
    Alignment {
        /// The fixture.
        path: PathBuf,
        /// The label's id.
        id: u64,
        /// The value found.
        alignment: String,
    },
}

/// Reads the world fixture at `path`, in its order. Widths and heights come from the bundled
/// font (DejaVu Sans, shaped with rustybuzz by `label-text`): the measurement the CLI uses.
///
/// # Errors
/// [`FixtureError`] naming the file (and the label, for a bad alignment).
pub fn read(path: &Path) -> Result<Vec<FixtureLabel>, FixtureError> {
    let data = std::fs::read_to_string(path).map_err(|source| FixtureError::Read { path: path.into(), source })?;
    let doc: RawDocument =
        serde_json::from_str(&data).map_err(|source| FixtureError::Parse { path: path.into(), source })?;
    let font = label_text::Font::bundled();
    doc.labels
        .into_iter()
        .map(|l| {
            let size = font.measure(&l.text, l.font);
            let label = WorldLabel::from_lon_lat(l.id, l.lon, l.lat, size.width.max(1.0), size.height)
                .with_priority(l.priority)
                .with_angle(l.angle);
            let label = match l.alignment.as_deref() {
                Some("map") => label.with_alignment(Alignment::Map),
                None | Some("viewport") => label.with_anchor(Anchor::Left).with_offset(POINT_GAP, 0.0),
                Some(other) => {
                    let alignment = other.to_owned();
                    return Err(FixtureError::Alignment { path: path.into(), id: l.id, alignment });
                }
            };
            Ok(FixtureLabel { label, text: l.text, font: l.font })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
    }

    #[test]
    fn places_sit_right_of_their_point_and_streets_turn_with_the_map() {
        let streets = read(&fixtures().join("world-vienna-streets.json")).unwrap();
        assert!(streets.iter().all(|l| l.label.alignment == Alignment::Map));
        let places = read(&fixtures().join("world-natural-earth-places.json")).unwrap();
        let first = &places[0];
        assert_eq!(first.label.alignment, Alignment::Viewport);
        assert_eq!((first.label.style.anchor, first.label.style.offset.x), (Anchor::Left, POINT_GAP));
        assert!(first.label.style.width >= 1.0 && first.label.style.height > 0.0 && !first.text.is_empty());
    }

    #[test]
    fn a_bad_file_is_named() {
        let dir = std::env::temp_dir().join(format!("label-workload-world-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.json");
        let label = r#"{"id": 7, "lon": 0, "lat": 0, "text": "A", "font": 12, "priority": 1, "alignment": "sky"}"#;
        std::fs::write(&bad, format!(r#"{{"labels": [{label}]}}"#)).unwrap();
        let e = read(&bad).unwrap_err().to_string();
        assert!(e.ends_with(r#"label 7: unknown alignment "sky""#), "{e}");
        std::fs::write(&bad, "{").unwrap();
        assert!(read(&bad).unwrap_err().to_string().starts_with("parsing "));
        assert!(matches!(read(&dir.join("missing.json")), Err(FixtureError::Read { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
