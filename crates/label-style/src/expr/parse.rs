//! Reading an expression's JSON into the typed tree (the module doc of [`super`] says how
//! types and assertions work).

use super::CompileError;
use super::eval::color::{self, Space};
use super::eval::{Compare, Curve, Expr, FormatSection, Label, Math};
use super::value::{Type, Value};
use serde_json::Value as Json;
use std::sync::Arc;

/// Operators of the style-spec this crate does not evaluate: a layer using one gets a
/// warning and the property its default.
const UNSUPPORTED: &[&str] = &[
    "collator",
    "resolved-locale",
    "number-format",
    "within",
    "distance",
    "feature-state",
    "heatmap-density",
    "line-progress",
    "accumulated",
    "global-state",
    "elevation",
    "to-rgba",
    "rgb",
    "rgba",
    "to-color",
    "is-supported-script",
    "split",
    "sum",
];

const SUPPORTED: &[&str] = &[
    "literal",
    "get",
    "has",
    "properties",
    "geometry-type",
    "id",
    "zoom",
    "let",
    "var",
    "match",
    "case",
    "coalesce",
    "step",
    "interpolate",
    "interpolate-hcl",
    "interpolate-lab",
    "number",
    "string",
    "boolean",
    "object",
    "array",
    "to-number",
    "to-string",
    "to-boolean",
    "typeof",
    "concat",
    "format",
    "image",
    "upcase",
    "downcase",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "!",
    "all",
    "any",
    "in",
    "index-of",
    "slice",
    "at",
    "length",
    "+",
    "-",
    "*",
    "/",
    "%",
    "^",
    "min",
    "max",
    "round",
    "floor",
    "ceil",
    "abs",
    "sqrt",
    "ln",
    "log10",
    "log2",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "e",
    "pi",
    "ln2",
];

/// Whether `name` is an operator of the style-spec (evaluated here or not).
pub(crate) fn is_operator(name: &str) -> bool {
    SUPPORTED.contains(&name) || UNSUPPORTED.contains(&name)
}

pub(crate) struct Parser {
    scope: Vec<(String, Arc<Expr>, Type)>,
}

type Parsed = Result<(Expr, Type), CompileError>;

fn error<T>(path: &str, message: impl Into<String>) -> Result<T, CompileError> {
    Err(CompileError { path: path.to_owned(), message: message.into(), unsupported: false })
}

fn child(path: &str, index: usize) -> String {
    format!("{path}[{index}]")
}

/// Whether a value of type `actual` may stand where `expected` is wanted without a check.
fn fits(expected: Type, actual: Type) -> bool {
    matches!(expected, Type::Value | Type::Any) || expected == actual
}

impl Parser {
    pub(crate) fn new() -> Self {
        Parser { scope: Vec::new() }
    }

    /// Parses `json` where a value of `expected` is wanted, adding the checks the
    /// style-spec adds.
    pub(crate) fn parse(&mut self, json: &Json, path: &str, expected: Type) -> Parsed {
        let (expr, actual) = self.parse_node(json, path, expected)?;
        annotate(expr, actual, expected, path)
    }

    /// Parses without adding checks (`coalesce`'s arguments).
    fn parse_omit(&mut self, json: &Json, path: &str, expected: Type) -> Parsed {
        self.parse_node(json, path, expected)
    }

