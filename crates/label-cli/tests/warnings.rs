//! Runs that succeed but look wrong say so on standard error and still exit 0: nothing shown,
//! a text or priority property no feature has, a centre given as LAT,LON; and `place` waiting
//! on a terminal says what it waits for.

mod common;

use common::{place_stdin, run, write_file};
use serde_json::{Value, json};

fn vienna() -> Value {
    json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "Graben", "highway": "pedestrian"},
         "geometry": {"type": "LineString", "coordinates": [[16.368, 48.2085], [16.372, 48.2087]]}},
        {"type": "Feature", "properties": {"name": "Stephansplatz", "highway": "pedestrian"},
         "geometry": {"type": "Point", "coordinates": [16.3725, 48.2083]}}
    ]})
}

/// `place` on `doc` (written to a `.geojson` file) with `args`; exit 0 required.
fn place_geojson(doc: &Value, args: &[&str]) -> (Value, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "in.geojson", doc.to_string().as_bytes());
    let mut all = vec!["place", path.to_str().unwrap()];
    all.extend_from_slice(args);
    let r = run(&all, None);
    r.assert_code(0);
    let warnings = r.stderr.lines().map(str::to_owned).collect();
    (r.json(), warnings)
}

#[test]
fn a_good_run_warns_of_nothing() {
    let (out, warnings) = place_geojson(&vienna(), &["--zoom", "16", "--center", "16.37,48.2085"]);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(out["features"][0]["properties"]["visible"], json!(true));
}

#[test]
fn a_swapped_centre_is_named_with_the_centre_meant() {
    let (out, warnings) = place_geojson(&vienna(), &["--zoom", "16", "--center", "48.2085,16.37"]);
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings[0].contains("did you mean --center 16.37,48.2085?"), "{}", warnings[0]);
    assert!(warnings[1].contains("no label is shown") && warnings[1].contains("2 are off screen"), "{}", warnings[1]);
    assert!(out["features"].as_array().unwrap().iter().all(|f| f["properties"]["reason"] == json!("offscreen")));
    // A latitude no web map shows, even without data around the swapped point.
    let (_, warnings) = place_geojson(&vienna(), &["--zoom", "2", "--center", "16.37,88"]);
    assert!(warnings.iter().any(|w| w.contains("latitude 88 is beyond")), "{warnings:?}");
}

#[test]
fn a_misspelt_text_field_names_the_properties_that_exist() {
    let (out, warnings) =
        place_geojson(&vienna(), &["--zoom", "16", "--center", "16.37,48.2085", "--text-field", "nmae"]);
    assert!(
        warnings[0].contains("no feature has the property `nmae` (--text-field)")
            && warnings[0].contains("`highway`, `name`"),
        "{warnings:?}"
    );
    assert!(warnings[1].contains("2 have no label"), "{warnings:?}");
    assert_eq!(out["features"][0]["properties"]["reason"], json!("no_text"));
    let (_, warnings) =
        place_geojson(&vienna(), &["--zoom", "16", "--center", "16.37,48.2085", "--priority-field", "rank"]);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("`rank` (--priority-field)"), "{warnings:?}");
}

#[test]
fn a_label_set_with_nothing_shown_says_so() {
    let doc = json!({"viewport": {"width": 100, "height": 100},
        "labels": [{"id": 1, "x": 500, "y": 500, "width": 10, "height": 10}]});
    let r = place_stdin(&doc, &[]);
    r.assert_code(0);
    assert!(r.stderr.contains("no label is shown: of 1 inputs, 1 are off screen"), "{}", r.stderr);
    assert_eq!(r.json()["placements"][0]["reason"], json!("offscreen"));
    // Texts along lines that do not fit are counted as what they are, not as collisions.
    let doc = json!({"labels": [
        {"id": 1, "path": [[0, 0], [10, 0]], "glyph_advances": [8, 8], "height": 10},
        {"id": 2, "path": [[0, 0], [50, 0], [50, 50]], "glyph_advances": [8, 8], "height": 10}]});
    let r = place_stdin(&doc, &[]);
    r.assert_code(0);
    let want = "no label is shown: of 2 inputs, 0 are off screen, 0 hidden by collisions, \
                1 longer than their line (no_room), 1 on too sharp a bend (too_curved), 0 have no label";
    assert!(r.stderr.contains(want), "{}", r.stderr);
    // An empty document shows nothing and is not a mistake.
    place_stdin(&json!({"labels": []}), &[]).ok_json();
}

#[test]
fn place_on_a_terminal_says_what_it_reads() {
    // `script` gives the run a terminal as standard input (util-linux; present on the CI image).
    let Ok(out) = std::process::Command::new("script")
        .args(["-qec", &format!("{} place", common::BIN), "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
    else {
        panic!("`script` (util-linux) is needed for this test");
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("reading a label-set JSON or GeoJSON document from standard input"), "{text}");
    // Piped input gets no such line.
    let r = place_stdin(&json!({"labels": []}), &[]);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}
