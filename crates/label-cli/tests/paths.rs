//! Text along a line through the binary (contract §3b "Path"): `path` labels in the label-set
//! JSON with their reasons `no_room` and `too_curved`, bad values named by line, index, id and
//! field; GeoJSON lines with `--line-placement curved` — repeats along long lines, same-name
//! lines merged, flags checked — and pictures drawn glyph by glyph.

mod common;

use std::path::PathBuf;

use common::{place_stdin, placements, run, stat};
use serde_json::{Value, json};

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/geojson").join(name).to_string_lossy().into_owned()
}

#[test]
fn path_labels_are_placed_glyph_by_glyph_with_their_reasons() {
    let doc = json!({
        "viewport": {"width": 400, "height": 300},
        "labels": [
            {"id": "river", "path": [[10, 100], [100, 80], [200, 120], [300, 100]], "text": "Danube", "font_size": 14, "priority": 2},
            {"id": "street", "path": [[300, 150], [20, 150]], "glyph_advances": [8, 8, 8, 8], "height": 12, "path_offset": 200},
            {"id": "short", "path": [[10, 10], [30, 10]], "text": "Long name", "font_size": 14},
            {"id": "bend", "path": [[50, 200], [100, 200], [100, 150]], "glyph_advances": [10, 10, 10, 10], "height": 10, "path_offset": 50},
            // Its box meets the river's glyphs.
            {"id": "box", "x": 160, "y": 100, "width": 30, "height": 10},
            // Inside the bounds of the river's curve but clear of every glyph.
            {"id": "inside", "x": 100, "y": 110, "width": 10, "height": 8}
        ]
    });
    let out = place_stdin(&doc, &[]).ok_json();
    let p = placements(&out);
    // Shown texts along lines carry their glyphs (shown_path_labels_carry_their_glyphs_…).
    let shown = |p: &Value| (p["id"].clone(), p["visible"].clone(), p["glyphs"].as_array().map(Vec::len));
    assert_eq!(shown(&p[0]), (json!("river"), json!(true), Some(6)));
    assert_eq!(shown(&p[1]), (json!("street"), json!(true), Some(4)));
    assert_eq!(p[2], json!({"id": "short", "visible": false, "reason": "no_room"}));
    assert_eq!(p[3], json!({"id": "bend", "visible": false, "reason": "too_curved"}));
    assert_eq!(p[4], json!({"id": "box", "visible": false, "reason": "collision", "hidden_by": "river"}));
    assert_eq!(p[5], json!({"id": "inside", "visible": true}));
    assert_eq!((stat(&out, "hidden_no_room"), stat(&out, "hidden_too_curved")), (1, 1));
}

#[test]
fn the_summary_counts_every_reason() {
    let doc = json!({"viewport": {"width": 400, "height": 300}, "labels": [
        {"id": "short", "path": [[10, 10], [30, 10]], "glyph_advances": [10, 10, 10], "height": 10},
        {"id": "bend", "path": [[50, 200], [100, 200], [100, 150]], "glyph_advances": [10, 10, 10, 10], "height": 10,
         "path_offset": 50},
        {"id": "box", "x": 160, "y": 100, "width": 30, "height": 10}
    ]});
    let out = place_stdin(&doc, &["--summary"]);
    out.assert_code(0);
    assert!(
        out.stderr.contains("3 labels: 1 shown, 0 hidden by collisions, 0 off screen, 1 without room, 1 too curved;"),
        "{}",
        out.stderr
    );
}

#[test]
fn shown_path_labels_carry_their_glyphs_in_every_result() {
    // "ring" runs leftwards: reversed, its offset counted from x = 20, its glyphs at 88 … 112 in
    // reading order; "short" has no room: no glyphs.
    let doc = json!({"viewport": {"width": 400, "height": 300}, "labels": [
        {"id": "ring", "path": [[300, 150], [20, 150]], "glyph_advances": [8, 8, 8, 8], "height": 12,
         "path_offset": 200},
        {"id": "short", "path": [[0, 50], [10, 50]], "glyph_advances": [8, 8], "height": 12}]});
    let want = json!({"id": "ring", "visible": true,
        "glyphs": [[88.0, 150.0, 0.0], [96.0, 150.0, 0.0], [104.0, 150.0, 0.0], [112.0, 150.0, 0.0]], "reversed": true});
    let out = place_stdin(&doc, &[]).ok_json();
    assert_eq!(out["placements"][0], want);
    assert_eq!(out["placements"][1], json!({"id": "short", "visible": false, "reason": "no_room"}));
    // NDJSON: the same entries, line by line.
    let r = run(&["place", "--ndjson"], Some(format!("{doc}\n").as_bytes()));
    assert_eq!(common::ndjson_lines(&r.stdout)[0]["placements"][0], want);
    // GeoJSON: in the properties of shown names along their streets, upright and in order.
    let out = vienna_run(&["--line-placement", "curved"]).ok_json();
    let mut drawn = 0;
    for f in out["features"].as_array().unwrap() {
        let p = &f["properties"];
        let Some(glyphs) = p["glyphs"].as_array() else { continue };
        drawn += 1;
        assert!(p["visible"] == json!(true) && p["reversed"].is_boolean(), "{p}");
        assert!(
            glyphs.iter().all(|g| g.as_array().is_some_and(|g| g.len() == 3 && g.iter().all(Value::is_f64))),
            "{p}"
        );
    }
    assert!(drawn > 50, "{drawn} names drawn glyph by glyph");
}

