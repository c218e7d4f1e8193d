//! An NDJSON stream, as `declutter place --ndjson` reads it: every non-blank line must give
//! exactly one output line — a result or an error object — in order, whatever the bytes; and
//! on every line the fast path's two parsers, sonic-rs and serde_json, must read the same
//! document or both refuse (`crates/label-cli/tests/parsers_check/`).

#![no_main]

use label_cli::ndjson::{self, Summary};
use label_cli::pipeline::Settings;
use libfuzzer_sys::fuzz_target;

#[path = "../../crates/label-cli/tests/parsers_check/mod.rs"]
mod parsers_check;

fuzz_target!(|data: &[u8]| {
    let _ = rayon::ThreadPoolBuilder::new().num_threads(1).build_global();
    for line in data.split(|&b| b == b'\n') {
        if let Ok(line) = std::str::from_utf8(line) {
            parsers_check::check(line);
        }
    }
    let mut out = Vec::new();
    let summary: Summary =
        ndjson::run(data, &mut out, &Settings::default(), 3, |_| {}).expect("in-memory I/O cannot fail");
    let text = std::str::from_utf8(&out).expect("the output is UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len() as u64, summary.placed + summary.bad, "one output line per non-blank input line");
    assert_eq!(summary.bytes, data.len() as u64, "every byte is read");
    let mut previous_bad = 0;
    for line in lines {
        let value: serde_json::Value = serde_json::from_str(line).expect("each output line is JSON");
        if let Some(n) = value.get("line") {
            let n = n.as_u64().expect("a line number");
            assert!(n > previous_bad && n <= summary.lines, "bad lines in order");
            previous_bad = n;
        } else {
            assert!(value.get("placements").is_some(), "a result or an error object");
        }
    }
});
