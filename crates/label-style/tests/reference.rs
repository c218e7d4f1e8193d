//! The crate's evaluation against the MapLibre style-spec's own, feature by feature.
//!
//! `reference/evaluate.mjs` evaluates the symbol layers of the styles in `reference/styles/`
//! (Natural Earth places with zoom stops, data-driven sizes and sort keys and legacy
//! functions; Vienna street names along lines; East Asian river and lake names; and
//! expressions at their edges — conversions, type checks, legacy functions of every type,
//! `{token}` text — on `reference/data/oddities.geojson`, property values of every kind) for
//! every feature of their GeoJSON sources at eight zooms, with the npm package
//! `@maplibre/maplibre-gl-style-spec` and MapLibre's own token replacement (pinned by
//! `reference/package-lock.json`).
//! This test runs it (installing the package with `npm ci` when missing) and checks that
//! every filter result and every layout value is the same here: numbers to 1e-9 relative,
//! everything else exactly. It skips, saying so, only when node or npm is not installed — and never when
//! `LABEL_STYLE_REFERENCE=required`, as `scripts/test-all.sh` sets it.

use label_style::expr::{Feature, GeometryType, Value, color_as_rgba};
use label_style::style::Style;
use label_style::style::drawn::{self, DrawnLayer};
use label_style::style::properties::{DRAWN, Kind, SPECS};
use serde_json::{Value as Json, json};
use std::collections::HashMap;
use std::path::Path;

mod common;
use common::reference_dir;

/// The style-spec's evaluation, or `None` when node or npm is missing.
fn reference_cases() -> Option<Json> {
    let out = common::run_node("evaluate.mjs", b"")?;
    Some(serde_json::from_slice(&out).expect("evaluate.mjs writes JSON"))
}

/// A value as evaluate.mjs normalises the style-spec's.
fn normalise(value: Option<Value>) -> Json {
    match value {
        None | Some(Value::Null) => Json::Null,
        Some(Value::Formatted(sections)) => json!({"formatted": sections
            .iter()
            .map(|s| json!([s.text, s.scale, s.font.as_ref().map(|f| f.join(","))]))
            .collect::<Vec<_>>()}),
        Some(Value::Bool(b)) => json!(b),
        Some(Value::Number(n)) => json!(n),
        Some(Value::String(s)) => json!(s),
        Some(Value::Array(items)) => Json::Array(items.into_iter().map(|v| normalise(Some(v))).collect()),
        Some(Value::Object(entries)) => {
            Json::Object(entries.into_iter().map(|(k, v)| (k, normalise(Some(v)))).collect())
        }
    }
}

fn close(a: &Json, b: &Json, tolerance: f64) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= tolerance * x.abs().max(y.abs()).max(1.0)
        }
        (Json::Array(x), Json::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| close(a, b, tolerance)),
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| close(v, w, tolerance)))
        }
        _ => a == b,
    }
}

/// Two colours printed `rgba(r,g,b,a)`: red, green and blue equal or one apart (a channel at an
/// exact half rounds either way: the style-spec reads `hsl()` in f64, `csscolorparser` in f32),
/// alpha to 1e-6 (f32 again).
fn same_colour(a: &Json, b: &Json) -> bool {
    let numbers = |c: &Json| -> Option<Vec<f64>> {
        let inner = c.as_str()?.strip_prefix("rgba(")?.strip_suffix(')')?;
        inner.split(',').map(|n| n.parse().ok()).collect()
    };
    match (numbers(a), numbers(b)) {
        (Some(x), Some(y)) if x.len() == 4 && y.len() == 4 => {
            (0..3).all(|i| (x[i] - y[i]).abs() <= 1.0) && (x[3] - y[3]).abs() <= 1e-6
        }
        _ => a == b,
    }
}

fn geometry_type(geometry: &Json) -> GeometryType {
    match geometry["type"].as_str().unwrap() {
        "Point" | "MultiPoint" => GeometryType::Point,
        "LineString" | "MultiLineString" => GeometryType::LineString,
        _ => GeometryType::Polygon,
    }
}

