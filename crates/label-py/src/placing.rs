//! `place`: the core's placement of one screen, from columns.

use glam::Vec2;
use label_core::{Aabb, Blocker, HiddenReason, Parts, Placement, PlacementOptions, Symbol};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::{core_error, labels};

/// The reason code of an outcome: 0 visible, else the core's [`HiddenReason::code`] (the C and
/// WebAssembly codes too). The codes index `REASONS` in `_place.py`, which the module's
/// `REASON_NAMES` (the core's names) fills.
pub fn reason_code(reason: Option<HiddenReason>) -> i8 {
    reason.map_or(0, |r| r.code() as i8)
}

/// The names of the reasons by code (the core's [`HiddenReason::name`]), from code 1.
#[must_use]
pub fn reason_names() -> Vec<&'static str> {
    HiddenReason::ALL.iter().map(|r| r.name()).collect()
}

/// The row of a label that hid another, or -1.
pub fn blocker_row(hidden_by: Option<Blocker>) -> i64 {
    match hidden_by {
        Some(Blocker::Label(k) | Blocker::Obstacle(k)) => i64::from(k),
        None => -1,
    }
}

/// The parts code of a shown symbol: 0 none (hidden, or no icon), 1 both, 2 text, 3 icon
/// (indexes `PARTS` in `_place.py`).
pub fn parts_code(parts: Option<Parts>) -> i8 {
    match parts {
        None => 0,
        Some(Parts::Both) => 1,
        Some(Parts::Text) => 2,
        Some(Parts::Icon) => 3,
    }
}

/// The arrays of one placement, per label: visible, reason code, the hiding label's row (or
/// -1), the candidate shown (or -1), the parts code.
pub type Outcomes<'py> = (
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i8>>,
);

/// The arrays of `placement`.
pub fn outcomes<'py>(py: Python<'py>, placement: &Placement) -> Outcomes<'py> {
    let o = &placement.outcomes;
    let choice = |i: usize| placement.choices.get(i).copied().unwrap_or_default();
    let candidate = (0..o.len()).map(|i| choice(i).candidate.map_or(-1, i64::from)).collect();
    (
        PyArray1::from_vec(py, o.iter().map(|o| o.visible).collect()),
        PyArray1::from_vec(py, o.iter().map(|o| reason_code(o.reason)).collect()),
        PyArray1::from_vec(py, o.iter().map(|o| blocker_row(o.hidden_by)).collect()),
        PyArray1::from_vec(py, candidate),
        PyArray1::from_vec(py, (0..o.len()).map(|i| parts_code(choice(i).parts)).collect()),
    )
}

/// The glyphs of the shown texts along lines: per label the start of its rows (`n + 1` offsets
/// into the rows), the rows (x, y, angle per glyph: centre px and reading angle degrees, in text
/// order after any upright reversal), and whether its line was reversed (-1: no glyphs).
pub type Glyphs<'py> = (Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<i8>>);

/// The [`Glyphs`] of `placement` of `symbols`.
pub fn glyphs<'py>(py: Python<'py>, placement: &Placement, symbols: Option<&[Symbol]>) -> Glyphs<'py> {
    let n = placement.outcomes.len();
    let (mut starts, mut rows, mut reversed) = (Vec::with_capacity(n + 1), Vec::new(), vec![-1i8; n]);
    starts.push(0u64);
    for (i, o) in placement.outcomes.iter().enumerate() {
        let layout = symbols.and_then(|s| s.get(i)).filter(|_| o.visible).and_then(Symbol::layout).and_then(Result::ok);
        if let Some(l) = layout {
            rows.extend(l.glyphs.iter().flat_map(|g| [g.center.x, g.center.y, g.angle()]));
            reversed[i] = i8::from(l.reversed);
        }
        starts.push(rows.len() as u64 / 3);
    }
    (PyArray1::from_vec(py, starts), PyArray1::from_vec(py, rows), PyArray1::from_vec(py, reversed))
}

/// The viewport `(x0, y0, x1, y1)`, px, as the core's box.
pub fn viewport_box(v: (f32, f32, f32, f32)) -> Aabb {
    Aabb::from_corners(Vec2::new(v.0, v.1), Vec2::new(v.2, v.3))
}

/// Places the labels of `cols` (see `columns::labels`), as symbols when `symbols` holds their
/// columns (see `symbols::symbols`), with the GIL released; returns the [`Outcomes`] and the
/// [`Glyphs`].
#[pyfunction]
#[pyo3(signature = (cols, symbols=None, viewport=None, max_overlap_area=0.0))]
pub fn place<'py>(
    py: Python<'py>,
    cols: &Bound<'py, PyDict>,
    symbols: Option<&Bound<'py, PyDict>>,
    viewport: Option<(f32, f32, f32, f32)>,
    max_overlap_area: f32,
) -> PyResult<(Outcomes<'py>, Glyphs<'py>)> {
    let mut labels = labels(py, cols)?;
    let symbols = symbols.map(|s| crate::symbols::symbols(py, s, labels.len())).transpose()?;
    if let Some(s) = &symbols {
        crate::symbols::carry_paths(py, &mut labels, s)?;
    }
    let mut options = PlacementOptions::default().with_max_overlap_area(max_overlap_area);
    options.viewport = viewport.map(viewport_box);
    let placement = py
        .detach(|| match &symbols {
            None => label_core::place(&labels, &[], &options),
            Some(s) => label_core::place_symbols(&labels, s, &[], &options),
        })
        .map_err(|e| core_error(py, &e, |i| i))?;
    Ok((outcomes(py, &placement), glyphs(py, &placement, symbols.as_deref())))
}
