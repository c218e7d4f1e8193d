//! `declutter place` on valid input: every way in and out, every option, the shape of the
//! result document.

mod common;

use std::collections::HashSet;

use common::{
    Rng, check_consistency, dir_entries, place_stdin, placements, random_document, run, run_in, stat, strip_time,
    write_file,
};
use serde_json::{Value, json};

/// A small document with a collision, an obstacle hit and an offscreen label.
fn small_doc() -> Value {
    json!({
        "viewport": {"width": 400, "height": 300},
        "labels": [
            {"id": "Wien", "x": 100, "y": 100, "width": 60, "height": 16, "priority": 3},
            {"id": 2, "x": 120, "y": 104, "width": 60, "height": 16, "priority": 1},
            {"id": "Graz", "x": 300, "y": 200, "width": 40, "height": 12},
            {"id": "far", "x": 900, "y": 900, "width": 40, "height": 12},
            {"id": "under-button", "x": 20, "y": 20, "width": 30, "height": 12, "priority": 9},
        ],
        "obstacles": [
            {"id": "button", "type": "box", "x": 0, "y": 0, "width": 32, "height": 32},
        ],
    })
}

/// The decisions of [`small_doc`], as `(id, visible, reason, hidden_by)`.
fn check_small_doc(out: &Value) {
    check_consistency(out);
    let expected = json!([
        {"id": "Wien", "visible": true},
        {"id": 2, "visible": false, "reason": "collision", "hidden_by": "Wien"},
        {"id": "Graz", "visible": true},
        {"id": "far", "visible": false, "reason": "offscreen"},
        {"id": "under-button", "visible": false, "reason": "collision", "hidden_by": "button",
         "hidden_by_obstacle": true},
    ]);
    assert_eq!(out["placements"], expected);
    assert_eq!(stat(out, "labels"), 5);
    assert_eq!(stat(out, "obstacles"), 1);
    assert_eq!(stat(out, "visible"), 2);
    assert_eq!(stat(out, "hidden_collision"), 2);
    assert_eq!(stat(out, "hidden_offscreen"), 1);
    assert!(out["stats"]["threads"].as_u64().is_some_and(|t| t >= 1));
    assert!(out["stats"]["engine_ms"].as_f64().is_some_and(|t| t.is_finite() && t >= 0.0));
}

fn ids(out: &Value) -> Vec<Value> {
    placements(out).iter().map(|p| p["id"].clone()).collect()
}

fn visible_ids(out: &Value) -> Vec<Value> {
    placements(out).iter().filter(|p| p["visible"] == json!(true)).map(|p| p["id"].clone()).collect()
}

#[test]
fn reads_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.json", small_doc().to_string().as_bytes());
    let out = run(&["place", input.to_str().unwrap()], None).ok_json();
    check_small_doc(&out);
}

#[test]
fn reads_stdin_with_dash() {
    let out = run(&["place", "-"], Some(small_doc().to_string().as_bytes())).ok_json();
    check_small_doc(&out);
}

#[test]
fn reads_stdin_without_argument() {
    let out = run(&["place"], Some(small_doc().to_string().as_bytes())).ok_json();
    check_small_doc(&out);
}

#[test]
fn output_file_holds_what_stdout_would_and_no_temporary_file_remains() {
    let dir = tempfile::tempdir().unwrap();
    let doc = random_document(11, 500);
    let input = write_file(dir.path(), "in.json", doc.to_string().as_bytes());
    let out_path = dir.path().join("out.json");

    let mut from_stdout = run(&["place", input.to_str().unwrap()], None).ok_json();
    let written = run(&["place", input.to_str().unwrap(), "-o", out_path.to_str().unwrap()], None);
    written.assert_code(0);
    assert!(
        written.stdout.is_empty(),
        "with -o nothing goes to stdout, got {:?}",
        String::from_utf8_lossy(&written.stdout)
    );
    assert!(written.stderr.is_empty(), "stderr: {}", written.stderr);
    let mut from_file: Value = serde_json::from_slice(&std::fs::read(&out_path).unwrap()).expect("-o writes JSON");
    check_consistency(&from_file);
    strip_time(&mut from_stdout);
    strip_time(&mut from_file);
    assert_eq!(from_file, from_stdout);
    assert_eq!(dir_entries(dir.path()), ["in.json", "out.json"]);
}

