//! Map styles in, labels out: MapLibre style-spec symbol layers evaluated for map features.
//!
//! The style half of the feature → label library. It reads a style's symbol layers
//! ([`style`]), compiles their filters and layout properties — expressions ([`expr`]) and the
//! legacy functions and filters — and evaluates them at a zoom for a feature, as the
//! MapLibre style-spec evaluates them (checked against the style-spec's own evaluation in
//! node: `tests/reference.rs`). Its text module wraps a label's text as MapLibre wraps it
//! ([`text`]), measured with `label-text`; [`sprite`] reads a sprite index for the icons'
//! sizes, and [`order`] turns style order and `symbol-sort-key` into the order the engine
//! places labels in.
//!
//! ```
//! use label_style::expr::{Feature, GeometryType, Value};
//! use label_style::style::Style;
//!
//! let style = r#"{"version": 8, "sources": {}, "layers": [{
//!     "id": "places", "type": "symbol", "source": "ne",
//!     "filter": ["==", "featurecla", "Admin-0 capital"],
//!     "layout": {
//!         "text-field": ["get", "name"],
//!         "text-size": ["interpolate", ["linear"], ["zoom"], 4, 10, 8, ["-", 20, ["get", "scalerank"]]]
//!     }
//! }]}"#;
//! let (style, warnings) = Style::parse(style).unwrap();
//! assert!(warnings.is_empty());
//! let layer = &style.layers[0];
//! let properties = serde_json::json!({"name": "Wien", "scalerank": 0, "featurecla": "Admin-0 capital"});
//! let feature = Feature { properties: properties.as_object().unwrap(), id: None, geometry: GeometryType::Point };
//! assert!(layer.filter(6.0, &feature));
//! assert_eq!(layer.evaluate("text-size", 6.0, &feature), Some(Value::Number(15.0)));
//! assert_eq!(layer.evaluate("text-field", 6.0, &feature).unwrap().to_text(), "Wien");
//! ```
//!
//! The feature half turns map features into the engine's labels on a view: [`readers`] (GeoJSON,
//! the streaming collection reader, CSV) on a [`projection`] (one Web Mercator), with
//! [`symbols`] (MapLibre's candidate anchors, icons, optional parts), [`lines`] (straight or
//! glyph by glyph), [`polygons`] (pole of inaccessibility) and [`priorities`]; [`settings`]
//! holds the flags path's settings, checked; [`document`] the labels ready for the engine;
//! [`measure`] the run's font; [`warnings`] what looks wrong in a run that succeeds.
//!
//! No feature flags.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod document;
pub mod expr;
mod flag;
pub mod lines;
pub mod measure;
pub mod messages;
pub mod order;
pub mod polygons;
pub mod priorities;
pub mod projection;
pub mod readers;
pub mod settings;
pub mod sprite;
pub mod style;
pub mod symbols;
pub mod text;
pub mod warnings;
