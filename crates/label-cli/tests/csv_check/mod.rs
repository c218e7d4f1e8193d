//! The checks of the `csv` fuzz target (`fuzz/fuzz_targets/csv.rs` includes this file), shared
//! with `tests/fuzz_regressions.rs` so that a kept input is judged the same way on stable Rust.
//! A table goes the way `declutter place cities.csv --zoom … --center …` takes it: bounded
//! UTF-8 read, CSV reader, then the GeoJSON checks of `geojson_check` on the collection it
//! became. A refusal is one line naming a line of the table; an accepted table becomes one
//! feature per row, in order, each starting on its row's line.

use label_cli::input;
use label_style::readers::csv::{Columns, to_feature_collection};
use serde_json::Value;

use crate::geojson_check;

/// What happened to one table: refused, or turned into a collection of this many features.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not UTF-8, or too large: the reader's refusal, before the CSV reader.
    Unread,
    /// Refused by the CSV reader.
    Refused,
    /// A collection of this many features.
    Features(usize),
}

/// Reads `data` as a CSV table and checks the collection it becomes (see the module doc).
pub fn check(name: &str, data: &[u8]) -> Outcome {
    let Ok(text) = input::read_text(data) else { return Outcome::Unread };
    let collection = match to_feature_collection(&text, &Columns::default()) {
        Ok(collection) => collection,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.trim().is_empty() && !message.contains('\n'), "{name}: one-line error, got {message:?}");
            // Lines end at `\n`, or at a `\r` not followed by one.
            let bytes = text.as_bytes();
            let ends = (0..bytes.len())
                .filter(|&i| bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n')))
                .count();
            let lines = ends + 1;
            assert!(e.line.is_some_and(|l| (1..=lines).contains(&l)), "{name}: error without a line of the table: {e}");
            return Outcome::Refused;
        }
    };
    let doc: Value = serde_json::from_str(&collection).unwrap_or_else(|e| panic!("{name}: not JSON: {e}"));
    let features = doc["features"].as_array().unwrap_or_else(|| panic!("{name}: no features"));
    let rows = csv::ReaderBuilder::new()
        .from_reader(text.strip_prefix('\u{feff}').unwrap_or(&text).as_bytes())
        .records()
        .count();
    assert_eq!(features.len(), rows, "{name}: one feature per row");
    // Each feature starts on a line of its own, no earlier than its row's (1-based; the header is
    // line 1), in order.
    let starts: Vec<usize> = collection
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("{\"type\":\"Feature\""))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(starts.len(), rows, "{name}: one feature per line");
    assert!(starts.windows(2).all(|w| w[0] < w[1]) && starts.first().is_none_or(|&s| s >= 2), "{name}: {starts:?}");
    geojson_check::check(name, collection.as_bytes());
    Outcome::Features(rows)
}
