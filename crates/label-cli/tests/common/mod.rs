//! Shared helpers of the CLI integration tests: run the real `declutter` binary, read its
//! JSON structurally, build seeded documents.

#![allow(dead_code, reason = "each test crate uses a different subset of these helpers")]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_declutter");

/// What one run of the binary produced.
#[derive(Debug)]
pub struct Run {
    /// Exit code; `None` when killed by a signal (a crash).
    pub code: Option<i32>,
    /// Raw standard output.
    pub stdout: Vec<u8>,
    /// Standard error, lossily decoded.
    pub stderr: String,
    /// The command line, for messages.
    pub what: String,
}

impl Run {
    /// Standard output parsed as JSON; panics with the run's details when it is not JSON.
    #[track_caller]
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "{}: stdout is not JSON ({e}); exit {:?}; stdout starts {:?}; stderr: {}",
                self.what,
                self.code,
                String::from_utf8_lossy(&self.stdout[..self.stdout.len().min(300)]),
                self.stderr
            )
        })
    }

    /// Asserts exit code 0 and an empty standard error, and returns the JSON on stdout.
    #[track_caller]
    pub fn ok_json(&self) -> Value {
        self.assert_code(0);
        assert!(self.stderr.is_empty(), "{}: unexpected stderr on success: {}", self.what, self.stderr);
        self.json()
    }

    /// Asserts the exit code, showing stderr otherwise.
    #[track_caller]
    pub fn assert_code(&self, code: i32) {
        assert_eq!(
            self.code,
            Some(code),
            "{}: wrong exit status (None = killed by a signal); stderr: {}",
            self.what,
            truncate(&self.stderr, 2000)
        );
    }

    /// Asserts a failure with `code`: exactly one non-empty line on stderr, no panic, nothing
    /// on stdout. Returns that line.
    #[track_caller]
    pub fn assert_failure(&self, code: i32) -> String {
        self.assert_code(code);
        assert!(
            !self.stderr.contains("panicked"),
            "{}: the binary panicked: {}",
            self.what,
            truncate(&self.stderr, 2000)
        );
        assert!(
            self.stdout.is_empty(),
            "{}: stdout should be empty on failure, got {:?}",
            self.what,
            String::from_utf8_lossy(&self.stdout[..self.stdout.len().min(300)])
        );
        let body = self.stderr.strip_suffix('\n').unwrap_or(&self.stderr);
        assert!(!body.trim().is_empty(), "{}: stderr should carry one message line, it is empty", self.what);
        assert!(
            !body.contains('\n') && !body.contains('\r'),
            "{}: stderr should be exactly one line, got {} lines: {:?}",
            self.what,
            body.lines().count(),
            truncate(body, 2000)
        );
        body.to_owned()
    }
}

/// At most `n` bytes of `s` (on a char boundary), for messages.
pub fn truncate(s: &str, n: usize) -> &str {
    if s.len() <= n {
        return s;
    }
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Runs `declutter` with `args`, feeding `stdin` (or nothing, with stdin closed).
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    run_in(None, args, stdin)
}

/// Like [`run`], in the working directory `dir` when given.
pub fn run_in(dir: Option<&Path>, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("RAYON_NUM_THREADS")
        .env("RUST_BACKTRACE", "0");
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    let mut child = cmd.spawn().expect("cannot start the declutter binary");
    let writer = stdin.map(|bytes| {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        let bytes = bytes.to_vec();
        // A separate thread, so that a large input cannot deadlock against a large output.
        // The binary may stop reading early (bad input): a broken pipe is fine.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        })
    });
    let out = child.wait_with_output().expect("cannot wait for declutter");
    if let Some(w) = writer {
        w.join().expect("stdin writer thread");
    }
    Run {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        what: format!("declutter {}", args.join(" ")),
    }
}

/// Runs `declutter place <args…>` on `doc` given through standard input (`-`).
pub fn place_stdin(doc: &Value, extra: &[&str]) -> Run {
    let mut args = vec!["place", "-"];
    args.extend_from_slice(extra);
    run(&args, Some(doc.to_string().as_bytes()))
}

/// Runs `declutter place` on raw bytes given through standard input.
pub fn place_bytes(bytes: &[u8]) -> Run {
    run(&["place"], Some(bytes))
}

/// Writes `bytes` to `dir/name` and returns the path.
pub fn write_file(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("cannot write a test file");
    path
}

/// NDJSON output: one JSON value per line, the last line ended by a line break.
#[track_caller]
pub fn ndjson_lines(stdout: &[u8]) -> Vec<Value> {
    let text = std::str::from_utf8(stdout).expect("NDJSON output is UTF-8");
    assert!(text.is_empty() || text.ends_with('\n'), "the last output line must end with a line break");
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("output line {} is not JSON ({e}): {line}", i + 1))
        })
        .collect()
}

