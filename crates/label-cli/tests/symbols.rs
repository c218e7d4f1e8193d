//! Symbols through the binary (contract §3b, §4): `candidates`, `icon`, `optional`,
//! `repeat_group` and `repeat_distance` in the label-set JSON; `candidate`, `parts` and the
//! reason `repeat` in the result; bad values named by line, index, id and field.

mod common;

use common::{check_consistency, ndjson_lines, place_bytes, place_stdin, placements, run, stat};
use serde_json::{Value, json};

fn placed(doc: &Value) -> Value {
    let out = place_stdin(doc, &[]).ok_json();
    check_consistency(&out);
    out
}

#[test]
fn the_result_names_the_candidate_the_parts_and_repeats() {
    let doc = json!({
        "viewport": {"width": 400, "height": 200},
        "labels": [
            {"id": "big", "x": 100, "y": 50, "width": 40, "height": 10, "priority": 5},
            // Right of its point collides with "big"; left of it is free.
            {"id": "town", "x": 75, "y": 50, "width": 40, "height": 10,
             "candidates": [{"anchor": "left"}, {"anchor": "right", "offset": [-2, 0]}],
             "icon": {"width": 4, "height": 4, "padding": 1}},
            // Its text fits nowhere; the icon may show alone.
            {"id": "dot", "x": 100, "y": 47, "width": 30, "height": 10, "priority": -1,
             "candidates": [{"anchor": "center"}], "icon": {"width": 2, "height": 2, "anchor": "bottom", "offset": [0, -10]},
             "optional": "text"},
            {"id": "s1", "x": 300, "y": 150, "width": 20, "height": 10, "repeat_group": "Ring", "repeat_distance": 50, "priority": 1},
            {"id": "s2", "x": 340, "y": 150, "width": 20, "height": 10, "repeat_group": "Ring", "repeat_distance": 50},
            {"id": "s3", "x": 340, "y": 180, "width": 20, "height": 10, "repeat_group": "Gasse", "repeat_distance": 50},
            {"id": "off", "x": 900, "y": 50, "width": 20, "height": 10, "candidates": [{"anchor": "left"}]}
        ]
    });
    let out = placed(&doc);
    let p = placements(&out);
    assert_eq!(p[0], json!({"id": "big", "visible": true}));
    assert_eq!(p[1], json!({"id": "town", "visible": true, "candidate": 1, "parts": "both"}));
    assert_eq!(p[2], json!({"id": "dot", "visible": true, "parts": "icon"}));
    assert_eq!(p[3], json!({"id": "s1", "visible": true}));
    assert_eq!(p[4], json!({"id": "s2", "visible": false, "reason": "repeat", "hidden_by": "s1"}));
    assert_eq!(p[5], json!({"id": "s3", "visible": true}));
    assert_eq!(p[6], json!({"id": "off", "visible": false, "reason": "offscreen"}));
    assert_eq!(stat(&out, "hidden_repeat"), 1);
    // NDJSON: the same document on one line gives the same placements.
    let line = format!("{}\n", serde_json::to_string(&doc).unwrap());
    let ndjson = run(&["place", "--ndjson"], Some(line.as_bytes()));
    assert_eq!(ndjson.code, Some(0), "{}", ndjson.stderr);
    assert_eq!(ndjson_lines(&ndjson.stdout)[0]["placements"], out["placements"]);
}

#[test]
fn repeat_groups_may_be_numbers() {
    // Group ids are often numeric: 7 and "7" name one group, 7.5 another; a boolean is named.
    let label = |id: &str, x: f64, group: Value| json!({"id": id, "x": x, "y": 50, "width": 10, "height": 10, "repeat_group": group, "repeat_distance": 100});
    let doc =
        json!({"labels": [label("a", 50.0, json!(7)), label("b", 100.0, json!("7")), label("c", 150.0, json!(7.5))]});
    let p = placements(&placed(&doc)).clone();
    assert_eq!(p[1], json!({"id": "b", "visible": false, "reason": "repeat", "hidden_by": "a"}));
    assert_eq!(p[2], json!({"id": "c", "visible": true}));
    let r = place_stdin(&json!({"labels": [label("a", 50.0, json!(true))]}), &[]);
    r.assert_code(2);
    assert!(r.stderr.contains("field `repeat_group`") && r.stderr.contains("a string or a number"), "{}", r.stderr);
}

#[test]
fn plain_documents_have_no_symbol_fields_in_their_result() {
    let doc = json!({"labels": [{"id": 1, "x": 0, "y": 0, "width": 10, "height": 10}]});
    let out = placed(&doc);
    assert_eq!(placements(&out)[0], json!({"id": 1, "visible": true}));
    assert!(out["stats"].get("hidden_repeat").is_none());
}

