//! The style-spec's legacy forms: function objects and the old filter syntax.
//!
//! **Functions** (`{"stops": [[z, v], …], "base": b, "property": p, "type": t, "default": d}`)
//! read the zoom (no `property`), a feature property, or both (stops keyed by
//! `{"zoom": z, "value": v}`). Their `type` defaults to `exponential` for properties that
//! interpolate and `interval` otherwise; `categorical` matches the input by kind and value,
//! `identity` passes the property through when it has the property's type. An input of the
//! wrong kind, or a missing property, gives the function's `default`, else the property's.
//! A zoom-and-property function evaluates the property function of the zoom stops around the
//! zoom (each linear in the property) and interpolates between them exponentially in the zoom
//! with the function's `base`.
//!
//! **Filters** in the old syntax (`["==", "class", "city"]`, `["in", "class", "a", "b"]`,
//! `["has", "name"]`, `["!has", …]`, `["none", …]`, with `$type` and `$id`) compare strictly:
//! a missing property is never equal to anything and never ordered, so `!=` of it is true.
//! A filter is old syntax by the style-spec's own classification (`==` with a string key and
//! no nested arrays is old; `all`/`any` are what their members are).

use super::eval::interpolate::{factor, mix};
use super::eval::{Compare, Expr, Legacy, Subject};
use super::value::Value;
use super::{CompileError, Feature};
use serde_json::Value as Json;

/// The kind of legacy function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Exponential,
    Interval,
    Categorical,
    Identity,
}

/// What a legacy function needs to know of the property it computes.
#[derive(Clone, Debug)]
pub struct Target {
    /// Whether the property interpolates (then `exponential` is the default type).
    pub interpolated: bool,
    /// The property's default, for inputs the function does not cover.
    pub default: Option<Value>,
    /// Whether an identity function may pass a value through.
    pub accepts: fn(&Value) -> bool,
}

/// A compiled legacy function.
#[derive(Clone, Debug)]
pub struct Function {
    kind: Kind,
    base: f64,
    property: Option<String>,
    default: Option<Value>,
    stops: Stops,
}

#[derive(Clone, Debug)]
enum Stops {
    /// Input → output.
    Plain(Vec<(Value, Value)>),
    /// Zoom → the property function at that zoom.
    Composite(Vec<(f64, Function)>),
}

fn error<T>(path: &str, message: impl Into<String>) -> Result<T, CompileError> {
    Err(CompileError { path: path.to_owned(), message: message.into(), unsupported: false })
}

impl Function {
    /// Compiles a function object at JSON path `path`.
    ///
    /// # Errors
    /// [`CompileError`] when the object is no function the style-spec accepts: no stops
    /// (other than `identity`), stops that are not `[input, output]` pairs, an unknown type.
    pub fn compile(json: &serde_json::Map<String, Json>, path: &str, target: &Target) -> Result<Self, CompileError> {
        let kind = match json.get("type").map(|t| t.as_str()) {
            None => {
                if target.interpolated {
                    Kind::Exponential
                } else {
                    Kind::Interval
                }
            }
            Some(Some("exponential")) => Kind::Exponential,
            Some(Some("interval")) => Kind::Interval,
            Some(Some("categorical")) => Kind::Categorical,
            Some(Some("identity")) => Kind::Identity,
            Some(_) => {
                return error(&format!("{path}.type"), "expected one of exponential, interval, categorical, identity");
            }
        };
        let base = match json.get("base") {
            None => 1.0,
            Some(b) => match b.as_f64() {
                Some(b) => b,
                None => return error(&format!("{path}.base"), "number expected"),
            },
        };
        let property = match json.get("property") {
            None => None,
            Some(Json::String(p)) => Some(p.clone()),
            Some(_) => return error(&format!("{path}.property"), "string expected"),
        };
        let default = json.get("default").map(Value::from_json);
        let raw = match json.get("stops") {
            None if kind == Kind::Identity => Vec::new(),
            None => return error(path, "missing required property \"stops\""),
            Some(Json::Array(stops)) if !stops.is_empty() || kind == Kind::Identity => stops.clone(),
            Some(_) => return error(&format!("{path}.stops"), "a non-empty array of stops expected"),
        };
        let mut pairs = Vec::with_capacity(raw.len());
        for (i, stop) in raw.iter().enumerate() {
            match stop.as_array().map(Vec::as_slice) {
                Some([input, output]) => pairs.push((input.clone(), Value::from_json(output))),
                _ => return error(&format!("{path}.stops[{i}]"), "a stop is an array of an input and an output"),
            }
        }
        let composite = pairs.first().is_some_and(|(input, _)| input.is_object());
        let stops = if composite {
            let mut by_zoom: Vec<(f64, Vec<(Value, Value)>)> = Vec::new();
            for (i, (input, output)) in pairs.into_iter().enumerate() {
                let (Some(zoom), Some(value)) = (input.get("zoom").and_then(Json::as_f64), input.get("value")) else {
                    return error(
                        &format!("{path}.stops[{i}][0]"),
                        "a stop of a zoom-and-property function is keyed {\"zoom\": z, \"value\": v}",
                    );
                };
                match by_zoom.iter_mut().find(|(z, _)| *z == zoom) {
                    Some((_, stops)) => stops.push((Value::from_json(value), output)),
                    None => by_zoom.push((zoom, vec![(Value::from_json(value), output)])),
                }
            }
            Stops::Composite(
                by_zoom
                    .into_iter()
                    .map(|(zoom, stops)| {
                        // The base curves the zoom between levels; each level's property
                        // function gets none (base 1), as the style-spec builds them.
                        let inner = Function {
                            kind,
                            base: 1.0,
                            property: property.clone(),
                            default: default.clone(),
                            stops: Stops::Plain(stops),
                        };
                        (zoom, inner)
                    })
                    .collect(),
            )
        } else {
            Stops::Plain(pairs.into_iter().map(|(input, output)| (Value::from_json(&input), output)).collect())
        };
        Ok(Function { kind, base, property, default, stops })
    }

