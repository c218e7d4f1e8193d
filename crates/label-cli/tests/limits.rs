//! The documented input limits (docs/format.md, "Limits"; `label_cli::limits`): each one is
//! accepted up to its value where that is cheap to show, and refused past it with a clear
//! one-line error, exit 2, no panic.

mod common;

use common::{names, place_bytes, run, write_file};
use label_cli::limits;
use serde_json::{Value, json};

#[test]
fn a_document_past_the_size_limit_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.json");
    // A sparse file: no disk space, and the binary must not read it to refuse it.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(limits::MAX_DOCUMENT_BYTES + 1).unwrap();
    drop(file);
    let line = run(&["place", path.to_str().unwrap()], None).assert_failure(2);
    names(&line, &["huge.json", "larger than 1 GiB", "limit"]);
    // The same in a batch: the file is bad input.
    let out = dir.path().join("out");
    let r = run(&["place", path.to_str().unwrap(), "--out-dir", out.to_str().unwrap()], None);
    r.assert_code(2);
    assert!(r.stderr.contains("larger than 1 GiB"), "{}", r.stderr);
}

#[test]
fn more_labels_than_the_limit_are_refused() {
    // `0` is the shortest array item: the count is refused before any label is read.
    let n = limits::MAX_LABELS + 1;
    let mut text = String::with_capacity(2 * n + 20);
    text.push_str("{\"labels\": [");
    for _ in 0..n - 1 {
        text.push_str("0,");
    }
    text.push_str("0]}");
    let line = place_bytes(text.as_bytes()).assert_failure(2);
    names(&line, &["`labels`", "more than 1000000 labels", "limit"]);
    // At the limit the count passes, and the first item is what is wrong.
    let at_limit = text.replacen("0,", "", 1);
    let line = place_bytes(at_limit.as_bytes()).assert_failure(2);
    names(&line, &["label 0", "expected a JSON object"]);
}

#[test]
fn more_obstacles_than_the_limit_are_refused() {
    let items = |n: usize| {
        let mut text = String::from("{\"labels\": [], \"obstacles\": [");
        text.push_str(&vec!["0"; n].join(","));
        text.push_str("]}");
        text
    };
    let line = place_bytes(items(limits::MAX_OBSTACLES + 1).as_bytes()).assert_failure(2);
    names(&line, &["`obstacles`", "more than 100000 obstacles", "limit"]);
    // At the limit the count passes, and the first item is what is wrong.
    let line = place_bytes(items(limits::MAX_OBSTACLES).as_bytes()).assert_failure(2);
    names(&line, &["obstacle 0", "expected a JSON object"]);
}

/// A circle obstacle whose JSON text is exactly `len` bytes long (padded through its id).
fn circle_of_length(len: usize) -> String {
    let empty = json!({"id": "", "type": "circle", "x": 5, "y": 5, "radius": 2}).to_string();
    let obstacle = json!({"id": "p".repeat(len - empty.len()), "type": "circle", "x": 5, "y": 5, "radius": 2});
    let text = obstacle.to_string();
    assert_eq!(text.len(), len);
    text
}

#[test]
fn an_obstacle_past_the_size_limit_is_refused() {
    let doc = |obstacle: String| format!("{{\"labels\": [], \"obstacles\": [{obstacle}]}}");
    let r = place_bytes(doc(circle_of_length(limits::MAX_OBSTACLE_BYTES)).as_bytes());
    r.assert_code(0);
    let line = place_bytes(doc(circle_of_length(limits::MAX_OBSTACLE_BYTES + 1)).as_bytes()).assert_failure(2);
    names(&line, &["obstacle 0", "more than 1 MiB", "limit"]);
}

/// A convex polygon of `n` corners on a circle.
fn regular_polygon(n: usize) -> Value {
    let points: Vec<[f64; 2]> = (0..n)
        .map(|i| {
            let a = i as f64 / n as f64 * std::f64::consts::TAU;
            [500.0 + 400.0 * a.cos(), 500.0 + 400.0 * a.sin()]
        })
        .collect();
    json!({"id": "round", "type": "polygon", "points": points})
}

#[test]
fn a_polygon_past_the_corner_limit_is_refused() {
    let label = json!({"id": "in", "x": 500, "y": 500, "width": 10, "height": 10});
    let doc = |n| json!({"labels": [label], "obstacles": [regular_polygon(n)]}).to_string();
    let out: Value = serde_json::from_slice(&place_bytes(doc(limits::MAX_POLYGON_POINTS).as_bytes()).stdout).unwrap();
    assert_eq!(out["placements"][0]["hidden_by"], json!("round"), "the largest polygon allowed works");
    let line = place_bytes(doc(limits::MAX_POLYGON_POINTS + 1).as_bytes()).assert_failure(2);
    names(&line, &["obstacle 0", "id \"round\"", "`points`", "4097 corners", "at most 4096"]);
}

#[test]
fn nesting_past_the_depth_limit_is_refused() {
    // The obstacle is one level; 126 arrays inside make 127 (fine, but not a number), 127 make
    // the 128 that the parser refuses.
    let doc = |depth: usize| {
        format!(
            "{{\"labels\": [], \"obstacles\": [{{\"type\": \"box\", \"x\": {}{}, \"y\": 0, \"width\": 1, \"height\": 1}}]}}",
            "[".repeat(depth),
            "]".repeat(depth)
        )
    };
    let line = place_bytes(doc(limits::MAX_NESTING_DEPTH - 2).as_bytes()).assert_failure(2);
    names(&line, &["obstacle 0", "invalid type"]);
    for depth in [limits::MAX_NESTING_DEPTH - 1, 100_000] {
        let line = place_bytes(doc(depth).as_bytes()).assert_failure(2);
        names(&line, &["obstacle 0", "field `x`", "nested 128 deep", "limit"]);
        assert!(line.len() < 200, "short: {line}");
    }
}

#[test]
fn an_ndjson_line_past_the_length_limit_is_a_bad_line() {
    let doc = r#"{"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}"#;
    // Exactly at the limit (with its line break): padded with spaces, still a document.
    let mut input = doc.as_bytes().to_vec();
    input.resize(limits::MAX_LINE_BYTES - 1, b' ');
    input.push(b'\n');
    // One byte more.
    input.extend_from_slice(doc.as_bytes());
    input.resize(input.len() + limits::MAX_LINE_BYTES - doc.len(), b' ');
    input.push(b'\n');
    input.extend_from_slice(doc.as_bytes());
    input.push(b'\n');
    let r = run(&["place", "--ndjson"], Some(&input));
    r.assert_code(2);
    let text = String::from_utf8(r.stdout).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["placements"][0]["visible"], json!(true));
    assert_eq!(lines[1]["line"], json!(2));
    let error = lines[1]["error"].as_str().unwrap();
    names(error, &[&format!("line of {} bytes", limits::MAX_LINE_BYTES + 1), "16 MiB", "limit"]);
    assert_eq!(lines[2]["placements"][0]["visible"], json!(true));
}

#[test]
fn an_ndjson_line_may_not_exceed_the_document_limits_either() {
    let dir = tempfile::tempdir().unwrap();
    let polygon = json!({"labels": [], "obstacles": [regular_polygon(limits::MAX_POLYGON_POINTS + 1)]});
    let path = write_file(dir.path(), "s.ndjson", format!("{polygon}\n{}\n", json!({"labels": []})).as_bytes());
    let r = run(&["place", path.to_str().unwrap()], None);
    r.assert_code(2);
    let text = String::from_utf8(r.stdout).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    names(first["error"].as_str().unwrap(), &["4097 corners"]);
    assert_eq!(text.lines().count(), 2);
}
