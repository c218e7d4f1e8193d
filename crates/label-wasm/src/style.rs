//! The style API: a MapLibre style compiled once by `label-style`, and the evaluated layout of
//! a symbol layer for features at a zoom — what `@declutter/maplibre` builds its labels from.
//!
//! Text in, text out: the caller writes UTF-8 JSON into the module's text buffer
//! ([`StyleState::input`]) and calls [`StyleState::parse`] (the style) or
//! [`StyleState::layouts`] or [`StyleState::values`] (a request); the answer is JSON in the
//! result buffer. Any property of a symbol layer is evaluated here — the layout properties
//! placement reads (`label_style::style::properties::SPECS`) and those only the drawing needs,
//! paint colours, halos and opacities and the icon's anchor, offset and rotation
//! (`label_style::style::drawn`) — so the JS packages evaluate no expression. A failing
//! call answers with the error as JSON (`message`, and `layer`, `property`, `path` when the
//! style names them) and a non-zero status. One JSON round trip per batch of features, not per
//! property: the expressions are evaluated in Rust, as `declutter place --style` evaluates them.

use label_style::expr::{Feature, GeometryType};
use label_style::readers::styled::candidates;
use label_style::style::drawn::{self, DrawnLayer};
use label_style::style::layout::{Justify, Layout, Placement};
use label_style::style::properties::{self, DRAWN, SPECS};
use label_style::style::{Style, StyleError, SymbolLayer};
use label_text::Font;
use serde_json::{Map, Value as Json, json};

/// The compiled style of one instance, and its text buffers.
#[derive(Default)]
pub struct StyleState {
    style: Option<Style>,
    /// The drawn properties of the style's symbol layers, in the order of `style.layers`.
    drawn: Vec<DrawnLayer>,
    input: Vec<u8>,
    result: String,
}

fn error(message: impl Into<String>) -> Json {
    json!({ "message": message.into() })
}

fn style_error(e: &StyleError) -> Json {
    match e {
        StyleError::Layer { layer, property, path, message } => json!({
            "message": e.to_string(), "layer": layer, "property": property, "path": path, "reason": message,
        }),
        _ => error(e.to_string()),
    }
}

fn geometry(name: &str) -> Option<GeometryType> {
    match name {
        "Point" | "MultiPoint" => Some(GeometryType::Point),
        "LineString" | "MultiLineString" => Some(GeometryType::LineString),
        "Polygon" | "MultiPolygon" => Some(GeometryType::Polygon),
        _ => None,
    }
}

fn justify(j: Justify) -> &'static str {
    match j {
        Justify::Auto => "auto",
        Justify::Left => "left",
        Justify::Center => "center",
        Justify::Right => "right",
    }
}

fn placement(p: Placement) -> &'static str {
    match p {
        Placement::Point => "point",
        Placement::Line => "line",
        Placement::LineCenter => "line-center",
    }
}

/// A number as JSON, `null` when it is not finite (a property the style leaves unevaluable).
fn number(x: f64) -> Json {
    if x.is_finite() { json!(x) } else { Json::Null }
}