    /// Whether the function reads a feature property.
    #[must_use]
    pub fn is_feature_dependent(&self) -> bool {
        self.property.is_some()
    }

    /// Evaluates the function at `zoom` for `feature`; `None` where the style-spec's gives
    /// `undefined` (no default anywhere).
    #[must_use]
    pub fn evaluate(&self, zoom: f64, feature: &Feature<'_>, target: &Target) -> Option<Value> {
        match &self.stops {
            Stops::Composite(levels) => {
                let n = levels.len();
                let at = |i: usize| levels[i].1.evaluate(zoom, feature, target);
                if n == 1 || zoom <= levels[0].0 {
                    return at(0);
                }
                if zoom >= levels[n - 1].0 {
                    return at(n - 1);
                }
                let i = levels.iter().rposition(|(z, _)| *z <= zoom).unwrap_or(0);
                let t = factor(super::eval::Curve::Exponential(self.base), zoom, levels[i].0, levels[i + 1].0);
                mix(&at(i)?, &at(i + 1)?, t).ok()
            }
            Stops::Plain(stops) => {
                let fallback = || self.default.clone().or_else(|| target.default.clone());
                let input = match &self.property {
                    None => Value::Number(zoom),
                    Some(key) => match feature.properties.get(key) {
                        None => return fallback(),
                        Some(v) => Value::from_json(v),
                    },
                };
                match self.kind {
                    Kind::Identity => Some(input).filter(|v| (target.accepts)(v)).or_else(fallback),
                    Kind::Categorical => {
                        // Stops are looked up as JavaScript object keys: by their text, for an
                        // input of the first stop's kind.
                        let key_kind = stops[0].0.kind();
                        let hit = (input.kind() == key_kind)
                            .then(|| stops.iter().rev().find(|(k, _)| k.to_text() == input.to_text()))
                            .flatten();
                        hit.map(|(_, out)| out.clone()).or_else(fallback)
                    }
                    Kind::Interval | Kind::Exponential => {
                        let Value::Number(x) = input else {
                            return fallback();
                        };
                        let at = |i: usize| stops[i].0.as_number().unwrap_or(f64::NAN);
                        let n = stops.len();
                        if n == 1 || x <= at(0) {
                            return Some(stops[0].1.clone());
                        }
                        if x >= at(n - 1) {
                            return Some(stops[n - 1].1.clone());
                        }
                        let i = (0..n).rev().find(|&i| at(i) <= x).unwrap_or(0);
                        if self.kind == Kind::Interval {
                            return Some(stops[i].1.clone());
                        }
                        let t = factor(super::eval::Curve::Exponential(self.base), x, at(i), at(i + 1));
                        // Outputs that do not interpolate (strings) keep the lower stop's.
                        Some(mix(&stops[i].1, &stops[i + 1].1, t).unwrap_or_else(|_| stops[i].1.clone()))
                    }
                }
            }
        }
    }
}

/// Whether a filter is written as an expression (true) or in the old syntax (false), by the
/// style-spec's classification.
#[must_use]
pub fn is_expression_filter(filter: &Json) -> bool {
    classify(filter) != Class::Legacy
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Expression,
    Legacy,
    Neutral,
}