#[test]
fn output_file_relative_to_the_working_directory_replaces_an_old_file() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "in.json", small_doc().to_string().as_bytes());
    write_file(dir.path(), "out.json", b"old content that is longer than nothing");
    let r = run_in(Some(dir.path()), &["place", "in.json", "--output", "out.json"], None);
    r.assert_code(0);
    assert!(r.stdout.is_empty());
    let out: Value = serde_json::from_slice(&std::fs::read(dir.path().join("out.json")).unwrap())
        .expect("the old file is replaced by JSON");
    check_small_doc(&out);
    assert_eq!(dir_entries(dir.path()), ["in.json", "out.json"]);
}

#[test]
fn pretty_output_is_indented_and_means_the_same() {
    let mut plain = place_stdin(&small_doc(), &[]).ok_json();
    let r = place_stdin(&small_doc(), &["--pretty"]);
    let mut pretty = r.ok_json();
    let text = String::from_utf8(r.stdout.clone()).unwrap();
    assert!(text.lines().count() > 10, "--pretty should spread the document over many lines:\n{text}");
    assert!(text.lines().any(|l| l.starts_with("  \"placements\"")), "--pretty should indent the keys:\n{text}");
    let plain_text = String::from_utf8(place_stdin(&small_doc(), &[]).stdout).unwrap();
    assert_eq!(plain_text.trim_end().lines().count(), 1, "without --pretty the JSON is one line");
    check_small_doc(&pretty);
    strip_time(&mut plain);
    strip_time(&mut pretty);
    assert_eq!(plain, pretty);
}

#[test]
fn summary_goes_to_stderr_and_replaces_the_json() {
    let r = place_stdin(&small_doc(), &["--summary"]);
    r.assert_code(0);
    assert!(r.stdout.is_empty(), "--summary without -o writes no JSON, got {:?}", String::from_utf8_lossy(&r.stdout));
    let line = r.stderr.strip_suffix('\n').unwrap_or(&r.stderr);
    assert!(!line.is_empty() && !line.contains('\n'), "one summary line: {:?}", r.stderr);
    assert!(line.contains("5 labels"), "summary names the count: {line}");
    assert!(line.contains("2 shown"), "summary names the shown: {line}");
}

#[test]
fn summary_with_output_file_writes_both() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("result.json");
    let r = run(&["place", "--summary", "-o", out_path.to_str().unwrap()], Some(small_doc().to_string().as_bytes()));
    r.assert_code(0);
    assert!(r.stdout.is_empty());
    assert_eq!(r.stderr.lines().count(), 1, "one summary line: {:?}", r.stderr);
    let out: Value = serde_json::from_slice(&std::fs::read(&out_path).unwrap()).unwrap();
    check_small_doc(&out);
    assert_eq!(dir_entries(dir.path()), ["result.json"]);
}

#[test]
fn svg_picture_is_written_beside_the_json() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "in.json", small_doc().to_string().as_bytes());
    let out = run_in(Some(dir.path()), &["place", "in.json", "--svg", "picture.svg"], None).ok_json();
    check_small_doc(&out);
    let svg = std::fs::read_to_string(dir.path().join("picture.svg")).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    assert_eq!(dir_entries(dir.path()), ["in.json", "picture.svg"]);
}

