//! Label columns from Python: a dict of equally long, contiguous numpy arrays (the Python side
//! normalises dtypes and fills defaults), read into the core's [`Label`]s; and the errors that
//! name a row and a column.

use glam::DVec2;
use label_core::{Anchor, BoxStyle, Error, Label};
use numpy::PyReadonlyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The float columns, in the order `Label` lists its fields.
const FLOATS: [&str; 8] = ["x", "y", "width", "height", "angle", "priority", "offset_x", "offset_y"];

/// `declutter.LabelError(message, row, column)`: bad input in one row and column (`None` when it
/// is no one row's or column's).
pub fn label_error(py: Python<'_>, message: String, row: Option<usize>, column: Option<&str>) -> PyErr {
    let made = py
        .import("declutter._errors")
        .and_then(|m| m.getattr("LabelError"))
        .and_then(|class| class.call1((message.clone(), row, column)));
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(_) => PyValueError::new_err(message),
    }
}

/// A core error as a Python exception. `rows` maps the core's label index to the caller's row.
pub fn core_error(py: Python<'_>, error: &Error, rows: impl Fn(usize) -> usize) -> PyErr {
    match error {
        Error::InvalidLabel { index, field, problem } => {
            let row = rows(*index);
            // Symbol fields are named as their columns: `icon.width` is `icon_width`.
            let column = match *field {
                "offset" => "offset_x/offset_y".to_owned(),
                f => f.replace('.', "_"),
            };
            label_error(py, format!("row {row}, column `{column}`: {problem}"), Some(row), Some(&column))
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A 1-d array of `T` from any array-like, copied: `numpy.require` first makes it contiguous,
/// aligned and of `T`'s dtype (arrays unpickled on a Dask worker can be unaligned, which numpy's
/// views from Rust refuse).
pub fn vector<T: numpy::Element + Copy>(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<T>> {
    let py = obj.py();
    let bad = |e: PyErr| {
        PyValueError::new_err(format!("`{name}`: expected a 1-d array of {} ({e})", std::any::type_name::<T>()))
    };
    let array = py.import("numpy")?.call_method1("require", (obj, numpy::dtype::<T>(py), "CA")).map_err(bad)?;
    let array = array.extract::<PyReadonlyArray1<'_, T>>().map_err(bad)?;
    Ok(array.as_slice().map_err(|e| bad(PyValueError::new_err(e.to_string())))?.to_vec())
}

/// One column of `cols`.
pub fn column<T: numpy::Element + Copy>(cols: &Bound<'_, PyDict>, name: &str) -> PyResult<Vec<T>> {
    let value = cols.get_item(name)?.ok_or_else(|| PyValueError::new_err(format!("missing column `{name}`")))?;
    vector(&value, &format!("column {name}"))
}

/// The labels of `cols`: float64 `x, y, width, height, angle, priority, offset_x, offset_y,
/// padding`, uint8 `anchor` (an index into `Anchor::ALL`), bool `allow_overlap`,
/// `ignore_placement`.
pub fn labels(py: Python<'_>, cols: &Bound<'_, PyDict>) -> PyResult<Vec<Label>> {
    let f: Vec<Vec<f64>> = FLOATS.iter().map(|n| column::<f64>(cols, n)).collect::<PyResult<_>>()?;
    let padding = column::<f64>(cols, "padding")?;
    let anchor = column::<u8>(cols, "anchor")?;
    let allow = column::<bool>(cols, "allow_overlap")?;
    let ignore = column::<bool>(cols, "ignore_placement")?;
    let n = f[0].len();
    let lengths = f.iter().map(Vec::len).chain([padding.len(), anchor.len(), allow.len(), ignore.len()]);
    if lengths.clone().any(|l| l != n) {
        let all: Vec<usize> = lengths.collect();
        return Err(label_error(py, format!("columns of different lengths: {all:?}"), None, None));
    }
    (0..n)
        .map(|i| {
            let anchor = *Anchor::ALL.get(usize::from(anchor[i])).ok_or_else(|| {
                label_error(
                    py,
                    format!("row {i}, column `anchor`: no anchor number {}", anchor[i]),
                    Some(i),
                    Some("anchor"),
                )
            })?;
            let style = BoxStyle {
                width: f[2][i],
                height: f[3][i],
                angle: f[4][i],
                priority: f[5][i],
                anchor,
                offset: DVec2::new(f[6][i], f[7][i]),
                padding: padding[i],
                allow_overlap: allow[i],
                ignore_placement: ignore[i],
            };
            Ok(Label { x: f[0][i], y: f[1][i], style })
        })
        .collect()
}

/// A u32 array of global indices, as long as `n`.
pub fn gids(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<u32>> {
    let v = vector::<u32>(obj, "global indices")?;
    if v.len() != n {
        return Err(label_error(obj.py(), format!("{} global indices for {n} labels", v.len()), None, None));
    }
    Ok(v)
}
