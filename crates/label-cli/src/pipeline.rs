//! From a document's text to its result's JSON with the command line's settings: the one step
//! that many files (`--out-dir`) and NDJSON lines share.

use std::time::Instant;

use label_core::PlacementOptions;

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
}