#[test]
fn layouts_and_filters_match_the_style_spec_feature_by_feature() {
    let Some(reference) = reference_cases() else { return };
    for spec in SPECS.iter().chain(DRAWN.iter().filter(|s| s.kind == Kind::Color)) {
        let theirs = &reference["specs"][spec.name];
        let default: Json = spec.default.map_or(Json::Null, |d| serde_json::from_str(d).unwrap());
        assert_eq!(
            (&default, spec.interpolated, spec.data_driven),
            (&theirs["default"], theirs["interpolated"] == true, theirs["data_driven"] == true),
            "{}: our table differs from the style-spec's",
            spec.name
        );
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut styles = HashMap::new();
    let mut data: HashMap<String, Json> = HashMap::new();
    for entry in std::fs::read_dir(reference_dir().join("styles")).unwrap() {
        let path = entry.unwrap().path();
        let json: Json = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for source in json["sources"].as_object().unwrap().values() {
            let file = source["data"].as_str().unwrap().to_owned();
            data.entry(file.clone())
                .or_insert_with(|| serde_json::from_str(&std::fs::read_to_string(root.join(&file)).unwrap()).unwrap());
        }
        let (style, warnings) = Style::from_json(&json).unwrap();
        assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        let (colours, warnings) = drawn::compile(&json);
        assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        styles.insert(path.file_name().unwrap().to_str().unwrap().to_owned(), (style, colours, json));
    }
    let cases = reference["cases"].as_array().unwrap();
    let (mut compared, mut passed_filter) = (0usize, 0usize);
    let (mut colours_compared, mut colours_exact) = (0usize, 0usize);
    let mut mismatches = Vec::new();
    for case in cases {
        let (style, colours, json) = &styles[case["style"].as_str().unwrap()];
        let layer = style.layer(case["layer"].as_str().unwrap()).unwrap();
        let source = json["layers"][layer.index]["source"].as_str().unwrap();
        let features = &data[json["sources"][source]["data"].as_str().unwrap()]["features"];
        let geojson = &features[case["feature"].as_u64().unwrap() as usize];
        let empty = serde_json::Map::new();
        let feature = Feature {
            properties: geojson["properties"].as_object().unwrap_or(&empty),
            id: geojson.get("id"),
            geometry: geometry_type(&geojson["geometry"]),
        };
        let zoom = case["zoom"].as_f64().unwrap();
        let at = format!("{} {} feature {} zoom {zoom}", case["style"], case["layer"], case["feature"]);
        let filter = layer.filter(zoom, &feature);
        passed_filter += usize::from(filter);
        if Json::Bool(filter) != case["filter"] {
            mismatches.push(format!("{at}: filter {filter}, style-spec {}", case["filter"]));
        }
        for (name, expected) in case["values"].as_object().unwrap() {
            let mut expected = expected.clone();
            if name == "text-field" && expected.is_string() {
                expected = json!({"formatted": [[expected, null, null]]});
            }
            let actual = normalise(layer.evaluate(name, zoom, &feature));
            compared += 1;
            if !close(&actual, &expected, 1e-9) {
                mismatches.push(format!("{at}: {name} = {actual}, style-spec {expected}"));
            }
        }
        // Colours: the style's text or a mix, printed as MapLibre prints a colour.
        let painted = colours.iter().find(|l: &&DrawnLayer| l.id == layer.id);
        for (name, expected) in case["drawn"].as_object().into_iter().flatten() {
            let value = painted.and_then(|l| l.evaluate(name, zoom, &feature));
            let actual = match value {
                Some(Value::String(s)) => color_as_rgba(&s).map_or(Json::Null, Json::String),
                _ => Json::Null,
            };
            compared += 1;
            colours_compared += 1;
            colours_exact += usize::from(actual == *expected);
            if !same_colour(&actual, expected) {
                mismatches.push(format!("{at}: {name} = {actual}, style-spec {expected}"));
            }
        }
    }
    assert!(
        compared > 100_000 && passed_filter > 1_000 && colours_compared > 10_000,
        "{compared} values ({colours_compared} colours), {passed_filter} filter passes: too few to mean much"
    );
    assert!(
        mismatches.is_empty(),
        "{} of {compared} values and {} filters differ from the style-spec, e.g.:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches.iter().take(25).cloned().collect::<Vec<_>>().join("\n")
    );
    eprintln!(
        "{} cases, {compared} values and every filter equal to the style-spec's; of them {colours_compared} colours, {colours_exact} printed the same",
        cases.len()
    );
}
