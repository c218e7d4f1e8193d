//! The checks of the `geojson` fuzz target (`fuzz/fuzz_targets/geojson.rs` includes this file),
//! shared with `tests/fuzz_regressions.rs` so that a kept input is judged the same way on
//! stable Rust. One document goes the way `declutter place map.geojson --zoom … --center …`
//! takes it — bounded UTF-8 read, GeoJSON reader, engine, both output formats and the SVG —
//! under a few command lines ([`setups`]), and must come back as an error (one line) or as a
//! result that keeps the output contract of docs/format.md "GeoJSON": every input feature comes
//! out once, in input order, with its decision.

use glam::DVec2;
use label_cli::formats::geojson::{self, Format, GeoArgs, Input, OutputFormat, RESULT_KEYS, Slot};
use label_cli::formats::output;
use label_cli::input;
use serde_json::Value;

/// The command lines a document is read with: the edge-case fixture's view turned by a bearing,
/// the Vienna streets' view with the other flags set, and the deepest zoom.
#[must_use]
pub fn setups() -> Vec<(&'static str, GeoArgs, bool)> {
    let base = GeoArgs { format: Format::Geojson, ..GeoArgs::default() };
    vec![
        (
            "edge view, bearing 30",
            GeoArgs {
                zoom: Some(8.0),
                center: Some(DVec2::new(0.0, 0.0)),
                size: Some(DVec2::new(800.0, 600.0)),
                bearing: Some(30.0),
                priority_field: Some("rank".into()),
                font_size_field: Some("size".into()),
                ..base.clone()
            },
            false,
        ),
        (
            "streets view, bearing -30",
            GeoArgs {
                output_format: Some(OutputFormat::Json),
                zoom: Some(16.0),
                center: Some(DVec2::new(16.3725, 48.2083)),
                size: Some(DVec2::new(1280.0, 720.0)),
                bearing: Some(-30.0),
                priority_field: Some("scalerank".into()),
                priority_order: Some(geojson::Order::Ascending),
                font_size: Some(14.0),
                point_anchor: Some("bottom-left".into()),
                point_offset: Some(DVec2::new(3.0, -2.0)),
                ..base.clone()
            },
            true,
        ),
        (
            "zoom 30",
            GeoArgs {
                zoom: Some(label_style::projection::MAX_ZOOM),
                center: Some(DVec2::new(0.0, 0.0)),
                size: Some(DVec2::new(300.0, 200.0)),
                ..base
            },
            false,
        ),
    ]
}

/// What one document came to under every setup: results and errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Setups under which the document was placed.
    pub placed: usize,
    /// Setups under which it was refused.
    pub refused: usize,
}

/// Runs `data` through every setup, panicking (with `name`) on a broken promise.
pub fn check(name: &str, data: &[u8]) -> Tally {
    let mut tally = Tally::default();
    let Ok(text) = input::read_text(data) else { return tally };
    for (setup, args, pretty) in setups() {
        let name = format!("{name} [{setup}]");
        if check_one(&name, &text, &args, pretty) {
            tally.placed += 1;
        } else {
            tally.refused += 1;
        }
    }
    tally
}

