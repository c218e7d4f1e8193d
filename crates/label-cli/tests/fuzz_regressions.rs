//! Every file in `tests/fuzz_regressions/` goes through the same checks as the fuzz targets in
//! `fuzz/` (docs/fuzzing.md), in the ordinary test run and without nightly: as one document,
//! as an NDJSON stream, as a GeoJSON file, as a CSV table (`csv_check/`) and as a symbol document (`symbols_check/`) (the `geojson` target's checks are
//! `geojson_check/`, which the target includes). Fuzzer finds are kept here under their libFuzzer names
//! (`crash-…`, `oom-…`, `timeout-…`); `hand-…` files are edge cases picked by hand.

mod csv_check;
mod geojson_check;
mod symbols_check;

use std::path::{Path, PathBuf};

use label_cli::ndjson;
use label_cli::pipeline::{self, Settings};
use label_cli::{input, limits};
use serde_json::Value;

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The `document` fuzz target: an error or a result with one placement per label, and the
/// labels read in pieces give what the located reader gives.
fn check_document(name: &str, data: &[u8]) {
    let Ok(text) = input::read_text(data) else { return };
    let located = label_cli::formats::convert::read_document_located(&text).map(|doc| format!("{doc:?}"));
    for piece_bytes in [1, 7, 64] {
        if let Some(split) = label_cli::formats::convert::read_document_split(&text, piece_bytes) {
            assert_eq!(located.as_deref(), Ok(format!("{split:?}").as_str()), "{name}: pieces of {piece_bytes} bytes");
        }
    }
    match pipeline::place_text(&text, &Settings::default()) {
        Ok(placed) => {
            let out: Value =
                serde_json::from_slice(&placed.json).unwrap_or_else(|e| panic!("{name}: result is not JSON: {e}"));
            let placements = out["placements"].as_array().unwrap_or_else(|| panic!("{name}: no placements"));
            assert_eq!(placements.len(), placed.stats.placement.labels, "{name}: one placement per label");
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty() && !message.contains('\n'), "{name}: one-line error, got {message:?}");
        }
    }
}

/// The `ndjson` fuzz target: one output line per non-blank input line, in order.
fn check_stream(name: &str, data: &[u8]) {
    let mut out = Vec::new();
    let summary = ndjson::run(data, &mut out, &Settings::default(), 3, |_| {})
        .unwrap_or_else(|e| panic!("{name}: in-memory I/O failed: {e}"));
    let text = std::str::from_utf8(&out).unwrap_or_else(|e| panic!("{name}: output is not UTF-8: {e}"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len() as u64, summary.placed + summary.bad, "{name}: one output line per non-blank line");
    assert_eq!(summary.bytes, data.len() as u64, "{name}: every byte read");
    let mut previous_bad = 0;
    for line in lines {
        let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}: output line not JSON: {e}"));
        match value.get("line").map(Value::as_u64) {
            Some(Some(n)) => {
                assert!(n > previous_bad && n <= summary.lines, "{name}: bad lines in order");
                previous_bad = n;
            }
            Some(None) => panic!("{name}: `line` is not a line number: {value}"),
            None => assert!(value.get("placements").is_some(), "{name}: neither a result nor an error: {value}"),
        }
    }
}

#[test]
fn every_kept_input_is_handled_without_a_panic() {
    let cases = cases();
    assert!(!cases.is_empty(), "tests/fuzz_regressions/ holds the kept inputs; it must not be empty");
    for path in cases {
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
        assert!(data.len() <= limits::MAX_LINE_BYTES, "{name}: keep regression inputs small");
        check_document(&name, &data);
        check_stream(&name, &data);
        geojson_check::check(&name, &data);
        csv_check::check(&name, &data);
        symbols_check::check(&name, &data);
    }
}

#[test]
fn the_geojson_checks_pass_the_fixtures_and_see_placed_documents() {
    // Checks that only ever saw refusals would pass anything, and checks that real data breaks
    // would only cry wolf: every GeoJSON fixture (the hand-made edge cases, Natural Earth and
    // OpenStreetMap slices) must place under every setup and pass, and half a file must be
    // refused under every setup.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/geojson");
    let setups = geojson_check::setups().len();
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures/geojson") {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if !name.ends_with(".geojson") || name.contains(".expected.") {
            continue;
        }
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
        assert_eq!(geojson_check::check(&name, &data).placed, setups, "{name}: placed under every setup");
        // Cut on a character boundary, so that the half is text, refused as GeoJSON.
        let half = (0..=data.len() / 2).rev().find(|&i| data.get(i).is_none_or(|b| b & 0xC0 != 0x80)).unwrap_or(0);
        let broken = &data[..half];
        assert_eq!(geojson_check::check(&name, broken).refused, setups, "half of {name}: refused");
        seen += 1;
    }
    assert!(seen >= 4, "the GeoJSON fixtures are in fixtures/geojson/, found {seen}");
}

#[test]
fn the_csv_checks_see_tables_placed_and_refused() {
    // Checks that only ever saw refusals would pass anything.
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/csv");
    let table = std::fs::read(seeds.join("geonames-excerpt.csv")).expect("fuzz/seeds/csv/geonames-excerpt.csv");
    assert!(matches!(csv_check::check("geonames", &table), csv_check::Outcome::Features(n) if n >= 10));
    assert_eq!(csv_check::check("ragged", b"name,lat,lon\nA,1\n"), csv_check::Outcome::Refused);
}

#[test]
fn a_known_stream_gives_the_counts_the_checks_rely_on() {
    // A stream check that ignored lines would pass anything: the same input run through the
    // stream must not be read as one document's worth of output.
    let data = b"{\"labels\": []}\n\n{\"labels\": []}\n";
    let mut out = Vec::new();
    let summary = ndjson::run(&data[..], &mut out, &Settings::default(), 1, |_| {}).unwrap();
    assert_eq!((summary.placed, summary.blank, summary.lines), (2, 1, 3));
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 2);
}

#[test]
fn the_symbol_checks_see_symbol_documents_placed_and_refused() {
    // Checks that only ever saw refusals or plain labels would pass anything: every seed of the
    // `symbols` target is placed with its symbols, and a document whose field is wrong is
    // refused.
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/symbols");
    let mut seen = 0;
    for entry in std::fs::read_dir(&seeds).expect("fuzz/seeds/symbols") {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
        match symbols_check::check(&name, &data) {
            symbols_check::Outcome::Placed { labels, symbols } => {
                assert!(labels >= 9 && symbols >= 3, "{name}: {labels} labels, {symbols} with symbol fields");
            }
            symbols_check::Outcome::Refused => panic!("{name}: refused"),
        }
        seen += 1;
    }
    assert!(seen >= 3, "the symbol seeds are in fuzz/seeds/symbols/, found {seen}");
    let bad = br#"{"labels": [{"x": 1, "y": 1, "width": 4, "height": 4, "candidates": [{"anchor": "up"}]}]}"#;
    assert_eq!(symbols_check::check("bad anchor", bad), symbols_check::Outcome::Refused);
}
