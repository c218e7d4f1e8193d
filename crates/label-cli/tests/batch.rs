//! `declutter place A B … --out-dir DIR`: many files in parallel, one result each, named after
//! its input; a bad file is reported and the others still complete.

mod common;

use std::path::Path;

use common::{Run, check_consistency, dir_entries, random_document, run, run_in, strip_volatile, write_file};
use serde_json::{Value, json};

fn read_json(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// `declutter place INPUTS… --out-dir OUT EXTRA…`.
fn place_into<P: AsRef<Path>>(inputs: &[P], out: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["place"];
    args.extend(inputs.iter().map(|p| p.as_ref().to_str().unwrap()));
    args.extend(["--out-dir", out.to_str().unwrap()]);
    args.extend(extra);
    run(&args, None)
}

/// What `declutter place FILE` prints for `path`, without the volatile counters.
fn single(path: &Path) -> Value {
    let mut out = run(&["place", path.to_str().unwrap()], None).ok_json();
    strip_volatile(&mut out);
    out
}

#[test]
fn every_input_gets_its_result_named_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let inputs: Vec<_> = (0..12)
        .map(|i| write_file(dir.path(), &format!("tile-{i}.json"), random_document(i, 200).to_string().as_bytes()))
        .collect();
    let out_dir = dir.path().join("results");
    let r = place_into(&inputs, &out_dir, &["--threads", "3"]);
    r.assert_code(0);
    assert!(r.stdout.is_empty(), "results go to files only");
    assert_eq!(r.stderr.trim_end(), "declutter: 12 files: 12 placed, 0 with bad input, 0 could not be read or written");
    let mut expected: Vec<String> = (0..12).map(|i| format!("tile-{i}.result.json")).collect();
    expected.sort();
    assert_eq!(dir_entries(&out_dir), expected, "one result per input and no temporary file");
    for (i, input) in inputs.iter().enumerate() {
        let mut result = read_json(&out_dir.join(format!("tile-{i}.result.json")));
        check_consistency(&result);
        strip_volatile(&mut result);
        assert_eq!(result, single(input), "tile-{i}");
    }
}

#[test]
fn a_bad_file_is_reported_and_the_others_complete() {
    let dir = tempfile::tempdir().unwrap();
    let good = write_file(dir.path(), "good.json", random_document(5, 50).to_string().as_bytes());
    let bad = write_file(
        dir.path(),
        "bad.json",
        b"{\"labels\": [\n{\"id\": \"p\", \"x\": 1, \"y\": 1, \"width\": 0, \"height\": 2}]}",
    );
    let also_good = write_file(dir.path(), "also good.json", br#"{"labels": []}"#);
    let out = dir.path().join("out");
    let r = place_into(&[&good, &bad, &also_good], &out, &[]);
    r.assert_code(2);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stderr);
    assert_eq!(
        lines[0],
        format!(
            "declutter: {}: line 2: label 0 (id \"p\"): field `width`: expected a number > 0, got 0",
            bad.display()
        )
    );
    assert_eq!(lines[1], "declutter: 3 files: 2 placed, 1 with bad input, 0 could not be read or written");
    assert_eq!(dir_entries(&out), ["also good.result.json", "good.result.json"]);
    assert_eq!(read_json(&out.join("also good.result.json"))["placements"], json!([]));
}

#[test]
fn an_unreadable_file_makes_exit_code_1_even_with_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let good = write_file(dir.path(), "good.json", br#"{"labels": []}"#);
    let bad = write_file(dir.path(), "bad.json", b"{");
    let missing = dir.path().join("missing.json");
    let out = dir.path().join("out");
    let r = place_into(&[&missing, &bad, &good], &out, &[]);
    r.assert_code(1);
    assert!(r.stderr.contains(&format!("cannot read {}", missing.display())), "{}", r.stderr);
    assert!(r.stderr.contains("3 files: 1 placed, 1 with bad input, 1 could not be read or written"), "{}", r.stderr);
    assert_eq!(dir_entries(&out), ["good.result.json"]);
}

#[test]
fn an_output_that_cannot_be_written_is_an_io_failure_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "a.json", br#"{"labels": []}"#);
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    // A directory where the result file should go: the rename fails.
    std::fs::create_dir(out.join("a.result.json")).unwrap();
    let r = place_into(&[&input], &out, &[]);
    r.assert_code(1);
    assert_eq!(dir_entries(&out), ["a.result.json"], "no temporary file left");
    // The output directory is a file.
    let r = place_into(&[&input], &input, &[]);
    let line = r.assert_failure(1);
    assert!(line.ends_with(&format!("--out-dir {}: not a directory", input.display())), "{line}");
}

