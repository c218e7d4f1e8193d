//! `declutter place --ndjson`: one document per input line, one result per output line, in
//! order; bad lines become error objects and the stream goes on; exit 2 when any line was bad.

mod common;

use common::{
    check_consistency, dir_entries, ndjson_error, ndjson_lines, random_document, run, strip_volatile, write_file,
};
use serde_json::{Value, json};

/// A one-label document whose label's id is `id`.
fn tiny(id: u64) -> String {
    json!({"labels": [{"id": id, "x": (id % 100) as f64, "y": 5, "width": 8, "height": 8}]}).to_string()
}

#[test]
fn each_line_gives_what_the_single_document_mode_gives() {
    let docs: Vec<Value> = (0..4).map(|seed| random_document(seed, 150)).collect();
    let input: String = docs.iter().map(|d| format!("{d}\n")).collect();
    let r = run(&["place", "--ndjson", "-"], Some(input.as_bytes()));
    r.assert_code(0);
    let lines = ndjson_lines(&r.stdout);
    assert_eq!(lines.len(), docs.len());
    for (doc, mut line) in docs.iter().zip(lines) {
        check_consistency(&line);
        let mut single = run(&["place", "-"], Some(doc.to_string().as_bytes())).ok_json();
        strip_volatile(&mut single);
        strip_volatile(&mut line);
        assert_eq!(line, single);
    }
    // One summary line on standard error.
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("<stdin>: 4 lines: 4 placed, 0 bad"), "{}", r.stderr);
}

#[test]
fn a_large_stream_keeps_every_line_in_order() {
    const LINES: u64 = 20_000;
    // Bad lines and blank lines at known places.
    let is_bad = |n: u64| n.is_multiple_of(997);
    let is_blank = |n: u64| n.is_multiple_of(1009);
    let mut input = String::new();
    for n in 1..=LINES {
        if is_blank(n) {
            input.push_str("  \r\n");
        } else if is_bad(n) {
            input.push_str(&format!("{{\"labels\": [{{\"id\": {n}, \"x\": 1}}]}}\n"));
        } else {
            input.push_str(&tiny(n));
            input.push('\n');
        }
    }
    // Several threads, so that lines are placed in parallel and must still come out in order.
    {
        let r = run(&["place", "--ndjson", "-", "--threads", "4"], Some(input.as_bytes()));
        r.assert_code(2);
        let lines = ndjson_lines(&r.stdout);
        let expected: Vec<u64> = (1..=LINES).filter(|&n| !is_blank(n)).collect();
        assert_eq!(lines.len(), expected.len(), "one output line per non-blank input line");
        for (value, &n) in lines.iter().zip(&expected) {
            if is_bad(n) {
                let error = ndjson_error(value, n);
                assert!(error.contains(&format!("label 0 (id {n})")) && error.contains("missing field `y`"), "{error}");
            } else {
                assert_eq!(value["placements"][0]["id"], json!(n), "the result of line {n} is out of place");
                assert_eq!(value["placements"][0]["visible"], json!(true));
            }
        }
        let bad = (1..=LINES).filter(|&n| is_bad(n) && !is_blank(n)).count();
        let blank = (1..=LINES).filter(|&n| is_blank(n)).count();
        let summary = r.stderr.lines().last().unwrap_or_default();
        let want = format!(
            "{LINES} lines: {} placed, {bad} bad (first: line 997), {blank} blank skipped",
            expected.len() - bad
        );
        assert!(summary.contains(&want), "summary {summary:?} should say {want:?}");
        // Ten bad lines are shown one by one, the rest only counted.
        assert_eq!(r.stderr.lines().filter(|l| l.starts_with("declutter: <stdin>: line ")).count(), 10, "{}", r.stderr);
    }
}

