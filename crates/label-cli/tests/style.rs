//! `declutter place --style`: GeoJSON features labelled by a MapLibre style's symbol layers.
//! The three-layer golden case is in `fixtures/geojson/cases.json` (run by `tests/geojson.rs`);
//! here the style's own rules: bad styles and source layers, `--layer`, the flags that do not
//! apply, what is ignored, multi-line texts, sort keys and the collision flags.

mod common;

use std::path::{Path, PathBuf};

use common::{Run, run, write_file};
use serde_json::{Value, json};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/geojson").join(name);
    path.to_str().expect("UTF-8 path").to_owned()
}

/// The three-layer fixture's view.
const VIEW: [&str; 6] = ["--zoom", "14", "--center", "16.4,48.222", "--size", "1600x1000"];

fn place(data: &str, style: &str, extra: &[&str]) -> Run {
    let mut args = vec!["place", data, "--style", style, "--output-format", "json"];
    args.extend_from_slice(&VIEW);
    args.extend_from_slice(extra);
    run(&args, None)
}

/// A style of these symbol layers.
fn style(layers: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({"version": 8, "sources": {}, "layers": layers})).unwrap()
}

/// Two points 10 m apart in the fixture's view, named `a` and `b`, with `rank` 2 and 1.
fn two_points(dir: &Path) -> PathBuf {
    let doc = json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "Karlsplatz", "rank": 2},
         "geometry": {"type": "Point", "coordinates": [16.4, 48.222]}},
        {"type": "Feature", "properties": {"name": "Karlskirche", "rank": 1},
         "geometry": {"type": "Point", "coordinates": [16.4001, 48.222]}}
    ]});
    write_file(dir, "points.geojson", &serde_json::to_vec(&doc).unwrap())
}

fn visible(out: &Value) -> Vec<bool> {
    out["placements"].as_array().unwrap().iter().map(|p| p["visible"].as_bool().unwrap()).collect()
}

#[test]
fn layer_selects_the_symbol_layers_and_the_others_give_no_layer() {
    let data = fixture("vienna-three-layers.geojson");
    let sprite = fixture("vienna-sprite.json");
    let out = place(&data, &fixture("vienna-style.json"), &["--layer", "places", "--sprite", &sprite]).ok_json();
    let placements = out["placements"].as_array().unwrap();
    // The seven places come first in the data; the streets and rivers are no layer's now.
    assert!(placements[..7].iter().all(|p| p["reason"] != "no_layer"));
    assert!(placements[7..].iter().all(|p| p["reason"] == "no_layer"), "{:?}", &placements[7]);
    assert_eq!(out["stats"]["no_layer"], placements.len() - 7);
    let e = place(&data, &fixture("vienna-style.json"), &["--layer", "roads"]).assert_failure(2);
    assert!(e.contains("--layer roads") && e.contains("\"street-names\""), "{e}");
}

#[test]
fn a_source_layer_the_data_has_not_is_an_error_naming_the_layer() {
    let dir = tempfile::tempdir().unwrap();
    let data = two_points(dir.path());
    let layer = |source_layer: &str| {
        json!([{"id": "names", "type": "symbol", "source": "s", "source-layer": source_layer,
                "layout": {"text-field": ["get", "name"]}}])
    };
    let bad = write_file(dir.path(), "bad.json", &style(layer("roads")));
    let e = place(data.to_str().unwrap(), bad.to_str().unwrap(), &[]).assert_failure(2);
    assert!(e.contains("layer \"names\"") && e.contains("source-layer \"roads\"") && e.contains("\"points\""), "{e}");
    // The file's stem is its source layer.
    let good = write_file(dir.path(), "good.json", &style(layer("points")));
    assert_eq!(visible(&place(data.to_str().unwrap(), good.to_str().unwrap(), &[]).ok_json()).len(), 2);
}

#[test]
fn bad_styles_name_the_layer_the_property_and_the_json_path() {
    let dir = tempfile::tempdir().unwrap();
    let data = two_points(dir.path());
    let bad = write_file(
        dir.path(),
        "bad.json",
        &style(json!([{"id": "places", "type": "symbol", "source": "s",
                       "layout": {"text-field": ["get", "name"], "text-size": ["interpolate", ["linear"], 4]}}])),
    );
    let e = place(data.to_str().unwrap(), bad.to_str().unwrap(), &[]).assert_failure(2);
    assert!(
        e.contains("layer \"places\"") && e.contains("text-size") && e.contains("layers[0].layout.text-size"),
        "{e}"
    );
    let not_a_style = write_file(dir.path(), "none.json", b"{\"version\": 8}");
    let e = place(data.to_str().unwrap(), not_a_style.to_str().unwrap(), &[]).assert_failure(2);
    assert!(e.contains("not a style"), "{e}");
}