/// The layout as the JS package reads it; `font` measures the wrapped lines.
fn layout_json(layer: &label_style::style::SymbolLayer, layout: &Layout, font: Option<&Font<'_>>) -> Json {
    let sections = layout.sections();
    let text: String = sections.iter().map(|s| s.text.as_str()).collect();
    let mut out = json!({
        "text": text,
        "sections": sections.iter().map(|s| json!({ "text": s.text, "scale": s.scale, "font": s.font })).collect::<Vec<_>>(),
        "size": number(layout.text_size),
        "font": layout.text_font,
        "anchor": layout.text_anchor.to_string(),
        "offset": layout.text_offset,
        "radialOffset": number(layout.text_radial_offset),
        "variableAnchor": layout.text_variable_anchor.as_ref().map(|a| a.iter().map(ToString::to_string).collect::<Vec<_>>()),
        "variableAnchorOffset": layout.text_variable_anchor_offset.as_ref()
            .map(|p| p.iter().map(|(a, o)| json!([a.to_string(), o])).collect::<Vec<_>>()),
        "candidates": candidates(layer, layout).iter()
            .map(|c| json!({ "anchor": c.anchor.to_string(), "offset": [c.offset.x, c.offset.y] })).collect::<Vec<_>>(),
        "justify": justify(layout.text_justify),
        "maxWidth": number(layout.text_max_width),
        "lineHeight": number(layout.text_line_height),
        "letterSpacing": number(layout.text_letter_spacing),
        "padding": number(layout.text_padding),
        "rotate": number(layout.text_rotate),
        "allowOverlap": layout.text_allow_overlap,
        "ignorePlacement": layout.text_ignore_placement,
        "optional": layout.text_optional,
        "iconImage": layout.icon_image,
        "iconSize": number(layout.icon_size),
        "iconAllowOverlap": layout.icon_allow_overlap,
        "iconIgnorePlacement": layout.icon_ignore_placement,
        "iconOptional": layout.icon_optional,
        "iconPadding": layout.icon_padding,
        "sortKey": layout.symbol_sort_key,
        "placement": placement(layout.symbol_placement),
        "spacing": number(layout.symbol_spacing),
        "maxAngle": number(layout.text_max_angle),
        "keepUpright": layout.text_keep_upright,
    });
    let size_ok = layout.text_size.is_finite() && layout.text_size > 0.0;
    if let (Some(font), true, false) = (font, size_ok, text.trim().is_empty()) {
        let wrapped = layout.wrap(font);
        out["lines"] = wrapped.lines.iter().map(|l| json!({ "text": l.text, "width": l.width })).collect();
        out["width"] = json!(wrapped.width);
        out["height"] = json!(wrapped.height);
    }
    out
}

impl StyleState {
    /// Room for `n` bytes of UTF-8 text (zeroed); its address, or 0 when the memory cannot
    /// grow that far (the result then says so; never a trap).
    pub fn input(&mut self, n: usize) -> usize {
        self.input.clear();
        if self.input.try_reserve_exact(n).is_err() {
            self.result = error(format!("no memory for a text of {n} bytes")).to_string();
            return 0;
        }
        self.input.resize(n, 0);
        self.input.as_ptr() as usize
    }

    /// The last answer (JSON).
    #[must_use]
    pub fn result(&self) -> &str {
        &self.result
    }

    fn answer(&mut self, answer: Result<Json, Json>) -> bool {
        let ok = answer.is_ok();
        self.result = answer.unwrap_or_else(|e| e).to_string();
        ok
    }

    fn text(&self) -> Result<&str, Json> {
        std::str::from_utf8(&self.input).map_err(|e| error(format!("the text is not UTF-8: {e}")))
    }

    /// Places the GeoJSON request in the input buffer with its style, as `declutter place
    /// --style` does (the `geojson` module): one placement per feature in the result.
    pub fn place_geojson(&mut self) -> bool {
        let answer = self.text().and_then(crate::geojson::place);
        self.answer(answer)
    }

    /// The spots of the lines' repeated names and the areas' names in the input buffer (the
    /// `shapes` module): offsets along each line, the pole of each area.
    pub fn spots(&mut self) -> bool {
        let answer = self.text().and_then(crate::shapes::spots);
        self.answer(answer)
    }

    /// Compiles the style in the input buffer, replacing the last one. Answers the warnings
    /// (`[{layer, property, message}]`, what the style asks for that is ignored) and the
    /// symbol layers (`[{id, source, sourceLayer, minzoom, maxzoom, hidden}]`).
    pub fn parse(&mut self) -> bool {
        let answer = self.text().and_then(|text| {
            let json: Json =
                serde_json::from_str(text).map_err(|e| style_error(&StyleError::NotAStyle(e.to_string())))?;
            let (style, warnings) = Style::from_json(&json).map_err(|e| style_error(&e))?;
            Ok((style, warnings, drawn::compile(&json)))
        });
        let answer = answer.map(|(style, warnings, (drawn, drawn_warnings))| {
            // The placement's "not supported" of a layout property that is drawn here is moot.
            let warnings = warnings.iter().filter(|w| properties::drawn_index_of(&w.property).is_none()).chain(&drawn_warnings);
            let answer = json!({
                "warnings": warnings
                    .map(|w| json!({ "layer": w.layer, "property": w.property, "message": w.message })).collect::<Vec<_>>(),
                "layers": style.layers.iter().map(|l| json!({
                    "id": l.id, "source": l.source, "sourceLayer": l.source_layer,
                    "minzoom": l.minzoom, "maxzoom": l.maxzoom, "hidden": l.hidden,
                })).collect::<Vec<_>>(),
            });
            self.style = Some(style);
            self.drawn = drawn;
            answer
        });
        self.answer(answer)
    }