    fn parse_node(&mut self, json: &Json, path: &str, expected: Type) -> Parsed {
        let items = match json {
            Json::Array(items) => items,
            Json::Object(_) => return error(path, "Bare objects invalid. Use [\"literal\", {...}] instead."),
            scalar => {
                let value = Value::from_json(scalar);
                let kind = value.kind();
                return Ok((Expr::Literal(value), kind));
            }
        };
        let Some(first) = items.first() else {
            return error(
                path,
                "Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []].",
            );
        };
        let Some(op) = first.as_str() else {
            return error(
                &child(path, 0),
                "Expression name must be a string. If you wanted a literal array, use [\"literal\", [...]].",
            );
        };
        let args = &items[1..];
        if UNSUPPORTED.contains(&op) {
            return Err(CompileError {
                path: child(path, 0),
                message: format!("the expression operator \"{op}\" is not supported"),
                unsupported: true,
            });
        }
        let count = |n: std::ops::RangeInclusive<usize>| -> Result<(), CompileError> {
            if n.contains(&args.len()) {
                Ok(())
            } else if n.start() == n.end() {
                error(path, format!("Expected {} arguments, but found {} instead.", n.start(), args.len()))
            } else {
                error(
                    path,
                    format!("Expected {} to {} arguments, but found {} instead.", n.start(), n.end(), args.len()),
                )
            }
        };
        let sub = |i: usize| child(path, i + 1);
        Ok(match op {
            "literal" => {
                count(1..=1)?;
                let value = Value::from_json(&args[0]);
                let kind = value.kind();
                (Expr::Literal(value), kind)
            }
            "get" | "has" => {
                count(1..=2)?;
                let key = Box::new(self.parse(&args[0], &sub(0), Type::String)?.0);
                let object = match args.get(1) {
                    Some(o) => Some(Box::new(self.parse(o, &sub(1), Type::Object)?.0)),
                    None => None,
                };
                if op == "get" {
                    (Expr::Get(key, object), Type::Value)
                } else {
                    (Expr::Has(key, object), Type::Boolean)
                }
            }
            "properties" => (count(0..=0).map(|()| Expr::Properties)?, Type::Object),
            "geometry-type" => (count(0..=0).map(|()| Expr::GeometryType)?, Type::String),
            "id" => (count(0..=0).map(|()| Expr::Id)?, Type::Value),
            "zoom" => (count(0..=0).map(|()| Expr::Zoom)?, Type::Number),
            "e" | "pi" | "ln2" => {
                count(0..=0)?;
                let n = match op {
                    "e" => std::f64::consts::E,
                    "pi" => std::f64::consts::PI,
                    _ => std::f64::consts::LN_2,
                };
                (Expr::Literal(Value::Number(n)), Type::Number)
            }
            "let" => self.parse_let(args, path, expected)?,
            "var" => {
                count(1..=1)?;
                let Some(name) = args[0].as_str() else {
                    return error(&sub(0), "'var' expects a string literal name.");
                };
                let Some((_, bound, kind)) = self.scope.iter().rev().find(|(n, _, _)| n == name) else {
                    return error(
                        &sub(0),
                        format!(
                            "Unknown variable \"{name}\". Make sure \"{name}\" has been bound in an enclosing \"let\" expression before using it."
                        ),
                    );
                };
                (Expr::Var(Arc::clone(bound)), *kind)
            }
            "match" => self.parse_match(args, path, expected)?,
            "case" => {
                if args.len() < 3 || args.len().is_multiple_of(2) {
                    return error(
                        path,
                        format!("Expected an odd number of arguments, at least 3, but found {}.", args.len()),
                    );
                }
                let mut output = expected;
                let mut branches = Vec::new();
                for pair in 0..args.len() / 2 {
                    let test = self.parse(&args[2 * pair], &sub(2 * pair), Type::Boolean)?.0;
                    let (out, kind) = self.parse(&args[2 * pair + 1], &sub(2 * pair + 1), output)?;
                    output = settle(output, kind);
                    branches.push((test, out));
                }
                let last = args.len() - 1;
                let (otherwise, kind) = self.parse(&args[last], &sub(last), output)?;
                (Expr::Case(branches, Box::new(otherwise)), settle(output, kind))
            }
            "coalesce" => {
                if args.is_empty() {
                    return error(path, "Expected at least one argument.");
                }
                let mut output = expected;
                let mut parsed = Vec::new();
                let mut all_fit = true;
                for (i, arg) in args.iter().enumerate() {
                    let (e, kind) = self.parse_omit(arg, &sub(i), output)?;
                    all_fit &= expected == Type::Value || kind == expected;
                    output = settle(output, kind);
                    parsed.push(e);
                }
                // An argument of unknown type makes the whole unknown: the check goes
                // around the coalesce, as the style-spec places it.
                (Expr::Coalesce(parsed), if all_fit { output } else { Type::Value })
            }
            "step" => self.parse_step(args, path, expected)?,
            "interpolate" => self.parse_interpolate(args, path, expected, Space::Rgb)?,
            "interpolate-hcl" => self.parse_interpolate(args, path, Type::Color, Space::Hcl)?,
            "interpolate-lab" => self.parse_interpolate(args, path, Type::Color, Space::Lab)?,
            "number" | "string" | "boolean" | "object" => {
                if args.is_empty() {
                    return error(path, "Expected at least one argument.");
                }
                let kind = match op {
                    "number" => Type::Number,
                    "string" => Type::String,
                    "boolean" => Type::Boolean,
                    _ => Type::Object,
                };
                let parsed = self.parse_all(args, path, Type::Value)?;
                (Expr::Assert(kind, parsed), kind)
            }
            "array" => {
                count(1..=3)?;
                let item = if args.len() > 1 {
                    Some(match args[0].as_str() {
                        Some("string") => Type::String,
                        Some("number") => Type::Number,
                        Some("boolean") => Type::Boolean,
                        _ => {
                            return error(
                                &sub(0),
                                "The item type argument of \"array\" must be one of string, number, boolean",
                            );
                        }
                    })
                } else {
                    None
                };
                let length = if args.len() == 3 {
                    match args[1].as_u64() {
                        Some(n) => Some(n as usize),
                        None => {
                            return error(
                                &sub(1),
                                "The length argument to \"array\" must be a positive integer literal",
                            );
                        }
                    }
                } else {
                    None
                };
                let last = args.len() - 1;
                let value = self.parse(&args[last], &sub(last), Type::Value)?.0;
                (Expr::AssertArray(item, length, Box::new(value)), Type::Array)
            }
            "to-number" => {
                if args.is_empty() {
                    return error(path, "Expected at least one argument.");
                }
                (Expr::ToNumber(self.parse_all(args, path, Type::Value)?), Type::Number)
            }
            "to-string" | "to-boolean" | "typeof" | "image" => {
                count(1..=1)?;
                let arg = Box::new(self.parse(&args[0], &sub(0), Type::Value)?.0);
                match op {
                    "to-boolean" => (Expr::ToBoolean(arg), Type::Boolean),
                    "typeof" => (Expr::Typeof(arg), Type::String),
                    _ => (Expr::ToString(arg), Type::String),
                }
            }
            "concat" => (Expr::Concat(self.parse_all(args, path, Type::Value)?), Type::String),
            "format" => self.parse_format(args, path)?,
            "upcase" | "downcase" => {
                count(1..=1)?;
                let arg = Box::new(self.parse(&args[0], &sub(0), Type::String)?.0);
                (if op == "upcase" { Expr::Upcase(arg) } else { Expr::Downcase(arg) }, Type::String)
            }
            "==" | "!=" | "<" | "<=" | ">" | ">=" => self.parse_compare(op, args, path)?,
            "!" => {
                count(1..=1)?;
                (Expr::Not(Box::new(self.parse(&args[0], &sub(0), Type::Boolean)?.0)), Type::Boolean)
            }
            "all" | "any" => {
                let parsed = self.parse_all(args, path, Type::Boolean)?;
                (if op == "all" { Expr::All(parsed) } else { Expr::Any(parsed) }, Type::Boolean)
            }
            "in" => {
                count(2..=2)?;
                let needle = self.parse(&args[0], &sub(0), Type::Value)?.0;
                let haystack = self.parse(&args[1], &sub(1), Type::Value)?.0;
                (Expr::In(Box::new(needle), Box::new(haystack)), Type::Boolean)
            }
            "index-of" | "slice" => {
                count(2..=3)?;
                let (first_type, second_type) =
                    if op == "slice" { (Type::Value, Type::Number) } else { (Type::Value, Type::Value) };
                let a = Box::new(self.parse(&args[0], &sub(0), first_type)?.0);
                let b = Box::new(self.parse(&args[1], &sub(1), second_type)?.0);
                let c = match args.get(2) {
                    Some(c) => Some(Box::new(self.parse(c, &sub(2), Type::Number)?.0)),
                    None => None,
                };
                if op == "slice" {
                    let kind = match self.parse(&args[0], &sub(0), Type::Value)?.1 {
                        Type::String => Type::String,
                        Type::Array => Type::Array,
                        _ => Type::Value,
                    };
                    (Expr::Slice(a, b, c), kind)
                } else {
                    (Expr::IndexOf(a, b, c), Type::Number)
                }
            }
            "at" => {
                count(2..=2)?;
                let index = Box::new(self.parse(&args[0], &sub(0), Type::Number)?.0);
                let array = Box::new(self.parse(&args[1], &sub(1), Type::Array)?.0);
                (Expr::At(index, array), Type::Value)
            }
            "length" => {
                count(1..=1)?;
                (Expr::Length(Box::new(self.parse(&args[0], &sub(0), Type::Value)?.0)), Type::Number)
            }
            _ => match math_op(op) {
                Some((math, arity)) => {
                    count(arity)?;
                    (Expr::Math(math, self.parse_all(args, path, Type::Number)?), Type::Number)
                }
                None => {
                    return error(
                        &child(path, 0),
                        format!(
                            "Unknown expression \"{op}\". If you wanted a literal array, use [\"literal\", [...]]."
                        ),
                    );
                }
            },
        })
    }

