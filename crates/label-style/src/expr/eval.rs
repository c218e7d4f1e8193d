//! The compiled tree and its evaluation; the array and string readers (`collections`) and the
//! curves (`interpolate`) are its children.

mod collections;
pub(crate) mod color;
pub(crate) mod interpolate;

use super::value::{Section, Type, Value};
use super::{EvalError, Feature};
use std::sync::Arc;

/// What an expression may read while it evaluates.
pub(crate) struct Context<'a, 'f> {
    pub zoom: f64,
    pub feature: &'a Feature<'f>,
}

/// How `interpolate` moves between two stops.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Curve {
    /// `["exponential", base]`; linear is base 1.
    Exponential(f64),
    /// `["cubic-bezier", x1, y1, x2, y2]`.
    CubicBezier([f64; 4]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compare {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Math {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    Min,
    Max,
    Round,
    Floor,
    Ceil,
    Abs,
    Sqrt,
    Ln,
    Log10,
    Log2,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
}

/// One section of a `format`.
#[derive(Clone, Debug)]
pub(crate) struct FormatSection {
    pub text: Expr,
    pub scale: Option<Expr>,
    pub font: Option<Expr>,
}

/// A key of a `match` label: the style-spec allows numbers (integers) and strings.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Label {
    Number(f64),
    String(String),
}

/// The legacy filter operators (`filter-*` in the style-spec), reading a property by name,
/// the id or the geometry type.
#[derive(Clone, Debug)]
pub(crate) enum Legacy {
    /// `["==", key, v]` and the orderings: strict, false when kinds differ.
    Compare(Compare, Subject, Value),
    /// `["in", key, v…]`: strict membership.
    In(Subject, Vec<Value>),
    /// `["has", key]`.
    Has(Subject),
}

#[derive(Clone, Debug)]
pub(crate) enum Subject {
    Property(String),
    Id,
    Type,
}

#[derive(Clone, Debug)]
pub(crate) enum Expr {
    Literal(Value),
    Get(Box<Expr>, Option<Box<Expr>>),
    Has(Box<Expr>, Option<Box<Expr>>),
    Properties,
    GeometryType,
    Id,
    Zoom,
    /// A `let`: its bindings (children here, as in the style-spec) and its body.
    Let(Vec<Arc<Expr>>, Box<Expr>),
    /// A `var`: the bound expression, evaluated where it is used (as the style-spec does); not
    /// a child (its `let` holds it).
    Var(Arc<Expr>),
    Match {
        input: Box<Expr>,
        labels: Vec<(Label, usize)>,
        label_kind: Type,
        outputs: Vec<Expr>,
        otherwise: Box<Expr>,
    },
    Case(Vec<(Expr, Expr)>, Box<Expr>),
    Coalesce(Vec<Expr>),
    Step(Box<Expr>, Vec<(f64, Expr)>),
    /// `interpolate` (colours mixed in sRGB), `interpolate-hcl`, `interpolate-lab`.
    Interpolate(Curve, color::Space, Box<Expr>, Vec<(f64, Expr)>),
    /// `number`, `string`, … and the checks the parser adds: the first argument of the kind.
    Assert(Type, Vec<Expr>),
    /// `array` with an item type and length.
    AssertArray(Option<Type>, Option<usize>, Box<Expr>),
    ToNumber(Vec<Expr>),
    ToString(Box<Expr>),
    ToBoolean(Box<Expr>),
    /// A string coerced to formatted text (a `text-field` of a plain string).
    ToFormatted(Box<Expr>),
    /// A string checked to be a CSS colour (where a colour is wanted); the text as it is.
    ToColor(Box<Expr>),
    Typeof(Box<Expr>),
    Concat(Vec<Expr>),
    Format(Vec<FormatSection>),
    Upcase(Box<Expr>),
    Downcase(Box<Expr>),
    Compare(Compare, Box<Expr>, Box<Expr>, bool),
    Not(Box<Expr>),
    All(Vec<Expr>),
    Any(Vec<Expr>),
    In(Box<Expr>, Box<Expr>),
    IndexOf(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    Slice(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    At(Box<Expr>, Box<Expr>),
    Length(Box<Expr>),
    Math(Math, Vec<Expr>),
    Legacy(Legacy),
}

fn fail<T>(message: String) -> Result<T, EvalError> {
    Err(EvalError(message))
}

fn number(value: &Value) -> Result<f64, EvalError> {
    match value {
        Value::Number(n) => Ok(*n),
        other => fail(format!("Expected value to be of type number, but found {} instead.", other.kind().name())),
    }
}

/// JavaScript's `a < b` for two values of the same kind (numbers or strings).
fn order(op: Compare, a: &Value, b: &Value) -> bool {
    let ordering = match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.partial_cmp(y),
        (Value::String(x), Value::String(y)) => Some(utf16_cmp(x, y)),
        _ => None,
    };
    use std::cmp::Ordering::{Equal, Greater, Less};
    match (op, ordering) {
        (_, None) => false,
        (Compare::Lt, Some(o)) => o == Less,
        (Compare::Le, Some(o)) => o != Greater,
        (Compare::Gt, Some(o)) => o == Greater,
        (Compare::Ge, Some(o)) => o != Less,
        (Compare::Eq, Some(o)) => o == Equal,
        (Compare::Ne, Some(o)) => o != Equal,
    }
}

/// Strings compare as JavaScript compares them: by UTF-16 code units.
fn utf16_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// JavaScript's `===` on expression values: by value for scalars, never equal for arrays
/// and objects (they are compared by reference there).
pub(crate) fn strict_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        _ => false,
    }
}

