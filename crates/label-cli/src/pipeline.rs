//! From a document's text to its result's JSON with the command line's settings: the one step
//! that many files (`--out-dir`) and NDJSON lines share.

use std::time::Instant;

use label_core::PlacementOptions;
use label_core::limits::MAX_SIZE;
use label_core::validate;

use crate::formats::convert::{self, InputError};
use crate::formats::output::{self, Stats};

/// The placement settings given on the command line; they apply to every document of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Settings {
    /// Overlap between two labels still tolerated, px².
    pub max_overlap_area: f32,
    /// Broad-phase tile size, px (`None`: chosen from the density).
    pub tile_size: Option<f32>,
    /// Indent the JSON (never for NDJSON, whose results are one line each).
    pub pretty: bool,
}

impl Settings {
    /// The settings from the command line's numbers, checked: `max_overlap_area` in px²,
    /// finite, `>= 0` and at most [`MAX_SIZE`] squared; `tile_size` in px, a size as labels'
    /// sizes are. (Flags are read as f64 and checked here, before the f32 the engine keeps:
    /// `1e300` read as an f32 would be infinity, a number the user never wrote.)
    ///
    /// # Errors
    /// The flag, what it takes and the value given.
    pub fn from_flags(max_overlap_area: f64, tile_size: Option<f64>, pretty: bool) -> Result<Settings, String> {
        let area = validate::non_negative(max_overlap_area, MAX_SIZE * MAX_SIZE)
            .map_err(|problem| format!("--max-overlap-area: {problem}"))?;
        let tile_size =
            tile_size.map(validate::size).transpose().map_err(|problem| format!("--tile-size: {problem}"))?;
        Ok(Settings { max_overlap_area: area as f32, tile_size: tile_size.map(|t| t as f32), pretty })
    }

    /// Checks the settings once, before any input is read, so that a bad option is one error
    /// rather than one per document.
    ///
    /// # Errors
    /// [`label_core::Error::InvalidOption`] naming the bad setting.
    pub fn validate(&self) -> Result<(), label_core::Error> {
        self.apply(PlacementOptions::default()).validate()
    }

    fn apply(&self, mut options: PlacementOptions) -> PlacementOptions {
        options.max_overlap_area = self.max_overlap_area;
        options.tile_size = self.tile_size;
        options
    }
}

/// A placed document.
#[derive(Debug)]
pub struct Placed {
    /// The result document as JSON, without a final line break.
    pub json: Vec<u8>,
    /// Its counts, for summaries.
    pub stats: Stats,
}

/// Reads, checks and places one document on the current rayon pool.
///
/// # Errors
/// [`InputError`] for input that breaks the contract (located as [`convert::read_document`]
/// locates it) or settings the engine refuses.
pub fn place_text(text: &str, settings: &Settings) -> Result<Placed, InputError> {
    let mut doc = convert::read_document(text)?;
    doc.options = settings.apply(doc.options);
    let started = Instant::now();
    let placement = doc.place().map_err(|e| InputError { line: None, message: e.to_string() })?;
    let engine_ms = started.elapsed().as_secs_f64() * 1e3;
    let out = output::build(&doc, &placement, rayon::current_num_threads(), engine_ms);
    let json = if settings.pretty { serde_json::to_vec_pretty(&out) } else { output::to_json(&out) };
    // Encoding plain structs of strings, integers and finite numbers cannot fail; should it,
    // the document is reported rather than a half-written result.
    let json = json.map_err(|e| InputError { line: None, message: format!("cannot encode the result: {e}") })?;
    Ok(Placed { json, stats: out.stats })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_apply_and_are_checked() {
        let doc = r#"{"labels": [{"id": 1, "x": 0, "y": 0, "width": 10, "height": 10},
                                 {"id": 2, "x": 9, "y": 0, "width": 10, "height": 10}]}"#;
        let strict = place_text(doc, &Settings::default()).unwrap();
        assert_eq!(strict.stats.placement.visible, 1);
        let tolerant = Settings { max_overlap_area: 10.0, ..Settings::default() };
        assert_eq!(place_text(doc, &tolerant).unwrap().stats.placement.visible, 2);
        let bad = Settings { tile_size: Some(0.0), ..Settings::default() };
        assert!(bad.validate().unwrap_err().to_string().contains("tile_size"));
        assert!(place_text(doc, &bad).unwrap_err().message.contains("tile_size"));
        let pretty = place_text(doc, &Settings { pretty: true, ..Settings::default() }).unwrap();
        assert!(pretty.json.contains(&b'\n') && !strict.json.contains(&b'\n'));
    }

    #[test]
    fn flags_are_checked_as_given() {
        let ok = Settings::from_flags(4.0, Some(256.0), true).unwrap();
        assert_eq!(ok, Settings { max_overlap_area: 4.0, tile_size: Some(256.0), pretty: true });
        let area = |v| Settings::from_flags(v, None, false).unwrap_err();
        assert_eq!(area(-1.0), "--max-overlap-area: expected a number >= 0, got -1");
        assert_eq!(area(1e300), "--max-overlap-area: expected a magnitude of at most 1e30, got 1e300");
        assert_eq!(area(f64::NAN), "--max-overlap-area: expected a finite number, got NaN");
        let tile = |v| Settings::from_flags(0.0, Some(v), false).unwrap_err();
        assert_eq!(tile(0.0), "--tile-size: expected a number > 0, got 0");
        assert_eq!(tile(1e300), "--tile-size: expected a magnitude of at most 1e15, got 1e300");
    }
}