    fn parse_all(&mut self, args: &[Json], path: &str, expected: Type) -> Result<Vec<Expr>, CompileError> {
        args.iter().enumerate().map(|(i, a)| Ok(self.parse(a, &child(path, i + 1), expected)?.0)).collect()
    }

    fn parse_let(&mut self, args: &[Json], path: &str, expected: Type) -> Parsed {
        if args.len() < 3 || args.len().is_multiple_of(2) {
            return error(path, format!("Expected an odd number of arguments, at least 3, but found {}.", args.len()));
        }
        let outer = self.scope.len();
        let mut bindings = Vec::new();
        for pair in 0..args.len() / 2 {
            let Some(name) = args[2 * pair].as_str() else {
                return error(&child(path, 2 * pair + 1), "Expected string, but found a non-string instead.");
            };
            let (bound, kind) = self.parse(&args[2 * pair + 1], &child(path, 2 * pair + 2), Type::Value)?;
            bindings.push((name.to_owned(), Arc::new(bound), kind));
        }
        let bound: Vec<Arc<Expr>> = bindings.iter().map(|(_, e, _)| Arc::clone(e)).collect();
        self.scope.extend(bindings);
        let body = self.parse(&args[args.len() - 1], &child(path, args.len()), expected);
        self.scope.truncate(outer);
        let (body, kind) = body?;
        Ok((Expr::Let(bound, Box::new(body)), kind))
    }

