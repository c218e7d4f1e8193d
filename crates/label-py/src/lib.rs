//! The native half of the `declutter` Python package (`declutter._native`): thin functions over
//! label-core, label-style (the GeoJSON reader, projection and text measurement the CLI uses too),
//! label-frame, label-planet and label-tiles that take and return numpy arrays. The Python half (`python/declutter/`) turns DataFrames,
//! GeoDataFrames, matplotlib axes and Dask clusters into these calls.
//!
//! Every function checks its input before it reaches the engine, releases the GIL while the
//! engine works, and raises `declutter.LabelError` (naming the row and the column) or
//! `ValueError` for bad input; PyO3 turns any panic into an exception at the boundary, and none
//! is expected: lengths and values are checked first.
//!
//! The crate forbids `unsafe` code as the rest of the workspace does: PyO3's macros keep the FFI
//! they expand to out of the lint's reach, and numpy arrays are copied in through safe reads.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod columns;
mod features;
mod frame;
mod geo;
mod placing;
mod planet;
mod symbols;
mod tiles;

use pyo3::prelude::*;

/// The extension's Rust allocations come from mimalloc, not the C library's `malloc`: Dask
/// workers set `MALLOC_TRIM_THRESHOLD_`, which pins glibc's mmap threshold at 128 KiB, so that
/// every larger buffer of a placement is mapped, faulted in page by page and unmapped again.
/// mimalloc reuses its pages within a call and returns them to the system after it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The `declutter._native` module.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(placing::place, m)?)?;
    m.add("REASON_NAMES", placing::reason_names())?;
    m.add_function(wrap_pyfunction!(geo::world, m)?)?;
    m.add_function(wrap_pyfunction!(frame::camera_center, m)?)?;
    m.add_function(wrap_pyfunction!(frame::labels_world, m)?)?;
    m.add_function(wrap_pyfunction!(geo::project, m)?)?;
    m.add_function(wrap_pyfunction!(features::place_features, m)?)?;
    m.add_function(wrap_pyfunction!(geo::measure, m)?)?;
    m.add_function(wrap_pyfunction!(planet::radii, m)?)?;
    m.add_function(wrap_pyfunction!(planet::near_rows, m)?)?;
    m.add_function(wrap_pyfunction!(planet::reach_of_anchors, m)?)?;
    m.add_function(wrap_pyfunction!(planet::decide_parts, m)?)?;
    m.add_function(wrap_pyfunction!(planet::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(planet::merge, m)?)?;
    m.add_function(wrap_pyfunction!(tiles::tile_cover, m)?)?;
    m.add_function(wrap_pyfunction!(tiles::encode_tile, m)?)?;
    m.add_class::<frame::FrameEngine>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