#[test]
fn threads_and_tile_size_do_not_change_the_placements() {
    let doc = random_document(2024, 1000);
    let base = place_stdin(&doc, &["--threads", "1"]).ok_json();
    check_consistency(&base);
    // The data must exercise every outcome, or equality proves little.
    let ps = placements(&base);
    assert!(stat(&base, "visible") > 100, "{}", base["stats"]);
    assert!(stat(&base, "hidden_collision") > 100, "{}", base["stats"]);
    assert!(stat(&base, "hidden_offscreen") > 10, "{}", base["stats"]);
    let hidden_by_labels =
        ps.iter().filter(|p| p.get("hidden_by").is_some() && p.get("hidden_by_obstacle").is_none()).count();
    assert!(hidden_by_labels > 100, "most collisions are between labels");
    assert!(ps.iter().any(|p| p.get("hidden_by_obstacle").is_some()), "some label should be hidden by an obstacle");
    assert_eq!(base["stats"]["threads"], json!(1));
    for args in [
        &["--threads", "2"][..],
        &["--tile-size", "13"],
        &["--threads", "3", "--tile-size", "13"],
        &["--threads", "2", "--tile-size", "400"],
        &[],
        &["--threads", "1"],
    ] {
        let other = place_stdin(&doc, args).ok_json();
        check_consistency(&other);
        let diff = common::placement_differences(&base, &other, 5);
        assert!(diff.is_empty(), "placements with {args:?} differ from --threads 1:\n{diff}");
        if args.starts_with(&["--threads", "2"]) {
            assert_eq!(other["stats"]["threads"], json!(2));
        }
    }
}

#[test]
fn max_overlap_area_tolerates_small_overlaps_between_labels() {
    // a covers x 0..20, b covers x 18..38, both y 0..10: they overlap by 20 px².
    let doc = json!({"labels": [
        {"id": "a", "x": 10, "y": 5, "width": 20, "height": 10},
        {"id": "b", "x": 28, "y": 5, "width": 20, "height": 10},
    ]});
    let strict = place_stdin(&doc, &[]).ok_json();
    assert_eq!(visible_ids(&strict), [json!("a")]);
    assert_eq!(placements(&strict)[1]["hidden_by"], json!("a"));
    let small = place_stdin(&doc, &["--max-overlap-area", "15"]).ok_json();
    assert_eq!(visible_ids(&small), [json!("a")]);
    let tolerant = place_stdin(&doc, &["--max-overlap-area", "25"]).ok_json();
    check_consistency(&tolerant);
    assert_eq!(visible_ids(&tolerant), [json!("a"), json!("b")]);
    assert_eq!(stat(&tolerant, "hidden_collision"), 0);
}

#[test]
fn max_overlap_area_does_not_apply_to_obstacles() {
    let doc = json!({
        "labels": [{"id": "a", "x": 100, "y": 5, "width": 20, "height": 10}],
        "obstacles": [{"type": "box", "x": 109, "y": 0, "width": 10, "height": 10}],
    });
    let run = place_stdin(&doc, &["--max-overlap-area", "1000"]);
    run.assert_code(0);
    assert!(run.stderr.contains("warning: <stdin>: no label is shown"), "{}", run.stderr);
    let out = run.json();
    assert_eq!(
        placements(&out)[0],
        json!({"id": "a", "visible": false, "reason": "collision",
               "hidden_by": "obstacle-0", "hidden_by_obstacle": true})
    );
}

#[test]
fn placements_come_in_input_order_with_every_id_once() {
    // Priorities make the engine visit the labels in a different order from the input.
    let mut rng = Rng::new(7);
    let labels: Vec<Value> = (0..400)
        .map(|i| {
            json!({
                "id": if i % 2 == 0 { json!(1000 - i) } else { json!(format!("s{i}")) },
                "x": rng.range(0.0, 500.0),
                "y": rng.range(0.0, 500.0),
                "width": 30, "height": 10,
                "priority": rng.below(1000),
            })
        })
        .collect();
    let input_ids: Vec<Value> = labels.iter().map(|l| l["id"].clone()).collect();
    let out = place_stdin(&json!({ "labels": labels }), &[]).ok_json();
    check_consistency(&out);
    assert_eq!(ids(&out), input_ids);
    let unique: HashSet<String> = ids(&out).iter().map(Value::to_string).collect();
    assert_eq!(unique.len(), 400);
}