    fn parse_match(&mut self, args: &[Json], path: &str, expected: Type) -> Parsed {
        if args.len() < 4 || !args.len().is_multiple_of(2) {
            return error(path, format!("Expected an even number of arguments, at least 4, but found {}.", args.len()));
        }
        let input = Box::new(self.parse(&args[0], &child(path, 1), Type::Value)?.0);
        let mut label_kind = Type::Value;
        let mut labels = Vec::new();
        let mut outputs = Vec::new();
        let mut output = expected;
        for pair in 0..(args.len() - 2) / 2 {
            let label_index = 1 + 2 * pair;
            let label_path = child(path, label_index + 1);
            let keys: Vec<&Json> = match &args[label_index] {
                Json::Array(keys) if keys.is_empty() => {
                    return error(&label_path, "Expected at least one branch label.");
                }
                Json::Array(keys) => keys.iter().collect(),
                key => vec![key],
            };
            for key in keys {
                let (label, kind) = match key {
                    Json::Number(n) => {
                        let n = n.as_f64().unwrap_or(f64::NAN);
                        if n.fract() != 0.0 {
                            return error(&label_path, "Numeric branch labels must be integer values.");
                        }
                        (Label::Number(n), Type::Number)
                    }
                    Json::String(s) => (Label::String(s.clone()), Type::String),
                    _ => return error(&label_path, "Branch labels must be numbers or strings."),
                };
                if label_kind != Type::Value && label_kind != kind {
                    return error(
                        &label_path,
                        format!("Expected {} but found {} instead.", label_kind.name(), kind.name()),
                    );
                }
                label_kind = kind;
                if labels.iter().any(|(l, _)| *l == label) {
                    return error(&label_path, "Branch labels must be unique.");
                }
                labels.push((label, outputs.len()));
            }
            let (out, kind) = self.parse(&args[label_index + 1], &child(path, label_index + 2), output)?;
            output = settle(output, kind);
            outputs.push(out);
        }
        let last = args.len() - 1;
        let (otherwise, kind) = self.parse(&args[last], &child(path, last + 1), output)?;
        Ok((Expr::Match { input, labels, label_kind, outputs, otherwise: Box::new(otherwise) }, settle(output, kind)))
    }

