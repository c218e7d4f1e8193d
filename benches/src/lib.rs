//! Benchmark support: the standard workload (from `label-workload`), the naive baseline, and
//! MapLibre's circles for text along a line.

pub mod circles;
mod naive;

pub use label_workload::{Workload, paths, standard, symbols};
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
