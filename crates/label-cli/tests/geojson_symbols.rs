//! The GeoJSON symbol flags through the binary: `--variable-anchor` / `--radial-offset`,
//! `--variable-anchor-offset`, `--icon-size`, `--text-optional`, `--repeat-distance` (by text
//! or `--repeat-group-field`) on the Natural Earth places and the Vienna streets; the features
//! carry `candidate` and `parts`; bad values exit 2 naming the flag.

mod common;

use common::run;
use serde_json::Value;

const PLACES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/geojson/ne-places-europe.geojson");
const STREETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/geojson/vienna-streets-center.geojson");
const PLACES_VIEW: [&str; 8] =
    ["--zoom", "4", "--center", "10,50", "--priority-field", "scalerank", "--priority-order", "ascending"];
const STREETS_VIEW: [&str; 6] = ["--zoom", "16", "--center", "16.3725,48.2083", "--size", "1280x720"];

fn features(input: &str, view: &[&str], extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["place", input];
    args.extend_from_slice(view);
    args.extend_from_slice(extra);
    let out = run(&args, None).ok_json();
    out["features"].as_array().expect("a FeatureCollection").clone()
}

fn visible(fs: &[Value]) -> Vec<&Value> {
    fs.iter().filter(|f| f["properties"]["visible"] == true).collect()
}

fn corners(f: &Value) -> Vec<[f64; 2]> {
    let b = f["properties"]["label_box"].as_array().expect("label_box");
    b.iter().map(|c| [c[0].as_f64().unwrap(), c[1].as_f64().unwrap()]).collect()
}

/// Whether two convex quadrilaterals overlap by more than `eps` px on every axis of either
/// (the separating axis theorem, written plainly).
fn overlap(a: &[[f64; 2]], b: &[[f64; 2]], eps: f64) -> bool {
    for poly in [a, b] {
        for i in 0..4 {
            let (p, q) = (poly[i], poly[(i + 1) % 4]);
            let axis = [q[1] - p[1], p[0] - q[0]];
            let len = axis[0].hypot(axis[1]);
            let project = |s: &[[f64; 2]]| {
                let d: Vec<f64> = s.iter().map(|c| (c[0] * axis[0] + c[1] * axis[1]) / len).collect();
                (d.iter().copied().fold(f64::INFINITY, f64::min), d.iter().copied().fold(f64::NEG_INFINITY, f64::max))
            };
            let ((a0, a1), (b0, b1)) = (project(a), project(b));
            if a1.min(b1) - a0.max(b0) <= eps {
                return false;
            }
        }
    }
    true
}

fn assert_no_overlaps(shown: &[&Value]) {
    let boxes: Vec<Vec<[f64; 2]>> = shown.iter().map(|f| corners(f)).collect();
    for i in 0..boxes.len() {
        for j in 0..i {
            assert!(!overlap(&boxes[i], &boxes[j], 0.05), "{} overlaps {}", shown[i]["id"], shown[j]["id"]);
        }
    }
}

fn centre(f: &Value) -> [f64; 2] {
    let c = corners(f);
    [c.iter().map(|p| p[0]).sum::<f64>() / 4.0, c.iter().map(|p| p[1]).sum::<f64>() / 4.0]
}

#[test]
fn four_anchors_show_more_places_than_one_without_overlaps() {
    let one = features(PLACES, &PLACES_VIEW, &["--variable-anchor", "left", "--radial-offset", "0.5"]);
    let four =
        features(PLACES, &PLACES_VIEW, &["--variable-anchor", "top,bottom,left,right", "--radial-offset", "0.5"]);
    let (one_shown, four_shown) = (visible(&one), visible(&four));
    assert!(four_shown.len() > one_shown.len() + 20, "{} vs {}", four_shown.len(), one_shown.len());
    assert_no_overlaps(&four_shown);
    assert_no_overlaps(&one_shown);
    assert_eq!(four.len(), one.len(), "every feature comes out");
    for f in &four {
        let p = &f["properties"];
        match p["visible"].as_bool() {
            Some(true) => assert!(p["candidate"].as_u64().is_some_and(|k| k < 4), "{f}"),
            _ => assert!(p.get("candidate").is_none(), "{f}"),
        }
    }
    // A text shown at candidate 2 (`left`) has the box it has with `left` alone.
    for (f4, f1) in four.iter().zip(&one).filter(|(f, _)| f["properties"]["candidate"] == 2) {
        assert_eq!(corners(f4), corners(f1), "{f4}");
    }
}

#[test]
fn icons_and_optional_text_come_out_as_parts() {
    let fs = features(
        PLACES,
        &PLACES_VIEW,
        &["--variable-anchor-offset", "top:0,0.6,bottom:0,-0.6", "--icon-size", "6x6", "--text-optional"],
    );
    let shown = visible(&fs);
    let parts = |name: &str| shown.iter().filter(|f| f["properties"]["parts"] == name).count();
    assert!(parts("both") > 50 && parts("text") == 0, "both {} text {}", parts("both"), parts("text"));
    assert!(parts("icon") > 0, "some icons show alone");
    assert_eq!(parts("both") + parts("icon"), shown.len());
    let with_text: Vec<&Value> = shown.iter().copied().filter(|f| f["properties"]["parts"] == "both").collect();
    assert_no_overlaps(&with_text);
}

#[test]
fn repeated_street_names_keep_their_distance() {
    let name = |f: &Value| f["properties"]["name"].as_str().unwrap_or("").to_owned();
    let closest = |fs: &[Value]| {
        let shown = visible(fs);
        let mut d = f64::INFINITY;
        for i in 0..shown.len() {
            for j in 0..i {
                if name(shown[i]) == name(shown[j]) {
                    let (a, b) = (centre(shown[i]), centre(shown[j]));
                    d = d.min((a[0] - b[0]).hypot(a[1] - b[1]));
                }
            }
        }
        d
    };
    let plain = features(STREETS, &STREETS_VIEW, &[]);
    assert!(closest(&plain) < 250.0, "the test needs close repeats without the flag");
    let apart = features(STREETS, &STREETS_VIEW, &["--repeat-distance", "250"]);
    assert!(closest(&apart) >= 250.0 - 0.05, "{}", closest(&apart));
    assert!(apart.iter().any(|f| f["properties"]["reason"] == "repeat"));
    assert!(visible(&apart).len() < visible(&plain).len());
    let by_class = features(STREETS, &STREETS_VIEW, &["--repeat-distance", "250", "--repeat-group-field", "highway"]);
    assert!(visible(&by_class).len() < visible(&apart).len(), "fewer groups hide more");
}

#[test]
fn bad_symbol_flags_exit_2_naming_the_flag() {
    let cases: [(&[&str], &str); 6] = [
        (&["--variable-anchor", "top,middle"], "--variable-anchor: unknown anchor \"middle\""),
        (&["--radial-offset", "1"], "--radial-offset needs --variable-anchor"),
        (&["--variable-anchor-offset", "top:0"], "--variable-anchor-offset"),
        (&["--icon-size", "0x4"], "--icon-size"),
        (&["--icon-optional"], "--icon-optional needs --icon-size"),
        (&["--repeat-distance", "-5"], "--repeat-distance"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["place", PLACES];
        args.extend_from_slice(&PLACES_VIEW);
        args.extend_from_slice(extra);
        let line = run(&args, None).assert_failure(2);
        assert!(line.contains(expected), "{line}");
    }
}