#[test]
fn priority_wins_over_input_position_and_ties_go_to_the_earlier_label() {
    let doc = json!({"labels": [
        {"id": "low", "x": 50, "y": 50, "width": 40, "height": 10, "priority": 1},
        {"id": "high", "x": 60, "y": 50, "width": 40, "height": 10, "priority": 2},
        {"id": "tie-first", "x": 300, "y": 50, "width": 40, "height": 10},
        {"id": "tie-second", "x": 310, "y": 50, "width": 40, "height": 10},
    ]});
    let out = place_stdin(&doc, &[]).ok_json();
    assert_eq!(
        out["placements"],
        json!([
            {"id": "low", "visible": false, "reason": "collision", "hidden_by": "high"},
            {"id": "high", "visible": true},
            {"id": "tie-first", "visible": true},
            {"id": "tie-second", "visible": false, "reason": "collision", "hidden_by": "tie-first"},
        ])
    );
}

#[test]
fn integer_and_string_ids_keep_their_json_type() {
    let ids_in = [
        json!(0),
        json!(-17),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(1),
        json!("1"),
        json!(""),
        json!("with \"quotes\" and \\ and \n newline"),
    ];
    let labels: Vec<Value> = ids_in
        .iter()
        .enumerate()
        .map(|(i, id)| json!({"id": id, "x": i as f64 * 100.0, "y": 0, "width": 50, "height": 10}))
        .collect();
    let out = place_stdin(&json!({ "labels": labels }), &[]).ok_json();
    check_consistency(&out);
    assert_eq!(ids(&out), ids_in, "ids come back unchanged, with their type");
    assert_eq!(stat(&out, "visible"), ids_in.len() as u64);

    // hidden_by keeps the type as well: an integer 1 and a string "1" are different labels.
    let doc = json!({"labels": [
        {"id": 1, "x": 0, "y": 0, "width": 50, "height": 10, "priority": 2},
        {"id": "1", "x": 10, "y": 0, "width": 50, "height": 10, "priority": 1},
        {"id": "x", "x": 200, "y": 0, "width": 50, "height": 10, "priority": 2},
        {"id": 7, "x": 210, "y": 0, "width": 50, "height": 10, "priority": 1},
    ]});
    let out = place_stdin(&doc, &[]).ok_json();
    assert_eq!(placements(&out)[1]["hidden_by"], json!(1));
    assert_eq!(placements(&out)[1]["id"], json!("1"));
    assert_eq!(placements(&out)[3]["hidden_by"], json!("x"));
}

#[test]
fn every_obstacle_type_hides_labels_and_is_named() {
    let doc = json!({
        "labels": [
            {"id": "on-box", "x": 50, "y": 50, "width": 30, "height": 10},
            {"id": "on-obb", "x": 250, "y": 50, "width": 30, "height": 10},
            {"id": "on-circle", "x": 450, "y": 50, "width": 30, "height": 10},
            {"id": "on-polygon", "x": 650, "y": 50, "width": 30, "height": 10},
            {"id": "on-segment", "x": 850, "y": 50, "width": 30, "height": 10},
            {"id": "free", "x": 50, "y": 500, "width": 30, "height": 10},
            {"id": "box", "x": 250, "y": 500, "width": 30, "height": 10, "priority": 5},
            {"id": "under-label-named-box", "x": 255, "y": 500, "width": 30, "height": 10},
        ],
        "obstacles": [
            {"id": "box", "type": "box", "x": 40, "y": 40, "width": 10, "height": 10},
            {"id": 17, "type": "obb", "x": 260, "y": 50, "width": 10, "height": 40, "angle": 45},
            {"id": "c", "type": "circle", "x": 440, "y": 50, "radius": 3},
            {"id": "p", "type": "polygon", "points": [[640, 40], [660, 40], [650, 60]]},
            {"id": "s", "type": "segment", "points": [[850, 0], [850, 100]]},
        ],
    });
    let out = place_stdin(&doc, &[]).ok_json();
    check_consistency(&out);
    let by_obstacle =
        |by: Value| json!({"visible": false, "reason": "collision", "hidden_by": by, "hidden_by_obstacle": true});
    let mut expected = vec![
        by_obstacle(json!("box")),
        by_obstacle(json!(17)),
        by_obstacle(json!("c")),
        by_obstacle(json!("p")),
        by_obstacle(json!("s")),
        json!({"visible": true}),
        json!({"visible": true}),
        // Hidden by the *label* "box", not the obstacle "box": no hidden_by_obstacle.
        json!({"visible": false, "reason": "collision", "hidden_by": "box"}),
    ];
    for (e, id) in expected.iter_mut().zip(ids(&out)) {
        e.as_object_mut().unwrap().insert("id".into(), id);
    }
    assert_eq!(placements(&out), &expected);
    assert_eq!(stat(&out, "obstacles"), 5);
}

