//! Typed errors for input that breaks the contract.

use std::fmt;

/// What is wrong with one number or name of the input.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Problem {
    /// NaN or infinite.
    NotFinite(f64),
    /// Zero or negative where a positive number is required (width, height, radius).
    NotPositive(f64),
    /// Negative where zero or more is required (padding, overlap area).
    Negative(f64),
    /// Larger in magnitude than the documented limit.
    TooLarge {
        /// The value given.
        value: f64,
        /// The largest magnitude accepted.
        limit: f64,
    },
    /// Smaller than the documented limit (a size too small for the engine's f32 boxes).
    TooSmall {
        /// The value given.
        value: f64,
        /// The smallest value accepted.
        limit: f64,
    },
    /// An anchor name outside the nine of contract §2.
    UnknownAnchor(String),
    /// The same id appears twice.
    DuplicateId {
        /// Input position of the first label with this id.
        first_index: usize,
    },
    /// A shape that cannot be used (a polygon that is not convex, a zero radius, …).
    BadShape(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotFinite(v) => write!(f, "expected a finite number, got {v}"),
            Problem::NotPositive(v) => write!(f, "expected a number > 0, got {}", Shown(*v)),
            Problem::Negative(v) => write!(f, "expected a number >= 0, got {}", Shown(*v)),
            Problem::TooLarge { value, limit } => {
                write!(f, "expected a magnitude of at most {limit:e}, got {value:e}")
            }
            Problem::TooSmall { value, limit } => {
                write!(f, "expected at least {limit:e} (smaller sizes are not representable), got {value:e}")
            }
            Problem::UnknownAnchor(name) => write!(
                f,
                "unknown anchor {name:?}; expected one of center, left, right, top, bottom, \
                 top-left, top-right, bottom-left, bottom-right"
            ),
            Problem::DuplicateId { first_index } => {
                write!(f, "duplicate id, first used by the label at index {first_index}")
            }
            Problem::BadShape(why) => f.write_str(why),
        }
    }
}

/// A number in a message: plain, or in exponent form where plain would run to hundreds of
/// digits (`-1e300`).
struct Shown(f64);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        if v.is_finite() && v != 0.0 && !(1e-6..1e9).contains(&v.abs()) { write!(f, "{v:e}") } else { write!(f, "{v}") }
    }
}

/// Input the engine refuses, with where it is.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A label's field breaks the contract.
    #[error("label {index}: field `{field}`: {problem}")]
    InvalidLabel {
        /// Input position of the label.
        index: usize,
        /// Name of the field as documents spell it.
        field: &'static str,
        /// What is wrong.
        problem: Problem,
    },
    /// An obstacle breaks the contract.
    #[error("obstacle {index}: field `{field}`: {problem}")]
    InvalidObstacle {
        /// Input position of the obstacle.
        index: usize,
        /// Name of the field.
        field: &'static str,
        /// What is wrong.
        problem: Problem,
    },
    /// A placement option breaks the contract.
    #[error("option `{field}`: {problem}")]
    InvalidOption {
        /// Name of the option.
        field: &'static str,
        /// What is wrong.
        problem: Problem,
    },
    /// More labels than the engine's 32-bit label indices can hold.
    #[error("too many labels: {0} (at most {max})", max = crate::limits::MAX_LABELS)]
    TooManyLabels(usize),
    /// [`crate::place_symbols`] was given a number of symbols other than one per label.
    #[error("{symbols} symbols for {labels} labels (one per label expected)")]
    SymbolLength {
        /// Labels given.
        labels: usize,
        /// Symbols given.
        symbols: usize,
    },
    /// [`crate::pipeline::place_with_ties`] or [`crate::pipeline::place_sequentially`] was given a
    /// number of tie-break keys other than one per label.
    #[error("{ties} tie-break keys for {labels} labels (one per label expected)")]
    TieBreakLength {
        /// Labels given.
        labels: usize,
        /// Keys given.
        ties: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::Problem;

    #[test]
    fn numbers_in_messages_stay_short() {
        assert_eq!(Problem::Negative(-5.0).to_string(), "expected a number >= 0, got -5");
        assert_eq!(Problem::NotPositive(-0.25).to_string(), "expected a number > 0, got -0.25");
        assert_eq!(Problem::Negative(-1e300).to_string(), "expected a number >= 0, got -1e300");
        assert_eq!(Problem::NotPositive(-2.5e-300).to_string(), "expected a number > 0, got -2.5e-300");
    }
}