    /// The stops of `step` and `interpolate`: `(input, output)` pairs from `args[first..]`,
    /// inputs number literals in strictly ascending order.
    fn parse_stops(
        &mut self,
        args: &[Json],
        first: usize,
        path: &str,
        output: &mut Type,
    ) -> Result<Vec<(f64, Expr)>, CompileError> {
        let mut stops: Vec<(f64, Expr)> = Vec::new();
        for i in (first..args.len()).step_by(2) {
            let label_path = child(path, i + 1);
            let Some(at) = args[i].as_f64() else {
                return error(
                    &label_path,
                    "Input/output pairs for \"step\" and \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values.",
                );
            };
            if stops.last().is_some_and(|(prev, _)| *prev >= at) {
                return error(
                    &label_path,
                    "Input/output pairs for \"step\" and \"interpolate\" expressions must be arranged with input values in strictly ascending order.",
                );
            }
            let (out, kind) = self.parse(&args[i + 1], &child(path, i + 2), *output)?;
            *output = settle(*output, kind);
            stops.push((at, out));
        }
        Ok(stops)
    }

    fn parse_step(&mut self, args: &[Json], path: &str, expected: Type) -> Parsed {
        if args.len() < 2 || !args.len().is_multiple_of(2) {
            return error(path, format!("Expected an even number of arguments, at least 2, but found {}.", args.len()));
        }
        let input = Box::new(self.parse(&args[0], &child(path, 1), Type::Number)?.0);
        let mut output = expected;
        let (base, kind) = self.parse(&args[1], &child(path, 2), output)?;
        output = settle(output, kind);
        let mut stops = vec![(f64::NEG_INFINITY, base)];
        stops.extend(self.parse_stops(args, 2, path, &mut output)?);
        Ok((Expr::Step(input, stops), output))
    }