#[test]
fn obstacles_without_id_are_named_by_their_index() {
    let doc = json!({
        "labels": [
            {"id": "a", "x": 10, "y": 10, "width": 10, "height": 10},
            {"id": "b", "x": 110, "y": 10, "width": 10, "height": 10},
            {"id": "c", "x": 210, "y": 10, "width": 10, "height": 10},
        ],
        "obstacles": [
            {"type": "circle", "x": 10, "y": 10, "radius": 2},
            {"id": "named", "type": "circle", "x": 110, "y": 10, "radius": 2},
            {"type": "box", "x": 205, "y": 5, "width": 10, "height": 10},
        ],
    });
    let run = place_stdin(&doc, &[]);
    run.assert_code(0);
    assert!(run.stderr.contains("warning: <stdin>: no label is shown"), "{}", run.stderr);
    let out = run.json();
    let by: Vec<&Value> = placements(&out).iter().map(|p| &p["hidden_by"]).collect();
    assert_eq!(by, [&json!("obstacle-0"), &json!("named"), &json!("obstacle-2")]);
    assert!(placements(&out).iter().all(|p| p["hidden_by_obstacle"] == json!(true)));
}

#[test]
fn offscreen_labels_are_hidden_without_hidden_by_and_block_nothing() {
    let doc = json!({
        "viewport": {"width": 100, "height": 100},
        "labels": [
            {"id": "left-out", "x": -15, "y": 50, "width": 20, "height": 10, "priority": 9},
            {"id": "straddling", "x": 5, "y": 50, "width": 30, "height": 10},
            {"id": "below", "x": 50, "y": 200, "width": 20, "height": 10},
            {"id": "inside", "x": 50, "y": 50, "width": 20, "height": 10},
        ],
    });
    let out = place_stdin(&doc, &[]).ok_json();
    check_consistency(&out);
    assert_eq!(
        out["placements"],
        json!([
            {"id": "left-out", "visible": false, "reason": "offscreen"},
            {"id": "straddling", "visible": true},
            {"id": "below", "visible": false, "reason": "offscreen"},
            {"id": "inside", "visible": true},
        ])
    );
    assert_eq!(stat(&out, "hidden_offscreen"), 2);
}

#[test]
fn an_empty_label_list_is_valid() {
    for doc in [
        json!({"labels": []}),
        json!({"labels": [], "obstacles": []}),
        json!({"labels": [], "viewport": {"width": 10, "height": 10},
               "obstacles": [{"type": "circle", "x": 1, "y": 1, "radius": 1}]}),
    ] {
        let out = place_stdin(&doc, &[]).ok_json();
        check_consistency(&out);
        assert_eq!(out["placements"], json!([]));
        assert_eq!(stat(&out, "labels"), 0);
        assert_eq!(stat(&out, "visible"), 0);
    }
}

#[test]
fn a_single_label_is_visible() {
    let doc = json!({"labels": [{"id": "only", "x": 3, "y": 4, "width": 1, "height": 1}]});
    let out = place_stdin(&doc, &[]).ok_json();
    check_consistency(&out);
    assert_eq!(out["placements"], json!([{"id": "only", "visible": true}]));
}