    /// Evaluates the request in the input buffer, `{layer, zoom, features: [{properties,
    /// geometry, id}], wrap, properties}`: per feature its layout, or `null` when the layer does
    /// not show it (hidden, outside its zoom range, or its filter rejects it). `geometry` is a
    /// GeoJSON type name (`Point` when absent); `wrap: true` adds the lines wrapped as MapLibre
    /// wraps them, measured with the bundled font; `properties` (property names) adds `values`,
    /// as [`StyleState::values`] gives them.
    pub fn layouts(&mut self) -> bool {
        let answer = self.evaluate(true);
        self.answer(answer)
    }

    /// Evaluates the request in the input buffer, `{layer, zoom, features, properties}`: per
    /// feature an object of the named properties' values (any layout or paint property of a
    /// symbol layer that declutter evaluates: the setting, or the style-spec's default where
    /// there is none or it fails; `null` for one without a default left unset), whether or not
    /// the layer shows the feature.
    pub fn values(&mut self) -> bool {
        let answer = self.evaluate(false);
        self.answer(answer)
    }

    fn evaluate(&self, layouts: bool) -> Result<Json, Json> {
        let style = self.style.as_ref().ok_or_else(|| error("no style: call parse first"))?;
        let request: Json =
            serde_json::from_str(self.text()?).map_err(|e| error(format!("the request is not JSON: {e}")))?;
        let id = request["layer"].as_str().ok_or_else(|| error("the request has no \"layer\" string"))?;
        let at = style.layers.iter().position(|l| l.id == id);
        let at = at.ok_or_else(|| error(format!("the style has no symbol layer \"{id}\"")))?;
        let (layer, drawn) = (&style.layers[at], &self.drawn[at]);
        let zoom = request["zoom"].as_f64().ok_or_else(|| error("the request has no \"zoom\" number"))?;
        let features = request["features"].as_array().ok_or_else(|| error("the request has no \"features\" array"))?;
        let names = property_names(&request["properties"], layouts)?;
        let font = (request["wrap"] == Json::Bool(true)).then(Font::bundled);
        let empty = Map::new();
        let shows = !layer.hidden && layer.shows_at(zoom);
        let mut out = Vec::with_capacity(features.len());
        for (i, f) in features.iter().enumerate() {
            let properties = match &f["properties"] {
                Json::Object(p) => p,
                Json::Null => &empty,
                _ => return Err(error(format!("features[{i}].properties: not an object"))),
            };
            let geometry = match &f["geometry"] {
                Json::Null => GeometryType::Point,
                Json::String(name) => geometry(name)
                    .ok_or_else(|| error(format!("features[{i}].geometry: not a GeoJSON geometry type: {name:?}")))?,
                _ => return Err(error(format!("features[{i}].geometry: not a string"))),
            };
            let feature = Feature { properties, id: f.get("id").filter(|id| !id.is_null()), geometry };
            let values = || values_json(layer, drawn, &names, zoom, &feature);
            out.push(if !layouts {
                values()
            } else if shows && layer.filter(zoom, &feature) {
                let mut layout = layout_json(layer, &layer.layout(zoom, &feature), font);
                if !names.is_empty() {
                    layout["values"] = values();
                }
                layout
            } else {
                Json::Null
            });
        }
        Ok(Json::Array(out))
    }
}

