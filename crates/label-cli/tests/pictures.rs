//! Pictures through the binary: the plain map style (`--picture-style map`) beside the debug
//! diagram, and `--png` images of either.

mod common;

use common::{run, write_file};
use serde_json::json;

/// Two places at one spot (one hidden) and a street, in a 400 × 300 view at zoom 10.
fn map() -> String {
    json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": "w", "properties": {"name": "Wien", "rank": 2},
         "geometry": {"type": "Point", "coordinates": [0.0, 0.0]}},
        {"type": "Feature", "id": "s", "properties": {"name": "Schwechat", "rank": 1},
         "geometry": {"type": "Point", "coordinates": [0.003, 0.0]}},
        {"type": "Feature", "id": "r", "properties": {"name": "Ring", "rank": 0},
         "geometry": {"type": "LineString", "coordinates": [[-0.2, -0.1], [0.2, -0.1]]}}
    ]})
    .to_string()
}

const VIEW: [&str; 8] = ["--zoom", "10", "--center", "0,0", "--size", "400x300", "--priority-field", "rank"];

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn the_map_style_shows_only_shown_names_with_halos_and_markers() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.geojson", map().as_bytes());
    let (svg, png) = (dir.path().join("map.svg"), dir.path().join("map.png"));
    let mut args = vec!["place", input.to_str().unwrap()];
    args.extend(VIEW);
    args.extend(["--picture-style", "map", "--svg", svg.to_str().unwrap(), "--png", png.to_str().unwrap()]);
    let out = run(&args, None).ok_json();
    assert_eq!(out["features"][1]["properties"]["hidden_by"], json!("w"));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">Wien</text>") && text.contains(">Ring</text>"), "{text}");
    assert!(!text.contains("Schwechat"), "the hidden name is not drawn");
    assert!(text.contains("paint-order=\"stroke\""), "names have halos");
    assert_eq!(text.matches("<circle").count(), 2, "a marker per point");
    assert!(text.contains("viewBox=\"0.00 0.00 400.00 300.00\""));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(png_size(&bytes), (400, 300));
    // The debug style draws every box, the hidden one too, in a frame with a margin.
    let (svg, png) = (dir.path().join("debug.svg"), dir.path().join("debug.png"));
    let mut args = vec!["place", input.to_str().unwrap()];
    args.extend(VIEW);
    args.extend(["--svg", svg.to_str().unwrap(), "--png", png.to_str().unwrap()]);
    run(&args, None).ok_json();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<g id=\"hidden\"") && text.matches("<polygon").count() >= 3, "{text}");
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), (420, 320));
}

#[test]
fn png_images_name_what_stops_them() {
    let dir = tempfile::tempdir().unwrap();
    let input = write_file(dir.path(), "in.geojson", map().as_bytes());
    let png = dir.path().join("huge.png");
    let args = ["place", input.to_str().unwrap(), "--zoom", "10", "--center", "0,0", "--size", "40000x300"];
    let mut args = args.to_vec();
    args.extend(["--png", png.to_str().unwrap(), "--picture-style", "map"]);
    let message = run(&args, None).assert_failure(2);
    assert!(message.contains("--png") && message.contains("larger than 16384 px"), "{message}");
    assert!(!png.exists());
    let message = run(&["place", input.to_str().unwrap(), "--png", input.to_str().unwrap()], None).assert_failure(2);
    assert!(message.contains("--png") && message.contains("is the input file"), "{message}");
}
