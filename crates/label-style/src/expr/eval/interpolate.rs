//! `interpolate`: between the two stops around the input, by a curve's factor.
//!
//! The factor `t` of an input `x` between stops `a ≤ x < b`: linear `(x − a) / (b − a)`;
//! exponential with base `B` `(B^(x − a) − 1) / (B^(b − a) − 1)` (base 1 is linear, a
//! zero-width span gives 0); cubic-bezier the curve's `y` at the `x` the factor would have
//! been linearly, the curve from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2),
//! solved as MapLibre solves it (to 1e-6 in `x`).
//! Outputs mix as `lower + t · (upper − lower)`, numbers and arrays of numbers item by item,
//! colours channel by channel ([`super::color`]).
//! Inputs at or below the first stop take the first output, at or above the last the last.

use super::color::Space;
use super::{Context, Curve, Expr};
use crate::expr::EvalError;
use crate::expr::value::Value;

/// The factor of `x` between stops `lower` and `upper` along `curve`.
#[must_use]
pub(crate) fn factor(curve: Curve, x: f64, lower: f64, upper: f64) -> f64 {
    match curve {
        Curve::Exponential(base) => exponential(base, x, lower, upper),
        Curve::CubicBezier([x1, y1, x2, y2]) => bezier_y_at_x(x1, y1, x2, y2, exponential(1.0, x, lower, upper)),
    }
}

fn exponential(base: f64, x: f64, lower: f64, upper: f64) -> f64 {
    let difference = upper - lower;
    let progress = x - lower;
    if difference == 0.0 {
        0.0
    } else if base == 1.0 {
        progress / difference
    } else {
        (base.powf(progress) - 1.0) / (base.powf(difference) - 1.0)
    }
}

/// The `y` of the unit cubic Bézier at `x`, solved for the curve parameter as MapLibre
/// solves it (so that both give the same number): `x` outside (0, 1) clamps; up to 8 Newton
/// steps from `t = x` until `x(t)` is within 1e-6 (giving up on a slope under 1e-6), then up
/// to 20 bisection steps from `t = x` on [0, 1] to the same tolerance.
fn bezier_y_at_x(x1: f64, y1: f64, x2: f64, y2: f64, x: f64) -> f64 {
    const EPSILON: f64 = 1e-6;
    let coefficients = |p1: f64, p2: f64| {
        let c = 3.0 * p1;
        let b = 3.0 * (p2 - p1) - c;
        (1.0 - c - b, b, c)
    };
    let (ax, bx, cx) = coefficients(x1, x2);
    let (ay, by, cy) = coefficients(y1, y2);
    let curve_x = |t: f64| ((ax * t + bx) * t + cx) * t;
    let curve_y = |t: f64| ((ay * t + by) * t + cy) * t;
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let mut t = x;
    for _ in 0..8 {
        let error = curve_x(t) - x;
        if error.abs() < EPSILON {
            return curve_y(t);
        }
        let slope = (3.0 * ax * t + 2.0 * bx) * t + cx;
        if slope.abs() < EPSILON {
            break;
        }
        t -= error / slope;
    }
    let (mut low, mut high) = (0.0, 1.0);
    t = x;
    for _ in 0..20 {
        let value = curve_x(t);
        if (value - x).abs() < EPSILON {
            break;
        }
        if x > value {
            low = t;
        } else {
            high = t;
        }
        t = (low + high) * 0.5;
    }
    curve_y(t)
}

/// Mixes two outputs: numbers, arrays of numbers of one length, or colours (CSS text,
/// [`super::color`]).
pub(crate) fn mix(lower: &Value, upper: &Value, t: f64) -> Result<Value, EvalError> {
    match (lower, upper) {
        (Value::Number(a), Value::Number(b)) => Ok(Value::Number(a + t * (b - a))),
        (Value::String(a), Value::String(b)) => super::color::mix(a, b, t).map(Value::String),
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            a.iter().zip(b).map(|(a, b)| mix(a, b, t)).collect::<Result<_, _>>().map(Value::Array)
        }
        (a, b) => Err(EvalError(format!("Cannot interpolate between {} and {}.", a.kind().name(), b.kind().name()))),
    }
}

pub(crate) fn evaluate(
    curve: Curve,
    space: Space,
    input: &Expr,
    stops: &[(f64, Expr)],
    ctx: &Context<'_, '_>,
) -> Result<Value, EvalError> {
    if stops.len() == 1 {
        return stops[0].1.eval(ctx);
    }
    let x = match input.eval(ctx)? {
        Value::Number(x) => x,
        other => {
            return Err(EvalError(format!(
                "Expected value to be of type number, but found {} instead.",
                other.kind().name()
            )));
        }
    };
    let last = stops.len() - 1;
    if x <= stops[0].0 {
        return stops[0].1.eval(ctx);
    }
    if x >= stops[last].0 {
        return stops[last].1.eval(ctx);
    }
    let index = stops.iter().rposition(|(at, _)| *at <= x).unwrap_or(0);
    let (lower, upper) = (&stops[index], &stops[index + 1]);
    let t = factor(curve, x, lower.0, upper.0);
    match (space, lower.1.eval(ctx)?, upper.1.eval(ctx)?) {
        (Space::Rgb, a, b) => mix(&a, &b, t),
        (space, Value::String(a), Value::String(b)) => super::color::mix_in(space, &a, &b, t).map(Value::String),
        (_, a, b) => Err(EvalError(format!("Cannot interpolate between {} and {}.", a.kind().name(), b.kind().name()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_factor_is_the_style_specs() {
        assert_eq!(factor(Curve::Exponential(1.0), 5.0, 0.0, 10.0), 0.5);
        let t = factor(Curve::Exponential(2.0), 1.0, 0.0, 2.0);
        assert!((t - 1.0 / 3.0).abs() < 1e-15, "(2^1 - 1) / (2^2 - 1), got {t}");
        assert_eq!(factor(Curve::Exponential(2.0), 3.0, 3.0, 3.0), 0.0);
    }

    #[test]
    fn cubic_bezier_of_the_diagonal_is_linear_and_ease_bends() {
        for x in [0.0, 0.1, 0.37, 0.5, 0.9, 1.0] {
            let t = factor(Curve::CubicBezier([0.25, 0.25, 0.75, 0.75]), x, 0.0, 1.0);
            assert!((t - x).abs() < 1e-6, "{x} -> {t}: solved to 1e-6, as MapLibre solves it");
        }
        // CSS `ease-in` (0.42, 0, 1, 1) is below the diagonal.
        let t = factor(Curve::CubicBezier([0.42, 0.0, 1.0, 1.0]), 0.5, 0.0, 1.0);
        assert!(t < 0.5 && t > 0.2, "{t}");
    }
}