#[test]
fn labels_that_only_touch_are_both_visible() {
    // contract §3: touching along an edge or at a corner is not a collision.
    let doc = json!({"labels": [
        {"id": "a", "x": 10, "y": 5, "width": 20, "height": 10},
        {"id": "edge", "x": 30, "y": 5, "width": 20, "height": 10},
        {"id": "corner", "x": 50, "y": 15, "width": 20, "height": 10},
        {"id": "padded", "x": 10, "y": 18, "width": 20, "height": 4, "padding": 1},
    ]});
    let out = place_stdin(&doc, &[]).ok_json();
    assert_eq!(stat(&out, "visible"), 4, "{}", out["placements"]);
}

#[test]
fn a_unicode_id_round_trips() {
    let id = "Zürich 東京 🗺 \u{200d}";
    let doc = json!({"labels": [
        {"id": id, "x": 0, "y": 0, "width": 10, "height": 10, "priority": 1},
        {"id": "ß", "x": 1, "y": 0, "width": 10, "height": 10, "text": "Straße"},
    ]});
    let out = place_stdin(&doc, &[]).ok_json();
    assert_eq!(placements(&out)[0]["id"], json!(id));
    assert_eq!(placements(&out)[1]["hidden_by"], json!(id));
    assert_eq!(placements(&out)[1]["id"], json!("ß"));
}

#[test]
fn a_byte_order_mark_at_the_start_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(small_doc().to_string().as_bytes());
    let input = write_file(dir.path(), "bom.json", &bytes);
    let out = run(&["place", input.to_str().unwrap()], None).ok_json();
    check_small_doc(&out);
    let out = run(&["place"], Some(&bytes)).ok_json();
    check_small_doc(&out);
}

#[test]
fn coordinates_of_1e12_work() {
    let far = json!({"id": "far", "x": 1e12, "y": -1e12, "width": 40, "height": 12});
    let near = json!({"id": "near", "x": 10, "y": 10, "width": 40, "height": 12});
    let with_viewport = json!({
        "viewport": {"width": 800, "height": 600},
        "labels": [far.clone(), near.clone()],
    });
    let out = place_stdin(&with_viewport, &[]).ok_json();
    check_consistency(&out);
    assert_eq!(
        out["placements"],
        json!([{"id": "far", "visible": false, "reason": "offscreen"},
               {"id": "near", "visible": true}])
    );
    let without = json!({"labels": [far, near]});
    let out = place_stdin(&without, &[]).ok_json();
    check_consistency(&out);
    assert_eq!(stat(&out, "visible"), 2, "{}", out["placements"]);
}

/// Label boxes 20 × 10 at `base`: `a`, then `b` 1000 px to the right (free), then `c`
/// overlapping `b` by 10 px (hidden by `b`).
fn check_collisions_at(base: f64) {
    let doc = json!({"labels": [
        {"id": "a", "x": base, "y": base, "width": 20, "height": 10},
        {"id": "b", "x": base + 1000.0, "y": base, "width": 20, "height": 10},
        {"id": "c", "x": base + 1010.0, "y": base, "width": 20, "height": 10},
    ]});
    let out = place_stdin(&doc, &[]).ok_json();
    check_consistency(&out);
    assert_eq!(
        out["placements"],
        json!([
            {"id": "a", "visible": true},
            {"id": "b", "visible": true},
            {"id": "c", "visible": false, "reason": "collision", "hidden_by": "b"},
        ]),
        "at {base:e}"
    );
}

#[test]
fn collisions_are_exact_a_million_pixels_from_the_origin() {
    check_collisions_at(1e6);
    check_collisions_at(-1e6);
}

#[test]
fn collisions_are_exact_far_from_the_origin() {
    check_collisions_at(1e9);
    check_collisions_at(1e12);
}

