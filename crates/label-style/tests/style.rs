//! Reading styles: what a bad style's error names, what an unsupported part's warning names,
//! and a layer's layout in typed fields.

use label_style::expr::{Feature, GeometryType};
use label_style::sprite::Sprite;
use label_style::style::layout::{Anchor, Justify, Placement};
use label_style::style::{Style, StyleError, Warning};
use label_text::Font;
use serde_json::json;

fn style(layers: serde_json::Value) -> Result<(Style, Vec<Warning>), StyleError> {
    Style::from_json(&json!({"version": 8, "sources": {}, "layers": layers}))
}

fn layer_error(layers: serde_json::Value) -> (String, String, String) {
    match style(layers).unwrap_err() {
        StyleError::Layer { layer, property, path, .. } => (layer, property, path),
        other => panic!("{other}"),
    }
}

#[test]
fn bad_properties_name_the_layer_the_property_and_the_json_path() {
    let bad_stops = json!([
        {"id": "water", "type": "fill"},
        {"id": "places", "type": "symbol", "layout": {"text-size": ["interpolate", ["linear"], ["zoom"], 8, 12, 4, 10]}}
    ]);
    assert_eq!(layer_error(bad_stops), ("places".into(), "text-size".into(), "layers[1].layout.text-size[5]".into()));
    let bad_anchor = json!([{"id": "a", "type": "symbol", "layout": {"text-anchor": "middle"}}]);
    assert_eq!(layer_error(bad_anchor), ("a".into(), "text-anchor".into(), "layers[0].layout.text-anchor".into()));
    let zoom_only = json!([{"id": "a", "type": "symbol", "layout": {"symbol-placement": ["get", "where"]}}]);
    assert_eq!(layer_error(zoom_only).1, "symbol-placement");
    let bad_filter = json!([{"id": "f", "type": "symbol", "filter": ["==", ["get", "a"], ["frobnicate"]]}]);
    assert_eq!(layer_error(bad_filter), ("f".into(), "filter".into(), "layers[0].filter[2][0]".into()));
    let bad_zoom = json!([{"id": "z", "type": "symbol", "minzoom": "4"}]);
    assert_eq!(layer_error(bad_zoom), ("z".into(), "minzoom".into(), "layers[0].minzoom".into()));
    let message =
        style(json!([{"id": "places", "type": "symbol", "layout": {"text-size": "big"}}])).unwrap_err().to_string();
    assert!(
        message.contains("places") && message.contains("text-size") && message.contains("layers[0].layout.text-size"),
        "{message}"
    );
    assert!(matches!(Style::parse("{\"layers\": 3}"), Err(StyleError::NotAStyle(_))));
}

#[test]
fn unsupported_parts_are_warnings_named_once_and_the_default_is_used() {
    let (style, warnings) = style(json!([{
        "id": "pois", "type": "symbol",
        "layout": {"icon-text-fit": "both", "text-field": ["number-format", ["get", "ele"], {}], "text-size": 12},
        "paint": {"text-translate": [0, 4], "text-color": "#333"}
    }]))
    .unwrap();
    let named: Vec<(&str, &str)> = warnings.iter().map(|w| (w.layer.as_str(), w.property.as_str())).collect();
    assert_eq!(named, [("pois", "icon-text-fit"), ("pois", "text-field"), ("pois", "text-translate")]);
    assert!(warnings[1].to_string().contains("number-format"), "{}", warnings[1]);
    let layer = &style.layers[0];
    assert!(!layer.sets("text-field"));
    let properties = json!({"ele": 3798});
    let feature = Feature { properties: properties.as_object().unwrap(), id: None, geometry: GeometryType::Point };
    assert!(layer.layout(10.0, &feature).text_field.iter().all(|s| s.text.is_empty()));
}

#[test]
fn a_filter_with_an_unsupported_operator_skips_its_layer_with_a_warning() {
    let (style, warnings) = style(json!([{
        "id": "near", "type": "symbol", "filter": ["<", ["distance", {"type": "Point", "coordinates": [0, 0]}], 1000]
    }]))
    .unwrap();
    assert_eq!(warnings.len(), 1);
    assert_eq!((warnings[0].layer.as_str(), warnings[0].property.as_str()), ("near", "filter"));
    assert!(!style.layers[0].shows_at(10.0));
}