    /// `interpolate`, or (in `space` HCL or Lab) `interpolate-hcl` and `interpolate-lab`, which
    /// give colours.
    fn parse_interpolate(&mut self, args: &[Json], path: &str, expected: Type, space: Space) -> Parsed {
        if args.len() < 4 || !args.len().is_multiple_of(2) {
            return error(path, format!("Expected an even number of arguments, at least 4, but found {}.", args.len()));
        }
        let kind_path = child(path, 1);
        let curve = args[0].as_array().and_then(|spec| {
            let numbers: Option<Vec<f64>> = spec[1..].iter().map(Json::as_f64).collect();
            match (spec.first()?.as_str()?, numbers?.as_slice()) {
                ("linear", []) => Some(Curve::Exponential(1.0)),
                ("exponential", [base]) => Some(Curve::Exponential(*base)),
                ("cubic-bezier", [x1, y1, x2, y2]) if [x1, y1, x2, y2].iter().all(|v| (0.0..=1.0).contains(*v)) => {
                    Some(Curve::CubicBezier([*x1, *y1, *x2, *y2]))
                }
                _ => None,
            }
        });
        let Some(curve) = curve else {
            return error(
                &kind_path,
                "Expected an interpolation type: [\"linear\"], [\"exponential\", base] or [\"cubic-bezier\", x1, y1, x2, y2] (all four from 0 to 1).",
            );
        };
        let input = Box::new(self.parse(&args[1], &child(path, 2), Type::Number)?.0);
        let mut output = if expected == Type::Value { Type::Number } else { expected };
        let stops = self.parse_stops(args, 2, path, &mut output)?;
        if !matches!(output, Type::Number | Type::Array | Type::Color | Type::Any) {
            return error(path, format!("Type {} is not interpolatable.", output.name()));
        }
        Ok((Expr::Interpolate(curve, space, input, stops), output))
    }

    fn parse_format(&mut self, args: &[Json], path: &str) -> Parsed {
        if args.is_empty() {
            return error(path, "Expected at least one argument.");
        }
        let mut sections: Vec<FormatSection> = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            let arg_path = child(path, i + 1);
            match arg {
                Json::Object(options) => {
                    let Some(section) = sections.last_mut().filter(|_| i > 0 && !args[i - 1].is_object()) else {
                        return error(&arg_path, "Expected a section before the options.");
                    };
                    if let Some(scale) = options.get("font-scale") {
                        section.scale = Some(self.parse(scale, &format!("{arg_path}.font-scale"), Type::Number)?.0);
                    }
                    if let Some(font) = options.get("text-font") {
                        section.font = Some(self.parse(font, &format!("{arg_path}.text-font"), Type::Array)?.0);
                    }
                    // `text-color` and `vertical-align` change how a section is drawn, not
                    // its size, so placement may ignore them.
                }
                content => {
                    if content.as_array().and_then(|a| a.first()).and_then(Json::as_str) == Some("image") {
                        // An icon inside the text: neither its size nor its place is known here.
                        return Err(CompileError {
                            path: arg_path,
                            message: "images inside \"format\" are not supported".into(),
                            unsupported: true,
                        });
                    }
                    let (text, _) = self.parse(content, &arg_path, Type::Value)?;
                    sections.push(FormatSection { text, scale: None, font: None });
                }
            }
        }
        Ok((Expr::Format(sections), Type::Formatted))
    }

    fn parse_compare(&mut self, op: &str, args: &[Json], path: &str) -> Parsed {
        if args.len() == 3 {
            return Err(CompileError {
                path: child(path, 3),
                message: "comparisons with a collator are not supported".into(),
                unsupported: true,
            });
        }
        if args.len() != 2 {
            return error(path, "Expected two or three arguments.");
        }
        let compare = match op {
            "==" => Compare::Eq,
            "!=" => Compare::Ne,
            "<" => Compare::Lt,
            "<=" => Compare::Le,
            ">" => Compare::Gt,
            _ => Compare::Ge,
        };
        let ordered = !matches!(compare, Compare::Eq | Compare::Ne);
        let comparable = |kind: Type| {
            matches!(kind, Type::String | Type::Number | Type::Value)
                || (!ordered && matches!(kind, Type::Boolean | Type::Null))
        };
        let (mut lhs, lt) = self.parse(&args[0], &child(path, 1), Type::Value)?;
        if !comparable(lt) {
            return error(&child(path, 1), format!("\"{op}\" comparisons are not supported for type '{}'.", lt.name()));
        }
        let (mut rhs, rt) = self.parse(&args[1], &child(path, 2), Type::Value)?;
        if !comparable(rt) {
            return error(&child(path, 2), format!("\"{op}\" comparisons are not supported for type '{}'.", rt.name()));
        }
        if lt != rt && lt != Type::Value && rt != Type::Value {
            return error(path, format!("Cannot compare types '{}' and '{}'.", lt.name(), rt.name()));
        }
        let untyped = lt == Type::Value || rt == Type::Value;
        if ordered {
            if lt == Type::Value && rt != Type::Value {
                lhs = Expr::Assert(rt, vec![lhs]);
            } else if lt != Type::Value && rt == Type::Value {
                rhs = Expr::Assert(lt, vec![rhs]);
            }
        }
        Ok((Expr::Compare(compare, Box::new(lhs), Box::new(rhs), untyped), Type::Boolean))
    }
}

