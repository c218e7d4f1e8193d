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

/// Labels 10¹² px from the screen's origin, with no viewport: the picture used to be computed
/// in f32, where the step is 65,536 px, and came out 0 px wide ("SVG has an invalid size").
/// Now it is the picture of the same labels near the origin, byte for byte, in both styles.
#[test]
fn a_picture_of_labels_far_from_the_origin_is_the_picture_of_them_near_it() {
    // The picture's origin: 10¹² rounded to a multiple of 65,536 px.
    const ORIGIN: f64 = 999_999_995_904.0;
    let document = |dx: f64| {
        json!({"labels": [
            {"id": 1, "x": dx + 4096.5, "y": 20, "width": 40, "height": 10, "text": "Far", "priority": 2},
            {"id": 2, "x": dx + 4106.25, "y": 22, "width": 40, "height": 10, "text": "Farther"},
            {"id": 3, "x": dx + 4196.0, "y": 60, "width": 30, "height": 10, "angle": 30, "text": "Turned"},
            {"id": 4, "x": dx + 4150.0, "y": 90, "width": 30, "height": 10, "text": "Dot",
             "candidates": [{"anchor": "left", "offset": [4, 0]}, {"anchor": "right"}], "icon": {"width": 4, "height": 4}}],
         "obstacles": [{"type": "obb", "x": dx + 4146.5, "y": 40, "width": 2, "height": 4, "angle": 90}]})
        .to_string()
    };
    let dir = tempfile::tempdir().unwrap();
    let picture = |name: &str, dx: f64, style: &str| {
        let input = write_file(dir.path(), &format!("{name}.json"), document(dx).as_bytes());
        let (svg, png) = (dir.path().join(format!("{name}.svg")), dir.path().join(format!("{name}.png")));
        let args = [input.to_str().unwrap(), "--picture-style", style, "--svg", svg.to_str().unwrap()];
        run(&[&["place"], &args[..]].concat(), None).ok_json();
        let args = [input.to_str().unwrap(), "--picture-style", style, "--png", png.to_str().unwrap()];
        run(&[&["place"], &args[..]].concat(), None).ok_json();
        (std::fs::read_to_string(svg).unwrap(), std::fs::read(png).unwrap())
    };
    // The boxes span x 4076.5 to 4211.5 (the turned label's corner) and y 15 to 95; the debug
    // style adds a margin of 10 px.
    for (style, size) in [("debug", (155, 100)), ("map", (135, 80))] {
        let (far_svg, far_png) = picture("far", ORIGIN, style);
        let (near_svg, near_png) = picture("near", 0.0, style);
        assert_eq!(far_svg, near_svg, "{style}");
        assert!(far_svg.contains(">Far</text>") && far_svg.contains(">Dot</text>"), "{far_svg}");
        assert_eq!(far_png, near_png, "{style}");
        assert_eq!(png_size(&far_png), size, "{style}");
    }
}