fn property<'a>(feature: &'a Feature<'_>, key: &str) -> Option<&'a serde_json::Value> {
    feature.properties.get(key)
}

fn id_value(feature: &Feature<'_>) -> Value {
    feature.id.map_or(Value::Null, Value::from_json)
}

impl Expr {
    pub(crate) fn eval(&self, ctx: &Context<'_, '_>) -> Result<Value, EvalError> {
        Ok(match self {
            Expr::Literal(v) => v.clone(),
            Expr::Zoom => Value::Number(ctx.zoom),
            Expr::Properties => Value::from_map(ctx.feature.properties),
            Expr::GeometryType => Value::String(ctx.feature.geometry.name().into()),
            Expr::Id => id_value(ctx.feature),
            Expr::Get(key, object) => {
                let key = self::string_arg(key, ctx)?;
                match object {
                    None => property(ctx.feature, &key).map_or(Value::Null, Value::from_json),
                    Some(object) => match object.eval(ctx)? {
                        Value::Object(entries) => {
                            entries.into_iter().find(|(k, _)| *k == key).map_or(Value::Null, |(_, v)| v)
                        }
                        other => {
                            return fail(format!(
                                "Expected value to be of type object, but found {} instead.",
                                other.kind().name()
                            ));
                        }
                    },
                }
            }
            Expr::Has(key, object) => {
                let key = self::string_arg(key, ctx)?;
                match object {
                    None => Value::Bool(property(ctx.feature, &key).is_some()),
                    Some(object) => match object.eval(ctx)? {
                        Value::Object(entries) => Value::Bool(entries.iter().any(|(k, _)| *k == key)),
                        other => {
                            return fail(format!(
                                "Expected value to be of type object, but found {} instead.",
                                other.kind().name()
                            ));
                        }
                    },
                }
            }
            Expr::Let(_, body) => body.eval(ctx)?,
            Expr::Var(bound) => bound.eval(ctx)?,
            Expr::Match { input, labels, label_kind, outputs, otherwise } => {
                let value = input.eval(ctx)?;
                let hit = match (&value, label_kind) {
                    (Value::Number(n), Type::Number) => {
                        labels.iter().find(|(l, _)| *l == Label::Number(*n)).map(|(_, i)| *i)
                    }
                    (Value::String(s), Type::String) => {
                        labels.iter().find(|(l, _)| matches!(l, Label::String(t) if t == s)).map(|(_, i)| *i)
                    }
                    _ => None,
                };
                match hit {
                    Some(i) => outputs[i].eval(ctx)?,
                    None => otherwise.eval(ctx)?,
                }
            }
            Expr::Case(branches, otherwise) => {
                for (test, output) in branches {
                    if test.eval(ctx)? == Value::Bool(true) {
                        return output.eval(ctx);
                    }
                }
                otherwise.eval(ctx)?
            }
            Expr::Coalesce(args) => {
                let mut result = Value::Null;
                for arg in args {
                    result = arg.eval(ctx)?;
                    if result != Value::Null {
                        break;
                    }
                }
                result
            }
            Expr::Step(input, stops) => {
                let x = number(&input.eval(ctx)?)?;
                // The last stop at or below the input; the first output below every stop.
                let index = stops.iter().rposition(|(at, _)| *at <= x).unwrap_or(0);
                stops[index].1.eval(ctx)?
            }
            Expr::Interpolate(curve, space, input, stops) => interpolate::evaluate(*curve, *space, input, stops, ctx)?,
            Expr::Assert(kind, args) => {
                for (i, arg) in args.iter().enumerate() {
                    let value = arg.eval(ctx)?;
                    if value.kind() == *kind {
                        return Ok(value);
                    }
                    if i == args.len() - 1 {
                        return fail(format!(
                            "Expected value to be of type {}, but found {} instead.",
                            kind.name(),
                            value.kind().name()
                        ));
                    }
                }
                Value::Null
            }
            Expr::AssertArray(item, length, arg) => {
                let value = arg.eval(ctx)?;
                let fits = match &value {
                    Value::Array(items) => {
                        length.is_none_or(|n| items.len() == n)
                            && item.is_none_or(|t| items.iter().all(|v| v.kind() == t))
                    }
                    _ => false,
                };
                if !fits {
                    return fail(format!("Expected value to be an array, but found {} instead.", value.kind().name()));
                }
                value
            }
            Expr::ToNumber(args) => {
                let mut last = Value::Null;
                for arg in args {
                    last = arg.eval(ctx)?;
                    if let Some(n) = to_number(&last) {
                        return Ok(Value::Number(n));
                    }
                }
                return fail(format!("Could not convert {} to number.", last.to_text()));
            }
            Expr::ToString(arg) => Value::String(arg.eval(ctx)?.to_text()),
            Expr::ToBoolean(arg) => Value::Bool(match arg.eval(ctx)? {
                Value::Null => false,
                Value::Bool(b) => b,
                Value::Number(n) => n != 0.0 && !n.is_nan(),
                Value::String(s) => !s.is_empty(),
                _ => true,
            }),
            Expr::ToColor(arg) => match arg.eval(ctx)? {
                Value::String(s) if color::is_color(&s) => Value::String(s),
                other => return fail(format!("Could not parse color from value '{}'", other.to_text())),
            },
            Expr::ToFormatted(arg) => match arg.eval(ctx)? {
                Value::Formatted(sections) => Value::Formatted(sections),
                other => Value::Formatted(vec![Section { text: other.to_text(), scale: None, font: None }]),
            },
            Expr::Typeof(arg) => Value::String(typeof_name(&arg.eval(ctx)?)),
            Expr::Concat(args) => {
                let mut out = String::new();
                for arg in args {
                    out.push_str(&arg.eval(ctx)?.to_text());
                }
                Value::String(out)
            }
            Expr::Format(sections) => {
                let mut out = Vec::with_capacity(sections.len());
                for section in sections {
                    let text = section.text.eval(ctx)?;
                    let scale = match &section.scale {
                        Some(e) => Some(number(&e.eval(ctx)?)?),
                        None => None,
                    };
                    let font = match &section.font {
                        Some(e) => Some(string_list(&e.eval(ctx)?)?),
                        None => None,
                    };
                    match text {
                        Value::Formatted(inner) => out.extend(inner),
                        other => out.push(Section { text: other.to_text(), scale, font }),
                    }
                }
                Value::Formatted(out)
            }
            Expr::Upcase(arg) => Value::String(string_of(arg, ctx)?.to_uppercase()),
            Expr::Downcase(arg) => Value::String(string_of(arg, ctx)?.to_lowercase()),
            Expr::Compare(op, a, b, untyped) => {
                let (a, b) = (a.eval(ctx)?, b.eval(ctx)?);
                match op {
                    Compare::Eq => Value::Bool(strict_eq(&a, &b)),
                    Compare::Ne => Value::Bool(!strict_eq(&a, &b)),
                    _ => {
                        if *untyped && (a.kind() != b.kind() || !matches!(a.kind(), Type::Number | Type::String)) {
                            return fail(format!(
                                "Expected arguments to be (string, string) or (number, number), but found ({}, {}) instead.",
                                a.kind().name(),
                                b.kind().name()
                            ));
                        }
                        Value::Bool(order(*op, &a, &b))
                    }
                }
            }
            Expr::Not(arg) => Value::Bool(arg.eval(ctx)? != Value::Bool(true)),
            Expr::All(args) => {
                for arg in args {
                    if arg.eval(ctx)? != Value::Bool(true) {
                        return Ok(Value::Bool(false));
                    }
                }
                Value::Bool(true)
            }
            Expr::Any(args) => {
                for arg in args {
                    if arg.eval(ctx)? == Value::Bool(true) {
                        return Ok(Value::Bool(true));
                    }
                }
                Value::Bool(false)
            }
            Expr::In(needle, haystack) => {
                let needle = needle.eval(ctx)?;
                if !matches!(needle.kind(), Type::Boolean | Type::String | Type::Number | Type::Null) {
                    return fail(format!(
                        "Expected first argument to be of type boolean, string, number or null, but found {} instead.",
                        needle.kind().name()
                    ));
                }
                match haystack.eval(ctx)? {
                    // JavaScript's falsy haystacks: null, "" (0 and false fail below).
                    Value::Null => Value::Bool(false),
                    Value::String(s) if s.is_empty() => Value::Bool(false),
                    Value::Array(items) => Value::Bool(items.iter().any(|v| strict_eq(v, &needle))),
                    Value::String(s) => Value::Bool(s.contains(needle.to_js_string().as_str())),
                    other => {
                        return fail(format!(
                            "Expected second argument to be of type array or string, but found {} instead.",
                            other.kind().name()
                        ));
                    }
                }
            }
            Expr::IndexOf(needle, haystack, from) => collections::index_of(needle, haystack, from.as_deref(), ctx)?,
            Expr::Slice(input, start, end) => collections::slice(input, start, end.as_deref(), ctx)?,
            Expr::At(index, array) => collections::at(index, array, ctx)?,
            // Strings count code points, as the style-spec counts them.
            Expr::Length(arg) => match arg.eval(ctx)? {
                Value::String(s) => Value::Number(s.chars().count() as f64),
                Value::Array(items) => Value::Number(items.len() as f64),
                other => {
                    return fail(format!(
                        "Expected value to be of type string or array, but found {} instead.",
                        other.kind().name()
                    ));
                }
            },
            Expr::Math(op, args) => Value::Number(math(*op, args, ctx)?),
            Expr::Legacy(filter) => Value::Bool(legacy_filter(filter, ctx.feature)),
        })
    }