#[test]
fn an_ndjson_file_is_recognised_by_its_extension() {
    let dir = tempfile::tempdir().unwrap();
    let input = format!("{}\n{}\n", tiny(1), tiny(2));
    for name in ["tiles.ndjson", "tiles.jsonl", "TILES.NDJSON"] {
        let path = write_file(dir.path(), name, input.as_bytes());
        let r = run(&["place", path.to_str().unwrap()], None);
        r.assert_code(0);
        assert_eq!(ndjson_lines(&r.stdout).len(), 2, "{name}");
    }
    // The same text as a `.json` file is one document with trailing data: refused.
    let path = write_file(dir.path(), "tiles.json", input.as_bytes());
    run(&["place", path.to_str().unwrap()], None).assert_failure(2);
}

#[test]
fn output_file_is_written_whole_and_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let out = write_file(dir.path(), "out.ndjson", b"old");
    let input = format!("{}\n{{\n{}", tiny(1), tiny(3));
    let r = run(&["place", "--ndjson", "-o", out.to_str().unwrap()], Some(input.as_bytes()));
    r.assert_code(2);
    assert!(r.stdout.is_empty());
    let lines = ndjson_lines(&std::fs::read(&out).unwrap());
    assert_eq!(lines.len(), 3);
    assert!(ndjson_error(&lines[1], 2).contains("EOF"), "{}", lines[1]);
    assert_eq!(lines[2]["placements"][0]["id"], json!(3));
    assert_eq!(dir_entries(dir.path()), ["out.ndjson"], "no temporary file left");
    // Into a directory that does not exist: exit 1, nothing left anywhere.
    let missing = dir.path().join("missing").join("out.ndjson");
    let r = run(&["place", "--ndjson", "-o", missing.to_str().unwrap()], Some(input.as_bytes()));
    let line = r.assert_failure(1);
    assert!(line.contains("missing"), "{line}");
    assert_eq!(dir_entries(dir.path()), ["out.ndjson"]);
}

#[test]
fn summary_alone_writes_no_results() {
    let input = format!("{}\n{}\n", tiny(1), tiny(2));
    let r = run(&["place", "--ndjson", "--summary"], Some(input.as_bytes()));
    r.assert_code(0);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("2 lines: 2 placed, 0 bad"), "{}", r.stderr);
}

#[test]
fn windows_line_endings_a_byte_order_mark_and_no_final_line_break() {
    let input = format!("\u{feff}{}\r\n{}\r\n{}", tiny(1), tiny(2), tiny(3));
    let r = run(&["place", "--ndjson"], Some(input.as_bytes()));
    r.assert_code(0);
    let ids: Vec<Value> = ndjson_lines(&r.stdout).iter().map(|l| l["placements"][0]["id"].clone()).collect();
    assert_eq!(ids, [json!(1), json!(2), json!(3)]);
}

#[test]
fn an_empty_stream_is_fine() {
    for input in [&b""[..], b"\n\n  \n"] {
        let r = run(&["place", "--ndjson"], Some(input));
        r.assert_code(0);
        assert!(r.stdout.is_empty());
    }
}

#[test]
fn a_document_spread_over_lines_is_one_bad_line_each() {
    // Pretty-printed JSON is not NDJSON: every line is refused on its own, none panics.
    let pretty = serde_json::to_string_pretty(&random_document(3, 3)).unwrap();
    let r = run(&["place", "--ndjson"], Some(pretty.as_bytes()));
    r.assert_code(2);
    let lines = ndjson_lines(&r.stdout);
    assert_eq!(lines.len(), pretty.lines().filter(|l| !l.trim().is_empty()).count());
    for (i, value) in lines.iter().enumerate() {
        ndjson_error(value, i as u64 + 1);
    }
}

#[test]
fn ndjson_refuses_options_that_make_no_sense_for_a_stream() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    run(&["place", "--ndjson", "--pretty"], Some(tiny(1).as_bytes())).assert_code(2);
    run(&["place", "--ndjson", "--svg", svg.to_str().unwrap()], Some(tiny(1).as_bytes())).assert_code(2);
    assert!(!svg.exists());
    // A bad option is one error, not one per line.
    let line = run(&["place", "--ndjson", "--tile-size", "0"], Some(tiny(1).as_bytes())).assert_failure(2);
    assert!(line.contains("--tile-size"), "{line}");
}