/// The greedy rule of contract §4, written out for axis-aligned boxes with integer coordinates
/// (exact in any float type): returns `(visible, hidden_by index)` per label.
fn greedy_oracle(boxes: &[([f64; 4], f64, bool, bool)]) -> Vec<(bool, Option<usize>)> {
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by(|&a, &b| boxes[b].1.total_cmp(&boxes[a].1).then(a.cmp(&b)));
    let overlaps = |a: &[f64; 4], b: &[f64; 4]| a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    let mut placed: Vec<usize> = Vec::new();
    let mut result = vec![(false, None); boxes.len()];
    for &i in &order {
        let (bx, _, allow_overlap, _) = &boxes[i];
        let blocker = placed.iter().copied().find(|&j| !boxes[j].3 && overlaps(bx, &boxes[j].0));
        match blocker {
            Some(j) if !allow_overlap => result[i] = (false, Some(j)),
            _ => {
                // Every placed label is remembered; `find` above skips the ignore_placement ones.
                result[i] = (true, None);
                placed.push(i);
            }
        }
    }
    result
}

#[test]
fn axis_aligned_labels_follow_the_greedy_rule() {
    let mut rng = Rng::new(99);
    let anchors = common::ANCHORS;
    let mut labels = Vec::new();
    let mut boxes = Vec::new();
    for i in 0..800 {
        // Integer positions, even sizes: many boxes touch exactly, none by rounding.
        let (x, y) = (rng.below(450) as f64, rng.below(300) as f64);
        let (w, h) = (2.0 * (3 + rng.below(20)) as f64, 2.0 * (2 + rng.below(6)) as f64);
        let pad = rng.below(3) as f64;
        let prio = rng.below(4) as f64;
        let anchor = anchors[rng.below(9) as usize];
        let (dx, dy) = (rng.below(5) as f64 - 2.0, rng.below(5) as f64 - 2.0);
        let allow = rng.chance(0.05);
        let ignore = rng.chance(0.05);
        let sx = if anchor.contains("left") {
            w / 2.0
        } else if anchor.contains("right") {
            -w / 2.0
        } else {
            0.0
        };
        let sy = if anchor.starts_with("top") {
            h / 2.0
        } else if anchor.starts_with("bottom") {
            -h / 2.0
        } else {
            0.0
        };
        let (cx, cy) = (x + dx + sx, y + dy + sy);
        let (hx, hy) = (w / 2.0 + pad, h / 2.0 + pad);
        boxes.push(([cx - hx, cy - hy, cx + hx, cy + hy], prio, allow, ignore));
        labels.push(json!({
            "id": i, "x": x, "y": y, "width": w, "height": h, "padding": pad,
            "priority": prio, "anchor": anchor, "offset": [dx, dy],
            "allow_overlap": allow, "ignore_placement": ignore,
        }));
    }
    let out = place_stdin(&json!({ "labels": labels }), &[]).ok_json();
    check_consistency(&out);
    let expected = greedy_oracle(&boxes);
    let mut wrong = Vec::new();
    for (i, (p, (vis, by))) in placements(&out).iter().zip(&expected).enumerate() {
        let want = match by {
            None => json!({"id": i, "visible": vis}),
            Some(j) => json!({"id": i, "visible": false, "reason": "collision", "hidden_by": j}),
        };
        if p != &want {
            wrong.push(format!("expected {want}, got {p}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} labels differ from the greedy rule, first: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    assert!(stat(&out, "hidden_collision") > 200);
    assert!(stat(&out, "visible") > 100);
}

#[cfg(unix)]
#[test]
fn output_file_gets_ordinary_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    // A file the same process creates the ordinary way, for comparison (umask applied).
    let reference = write_file(dir.path(), "reference", b"");
    let out_path = dir.path().join("out.json");
    run(&["place", "-o", out_path.to_str().unwrap()], Some(br#"{"labels": []}"#)).assert_code(0);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(
        format!("{:o}", mode(&out_path)),
        format!("{:o}", mode(&reference)),
        "the result should be as readable as any file the user creates"
    );
}

/// The held-out precision cases, end to end: a label at x = 10¹² changes nothing for two labels
/// 90 px apart near the origin; a name above a point and one below it at 30°, 45° and 60°
/// (their boxes share an edge exactly) are both shown, near the origin and 10⁹ px from it.
#[test]
fn far_labels_and_touching_turned_labels_decide_exactly() {
    let doc = json!({"labels": [
        {"id": "a", "x": 0, "y": 0, "width": 10, "height": 10},
        {"id": "b", "x": 100, "y": 0, "width": 10, "height": 10},
        {"id": "c", "x": 1e12, "y": 0, "width": 10, "height": 10},
    ]});
    let out = place_stdin(&doc, &[]).ok_json();
    assert!(placements(&out).iter().all(|p| p["visible"] == json!(true)), "{out}");
    for angle in [30.0, 45.0, 60.0] {
        for x in [250.5, 1e9] {
            let doc = json!({"labels": [
                {"id": "above", "x": x, "y": 40.1, "width": 82.3, "height": 14.7, "angle": angle, "anchor": "bottom"},
                {"id": "below", "x": x, "y": 40.1, "width": 61.9, "height": 14.7, "angle": angle, "anchor": "top"},
            ]});
            let out = place_stdin(&doc, &[]).ok_json();
            assert!(placements(&out).iter().all(|p| p["visible"] == json!(true)), "{angle}° at {x}: {out}");
        }
    }
}

/// Real data far from the origin: the Natural Earth places (7,342 labels, no viewport) moved by
/// 10⁶, 10⁹ and 10¹² px decide as they do near the origin, with as many exact tests (the broad
/// phase measures its f32 bounds from a point near the labels).
#[test]
fn real_places_moved_far_away_decide_alike() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/natural-earth-places.json");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    doc.as_object_mut().unwrap().remove("viewport");
    let near = place_stdin(&doc, &[]).ok_json();
    for offset in [1e6, 1e9, 1e12] {
        let mut far = doc.clone();
        for label in far["labels"].as_array_mut().unwrap() {
            label["x"] = json!(label["x"].as_f64().unwrap() + offset);
            label["y"] = json!(label["y"].as_f64().unwrap() - offset / 3.0);
        }
        let got = place_stdin(&far, &[]).ok_json();
        assert_eq!(placements(&got), placements(&near), "moved by {offset}");
        assert_eq!(stat(&got, "narrow_tests"), stat(&near, "narrow_tests"), "moved by {offset}");
    }
}

#[test]
fn box_obstacles_take_an_anchor() {
    // A 20-px box at (50, 50): by default its top-left corner (50 … 70), with `anchor: center`
    // its centre (40 … 60). A label from 61 to 69 meets only the first.
    let doc = |anchor: Option<&str>| {
        let mut obstacle = json!({"id": "panel", "type": "box", "x": 50, "y": 50, "width": 20, "height": 20});
        if let Some(a) = anchor {
            obstacle["anchor"] = json!(a);
        }
        // ("b" is always shown, so that no warning says nothing is.)
        let labels = json!([{"id": "a", "x": 65, "y": 55, "width": 8, "height": 4},
            {"id": "b", "x": 200, "y": 200, "width": 8, "height": 4}]);
        json!({"labels": labels, "obstacles": [obstacle]})
    };
    let reason = |anchor| place_stdin(&doc(anchor), &[]).ok_json()["placements"][0]["reason"].clone();
    assert_eq!(reason(None), json!("collision"));
    assert_eq!(reason(Some("top-left")), json!("collision"));
    assert_eq!(reason(Some("center")), Value::Null);
    // `bottom-right`: the box ends at the point (30 … 50): clear too.
    assert_eq!(reason(Some("bottom-right")), Value::Null);
    let r = place_stdin(&doc(Some("middle")), &[]);
    r.assert_code(2);
    assert!(
        r.stderr.contains("obstacle 0") && r.stderr.contains("`anchor`: unknown anchor \"middle\""),
        "{}",
        r.stderr
    );
}