    /// Whether evaluation reads the feature.
    pub(crate) fn reads_feature(&self) -> bool {
        match self {
            Expr::Get(_, None)
            | Expr::Has(_, None)
            | Expr::Properties
            | Expr::GeometryType
            | Expr::Id
            | Expr::Legacy(_) => true,
            other => other.children().iter().any(|c| c.reads_feature()),
        }
    }

    /// Whether evaluation reads the zoom.
    pub(crate) fn reads_zoom(&self) -> bool {
        match self {
            Expr::Zoom => true,
            other => other.children().iter().any(|c| c.reads_zoom()),
        }
    }

    pub(crate) fn children(&self) -> Vec<&Expr> {
        let mut out: Vec<&Expr> = Vec::new();
        match self {
            Expr::Literal(_)
            | Expr::Properties
            | Expr::GeometryType
            | Expr::Id
            | Expr::Zoom
            | Expr::Legacy(_)
            | Expr::Var(_) => {}
            Expr::Let(bindings, body) => {
                out.extend(bindings.iter().map(|b| &**b));
                out.push(body);
            }
            Expr::Get(a, b) | Expr::Has(a, b) => {
                out.push(a);
                out.extend(b.as_deref());
            }
            Expr::Match { input, outputs, otherwise, .. } => {
                out.push(input);
                out.extend(outputs);
                out.push(otherwise);
            }
            Expr::Case(branches, otherwise) => {
                for (t, o) in branches {
                    out.push(t);
                    out.push(o);
                }
                out.push(otherwise);
            }
            Expr::Step(input, stops) | Expr::Interpolate(_, _, input, stops) => {
                out.push(input);
                out.extend(stops.iter().map(|(_, e)| e));
            }
            Expr::Coalesce(args)
            | Expr::Assert(_, args)
            | Expr::ToNumber(args)
            | Expr::Concat(args)
            | Expr::All(args)
            | Expr::Any(args)
            | Expr::Math(_, args) => out.extend(args),
            Expr::AssertArray(_, _, a)
            | Expr::ToString(a)
            | Expr::ToBoolean(a)
            | Expr::ToFormatted(a)
            | Expr::ToColor(a)
            | Expr::Typeof(a)
            | Expr::Upcase(a)
            | Expr::Downcase(a)
            | Expr::Not(a)
            | Expr::Length(a) => out.push(a),
            Expr::Format(sections) => {
                for s in sections {
                    out.push(&s.text);
                    out.extend(s.scale.as_ref());
                    out.extend(s.font.as_ref());
                }
            }
            Expr::Compare(_, a, b, _) | Expr::In(a, b) | Expr::At(a, b) => {
                out.push(a);
                out.push(b);
            }
            Expr::IndexOf(a, b, c) | Expr::Slice(a, b, c) => {
                out.push(a);
                out.push(b);
                out.extend(c.as_deref());
            }
        }
        out
    }
}

