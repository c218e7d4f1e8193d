//! Style-spec expressions: compiled once from a style's JSON, evaluated at a zoom for a feature.
//!
//! **Compiling** ([`Expression::compile`]) reads the JSON array form (`["get", "name"]`,
//! `["interpolate", ["linear"], ["zoom"], 4, 10, 12, 18]`) into a tree and types it as the
//! style-spec's parser does: each operator knows what it returns, and where an argument of
//! a type only known when evaluated (`get`, `at`, …) meets a place that needs a number, a
//! string, a boolean, an object or an array, it is wrapped in an assertion that checks the
//! value when evaluated. A tree whose types cannot fit (`["+", "a", 1]`), an unknown
//! operator or a wrong argument count is refused with the JSON path of the culprit.
//!
//! **Evaluating** ([`Expression::evaluate`]) gives a [`Value`] or an [`EvalError`] — a failed
//! assertion, an ordering comparison of mismatched kinds, `to-number` of text that is no
//! number. The style-spec's rule for what a property then gets, its default, lives with the
//! properties ([`crate::style::properties`]), as does the rule that `null` (a missing property) means
//! the default too.
//!
//! Semantics kept from the style-spec, each tested against its evaluation in node
//! (`tests/reference.rs`): `get` of a missing property is `null` and `has` is true for a
//! property that is present but `null`; `==` and `!=` compare strictly (a number never equals
//! a string); `<` and friends refuse mismatched kinds; `match` sends a value of another kind
//! than its labels to the fallback; `coalesce` returns the first value that is not `null`;
//! `step` and `interpolate` clamp to their first and last stops; exponential interpolation
//! is `(base^progress − 1) / (base^difference − 1)`, cubic-bezier solves the curve for `t`;
//! `%` is JavaScript's remainder (sign of the dividend); `round` rounds halves away from zero.
//!
//! Legacy forms ([`legacy`]): function objects (`{"stops": …, "base": …, "property": …}`)
//! and the old filter syntax (`["==", "class", "city"]`), told apart from expressions by the
//! style-spec's own rules.

mod eval;
pub mod legacy;
mod parse;
pub mod value;
mod zoom;

pub use value::{Section, Type, Value};

/// Whether `text` is a CSS colour a style may give (`#2f6f9f`, `rgba(0, 0, 0, 0.5)`, `white`).
#[must_use]
pub fn is_color(text: &str) -> bool {
    eval::color::is_color(text)
}

/// A CSS colour as MapLibre prints one, `rgba(r,g,b,a)` (red, green and blue rounded to
/// 0…255), or `None` when `text` is no colour: how a mixed colour comes back.
#[must_use]
pub fn color_as_rgba(text: &str) -> Option<String> {
    eval::color::as_rgba(text)
}

use serde_json::Map;

/// The kind of geometry a feature has, as a vector tile gives it and as `geometry-type` and
/// the legacy `$type` filter see it: a multi-geometry is of its parts' kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeometryType {
    /// Points and multi-points.
    Point,
    /// Line strings and multi-line strings.
    LineString,
    /// Polygons and multi-polygons.
    Polygon,
}

impl GeometryType {
    /// The name `geometry-type` returns.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GeometryType::Point => "Point",
            GeometryType::LineString => "LineString",
            GeometryType::Polygon => "Polygon",
        }
    }
}

/// What an expression may read of a feature: its properties, its id and its geometry's kind.
#[derive(Clone, Copy, Debug)]
pub struct Feature<'a> {
    /// The feature's properties (a GeoJSON feature's `properties`).
    pub properties: &'a Map<String, serde_json::Value>,
    /// The feature's id, if it has one.
    pub id: Option<&'a serde_json::Value>,
    /// The kind of its geometry.
    pub geometry: GeometryType,
}

/// A compile error: where in the JSON and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct CompileError {
    /// The JSON path of the bad part, e.g. `layers[2].layout.text-size[3]`.
    pub path: String,
    /// What is wrong, in the style-spec's words where it has them.
    pub message: String,
    /// True when the expression is valid style-spec but uses an operator this crate does not
    /// evaluate (`number-format`, `collator`, `within`, …): a warning, not a bad style.
    pub unsupported: bool,
}

/// An evaluation error; the property it belongs to then takes its default.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EvalError(pub String);

/// A compiled expression.
#[derive(Clone, Debug)]
pub struct Expression {
    root: eval::Expr,
    kind: Type,
}

impl Expression {
    /// Compiles `json` (an expression's JSON) at JSON path `path`, expecting a value of
    /// `expected` ([`Type::Value`] for any); a value of unknown type is checked when
    /// evaluated.
    ///
    /// # Errors
    /// [`CompileError`] naming the JSON path of the first bad part.
    pub fn compile(json: &serde_json::Value, path: &str, expected: Type) -> Result<Self, CompileError> {
        let (root, kind) = parse::Parser::new().parse(json, path, expected)?;
        Ok(Expression { root, kind })
    }

    /// Compiles a layer's `filter` at JSON path `path`: an expression, or the old filter
    /// syntax ([`legacy`]) when the style-spec would read it so.
    ///
    /// # Errors
    /// [`CompileError`] naming the JSON path of the first bad part.
    pub fn compile_filter(json: &serde_json::Value, path: &str) -> Result<Self, CompileError> {
        if legacy::is_expression_filter(json) {
            Expression::compile(json, path, Type::Boolean)
        } else {
            Ok(Expression { root: legacy::convert_filter(json, path)?, kind: Type::Boolean })
        }
    }

    /// The type the expression returns ([`Type::Value`] when only evaluation tells).
    #[must_use]
    pub fn kind(&self) -> Type {
        self.kind
    }

    /// Whether the expression reads the feature (`get`, `has`, `properties`, `id`,
    /// `geometry-type`): the style-spec calls such a property data-driven.
    #[must_use]
    pub fn is_feature_dependent(&self) -> bool {
        self.root.reads_feature()
    }

    /// Checks the style-spec's rule for the zoom in a property's expression (the `zoom` rule: a top-level `step` or `interpolate` only):
    /// `Ok(Some(true))` when the zoom drives a top-level `interpolate`, `Ok(Some(false))` a
    /// top-level `step`, `Ok(None)` when the expression does not read the zoom.
    ///
    /// # Errors
    /// The style-spec's message when the zoom is used elsewhere, or in two curves.
    pub fn zoom_curve_interpolates(&self) -> Result<Option<bool>, &'static str> {
        zoom::zoom_curve(&self.root).map(|c| c.map(|c| c == zoom::ZoomCurve::Interpolate))
    }

    /// Whether the expression reads the zoom.
    #[must_use]
    pub fn is_zoom_dependent(&self) -> bool {
        self.root.reads_zoom()
    }

    /// Evaluates the expression at `zoom` for `feature`.
    ///
    /// # Errors
    /// [`EvalError`] when a check fails while evaluating (see the module doc).
    pub fn evaluate(&self, zoom: f64, feature: &Feature<'_>) -> Result<Value, EvalError> {
        self.root.eval(&eval::Context { zoom, feature })
    }
}

/// Whether a JSON value is written as an expression — an array whose first item names an
/// operator — as the style-spec tells expressions from constants (`["Open Sans Bold"]` is a
/// constant font list).
#[must_use]
pub fn is_expression(json: &serde_json::Value) -> bool {
    json.as_array().and_then(|a| a.first()).and_then(serde_json::Value::as_str).is_some_and(parse::is_operator)
}

#[cfg(test)]
mod tests;
