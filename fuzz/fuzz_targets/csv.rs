//! One CSV table, as `declutter place cities.csv --zoom … --center …` reads it: bytes → bounded
//! UTF-8 text → CSV reader → the collection it becomes → the `geojson` target's checks. Bad
//! input must come back as a one-line error naming a line of the table, never a panic; an
//! accepted table becomes one feature per row (docs/format.md, "CSV"). The checks live in the
//! main workspace's tests, which run every kept input through them on stable Rust.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/label-cli/tests/geojson_check/mod.rs"]
mod geojson_check;
#[path = "../../crates/label-cli/tests/csv_check/mod.rs"]
mod csv_check;

fuzz_target!(|data: &[u8]| {
    // One thread: a finding replays the same way.
    let _ = rayon::ThreadPoolBuilder::new().num_threads(1).build_global();
    csv_check::check("input", data);
});