/// The property names of a request's `properties` (absent: none, when `optional`), each one
/// declutter evaluates.
fn property_names(json: &Json, optional: bool) -> Result<Vec<&str>, Json> {
    let names = match json {
        Json::Null if optional => return Ok(Vec::new()),
        Json::Array(names) => names,
        _ => return Err(error("the request has no \"properties\" array of property names")),
    };
    names
        .iter()
        .enumerate()
        .map(|(i, name)| match name.as_str() {
            Some(n) if properties::index_of(n).is_some() || properties::drawn_index_of(n).is_some() => Ok(n),
            _ => Err(error(format!(
                "properties[{i}]: {name} is not a symbol-layer property declutter evaluates (one of {})",
                SPECS.iter().chain(DRAWN).map(|s| s.name).collect::<Vec<_>>().join(", ")
            ))),
        })
        .collect()
}

/// The values of `names` for `feature` at `zoom`, as a JSON object.
fn values_json(layer: &SymbolLayer, drawn: &DrawnLayer, names: &[&str], zoom: f64, feature: &Feature<'_>) -> Json {
    let value = |name: &str| {
        let v = if properties::index_of(name).is_some() {
            layer.evaluate(name, zoom, feature)
        } else {
            drawn.evaluate(name, zoom, feature)
        };
        v.map_or(Json::Null, |v| v.to_json())
    };
    Json::Object(names.iter().map(|&n| (n.to_owned(), value(n))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(state: &mut StyleState, text: &str, f: fn(&mut StyleState) -> bool) -> (bool, Json) {
        let address = state.input(text.len());
        assert_eq!(address, state.input.as_ptr() as usize);
        state.input.copy_from_slice(text.as_bytes());
        let ok = f(state);
        (ok, serde_json::from_str(state.result()).unwrap())
    }

    const STYLE: &str = r#"{"version": 8, "sources": {}, "layers": [
        {"id": "bg", "type": "background"},
        {"id": "places", "type": "symbol", "source": "ne", "minzoom": 2,
         "filter": ["==", ["get", "kind"], "city"],
         "layout": {"text-field": ["upcase", ["get", "name"]],
                    "text-size": ["interpolate", ["linear"], ["zoom"], 2, 10, 12, 20],
                    "text-variable-anchor": ["top", "bottom"], "text-radial-offset": 0.5,
                    "symbol-sort-key": ["-", ["get", "rank"]], "text-max-width": 4}}]}"#;

    #[test]
    fn a_layer_is_evaluated_per_feature_with_variable_anchors() {
        let mut state = StyleState::default();
        let (ok, parsed) = call(&mut state, STYLE, StyleState::parse);
        assert!(ok, "{parsed}");
        assert_eq!(parsed["layers"][0]["id"], "places");
        let request = r#"{"layer": "places", "zoom": 7, "wrap": true, "features": [
            {"properties": {"kind": "city", "name": "Sankt Pölten an der Traisen", "rank": 3}, "geometry": "Point", "id": 1},
            {"properties": {"kind": "town", "name": "Melk"}}]}"#;
        let (ok, layouts) = call(&mut state, request, StyleState::layouts);
        assert!(ok, "{layouts}");
        let city = &layouts[0];
        assert_eq!(city["text"], "SANKT PÖLTEN AN DER TRAISEN");
        assert_eq!(city["size"], 15.0);
        assert_eq!(city["sortKey"], -3.0);
        assert_eq!(city["variableAnchor"], json!(["top", "bottom"]));
        assert_eq!(city["candidates"][0]["anchor"], "top");
        assert!(city["candidates"][0]["offset"][1].as_f64().unwrap() > 0.0, "{city}");
        assert!(city["lines"].as_array().unwrap().len() > 1, "wrapped at 4 ems: {city}");
        assert_eq!(layouts[1], Json::Null, "the filter rejects a town");
        let (ok, below) = call(&mut state, &request.replace("\"zoom\": 7", "\"zoom\": 1"), StyleState::layouts);
        assert!(ok);
        assert_eq!(below[0], Json::Null, "below minzoom");
    }

    #[test]
    fn any_property_is_evaluated_paint_and_icon_layout_among_them() {
        let mut state = StyleState::default();
        let style = STYLE.replace(
            r#""text-max-width": 4}"#,
            r##""text-max-width": 4, "icon-anchor": ["match", ["get", "kind"], "city", "bottom", "top"],
                "icon-offset": {"stops": [[2, [0, 1]], [12, [0, 3]]]}},
             "paint": {"text-color": ["step", ["get", "rank"], "#111111", 4, "#999999"],
                       "text-halo-width": ["interpolate", ["exponential", 2], ["zoom"], 4, 1, 6, 4],
                       "text-halo-color": ["to-color", "#fff"]}"##,
        );
        let (ok, parsed) = call(&mut state, &style, StyleState::parse);
        assert!(ok, "{parsed}");
        let warned: Vec<&str> =
            parsed["warnings"].as_array().unwrap().iter().map(|w| w["property"].as_str().unwrap()).collect();
        assert_eq!(warned, ["text-halo-color"], "the unknown operator is named; icon-anchor and icon-offset are drawn");
        let request = r#"{"layer": "places", "zoom": 5, "properties": ["text-color", "text-halo-width", "text-halo-color",
            "icon-anchor", "icon-offset", "text-size", "icon-image"], "features": [
            {"properties": {"kind": "city", "name": "Linz", "rank": 3}}, {"properties": {"kind": "town", "rank": 7}}]}"#;
        let (ok, values) = call(&mut state, request, StyleState::values);
        assert!(ok, "{values}");
        assert_eq!(
            values[0],
            json!({"text-color": "#111111", "text-halo-width": 2.0, "text-halo-color": "rgba(0, 0, 0, 0)",
                   "icon-anchor": "bottom", "icon-offset": [0.0, 1.6], "text-size": 13.0, "icon-image": null})
        );
        assert_eq!(values[1]["text-color"], "#999999", "values whether or not the filter shows the feature");
        assert_eq!(values[1]["icon-anchor"], "top");
        let (ok, layouts) = call(&mut state, request, StyleState::layouts);
        assert!(ok, "{layouts}");
        assert_eq!(layouts[0]["values"], values[0], "the same values with the layout");
        assert_eq!(layouts[1], Json::Null, "the filter rejects a town");
        let (ok, e) = call(&mut state, &request.replace("\"icon-image\"", "\"fill-color\""), StyleState::values);
        assert!(!ok);
        assert!(
            e["message"].as_str().unwrap().starts_with("properties[6]: \"fill-color\" is not a symbol-layer property"),
            "{e}"
        );
        let (ok, e) = call(&mut state, r#"{"layer": "places", "zoom": 5, "features": []}"#, StyleState::values);
        assert!(!ok);
        assert_eq!(e["message"], "the request has no \"properties\" array of property names");
    }

    #[test]
    fn bad_styles_and_requests_name_where() {
        let mut state = StyleState::default();
        let (ok, e) = call(&mut state, r#"{"layers": []}"#, StyleState::layouts);
        assert!(!ok);
        assert_eq!(e["message"], "no style: call parse first");
        let bad = STYLE.replace(r#""text-radial-offset": 0.5"#, r#""text-radial-offset": ["frobnicate"]"#);
        let (ok, e) = call(&mut state, &bad, StyleState::parse);
        assert!(!ok);
        assert_eq!(e["layer"], "places");
        assert_eq!(e["property"], "text-radial-offset");
        assert_eq!(e["path"], "layers[1].layout.text-radial-offset");
        let (ok, _) = call(&mut state, STYLE, StyleState::parse);
        assert!(ok);
        let (ok, e) = call(&mut state, r#"{"layer": "roads", "zoom": 3, "features": []}"#, StyleState::layouts);
        assert!(!ok);
        assert_eq!(e["message"], "the style has no symbol layer \"roads\"");
        let (ok, e) = call(
            &mut state,
            r#"{"layer": "places", "zoom": 3, "features": [{"geometry": "Circle"}]}"#,
            StyleState::layouts,
        );
        assert!(!ok);
        assert_eq!(e["message"], "features[0].geometry: not a GeoJSON geometry type: \"Circle\"");
        assert_eq!(state.input(usize::MAX), 0, "no room is an answer, not an abort");
        let e: Json = serde_json::from_str(state.result()).unwrap();
        assert_eq!(e["message"], format!("no memory for a text of {} bytes", usize::MAX));
    }
}
