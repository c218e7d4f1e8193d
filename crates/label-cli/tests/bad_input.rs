//! `declutter place` on input that breaks the contract: exit 2 (1 for I/O), exactly one line on
//! standard error that says where and what, never a panic, never a partial output file.

mod common;

use common::{Rng, dir_entries, names, ndjson_error, ndjson_lines, place_bytes, run, truncate, write_file};
use serde_json::json;

/// A document whose labels 0 and 1 are fine and whose label 2 — on line 4 — is `bad`.
fn with_bad_label(bad: &str) -> String {
    format!(
        "{{\"viewport\": {{\"width\": 800, \"height\": 600}},\n\
         \"labels\": [\n\
         {{\"id\": \"a\", \"x\": 10, \"y\": 10, \"width\": 20, \"height\": 10}},\n\
         {{\"id\": \"b\", \"x\": 50, \"y\": 10, \"width\": 20, \"height\": 10}}, {bad},\n\
         {{\"id\": \"c\", \"x\": 90, \"y\": 10, \"width\": 20, \"height\": 10}}\n\
         ]}}\n"
    )
}

/// Runs on `text` through stdin, expects exit 2 and returns the one stderr line.
#[track_caller]
fn rejected(text: &str) -> String {
    place_bytes(text.as_bytes()).assert_failure(2)
}

/// Asserts the error names the label at `index`, in either the per-label form (`label 2`) or
/// the document-path form (`labels[2]`) used when the JSON itself is broken there.
#[track_caller]
fn names_index(line: &str, index: usize) {
    assert!(
        line.contains(&format!("label {index}")) || line.contains(&format!("labels[{index}]")),
        "the error should name label {index}; it says: {line}"
    );
}

/// Asserts a rejection of label 2 of [`with_bad_label`]: line 4, its index, and `parts`.
#[track_caller]
fn bad_label(bad: &str, parts: &[&str]) -> String {
    let line = rejected(&with_bad_label(bad));
    names(&line, &["line 4"]);
    names_index(&line, 2);
    names(&line, parts);
    line
}

const ID: &str = "id \"bad\"";

