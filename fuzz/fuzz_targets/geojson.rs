//! One GeoJSON document, as `declutter place map.geojson --zoom … --center …` reads it: bytes →
//! bounded UTF-8 text → GeoJSON reader → engine → the collection, the label-set result and the
//! SVG, under a few command lines. Bad input must come back as a one-line error, never a
//! panic, and an accepted document must give back every feature once, in order, with its
//! decision (docs/format.md, "GeoJSON"). The checks live in the main workspace's tests, which
//! run every kept input through them on stable Rust.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/label-cli/tests/geojson_check/mod.rs"]
mod geojson_check;

fuzz_target!(|data: &[u8]| {
    // One thread: a finding replays the same way.
    let _ = rayon::ThreadPoolBuilder::new().num_threads(1).build_global();
    geojson_check::check("input", data);
});
