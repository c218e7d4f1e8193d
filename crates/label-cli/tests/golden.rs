//! Golden files: every `fixtures/NAME.json` with a sibling `fixtures/NAME.expected.json` is
//! placed by `declutter place` and compared structurally with the expected result (ignoring
//! `stats.engine_ms`, `stats.threads` and the broad phase's counters); the placements must not change with `--threads 1` or
//! `--tile-size 50`.

mod common;

use std::path::{Path, PathBuf};

use common::{check_consistency, placement_differences, run, strip_volatile};
use serde_json::Value;

/// Fixtures that must have a golden pair.
const REQUIRED: [&str; 5] = [
    "natural-earth-places",
    "vienna-streets",
    "synthetic-every-field",
    "natural-earth-places-symbols",
    "vienna-streets-repeat",
];

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// `(input, expected)` for every golden pair, sorted by name.
fn golden_pairs() -> Vec<(PathBuf, PathBuf)> {
    let dir = fixtures_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut pairs: Vec<(PathBuf, PathBuf)> = entries
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_name()?.to_str()?;
            let stem = name.strip_suffix(".expected.json")?;
            let input = dir.join(format!("{stem}.json"));
            input.is_file().then_some((input, path))
        })
        .collect();
    pairs.sort();
    pairs
}

fn name_of(path: &Path) -> String {
    path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// Runs `declutter place INPUT extra…` and returns the output without volatile stats.
fn place_file(input: &Path, extra: &[&str]) -> Value {
    let mut args = vec!["place", input.to_str().expect("UTF-8 fixture path")];
    args.extend_from_slice(extra);
    let mut out = run(&args, None).ok_json();
    check_consistency(&out);
    strip_volatile(&mut out);
    out
}

/// Compares one golden pair; returns a short report of what differs, or `None`.
fn check_pair(input: &Path, expected_path: &Path) -> Option<String> {
    let name = name_of(input);
    let text = std::fs::read(expected_path).expect("readable expected file");
    let mut expected: Value = match serde_json::from_slice(&text) {
        Ok(v) => v,
        Err(e) => return Some(format!("{name}: the expected file is not JSON: {e}")),
    };
    strip_volatile(&mut expected);

    // The three runs are independent: run them side by side.
    let runs: Vec<Value> = std::thread::scope(|s| {
        let handles: Vec<_> = [&[][..], &["--threads", "1"], &["--tile-size", "50"]]
            .into_iter()
            .map(|extra| s.spawn(move || place_file(input, extra)))
            .collect();
        handles.into_iter().map(|h| h.join().expect("run thread")).collect()
    });
    let actual = &runs[0];

    let mut report = String::new();
    if actual != &expected {
        let diff = placement_differences(&expected, actual, 5);
        report.push_str(&format!("{name}: differs from {}\n", name_of(expected_path)));
        report.push_str(&diff);
        if expected.get("stats") != actual.get("stats") {
            report.push_str(&format!(
                "  stats: expected {}, actual {}\n",
                expected.get("stats").unwrap_or(&Value::Null),
                actual.get("stats").unwrap_or(&Value::Null)
            ));
        }
        let mut keys_e: Vec<&String> = expected.as_object().map_or(vec![], |o| o.keys().collect());
        let mut keys_a: Vec<&String> = actual.as_object().map_or(vec![], |o| o.keys().collect());
        keys_e.sort();
        keys_a.sort();
        if keys_e != keys_a {
            report.push_str(&format!("  top-level keys: expected {keys_e:?}, actual {keys_a:?}\n"));
        }
    }
    for (extra, other) in [("--threads 1", &runs[1]), ("--tile-size 50", &runs[2])] {
        let diff = placement_differences(actual, other, 5);
        if !diff.is_empty() {
            report.push_str(&format!("{name}: placements with {extra} differ from the default run:\n{diff}"));
        }
    }
    (!report.is_empty()).then_some(report)
}

#[test]
fn every_golden_pair_matches() {
    let pairs = golden_pairs();
    assert!(
        !pairs.is_empty(),
        "no golden pair (NAME.json + NAME.expected.json) in {}: this test must not pass vacuously",
        fixtures_dir().display()
    );
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> =
            pairs.iter().map(|(input, expected)| s.spawn(move || check_pair(input, expected))).collect();
        handles.into_iter().filter_map(|h| h.join().expect("golden thread")).collect()
    });
    assert!(failures.is_empty(), "{} of {} golden pairs fail:\n{}", failures.len(), pairs.len(), failures.join("\n"));
}

#[test]
fn the_required_fixtures_have_goldens() {
    let pairs = golden_pairs();
    let missing: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|name| !pairs.iter().any(|(input, _)| name_of(input) == format!("{name}.json")))
        .collect();
    assert!(
        missing.is_empty(),
        "fixtures without a golden pair (NAME.json + NAME.expected.json) in {}: {missing:?}",
        fixtures_dir().display()
    );
}
