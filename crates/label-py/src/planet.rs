//! The planet job's native steps (label-planet), one call per Dask task: a part projected with
//! its bounds and reach, round 0 of a region from its parts, a round of waiting labels, and the
//! merge.

use label_core::{Aabb, Label};
use label_planet::{Labels, Screen, State, Waiting, world_pixels};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::{core_error, gids, labels, vector};

/// A [`Waiting`] as four arrays: global indices, priority keys, list starts, lists.
type WaitingArrays<'py> =
    (Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u32>>);

/// Anchors (x, y), bounds (`[x0, y0, x1, y1]` per label, flat) and the reach (four numbers).
type Prepared<'py> =
    (Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<f64>>);

/// What a round decided (global indices, state codes) and the lists still waiting.
type Resolved<'py> = (Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<i64>>, WaitingArrays<'py>);

fn screen(zoom: u8, max_overlap_area: f32) -> PyResult<Screen> {
    Screen::world(zoom, max_overlap_area).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn to_arrays(py: Python<'_>, w: Waiting) -> WaitingArrays<'_> {
    (
        PyArray1::from_vec(py, w.gids),
        PyArray1::from_vec(py, w.keys),
        PyArray1::from_vec(py, w.starts),
        PyArray1::from_vec(py, w.earlier),
    )
}

fn from_arrays(
    gids: &Bound<'_, PyAny>,
    keys: &Bound<'_, PyAny>,
    starts: &Bound<'_, PyAny>,
    earlier: &Bound<'_, PyAny>,
) -> PyResult<Waiting> {
    let w = Waiting {
        gids: vector(gids, "waiting gids")?,
        keys: vector(keys, "waiting keys")?,
        starts: vector(starts, "waiting starts")?,
        earlier: vector(earlier, "waiting lists")?,
    };
    let consistent = w.keys.len() == w.gids.len()
        && w.starts.len() == w.gids.len() + 1
        && w.starts.first() == Some(&0)
        && w.starts.windows(2).all(|s| s[0] <= s[1])
        && w.starts.last().is_some_and(|&l| l as usize == w.earlier.len());
    if !consistent {
        return Err(PyValueError::new_err("waiting lists: inconsistent arrays"));
    }
    Ok(w)
}

/// A part's labels at `zoom`: their anchors projected from `lon`/`lat` (the `x`/`y` columns are
/// ignored) and their global indices.
fn projected(
    py: Python<'_>,
    cols: &Bound<'_, PyDict>,
    lon: &Bound<'_, PyAny>,
    lat: &Bound<'_, PyAny>,
    zoom: u8,
) -> PyResult<Vec<Label>> {
    let mut labels = labels(py, cols)?;
    let (lon, lat) = (vector::<f64>(lon, "lon")?, vector::<f64>(lat, "lat")?);
    if lon.len() != labels.len() || lat.len() != labels.len() {
        return Err(PyValueError::new_err(format!(
            "{} longitudes and {} latitudes for {} labels",
            lon.len(),
            lat.len(),
            labels.len()
        )));
    }
    py.detach(|| {
        for ((l, &x), &y) in labels.iter_mut().zip(&lon).zip(&lat) {
            let p = world_pixels(zoom, x, y);
            (l.x, l.y) = (p.x, p.y);
        }
    });
    Ok(labels)
}

/// A part at `zoom`, for choosing the labels near other regions: its anchors in world pixels,
/// each label's bounds (`[x0, y0, x1, y1]` per label, flat, relative to the screen's origin as
/// every region measures them) and the part's reach (the union of its in-view labels' bounds;
/// NaN when none is in view).
#[pyfunction]
pub fn prepare<'py>(
    py: Python<'py>,
    cols: &Bound<'py, PyDict>,
    lon: Bound<'py, PyAny>,
    lat: Bound<'py, PyAny>,
    zoom: u8,
    max_overlap_area: f32,
) -> PyResult<Prepared<'py>> {
    let labels = projected(py, cols, &lon, &lat, zoom)?;
    let screen = screen(zoom, max_overlap_area)?;
    let (x, y, bounds, reach) = py.detach(|| {
        let mut bounds = Vec::with_capacity(labels.len() * 4);
        let mut reach: Option<Aabb> = None;
        for l in &labels {
            let o = screen.obb(l);
            let b = o.bounds();
            bounds.extend([b.min.x, b.min.y, b.max.x, b.max.y]);
            if screen.in_view(&o) {
                reach = Some(reach.map_or(b, |r| r.union(&b)));
            }
        }
        let reach = reach.map_or([f64::NAN; 4], |r| [r.min.x, r.min.y, r.max.x, r.max.y].map(f64::from));
        let (x, y): (Vec<f64>, Vec<f64>) = labels.iter().map(|l| (l.x, l.y)).unzip();
        (x, y, bounds, reach)
    });
    Ok((
        PyArray1::from_vec(py, x),
        PyArray1::from_vec(py, y),
        PyArray1::from_vec(py, bounds),
        PyArray1::from_vec(py, reach.to_vec()),
    ))
}

