//! A MapLibre style's symbol layers: read from the style JSON, evaluated per feature.
//!
//! [`Style::from_json`] keeps the layers of type `symbol` with their `id`, `source`,
//! `source-layer`, `filter`, `minzoom`/`maxzoom`, `layout.visibility` and the layout
//! properties of [`properties::SPECS`]; the others (fill, line, …) are skipped but keep their
//! place in the style's order, which [`crate::order`] needs. Whatever a symbol layer sets that
//! this crate does not evaluate — a layout property outside the list, a paint property that
//! moves the label (`text-translate`, `icon-translate`), an expression operator it does not
//! know — is named once as a [`Warning`] (property, layer) for the caller to print, and the
//! property keeps its default; a layer whose filter uses an operator it does not know is
//! skipped, with a warning, rather than labelling what the filter would leave out. A style that is wrong gets a [`StyleError`] naming the layer,
//! the property and the JSON path.
//!
//! A layer shows at zoom `z` when `minzoom ≤ z < maxzoom` and its visibility is not `none`
//! ([`SymbolLayer::shows_at`]); a feature is in it when the filter is true
//! ([`SymbolLayer::filter`], a failed evaluation counting as false).

pub mod drawn;
pub mod layout;
pub mod properties;

use crate::expr::{CompileError, Expression, Feature, Value};
use properties::{Property, SPECS, Spec};
use serde_json::Value as Json;

/// Something a style asks for that is ignored; print it and go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The layer's `id`.
    pub layer: String,
    /// The property (or `filter`).
    pub property: String,
    /// What is ignored and what is used instead.
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "layer \"{}\", {}: {}", self.layer, self.property, self.message)
    }
}

