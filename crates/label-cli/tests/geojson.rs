//! `declutter place` on GeoJSON: the golden cases of `fixtures/geojson/cases.json` (real
//! Natural Earth and OpenStreetMap slices and a hand-made edge-case collection), the view
//! (projection, bearing), line labels, every feature coming back out, format detection, and
//! bad input.

mod common;

use std::path::{Path, PathBuf};

use common::{Run, placement_differences, run, strip_volatile, write_file};
use serde::Deserialize;
use serde_json::{Map, Value, json};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/geojson")
}

fn fixture(name: &str) -> String {
    fixtures().join(name).to_str().expect("UTF-8 path").to_owned()
}

/// One golden case of `cases.json`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Case {
    input: String,
    expected: String,
    args: Vec<String>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(fixtures().join("cases.json")).expect("fixtures/geojson/cases.json");
    serde_json::from_str(&text).expect("cases.json holds a list of cases")
}

fn place(input: &str, args: &[&str]) -> Run {
    let mut all = vec!["place", input];
    all.extend_from_slice(args);
    run(&all, None)
}

/// The view of the edge-case collection.
const EDGE_VIEW: [&str; 6] = ["--zoom", "8", "--center", "0,0", "--size", "800x600"];

fn without_volatile(mut doc: Value) -> Value {
    strip_volatile(&mut doc);
    doc
}

