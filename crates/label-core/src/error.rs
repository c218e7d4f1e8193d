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
                write!(f, "expected a magnitude of at most {}, got {}", Shown(*limit), Shown(*value))
            }
            Problem::TooSmall { value, limit } => {
                write!(
                    f,
                    "expected at least {} (smaller sizes are not representable), got {}",
                    Shown(*limit),
                    Shown(*value)
                )
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

/// A number in a message as a person writes it: plain (`180`, `-0.25`, `0.001`), or in
/// exponent form where that is clearly shorter (`1e6`, `-1e300`, `2.5e-300`). Every door's
/// messages write their numbers with it.
///
/// ```
/// assert_eq!(label_core::Shown(180.0).to_string(), "180");
/// assert_eq!(label_core::Shown(1e300).to_string(), "1e300");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shown(pub f64);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (plain, exponent) = (self.0.to_string(), format!("{:e}", self.0));
        f.write_str(if plain.len() <= exponent.len() + 2 { &plain } else { &exponent })
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
        // Limits too: a max_angle of 181 names 180, not 1.8e2; large limits stay short.
        let too_large = |value, limit| Problem::TooLarge { value, limit }.to_string();
        assert_eq!(too_large(181.0, 180.0), "expected a magnitude of at most 180, got 181");
        assert_eq!(too_large(2e9, 1e9), "expected a magnitude of at most 1e9, got 2e9");
        assert_eq!(too_large(1e300, 1e6), "expected a magnitude of at most 1e6, got 1e300");
        assert_eq!(too_large(1500.5, 1000.0), "expected a magnitude of at most 1000, got 1500.5");
        let too_small = Problem::TooSmall { value: 1e-7, limit: 0.001 }.to_string();
        assert_eq!(too_small, "expected at least 0.001 (smaller sizes are not representable), got 1e-7");
    }
}
