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
//! The crate grows into the whole feature → label library (issue 41): next to `style`,
//! `expr`, `text` and `order` come `readers/` (GeoJSON, CSV, columns), `projection` (Web
//! Mercator, pitch), `symbols` (point labels, anchors, icons), `lines` (labels along lines),
//! `polygons` (pole of inaccessibility) and `priorities`, moved out of `label-cli`.
//!
//! No feature flags.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod expr;
pub mod order;
pub mod sprite;
pub mod style;
pub mod text;