pub(crate) fn string_arg(expr: &Expr, ctx: &Context<'_, '_>) -> Result<String, EvalError> {
    match expr.eval(ctx)? {
        Value::String(s) => Ok(s),
        other => fail(format!("Expected value to be of type string, but found {} instead.", other.kind().name())),
    }
}

fn string_of(expr: &Expr, ctx: &Context<'_, '_>) -> Result<String, EvalError> {
    string_arg(expr, ctx)
}

fn string_list(value: &Value) -> Result<Vec<String>, EvalError> {
    match value {
        Value::Array(items) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                other => {
                    fail(format!("Expected value to be of type string, but found {} instead.", other.kind().name()))
                }
            })
            .collect(),
        other => {
            fail(format!("Expected value to be of type array<string>, but found {} instead.", other.kind().name()))
        }
    }
}

/// `to-number`'s conversion: null and false are 0, true 1, a string by JavaScript's `Number`
/// (none when it is not a number).
fn to_number(value: &Value) -> Option<f64> {
    match value {
        Value::Null => Some(0.0),
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::Number(n) => Some(*n),
        Value::String(s) => js_parse_number(s),
        _ => None,
    }
}

/// JavaScript's `Number(text)`, NaN as none: surrounding white space ignored, empty text 0,
/// decimal, `0x` hexadecimal and `Infinity`.
fn js_parse_number(text: &str) -> Option<f64> {
    let t = text.trim();
    if t.is_empty() {
        return Some(0.0);
    }
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return u64::from_str_radix(hex, 16).ok().map(|n| n as f64);
    }
    match t {
        "Infinity" | "+Infinity" => return Some(f64::INFINITY),
        "-Infinity" => return Some(f64::NEG_INFINITY),
        _ => {}
    }
    // Rust also reads "inf" and "nan", which JavaScript does not.
    if t.chars().any(|c| c.is_ascii_alphabetic() && c != 'e' && c != 'E') {
        return None;
    }
    t.parse::<f64>().ok()
}

