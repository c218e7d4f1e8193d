//! The symbol-layer layout properties this crate evaluates: their types, defaults and what
//! they may depend on, as the style-spec (v8) defines them; and how a property's style value
//! — a constant, an expression or a legacy function — becomes its value for a feature.
//!
//! A property's evaluation falls back to its default, as MapLibre's does, when the
//! expression fails (a check, a conversion), gives `null` or NaN, or gives a value the
//! property cannot take (an anchor name that is no anchor, an offset that is no pair). A
//! constant that does not fit is refused when the style is read.
//!
//! `text-field` and `icon-image` given as a constant or as a zoom-only legacy function
//! replace `{name}` tokens with the feature's property (nothing where it has none), as
//! MapLibre's symbol layout does; expressions and property functions do not.

use crate::expr::legacy::{Function, Target};
use crate::expr::{CompileError, Expression, Feature, Section, Type, Value, is_expression};
use serde_json::Value as Json;
use std::sync::OnceLock;

/// The anchors of `text-anchor` and `text-variable-anchor`.
pub const ANCHORS: &[&str] =
    &["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"];

/// What values a property takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A number.
    Number,
    /// A boolean.
    Boolean,
    /// One of the listed names.
    Enum(&'static [&'static str]),
    /// Formatted text (`text-field`).
    Formatted,
    /// An image name (`icon-image`); an empty name is no image.
    Image,
    /// Two numbers (`text-offset`).
    Pair,
    /// A list of font names (`text-font`).
    Fonts,
    /// A list of anchors (`text-variable-anchor`).
    Anchors,
    /// Anchors each with an offset pair (`text-variable-anchor-offset`).
    AnchorOffsets,
    /// Padding: one to four numbers, CSS order, read as `[top, right, bottom, left]`.
    Padding,
    /// A colour, as the CSS colour text the style gives (`#2f6f9f`, `rgba(0, 0, 0, 0.5)`).
    Color,
}

/// One property of the style-spec's `layout_symbol`.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Its name.
    pub name: &'static str,
    /// Its values.
    pub kind: Kind,
    /// Its default (JSON), `None` where the style-spec has none.
    pub default: Option<&'static str>,
    /// Whether it interpolates (zoom stops blend).
    pub interpolated: bool,
    /// Whether it may read feature properties (else only the zoom).
    pub data_driven: bool,
}

const fn spec(
    name: &'static str,
    kind: Kind,
    default: Option<&'static str>,
    interpolated: bool,
    data_driven: bool,
) -> Spec {
    Spec { name, kind, default, interpolated, data_driven }
}

const JUSTIFY: &[&str] = &["auto", "left", "center", "right"];
const TRANSFORM: &[&str] = &["none", "uppercase", "lowercase"];
const PLACEMENT: &[&str] = &["point", "line", "line-center"];

/// The properties evaluated, in the style-spec's order of the list.
pub const SPECS: &[Spec] = &[
    spec("text-field", Kind::Formatted, Some("\"\""), false, true),
    spec("text-size", Kind::Number, Some("16"), true, true),
    spec("text-font", Kind::Fonts, Some("[\"Open Sans Regular\",\"Arial Unicode MS Regular\"]"), false, true),
    spec("text-anchor", Kind::Enum(ANCHORS), Some("\"center\""), false, true),
    spec("text-offset", Kind::Pair, Some("[0,0]"), true, true),
    spec("text-radial-offset", Kind::Number, Some("0"), true, true),
    spec("text-variable-anchor", Kind::Anchors, None, false, false),
    spec("text-variable-anchor-offset", Kind::AnchorOffsets, None, true, true),
    spec("text-justify", Kind::Enum(JUSTIFY), Some("\"center\""), false, true),
    spec("text-max-width", Kind::Number, Some("10"), true, true),
    spec("text-line-height", Kind::Number, Some("1.2"), true, false),
    spec("text-letter-spacing", Kind::Number, Some("0"), true, true),
    spec("text-transform", Kind::Enum(TRANSFORM), Some("\"none\""), false, true),
    spec("text-padding", Kind::Number, Some("2"), true, false),
    spec("text-rotate", Kind::Number, Some("0"), true, true),
    spec("text-allow-overlap", Kind::Boolean, Some("false"), false, false),
    spec("text-ignore-placement", Kind::Boolean, Some("false"), false, false),
    spec("text-optional", Kind::Boolean, Some("false"), false, false),
    spec("icon-image", Kind::Image, None, false, true),
    spec("icon-size", Kind::Number, Some("1"), true, true),
    spec("icon-allow-overlap", Kind::Boolean, Some("false"), false, false),
    spec("icon-ignore-placement", Kind::Boolean, Some("false"), false, false),
    spec("icon-optional", Kind::Boolean, Some("false"), false, false),
    spec("icon-padding", Kind::Padding, Some("[2]"), true, true),
    spec("symbol-sort-key", Kind::Number, None, false, true),
    spec("symbol-placement", Kind::Enum(PLACEMENT), Some("\"point\""), false, false),
    spec("symbol-spacing", Kind::Number, Some("250"), true, false),
    spec("text-max-angle", Kind::Number, Some("45"), true, false),
    spec("text-keep-upright", Kind::Boolean, Some("true"), false, false),
];