/// One setup; `true` when the document was placed.
fn check_one(name: &str, text: &str, args: &GeoArgs, pretty: bool) -> bool {
    let mut input = match geojson::read(None, text, args) {
        Ok(input) => input,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.trim().is_empty() && !message.contains('\n'), "{name}: one-line error, got {message:?}");
            // Refused as not a FeatureCollection: its `type` (however the JSON writes it) is not.
            if message.contains("expected a GeoJSON FeatureCollection") {
                let plain = text.strip_prefix('\u{feff}').unwrap_or(text);
                if let Ok(Value::Object(doc)) = serde_json::from_str::<Value>(plain) {
                    let kind = doc.get("type").and_then(Value::as_str);
                    assert_ne!(kind, Some("FeatureCollection"), "{name}: a FeatureCollection refused as none");
                }
            }
            return false;
        }
    };
    // As `declutter place` with its default --max-overlap-area and --tile-size.
    input.document_mut().options.max_overlap_area = 0.0;
    input.document_mut().options.tile_size = None;
    let Input::Geo(geo) = &input else { panic!("{name}: --format geojson gave a label-set document") };

    // The reader's bookkeeping: one slot per feature, the labels in feature order.
    let n = geo.raws.len();
    assert_eq!(geo.slots.len(), n, "{name}: one slot per feature");
    assert_eq!(geo.feature_ids.len(), n, "{name}: one id per feature");
    let doc = &geo.doc;
    let labelled: Vec<usize> =
        geo.slots.iter().filter_map(|s| if let Slot::Label(i) = s { Some(*i) } else { None }).collect();
    assert_eq!(labelled, (0..doc.labels.len()).collect::<Vec<_>>(), "{name}: labels in feature order");
    assert_eq!(doc.ids.len(), doc.labels.len(), "{name}: one id per label");
    assert_eq!(doc.texts.len(), doc.labels.len(), "{name}: one text per label");
    assert!(doc.obstacles.is_empty(), "{name}: GeoJSON has no obstacles");

    // The document as plain JSON, read independently of the reader.
    let plain = text.strip_prefix('\u{feff}').unwrap_or(text);
    let source: Value = match serde_json::from_str(plain) {
        Ok(v) => v,
        // Deeper than serde_json's default limit as a whole, though each feature was not.
        Err(e) if e.to_string().contains("recursion limit") => Value::Null,
        Err(e) => panic!("{name}: the reader accepted text that is not JSON: {e}"),
    };
    if let Some(source) = source.as_object() {
        assert_eq!(source.get("type").and_then(Value::as_str), Some("FeatureCollection"), "{name}: type");
        let features = source.get("features").and_then(Value::as_array).expect("features");
        assert_eq!(features.len(), n, "{name}: every feature read");
    }

    // The engine, as `declutter place` calls it: validated labels must place.
    let placement = label_core::place(&doc.labels, &doc.obstacles, &doc.options)
        .unwrap_or_else(|e| panic!("{name}: the reader accepted labels the engine refuses: {e}"));
    assert_eq!(placement.outcomes.len(), doc.labels.len(), "{name}: one outcome per label");
    let out = output::build(doc, &placement, 1, 0.0);

    // The command line's own encoding, then both formats and the picture.
    let encoded =
        input.encode(&out, &placement, pretty, args.output()).unwrap_or_else(|e| panic!("{name}: cannot encode: {e}"));
    let collection =
        geojson::to_geojson(geo, &placement, pretty).unwrap_or_else(|e| panic!("{name}: GeoJSON output: {e}"));
    let json =
        geojson::to_json(geo, &placement, out.stats, pretty).unwrap_or_else(|e| panic!("{name}: JSON output: {e}"));
    match args.output() {
        OutputFormat::Geojson => assert_eq!(encoded, collection, "{name}: --output-format geojson"),
        OutputFormat::Json => assert_eq!(encoded, json, "{name}: --output-format json"),
    }
    let svg = input.svg(&placement);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{name}: the SVG is one picture");

    let Some(collection) = parse(name, &collection) else { return true };
    let decisions = check_collection(name, &collection, &source, geo);
    let Some(json) = parse(name, &json) else { return true };
    check_json(name, &json, geo, &decisions);
    true
}

/// An output document, or `None` when it is deeper than serde_json reads by default (the
/// input's nesting, written back).
fn parse(name: &str, bytes: &[u8]) -> Option<Value> {
    match serde_json::from_slice(bytes) {
        Ok(v) => Some(v),
        Err(e) if e.to_string().contains("recursion limit") => None,
        Err(e) => panic!("{name}: the output is not JSON: {e}"),
    }
}

/// One feature's decision as written: `visible`, `reason`, `hidden_by`.
type Decision = (bool, Option<String>, Option<Value>);