/// A document of two good labels and a bad one on line 3, whose fields are `fields`.
fn bad(fields: &str) -> String {
    format!(
        "{{\"labels\": [\n {{\"id\": \"a\", \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5}},\n \
         {{\"id\": \"bad\", \"x\": 20, \"y\": 0, \"width\": 5, \"height\": 5, {fields}}}\n]}}\n"
    )
}

#[test]
fn bad_symbol_fields_are_named_with_line_index_id_and_field() {
    let cases = [
        (r#""candidates": []"#, "field `candidates`: expected a non-empty list"),
        (
            r#""candidates": [{"anchor": "top"}, {"anchor": "up"}]"#,
            "field `candidates[1].anchor`: unknown anchor \"up\"",
        ),
        (r#""candidates": [{"anchr": "top"}]"#, "field `candidates[0].anchr`: unknown field"),
        (r#""candidates": [{"offset": [1e300, 0]}]"#, "field `candidates`: expected a magnitude of at most"),
        (r#""candidates": {"anchor": "top"}"#, "field `candidates`: invalid type"),
        (r#""icon": {"width": 0, "height": 4}"#, "field `icon.width`: expected a number > 0, got 0"),
        (r#""icon": {"width": 4}"#, "field `icon`: missing field `height`"),
        (r#""icon": {"width": 4, "height": 4, "padding": -1}"#, "field `icon.padding`: expected a number >= 0"),
        (r#""icon": {"width": 4, "height": 4, "anchor": "middle"}"#, "field `icon.anchor`: unknown anchor"),
        (r#""optional": "both""#, "field `optional`: unknown value \"both\"; expected one of none, text, icon"),
        (r#""repeat_group": "x", "repeat_distance": 0"#, "field `repeat_distance`: expected a number > 0, got 0"),
        (r#""repeat_group": "x", "repeat_distance": -3"#, "field `repeat_distance`: expected a number > 0"),
        (r#""repeat_distance": 10"#, "field `repeat_distance`: needs a `repeat_group`"),
        (r#""repeat_group": [7]"#, "field `repeat_group`: invalid type: sequence, expected a string or a number"),
    ];
    for (fields, what) in cases {
        let line = place_bytes(bad(fields).as_bytes()).assert_failure(2);
        for part in ["line 3", "label 1", "id \"bad\"", what] {
            assert!(line.contains(part), "{fields}: the error should name {part:?}; it says: {line}");
        }
    }
}

#[test]
fn every_label_of_the_symbol_fixtures_has_a_result() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    for name in ["natural-earth-places-symbols.json", "vienna-streets-repeat.json"] {
        let path = fixtures.join(name);
        let input: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let out = run(&["place", path.to_str().unwrap()], None).ok_json();
        check_consistency(&out);
        let (labels, results) = (input["labels"].as_array().unwrap(), placements(&out));
        assert_eq!(labels.len(), results.len(), "{name}");
        for (l, r) in labels.iter().zip(results) {
            assert_eq!(l["id"], r["id"], "{name}");
        }
    }
}

#[test]
fn the_generated_symbol_workload_places_end_to_end() {
    let generated = run(&["generate", "--n", "3000", "--symbols", "--seed", "5"], None);
    assert_eq!(generated.code, Some(0), "{}", generated.stderr);
    let doc: Value = serde_json::from_slice(&generated.stdout).unwrap();
    let labels = doc["labels"].as_array().unwrap();
    assert!(labels.iter().all(|l| l["candidates"].as_array().is_some_and(|c| c.len() == 4)));
    let out = run(&["place", "--threads", "1"], Some(&generated.stdout)).ok_json();
    check_consistency(&out);
    let again = run(&["place", "--threads", "2", "--tile-size", "37"], Some(&generated.stdout)).ok_json();
    assert_eq!(out["placements"], again["placements"]);
    let p = placements(&out);
    let count = |f: &dyn Fn(&Value) -> bool| p.iter().filter(|r| f(r)).count();
    assert!(count(&|r| r["reason"] == "repeat") > 0);
    assert!(count(&|r| r["parts"] == "icon") > 0);
    assert!(count(&|r| r["candidate"].as_u64().is_some_and(|k| k > 0)) > 0);
    // The plain workload of the same seed shows fewer labels than the symbols do.
    let plain = run(&["generate", "--n", "3000", "--seed", "5"], None);
    let plain = run(&["place"], Some(&plain.stdout)).ok_json();
    assert!(stat(&plain, "visible") < stat(&out, "visible"));
}