#[test]
fn what_is_not_supported_is_named_once_and_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let data = two_points(dir.path());
    let moved = write_file(
        dir.path(),
        "moved.json",
        &style(json!([{"id": "places", "type": "symbol", "source": "s",
                       "layout": {"text-field": ["get", "name"], "text-pitch-alignment": "map"},
                       "paint": {"text-translate": [0, 10]}}])),
    );
    let r = place(data.to_str().unwrap(), moved.to_str().unwrap(), &[]);
    r.assert_code(0);
    let warnings: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(warnings.len(), 2, "{}", r.stderr);
    assert!(
        warnings.iter().any(|w| w.contains("text-translate"))
            && warnings.iter().any(|w| w.contains("text-pitch-alignment"))
    );
    assert!(warnings.iter().all(|w| w.contains("layer \"places\"")), "{}", r.stderr);
}

#[test]
fn icons_without_a_sprite_are_named() {
    let r = place(&fixture("vienna-three-layers.geojson"), &fixture("vienna-style.json"), &[]);
    r.assert_code(0);
    assert!(r.stderr.contains("layer \"places\", icon-image: no --sprite"), "{}", r.stderr);
    let with = place(
        &fixture("vienna-three-layers.geojson"),
        &fixture("vienna-style.json"),
        &["--sprite", &fixture("vienna-sprite.json")],
    );
    assert_eq!(with.stderr, "");
    // Without the icon Vienna's name stands alone: no parts.
    assert_eq!(r.json()["placements"][6]["parts"], Value::Null);
    assert_eq!(with.json()["placements"][6]["parts"], "both");
}

#[test]
fn flags_the_style_replaces_and_label_set_documents_are_refused() {
    let data = fixture("vienna-three-layers.geojson");
    let e = place(&data, &fixture("vienna-style.json"), &["--text-field", "name_de"]).assert_failure(2);
    assert!(e.contains("--text-field does not apply with --style"), "{e}");
    let label_set = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/synthetic-every-field.json");
    let e = place(label_set.to_str().unwrap(), &fixture("vienna-style.json"), &[]).assert_failure(2);
    assert!(e.contains("label-set document"), "{e}");
}

/// The label box's height of the first feature, px (its text box, `--output-format geojson`).
fn box_height(data: &Path, style_file: &Path) -> f64 {
    let mut args = vec!["place", data.to_str().unwrap(), "--style", style_file.to_str().unwrap()];
    args.extend_from_slice(&VIEW);
    let out = run(&args, None).ok_json();
    let corners = out["features"][0]["properties"]["label_box"].as_array().unwrap().clone();
    let ys: Vec<f64> = corners.iter().map(|c| c[1].as_f64().unwrap()).collect();
    ys.iter().copied().fold(f64::MIN, f64::max) - ys.iter().copied().fold(f64::MAX, f64::min)
}

#[test]
fn a_wrapped_text_is_one_box_of_its_lines() {
    let dir = tempfile::tempdir().unwrap();
    let data = two_points(dir.path());
    let with_width = |em: f64, name: &str| {
        let layers = json!([{"id": "places", "type": "symbol", "source": "s",
                             "filter": ["==", ["get", "rank"], 2],
                             "layout": {"text-field": "{name} an der Wien", "text-size": 16, "text-max-width": em,
                                        "text-line-height": 1.5, "text-padding": 0}}]);
        write_file(dir.path(), name, &style(layers))
    };
    let one_line = box_height(&data, &with_width(40.0, "wide.json"));
    let wrapped = box_height(&data, &with_width(4.0, "narrow.json"));
    // Lines of 1.5 em (24 px): one line wide, three narrow.
    assert!((one_line - 24.0).abs() < 0.02, "{one_line}");
    assert!((wrapped - 3.0 * 24.0).abs() < 0.02, "{wrapped}");
}

#[test]
fn sort_keys_and_the_collision_flags_decide_overlaps() {
    let dir = tempfile::tempdir().unwrap();
    let data = two_points(dir.path());
    let with = |layout: Value, name: &str| {
        let mut layout = layout;
        layout["text-field"] = json!(["get", "name"]);
        layout["text-size"] = json!(20);
        write_file(
            dir.path(),
            name,
            &style(json!([{"id": "places", "type": "symbol", "source": "s", "layout": layout}])),
        )
    };
    let run =
        |style_file: PathBuf| visible(&place(data.to_str().unwrap(), style_file.to_str().unwrap(), &[]).ok_json());
    // Input order without a key; the smaller key first with one.
    assert_eq!(run(with(json!({}), "plain.json")), [true, false]);
    assert_eq!(run(with(json!({"symbol-sort-key": ["get", "rank"]}), "keyed.json")), [false, true]);
    // Both shown when the later may overlap, or the earlier does not block.
    assert_eq!(run(with(json!({"text-allow-overlap": true}), "overlap.json")), [true, true]);
    assert_eq!(run(with(json!({"text-ignore-placement": true}), "ignore.json")), [true, true]);
}