#[test]
fn truncated_json() {
    let text = "{\"labels\": [\n{\"id\": \"a\", \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 2},\n{\"id\": \"b\", \"x\": 1, \"y\"";
    let line = rejected(text);
    names(&line, &["line 3", "EOF"]);
    names_index(&line, 1);
    // Cut anywhere, the document is refused cleanly.
    let full = with_bad_label(r#"{"id": "z", "x": 1, "y": 1, "width": 2, "height": 2}"#);
    for cut in (0..full.len() - 2).step_by(7) {
        place_bytes(&full.as_bytes()[..cut]).assert_failure(2);
    }
}

#[test]
fn each_bad_label_is_refused_naming_its_line_label_and_field() {
    // Each bad label and what the error names besides line 4 and label 2: wrong types, numbers
    // that are not JSON (NaN, Infinity: the parser's error), past f64 or the documented limits,
    // sizes not > 0, padding < 0, missing fields.
    let cases: &[(&str, &[&str])] = &[
        (r#"{"id": "bad", "x": "12", "y": 1, "width": 2, "height": 2}"#, &[ID, "`x`", "string"]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": true, "height": 2}"#, &[ID, "`width`", "boolean"]),
        (r#"{"id": {"name": "bad"}, "x": 1, "y": 1, "width": 2, "height": 2}"#, &["`id`", "map"]),
        (r#"{"id": 1.5, "x": 1, "y": 1, "width": 2, "height": 2}"#, &["`id`", "1.5"]),
        (r#"{"id": 9223372036854775808, "x": 1, "y": 1, "width": 2, "height": 2}"#, &["`id`", "9223372036854775808"]),
        (r#"{"id": "bad", "x": NaN, "y": 1, "width": 2, "height": 2}"#, &[]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": Infinity, "height": 2}"#, &[]),
        (r#"{"id": "bad", "x": -Infinity, "y": 1, "width": 2, "height": 2}"#, &[]),
        (r#"{"id": "bad", "x": 1e400, "y": 1, "width": 2, "height": 2}"#, &[ID, "`x`", "out of range"]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": 2, "priority": -1e400}"#, &[ID, "`priority`"]),
        (r#"{"id": "bad", "x": 1, "y": 2e15, "width": 2, "height": 2}"#, &[ID, "`y`", "1e15"]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": 0, "height": 2}"#, &[ID, "`width`", "> 0"]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": -3, "height": 2}"#, &[ID, "`width`", "-3"]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": 0}"#, &[ID, "`height`", "> 0"]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": -0.5}"#, &[ID, "`height`", "-0.5"]),
        (r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": 2, "padding": -1}"#, &[ID, "`padding`", ">= 0"]),
        (r#"{"x": 1, "y": 1, "width": 2, "height": 2}"#, &["`id`", "missing"]),
        (r#"{"id": "bad", "y": 1, "width": 2, "height": 2}"#, &[ID, "`x`", "missing"]),
    ];
    for (bad, parts) in cases {
        bad_label(bad, parts);
    }
}

#[test]
fn duplicate_ids_name_both_positions() {
    let text = "{\"labels\": [\n\
        {\"id\": 5, \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 2},\n\
        {\"id\": \"twice\", \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 2},\n\
        {\"id\": \"5\", \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 2},\n\
        {\"id\": \"twice\", \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 2}\n\
        ]}";
    let line = rejected(text);
    names(&line, &["line 5", "label 3", "id \"twice\"", "`id`", "duplicate", "index 1"]);
}

#[test]
fn unknown_anchor() {
    bad_label(
        r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": 2, "anchor": "middle"}"#,
        &[ID, "`anchor`", "middle", "top-left"],
    );
}

#[test]
fn unknown_field_typo() {
    bad_label(r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": 2, "prority": 3}"#, &[ID, "prority", "priority"]);
}

#[test]
fn non_convex_polygon_obstacle() {
    let text = "{\"labels\": [],\n\"obstacles\": [\n\
        {\"type\": \"circle\", \"x\": 1, \"y\": 1, \"radius\": 1},\n\
        {\"id\": \"dart\", \"type\": \"polygon\", \"points\": [[0, 0], [10, 0], [3, 3], [0, 10]]}\n\
        ]}";
    let line = rejected(text);
    names(&line, &["line 4", "obstacle 1", "id \"dart\"", "`points`", "convex"]);
}

#[test]
fn circle_with_radius_zero() {
    let text = "{\"labels\": [],\n\"obstacles\": [\n\
        {\"type\": \"box\", \"x\": 1, \"y\": 1, \"width\": 1, \"height\": 1},\n\
        {\"type\": \"circle\", \"x\": 1, \"y\": 1, \"radius\": 0}\n\
        ]}";
    let line = rejected(text);
    names(&line, &["line 4", "obstacle 1", "obstacle-1", "`radius`", "> 0"]);
}

#[test]
fn width_too_small_to_represent() {
    bad_label(r#"{"id": "bad", "x": 1, "y": 1, "width": 1e-46, "height": 2}"#, &[ID, "`width`", "at least"]);
    bad_label(r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": 1e-310}"#, &[ID, "`height`", "at least"]);
}

/// Obstacles are held to the labels' limits: an angle of 1e300 was accepted.
#[test]
fn obstacle_angle_beyond_the_documented_limit() {
    let text = "{\"labels\": [], \"obstacles\": [\n\
                {\"id\": \"spin\", \"type\": \"obb\", \"x\": 0, \"y\": 0, \"width\": 3, \"height\": 3, \"angle\": 1e300}]}";
    names(&rejected(text), &["line 2", "obstacle 0", "id \"spin\"", "`angle`", "1e9"]);
    let text = "{\"labels\": [], \"obstacles\": [\n{\"type\": \"circle\", \"x\": 0, \"y\": 0, \"radius\": 1e-40}]}";
    names(&rejected(text), &["line 2", "obstacle 0", "`radius`", "at least"]);
}

/// A segment of three points and polygon corners given as objects: the message names `points`.
#[test]
fn obstacle_points_of_the_wrong_shape_name_points() {
    let text = "{\"labels\": [], \"obstacles\": [\n\
                {\"type\": \"segment\", \"points\": [[0, 0], [1, 1], [2, 2]]}]}";
    names(&rejected(text), &["line 2", "obstacle 0", "`points`", "length 3"]);
    let text = "{\"labels\": [], \"obstacles\": [\n\
                {\"type\": \"polygon\", \"points\": [{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}, {\"x\": 1, \"y\": 1}]}]}";
    names(&rejected(text), &["line 2", "obstacle 0", "`points`", "[x, y]"]);
}

#[test]
fn unknown_obstacle_type() {
    let text = "{\"labels\": [], \"obstacles\": [\n{\"id\": 3, \"type\": \"triangle\"}]}";
    names(&rejected(text), &["line 2", "obstacle 0", "id 3", "triangle", "polygon"]);
}

#[test]
fn bad_viewport() {
    let line = rejected(r#"{"viewport": {"width": 0, "height": 600}, "labels": []}"#);
    names(&line, &["viewport", "`width`"]);
    let line = rejected(r#"{"viewport": {"width": 800}, "labels": []}"#);
    names(&line, &["viewport", "height"]);
    // Positive, but zero once an f32: named where it was written, not later as an option.
    let line = rejected(r#"{"viewport": {"width": 5e-147, "height": 600}, "labels": []}"#);
    names(&line, &["line 1", "viewport", "`width`", "5e-147"]);
}

#[test]
fn wrong_types_are_named_in_json_words() {
    let line = bad_label(r#"{"id": "c", "x": "3", "y": 0, "width": 10, "height": 5}"#, &["`x`", "expected a number"]);
    assert!(!line.contains("f64"), "a JSON user is told of Rust's f64: {line}");
}

#[test]
fn nan_and_infinity_are_said_not_to_be_json() {
    for word in ["NaN", "Infinity", "-Infinity"] {
        let line = bad_label(&format!(r#"{{"id": "c", "x": {word}, "y": 0, "width": 10, "height": 5}}"#), &[]);
        names(&line, &["NaN and Infinity are not JSON numbers"]);
    }
    // Other broken values get no such hint.
    let line = bad_label(r#"{"id": "c", "x": Nope, "y": 0, "width": 10, "height": 5}"#, &[]);
    assert!(!line.contains("NaN"), "{line}");
}

#[test]
fn missing_labels() {
    names(&rejected(r#"{"obstacles": []}"#), &["`labels`"]);
    names(&rejected(r#"{"labels": null}"#), &["labels"]);
}

#[test]
fn empty_input() {
    rejected("");
    rejected("   \n\n");
}

#[test]
fn trailing_data_after_the_document() {
    names(&rejected("{\"labels\": []}\n\n{\"labels\": []}"), &["line 3", "trailing"]);
}

/// `depth` unclosed `[` after `prefix`.
fn nested(prefix: &str, depth: usize, closed_with: &str) -> String {
    let mut s = String::with_capacity(prefix.len() + 2 * depth + closed_with.len());
    s.push_str(prefix);
    s.push_str(&"[".repeat(depth));
    s.push_str(&"]".repeat(depth));
    s.push_str(closed_with);
    s
}

#[test]
fn deeply_nested_brackets_at_the_top() {
    rejected(&"[".repeat(100_000));
    rejected(&nested("", 100_000, ""));
    rejected(&"{\"a\":".repeat(100_000));
}

#[test]
fn deeply_nested_brackets_in_the_labels() {
    let line = rejected(&format!("{{\"labels\": {}", "[".repeat(100_000)));
    names(&line, &["labels"]);
    rejected(&nested("{\"labels\": [", 100_000, "]}"));
    rejected(&nested("{\"labels\": [{\"id\": 1, \"y\": 1, \"width\": 1, \"height\": 1, \"x\": ", 100_000, "}]}"));
    rejected(&nested(
        "{\"labels\": [{\"id\": 1, \"x\": 1, \"y\": 1, \"width\": 1, \"height\": 1, \"text\": ",
        100_000,
        "}]}",
    ));
}

#[test]
fn deeply_nested_brackets_in_the_obstacles() {
    rejected(&nested("{\"labels\": [], \"obstacles\": [", 100_000, "]}"));
    rejected(&nested("{\"labels\": [], \"obstacles\": [{\"type\": \"polygon\", \"points\": ", 100_000, "}]}"));
    rejected(&nested("{\"labels\": [], \"obstacles\": [{\"type\": \"box\", \"id\": ", 100_000, "}]}"));
}

#[test]
fn five_megabytes_of_random_bytes() {
    let mut rng = Rng::new(0xDEC1_u64);
    let bytes: Vec<u8> = (0..5 << 20).map(|_| rng.next_u64() as u8).collect();
    place_bytes(&bytes).assert_failure(2);
}

#[test]
fn five_megabytes_of_json_like_garbage() {
    // Valid UTF-8 made of JSON's own characters, so the parser, not the UTF-8 check, refuses it.
    let alphabet = b"[]{}\",:0123456789.eE+-truefalsnl \n";
    for seed in 1..=3u64 {
        let mut rng = Rng::new(seed);
        let mut text: Vec<u8> = b"{\"labels\": [".to_vec();
        text.extend((0..5 << 20).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]));
        place_bytes(&text).assert_failure(2);
    }
}

#[test]
fn non_utf8_bytes() {
    let mut text = with_bad_label(r#"{"id": "b@d", "x": 1, "y": 1, "width": 2, "height": 2}"#).into_bytes();
    let at = text.iter().position(|&b| b == b'@').unwrap();
    text[at] = 0xFF;
    let line = place_bytes(&text).assert_failure(2);
    names(&line, &["UTF-8", &at.to_string()]);
    // Latin-1 text, as produced by old tools.
    let latin1 = b"{\"labels\": [{\"id\": \"Stra\xDFe\", \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 2}]}";
    names(&place_bytes(latin1).assert_failure(2), &["UTF-8"]);
}

#[test]
fn nonexistent_input_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-file.json");
    let line = run(&["place", missing.to_str().unwrap()], None).assert_failure(1);
    names(&line, &["no-such-file.json"]);
}

#[test]
fn input_is_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    run(&["place", dir.path().to_str().unwrap()], None).assert_failure(1);
}

#[test]
fn output_in_a_nonexistent_directory() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("missing-dir").join("out.json");
    let line = run(
        &["place", "-o", out.to_str().unwrap()],
        Some(br#"{"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}"#),
    )
    .assert_failure(1);
    names(&line, &["missing-dir"]);
    assert!(!out.exists());
    assert!(dir_entries(dir.path()).is_empty(), "nothing left behind");
}

#[test]
fn output_path_that_is_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("out.json")).unwrap();
    run(&["place", "-o", dir.path().join("out.json").to_str().unwrap()], Some(br#"{"labels": []}"#)).assert_failure(1);
    assert_eq!(dir_entries(dir.path()), ["out.json"], "no temporary file left");
    assert!(dir.path().join("out.json").is_dir());
}

#[test]
fn bad_input_leaves_an_existing_output_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let out = write_file(dir.path(), "out.json", b"previous result");
    let svg = dir.path().join("picture.svg");
    run(
        &["place", "-o", out.to_str().unwrap(), "--svg", svg.to_str().unwrap()],
        Some(with_bad_label(r#"{"id": "bad"}"#).as_bytes()),
    )
    .assert_failure(2);
    assert_eq!(std::fs::read(&out).unwrap(), b"previous result");
    assert_eq!(dir_entries(dir.path()), ["out.json"]);
}

#[test]
fn bad_options() {
    let doc = br#"{"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}"#;
    for args in [
        &["place", "--tile-size", "0"][..],
        &["place", "--tile-size", "NaN"],
        &["place", "--max-overlap-area=-1"],
        &["place", "--max-overlap-area", "inf"],
    ] {
        let line = run(args, Some(doc)).assert_failure(2);
        let flag = args[1].split('=').next().unwrap();
        assert!(
            line.starts_with(&format!("declutter: {flag}: expected ")),
            "{args:?}: the error should name the flag: {line}"
        );
    }
}

// ---- NDJSON streams: a bad line is reported in place and the stream goes on (exit 2). ----

/// A one-label NDJSON line whose label's id is `id`.
fn tiny(id: u64) -> String {
    json!({"labels": [{"id": id, "x": id as f64, "y": 5, "width": 8, "height": 8}]}).to_string()
}

#[test]
fn ndjson_stream_with_a_bad_line_in_the_middle() {
    let bad = r#"{"labels": [{"id": "a", "x": 1, "y": 1, "width": 2, "height": 2}, {"id": "x", "x": 1, "y": 1, "width": -4, "height": 2}]}"#;
    let input = format!("{}\n{}\n{bad}\n{}\n{}\n", tiny(1), tiny(2), tiny(4), tiny(5));
    let r = run(&["place", "--ndjson"], Some(input.as_bytes()));
    r.assert_code(2);
    let lines = ndjson_lines(&r.stdout);
    assert_eq!(lines.len(), 5);
    for (i, id) in [(0, 1), (1, 2), (3, 4), (4, 5)] {
        assert_eq!(lines[i]["placements"][0]["id"], json!(id), "line {}", i + 1);
    }
    assert_eq!(ndjson_error(&lines[2], 3), "label 1 (id \"x\"): field `width`: expected a number > 0, got -4");
    // Standard error: the bad line, then the summary with exit code 2.
    let err: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(err.len(), 2, "{}", r.stderr);
    assert_eq!(err[0], "declutter: <stdin>: line 3: label 1 (id \"x\"): field `width`: expected a number > 0, got -4");
    assert!(err[1].contains("5 lines: 4 placed, 1 bad (first: line 3)"), "{}", err[1]);
    assert!(!r.stderr.contains("panicked"));
}

#[test]
fn ndjson_five_megabytes_of_garbage_lines() {
    // Random bytes and JSON-like characters: every non-blank line is an error object, in order.
    let alphabet = b"[]{}\",:0123456789.eE+-truefalsnl \n";
    for (seed, json_like) in [(11u64, false), (12, true)] {
        let mut rng = Rng::new(seed);
        let bytes: Vec<u8> = (0..5 << 20)
            .map(|_| {
                let b = rng.next_u64() as u8;
                if json_like { alphabet[b as usize % alphabet.len()] } else { b }
            })
            .collect();
        let r = run(&["place", "--ndjson"], Some(&bytes));
        r.assert_code(2);
        assert!(!r.stderr.contains("panicked"), "{}", truncate(&r.stderr, 2000));
        let mut expected = Vec::new();
        let mut pieces: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
        if pieces.last().is_some_and(|p| p.is_empty()) {
            pieces.pop();
        }
        for (i, piece) in pieces.iter().enumerate() {
            if !piece.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
                expected.push(i as u64 + 1);
            }
        }
        let lines = ndjson_lines(&r.stdout);
        assert_eq!(lines.len(), expected.len());
        for (value, &n) in lines.iter().zip(&expected) {
            ndjson_error(value, n);
        }
    }
}

#[test]
fn ndjson_truncated_last_line_non_utf8_line_and_unicode_ids() {
    let mut input = format!("{}\n", tiny(1)).into_bytes();
    input.extend_from_slice(b"{\"labels\": [{\"id\": \"Stra\xDFe\"}]}\n");
    input.extend_from_slice(
        "{\"labels\": [{\"id\": \"東京\", \"x\": 1, \"y\": 1, \"width\": 2, \"height\": 0}]}\n".as_bytes(),
    );
    let full = tiny(4);
    input.extend_from_slice(&full.as_bytes()[..full.len() / 2]);
    let r = run(&["place", "--ndjson"], Some(&input));
    r.assert_code(2);
    let lines = ndjson_lines(&r.stdout);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["placements"][0]["visible"], json!(true));
    names(ndjson_error(&lines[1], 2), &["not UTF-8", "offset 24 of the line"]);
    names(ndjson_error(&lines[2], 3), &["label 0 (id \"東京\")", "`height`", "> 0"]);
    names(ndjson_error(&lines[3], 4), &["EOF"]);
    assert!(r.stderr.contains("4 lines: 1 placed, 3 bad (first: line 2)"), "{}", r.stderr);
}

// ---- Known bugs: each test states the contract and fails today. ----------------------------

#[test]
fn a_label_written_as_an_array_is_rejected() {
    let line = rejected(r#"{"labels": [[1, 2, 3, 4, 5]]}"#);
    names_index(&line, 0);
}

#[test]
fn a_document_written_as_an_array_is_rejected() {
    rejected(r#"[null, [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]]"#);
}

#[test]
fn a_viewport_written_as_an_array_is_rejected() {
    names(&rejected(r#"{"viewport": [800, 600], "labels": []}"#), &["viewport"]);
}

#[test]
fn every_line_number_in_the_error_is_a_document_line() {
    // Label 2 spans lines 4 to 6; its bad `height` is on line 6, and the error says so.
    let line = rejected(&with_bad_label("{\"id\": \"bad\",\n\"x\": 1, \"y\": 1, \"width\": 2,\n\"height\": \"tall\"}"));
    names(&line, &["line 6", ID, "`height`"]);
    names_index(&line, 2);
    for (i, _) in line.match_indices("line ") {
        let n: usize = line[i + 5..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0);
        assert!((4..=6).contains(&n), "`line {n}` does not point into label 2 (lines 4-6): {line}");
    }
}

#[test]
fn a_field_name_with_a_newline_keeps_the_error_on_one_line() {
    bad_label(r#"{"id": "bad", "x": 1, "y": 1, "width": 2, "height": 2, "pro\nrity": 3}"#, &[ID]);
}

#[test]
fn the_error_line_stays_short_for_huge_strings() {
    let huge = "x".repeat(1 << 20);
    let line = bad_label(&format!(r#"{{"id": "bad", "x": "{huge}", "y": 1, "width": 2, "height": 2}}"#), &[ID, "`x`"]);
    assert!(line.len() < 4096, "error line of {} bytes", line.len());
}
