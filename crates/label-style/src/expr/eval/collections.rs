//! `at`, `index-of` and `slice`: reading into arrays and strings. Positions in strings count
//! code points, as the style-spec counts them — except `index-of`'s starting position, which
//! it hands to JavaScript's `indexOf` as UTF-16 code units.

use super::{Context, Expr, strict_eq};
use crate::expr::EvalError;
use crate::expr::value::Value;

fn fail<T>(message: String) -> Result<T, EvalError> {
    Err(EvalError(message))
}

fn number(expr: &Expr, ctx: &Context<'_, '_>) -> Result<f64, EvalError> {
    match expr.eval(ctx)? {
        Value::Number(n) => Ok(n),
        other => fail(format!("Expected value to be of type number, but found {} instead.", other.kind().name())),
    }
}

pub(crate) fn at(index: &Expr, array: &Expr, ctx: &Context<'_, '_>) -> Result<Value, EvalError> {
    let i = number(index, ctx)?;
    let items = match array.eval(ctx)? {
        Value::Array(items) => items,
        other => {
            return fail(format!("Expected value to be of type array, but found {} instead.", other.kind().name()));
        }
    };
    if i < 0.0 {
        return fail(format!("Array index out of bounds: {i} < 0."));
    }
    if i >= items.len() as f64 {
        return fail(format!("Array index out of bounds: {i} > {}.", items.len() as f64 - 1.0));
    }
    if i.fract() != 0.0 {
        return fail(format!("Array index must be an integer, but found {i} instead."));
    }
    Ok(items[i as usize].clone())
}

fn start_index(from: Option<&Expr>, ctx: &Context<'_, '_>) -> Result<Option<f64>, EvalError> {
    from.map(|e| number(e, ctx)).transpose()
}

pub(crate) fn index_of(
    needle: &Expr,
    haystack: &Expr,
    from: Option<&Expr>,
    ctx: &Context<'_, '_>,
) -> Result<Value, EvalError> {
    let needle = needle.eval(ctx)?;
    if !matches!(needle, Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_)) {
        return fail(format!(
            "Expected first argument to be of type boolean, string, number or null, but found {} instead.",
            needle.kind().name()
        ));
    }
    let from = start_index(from, ctx)?;
    let found = match haystack.eval(ctx)? {
        Value::Array(items) => {
            // JavaScript's `indexOf`: a negative start counts from the end.
            let len = items.len() as f64;
            let start = from.map_or(0.0, |f| if f < 0.0 { (len + f).max(0.0) } else { f.floor() }) as usize;
            items.iter().skip(start).position(|v| strict_eq(v, &needle)).map(|p| p + start)
        }
        Value::String(s) => {
            let units: Vec<u16> = s.encode_utf16().collect();
            let wanted: Vec<u16> = needle.to_js_string().encode_utf16().collect();
            let start = (from.unwrap_or(0.0).max(0.0).floor() as usize).min(units.len());
            (start..=units.len().saturating_sub(wanted.len()))
                .find(|&i| units.get(i..i + wanted.len()) == Some(wanted.as_slice()))
                .map(|i| String::from_utf16_lossy(&units[..i]).chars().count())
        }
        other => {
            return fail(format!(
                "Expected second argument to be of type array or string, but found {} instead.",
                other.kind().name()
            ));
        }
    };
    Ok(Value::Number(found.map_or(-1.0, |i| i as f64)))
}

/// JavaScript's `slice` bounds: negative counts from the end, clamped to the length.
fn bound(n: f64, len: usize) -> usize {
    let len_f = len as f64;
    let n = if n < 0.0 { (len_f + n).max(0.0) } else { n.min(len_f) };
    n as usize
}

pub(crate) fn slice(input: &Expr, start: &Expr, end: Option<&Expr>, ctx: &Context<'_, '_>) -> Result<Value, EvalError> {
    let value = input.eval(ctx)?;
    let start = number(start, ctx)?;
    let end = start_index(end, ctx)?;
    match value {
        Value::Array(items) => {
            let (a, b) = (bound(start, items.len()), end.map_or(items.len(), |e| bound(e, items.len())));
            Ok(Value::Array(if a < b { items[a..b].to_vec() } else { Vec::new() }))
        }
        Value::String(s) => {
            let chars: Vec<char> = s.chars().collect();
            let (a, b) = (bound(start, chars.len()), end.map_or(chars.len(), |e| bound(e, chars.len())));
            Ok(Value::String(if a < b { chars[a..b].iter().collect() } else { String::new() }))
        }
        other => fail(format!(
            "Expected first argument to be of type array or string, but found {} instead.",
            other.kind().name()
        )),
    }
}
