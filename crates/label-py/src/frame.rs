//! `declutter.FrameEngine`: label-frame's engine for Python renderers and notebooks.

use glam::DVec2;
use label_core::{Problem, validate};
use label_frame::mercator::lon_lat_to_world;
use label_frame::{Alignment, Blocker, Camera, FrameOptions, WorldLabel};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::{label_error, labels, vector};
use crate::geo::Xy;
use crate::placing::reason_code;

/// The arrays of one frame: visible, opacity, reason code (as a placement's, `reason_code`), hidden_by (-1 if none), and screen x, y, angle (NaN without a pose).
type FrameArrays<'py> = (
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
);

/// A renderer's placement engine: labels in world pixels (zoom 0), a camera per frame, and
/// memory between frames (hysteresis, sticky shown labels, fades).
#[pyclass(module = "declutter._native")]
pub struct FrameEngine {
    engine: label_frame::FrameEngine,
}

fn frame_error(e: &label_frame::FrameError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// World px (zoom 0) of a camera's centre given as longitude and latitude (degrees), held to
/// the limits the JS and C cameras keep ([`label_core::limits`]; Web Mercator clamps a latitude
/// past ±85.05° to its edge), or ValueError naming `field` in their words.
#[pyfunction]
pub fn camera_center(field: &str, lon: f64, lat: f64) -> PyResult<(f64, f64)> {
    let fail =
        |what: &str, p: Problem| PyValueError::new_err(format!("camera: field `{field}` ({what}, degrees): {p}"));
    validate::longitude(lon).map_err(|p| fail("longitude", p))?;
    validate::latitude(lat).map_err(|p| fail("latitude", p))?;
    let world = lon_lat_to_world(lon, lat);
    Ok((world.x, world.y))
}

/// World px (zoom 0) of labels' longitudes and latitudes (degrees), held to the limits the JS
/// and C labels keep, or `LabelError` naming the first bad row and its column (`lon`, `lat`).
#[pyfunction]
pub fn labels_world<'py>(py: Python<'py>, lon: Bound<'py, PyAny>, lat: Bound<'py, PyAny>) -> PyResult<Xy<'py>> {
    let points = crate::geo::lon_lat(&lon, &lat)?;
    let (mut x, mut y) = (Vec::with_capacity(points.len()), Vec::with_capacity(points.len()));
    for (row, p) in points.iter().enumerate() {
        let fail = |column: &str, p: Problem| {
            label_error(py, format!("row {row}, column `{column}` (degrees): {p}"), Some(row), Some(column))
        };
        validate::longitude(p.x).map_err(|p| fail("lon", p))?;
        validate::latitude(p.y).map_err(|p| fail("lat", p))?;
        let world = lon_lat_to_world(p.x, p.y);
        x.push(world.x);
        y.push(world.y);
    }
    Ok((PyArray1::from_vec(py, x), PyArray1::from_vec(py, y)))
}

#[pymethods]
impl FrameEngine {
    /// An engine; `stable=False` turns off every memory between frames.
    #[new]
    #[pyo3(signature = (stable=true, hysteresis_px=None, fade_ms=None, max_overlap_area=0.0, world_copies=true))]
    fn new(
        stable: bool,
        hysteresis_px: Option<f64>,
        fade_ms: Option<f64>,
        max_overlap_area: f32,
        world_copies: bool,
    ) -> PyResult<Self> {
        let mut options = if stable { FrameOptions::default() } else { FrameOptions::without_stability() };
        options.hysteresis_px = hysteresis_px.unwrap_or(options.hysteresis_px);
        options.fade_ms = fade_ms.unwrap_or(options.fade_ms);
        options.max_overlap_area = max_overlap_area;
        options.world_copies = world_copies;
        Ok(Self { engine: label_frame::FrameEngine::new(options).map_err(|e| frame_error(&e))? })
    }

    /// Replaces the label set: `cols` as `declutter.place` takes them, with `x`, `y` in world
    /// pixels at zoom 0, and `ids` (unique u64 identities that carry the memory across sets);
    /// `map_aligned` rows turn with the map.
    fn set_labels(
        &mut self,
        py: Python<'_>,
        cols: &Bound<'_, PyDict>,
        ids: &Bound<'_, PyAny>,
        map_aligned: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let core = labels(py, cols)?;
        let ids = vector::<u64>(ids, "ids")?;
        let aligned = vector::<bool>(map_aligned, "map_aligned")?;
        if ids.len() != core.len() {
            return Err(PyValueError::new_err("one id per label"));
        }
        if aligned.len() != core.len() {
            return Err(PyValueError::new_err("one map_aligned flag per label"));
        }
        let world: Vec<WorldLabel> = core
            .iter()
            .zip(ids.iter().zip(&aligned))
            .map(|(l, (&id, &map))| WorldLabel {
                id,
                position: DVec2::new(l.x, l.y),
                style: l.style,
                alignment: if map { Alignment::Map } else { Alignment::Viewport },
                ..WorldLabel::default()
            })
            .collect();
        self.engine.set_labels(world).map_err(|e| frame_error(&e))
    }

    /// Places one frame seen by a camera at `center` (world px, zoom 0) at `time_ms`; `fov`
    /// (degrees, `None`: label-frame's default) and `center_offset` (px from the viewport's
    /// middle) as [`Camera`] has them, checked by [`Camera::validate`] like every other door's.
    #[pyo3(signature = (center, zoom, size, time_ms, bearing=0.0, pitch=0.0, fov=None, center_offset=(0.0, 0.0)))]
    #[allow(clippy::too_many_arguments, reason = "the camera's settings, as Python passes them")]
    fn place_frame<'py>(
        &mut self,
        py: Python<'py>,
        center: (f64, f64),
        zoom: f64,
        size: (f64, f64),
        time_ms: f64,
        bearing: f64,
        pitch: f64,
        fov: Option<f64>,
        center_offset: (f64, f64),
    ) -> PyResult<FrameArrays<'py>> {
        let camera = Camera::new(DVec2::new(center.0, center.1), zoom, size.0, size.1)
            .with_bearing(bearing)
            .with_pitch(pitch)
            .with_fov(fov.unwrap_or(label_frame::DEFAULT_FOV))
            .with_center_offset(DVec2::new(center_offset.0, center_offset.1));
        let engine = &mut self.engine;
        let frame = py.detach(|| engine.place_frame(&camera, time_ms).cloned()).map_err(|e| frame_error(&e))?;
        let n = frame.labels.len();
        let mut out = (
            vec![false; n],
            vec![0f32; n],
            vec![0i8; n],
            vec![-1i64; n],
            vec![f64::NAN; n],
            vec![f64::NAN; n],
            vec![f64::NAN; n],
        );
        for (i, l) in frame.labels.iter().enumerate() {
            out.0[i] = l.visible;
            out.1[i] = l.opacity;
            out.2[i] = reason_code(l.reason);
            out.3[i] = match l.hidden_by {
                Some(Blocker::Label(k) | Blocker::Obstacle(k)) => i64::from(k),
                None => -1,
            };
            if let Some(p) = l.pose.or_else(|| self.engine.screen_pose(i)) {
                (out.4[i], out.5[i], out.6[i]) = (p.position.x, p.position.y, p.angle);
            }
        }
        Ok((
            PyArray1::from_vec(py, out.0),
            PyArray1::from_vec(py, out.1),
            PyArray1::from_vec(py, out.2),
            PyArray1::from_vec(py, out.3),
            PyArray1::from_vec(py, out.4),
            PyArray1::from_vec(py, out.5),
            PyArray1::from_vec(py, out.6),
        ))
    }
}