#[test]
fn golden_cases_match_and_do_not_depend_on_threads() {
    let cases = cases();
    assert!(cases.len() >= 5, "cases.json should hold the golden cases, has {}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        // A case's files (`--style`, `--sprite`) are named relative to the fixtures.
        let args: Vec<String> = case
            .args
            .iter()
            .map(|a| if a.ends_with(".json") && fixtures().join(a).is_file() { fixture(a) } else { a.clone() })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(fixtures().join(&case.expected)).expect("readable golden file"),
        )
        .expect("the golden file is JSON");
        let expected = without_volatile(expected);
        let default = without_volatile(place(&fixture(&case.input), &args).ok_json());
        let mut one_thread_args = args.clone();
        one_thread_args.extend(["--threads", "1"]);
        let one_thread = without_volatile(place(&fixture(&case.input), &one_thread_args).ok_json());
        if default != expected {
            failures.push(format!(
                "{} {:?}: differs from {}\n{}",
                case.input,
                case.args,
                case.expected,
                placement_differences(&expected, &default, 5)
            ));
        }
        if one_thread != default {
            failures.push(format!("{} {:?}: --threads 1 differs", case.input, case.args));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The features of a GeoJSON result.
fn features(doc: &Value) -> &Vec<Value> {
    doc["features"].as_array().unwrap_or_else(|| panic!("no features array in the result"))
}

/// `feature` with the decision's properties taken out, as it was read.
fn without_decision(feature: &Value) -> Value {
    let mut f = feature.clone();
    if let Some(props) = f.get_mut("properties").and_then(Value::as_object_mut) {
        for key in ["visible", "reason", "hidden_by", "label_box"] {
            props.remove(key);
        }
    }
    f
}

#[test]
fn every_feature_comes_back_in_order_with_everything_it_had() {
    for (input, args) in [
        ("edge-cases.geojson", EDGE_VIEW.to_vec()),
        ("ne-rivers-east-asia.geojson", vec!["--zoom", "4", "--center", "105,35", "--text-field", "name_zh"]),
        ("vienna-streets-center.geojson", vec!["--zoom", "16", "--center", "16.3725,48.2083"]),
    ] {
        let source: Value = serde_json::from_str(&std::fs::read_to_string(fixtures().join(input)).unwrap()).unwrap();
        let out = place(&fixture(input), &args).ok_json();
        let (fs_in, fs_out) = (features(&source), features(&out));
        assert_eq!(fs_in.len(), fs_out.len(), "{input}: one output feature per input feature");
        for (i, (a, b)) in fs_in.iter().zip(fs_out).enumerate() {
            let mut a = without_decision(a);
            // A feature without properties gets them.
            if a.get("properties").is_none_or(Value::is_null) {
                a["properties"] = json!({});
            }
            assert_eq!(a, without_decision(b), "{input}: feature {i} changed beyond its decision");
            let props = b["properties"].as_object().expect("properties");
            let visible = props["visible"].as_bool().expect("visible is a boolean");
            let reason = props.get("reason").and_then(Value::as_str);
            assert_eq!(visible, reason.is_none(), "{input}: feature {i}: a reason exactly when hidden: {props:?}");
            assert_eq!(props.contains_key("hidden_by"), reason == Some("collision"), "{input}: feature {i}");
        }
        // Collection members other than the features are kept.
        for (key, value) in source.as_object().unwrap() {
            if key != "features" {
                assert_eq!(&out[key], value, "{input}: member {key}");
            }
        }
    }
}

#[test]
fn features_without_a_label_are_reported_with_their_reason() {
    let out = place(&fixture("edge-cases.geojson"), &EDGE_VIEW).ok_json();
    let by_name = |name: &str| -> Map<String, Value> {
        features(&out)
            .iter()
            .map(|f| f["properties"].as_object().unwrap().clone())
            .find(|p| p.get("name") == Some(&json!(name)))
            .unwrap_or_else(|| panic!("no feature named {name}"))
    };
    assert_eq!(by_name("Ghost")["reason"], json!("no_geometry"));
    assert_eq!(by_name("Lake")["visible"], json!(true), "a polygon is named at its pole");
    assert_eq!(by_name("Collection")["reason"], json!("unsupported"));
    assert_eq!(by_name("  ")["reason"], json!("no_text"));
    assert_eq!(by_name("Far Away")["reason"], json!("offscreen"));
    assert!(by_name("Ghost").get("label_box").is_none());
    // Properties named like the decision are replaced; others stay.
    let replaced = by_name("Replaced");
    assert_eq!(replaced["visible"], json!(true));
    assert!(replaced.get("reason").is_none());
    assert_eq!(replaced["other"], json!([1, 2]));
    assert!(replaced["label_box"].is_array());
}

#[test]
fn json_output_has_one_placement_per_feature_and_counts_that_add_up() {
    let mut args = EDGE_VIEW.to_vec();
    args.extend(["--output-format", "json"]);
    let out = place(&fixture("edge-cases.geojson"), &args).ok_json();
    let ps = out["placements"].as_array().unwrap();
    let s = &out["stats"];
    let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("stats.{k}"));
    assert_eq!(ps.len() as u64, n("features"));
    assert_eq!(n("features"), n("labels") + n("no_geometry") + n("unsupported") + n("no_text"));
    assert_eq!(n("labels"), n("visible") + n("hidden_collision") + n("hidden_offscreen"));
    // Ids: the feature's own (string, integer, other numbers as text), else the index.
    let ids: Vec<&Value> = ps.iter().map(|p| &p["id"]).collect();
    assert_eq!(ids[0], &json!("a"));
    assert_eq!(ids[1], &json!(200));
    assert_eq!(ids[2], &json!(2));
    assert_eq!(ids[11], &json!("北京"));
    assert_eq!(ids[17], &json!("17.5"));
    assert_eq!(ps[1]["hidden_by"], json!("a"));
}

/// Web Mercator world pixels at `zoom`, written out again here from the formula.
fn mercator(lon: f64, lat: f64, zoom: f64) -> (f64, f64) {
    let size = 256.0 * 2f64.powf(zoom);
    let phi = lat.to_radians();
    ((lon + 180.0) / 360.0 * size, (1.0 - (phi.tan() + 1.0 / phi.cos()).ln() / std::f64::consts::PI) / 2.0 * size)
}

/// Centre, width, height and reading angle (degrees, counter-clockwise) of a `label_box`.
fn box_of(props: &Value) -> ((f64, f64), f64, f64, f64) {
    let c: Vec<(f64, f64)> = props["label_box"]
        .as_array()
        .expect("label_box")
        .iter()
        .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
        .collect();
    let centre = ((c[0].0 + c[2].0) / 2.0, (c[0].1 + c[2].1) / 2.0);
    let (ux, uy) = (c[1].0 - c[0].0, c[1].1 - c[0].1);
    let (vx, vy) = (c[3].0 - c[0].0, c[3].1 - c[0].1);
    (centre, ux.hypot(uy), vx.hypot(vy), (-uy).atan2(ux).to_degrees())
}

fn collection(features: Vec<Value>) -> Vec<u8> {
    json!({"type": "FeatureCollection", "features": features}).to_string().into_bytes()
}

fn point(name: &str, lon: f64, lat: f64) -> Value {
    json!({"type": "Feature", "properties": {"name": name}, "geometry": {"type": "Point", "coordinates": [lon, lat]}})
}

fn line(name: &str, coords: Value) -> Value {
    json!({"type": "Feature", "properties": {"name": name}, "geometry": {"type": "LineString", "coordinates": coords}})
}

fn place_collection(features: Vec<Value>, args: &[&str]) -> Value {
    let mut all = vec!["place", "-"];
    all.extend_from_slice(args);
    run(&all, Some(&collection(features))).ok_json()
}

#[test]
fn points_land_where_web_mercator_puts_them() {
    let view = ["--zoom", "5.5", "--center", "16.37,48.21", "--size", "1000x700"];
    let out = place_collection(vec![point("Wien", 16.37, 48.21), point("Graz", 15.44, 47.07)], &view);
    let (cx, cy) = mercator(16.37, 48.21, 5.5);
    for (i, (lon, lat)) in [(16.37, 48.21), (15.44, 47.07)].into_iter().enumerate() {
        let (x, y) = mercator(lon, lat, 5.5);
        let ((bx, by), _, h, angle) = box_of(&features(&out)[i]["properties"]);
        assert!((bx - (x - cx + 500.0)).abs() < 0.02 && (by - (y - cy + 350.0)).abs() < 0.02, "feature {i}: {bx},{by}");
        assert!((h - 12.0 * 2384.0 / 2048.0).abs() < 0.02, "height: {h}");
        assert_eq!(angle, 0.0);
    }
}

#[test]
fn bearing_turns_the_map_and_line_labels_with_it() {
    // A north–south street: vertical at bearing 0; at bearing 90 (east up) it lies across.
    let street = || line("Nord-Süd-Straße", json!([[0.0, -0.01], [0.0, 0.01]]));
    let view = |bearing: &'static str| ["--zoom", "14", "--center", "0,0", "--bearing", bearing];
    let angle = |bearing| box_of(&features(&place_collection(vec![street()], &view(bearing)))[0]["properties"]).3;
    assert!((angle("0") - 90.0).abs() < 0.01, "{}", angle("0"));
    assert!(angle("90").abs() < 0.01, "{}", angle("90"));
    // The map turns counter-clockwise by the bearing: north (90°) goes to 120°, read as −60°.
    assert!((angle("30") - -60.0).abs() < 0.01, "{}", angle("30"));
    assert!((angle("-30") - 60.0).abs() < 0.01, "{}", angle("-30"));
    // A place east of the centre rises to the top at bearing 90.
    let out = place_collection(vec![point("East", 0.01, 0.0)], &view("90"));
    let ((x, y), ..) = box_of(&features(&out)[0]["properties"]);
    assert!((x - 960.0).abs() < 0.01 && y < 540.0 - 100.0, "{x},{y}");
}

#[test]
fn line_labels_read_along_their_longest_straight_stretch_never_upside_down() {
    for bearing in ["0", "30", "137", "200", "-75"] {
        let args = ["--zoom", "16", "--center", "16.3725,48.2083", "--bearing", bearing];
        let out = place(&fixture("vienna-streets-center.geojson"), &args).ok_json();
        for f in features(&out) {
            let (_, _, _, angle) = box_of(&f["properties"]);
            assert!(angle > -90.0 - 0.01 && angle <= 90.0 + 0.01, "bearing {bearing}: angle {angle} reads upside down");
        }
    }
    // An L-shaped street: its label lies on the long leg, halfway along it.
    let out = place_collection(
        vec![line("Long Leg", json!([[0.0, 0.0], [0.002, 0.0], [0.002, -0.02]]))],
        &["--zoom", "14", "--center", "0,0"],
    );
    let ((x, y), ..) = box_of(&features(&out)[0]["properties"]);
    let (x0, y0) = mercator(0.002, 0.0, 14.0);
    let (x1, y1) = mercator(0.002, -0.02, 14.0);
    let (cx, cy) = mercator(0.0, 0.0, 14.0);
    let mid = ((x0 + x1) / 2.0 - cx + 960.0, (y0 + y1) / 2.0 - cy + 540.0);
    assert!((x - mid.0).abs() < 0.02 && (y - mid.1).abs() < 0.02, "{x},{y} vs {mid:?}");
}

#[test]
fn chinese_names_measure_one_font_size_per_character() {
    let out = place(
        &fixture("ne-rivers-east-asia.geojson"),
        &["--zoom", "4", "--center", "105,35", "--text-field", "name_zh", "--font-size", "14"],
    )
    .ok_json();
    let mut checked = 0;
    for f in features(&out) {
        let props = &f["properties"];
        let Some(name) = props["name_zh"].as_str() else { continue };
        if props.get("label_box").is_none() || !name.chars().all(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
            continue;
        }
        let (_, w, _, _) = box_of(props);
        let expected = 14.0 * name.chars().count() as f64;
        assert!((w - expected).abs() < 0.02, "{name}: {w} px, expected {expected}");
        checked += 1;
    }
    assert!(checked >= 50, "only {checked} all-ideograph names checked");
}

#[test]
fn priorities_rank_as_ordered() {
    // Two overlapping places: which one shows depends on the order of `rank`.
    let places = || {
        let mut a = point("Important", 0.0, 0.0);
        a["properties"]["rank"] = json!(0);
        let mut b = point("Minor", 0.001, 0.0);
        b["properties"]["rank"] = json!("3");
        vec![a, b]
    };
    let visible = |order: &str| -> Vec<bool> {
        let args = ["--zoom", "10", "--center", "0,0", "--priority-field", "rank", "--priority-order", order];
        features(&place_collection(places(), &args)).iter().map(|f| f["properties"]["visible"] == json!(true)).collect()
    };
    assert_eq!(visible("ascending"), [true, false]);
    assert_eq!(visible("descending"), [false, true]);
}

#[test]
fn geojson_is_recognised_by_extension_content_or_flag() {
    let dir = tempfile::tempdir().unwrap();
    let body = collection(vec![point("Wien", 0.0, 0.0)]);
    let view = ["--zoom", "3", "--center", "0,0"];
    let as_json = write_file(dir.path(), "map.json", &body);
    let as_geojson = write_file(dir.path(), "map.GeoJSON", &body);
    let is_geo = |out: &Value| out["type"] == json!("FeatureCollection");
    assert!(is_geo(&place(as_json.to_str().unwrap(), &view).ok_json()), "by content");
    assert!(is_geo(&place(as_geojson.to_str().unwrap(), &view).ok_json()), "by extension");
    let mut forced = view.to_vec();
    forced.extend(["--format", "geojson"]);
    assert!(is_geo(&place(as_json.to_str().unwrap(), &forced).ok_json()), "by flag");
    // --format json reads it with the label-set reader, which refuses it.
    let line = place(as_geojson.to_str().unwrap(), &["--format", "json"]).assert_failure(2);
    assert!(line.contains("map.GeoJSON") && line.contains("type"), "{line}");
}

#[test]
fn geojson_flags_on_a_label_set_are_refused_not_ignored() {
    let doc = json!({"labels": [{"id": 1, "x": 1, "y": 1, "width": 2, "height": 2}]}).to_string();
    let line = run(&["place", "-", "--zoom", "4", "--text-field", "name_en"], Some(doc.as_bytes())).assert_failure(2);
    assert!(line.contains("--zoom, --text-field") && line.contains("GeoJSON"), "{line}");
    let line = run(&["place", "-", "--output-format", "geojson"], Some(doc.as_bytes())).assert_failure(2);
    assert!(line.contains("--output-format"), "{line}");
}

#[test]
fn the_view_is_required_and_checked() {
    let body = collection(vec![point("Wien", 0.0, 0.0)]);
    let line = run(&["place", "-"], Some(&body)).assert_failure(2);
    assert!(line.contains("--zoom") && line.contains("--center"), "{line}");
    for (args, flag) in [
        (vec!["--zoom", "40", "--center", "0,0"], "--zoom"),
        (vec!["--zoom", "4", "--center", "0,95"], "--center"),
        (vec!["--zoom", "4", "--center", "0,0", "--font-size", "0"], "--font-size"),
        (vec!["--zoom", "4", "--center", "0,0", "--point-anchor", "middle"], "--point-anchor"),
    ] {
        let mut all = vec!["place", "-"];
        all.extend(args);
        let line = run(&all, Some(&body)).assert_failure(2);
        assert!(line.contains(flag), "{line}");
    }
}

/// Runs the edge-case view on `features` through a file named `bad.geojson`; expects exit 2
/// and returns the one error line.
fn rejected_features(features: Vec<Value>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "bad.geojson", &collection(features));
    let mut args = EDGE_VIEW.to_vec();
    args.extend(["--priority-field", "rank", "--font-size-field", "size"]);
    let line = place(path.to_str().unwrap(), &args).assert_failure(2);
    assert!(line.starts_with("declutter: ") && line.contains("bad.geojson"), "names the file: {line}");
    line
}

