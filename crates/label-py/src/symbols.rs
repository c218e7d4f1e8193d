//! Symbol columns from Python (contract §3b): what each label adds to become a symbol, read
//! into the core's [`Symbol`]s. The Python side (`_symbols.py`) turns keywords and DataFrame
//! columns into these arrays, all as long as the labels but the candidates:
//!
//! - candidates in compressed rows: `candidate_starts` (uint64, one more than the labels: label
//!   `i`'s positions are `starts[i]..starts[i + 1]`), `candidate_anchor` (uint8, an index into
//!   `Anchor::ALL`), `candidate_offset_x`, `candidate_offset_y` (float64);
//! - `icon_width`, `icon_height` (float64; NaN: no icon), `icon_anchor` (uint8),
//!   `icon_offset_x`, `icon_offset_y`, `icon_padding` (float64);
//! - `optional` (uint8: 0 none, 1 text, 2 icon);
//! - `repeat_group` (int64; -1: none), `repeat_distance` (float64);
//! - texts along lines, when `path_starts` is given: the points in compressed rows
//!   (`path_starts`, uint64, n + 1; `path_x`, `path_y`, float64; a row without points has no
//!   path), the glyphs likewise (`glyph_starts`, `glyph_advance`), and per label `path_offset`
//!   (float64; NaN: the middle), `max_angle` (float64), `keep_upright` (bool).

use glam::DVec2;
use label_core::{Anchor, Candidate, Icon, Label, Optional, Symbol, TextPath};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::{column, label_error};

/// `Optional` by its code in the `optional` column.
const OPTIONAL: [Optional; 3] = [Optional::None, Optional::Text, Optional::Icon];

/// An anchor by its number, or the error naming the row and column.
fn anchor(py: Python<'_>, code: u8, row: usize, name: &str) -> PyResult<Anchor> {
    Anchor::ALL.get(usize::from(code)).copied().ok_or_else(|| {
        label_error(py, format!("row {row}, column `{name}`: no anchor number {code}"), Some(row), Some(name))
    })
}

/// Compressed rows: `starts` (n + 1, from 0, not decreasing, ending at `len`).
fn rows_ok(starts: &[u64], n: usize, len: usize) -> bool {
    starts.len() == n + 1
        && starts.first() == Some(&0)
        && starts.windows(2).all(|w| w[0] <= w[1])
        && starts.last().is_some_and(|&l| l as usize == len)
}

/// The texts along lines of `cols` (see the module documentation), one per label (`None`:
/// none), or no column at all.
fn paths(py: Python<'_>, cols: &Bound<'_, PyDict>, n: usize) -> PyResult<Vec<Option<TextPath>>> {
    if cols.get_item("path_starts")?.is_none() {
        return Ok(vec![None; n]);
    }
    let f = |name: &str| column::<f64>(cols, name);
    let (starts, x, y) = (column::<u64>(cols, "path_starts")?, f("path_x")?, f("path_y")?);
    let (glyph_starts, advance) = (column::<u64>(cols, "glyph_starts")?, f("glyph_advance")?);
    let (offset, max_angle) = (f("path_offset")?, f("max_angle")?);
    let upright = column::<bool>(cols, "keep_upright")?;
    let ok = rows_ok(&starts, n, x.len())
        && y.len() == x.len()
        && rows_ok(&glyph_starts, n, advance.len())
        && [offset.len(), max_angle.len(), upright.len()].iter().all(|&l| l == n);
    if !ok {
        return Err(label_error(py, format!("path columns of inconsistent lengths for {n} labels"), None, None));
    }
    let range = |s: &[u64], i: usize| s[i] as usize..s[i + 1] as usize;
    Ok((0..n)
        .map(|i| {
            let points = range(&starts, i);
            (!points.is_empty()).then(|| TextPath {
                points: points.map(|k| DVec2::new(x[k], y[k])).collect(),
                glyph_advances: advance[range(&glyph_starts, i)].to_vec(),
                path_offset: (!offset[i].is_nan()).then_some(offset[i]),
                max_angle: max_angle[i],
                keep_upright: upright[i],
            })
        })
        .collect())
}

/// Makes the labels of path labels their carriers ([`TextPath::carrier`]): their `x`, `y` and
/// `width` are not used, so a caller may leave them NaN. Each path is checked first, its
/// problem named by row and column.
pub fn carry_paths(py: Python<'_>, labels: &mut [Label], symbols: &[Symbol]) -> PyResult<()> {
    for (row, (l, s)) in labels.iter_mut().zip(symbols).enumerate() {
        if let Some(p) = &s.path {
            label_core::validate::check_path(p).map_err(|(field, problem)| {
                label_error(py, format!("row {row}, column `{field}`: {problem}"), Some(row), Some(field))
            })?;
            *l = p.carrier(l);
        }
    }
    Ok(())
}

/// The symbols of `cols` for `n` labels.
pub fn symbols(py: Python<'_>, cols: &Bound<'_, PyDict>, n: usize) -> PyResult<Vec<Symbol>> {
    let f = |name: &str| column::<f64>(cols, name);
    let starts = column::<u64>(cols, "candidate_starts")?;
    let (c_anchor, c_dx, c_dy) =
        (column::<u8>(cols, "candidate_anchor")?, f("candidate_offset_x")?, f("candidate_offset_y")?);
    let (width, height, i_anchor) = (f("icon_width")?, f("icon_height")?, column::<u8>(cols, "icon_anchor")?);
    let (i_dx, i_dy, i_padding) = (f("icon_offset_x")?, f("icon_offset_y")?, f("icon_padding")?);
    let optional = column::<u8>(cols, "optional")?;
    let (group, distance) = (column::<i64>(cols, "repeat_group")?, f("repeat_distance")?);
    let per_label = [width.len(), height.len(), i_anchor.len(), i_dx.len(), i_dy.len(), i_padding.len()];
    let per_label = per_label.into_iter().chain([optional.len(), group.len(), distance.len()]);
    let m = c_anchor.len();
    let candidates_ok = rows_ok(&starts, n, m) && c_dx.len() == m && c_dy.len() == m;
    if per_label.clone().any(|l| l != n) || !candidates_ok {
        let message = format!("symbol columns of inconsistent lengths for {n} labels");
        return Err(label_error(py, message, None, None));
    }
    let mut paths = paths(py, cols, n)?;
    (0..n)
        .map(|i| {
            let candidates = (starts[i] as usize..starts[i + 1] as usize)
                .map(|k| {
                    Ok(Candidate {
                        anchor: anchor(py, c_anchor[k], i, "candidates")?,
                        offset: DVec2::new(c_dx[k], c_dy[k]),
                    })
                })
                .collect::<PyResult<Vec<_>>>()?;
            let icon = (!width[i].is_nan() || !height[i].is_nan())
                .then(|| {
                    Ok::<_, PyErr>(Icon {
                        width: width[i],
                        height: height[i],
                        anchor: anchor(py, i_anchor[i], i, "icon_anchor")?,
                        offset: DVec2::new(i_dx[i], i_dy[i]),
                        padding: i_padding[i],
                    })
                })
                .transpose()?;
            let optional = *OPTIONAL.get(usize::from(optional[i])).ok_or_else(|| {
                label_error(
                    py,
                    format!("row {i}, column `optional`: no code {}", optional[i]),
                    Some(i),
                    Some("optional"),
                )
            })?;
            let repeat_group = u32::try_from(group[i]).ok();
            let path = paths[i].take();
            Ok(Symbol { candidates, icon, optional, repeat_group, repeat_distance: distance[i], path })
        })
        .collect()
}