#[test]
fn layers_keep_their_style_index_and_zoom_range() {
    let (style, _) = style(json!([
        {"id": "bg", "type": "background"},
        {"id": "a", "type": "symbol", "minzoom": 4, "maxzoom": 10},
        {"id": "b", "type": "symbol", "layout": {"visibility": "none"}}
    ]))
    .unwrap();
    assert_eq!(style.layers.iter().map(|l| l.index).collect::<Vec<_>>(), [1, 2]);
    let a = style.layer("a").unwrap();
    assert!(!a.shows_at(3.9) && a.shows_at(4.0) && a.shows_at(9.99) && !a.shows_at(10.0));
    assert!(!style.layer("b").unwrap().shows_at(5.0));
}

#[test]
fn a_places_layer_gives_typed_layout_and_a_wrapped_box() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/reference/styles/places.json")).unwrap();
    let (style, warnings) = Style::parse(&text).unwrap();
    assert!(warnings.is_empty());
    let layer = style.layer("places-capitals").unwrap();
    let properties = json!({"name": "Wien", "scalerank": 0, "pop_max": 2400000, "featurecla": "Admin-0 capital"});
    let feature = Feature { properties: properties.as_object().unwrap(), id: None, geometry: GeometryType::Point };
    assert!(layer.filter(8.0, &feature));
    let layout = layer.layout(8.0, &feature);
    assert_eq!(layout.text_size, 24.0);
    assert_eq!(layout.text_variable_anchor, Some(vec![Anchor::Top, Anchor::Bottom, Anchor::Left, Anchor::Right]));
    assert_eq!((layout.text_justify, layout.symbol_placement), (Justify::Auto, Placement::Point));
    assert_eq!(layout.symbol_sort_key, Some(0.0));
    assert_eq!(
        [Anchor::Left, Anchor::BottomRight, Anchor::Top].map(|a| layout.justify_at(a)),
        [Justify::Left, Justify::Right, Justify::Center],
        "text-justify auto follows the anchor"
    );
    assert_eq!(layout.icon_image.as_deref(), Some("dot-11"));
    assert_eq!(layout.icon_padding, [2.0; 4]);
    let sprite = Sprite::parse(r#"{"dot-11": {"x": 0, "y": 0, "width": 22, "height": 22, "pixelRatio": 2}}"#).unwrap();
    assert_eq!(layout.icon_box(&sprite), Some([11.0, 11.0]), "icon-size 1 from zoom 8");
    assert_eq!(layer.layout(5.0, &feature).icon_box(&sprite), Some([8.8, 8.8]), "icon-size 0.8 from zoom 5");
    assert_eq!(layout.icon_box(&Sprite::default()), None);
    let wrapped = layout.wrap(Font::bundled());
    let lines: Vec<&str> = wrapped.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(lines, ["WIEN", "2400000"], "uppercase by text-transform, the format's newline breaks");
}

#[test]
fn the_zoom_only_drives_a_top_level_curve() {
    let layout =
        |value: serde_json::Value| style(json!([{"id": "z", "type": "symbol", "layout": {"text-size": value}}]));
    assert!(layout(json!(["interpolate", ["linear"], ["zoom"], 0, 10, 10, 20])).is_ok());
    assert!(layout(json!(["let", "s", 2, ["coalesce", ["step", ["zoom"], 10, 5, ["var", "s"]], 12]])).is_ok());
    for nested in [
        json!(["+", 1, ["zoom"]]),
        json!(["+", 1, ["interpolate", ["linear"], ["zoom"], 0, 10, 10, 20]]),
        json!(["coalesce", ["step", ["zoom"], 1, 5, 2], ["step", ["zoom"], 3, 5, 4]]),
    ] {
        let error = layout(nested.clone()).unwrap_err().to_string();
        assert!(error.contains("zoom") && error.contains("text-size"), "{nested}: {error}");
    }
    let not_interpolated = style(json!([{"id": "z", "type": "symbol", "layout": {
        "text-anchor": ["interpolate", ["linear"], ["zoom"], 0, "top", 10, "left"]}}]));
    assert!(not_interpolated.is_err());
}