#[test]
fn bad_features_are_refused_naming_file_feature_and_field() {
    let ok = point("Fine", 0.0, 0.0);
    let with = |props: Value| json!({"type": "Feature", "id": "f", "properties": props, "geometry": {"type": "Point", "coordinates": [0, 0]}});
    let geometry = |g: Value| json!({"type": "Feature", "id": "f", "properties": {"name": "x"}, "geometry": g});
    let cases: Vec<(Value, Vec<&str>)> = vec![
        (json!(5), vec!["feature 1", "JSON object"]),
        (json!({"type": "Feature", "id": {"a": 1}, "geometry": null}), vec!["feature 1", "`id`", "an object"]),
        (json!({"type": "Point", "id": "f", "geometry": null}), vec!["feature 1 (id \"f\")", "`type`", "\"Feature\""]),
        (
            json!({"type": "Feature", "id": "f", "properties": [1], "geometry": null}),
            vec!["(id \"f\")", "`properties`"],
        ),
        (geometry(json!("Point")), vec!["(id \"f\")", "`geometry`", "string"]),
        (geometry(json!({"coordinates": [0, 0]})), vec!["(id \"f\")", "`geometry.type`", "missing"]),
        (geometry(json!({"type": "Point", "coordinates": ["0", 0]})), vec!["`geometry.coordinates`", "position"]),
        (
            geometry(json!({"type": "LineString", "coordinates": [[0, 0], [0]]})),
            vec!["`geometry.coordinates[1]`", "position"],
        ),
        (
            geometry(json!({"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], 7]})),
            vec!["`geometry.coordinates[1]`", "array"],
        ),
        (
            geometry(json!({"type": "Point", "coordinates": [1822585.0, 6141963.0]})),
            vec!["(id \"f\")", "`geometry.coordinates`", "another projection"],
        ),
        (with(json!({"name": true})), vec!["(id \"f\")", "property `name`", "boolean"]),
        (with(json!({"name": "x", "rank": "high"})), vec!["property `rank`", "number", "\"high\""]),
        (with(json!({"name": "x", "size": -2})), vec!["property `size`", "> 0"]),
        (with(json!({"name": "x", "size": [12]})), vec!["property `size`", "array"]),
    ];
    for (bad, parts) in cases {
        let line = rejected_features(vec![ok.clone(), bad.clone()]);
        for part in parts {
            assert!(line.contains(part), "for {bad}: the error should name {part:?}; it says: {line}");
        }
    }
}

#[test]
fn duplicate_ids_are_refused_even_against_an_index() {
    let mut a = point("A", 0.0, 0.0);
    a["id"] = json!(1);
    // The second feature has no id: it is named by its index, 1, which the first one holds.
    let line = rejected_features(vec![a, point("B", 0.0, 0.0)]);
    assert!(
        line.contains("feature 1 (id 1): field `id`: duplicate id, first used by the feature at index 0"),
        "{line}"
    );
}

#[test]
fn broken_collections_are_refused() {
    let view = ["--zoom", "4", "--center", "0,0", "--format", "geojson"];
    for (body, says) in [
        (&b"{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\""[..], "invalid GeoJSON"),
        (b"{\"type\": \"Feature\", \"geometry\": null}", "FeatureCollection"),
        (b"{\"type\": \"FeatureCollection\"}", "without `features`"),
        (b"{\"type\": \"FeatureCollection\", \"features\": {}}", "`features`"),
        (b"{\"type\": \"FeatureCollection\", \"features\": []} []", "trailing"),
        (b"[1, 2]", "invalid GeoJSON"),
        (b"{\"type\": \"FeatureCollection\", \"features\": [], \"features\": []}", "duplicate member"),
        // Members other than `features` are written back as given, so they must be JSON that
        // reads back: no lone surrogate, no number out of range (found by the `geojson` fuzz
        // target; inside a feature both were already refused).
        (b"{\"type\": \"FeatureCollection\", \"name\": \"\\ud800\", \"features\": []}", "member `name`"),
        (b"{\"type\": \"FeatureCollection\", \"features\": [],\n \"bbox\": [0, 1e400]}", "line 2: member `bbox`"),
        // A feature that is an object but holds a value serde_json cannot read says so, rather
        // than that it is not an object.
        (
            b"{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"name\": \"\\ud800\"}}]}",
            "feature 0: the feature: unreadable value: unexpected end of hex escape",
        ),
        (
            b"{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"rank\": 1e400}}]}",
            "feature 0: the feature: unreadable value: number out of range",
        ),
    ] {
        let mut args = vec!["place", "-"];
        args.extend(view);
        let line = run(&args, Some(body)).assert_failure(2);
        assert!(line.contains(says), "{}: {line}", String::from_utf8_lossy(body));
    }
    // An empty collection is fine.
    let out = run(&["place", "-", "--zoom", "4", "--center", "0,0"], Some(&collection(vec![]))).ok_json();
    assert_eq!(out["features"], json!([]));
}

#[test]
fn a_type_written_with_escapes_is_still_a_feature_collection() {
    // JSON may escape any character of a string: `"Feature\u0043ollection"` is
    // "FeatureCollection" (the reader refused it; found while writing the `geojson` fuzz target).
    let body = br#"{"type": "Feature\u0043ollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]}"#;
    let dir = tempfile::tempdir().unwrap();
    let file = write_file(dir.path(), "escaped.geojson", body);
    let out = place(file.to_str().unwrap(), &["--zoom", "4", "--center", "0,0", "--output-format", "json"]).ok_json();
    assert_eq!(out["placements"], json!([{"id": 0, "visible": true}]));
}

#[test]
fn pictures_of_geojson_show_the_map_under_the_labels() {
    let dir = tempfile::tempdir().unwrap();
    let svg_path = dir.path().join("map.svg");
    let mut args = EDGE_VIEW.to_vec();
    args.extend(["--font-size-field", "size", "--svg", svg_path.to_str().unwrap()]);
    place(&fixture("edge-cases.geojson"), &args).ok_json();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.contains("<g id=\"map\""), "a map layer");
    assert_eq!(
        svg.matches("<polyline").count(),
        5,
        "the lines on screen: Diagonal Road, Westward, two parts, the Lake's outline"
    );
    assert!(svg.contains(">北京市</text>") && svg.contains(">Diagonal Road</text>"), "{svg}");
    assert!(svg.contains("font-size=\"20.00\""), "the feature's own font size");
}

#[test]
fn geojson_flags_with_many_files_or_ndjson_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = write_file(dir.path(), "a.json", b"{\"labels\": []}");
    let out_dir = dir.path().join("out");
    let a = a.to_str().unwrap();
    let line = run(&["place", a, a, "--out-dir", out_dir.to_str().unwrap(), "--zoom", "3"], None).assert_failure(2);
    assert!(line.contains("--out-dir"), "{line}");
    let line = run(&["place", "-", "--ndjson", "--format", "geojson"], Some(b"{\"labels\": []}\n")).assert_failure(2);
    assert!(line.contains("--ndjson"), "{line}");
    assert!(!out_dir.exists(), "nothing was written");
}