/// Round 0 of a region, its whole work in one call: its own labels are the parts `own` (columns,
/// longitudes, latitudes, global indices: projected here; without longitudes and latitudes, the
/// columns' `x`/`y` are world pixels already, as [`prepare`] returns them), its foreign labels the pieces `near`
/// (columns with `x`/`y` in world pixels, global indices). Returns the state code of each own
/// label (`label_planet::State::code`), the parts one after the other, and the waiting lists.
#[pyfunction]
#[allow(clippy::type_complexity, reason = "a part's four arrays, a piece's two")]
pub fn decide_parts<'py>(
    py: Python<'py>,
    own: Vec<(Bound<'py, PyDict>, Option<Bound<'py, PyAny>>, Option<Bound<'py, PyAny>>, Bound<'py, PyAny>)>,
    near: Vec<(Bound<'py, PyDict>, Bound<'py, PyAny>)>,
    zoom: u8,
    max_overlap_area: f32,
) -> PyResult<(Bound<'py, PyArray1<i64>>, WaitingArrays<'py>)> {
    let screen = screen(zoom, max_overlap_area)?;
    let (mut own_labels, mut own_gids) = (Vec::new(), Vec::new());
    for (cols, lon, lat, g) in &own {
        let labels = match (lon, lat) {
            (Some(lon), Some(lat)) => projected(py, cols, lon, lat, zoom)?,
            _ => labels(py, cols)?,
        };
        own_gids.extend(gids(g, labels.len())?);
        own_labels.extend(labels);
    }
    let (mut near_labels, mut near_gids) = (Vec::new(), Vec::new());
    for (cols, g) in &near {
        let labels = labels(py, cols)?;
        near_gids.extend(gids(g, labels.len())?);
        near_labels.extend(labels);
    }
    let region = py
        .detach(|| {
            label_planet::decide_region(
                &screen,
                Labels { labels: &own_labels, gids: &own_gids },
                Labels { labels: &near_labels, gids: &near_gids },
            )
        })
        .map_err(|e| core_error(py, &e, |i| i))?;
    let codes: Vec<i64> = region.states.iter().map(|s| s.code()).collect();
    Ok((PyArray1::from_vec(py, codes), to_arrays(py, region.waiting)))
}

/// One round of waiting labels, given the state codes (before the round) of the labels their
/// lists name: `known_gids` ascending, `known_codes` alike. Returns the decided labels' global
/// indices and codes, and the lists still waiting.
#[pyfunction]
#[allow(clippy::too_many_arguments, reason = "the four arrays of the lists and the two of the states")]
pub fn resolve<'py>(
    py: Python<'py>,
    gids: Bound<'py, PyAny>,
    keys: Bound<'py, PyAny>,
    starts: Bound<'py, PyAny>,
    earlier: Bound<'py, PyAny>,
    known_gids: Bound<'py, PyAny>,
    known_codes: Bound<'py, PyAny>,
) -> PyResult<Resolved<'py>> {
    let waiting = from_arrays(&gids, &keys, &starts, &earlier)?;
    let known_gids = vector::<u32>(&known_gids, "known_gids")?;
    let known: Vec<State> = vector::<i64>(&known_codes, "known_codes")?
        .into_iter()
        .map(|c| {
            State::from_code(c)
                .ok_or_else(|| PyValueError::new_err(format!("state code {c} is none of the known ones")))
        })
        .collect::<PyResult<_>>()?;
    if known.len() != known_gids.len() || !known_gids.windows(2).all(|w| w[0] < w[1]) {
        return Err(PyValueError::new_err("known states: global indices must ascend, one code each"));
    }
    let mut own = waiting.gids.clone();
    own.sort_unstable();
    let named = waiting.referenced();
    if let Some(g) = named.iter().find(|&&g| known_gids.binary_search(&g).is_err() && own.binary_search(&g).is_err()) {
        return Err(PyValueError::new_err(format!("no state given for label {g}, which a waiting list names")));
    }
    let (decided, still) =
        py.detach(|| waiting.resolve(|g| known_gids.binary_search(&g).map_or(State::Waiting, |i| known[i])));
    let (dg, dc): (Vec<u32>, Vec<i64>) = decided.into_iter().map(|(g, s)| (g, s.code())).unzip();
    Ok((PyArray1::from_vec(py, dg), PyArray1::from_vec(py, dc), to_arrays(py, still)))
}

/// Several regions' waiting lists as one, in placement order.
#[pyfunction]
#[allow(clippy::type_complexity, reason = "the four arrays of each region's lists")]
pub fn merge<'py>(
    py: Python<'py>,
    parts: Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)>,
) -> PyResult<WaitingArrays<'py>> {
    let parts: Vec<Waiting> = parts.iter().map(|(g, k, s, e)| from_arrays(g, k, s, e)).collect::<PyResult<_>>()?;
    Ok(to_arrays(py, py.detach(|| Waiting::merge(&parts))))
}