/// The properties of a symbol layer that the drawing of its labels needs and their placement
/// does not: the paint properties and the icon's own anchor, offset and rotation (layout).
/// Colours are the style's CSS text, checked where the style gives them; `interpolate` (and a
/// zoom function of colours) mixes them in sRGB as the style-spec does.
/// [`crate::style::drawn`] compiles them.
pub const DRAWN: &[Spec] = &[
    spec("text-color", Kind::Color, Some("\"#000000\""), true, true),
    spec("text-halo-color", Kind::Color, Some("\"rgba(0, 0, 0, 0)\""), true, true),
    spec("text-halo-width", Kind::Number, Some("0"), true, true),
    spec("text-halo-blur", Kind::Number, Some("0"), true, true),
    spec("text-opacity", Kind::Number, Some("1"), true, true),
    spec("icon-color", Kind::Color, Some("\"#000000\""), true, true),
    spec("icon-halo-color", Kind::Color, Some("\"rgba(0, 0, 0, 0)\""), true, true),
    spec("icon-halo-width", Kind::Number, Some("0"), true, true),
    spec("icon-halo-blur", Kind::Number, Some("0"), true, true),
    spec("icon-opacity", Kind::Number, Some("1"), true, true),
    spec("icon-anchor", Kind::Enum(ANCHORS), Some("\"center\""), false, true),
    spec("icon-offset", Kind::Pair, Some("[0,0]"), true, true),
    spec("icon-rotate", Kind::Number, Some("0"), true, true),
];

/// The index of a property in [`SPECS`].
#[must_use]
pub fn index_of(name: &str) -> Option<usize> {
    SPECS.iter().position(|s| s.name == name)
}

/// The index of a property in [`DRAWN`].
#[must_use]
pub fn drawn_index_of(name: &str) -> Option<usize> {
    DRAWN.iter().position(|s| s.name == name)
}

/// The value of property `i` of `table` for a layer whose settings are `set` (indexed as
/// `table`): its setting evaluated at `zoom` for `feature`, or the style-spec's default.
pub(crate) fn value_of(
    set: &[Option<Property>],
    table: &'static [Spec],
    i: usize,
    zoom: f64,
    feature: &Feature<'_>,
) -> Option<Value> {
    match &set[i] {
        Some(p) => p.evaluate(zoom, feature),
        None => table[i].default_value(),
    }
}

/// The defaults of a table of specs, parsed once.
fn defaults(table: &'static [Spec], cache: &'static OnceLock<Vec<Option<Value>>>) -> &'static [Option<Value>] {
    cache.get_or_init(|| {
        table
            .iter()
            .map(|spec| {
                let json: Json = serde_json::from_str(spec.default?).ok()?;
                coerce(spec.kind, Value::from_json(&json))
            })
            .collect()
    })
}

impl Spec {
    /// The default value, `None` where the style-spec has none.
    #[must_use]
    pub fn default_value(&self) -> Option<Value> {
        static LAYOUT: OnceLock<Vec<Option<Value>>> = OnceLock::new();
        static DRAWN_DEFAULTS: OnceLock<Vec<Option<Value>>> = OnceLock::new();
        match index_of(self.name) {
            Some(i) => defaults(SPECS, &LAYOUT)[i].clone(),
            None => drawn_index_of(self.name).and_then(|i| defaults(DRAWN, &DRAWN_DEFAULTS)[i].clone()),
        }
    }