#[test]
fn bad_path_labels_are_named() {
    let cases = [
        (
            json!({"id": "a", "path": [[0, 0]], "glyph_advances": [1], "height": 3}),
            "field `path`: expected at least 2 points",
        ),
        (
            json!({"id": "a", "path": [[0, 0], [0, 0]], "glyph_advances": [1], "height": 3}),
            "field `path`: point 1 repeats",
        ),
        (
            json!({"id": "a", "path": [[0, 0], [5, 0]], "glyph_advances": [1, -1], "height": 3}),
            "field `glyph_advances`",
        ),
        (json!({"id": "a", "path": [[0, 0], [5, 0]], "height": 3}), "field `glyph_advances`: missing"),
        (json!({"id": "a", "path": [[0, 0], [5, 0]], "glyph_advances": [1]}), "field `height`: missing"),
        (
            json!({"id": "a", "path": [[0, 0], [5, 0]], "glyph_advances": [1], "height": 3, "max_angle": 200}),
            "field `max_angle`: expected a magnitude of at most 180, got 200",
        ),
        (
            json!({"id": "a", "x": 1, "path": [[0, 0], [5, 0]], "glyph_advances": [1], "height": 3}),
            "field `x`: a label with a `path` has none",
        ),
        (
            json!({"id": "a", "path": [[0, 0], [5, 0]], "glyph_advances": [1], "height": 3, "angle": 30}),
            "field `angle`",
        ),
        (json!({"id": "a", "glyph_advances": [1], "height": 3}), "field `glyph_advances`: needs a `path`"),
        (json!({"id": "a", "width": 3, "height": 3, "x": 0}), "field `y`: missing field `y`"),
    ];
    for (label, expected) in cases {
        let r = place_stdin(&json!({"labels": [{"id": "ok", "x": 0, "y": 0, "width": 1, "height": 1}, label]}), &[]);
        r.assert_code(2);
        assert!(r.stderr.contains("label 1 (id \"a\")") && r.stderr.contains(expected), "{expected}: {}", r.stderr);
    }
}

/// `declutter place` on the Vienna fixture at zoom 16, 1280×720, with `extra` flags.
fn vienna_run(extra: &[&str]) -> common::Run {
    let input = fixture("vienna-streets-center.geojson");
    let mut args = vec!["place", input.as_str(), "--zoom", "16", "--center", "16.3725,48.2083", "--size", "1280x720"];
    args.extend_from_slice(extra);
    run(&args, None)
}

fn vienna(extra: &[&str]) -> Value {
    let mut args = vec!["--output-format", "json"];
    args.extend_from_slice(extra);
    vienna_run(&args).ok_json()
}

#[test]
fn curved_streets_repeat_and_merge() {
    let out = vienna(&["--line-placement", "curved"]);
    let features = placements(&out);
    assert_eq!(features.len(), 950, "every feature comes out");
    assert!(stat(&out, "merged") > 0 && stat(&out, "hidden_too_curved") > 0);
    let merged = features.iter().filter(|p| p["reason"] == "merged").count() as u64;
    assert_eq!(merged, stat(&out, "merged"));
    // Long lines repeat their name: more labels with a shorter spacing.
    let dense = vienna(&["--line-placement", "curved", "--symbol-spacing", "60"]);
    assert!(
        stat(&dense, "repeats") > stat(&out, "repeats"),
        "{} vs {}",
        stat(&dense, "repeats"),
        stat(&out, "repeats")
    );
    // The straight default is unchanged by the curved flags' existence.
    let straight = vienna(&[]);
    assert!(straight["stats"].get("merged").is_none());
}

#[test]
fn curved_flags_are_checked() {
    let input = fixture("vienna-streets-center.geojson");
    let base = ["place", input.as_str(), "--zoom", "16", "--center", "16.3725,48.2083"];
    for (extra, expected) in [
        (vec!["--max-angle", "30"], "--max-angle needs --line-placement curved"),
        (vec!["--line-placement", "curved", "--symbol-spacing", "0"], "--symbol-spacing"),
        (vec!["--line-placement", "curved", "--max-angle", "-1"], "--max-angle"),
    ] {
        let mut args = base.to_vec();
        args.extend(extra);
        let r = run(&args, None);
        r.assert_code(2);
        assert!(r.stderr.contains(expected), "{}", r.stderr);
    }
}

#[test]
fn pictures_draw_curved_names_glyph_by_glyph() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("v.svg");
    let r = vienna_run(&[
        "--line-placement",
        "curved",
        "--picture-style",
        "map",
        "--svg",
        svg.to_str().unwrap(),
        "-o",
        "/dev/null",
    ]);
    r.assert_code(0);
    let text = std::fs::read_to_string(&svg).unwrap();
    // "Graben" is shown, one <text> per letter.
    for letter in ["G", "r", "a", "b", "e", "n"] {
        assert!(text.contains(&format!(">{letter}</text>")), "{letter}");
    }
    assert!(!text.contains(">Graben</text>"), "curved names are not drawn whole");
}
