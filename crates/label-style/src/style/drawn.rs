//! What a symbol layer's drawing needs beyond its placement: the properties of
//! [`properties::DRAWN`] (text and icon colours, halos, opacities from `paint`; the icon's own
//! anchor, offset and rotation from `layout`), compiled from the style once and evaluated per
//! feature like the layout properties ([`Property`]: a constant, an expression or a legacy
//! function, the style-spec's default where it fails).
//!
//! Kept apart from [`Style`](super::Style), which places: nothing here changes what
//! `declutter place --style` reads or warns about. A drawn property this crate cannot compile
//! (an operator it does not know, such as `to-color`) is a [`Warning`] and keeps its
//! default — the map that draws the style has accepted it already, and a colour never decides
//! a placement.

use super::Warning;
use super::properties::{self, DRAWN, Property};
use crate::expr::{Feature, Value};
use serde_json::Value as Json;

/// The drawn properties of one symbol layer.
#[derive(Clone, Debug)]
pub struct DrawnLayer {
    /// The layer's `id` (or `#index` when it has none, as [`Style`](super::Style) names it).
    pub id: String,
    properties: Vec<Option<Property>>,
}

/// The drawn properties of every symbol layer of a style's JSON, in style order, and the
/// warnings for those that keep their default.
#[must_use]
pub fn compile(style: &Json) -> (Vec<DrawnLayer>, Vec<Warning>) {
    let mut warnings = Vec::new();
    let layers = style.get("layers").and_then(Json::as_array).map_or(&[][..], Vec::as_slice);
    let drawn = layers
        .iter()
        .enumerate()
        .filter(|(_, layer)| layer.get("type").and_then(Json::as_str) == Some("symbol"))
        .map(|(index, layer)| DrawnLayer::compile(layer, index, &mut warnings))
        .collect();
    (drawn, warnings)
}

impl DrawnLayer {
    fn compile(json: &Json, index: usize, warnings: &mut Vec<Warning>) -> Self {
        let id = json.get("id").and_then(Json::as_str).map_or_else(|| format!("#{index}"), str::to_owned);
        let mut properties = vec![None; DRAWN.len()];
        for part in ["layout", "paint"] {
            let Some(Json::Object(values)) = json.get(part) else { continue };
            for (name, value) in values {
                let Some(i) = properties::drawn_index_of(name) else { continue };
                match Property::compile(&DRAWN[i], value, &format!("layers[{index}].{part}.{name}")) {
                    Ok(p) => properties[i] = Some(p),
                    Err(e) => warnings.push(Warning {
                        layer: id.clone(),
                        property: name.clone(),
                        message: format!("{} (at {}); the default is drawn", e.message, e.path),
                    }),
                }
            }
        }
        DrawnLayer { id, properties }
    }

    /// The layer's value of drawn property `name` at `zoom` for `feature` — its setting, or the
    /// style-spec's default; `None` for a property not in [`DRAWN`].
    #[must_use]
    pub fn evaluate(&self, name: &str, zoom: f64, feature: &Feature<'_>) -> Option<Value> {
        properties::drawn_index_of(name).and_then(|i| properties::value_of(&self.properties, DRAWN, i, zoom, feature))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::GeometryType;
    use serde_json::json;

    fn feature(properties: &serde_json::Map<String, Json>) -> Feature<'_> {
        Feature { properties, id: None, geometry: GeometryType::Point }
    }

    #[test]
    fn paint_and_icon_layout_are_evaluated_with_defaults_and_warnings() {
        let style = json!({"layers": [
            {"id": "land", "type": "fill", "paint": {"fill-color": "#eee"}},
            {"id": "places", "type": "symbol",
             "layout": {"icon-anchor": ["match", ["get", "kind"], "city", "bottom", "center"],
                        "icon-offset": ["literal", [0, -2]]},
             "paint": {"text-color": ["case", [">", ["get", "rank"], 3], "#111111", "#999999"],
                       "text-halo-width": ["interpolate", ["exponential", 2], ["zoom"], 4, 1, 6, 4],
                       "text-halo-color": ["interpolate", ["linear"], ["zoom"], 4, "#fff", 6, "#000"],
                       "icon-halo-color": ["to-color", ["get", "halo"]],
                       "icon-color": {"property": "kind", "type": "categorical",
                                      "stops": [["city", "#f00"]], "default": "#00f"}}}]});
        let (layers, warnings) = compile(&style);
        assert_eq!(layers.len(), 1);
        let places = &layers[0];
        assert_eq!(places.id, "places");
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(warnings[0].property, "icon-halo-color");
        let city = json!({"kind": "city", "rank": 5});
        let city = city.as_object().unwrap();
        let at = |name: &str, zoom: f64| places.evaluate(name, zoom, &feature(city));
        assert_eq!(at("text-color", 5.0), Some(Value::String("#111111".into())));
        // 2^(0.5·2) − 1 over 2^2 − 1 = 1/3 of the way from 1 to 4.
        assert_eq!(at("text-halo-width", 5.0), Some(Value::Number(2.0)));
        assert_eq!(at("text-halo-color", 5.0), Some(Value::String("rgba(128,128,128,1)".into())), "mixed in sRGB");
        assert_eq!(at("text-halo-color", 3.0), Some(Value::String("#fff".into())), "below the first stop: as given");
        assert_eq!(at("icon-halo-color", 5.0), Some(Value::String("rgba(0, 0, 0, 0)".into())), "the default");
        assert_eq!(at("icon-anchor", 5.0), Some(Value::String("bottom".into())));
        assert_eq!(at("icon-offset", 5.0), Some(Value::Array(vec![Value::Number(0.0), Value::Number(-2.0)])));
        assert_eq!(at("icon-color", 5.0), Some(Value::String("#f00".into())));
        assert_eq!(at("text-opacity", 5.0), Some(Value::Number(1.0)), "unset: the default");
        assert_eq!(at("text-size", 5.0), None, "a layout property that placement reads is not drawn here");
        let town = json!({"kind": "town"});
        let town = town.as_object().unwrap();
        // `>` of a missing rank (null) fails, as in the style-spec: the default, not "#999999".
        assert_eq!(places.evaluate("text-color", 5.0, &feature(town)), Some(Value::String("#000000".into())));
        let low = json!({"kind": "town", "rank": 1});
        assert_eq!(
            places.evaluate("text-color", 5.0, &feature(low.as_object().unwrap())),
            Some(Value::String("#999999".into()))
        );
        assert_eq!(places.evaluate("icon-anchor", 5.0, &feature(town)), Some(Value::String("center".into())));
        assert_eq!(places.evaluate("icon-color", 5.0, &feature(town)), Some(Value::String("#00f".into())));
    }
}