/// The message of an NDJSON error object `{"line": N, "error": "…"}`, checked for shape.
#[track_caller]
pub fn ndjson_error(value: &Value, line: u64) -> &str {
    let obj = value.as_object().unwrap_or_else(|| panic!("not an object: {value}"));
    assert_eq!(obj.len(), 2, "an error object has exactly `line` and `error`: {value}");
    assert_eq!(value["line"], json!(line), "{value}");
    let error = value["error"].as_str().unwrap_or_else(|| panic!("`error` is not a string: {value}"));
    assert!(!error.is_empty() && !error.contains('\n'), "one non-empty line: {error:?}");
    error
}

/// The names of the entries of `dir`, sorted.
pub fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("cannot list a test directory")
        .map(|e| e.expect("directory entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Removes what legitimately changes between runs and engine versions: the timing, the thread
/// count, and the broad phase's internal counters (`cells`, `cell_pairs`, `narrow_tests`,
/// `tiles`), which move whenever the broad phase is tuned. Placements and the label counts stay.
pub fn strip_volatile(doc: &mut Value) {
    if let Some(stats) = doc.get_mut("stats").and_then(Value::as_object_mut) {
        for key in ["engine_ms", "threads", "cells", "cell_pairs", "narrow_tests", "tiles", "waited"] {
            stats.remove(key);
        }
    }
}

/// Removes `stats.engine_ms` only.
pub fn strip_time(doc: &mut Value) {
    if let Some(stats) = doc.get_mut("stats").and_then(Value::as_object_mut) {
        stats.remove("engine_ms");
    }
}

/// The `placements` array of an output document.
#[track_caller]
pub fn placements(doc: &Value) -> &Vec<Value> {
    doc.get("placements")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no `placements` array in {}", truncate(&doc.to_string(), 500)))
}

/// One stats counter.
#[track_caller]
pub fn stat(doc: &Value, name: &str) -> u64 {
    doc["stats"][name].as_u64().unwrap_or_else(|| panic!("stats.{name} missing or not a count: {}", doc["stats"]))
}

/// Checks the output's internal consistency: every placement well formed, the counts agree with
/// the placements and add up to the number of labels.
#[track_caller]
pub fn check_consistency(doc: &Value) {
    let ps = placements(doc);
    let (mut visible, mut collision, mut offscreen, mut repeat) = (0, 0, 0, 0);
    for p in ps {
        let obj = p.as_object().expect("a placement is an object");
        for key in obj.keys() {
            assert!(
                ["id", "visible", "reason", "hidden_by", "hidden_by_obstacle", "candidate", "parts"]
                    .contains(&key.as_str()),
                "unexpected key {key:?} in placement {p}"
            );
        }
        assert!(p["id"].is_string() || p["id"].is_i64(), "bad id in {p}");
        match (p["visible"].as_bool(), p.get("reason").and_then(Value::as_str)) {
            (Some(true), None) => {
                visible += 1;
                assert!(p.get("candidate").is_none_or(Value::is_u64), "bad candidate in {p}");
                let parts = p.get("parts").map(|v| v.as_str().unwrap_or_default());
                assert!(parts.is_none_or(|s| ["both", "text", "icon"].contains(&s)), "bad parts in {p}");
                assert!(p.get("hidden_by").is_none(), "visible with hidden_by: {p}");
                assert!(p.get("hidden_by_obstacle").is_none(), "visible with hidden_by_obstacle: {p}");
            }
            (Some(false), Some("collision")) => {
                collision += 1;
                let by = p.get("hidden_by").expect("collision without hidden_by");
                assert!(by.is_string() || by.is_i64(), "bad hidden_by in {p}");
                if let Some(flag) = p.get("hidden_by_obstacle") {
                    assert_eq!(flag, &Value::Bool(true), "hidden_by_obstacle is only ever true");
                }
            }
            (Some(false), Some("repeat")) => {
                repeat += 1;
                let by = p.get("hidden_by").expect("repeat without hidden_by");
                assert!(by.is_string() || by.is_i64(), "bad hidden_by in {p}");
                assert!(p.get("hidden_by_obstacle").is_none(), "repeat behind an obstacle: {p}");
            }
            (Some(false), Some("offscreen")) => {
                offscreen += 1;
                assert!(p.get("hidden_by").is_none(), "offscreen with hidden_by: {p}");
                assert!(p.get("hidden_by_obstacle").is_none(), "offscreen with hidden_by_obstacle: {p}");
            }
            _ => panic!("malformed placement {p}"),
        }
        if p["visible"] != Value::Bool(true) {
            assert!(p.get("candidate").is_none() && p.get("parts").is_none(), "hidden with a choice: {p}");
        }
    }
    let repeated = doc["stats"].get("hidden_repeat").map_or(0, |_| stat(doc, "hidden_repeat"));
    assert_eq!(repeated, repeat, "stats.hidden_repeat");
    assert_eq!(stat(doc, "labels"), ps.len() as u64, "stats.labels");
    assert_eq!(stat(doc, "visible"), visible, "stats.visible");
    assert_eq!(stat(doc, "hidden_collision"), collision, "stats.hidden_collision");
    assert_eq!(stat(doc, "hidden_offscreen"), offscreen, "stats.hidden_offscreen");
    assert_eq!(
        stat(doc, "visible") + stat(doc, "hidden_collision") + stat(doc, "hidden_offscreen") + repeated,
        stat(doc, "labels"),
        "visible + hidden_collision + hidden_offscreen + hidden_repeat == labels"
    );
}

/// Describes the first (at most `limit`) placements that differ between two outputs, by
/// position; empty when the placements are equal.
pub fn placement_differences(expected: &Value, actual: &Value, limit: usize) -> String {
    let empty = Vec::new();
    let e = expected["placements"].as_array().unwrap_or(&empty);
    let a = actual["placements"].as_array().unwrap_or(&empty);
    let mut out = String::new();
    if e.len() != a.len() {
        out.push_str(&format!("{} placements expected, {} produced\n", e.len(), a.len()));
    }
    let mut shown = 0;
    let mut total = 0;
    for (i, (pe, pa)) in e.iter().zip(a).enumerate() {
        if pe != pa {
            total += 1;
            if shown < limit {
                shown += 1;
                out.push_str(&format!(
                    "  [{i}] id {}: expected {pe}, actual {pa}\n",
                    pe.get("id").unwrap_or(&Value::Null)
                ));
            }
        }
    }
    if total > shown {
        out.push_str(&format!("  … and {} more differing placements\n", total - shown));
    }
    out
}

/// A small seeded generator (SplitMix64): the tests' data is the same on every run.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        lo + unit * (hi - lo)
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.range(0.0, 1.0) < p
    }
}