/// The output type of a branching expression once a branch of `kind` is known.
fn settle(output: Type, kind: Type) -> Type {
    if output == Type::Value { kind } else { output }
}

/// Adds the check or conversion the style-spec adds where a value of `actual` type meets a
/// place wanting `expected`.
fn annotate(expr: Expr, actual: Type, expected: Type, path: &str) -> Parsed {
    if fits(expected, actual) {
        return Ok((expr, if matches!(expected, Type::Value | Type::Any) { actual } else { expected }));
    }
    match (expected, actual) {
        (Type::Number | Type::String | Type::Boolean | Type::Object, Type::Value) => {
            Ok((Expr::Assert(expected, vec![expr]), expected))
        }
        (Type::Array, Type::Value) => Ok((Expr::AssertArray(None, None, Box::new(expr)), Type::Array)),
        (Type::Formatted, Type::Value | Type::String) => Ok((Expr::ToFormatted(Box::new(expr)), Type::Formatted)),
        (Type::Color, Type::Value | Type::String) => as_color(expr, path),
        _ => error(path, format!("Expected {} but found {} instead.", expected.name(), actual.name())),
    }
}

/// Where a colour is wanted: a literal is checked now, as the style-spec checks it; anything
/// else when evaluated.
fn as_color(expr: Expr, path: &str) -> Parsed {
    match expr {
        Expr::Literal(Value::String(s)) if !color::is_color(&s) => {
            error(path, format!("Could not parse color from value '{s}'"))
        }
        literal @ Expr::Literal(_) => Ok((literal, Type::Color)),
        other => Ok((Expr::ToColor(Box::new(other)), Type::Color)),
    }
}

fn math_op(op: &str) -> Option<(Math, std::ops::RangeInclusive<usize>)> {
    const ANY: std::ops::RangeInclusive<usize> = 0..=usize::MAX;
    Some(match op {
        "+" => (Math::Add, ANY),
        "*" => (Math::Mul, ANY),
        "min" => (Math::Min, 1..=usize::MAX),
        "max" => (Math::Max, 1..=usize::MAX),
        "-" => (Math::Sub, 1..=2),
        "/" => (Math::Div, 2..=2),
        "%" => (Math::Rem, 2..=2),
        "^" => (Math::Pow, 2..=2),
        "round" => (Math::Round, 1..=1),
        "floor" => (Math::Floor, 1..=1),
        "ceil" => (Math::Ceil, 1..=1),
        "abs" => (Math::Abs, 1..=1),
        "sqrt" => (Math::Sqrt, 1..=1),
        "ln" => (Math::Ln, 1..=1),
        "log10" => (Math::Log10, 1..=1),
        "log2" => (Math::Log2, 1..=1),
        "sin" => (Math::Sin, 1..=1),
        "cos" => (Math::Cos, 1..=1),
        "tan" => (Math::Tan, 1..=1),
        "asin" => (Math::Asin, 1..=1),
        "acos" => (Math::Acos, 1..=1),
        "atan" => (Math::Atan, 1..=1),
        _ => return None,
    })
}