/// `--output-format geojson`: the collection's members as given, every feature in order with
/// its members, and the decision in its properties.
fn check_collection(name: &str, out: &Value, source: &Value, geo: &geojson::GeoDocument<'_>) -> Vec<Decision> {
    let out = out.as_object().unwrap_or_else(|| panic!("{name}: the collection is an object"));
    let features = out["features"].as_array().unwrap_or_else(|| panic!("{name}: `features` is an array"));
    assert_eq!(features.len(), geo.raws.len(), "{name}: one output feature per input feature");
    if let Some(source) = source.as_object() {
        assert!(out.keys().eq(source.keys()), "{name}: the collection's members, in order");
        for (key, value) in source {
            if key != "features" {
                assert_eq!(&out[key], value, "{name}: member `{key}` written as given");
            }
        }
    }
    let mut decisions = Vec::with_capacity(features.len());
    for (i, ((feature, read), slot)) in features.iter().zip(geo.features()).zip(&geo.slots).enumerate() {
        let name = format!("{name}: feature {i}");
        let feature = feature.as_object().unwrap_or_else(|| panic!("{name}: an object"));
        let expected_keys: Vec<&str> =
            read.keys().chain((!read.contains_key("properties")).then_some("properties")).collect();
        assert!(feature.keys().map(String::as_str).eq(expected_keys), "{name}: its members, in order");
        for key in read.keys().filter(|k| *k != "properties" && *k != "geometry") {
            assert_eq!(Some(&feature[key]), read.get(key), "{name}: member `{key}` written as read");
        }
        match read.geometry() {
            geojson::GeometryRef::Value(value) => {
                assert_eq!(feature.get("geometry"), value, "{name}: member `geometry` written as read");
            }
            geojson::GeometryRef::Lines(lines) => {
                let given = &source["features"][i]["geometry"];
                assert_eq!(&feature["geometry"], given, "{name}: line geometry written as given");
                assert_eq!(&lines.to_value(), given, "{name}: line geometry read as a value");
            }
        }
        let properties = feature["properties"].as_object().unwrap_or_else(|| panic!("{name}: properties"));
        if let Some(given) = read.properties().ok().flatten() {
            for key in given.keys().filter(|k| !RESULT_KEYS.contains(k)) {
                assert_eq!(properties.get(key), given.get(key).as_deref(), "{name}: property `{key}` kept");
            }
        }
        let visible = properties["visible"].as_bool().unwrap_or_else(|| panic!("{name}: `visible` is a boolean"));
        let reason = properties.get("reason").map(|r| r.as_str().expect("`reason` is a string").to_owned());
        let hidden_by = properties.get("hidden_by").cloned();
        assert_eq!(visible, reason.is_none(), "{name}: a reason exactly when hidden");
        assert_eq!(hidden_by.is_some(), reason.as_deref() == Some("collision"), "{name}: hidden_by on collisions");
        let label_box = properties.get("label_box");
        match *slot {
            Slot::Skipped(skip) => {
                assert_eq!(reason.as_deref(), Some(skip.name()), "{name}: the skip reason");
                assert!(label_box.is_none(), "{name}: no label, no label_box");
            }
            Slot::Label(l) | Slot::Along { first: l, .. } => {
                let label = &geo.doc.labels[l];
                let corners = label_box
                    .and_then(Value::as_array)
                    .unwrap_or_else(|| panic!("{name}: a labelled feature has its label_box"));
                assert_eq!(corners.len(), 4, "{name}: four corners");
                for c in corners {
                    let c = c.as_array().filter(|c| c.len() == 2 && c.iter().all(Value::is_number));
                    assert!(c.is_some(), "{name}: a corner is [x, y]: {corners:?}");
                }
                assert!(label.style.width > 0.0 && label.style.height > 0.0, "{name}: the label has a size");
                assert!(
                    matches!(reason.as_deref(), None | Some("collision" | "offscreen" | "no_room" | "too_curved")),
                    "{name}: an engine reason, got {reason:?}"
                );
            }
        }
        decisions.push((visible, reason, hidden_by));
    }
    decisions
}

/// `--output-format json`: one placement per feature with the same decisions, and the counts.
fn check_json(name: &str, out: &Value, geo: &geojson::GeoDocument<'_>, decisions: &[Decision]) {
    let placements = out["placements"].as_array().unwrap_or_else(|| panic!("{name}: `placements` is an array"));
    assert_eq!(placements.len(), geo.raws.len(), "{name}: one placement per feature");
    for (i, ((p, id), (visible, reason, hidden_by))) in
        placements.iter().zip(&geo.feature_ids).zip(decisions).enumerate()
    {
        let name = format!("{name}: placement {i}");
        assert_eq!(p["id"], serde_json::to_value(id).expect("an id"), "{name}: the feature's id, in order");
        assert_eq!(p["visible"].as_bool(), Some(*visible), "{name}: visible as in the collection");
        assert_eq!(p.get("reason").and_then(Value::as_str), reason.as_deref(), "{name}: reason as in the collection");
        assert_eq!(p.get("hidden_by"), hidden_by.as_ref(), "{name}: hidden_by as in the collection");
    }
    let stats = &out["stats"];
    let count = |key: &str| stats[key].as_u64().unwrap_or_else(|| panic!("{name}: stats.{key}")) as usize;
    assert_eq!(count("features"), geo.raws.len(), "{name}: stats.features");
    assert_eq!(count("labels"), geo.doc.labels.len(), "{name}: stats.labels");
    assert_eq!(
        count("features"),
        count("labels") + count("no_geometry") + count("unsupported") + count("no_text"),
        "{name}: features = labels + no_geometry + unsupported + no_text"
    );
    assert_eq!(
        count("labels"),
        count("visible") + count("hidden_collision") + count("hidden_offscreen"),
        "{name}: labels = visible + hidden_collision + hidden_offscreen"
    );
    assert_eq!(
        count("visible"),
        decisions.iter().filter(|d| d.0).count(),
        "{name}: stats.visible counts the visible features"
    );
}