fn typeof_name(value: &Value) -> String {
    match value {
        Value::Array(items) => {
            let mut item: Option<Type> = None;
            for v in items {
                match item {
                    None => item = Some(v.kind()),
                    Some(t) if t == v.kind() => {}
                    Some(_) => {
                        item = Some(Type::Value);
                        break;
                    }
                }
            }
            format!("array<{}, {}>", item.unwrap_or(Type::Value).name(), items.len())
        }
        other => other.kind().name().into(),
    }
}

fn math(op: Math, args: &[Expr], ctx: &Context<'_, '_>) -> Result<f64, EvalError> {
    let mut values = Vec::with_capacity(args.len());
    for arg in args {
        values.push(number(&arg.eval(ctx)?)?);
    }
    let a = values.first().copied().unwrap_or(f64::NAN);
    let b = values.get(1).copied().unwrap_or(f64::NAN);
    Ok(match op {
        Math::Add => values.iter().sum(),
        Math::Mul => values.iter().product(),
        Math::Sub if values.len() == 1 => -a,
        Math::Sub => a - b,
        Math::Div => a / b,
        // JavaScript's `%` keeps the dividend's sign, as Rust's does.
        Math::Rem => a % b,
        Math::Pow => a.powf(b),
        Math::Min => values.iter().copied().fold(f64::INFINITY, js_min),
        Math::Max => values.iter().copied().fold(f64::NEG_INFINITY, js_max),
        // The style-spec rounds halves away from zero (-1.5 → -2), as Rust does.
        Math::Round => a.round(),
        Math::Floor => a.floor(),
        Math::Ceil => a.ceil(),
        Math::Abs => a.abs(),
        Math::Sqrt => a.sqrt(),
        Math::Ln => a.ln(),
        Math::Log10 => a.log10(),
        Math::Log2 => a.log2(),
        Math::Sin => a.sin(),
        Math::Cos => a.cos(),
        Math::Tan => a.tan(),
        Math::Asin => a.asin(),
        Math::Acos => a.acos(),
        Math::Atan => a.atan(),
    })
}

