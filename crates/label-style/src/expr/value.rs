//! The values expressions compute, their types, and how they print.
//!
//! They are the style-spec's: null, booleans, numbers (`f64`), strings, arrays, objects and
//! formatted text. A value prints as JavaScript prints it (`to-string`, `concat`, the text
//! of a `text-field`), since that is what MapLibre draws: numbers in JavaScript's shortest
//! form (`3`, `0.1`, `1e+21`), arrays and objects as JSON without spaces, null as the empty
//! string.

use serde_json::Map;
use std::fmt::Write as _;

/// A value an expression evaluates to.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null`: a missing property, `["get", …]` of nothing.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// Every number (the style-spec has one number type).
    Number(f64),
    /// A string.
    String(String),
    /// An array of values.
    Array(Vec<Value>),
    /// An object (a feature's properties, a literal object).
    Object(Vec<(String, Value)>),
    /// Text in sections, as `format` builds it and `text-field` takes it.
    Formatted(Vec<Section>),
}

/// One section of formatted text: its text and the overrides `format` gave it.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The section's text.
    pub text: String,
    /// `font-scale`: a factor on `text-size`, if given.
    pub scale: Option<f64>,
    /// `text-font`: the section's font stack, if given.
    pub font: Option<Vec<String>>,
}

/// The kinds of value, as the style-spec names them in its type errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// Not known before evaluation (`get`, `at`, `var` of such).
    Value,
    /// `null`.
    Null,
    /// A boolean.
    Boolean,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
    /// Formatted text.
    Formatted,
    /// A colour: CSS colour text (`#2f6f9f`, `white`), checked where a colour is wanted.
    Color,
    /// Wanted where whatever comes is converted afterwards (padding, image names, anchor
    /// offsets): branches of any kind, no checks added.
    Any,
}

impl Type {
    /// The name the style-spec uses for the type.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Type::Value | Type::Any => "value",
            Type::Null => "null",
            Type::Boolean => "boolean",
            Type::Number => "number",
            Type::String => "string",
            Type::Array => "array",
            Type::Object => "object",
            Type::Formatted => "formatted",
            Type::Color => "color",
        }
    }
}

impl Value {
    /// The value's type.
    #[must_use]
    pub fn kind(&self) -> Type {
        match self {
            Value::Null => Type::Null,
            Value::Bool(_) => Type::Boolean,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::Array(_) => Type::Array,
            Value::Object(_) => Type::Object,
            Value::Formatted(_) => Type::Formatted,
        }
    }

    /// The value of a JSON value (a feature property, a literal).
    #[must_use]
    pub fn from_json(json: &serde_json::Value) -> Value {
        match json {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => Value::String(s.clone()),
            serde_json::Value::Array(items) => Value::Array(items.iter().map(Value::from_json).collect()),
            serde_json::Value::Object(map) => Value::from_map(map),
        }
    }

    /// An object value of a JSON object.
    #[must_use]
    pub fn from_map(map: &Map<String, serde_json::Value>) -> Value {
        Value::Object(map.iter().map(|(k, v)| (k.clone(), Value::from_json(v))).collect())
    }

    /// The number, if the value is one.
    #[must_use]
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The value as `to-string` prints it: null as `""`, strings as they are, booleans and
    /// numbers as JavaScript prints them, arrays and objects as compact JSON, formatted text
    /// as its sections' texts.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        match self {
            Value::Null => {}
            Value::String(s) => out.push_str(s),
            Value::Formatted(sections) => sections.iter().for_each(|s| out.push_str(&s.text)),
            other => other.write_json(&mut out),
        }
        out
    }

    /// The value as JavaScript's `String(value)` writes it (legacy `{token}` text, the
    /// needle of `in` and `index-of` in a string): `null`, `true`, numbers as JavaScript
    /// prints them, arrays as their items joined by commas (null items empty), objects as
    /// `[object Object]`.
    #[must_use]
    pub fn to_js_string(&self) -> String {
        match self {
            Value::Null => "null".into(),
            Value::Array(items) => items
                .iter()
                .map(|v| if *v == Value::Null { String::new() } else { v.to_js_string() })
                .collect::<Vec<_>>()
                .join(","),
            Value::Object(_) => "[object Object]".into(),
            other => other.to_text(),
        }
    }

    /// The value as JSON (formatted text as its text; a number that is not finite as `null`).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as Json;
        match self {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => serde_json::Number::from_f64(*n).map_or(Json::Null, Json::Number),
            Value::String(s) => Json::String(s.clone()),
            Value::Array(items) => Json::Array(items.iter().map(Value::to_json).collect()),
            Value::Object(entries) => Json::Object(entries.iter().map(|(k, v)| (k.clone(), v.to_json())).collect()),
            Value::Formatted(_) => Json::String(self.to_text()),
        }
    }

    /// The value as `JSON.stringify` writes it.
    pub(crate) fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) if n.is_finite() => out.push_str(&js_number(*n)),
            Value::Number(_) => out.push_str("null"),
            Value::String(s) => out.push_str(&serde_json::Value::String(s.clone()).to_string()),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_json(out);
                }
                out.push(']');
            }
            Value::Object(entries) => {
                out.push('{');
                for (i, (key, item)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::Value::String(key.clone()).to_string());
                    out.push(':');
                    item.write_json(out);
                }
                out.push('}');
            }
            Value::Formatted(_) => Value::String(self.to_text()).write_json(out),
        }
    }
}

/// A number as JavaScript's `String(n)` prints it: the shortest digits that read back to the
/// same number, in plain notation from 1e-6 up to 1e21 and in exponent notation (`1e+21`,
/// `1.5e-7`) outside; `-0` prints as `0`.
#[must_use]
pub fn js_number(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if n == 0.0 {
        return "0".into();
    }
    let magnitude = n.abs();
    if (1e-6..1e21).contains(&magnitude) {
        // Rust's Display prints the shortest round-trip digits in plain notation, as JS does
        // in this range.
        return format!("{n}");
    }
    // `{:e}` prints the same shortest digits as `1.5e-7`; JavaScript signs the exponent.
    let text = format!("{n:e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let mut out = String::from(mantissa);
    if exponent.starts_with('-') {
        let _ = write!(out, "e{exponent}");
    } else {
        let _ = write!(out, "e+{exponent}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_javascript_prints_them() {
        for (n, text) in [
            (3.0, "3"),
            (0.1, "0.1"),
            (-0.0, "0"),
            (1e21, "1e+21"),
            (1.5e-7, "1.5e-7"),
            (123456.789, "123456.789"),
            (1e-6, "0.000001"),
        ] {
            assert_eq!(js_number(n), text, "{n}");
        }
    }

    #[test]
    fn values_print_as_to_string_prints_them() {
        let array = Value::Array(vec![Value::Number(1.0), Value::String("a".into()), Value::Null]);
        assert_eq!(array.to_text(), r#"[1,"a",null]"#);
        assert_eq!(Value::Null.to_text(), "");
        assert_eq!(Value::Bool(true).to_text(), "true");
    }
}