/// The nine anchor names of contract §2.
pub const ANCHORS: [&str; 9] =
    ["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"];

/// Rounds to one decimal: short numbers keep the documents small.
fn r1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// A seeded, dense document exercising every label field, every obstacle type and a viewport
/// of 1000 × 800: `n` labels (about 1000 make it crowded) with mixed integer and string ids.
pub fn random_document(seed: u64, n: usize) -> Value {
    let mut rng = Rng::new(seed);
    let labels: Vec<Value> = (0..n)
        .map(|i| {
            let id = if i % 3 == 0 { json!(format!("label-{i}")) } else { json!(i as i64 * 7 - 500) };
            let mut l = json!({
                "id": id,
                "x": r1(rng.range(-100.0, 1100.0)),
                "y": r1(rng.range(-100.0, 900.0)),
                "width": r1(rng.range(8.0, 90.0)),
                "height": r1(rng.range(6.0, 24.0)),
            });
            let o = l.as_object_mut().expect("object");
            if rng.chance(0.5) {
                o.insert("angle".into(), json!(r1(rng.range(-180.0, 180.0))));
            }
            if rng.chance(0.8) {
                // Few distinct priorities: many ties, decided by input position.
                o.insert("priority".into(), json!(rng.below(5)));
            }
            if rng.chance(0.5) {
                o.insert("anchor".into(), json!(ANCHORS[rng.below(9) as usize]));
            }
            if rng.chance(0.3) {
                o.insert("offset".into(), json!([r1(rng.range(-10.0, 10.0)), r1(rng.range(-10.0, 10.0))]));
            }
            if rng.chance(0.3) {
                o.insert("padding".into(), json!(r1(rng.range(0.0, 4.0))));
            }
            if rng.chance(0.05) {
                o.insert("allow_overlap".into(), json!(true));
            }
            if rng.chance(0.05) {
                o.insert("ignore_placement".into(), json!(true));
            }
            if rng.chance(0.2) {
                o.insert("text".into(), json!(format!("Label {i}")));
            }
            l
        })
        .collect();
    let obstacles = json!([
        {"id": "zoom-control", "type": "box", "x": 10, "y": 10, "width": 40, "height": 80},
        {"type": "obb", "x": 500, "y": 400, "width": 120, "height": 30, "angle": 30},
        {"id": 99, "type": "circle", "x": 300, "y": 650, "radius": 35},
        {"type": "polygon", "points": [[800, 150], [900, 170], [880, 270], [790, 250]]},
        {"id": "route", "type": "segment", "points": [[0, 750], [1000, 450]]},
    ]);
    json!({
        "viewport": {"width": 1000, "height": 800},
        "labels": labels,
        "obstacles": obstacles,
    })
}

/// Asserts the error `line` names every one of `parts`.
#[track_caller]
pub fn names(line: &str, parts: &[&str]) {
    for part in parts {
        assert!(line.contains(part), "the error should name {part:?}; it says: {line}");
    }
}