fn classify(filter: &Json) -> Class {
    let items = match filter {
        Json::Bool(_) => return Class::Neutral,
        Json::Array(items) if !items.is_empty() => items,
        _ => return Class::Legacy,
    };
    let nested = |i: usize| items.get(i).is_some_and(Json::is_array);
    match items[0].as_str().unwrap_or("") {
        "has" => match items.get(1).and_then(Json::as_str) {
            _ if items.len() < 2 => Class::Legacy,
            Some("$id" | "$type") => Class::Legacy,
            _ if items.len() == 2 => Class::Neutral,
            _ => Class::Expression,
        },
        "in" => {
            if items.len() >= 3 && (!items[1].is_string() || nested(2)) {
                Class::Expression
            } else {
                Class::Legacy
            }
        }
        "!in" | "!has" | "none" => Class::Legacy,
        "==" | "!=" | ">" | ">=" | "<" | "<=" => {
            if items.len() != 3 || nested(1) || nested(2) {
                Class::Expression
            } else {
                Class::Legacy
            }
        }
        "any" | "all" => {
            let mut saw_legacy = false;
            for child in &items[1..] {
                match classify(child) {
                    Class::Expression => return Class::Expression,
                    Class::Legacy => saw_legacy = true,
                    Class::Neutral => {}
                }
            }
            if saw_legacy { Class::Legacy } else { Class::Neutral }
        }
        _ => Class::Expression,
    }
}

fn subject(key: &Json, path: &str) -> Result<Subject, CompileError> {
    match key.as_str() {
        Some("$type") => Ok(Subject::Type),
        Some("$id") => Ok(Subject::Id),
        Some(k) => Ok(Subject::Property(k.to_owned())),
        None => error(path, "a filter's key must be a string"),
    }
}

/// Converts an old-syntax filter at `path` into an expression tree.
///
/// # Errors
/// [`CompileError`] for a key that is not a string, or an ordering of `$type`.
pub(crate) fn convert_filter(filter: &Json, path: &str) -> Result<Expr, CompileError> {
    let items = match filter {
        Json::Array(items) => items,
        Json::Null | Json::Bool(false) => return Ok(Expr::Literal(Value::Bool(true))),
        _ => return Ok(Expr::Literal(Value::Bool(true))),
    };
    let op = items.first().and_then(Json::as_str).unwrap_or("");
    if items.len() <= 1 {
        return Ok(Expr::Literal(Value::Bool(op != "any")));
    }
    let key_path = format!("{path}[1]");
    let members = |from: usize| -> Result<Vec<Expr>, CompileError> {
        items[from..].iter().enumerate().map(|(i, f)| convert_filter(f, &format!("{path}[{}]", i + from))).collect()
    };
    let compare = |op: Compare| -> Result<Expr, CompileError> {
        let key = subject(&items[1], &key_path)?;
        if matches!(key, Subject::Type) && !matches!(op, Compare::Eq) {
            return error(&key_path, "\"$type\" cannot be used with an ordering operator");
        }
        let value = items.get(2).map_or(Value::Null, Value::from_json);
        Ok(Expr::Legacy(Legacy::Compare(op, key, value)))
    };
    let not = |e: Expr| Expr::Not(Box::new(e));
    let in_filter = || -> Result<Expr, CompileError> {
        let values: Vec<Value> = items[2..].iter().map(Value::from_json).collect();
        if values.is_empty() {
            return Ok(Expr::Literal(Value::Bool(false)));
        }
        Ok(Expr::Legacy(Legacy::In(subject(&items[1], &key_path)?, values)))
    };
    let has = || -> Result<Expr, CompileError> {
        Ok(match subject(&items[1], &key_path)? {
            Subject::Type => Expr::Literal(Value::Bool(true)),
            key => Expr::Legacy(Legacy::Has(key)),
        })
    };
    Ok(match op {
        "==" => compare(Compare::Eq)?,
        "!=" => not(compare(Compare::Eq)?),
        "<" => compare(Compare::Lt)?,
        "<=" => compare(Compare::Le)?,
        ">" => compare(Compare::Gt)?,
        ">=" => compare(Compare::Ge)?,
        "any" => Expr::Any(members(1)?),
        "all" => Expr::All(members(1)?),
        "none" => Expr::All(members(1)?.into_iter().map(not).collect()),
        "in" => in_filter()?,
        "!in" => not(in_filter()?),
        "has" => has()?,
        "!has" => not(has()?),
        _ => Expr::Literal(Value::Bool(true)),
    })
}
