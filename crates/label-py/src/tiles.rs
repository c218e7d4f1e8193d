//! The planet job's label tiles (label-tiles), one call per Dask task: which tiles each label
//! reaches, and a tile of labels encoded as a Mapbox Vector Tile — the same code and so the
//! same bytes as `declutter tiles`.

use glam::DVec2;
use label_core::Label;
use label_tiles::cover::{self, Bounds};
use label_tiles::{Id, TiledLabel};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::columns::{labels, vector};

/// The tiles label `cols` reach: per (label, tile) pair, the label's row, the tile's column and
/// row, and the unwrapped column it is drawn from.
type Cover<'py> =
    (Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<i64>>);

/// A label's box bounds in world px, as `declutter tiles` measures them.
fn bounds(l: &Label) -> Bounds {
    let point = DVec2::new(l.x, l.y);
    cover::bounds(&l.obb_from(point), point)
}

/// The tiles of zoom `zoom` each label of `cols` (anchor points in world px of the zoom)
/// reaches: the tile under its anchor and every tile its box overlaps, in label order, each
/// label's tiles in tile order.
#[pyfunction]
pub fn tile_cover<'py>(py: Python<'py>, cols: &Bound<'py, PyDict>, zoom: u8) -> PyResult<Cover<'py>> {
    if zoom > 24 {
        return Err(PyValueError::new_err(format!("zoom: expected 0 to 24, got {zoom}")));
    }
    let labels = labels(py, cols)?;
    let (rows, xs, ys, columns) = py.detach(|| {
        let (mut rows, mut xs, mut ys, mut columns) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (i, l) in labels.iter().enumerate() {
            for ((x, y), column) in cover::tiles(zoom, DVec2::new(l.x, l.y), &[bounds(l)]) {
                // Label rows fit in u32: the columns' length is checked by `labels`' caller.
                rows.push(i as u32);
                xs.push(x);
                ys.push(y);
                columns.push(column);
            }
        }
        (rows, xs, ys, columns)
    });
    Ok((
        PyArray1::from_vec(py, rows),
        PyArray1::from_vec(py, xs),
        PyArray1::from_vec(py, ys),
        PyArray1::from_vec(py, columns),
    ))
}

/// A feature id from Python: an int or a str.
fn id(value: &Bound<'_, PyAny>, row: usize) -> PyResult<Id> {
    if let Ok(v) = value.extract::<i64>() {
        return Ok(Id::Int(v));
    }
    match value.extract::<String>() {
        Ok(s) => Ok(Id::Str(s.into())),
        Err(_) => Err(PyValueError::new_err(format!("row {row}, `ids`: expected an int or a str, got {value}"))),
    }
}

/// Tile row `row` holding the shown labels `cols` (in the order given), as MVT bytes: each
/// label at its anchor with its feature position (`feature`), id (`ids`), `texts`, font size
/// (`sizes`), `first_zoom` and the unwrapped tile column it is drawn from (`columns`).
#[pyfunction]
#[allow(clippy::too_many_arguments, reason = "one array per property of the tile's labels")]
pub fn encode_tile<'py>(
    py: Python<'py>,
    row: u32,
    cols: &Bound<'py, PyDict>,
    feature: Bound<'py, PyAny>,
    ids: Vec<Bound<'py, PyAny>>,
    texts: Vec<String>,
    sizes: Bound<'py, PyAny>,
    first_zoom: Bound<'py, PyAny>,
    columns: Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let labels = labels(py, cols)?;
    let feature = vector::<u64>(&feature, "feature")?;
    let sizes = vector::<f64>(&sizes, "sizes")?;
    let first_zoom = vector::<i64>(&first_zoom, "first_zoom")?;
    let columns = vector::<i64>(&columns, "columns")?;
    let n = labels.len();
    let lengths = [feature.len(), ids.len(), texts.len(), sizes.len(), first_zoom.len(), columns.len()];
    if lengths.iter().any(|&l| l != n) {
        return Err(PyValueError::new_err(format!("{n} labels but {lengths:?} values of their properties")));
    }
    let ids: Vec<Id> = ids.iter().enumerate().map(|(i, v)| id(v, i)).collect::<PyResult<_>>()?;
    let tiled: Vec<TiledLabel> = labels
        .iter()
        .zip(ids)
        .zip(texts)
        .enumerate()
        .map(|(i, ((l, id), text))| TiledLabel {
            // Positions of an input in memory fit in usize.
            feature: feature[i] as usize,
            repeat: None,
            id,
            text,
            size: sizes[i],
            point: DVec2::new(l.x, l.y),
            anchor: l.style.anchor.name(),
            offset: l.style.offset,
            angle: l.style.angle,
            candidate: None,
            parts: None,
            glyphs: None,
            bounds: Vec::new(),
            visible: true,
            reason: None,
        })
        .collect();
    let entries: Vec<label_tiles::mvt::Entry<'_>> = tiled
        .iter()
        .enumerate()
        .map(|(i, label)| label_tiles::mvt::Entry {
            label,
            column: columns[i],
            first_zoom: u8::try_from(first_zoom[i]).ok(),
        })
        .collect();
    let bytes = py
        .detach(|| label_tiles::mvt::encode(row, &entries))
        .map_err(|e| PyValueError::new_err(format!("tile row {row}: cannot encode: {e}")))?;
    Ok(PyBytes::new(py, &bytes))
}
