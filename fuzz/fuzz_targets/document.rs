//! One document, as `declutter place FILE` reads it: bytes → bounded UTF-8 text → contract
//! parser → engine → result JSON. Bad input must come back as an error, never a panic, and an
//! accepted document must give one placement per label. The parser's fast path, in one pass
//! and with its labels read in pieces (cut every few bytes, so that the cuts fall everywhere),
//! must give exactly what the located reader gives wherever it gives a document; its two
//! parsers, sonic-rs and serde_json, must read the same document or both refuse
//! (`crates/label-cli/tests/parsers_check/`).

#![no_main]

use label_cli::formats::convert;
use label_cli::{input, pipeline};
use libfuzzer_sys::fuzz_target;

#[path = "../../crates/label-cli/tests/parsers_check/mod.rs"]
mod parsers_check;

fuzz_target!(|data: &[u8]| {
    // One thread: a finding replays the same way.
    let _ = rayon::ThreadPoolBuilder::new().num_threads(1).build_global();
    let Ok(text) = input::read_text(data) else { return };
    parsers_check::check(&text);
    // Debug text compares floats bit for bit.
    let located = || convert::read_document_located(&text).map(|doc| format!("{doc:?}"));
    if let Some(fast) = convert::read_document_fast(&text) {
        assert_eq!(located().as_deref(), Ok(format!("{fast:?}").as_str()), "fast and located readers differ");
    }
    let piece_bytes = 1 + usize::from(data.first().copied().unwrap_or(0) % 64);
    if let Some(split) = convert::read_document_split(&text, piece_bytes) {
        assert_eq!(located().as_deref(), Ok(format!("{split:?}").as_str()), "pieces and located reader differ");
    }
    if let Ok(placed) = pipeline::place_text(&text, &pipeline::Settings::default()) {
        let out: serde_json::Value = serde_json::from_slice(&placed.json).expect("the result is JSON");
        let shown = out["placements"].as_array().expect("placements").len();
        assert_eq!(shown, placed.stats.placement.labels, "one placement per label");
    }
});
