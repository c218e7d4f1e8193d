//! The frame engine over any label set, settings and camera path the bytes describe: never a
//! panic, every frame decided as by the engine without its shortcuts, no two visible labels
//! overlapping (docs/fuzzing.md). The checks live in the main workspace's tests, which run
//! every kept input through them on stable Rust.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/label-frame/tests/frames_check/mod.rs"]
mod frames_check;

fuzz_target!(|data: &[u8]| {
    // One thread: a finding replays the same way.
    let _ = rayon::ThreadPoolBuilder::new().num_threads(1).build_global();
    frames_check::check(data);
});
