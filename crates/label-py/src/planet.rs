//! The planet job's native steps (label-planet), one call per Dask task: the labels' radii (once),
//! round 0 of a region from its parts, a round of waiting labels, and the merge.

use label_core::Label;
use label_planet::{Labels, Screen, State, Waiting};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::{core_error, gids, labels, vector};

/// A [`Waiting`] as four arrays: global indices, priority keys, list starts, lists.
type WaitingArrays<'py> =
    (Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u32>>);

/// Two columns of floats: x and y.
type Pair<'py> = (Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f64>>);

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

/// Each label's [`label_planet::radius`] (x and y, px): how far its box reaches from its anchor
/// point at any zoom. The columns' `x`/`y` are not read.
#[pyfunction]
pub fn radii<'py>(py: Python<'py>, cols: &Bound<'py, PyDict>) -> PyResult<Pair<'py>> {
    let labels = labels(py, cols)?;
    let (rx, ry): (Vec<f64>, Vec<f64>) = py.detach(|| {
        labels
            .iter()
            .map(|l| {
                let r = label_planet::radius(l);
                (r.x, r.y)
            })
            .unzip()
    });
    Ok((PyArray1::from_vec(py, rx), PyArray1::from_vec(py, ry)))
}

/// [`label_planet::reach_of_anchors`]: a box `[x0, y0, x1, y1]` holding every box of labels
/// anchored within `x0..=x1`, `y0..=y1` (world pixels) whose radii are at most `rx`, `ry`.
#[pyfunction]
pub fn reach_of_anchors(x0: f64, y0: f64, x1: f64, y1: f64, rx: f64, ry: f64) -> [f64; 4] {
    let v = glam::DVec2::new;
    label_planet::reach_of_anchors(v(x0, y0), v(x1, y1), v(rx, ry))
}

/// The rows of a part near each box of `reaches` (`[x0, y0, x1, y1]` each; NaN: none), at
/// `zoom`: those whose box may meet it ([`label_planet::may_meet`]), from the zoom-0 anchors
/// `x0`/`y0` (times `2^zoom`) and the radii `rx`/`ry`.
#[pyfunction]
pub fn near_rows<'py>(
    py: Python<'py>,
    x0: Bound<'py, PyAny>,
    y0: Bound<'py, PyAny>,
    rx: Bound<'py, PyAny>,
    ry: Bound<'py, PyAny>,
    zoom: u8,
    reaches: Vec<[f64; 4]>,
) -> PyResult<Vec<Bound<'py, PyArray1<u32>>>> {
    let [x0, y0, rx, ry] = [(x0, "x0"), (y0, "y0"), (rx, "rx"), (ry, "ry")].map(|(v, name)| vector::<f64>(&v, name));
    let (x0, y0, rx, ry) = (x0?, y0?, rx?, ry?);
    if [y0.len(), rx.len(), ry.len()].iter().any(|&l| l != x0.len()) {
        return Err(PyValueError::new_err("x0, y0, rx, ry: expected arrays of one length"));
    }
    let scale = f64::from(zoom).exp2();
    let rows = py.detach(|| {
        reaches
            .iter()
            .map(|&reach| {
                let near = |i: usize| {
                    let anchor = glam::DVec2::new(x0[i], y0[i]) * scale;
                    label_planet::may_meet(anchor, glam::DVec2::new(rx[i], ry[i]), reach)
                };
                if reach.iter().any(|v| v.is_nan()) {
                    return Vec::new();
                }
                (0..x0.len()).filter(|&i| near(i)).map(|i| i as u32).collect::<Vec<u32>>()
            })
            .collect::<Vec<_>>()
    });
    Ok(rows.into_iter().map(|r| PyArray1::from_vec(py, r)).collect())
}

/// Round 0 of a region, its whole work in one call: its own labels are the parts `own`, its
/// foreign labels the pieces `near` (each columns with `x`/`y` in world pixels at `zoom`, and
/// global indices). Returns the state code of each own label (`label_planet::State::code`), the
/// parts one after the other, and the waiting lists.
#[pyfunction]
pub fn decide_parts<'py>(
    py: Python<'py>,
    own: Vec<(Bound<'py, PyDict>, Bound<'py, PyAny>)>,
    near: Vec<(Bound<'py, PyDict>, Bound<'py, PyAny>)>,
    zoom: u8,
    max_overlap_area: f32,
) -> PyResult<(Bound<'py, PyArray1<i64>>, WaitingArrays<'py>)> {
    let screen = screen(zoom, max_overlap_area)?;
    let gathered = |pieces: &[(Bound<'py, PyDict>, Bound<'py, PyAny>)]| -> PyResult<(Vec<Label>, Vec<u32>)> {
        let (mut all, mut all_gids) = (Vec::new(), Vec::new());
        for (cols, g) in pieces {
            let labels = labels(py, cols)?;
            all_gids.extend(gids(g, labels.len())?);
            all.extend(labels);
        }
        Ok((all, all_gids))
    };
    let (own_labels, own_gids) = gathered(&own)?;
    let (near_labels, near_gids) = gathered(&near)?;
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
