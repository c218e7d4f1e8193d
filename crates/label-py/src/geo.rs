//! Web Mercator projection and text measurement as the CLI does them (label-style's
//! `label_style::projection::View` and `label_style::measure::measure`).

use glam::DVec2;
use label_style::measure as text;
use label_style::projection::View;
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::columns::{label_error, vector};

/// Two f64 arrays.
pub(crate) type Xy<'py> = (Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f64>>);

fn pair<'py>(py: Python<'py>, v: Vec<DVec2>) -> Xy<'py> {
    let (x, y): (Vec<f64>, Vec<f64>) = v.into_iter().map(|p| (p.x, p.y)).unzip();
    (PyArray1::from_vec(py, x), PyArray1::from_vec(py, y))
}

/// Longitudes and latitudes as points (x = longitude), of equal lengths.
pub(crate) fn lon_lat(lon: &Bound<'_, PyAny>, lat: &Bound<'_, PyAny>) -> PyResult<Vec<DVec2>> {
    let (lon, lat) = (vector::<f64>(lon, "lon")?, vector::<f64>(lat, "lat")?);
    if lon.len() != lat.len() {
        return Err(PyValueError::new_err(format!("{} longitudes for {} latitudes", lon.len(), lat.len())));
    }
    Ok(lon.iter().zip(lat.iter()).map(|(&x, &y)| DVec2::new(x, y)).collect())
}

fn view(zoom: f64, center: (f64, f64), size: (f64, f64), bearing: f64) -> PyResult<View> {
    let finite = [zoom, center.0, center.1, size.0, size.1, bearing].iter().all(|v| v.is_finite());
    if !finite || !(0.0..=label_style::projection::MAX_ZOOM).contains(&zoom) || size.0 <= 0.0 || size.1 <= 0.0 {
        return Err(PyValueError::new_err(format!(
            "view: zoom {zoom} (0 to {}), center {center:?}, size {size:?} (> 0), bearing {bearing}: expected finite numbers in range",
            label_style::projection::MAX_ZOOM
        )));
    }
    Ok(View { zoom, center: DVec2::new(center.0, center.1), size: DVec2::new(size.0, size.1), bearing })
}

/// World pixels (Web Mercator, 256-px tiles, y down) of longitudes and latitudes at `zoom`.
#[pyfunction]
pub fn world<'py>(py: Python<'py>, lon: Bound<'py, PyAny>, lat: Bound<'py, PyAny>, zoom: f64) -> PyResult<Xy<'py>> {
    let v = view(zoom, (0.0, 0.0), (1.0, 1.0), 0.0)?;
    let points = lon_lat(&lon, &lat)?;
    Ok(pair(py, py.detach(|| points.iter().map(|&p| v.world(p)).collect())))
}

/// Screen pixels of longitudes and latitudes in the view (the CLI's `--zoom --center --size
/// --bearing`).
#[pyfunction]
pub fn project<'py>(
    py: Python<'py>,
    lon: Bound<'py, PyAny>,
    lat: Bound<'py, PyAny>,
    zoom: f64,
    center: (f64, f64),
    size: (f64, f64),
    bearing: f64,
) -> PyResult<Xy<'py>> {
    let v = view(zoom, center, size, bearing)?;
    let points = lon_lat(&lon, &lat)?;
    Ok(pair(py, py.detach(|| points.iter().map(|&p| v.project(p)).collect())))
}

/// Width and height, px, of each text at its font size (px) in the CLI's font (bundled DejaVu
/// Sans), with the GIL released.
#[pyfunction]
pub fn measure<'py>(py: Python<'py>, texts: Vec<String>, font_size: Bound<'py, PyAny>) -> PyResult<Xy<'py>> {
    let sizes = vector::<f64>(&font_size, "font_size")?;
    if sizes.len() != texts.len() {
        return Err(PyValueError::new_err(format!("{} font sizes for {} texts", sizes.len(), texts.len())));
    }
    for (row, &s) in sizes.iter().enumerate() {
        text::check_font_size(s).map_err(|p| {
            label_error(py, format!("row {row}, column `font_size`: {p}"), Some(row), Some("font_size"))
        })?;
    }
    let sized = py.detach(|| {
        texts.iter().zip(&sizes).map(|(t, &s)| text::measure(t, s)).map(|(w, h)| DVec2::new(w, h)).collect()
    });
    Ok(pair(py, sized))
}