#[test]
fn the_output_directory_is_created_and_relative_paths_work() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "a.json", br#"{"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}"#);
    write_file(dir.path(), "b", br#"{"labels": []}"#);
    let r = run_in(Some(dir.path()), &["place", "a.json", "b", "--out-dir", "new/deeper"], None);
    r.assert_code(0);
    assert_eq!(dir_entries(&dir.path().join("new/deeper")), ["a.result.json", "b.result.json"]);
}

#[test]
fn ndjson_files_are_streamed_into_ndjson_results() {
    let dir = tempfile::tempdir().unwrap();
    let lines = format!("{}\n{}\n", json!({"labels": []}), random_document(1, 20));
    let stream = write_file(dir.path(), "tiles.ndjson", lines.as_bytes());
    let bad_stream = write_file(dir.path(), "broken.jsonl", b"{\"labels\": []}\nnot json\n");
    let out = dir.path().join("out");
    let r = place_into(&[&stream, &bad_stream], &out, &[]);
    r.assert_code(2);
    assert_eq!(dir_entries(&out), ["broken.result.jsonl", "tiles.result.ndjson"]);
    let text = std::fs::read_to_string(out.join("tiles.result.ndjson")).unwrap();
    assert_eq!(text.lines().count(), 2);
    let broken = std::fs::read_to_string(out.join("broken.result.jsonl")).unwrap();
    let second: Value = serde_json::from_str(broken.lines().nth(1).unwrap()).unwrap();
    assert_eq!(second["line"], json!(2));
    assert!(r.stderr.contains("broken.jsonl: 2 lines: 1 placed, 1 bad (first: line 2)"), "{}", r.stderr);
}

#[test]
fn summary_and_pretty_apply_to_every_file() {
    let dir = tempfile::tempdir().unwrap();
    let a = write_file(dir.path(), "a.json", random_document(2, 30).to_string().as_bytes());
    let b = write_file(dir.path(), "b.json", random_document(3, 30).to_string().as_bytes());
    let out = dir.path().join("out");
    let r = place_into(&[&a, &b], &out, &["--summary", "--pretty"]);
    r.assert_code(0);
    assert_eq!(r.stderr.lines().filter(|l| l.contains(" labels: ")).count(), 2, "{}", r.stderr);
    let text = std::fs::read_to_string(out.join("a.result.json")).unwrap();
    assert!(text.lines().count() > 10, "indented");
}

#[test]
fn inputs_that_cannot_make_a_batch_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("x")).unwrap();
    std::fs::create_dir(dir.path().join("y")).unwrap();
    let one = write_file(&dir.path().join("x"), "same.json", br#"{"labels": []}"#);
    let two = write_file(&dir.path().join("y"), "same.json", br#"{"labels": []}"#);
    let out = dir.path().join("out");
    let (one, two, out_s) = (one.to_str().unwrap(), two.to_str().unwrap(), out.to_str().unwrap());
    let line = run(&["place", one, two, "--out-dir", out_s], None).assert_failure(2);
    assert!(line.contains("same.result.json"), "{line}");
    run(&["place", one, "-", "--out-dir", out_s], Some(b"{}")).assert_failure(2);
    assert!(!out.exists(), "nothing created");
    // Several inputs without --out-dir, and --out-dir with --output.
    let line = run(&["place", one, two], None).assert_failure(2);
    assert!(line.contains("--out-dir"), "{line}");
    run(&["place", one, "--out-dir", out_s, "-o", "x.json"], None).assert_code(2);
    // A bad option is refused once, not once per file.
    let line = run(&["place", one, "--out-dir", out_s, "--max-overlap-area=-1"], None).assert_failure(2);
    assert!(line.contains("--max-overlap-area"), "{line}");
    assert!(!out.exists());
}

#[test]
fn thread_count_does_not_change_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let inputs: Vec<_> = (0..4)
        .map(|i| write_file(dir.path(), &format!("{i}.json"), random_document(40 + i, 400).to_string().as_bytes()))
        .collect();
    let mut results = Vec::new();
    for threads in ["1", "4"] {
        let out = dir.path().join(format!("out-{threads}"));
        place_into(&inputs, &out, &["--threads", threads]).assert_code(0);
        let docs: Vec<Value> = (0..4)
            .map(|i| {
                let mut v = read_json(&out.join(format!("{i}.result.json")));
                strip_volatile(&mut v);
                v
            })
            .collect();
        results.push(docs);
    }
    assert_eq!(results[0], results[1]);
}
