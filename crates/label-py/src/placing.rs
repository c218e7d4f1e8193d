//! `place`: the core's placement of one screen, from columns.

use glam::Vec2;
use label_core::{Aabb, Blocker, HiddenReason, PlacementOptions};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::{core_error, labels};

/// Reason codes of the `reason` array.
const VISIBLE: i8 = 0;
const COLLISION: i8 = 1;
const OFFSCREEN: i8 = 2;

/// The arrays of one placement: visible, reason code, the hiding label's row (or -1).
type Outcomes<'py> = (Bound<'py, PyArray1<bool>>, Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<i64>>);

/// The viewport `(x0, y0, x1, y1)`, px, as the core's box.
pub fn viewport_box(v: (f32, f32, f32, f32)) -> Aabb {
    Aabb::from_corners(Vec2::new(v.0, v.1), Vec2::new(v.2, v.3))
}

/// Places the labels of `cols` (see `columns::labels`) with the GIL released; returns, per row,
/// visible, the reason code (0 visible, 1 collision, 2 offscreen) and the row of the label that
/// hid it (-1 if none).
#[pyfunction]
#[pyo3(signature = (cols, viewport=None, max_overlap_area=0.0))]
pub fn place<'py>(
    py: Python<'py>,
    cols: &Bound<'py, PyDict>,
    viewport: Option<(f32, f32, f32, f32)>,
    max_overlap_area: f32,
) -> PyResult<Outcomes<'py>> {
    let labels = labels(py, cols)?;
    let mut options = PlacementOptions::default().with_max_overlap_area(max_overlap_area);
    options.viewport = viewport.map(viewport_box);
    let placement = py.detach(|| label_core::place(&labels, &[], &options)).map_err(|e| core_error(py, &e, |i| i))?;
    let n = placement.outcomes.len();
    let (mut visible, mut reason, mut hidden_by) =
        (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
    for o in &placement.outcomes {
        visible.push(o.visible);
        reason.push(match o.reason {
            None => VISIBLE,
            Some(HiddenReason::Collision) => COLLISION,
            Some(HiddenReason::Offscreen) => OFFSCREEN,
            // Repeat groups are symbol fields; `label_core::place` takes none, so never here.
            Some(HiddenReason::Repeat) => COLLISION,
        });
        hidden_by.push(match o.hidden_by {
            Some(Blocker::Label(k) | Blocker::Obstacle(k)) => i64::from(k),
            None => -1,
        });
    }
    Ok((PyArray1::from_vec(py, visible), PyArray1::from_vec(py, reason), PyArray1::from_vec(py, hidden_by)))
}

/// The four corners of each label's box on screen (DESIGN §2), px, as `[x0, y0, … x3, y3]` per
/// row: for drawing, or as a geometry.
#[pyfunction]
pub fn corners<'py>(py: Python<'py>, cols: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let labels = labels(py, cols)?;
    if let Some((row, error)) =
        labels.iter().enumerate().find_map(|(i, l)| label_core::validate::check_label(i, l).err().map(|e| (i, e)))
    {
        return Err(core_error(py, &error, |_| row));
    }
    // Measured from each label's own anchor point, so that far-away labels keep their precision.
    let flat: Vec<f64> = labels
        .iter()
        .flat_map(|l| {
            let at = glam::DVec2::new(l.x, l.y);
            l.obb_from(at).corners().into_iter().flat_map(move |c| [at.x + f64::from(c.x), at.y + f64::from(c.y)])
        })
        .collect();
    Ok(PyArray1::from_vec(py, flat))
}
