//! `tests/c/boundary.c`: a C caller's legal-looking misuse (huge counts, misaligned pointers,
//! numbers past f32, a failing call while its thread ends, a hostile `RAYON_NUM_THREADS`),
//! compiled and run under AddressSanitizer where the compiler has it; every call must return
//! its status and message, and the process must not abort.

mod common;

use common::compile::{assert_lines, compile_and_run, has_address_sanitizer};

/// What `boundary.c` prints.
const BOUNDARY: &str = "\
new engine, threads 0: status 0: ok
labels, SIZE_MAX: status 2: labels: a count of 18446744073709551615 is more than 4294967294, the most allowed
labels, past the limit: status 2: labels: a count of 4294967295 is more than 4294967294, the most allowed
obstacles, SIZE_MAX / 8: status 2: obstacles: a count of 2305843009213693951 is more than 4294967294, the most allowed
obstacles, 2^40: status 2: obstacles: a count of 1099511627776 is more than 4294967294, the most allowed
labels, misaligned: status 2: labels is not aligned to 8 bytes
count, misaligned: status 2: count is not aligned to 8 bytes
labels, aligned: status 0: ok
options, overlap 1e300: status 2: option `max_overlap_area`: expected a magnitude of at most 1e15, got 1e300
batch, viewport 1e300: status 2: options: field `viewport`: expected a magnitude of at most 1e15, got 1e300
batch, obstacle at 1e300: status 2: obstacle 0: field `coordinates`: expected a magnitude of at most 1e15, got 1e300
256 candidates: status 0: ok
257 candidates: status 2: symbols[0].candidates: a count of 257 is more than 256, the most allowed
path label: status 0: ok
frame: status 0: ok
glyphs, null out: status 1: out is a null pointer
poses untouched: 1
glyphs: status 0: ok
laid out: reason 0, poses written: 1
frame, stats: status 0: ok
threads within the limit: 1
teardown: status 1
done
";

#[test]
fn c_misuse_is_refused_without_harm() {
    let asan = has_address_sanitizer();
    let flags: &[&str] = if asan { &["-fsanitize=address", "-fno-omit-frame-pointer", "-g"] } else { &["-g"] };
    // ASan's leak checker would report the shared pool's threads, which live until exit.
    let env = [("RAYON_NUM_THREADS", "3000"), ("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=0")];
    let run = compile_and_run("tests/c/boundary.c", &[flags, &["-pthread"]].concat(), &env);
    assert_lines("boundary.c", &run, BOUNDARY);
}
