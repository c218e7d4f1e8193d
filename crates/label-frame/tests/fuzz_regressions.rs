//! The `frames` fuzz target's checks (`frames_check/`, which the target includes;
//! docs/fuzzing.md) in the ordinary test run, on stable Rust: over every input kept in
//! `tests/fuzz_regressions/` (fuzzer finds under their libFuzzer names, `crash-…`), and over
//! inputs drawn from a fixed seed, so that the checks are seen passing on more than the finds.

mod frames_check;

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn kept_fuzz_inputs_pass_the_frames_checks() {
    check_every_input_in("tests/fuzz_regressions");
}

/// Every input kept in `dir` (under the crate), in name order, through the checks.
fn check_every_input_in(dir: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no kept inputs in {}", dir.display());
    for file in files {
        let data = std::fs::read(&file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        frames_check::check(&data);
    }
}

/// `FRAMES_CHECK_CASES` and `FRAMES_CHECK_SEED` in the environment set how many inputs and
/// from which seed (a long sweep without the fuzzer's toolchain, docs/fuzzing.md).
#[test]
fn random_inputs_pass_the_frames_checks() {
    let var = |name: &str| std::env::var(name).ok().map(|v| v.parse::<u64>().unwrap_or_else(|e| panic!("{name}: {e}")));
    let mut rng = ChaCha8Rng::seed_from_u64(var("FRAMES_CHECK_SEED").unwrap_or(0x00f4_a3e5));
    let cases = var("FRAMES_CHECK_CASES").unwrap_or(if cfg!(debug_assertions) { 200 } else { 1000 });
    let mut refused = 0;
    for _ in 0..cases {
        let len = rng.random_range(16..1200);
        let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        refused += usize::from(frames_check::check(&data));
    }
    // About one input in twenty has an invalid label: refused, then played without it.
    assert!(cases < 100 || refused > 0, "no input of {cases} was refused and played on");
}
