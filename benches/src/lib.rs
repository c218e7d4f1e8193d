//! Seeded workloads for the benchmarks.
