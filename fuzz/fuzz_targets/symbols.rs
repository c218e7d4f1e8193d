//! One label-set document with symbol fields (contract §3b), as `declutter place FILE` reads
//! it: a refusal is one line; an accepted document is placed by `place_symbols` exactly as the
//! brute-force reference of contract §4 places it, on any cell and tile size, and its result
//! JSON names each label's candidate and parts. The checks live in the main workspace's tests
//! (`crates/label-cli/tests/symbols_check/`), which run every kept input through them on stable
//! Rust.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/label-cli/tests/symbols_check/mod.rs"]
mod symbols_check;

fuzz_target!(|data: &[u8]| {
    // One thread: a finding replays the same way.
    let _ = rayon::ThreadPoolBuilder::new().num_threads(1).build_global();
    symbols_check::check("input", data);
});
