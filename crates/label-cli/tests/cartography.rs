//! The everyday cartographic runs, through the binary: CSV tables, priorities from classes,
//! ties decided by a property, padding and point markers in GeoJSON mode.

mod common;

use common::{Run, run, write_file};
use serde_json::{Value, json};

fn point(id: Value, lon: f64, lat: f64, properties: Value) -> Value {
    json!({"type": "Feature", "id": id, "properties": properties,
           "geometry": {"type": "Point", "coordinates": [lon, lat]}})
}

fn collection(features: Vec<Value>) -> Value {
    json!({"type": "FeatureCollection", "features": features})
}

/// `place FILE args…` on `text` written as `name` in a temporary directory.
fn place_file(name: &str, text: &str, args: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), name, text.as_bytes());
    let mut all = vec!["place", path.to_str().unwrap()];
    all.extend_from_slice(args);
    run(&all, None)
}

/// The label-set result (`--output-format json`) of a collection: (id, visible, hidden_by).
fn decisions(doc: &Value, args: &[&str]) -> Vec<(Value, bool, Value)> {
    let mut all = vec!["--output-format", "json"];
    all.extend_from_slice(args);
    let out = place_file("in.geojson", &doc.to_string(), &all).ok_json();
    out["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].clone(), p["visible"].as_bool().unwrap(), p.get("hidden_by").cloned().unwrap_or(Value::Null)))
        .collect()
}

const VIEW: [&str; 6] = ["--zoom", "10", "--center", "0,0", "--size", "600x400"];

fn view(extra: &[&'static str]) -> Vec<&'static str> {
    VIEW.iter().copied().chain(extra.iter().copied()).collect()
}

const GEONAMES: &str = "geonameid,name,asciiname,latitude,longitude,feature_code,country_code,population\r\n\
    2761369,Vienna,Vienna,48.20849,16.37208,PPLC,AT,1691468\r\n\
    2778067,Graz,Graz,47.06667,15.45,PPLA,AT,222326\r\n\
    2772400,Linz,Linz,48.30639,14.28611,PPLA,AT,181162\r\n";

#[test]
fn a_geonames_table_is_placed_like_geojson_points() {
    let args = ["--zoom", "6", "--center", "15.5,47.8", "--priority-field", "population"];
    let out = place_file("cities.csv", GEONAMES, &args).ok_json();
    let features = out["features"].as_array().unwrap();
    assert_eq!(features.len(), 3);
    assert_eq!(features[0]["geometry"]["coordinates"], json!([16.37208, 48.20849]));
    assert_eq!(features[0]["properties"]["name"], json!("Vienna"));
    assert!(features.iter().all(|f| f["properties"]["visible"] == json!(true)), "{out}");
    // The label-set result names rows by index; `--format csv` reads any file name.
    let mut json_args = args.to_vec();
    json_args.extend(["--output-format", "json", "--format", "csv"]);
    let out = place_file("cities.txt", GEONAMES, &json_args).ok_json();
    assert_eq!(out["placements"][2], json!({"id": 2, "visible": true}));
    assert_eq!(out["stats"]["features"], json!(3));
}

#[test]
fn csv_errors_name_the_line_and_the_column() {
    let view = ["--zoom", "6", "--center", "15.5,47.8"];
    let bad_lat = GEONAMES.replace("47.06667", "47,06667");
    let message = place_file("cities.csv", &bad_lat, &view).assert_failure(2);
    assert!(message.ends_with("cities.csv: line 3: expected 8 fields as in the header, got 9"), "{message}");
    let bad_lat = GEONAMES.replace("47.06667", "north");
    let message = place_file("cities.csv", &bad_lat, &view).assert_failure(2);
    assert!(
        message.ends_with("line 3: column `latitude`: expected degrees from -90 to 90, got \"north\""),
        "{message}"
    );
    let bad_population = GEONAMES.replace("181162", "many");
    let mut args = view.to_vec();
    args.extend(["--priority-field", "population"]);
    let message = place_file("cities.csv", &bad_population, &args).assert_failure(2);
    assert!(message.contains("line 4: ") && message.contains("property `population`: expected a number"), "{message}");
    let message = place_file("cities.csv", "name,a,b\nx,1,2\n", &view).assert_failure(2);
    assert!(message.contains("line 1: no longitude column (--x-field NAME)"), "{message}");
    let mut args = view.to_vec();
    args.extend(["--x-field", "a", "--y-field", "b"]);
    place_file("cities.csv", "name,a,b\nx,15.5,47.8\n", &args).ok_json();
    // CSV flags on other input are refused, not ignored.
    let message = place_file("in.geojson", &collection(vec![]).to_string(), &["--x-field", "a"]).assert_failure(2);
    assert!(message.contains("--x-field only applies to CSV input"), "{message}");
    let both = ["--x-field", "a", "--y-field", "b"];
    let message = place_file("in.geojson", &collection(vec![]).to_string(), &both).assert_failure(2);
    assert!(message.contains("--x-field, --y-field only apply to CSV input"), "{message}");
    // A table separated by something else than commas (GeoNames ships its tables with tabs).
    for (separator, name) in [('\t', "tabs"), (';', "semicolons")] {
        let table = GEONAMES.replace(',', &separator.to_string());
        let message = place_file("cities.csv", &table, &view).assert_failure(2);
        assert!(
            message.contains(&format!("the first row is one column holding {name}: the table must be comma-separated")),
            "{message}"
        );
    }
}

/// Two streets named at the same spot, the residential one first in the file.
fn streets() -> Value {
    let line = |id: u64, highway: &str| {
        json!({"type": "Feature", "id": id, "properties": {"name": format!("Street {id}"), "highway": highway},
               "geometry": {"type": "LineString", "coordinates": [[-0.05, 0.0], [0.05, 0.0]]}})
    };
    collection(vec![line(1, "residential"), line(2, "primary"), line(3, "footway")])
}

#[test]
fn a_priority_map_ranks_classes_and_unmapped_classes_rank_last() {
    let by_file = decisions(&streets(), &view(&[]));
    assert_eq!(by_file[0], (json!(1), true, Value::Null));
    let mapped = decisions(&streets(), &view(&["--priority-map", "highway=primary:8,residential:4"]));
    assert_eq!(mapped[0], (json!(1), false, json!(2)));
    assert_eq!(mapped[1], (json!(2), true, Value::Null));
    assert_eq!(mapped[2], (json!(3), false, json!(2)));
    let expression = r#"["match", ["get", "highway"], "primary", 8, ["residential", "tertiary"], 4, 0]"#;
    assert_eq!(decisions(&streets(), &view(&["--priority-map", expression])), mapped);
    // A default above every class: the footway wins.
    let footway_first = decisions(&streets(), &view(&["--priority-map", "highway=primary:8,residential:4,*:9"]));
    assert_eq!(footway_first[2], (json!(3), true, Value::Null));
    let message = place_file("in.geojson", &streets().to_string(), &view(&["--priority-map", "highway=primary"]))
        .assert_failure(2);
    assert!(message.contains("--priority-map: \"primary\": expected VALUE:N"), "{message}");
}

/// Brussels and Frankfurt of equal rank at one spot, Brussels first in the file.
fn cities() -> Value {
    collection(vec![
        point(json!("brussels"), 0.0, 0.0, json!({"name": "Brussels", "scalerank": 1, "pop_max": 1_743_000})),
        point(json!("frankfurt"), 0.001, 0.0, json!({"name": "Frankfurt", "scalerank": 1, "pop_max": 2_895_000})),
        point(json!("nowhere"), 0.002, 0.0, json!({"name": "Nowhere", "scalerank": 1})),
    ])
}

#[test]
fn a_tie_field_decides_between_equal_priorities() {
    let rank = ["--priority-field", "scalerank", "--priority-order", "ascending"];
    let by_file = decisions(&cities(), &view(&rank));
    assert_eq!(by_file[0], (json!("brussels"), true, Value::Null));
    let mut by_population = rank.to_vec();
    by_population.extend(["--tie-field", "pop_max"]);
    let out = decisions(&cities(), &view(&by_population));
    assert_eq!(out[0], (json!("brussels"), false, json!("frankfurt")));
    assert_eq!(out[1], (json!("frankfurt"), true, Value::Null));
    assert_eq!(out[2], (json!("nowhere"), false, json!("frankfurt")), "no tie value ranks last");
    by_population.extend(["--tie-order", "ascending"]);
    let out = decisions(&cities(), &view(&by_population));
    assert_eq!(out[0], (json!("brussels"), true, Value::Null));
    assert_eq!(out[1], (json!("frankfurt"), false, json!("brussels")));
}

#[test]
fn padding_keeps_labels_apart_in_geojson_mode() {
    // 0.0275° of latitude at zoom 10 is 20 px: two 12-px labels (14 px tall) one above the other.
    let stacked = collection(vec![
        point(json!(1), 0.0, 0.0, json!({"name": "Upper"})),
        point(json!(2), 0.0, -0.0275, json!({"name": "Lower"})),
    ]);
    assert!(decisions(&stacked, &view(&[])).iter().all(|d| d.1));
    let padded = decisions(&stacked, &view(&["--padding", "4"]));
    assert_eq!(padded[1], (json!(2), false, json!(1)));
    let message = place_file("in.geojson", &stacked.to_string(), &view(&["--padding", "-1"])).assert_failure(2);
    assert!(message.contains("--padding"), "{message}");
}

#[test]
fn point_markers_keep_labels_off_the_dots_of_more_important_points() {
    // A's name, beside its dot, runs over B's dot 20 px east (B has no name, but a dot).
    let doc = |rank_a: u64| {
        collection(vec![
            point(json!("b"), 0.0275, 0.0, json!({"rank": 1})),
            point(json!("a"), 0.0, 0.0, json!({"name": "Amsterdam", "rank": rank_a})),
            point(json!("c"), 0.0, 0.1, json!({"name": "Clear", "rank": 1})),
        ])
    };
    let beside = ["--point-anchor", "left", "--point-offset", "5,0"];
    assert!(decisions(&doc(1), &view(&beside))[1].1, "without markers nothing is in A's way");
    let markers = ["--marker-radius", "3", "--output-format", "json", "--priority-field", "rank"];
    let out = place_file("in.geojson", &doc(1).to_string(), &view(&markers)).ok_json();
    // Of equal rank, B comes first: its dot is placed, and A's name may not cover it.
    assert_eq!(
        out["placements"][1],
        json!({"id": "a", "visible": false, "reason": "collision", "hidden_by": "marker:b"})
    );
    // Its own dot never hides a label: the name sits beside it.
    assert_eq!(out["placements"][2], json!({"id": "c", "visible": true}));
    assert_eq!(
        (&out["stats"]["markers"], &out["stats"]["labels"], &out["stats"]["features"]),
        (&json!(3), &json!(5), &json!(3))
    );
    // A more important A is placed (dot and name) before B's dot, which then has no room.
    let out = place_file("in.geojson", &doc(2).to_string(), &view(&markers)).ok_json();
    assert_eq!(out["placements"][1], json!({"id": "a", "visible": true}));
    assert_eq!(out["stats"]["visible"], json!(4), "A, C and their dots; not B's dot");
}

const PLACES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/geojson/ne-places-europe.geojson");

/// `place` on the Natural Earth places over Europe with `args` (at zoom 4 unless they say).
fn places(args: &[&str]) -> Run {
    let zoom = if args.contains(&"--zoom") { &[][..] } else { &["--zoom", "4"][..] };
    let mut all = vec!["place", PLACES, "--center", "10,50"];
    all.extend_from_slice(zoom);
    all.extend_from_slice(args);
    run(&all, None)
}

#[test]
fn a_label_is_never_hidden_by_its_own_marker() {
    // An icon is centred on its point, where the marker is: the two are refused together
    // (every label was hidden by its own marker).
    let message = places(&["--marker-radius", "2.5", "--icon-size", "6x6"]).assert_failure(2);
    assert!(message.contains("--marker-radius 2.5 with --icon-size 6x6") && message.contains("not both"), "{message}");
    // A text placed over its own dot is refused, naming the feature and the flags to change.
    let message = places(&["--marker-radius", "2.5", "--point-anchor", "center"]).assert_failure(2);
    assert!(
        message
            .contains("feature 0 (id 0): --marker-radius: the label's text at anchor `center` covers its own marker"),
        "{message}"
    );
    // The default place beside the dot clears it with --padding too (it hid 214 labels).
    let out = places(&["--marker-radius", "2.5", "--padding", "3"]).ok_json();
    for f in out["features"].as_array().unwrap() {
        let own = format!("marker:{}", f["id"].as_u64().unwrap_or(u64::MAX));
        let by = f["properties"]["hidden_by"].as_str().unwrap_or_default();
        assert_ne!(by, own, "{}", f["properties"]);
    }
}

#[test]
fn the_output_says_whether_each_marker_is_shown_and_warns_when_markers_hide_most_labels() {
    let run = places(&["--zoom", "3", "--marker-radius", "8"]);
    run.assert_code(0);
    let out = run.json();
    let features = out["features"].as_array().unwrap();
    let shown = features.iter().filter(|f| f["properties"]["marker_visible"] == true).count();
    let hidden = features.iter().filter(|f| f["properties"]["marker_visible"] == false).count();
    assert!(shown > 0 && hidden > 0 && shown + hidden == features.len(), "{shown} + {hidden}");
    let by_markers = features
        .iter()
        .filter(|f| f["properties"]["hidden_by"].as_str().is_some_and(|b| b.starts_with("marker:")))
        .count();
    assert!(2 * by_markers > features.len());
    let warning = format!("point markers hide {by_markers} of {} labels (--marker-radius 8)", features.len());
    assert!(run.stderr.contains(&warning), "{}", run.stderr);
    // A small radius at a closer zoom: no warning.
    let quiet = places(&["--zoom", "6", "--marker-radius", "1"]);
    quiet.ok_json();
    assert!(!quiet.stderr.contains("point markers hide"), "{}", quiet.stderr);
}

/// The centre of each feature's `label_box` (GeoJSON output), `None` without a box.
fn box_centres(doc: &Value, args: &[&str]) -> Vec<Option<(f64, f64)>> {
    let out = place_file("in.geojson", &doc.to_string(), args).ok_json();
    out["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let corners = f["properties"].get("label_box")?.as_array()?.clone();
            let sum =
                corners.iter().fold((0.0, 0.0), |(x, y), c| (x + c[0].as_f64().unwrap(), y + c[1].as_f64().unwrap()));
            Some((sum.0 / 4.0, sum.1 / 4.0))
        })
        .collect()
}

fn polygon(id: u64, name: &str, rings: Value) -> Value {
    json!({"type": "Feature", "id": id, "properties": {"name": name}, "geometry": {"type": "Polygon", "coordinates": rings}})
}

#[test]
fn polygons_are_named_at_their_pole_of_inaccessibility() {
    // At zoom 10 near (0, 0) a degree is about 728 px. An L of 0.2° whose thick corner is at
    // the south-west; a square with a hole in its middle; a MultiPolygon named in its larger part.
    let l = json!([[[0.0, 0.0], [0.2, 0.0], [0.2, 0.08], [0.08, 0.08], [0.08, 0.2], [0.0, 0.2], [0.0, 0.0]]]);
    let holed = json!([
        [[-0.3, -0.3], [-0.1, -0.3], [-0.1, -0.1], [-0.3, -0.1], [-0.3, -0.3]],
        [[-0.25, -0.25], [-0.15, -0.25], [-0.15, -0.15], [-0.25, -0.15], [-0.25, -0.25]]
    ]);
    let multi = json!({"type": "Feature", "id": 3, "properties": {"name": "Isles"}, "geometry": {"type": "MultiPolygon",
        "coordinates": [[[[0.25, -0.3], [0.26, -0.3], [0.26, -0.29], [0.25, -0.3]]],
                        [[[0.3, -0.3], [0.4, -0.3], [0.4, -0.2], [0.3, -0.2], [0.3, -0.3]]]]}});
    let doc = collection(vec![polygon(1, "L", l), polygon(2, "Ring", holed), multi]);
    let args = ["--zoom", "10", "--center", "0,0", "--size", "1000x1000", "--font-size", "8"];
    let centres = box_centres(&doc, &args);
    let px = |lon: f64| 500.0 + lon * 256.0 * 1024.0 / 360.0;
    let py = |lat: f64| 500.0 - lat * 256.0 * 1024.0 / 360.0; // near the equator Mercator is 1:1
    let (x, y) = centres[0].expect("the L has a label");
    assert!(x > px(0.0) && x < px(0.08) && y < py(0.0) && y > py(0.08), "the L's thick corner: ({x}, {y})");
    let (x, y) = centres[1].expect("the ring has a label");
    let in_hole = x > px(-0.25) && x < px(-0.15) && y < py(-0.25) && y > py(-0.15);
    assert!(!in_hole && x > px(-0.3) && x < px(-0.1), "inside the ring, not its hole: ({x}, {y})");
    let (x, y) = centres[2].expect("the isles have a label");
    assert!((x - px(0.35)).abs() < 3.0 && (y - py(-0.25)).abs() < 3.0, "the larger isle's middle: ({x}, {y})");
}

#[test]
fn features_across_the_antimeridian_are_placed_in_the_copy_nearest_the_view() {
    // An island from 179.9° E to 179.9° W and a line across the antimeridian, seen from either
    // side of it: both are named in the middle of the screen, whole.
    let island =
        polygon(1, "Taveuni", json!([[[179.9, -0.1], [-179.9, -0.1], [-179.9, 0.1], [179.9, 0.1], [179.9, -0.1]]]));
    let line = json!({"type": "Feature", "id": 2, "properties": {"name": "Date Line Road"},
        "geometry": {"type": "LineString", "coordinates": [[179.8, -0.15], [-179.8, -0.15]]}});
    let doc = collection(vec![island, line]);
    for (center, east_of_view) in [("179.99,0", 0.01), ("-179.99,0", -0.01), ("180,0", 0.0)] {
        let centres = box_centres(&doc, &["--zoom", "10", "--center", center, "--size", "800x600", "--font-size", "8"]);
        let offset = -east_of_view * 256.0 * 1024.0 / 360.0;
        let (x, y) = centres[0].unwrap_or_else(|| panic!("{center}: the island has no label"));
        assert!((x - (400.0 - offset)).abs() < 3.0 && (y - 300.0).abs() < 3.0, "{center}: island at ({x}, {y})");
        let (x, _) = centres[1].unwrap_or_else(|| panic!("{center}: the road has no label"));
        assert!((x - (400.0 - offset)).abs() < 3.0, "{center}: road at x = {x}");
    }
}