    fn expected_type(&self) -> Type {
        match self.kind {
            Kind::Number => Type::Number,
            Kind::Boolean => Type::Boolean,
            Kind::Enum(_) => Type::String,
            Kind::Color => Type::Color,
            Kind::Formatted => Type::Formatted,
            Kind::Pair | Kind::Fonts | Kind::Anchors => Type::Array,
            Kind::Image | Kind::AnchorOffsets | Kind::Padding => Type::Any,
        }
    }
}

fn numbers(items: &[Value]) -> Option<Vec<f64>> {
    items.iter().map(Value::as_number).collect()
}

/// The value as the property takes it, or `None` when it cannot (the default applies).
#[must_use]
pub fn coerce(kind: Kind, value: Value) -> Option<Value> {
    if value == Value::Null {
        return None;
    }
    match (kind, value) {
        (Kind::Number, Value::Number(n)) if !n.is_nan() => Some(Value::Number(n)),
        (Kind::Boolean, v @ Value::Bool(_)) => Some(v),
        (Kind::Enum(names), Value::String(s)) if names.contains(&s.as_str()) => Some(Value::String(s)),
        (Kind::Color, Value::String(s)) if crate::expr::is_color(&s) => Some(Value::String(s)),
        (Kind::Formatted, v @ Value::Formatted(_)) => Some(v),
        (Kind::Formatted, v) => Some(Value::Formatted(vec![Section { text: v.to_text(), scale: None, font: None }])),
        (Kind::Image, v) => Some(Value::String(v.to_text())).filter(|s| s != &Value::String(String::new())),
        (Kind::Pair, Value::Array(items)) if items.len() == 2 && numbers(&items).is_some() => Some(Value::Array(items)),
        (Kind::Fonts, Value::Array(items)) if items.iter().all(|v| matches!(v, Value::String(_))) => {
            Some(Value::Array(items))
        }
        (Kind::Anchors, Value::Array(items))
            if items.iter().all(|v| matches!(v, Value::String(s) if ANCHORS.contains(&s.as_str()))) =>
        {
            Some(Value::Array(items))
        }
        (Kind::AnchorOffsets, Value::Array(items)) => {
            let fits = items.len().is_multiple_of(2)
                && items.chunks(2).all(|pair| {
                    matches!(&pair[0], Value::String(s) if ANCHORS.contains(&s.as_str()))
                        && matches!(&pair[1], Value::Array(xy) if xy.len() == 2 && numbers(xy).is_some())
                });
            fits.then_some(Value::Array(items))
        }
        (Kind::Padding, Value::Number(n)) => Some(Value::Array(vec![Value::Number(n); 4])),
        (Kind::Padding, Value::Array(items)) => {
            let n = numbers(&items)?;
            let [top, right, bottom, left] = match n.as_slice() {
                [a] => [*a; 4],
                [a, b] => [*a, *b, *a, *b],
                [a, b, c] => [*a, *b, *c, *b],
                [a, b, c, d] => [*a, *b, *c, *d],
                _ => return None,
            };
            Some(Value::Array([top, right, bottom, left].map(Value::Number).to_vec()))
        }
        _ => None,
    }
}

/// A property's value in a style: what evaluates it.
#[derive(Clone, Debug)]
pub enum PropertyValue {
    /// A constant, already in the property's form.
    Constant(Value),
    /// An expression.
    Expression(Expression),
    /// A legacy function object.
    Function(Function),
}

/// A layout property as a layer sets it.
#[derive(Clone, Debug)]
pub struct Property {
    /// Which property ([`SPECS`]).
    pub spec: &'static Spec,
    /// Its value.
    pub value: PropertyValue,
}

fn target(spec: &Spec) -> Target {
    let accepts: fn(&Value) -> bool = match spec.kind {
        Kind::Number => |v| matches!(v, Value::Number(_)),
        Kind::Boolean => |v| matches!(v, Value::Bool(_)),
        Kind::Enum(_) | Kind::Formatted | Kind::Image | Kind::Color => |v| matches!(v, Value::String(_)),
        _ => |v| matches!(v, Value::Array(_)),
    };
    Target { interpolated: spec.interpolated, default: spec.default_value(), accepts }
}