/// A style that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StyleError {
    /// The text is not JSON, or its root is not an object with a `layers` array.
    #[error("not a style: {0}")]
    NotAStyle(String),
    /// A layer, or one of its properties, is wrong.
    #[error("layer \"{layer}\", {property}: {message} (at {path})")]
    Layer {
        /// The layer's `id` (or its index when it has none).
        layer: String,
        /// The property, `filter`, `minzoom`, … or `layer` for the layer itself.
        property: String,
        /// The JSON path of the culprit, e.g. `layers[3].layout.text-size[2]`.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// A symbol layer of a style.
#[derive(Clone, Debug)]
pub struct SymbolLayer {
    /// The layer's `id`.
    pub id: String,
    /// Its index among all the style's layers (the drawing order: later is on top).
    pub index: usize,
    /// `source`.
    pub source: Option<String>,
    /// `source-layer`.
    pub source_layer: Option<String>,
    /// `minzoom` (default 0).
    pub minzoom: f64,
    /// `maxzoom` (default 24).
    pub maxzoom: f64,
    /// `layout.visibility` is `none`, or the layer is skipped (a filter this crate cannot
    /// evaluate).
    pub hidden: bool,
    filter: Option<Expression>,
    properties: Vec<Option<Property>>,
}

/// The symbol layers of a style, in style order.
#[derive(Clone, Debug)]
pub struct Style {
    /// The symbol layers.
    pub layers: Vec<SymbolLayer>,
}

/// Layout properties of symbol layers that change where a label goes or how big it is, but
/// that this crate does not evaluate.
const PAINT_THAT_MOVES: &[&str] =
    &["text-translate", "icon-translate", "text-translate-anchor", "icon-translate-anchor"];

impl Style {
    /// Reads a style's text.
    ///
    /// # Errors
    /// [`StyleError`] as [`Style::from_json`], or when the text is no JSON.
    pub fn parse(text: &str) -> Result<(Style, Vec<Warning>), StyleError> {
        let json: Json = serde_json::from_str(text).map_err(|e| StyleError::NotAStyle(e.to_string()))?;
        Style::from_json(&json)
    }

    /// Reads a style's JSON: its symbol layers and the warnings to print.
    ///
    /// # Errors
    /// [`StyleError::NotAStyle`] without a `layers` array; [`StyleError::Layer`] for the first
    /// symbol layer with a bad filter, zoom range or layout property.
    pub fn from_json(json: &Json) -> Result<(Style, Vec<Warning>), StyleError> {
        let Some(layers) = json.get("layers").and_then(Json::as_array) else {
            return Err(StyleError::NotAStyle("no \"layers\" array".into()));
        };
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        for (index, layer) in layers.iter().enumerate() {
            if layer.get("type").and_then(Json::as_str) != Some("symbol") {
                continue;
            }
            out.push(SymbolLayer::from_json(layer, index, &mut warnings)?);
        }
        Ok((Style { layers: out }, warnings))
    }

    /// The layer of that `id`.
    #[must_use]
    pub fn layer(&self, id: &str) -> Option<&SymbolLayer> {
        self.layers.iter().find(|l| l.id == id)
    }
}

fn compile_error(layer: &str, property: &str, e: CompileError) -> StyleError {
    StyleError::Layer { layer: layer.to_owned(), property: property.to_owned(), path: e.path, message: e.message }
}

impl SymbolLayer {
    fn from_json(json: &Json, index: usize, warnings: &mut Vec<Warning>) -> Result<Self, StyleError> {
        let path = format!("layers[{index}]");
        let id = json.get("id").and_then(Json::as_str).map_or_else(|| format!("#{index}"), str::to_owned);
        let bad = |property: &str, at: String, message: String| StyleError::Layer {
            layer: id.clone(),
            property: property.to_owned(),
            path: at,
            message,
        };
        let text = |key: &str| -> Result<Option<String>, StyleError> {
            match json.get(key) {
                None => Ok(None),
                Some(Json::String(s)) => Ok(Some(s.clone())),
                Some(other) => Err(bad(key, format!("{path}.{key}"), format!("string expected, found {other}"))),
            }
        };
        let zoom = |key: &str, default: f64| -> Result<f64, StyleError> {
            match json.get(key) {
                None => Ok(default),
                Some(z) => match z.as_f64() {
                    Some(z) if (0.0..=24.0).contains(&z) => Ok(z),
                    _ => Err(bad(key, format!("{path}.{key}"), format!("a number from 0 to 24 expected, found {z}"))),
                },
            }
        };
        let (source, source_layer) = (text("source")?, text("source-layer")?);
        let (minzoom, maxzoom) = (zoom("minzoom", 0.0)?, zoom("maxzoom", 24.0)?);
        let mut hidden = false;
        let filter = match json.get("filter") {
            None => None,
            Some(f) => match Expression::compile_filter(f, &format!("{path}.filter")) {
                Ok(f) => Some(f),
                // Ignoring the filter would label features the style leaves out.
                Err(e) if e.unsupported => {
                    warnings.push(Warning {
                        layer: id.clone(),
                        property: "filter".into(),
                        message: format!("{} (at {}); the layer is skipped", e.message, e.path),
                    });
                    hidden = true;
                    None
                }
                Err(e) => return Err(compile_error(&id, "filter", e)),
            },
        };
        let mut properties: Vec<Option<Property>> = vec![None; SPECS.len()];
        let empty = serde_json::Map::new();
        let layout = match json.get("layout") {
            None => &empty,
            Some(Json::Object(layout)) => layout,
            Some(other) => {
                return Err(bad("layout", format!("{path}.layout"), format!("object expected, found {other}")));
            }
        };
        for (name, value) in layout {
            let at = format!("{path}.layout.{name}");
            if name == "visibility" {
                match value.as_str() {
                    Some("none") => hidden = true,
                    Some("visible") => {}
                    _ => return Err(bad(name, at, "\"visible\" or \"none\" expected".into())),
                }
                continue;
            }
            let Some(i) = properties::index_of(name) else {
                warnings.push(Warning {
                    layer: id.clone(),
                    property: name.clone(),
                    message: "not supported; ignored".into(),
                });
                continue;
            };
            let spec: &'static Spec = &SPECS[i];
            match Property::compile(spec, value, &at) {
                Ok(p) => properties[i] = Some(p),
                Err(e) if e.unsupported => warnings.push(Warning {
                    layer: id.clone(),
                    property: name.clone(),
                    message: format!("{} (at {}); the default is used", e.message, e.path),
                }),
                Err(e) => return Err(compile_error(&id, name, e)),
            }
        }
        if let Some(Json::Object(paint)) = json.get("paint") {
            for name in paint.keys().filter(|k| PAINT_THAT_MOVES.contains(&k.as_str())) {
                warnings.push(Warning {
                    layer: id.clone(),
                    property: name.clone(),
                    message: "not supported; ignored".into(),
                });
            }
        }
        Ok(SymbolLayer { id, index, source, source_layer, minzoom, maxzoom, hidden, filter, properties })
    }

    /// Whether the layer shows at `zoom`: `minzoom ≤ zoom < maxzoom` and not hidden.
    #[must_use]
    pub fn shows_at(&self, zoom: f64) -> bool {
        !self.hidden && self.minzoom <= zoom && zoom < self.maxzoom
    }

    /// Whether `feature` passes the layer's filter at `zoom` (no filter passes all; a filter
    /// whose evaluation fails is false, as in MapLibre).
    #[must_use]
    pub fn filter(&self, zoom: f64, feature: &Feature<'_>) -> bool {
        self.filter.as_ref().is_none_or(|f| f.evaluate(zoom, feature) == Ok(Value::Bool(true)))
    }

    /// The layer's value of layout property `name` at `zoom` for `feature` — its setting, or
    /// the style-spec's default; `None` for a property this crate does not evaluate, or one
    /// without a default left unset (`icon-image`, `symbol-sort-key`, the variable anchors).
    #[must_use]
    pub fn evaluate(&self, name: &str, zoom: f64, feature: &Feature<'_>) -> Option<Value> {
        properties::index_of(name).and_then(|i| properties::value_of(&self.properties, SPECS, i, zoom, feature))
    }

    /// Whether the layer sets layout property `name`.
    #[must_use]
    pub fn sets(&self, name: &str) -> bool {
        properties::index_of(name).is_some_and(|i| self.properties[i].is_some())
    }
}
