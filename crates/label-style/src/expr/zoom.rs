//! The style-spec's rule for `zoom` in a property's expression: the zoom may only be the
//! input of one `step` or `interpolate` at the top of the expression — the root, the body of
//! a top-level `let`, or an argument of a top-level `coalesce` — so that a renderer can
//! evaluate the property at the curve's stops. (Filters are free of the rule.)
//!
//! Found as the style-spec finds it: a node's curve is itself (a `step`/`interpolate` over
//! `["zoom"]`), or its `let` body's, or its first `coalesce` argument's that has one; a curve
//! found among the children of any other node, or a second curve, is an error, as is an
//! expression that reads the zoom without any curve.

use super::eval::Expr;

/// A zoom curve at the top of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ZoomCurve {
    /// `["step", ["zoom"], …]`.
    Step,
    /// `["interpolate", …, ["zoom"], …]`.
    Interpolate,
}

const NESTED: &str =
    "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression.";

fn find(expr: &Expr) -> Result<Option<&Expr>, &'static str> {
    let result = match expr {
        Expr::Let(_, body) => find(body)?,
        Expr::Coalesce(args) => {
            let mut found = None;
            for arg in args {
                found = find(arg)?;
                if found.is_some() {
                    break;
                }
            }
            found
        }
        Expr::Step(input, _) | Expr::Interpolate(_, _, input, _) if matches!(**input, Expr::Zoom) => Some(expr),
        _ => None,
    };
    for child in expr.children() {
        match (result, find(child)?) {
            (_, None) => {}
            (None, Some(_)) => return Err(NESTED),
            (Some(a), Some(b)) if !std::ptr::eq(a, b) => {
                return Err(
                    "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression.",
                );
            }
            (Some(_), Some(_)) => {}
        }
    }
    Ok(result)
}

/// The expression's zoom curve, `None` when it does not read the zoom, or the rule it breaks.
pub(crate) fn zoom_curve(root: &Expr) -> Result<Option<ZoomCurve>, &'static str> {
    match find(root)? {
        None if root.reads_zoom() => Err(NESTED),
        None => Ok(None),
        Some(Expr::Step(..)) => Ok(Some(ZoomCurve::Step)),
        Some(_) => Ok(Some(ZoomCurve::Interpolate)),
    }
}