impl Property {
    /// Reads a property's JSON at `path`.
    ///
    /// # Errors
    /// [`CompileError`]: a constant the property cannot take, a bad expression or function,
    /// a feature-dependent value for a property that may only depend on the zoom; an
    /// unsupported operator is flagged `unsupported`.
    pub fn compile(spec: &'static Spec, json: &Json, path: &str) -> Result<Self, CompileError> {
        let bad = |message: String| CompileError { path: path.to_owned(), message, unsupported: false };
        let value = if is_expression(json) {
            let expression = Expression::compile(json, path, spec.expected_type())?;
            if !spec.data_driven && expression.is_feature_dependent() {
                return Err(bad(format!("\"{}\" does not support data-driven expressions (only zoom)", spec.name)));
            }
            match expression.zoom_curve_interpolates() {
                Err(message) => return Err(bad(message.to_owned())),
                Ok(Some(true)) if !spec.interpolated => {
                    return Err(bad(format!("\"interpolate\" expressions cannot be used with \"{}\"", spec.name)));
                }
                Ok(_) => {}
            }
            PropertyValue::Expression(expression)
        } else if let Json::Object(object) = json {
            let function = Function::compile(object, path, &target(spec))?;
            if !spec.data_driven && function.is_feature_dependent() {
                return Err(bad(format!("\"{}\" does not support property functions (only zoom)", spec.name)));
            }
            PropertyValue::Function(function)
        } else {
            match coerce(spec.kind, Value::from_json(json)) {
                Some(v) => PropertyValue::Constant(v),
                None => return Err(bad(format!("{} is not a valid value of \"{}\"", json, spec.name))),
            }
        };
        Ok(Property { spec, value })
    }

    /// The property's value at `zoom` for `feature`: `None` only for properties without a
    /// default (`icon-image`, `symbol-sort-key`, the variable anchors) that evaluate to none.
    #[must_use]
    pub fn evaluate(&self, zoom: f64, feature: &Feature<'_>) -> Option<Value> {
        let value = match &self.value {
            PropertyValue::Constant(v) => Some(v.clone()),
            PropertyValue::Expression(e) => e.evaluate(zoom, feature).ok().and_then(|v| coerce(self.spec.kind, v)),
            PropertyValue::Function(f) => {
                f.evaluate(zoom, feature, &target(self.spec)).and_then(|v| coerce(self.spec.kind, v))
            }
        };
        let value = value.or_else(|| self.spec.default_value());
        if self.resolves_tokens() { value.map(|v| resolve_tokens(v, feature)) } else { value }
    }

    fn resolves_tokens(&self) -> bool {
        matches!(self.spec.kind, Kind::Formatted | Kind::Image)
            && match &self.value {
                PropertyValue::Constant(_) => true,
                PropertyValue::Function(f) => !f.is_feature_dependent(),
                PropertyValue::Expression(_) => false,
            }
    }
}

/// Replaces each `{key}` in the text with the feature's property `key` as JavaScript's
/// `String` writes it (`null` for null; nothing where the feature has no such property).
fn resolve_tokens(value: Value, feature: &Feature<'_>) -> Value {
    let resolve = |text: &str| {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            match after.find(['{', '}']) {
                Some(close) if after.as_bytes()[close] == b'}' && close > 0 => {
                    out.push_str(&rest[..open]);
                    if let Some(v) = feature.properties.get(&after[..close]) {
                        out.push_str(&Value::from_json(v).to_js_string());
                    }
                    rest = &after[close + 1..];
                }
                _ => {
                    out.push_str(&rest[..=open]);
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    };
    match value {
        Value::String(s) => Value::String(resolve(&s)),
        Value::Formatted(sections) => {
            Value::Formatted(sections.into_iter().map(|s| Section { text: resolve(&s.text), ..s }).collect())
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_reads() {
        for spec in SPECS {
            assert_eq!(spec.default_value().is_some(), spec.default.is_some(), "{}", spec.name);
        }
    }

    #[test]
    fn padding_expands_as_css_does() {
        let p = coerce(Kind::Padding, Value::Array(vec![Value::Number(1.0), Value::Number(2.0)]));
        assert_eq!(p, Some(Value::Array([1.0, 2.0, 1.0, 2.0].map(Value::Number).to_vec())));
    }
}
