//! Benchmark support: the standard workload (from `label-workload`), the naive baseline, and
//! MapLibre's circles for text along a line.

pub mod circles;
mod naive;

pub use label_workload::{Workload, crowded, paths, standard, symbols};
pub use naive::{place_naive, place_naive_parts, place_naive_symbols};

/// Nearest-rank percentile of sorted values (`q` in 0..=1; the smallest value for 0).
///
/// # Panics
/// If `sorted` is empty.
#[must_use]
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The positional arguments of the profiling binaries (`profile`, `symbols`): `N ROUNDS`, then
/// each binary's own, read in turn.
pub struct Positional(std::iter::Skip<std::env::Args>);

impl Positional {
    /// The process's arguments after the program name.
    #[must_use]
    pub fn from_env() -> Self {
        Self(std::env::args().skip(1))
    }

    /// `N` and `ROUNDS`: 100,000 labels and 5 rounds where absent or not a number.
    pub fn size_and_rounds(&mut self) -> (usize, usize) {
        (self.parsed().unwrap_or(100_000), self.parsed().unwrap_or(5))
    }

    /// The next argument as a `T`; `None` where absent or not a `T`.
    pub fn parsed<T: std::str::FromStr>(&mut self) -> Option<T> {
        self.0.next().and_then(|s| s.parse().ok())
    }

    /// The next argument as it is.
    pub fn text(&mut self) -> Option<String> {
        self.0.next()
    }
}
