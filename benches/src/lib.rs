//! Benchmark support: the standard workload (from `label-workload`) and the naive baseline.

mod naive;

pub use label_workload::{Workload, standard};
pub use naive::place_naive;