/// JavaScript's `Math.min`: NaN wins.
fn js_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() { f64::NAN } else { a.min(b) }
}

fn js_max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() { f64::NAN } else { a.max(b) }
}

fn subject(subject: &Subject, feature: &Feature<'_>) -> Option<Value> {
    match subject {
        Subject::Property(key) => property(feature, key).map(Value::from_json),
        Subject::Id => feature.id.map(Value::from_json),
        Subject::Type => Some(Value::String(feature.geometry.name().into())),
    }
}

fn legacy_filter(filter: &Legacy, feature: &Feature<'_>) -> bool {
    match filter {
        Legacy::Compare(op, key, value) => {
            let Some(actual) = subject(key, feature) else {
                // A missing property is `undefined`: never equal, never ordered.
                return *op == Compare::Ne;
            };
            match op {
                Compare::Eq => strict_eq(&actual, value),
                Compare::Ne => !strict_eq(&actual, value),
                _ => actual.kind() == value.kind() && order(*op, &actual, value),
            }
        }
        Legacy::In(key, values) => subject(key, feature).is_some_and(|v| values.iter().any(|w| strict_eq(&v, w))),
        Legacy::Has(key) => match key {
            Subject::Property(k) => property(feature, k).is_some(),
            Subject::Id => feature.id.is_some_and(|v| !v.is_null()),
            Subject::Type => true,
        },
    }
}
