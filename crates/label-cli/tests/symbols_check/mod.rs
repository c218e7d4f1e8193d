//! The checks of the `symbols` fuzz target (docs/fuzzing.md), shared with the regression test
//! that runs every kept input through them on stable Rust.
//!
//! One label-set document with symbol fields (contract §3b): the bytes are read as
//! `declutter place FILE` reads them; a refusal is one line; an accepted document is placed by
//! `place_symbols` exactly as the brute-force reference of §4 places it (outcome, reason,
//! `hidden_by`, candidate and parts of every label), the same with tiny cells and one-label tiles,
//! and the result JSON carries each label's `candidate` and `parts`.

#![allow(dead_code)]

#[path = "../../../label-core/tests/symbol_reference/mod.rs"]
mod symbol_reference;

use label_cli::formats::convert::read_document;
use label_cli::input;
use label_cli::pipeline::{self, Settings};
use label_core::{PlacementOptions, Symbol, place_symbols};
use serde_json::Value;

/// The most labels a document may have for the O(n²) reference to run.
const MAX_LABELS: usize = 2_000;

/// What a check saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not UTF-8, or refused with a one-line error.
    Refused,
    /// Placed with this many labels that have a symbol field.
    Placed { labels: usize, symbols: usize },
}

/// Runs every check on one input; panics on the first that fails.
pub fn check(name: &str, data: &[u8]) -> Outcome {
    let Ok(text) = input::read_text(data) else { return Outcome::Refused };
    let document = match read_document(&text) {
        Ok(d) => d,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty() && !message.contains('\n'), "{name}: one-line error, got {message:?}");
            assert!(pipeline::place_text(&text, &Settings::default()).is_err(), "{name}: the pipeline refuses it too");
            return Outcome::Refused;
        }
    };
    let n = document.labels.len();
    if n > MAX_LABELS {
        return Outcome::Placed { labels: n, symbols: 0 };
    }
    let symbols = if document.symbols.is_empty() { vec![Symbol::default(); n] } else { document.symbols.clone() };
    let with_symbols = symbols.iter().filter(|s| !s.is_plain()).count();
    let got = match place_symbols(&document.labels, &symbols, &document.obstacles, &document.options) {
        Ok(p) => p,
        Err(e) => {
            // Only options the document itself set can be refused after reading.
            assert!(pipeline::place_text(&text, &Settings::default()).is_err(), "{name}: engine refused: {e}");
            return Outcome::Refused;
        }
    };
    let (outcomes, choices) =
        symbol_reference::reference(&document.labels, &symbols, &document.obstacles, &document.options);
    for i in 0..n {
        let choice = if with_symbols == 0 { label_core::Choice::default() } else { got.choices[i] };
        assert!(
            got.outcomes[i] == outcomes[i] && choice == choices[i],
            "{name}: label {i}: engine {:?} {:?}, reference {:?} {:?}",
            got.outcomes[i],
            choice,
            outcomes[i],
            choices[i]
        );
    }
    for (tile_size, tile_labels) in [(Some(3.0), Some(1)), (Some(1000.0), Some(7))] {
        let options = PlacementOptions { tile_size, tile_labels, ..document.options.clone() };
        let again = place_symbols(&document.labels, &symbols, &document.obstacles, &options)
            .unwrap_or_else(|e| panic!("{name}: refused with other tiles: {e}"));
        assert_eq!(again.outcomes, got.outcomes, "{name}: cells {tile_size:?}, tiles of {tile_labels:?}");
        assert_eq!(again.choices, got.choices, "{name}: cells {tile_size:?}, tiles of {tile_labels:?}");
    }
    let placed = pipeline::place_text(&text, &Settings::default())
        .unwrap_or_else(|e| panic!("{name}: read, but the pipeline refuses it: {e}"));
    let out: Value = serde_json::from_slice(&placed.json).unwrap_or_else(|e| panic!("{name}: result not JSON: {e}"));
    let placements = out["placements"].as_array().unwrap_or_else(|| panic!("{name}: no placements"));
    assert_eq!(placements.len(), n, "{name}: one placement per label");
    for (i, p) in placements.iter().enumerate() {
        let c = if with_symbols == 0 { label_core::Choice::default() } else { got.choices[i] };
        assert_eq!(p["visible"].as_bool(), Some(got.outcomes[i].visible), "{name}: label {i} visible");
        assert_eq!(p.get("candidate").and_then(Value::as_u64), c.candidate.map(u64::from), "{name}: label {i}");
        assert_eq!(p.get("parts").and_then(Value::as_str), c.parts.map(|p| p.name()), "{name}: label {i} parts");
    }
    Outcome::Placed { labels: n, symbols: with_symbols }
}
