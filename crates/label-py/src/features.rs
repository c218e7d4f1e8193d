//! `place_features`: a GeoJSON FeatureCollection placed by the command's own reader
//! (`label_style::readers::read` with the settings of `declutter place`'s flags, then
//! `Document::place`), so that `place_geodataframe` decides exactly as the command does —
//! points, lines, polygons at their pole of inaccessibility, symbols (variable anchors, radial
//! offsets, icons, optional parts, repeat groups), names along their lines glyph by glyph,
//! priority maps and point markers — and whatever the command learns, the
//! package learns with it. The Python side writes the GeoDataFrame as GeoJSON (`geo.py`) with
//! each feature's `id` its row position.

use glam::DVec2;
use label_core::{Aabb, Blocker, Obb, Placement, Symbol};
use label_style::document::{Document, Id};
use label_style::readers::{GeoDocument, Skip, Slot, styled};
use label_style::settings::Settings;
use label_style::sprite::Sprite;
use label_style::style::Style;
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::columns::label_error;
use crate::placing::{parts_code, reason_code};

/// The keywords of `place_geodataframe`, one item each (`None` where not given), named as the
/// command's flags are in [`Settings`].
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Flags {
    zoom: f64,
    center: (f64, f64),
    size: (f64, f64),
    bearing: f64,
    text_field: String,
    priority_field: Option<String>,
    priority_order: String,
    tie_field: Option<String>,
    tie_order: String,
    padding: f64,
    font_size: f64,
    font_size_field: Option<String>,
    point_anchor: Option<String>,
    point_offset: Option<(f64, f64)>,
    variable_anchor: Option<String>,
    radial_offset: Option<f64>,
    variable_anchor_offset: Option<String>,
    icon_size: Option<(f64, f64)>,
    text_optional: bool,
    icon_optional: bool,
    repeat_distance: Option<f64>,
    repeat_group_field: Option<String>,
    max_overlap_area: f32,
    priority_map: Option<String>,
    marker_radius: Option<f64>,
    line_placement: String,
    symbol_spacing: Option<f64>,
    max_angle: Option<f64>,
    keep_upright: Option<bool>,
    /// A MapLibre style's JSON text: its symbol layers label the features instead of the
    /// label keywords (`declutter place --style`).
    style: Option<String>,
    /// Only these symbol layers of `style` (`--layer`); `None`: all.
    layers: Option<Vec<String>>,
    /// The sprite index's JSON text (`--sprite`).
    sprite: Option<String>,
    /// The frame's source-layer name, which a layer's `source-layer` must match (a file's stem
    /// on the command line); `None`: only layers without `source-layer` apply.
    source_layer: Option<String>,
}

/// Whether `name` is `ascending` (`descending`: not).
fn ascending(name: &str, keyword: &str) -> PyResult<bool> {
    match name {
        "descending" => Ok(false),
        "ascending" => Ok(true),
        other => Err(PyValueError::new_err(format!("{keyword}: expected 'descending' or 'ascending', got {other:?}"))),
    }
}

/// Whether `name` is `curved` (`straight`: not, so that the curved-only keywords are refused
/// with the command's message).
fn curved(name: &str) -> PyResult<bool> {
    match name {
        "straight" => Ok(false),
        "curved" => Ok(true),
        other => Err(PyValueError::new_err(format!("line_placement: expected 'straight' or 'curved', got {other:?}"))),
    }
}

impl Flags {
    /// The command's flags as the library's settings.
    fn settings(&self) -> PyResult<Settings> {
        let pair = |(a, b): (f64, f64)| DVec2::new(a, b);
        Ok(Settings {
            priority_map: self.priority_map.clone(),
            marker_radius: self.marker_radius,
            curved: curved(&self.line_placement)?,
            symbol_spacing: self.symbol_spacing,
            max_angle: self.max_angle,
            keep_upright: self.keep_upright,
            zoom: Some(self.zoom),
            center: Some(pair(self.center)),
            size: Some(pair(self.size)),
            bearing: Some(self.bearing),
            text_field: Some(self.text_field.clone()),
            priority_field: self.priority_field.clone(),
            priority_ascending: ascending(&self.priority_order, "priority_order")?,
            tie_field: self.tie_field.clone(),
            tie_ascending: self.tie_field.is_some() && ascending(&self.tie_order, "tie_order")?,
            padding: Some(self.padding),
            font_size: Some(self.font_size),
            font_size_field: self.font_size_field.clone(),
            point_anchor: self.point_anchor.clone(),
            point_offset: self.point_offset.map(pair),
            variable_anchor: self.variable_anchor.clone(),
            radial_offset: self.radial_offset,
            variable_anchor_offset: self.variable_anchor_offset.clone(),
            icon_size: self.icon_size.map(pair),
            text_optional: self.text_optional,
            icon_optional: self.icon_optional,
            repeat_distance: self.repeat_distance,
            repeat_group_field: self.repeat_group_field.clone(),
        })
    }
}

/// The code of a feature without a label: 1 `no_geometry`, 2 `unsupported`, 3 `no_text`,
/// 4 `merged`, 5 `no_layer` (no layer of a style labels it)
/// (0: it has one); indexes `SKIPS` in `geo.py`.
fn skip_code(skip: Skip) -> i8 {
    match skip {
        Skip::NoGeometry => 1,
        Skip::Unsupported => 2,
        Skip::NoText => 3,
        Skip::Merged => 4,
        Skip::NoLayer => 5,
    }
}

/// The four corners of a box measured from `at`, as absolute screen px.
fn corners(obb: Option<Obb>, at: DVec2) -> [f64; 8] {
    obb.map_or([f64::NAN; 8], |o| flat(o.corners_f64().map(|c| at + c)))
}

/// Four corners as x, y, x, y, ….
fn flat(c: [DVec2; 4]) -> [f64; 8] {
    [c[0].x, c[0].y, c[1].x, c[1].y, c[2].x, c[2].y, c[3].x, c[3].y]
}

/// The corners of an axis-aligned box measured from `at`, as absolute screen px.
fn aabb_corners(b: Aabb, at: DVec2) -> [f64; 8] {
    flat(b.corners().map(|c| at + c.as_dvec2()))
}

/// What each feature became, column by column (see [`place_features`]).
#[derive(Default)]
struct Columns {
    skip: Vec<i8>,
    visible: Vec<bool>,
    reason: Vec<i8>,
    hidden_by: Vec<i64>,
    candidate: Vec<i64>,
    parts: Vec<i8>,
    /// x, y, width, height, angle of the label.
    geometry: [Vec<f64>; 5],
    label_box: Vec<f64>,
    icon_box: Vec<f64>,
    /// Glyph boxes of each feature's name along its line (0 for other labels).
    glyph_count: Vec<i64>,
    /// Eight corner coordinates per glyph box, feature after feature.
    glyph_box: Vec<f64>,
    /// Whether each feature's point marker is shown (-1: it has none).
    marker_visible: Vec<i8>,
    /// Whether a marker hid the feature's label (rather than a label).
    hidden_by_marker: Vec<bool>,
}

impl Columns {
    /// A feature without a label.
    fn skipped(&mut self, skip: Skip) {
        self.skip.push(skip_code(skip));
        self.visible.push(false);
        self.reason.push(0);
        self.hidden_by.push(-1);
        self.candidate.push(-1);
        self.parts.push(0);
        self.geometry.iter_mut().for_each(|g| g.push(f64::NAN));
        self.label_box.extend([f64::NAN; 8]);
        self.icon_box.extend([f64::NAN; 8]);
        self.glyph_count.push(0);
        self.hidden_by_marker.push(false);
    }

    /// A feature with label `i` of the document; `feature_of` maps labels to features.
    fn labelled(&mut self, i: usize, doc: &Document, p: &Placement, feature_of: &[i64]) {
        let (o, l) = (&p.outcomes[i], &doc.labels[i]);
        let choice = p.choices.get(i).copied().unwrap_or_default();
        self.skip.push(0);
        self.visible.push(o.visible);
        self.reason.push(reason_code(o.reason));
        // A GeoJSON document has no obstacles: only labels (and markers) hide labels.
        self.hidden_by.push(match o.hidden_by {
            Some(Blocker::Label(k)) => feature_of[k as usize],
            Some(Blocker::Obstacle(_)) | None => -1,
        });
        self.hidden_by_marker.push(matches!(o.hidden_by, Some(Blocker::Label(k)) if is_marker(&doc.ids[k as usize])));
        self.candidate.push(choice.candidate.map_or(-1, i64::from));
        self.parts.push(parts_code(choice.parts));
        for (column, value) in self.geometry.iter_mut().zip([l.x, l.y, l.style.width, l.style.height, l.style.angle]) {
            column.push(value);
        }
        // The text at the position it is shown at; hidden, or the icon alone: its first position.
        // A name along its line: the bounds of its glyph boxes, as the command writes it.
        let plain = Symbol::default();
        let symbol = doc.symbols.get(i).unwrap_or(&plain);
        let at = DVec2::new(l.x, l.y);
        let layout = symbol.layout().and_then(Result::ok);
        if symbol.path.is_some() {
            let glyphs: Vec<Obb> = symbol.parts(l, at, layout.as_ref()).collect();
            let bounds = glyphs.iter().map(Obb::bounds).reduce(|a, b| a.union(&b));
            self.label_box.extend(aabb_corners(bounds.unwrap_or_else(|| l.obb_from(at).bounds()), at));
            self.glyph_count.push(glyphs.len() as i64);
            self.glyph_box.extend(glyphs.into_iter().flat_map(|g| corners(Some(g), at)));
        } else {
            let k = choice.candidate.map_or(0, |k| k as usize);
            self.label_box.extend(corners(Some(symbol.text_box(l, k, at)), at));
            self.glyph_count.push(0);
        }
        self.icon_box.extend(corners(symbol.icon_box(l, at), at));
    }

    /// The columns as numpy arrays in a dict (`geo.py` reads them by name).
    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let out = PyDict::new(py);
        out.set_item("skip", PyArray1::from_vec(py, self.skip))?;
        out.set_item("visible", PyArray1::from_vec(py, self.visible))?;
        out.set_item("reason", PyArray1::from_vec(py, self.reason))?;
        out.set_item("hidden_by", PyArray1::from_vec(py, self.hidden_by))?;
        out.set_item("candidate", PyArray1::from_vec(py, self.candidate))?;
        out.set_item("parts", PyArray1::from_vec(py, self.parts))?;
        for (name, column) in ["x", "y", "width", "height", "angle"].into_iter().zip(self.geometry) {
            out.set_item(name, PyArray1::from_vec(py, column))?;
        }
        out.set_item("label_box", PyArray1::from_vec(py, self.label_box))?;
        out.set_item("icon_box", PyArray1::from_vec(py, self.icon_box))?;
        out.set_item("glyph_count", PyArray1::from_vec(py, self.glyph_count))?;
        out.set_item("glyph_box", PyArray1::from_vec(py, self.glyph_box))?;
        out.set_item("marker_visible", PyArray1::from_vec(py, self.marker_visible))?;
        out.set_item("hidden_by_marker", PyArray1::from_vec(py, self.hidden_by_marker))?;
        Ok(out)
    }
}

/// Whether a label of the document is a point marker (`--marker-radius`): its id is
/// `marker:ROW`, the features' ids being their rows.
fn is_marker(id: &Id) -> bool {
    matches!(id, Id::Str(s) if s.starts_with("marker:"))
}

/// What each feature of `geo` became.
fn results(geo: &GeoDocument<'_>, p: &Placement) -> Columns {
    let (slots, doc) = (&geo.slots, &geo.doc);
    let mut feature_of = vec![-1i64; doc.labels.len()];
    for (f, slot) in slots.iter().enumerate() {
        match *slot {
            Slot::Label(i) => feature_of[i] = f as i64,
            Slot::Along { first, count } => feature_of[first..first + count].fill(f as i64),
            Slot::Skipped(_) => {}
        }
    }
    let mut marker_visible = vec![-1i8; slots.len()];
    for &m in &geo.markers {
        let row = match &doc.ids[m] {
            Id::Str(s) => s.strip_prefix("marker:").and_then(|r| r.parse::<usize>().ok()),
            _ => None,
        };
        if let Some(row) = row.filter(|&r| r < slots.len()) {
            feature_of[m] = row as i64;
            marker_visible[row] = i8::from(p.outcomes[m].visible);
        }
    }
    let mut out = Columns { marker_visible, ..Columns::default() };
    for slot in slots {
        match slot.described_by(p) {
            Ok(i) => out.labelled(i, doc, p, &feature_of),
            Err(s) => out.skipped(s),
        }
    }
    out
}

/// Reads `text` (a FeatureCollection) as `declutter place` with `flags` does, and places it,
/// with the GIL released. Returns per feature (in input order): `skip` (why it has no label),
/// `visible`, `reason`, `hidden_by` (the hiding feature's position, or -1), `candidate`,
/// `parts` (codes as `place` returns them), `x`, `y`, `width`, `height`, `angle` of its label
/// (NaN without one), and `label_box`, `icon_box` (eight corner coordinates per feature, NaN
/// where there is none). Bad input raises `LabelError` with the command's message (it names
/// the feature by its position and the property or field); bad flags name the flag.
#[pyfunction]
pub fn place_features<'py>(py: Python<'py>, text: &str, flags: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyDict>> {
    let flags: Flags = flags.extract()?;
    let options = flags.settings()?.options().map_err(|message| label_error(py, message, None, None))?;
    let mut style_warnings = Vec::new();
    let read = match &flags.style {
        None => py.detach(|| label_style::readers::read(text, &options)),
        Some(style) => {
            let style_error = |message: String| label_error(py, format!("style: {message}"), None, None);
            let (style, warnings) = Style::parse(style).map_err(|e| style_error(e.to_string()))?;
            style_warnings.extend(warnings.iter().map(|w| format!("style: {w}")));
            let sprite =
                flags.sprite.as_deref().map(Sprite::parse).transpose().map_err(|e| style_error(e.to_string()))?;
            let ids = flags.layers.clone().unwrap_or_default();
            let layers = styled::select(&style, &ids, flags.source_layer.as_deref()).map_err(style_error)?;
            py.detach(|| styled::read(text, &options, &layers, sprite.as_ref()))
        }
    };
    let mut geo = match read {
        Ok(geo) => geo,
        Err(e) => return Err(label_error(py, e.message, None, None)),
    };
    geo.doc.options = geo.doc.options.with_max_overlap_area(flags.max_overlap_area);
    let doc = &geo.doc;
    let placement = py.detach(|| doc.place()).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = results(&geo, &placement).into_dict(py)?;
    // What the command would warn of, in the keywords' words (`geo.py` raises them as warnings).
    let show = |c: glam::DVec2| format!("center=({}, {})", c.x, c.y);
    let warnings: Vec<String> = style_warnings.into_iter().chain(geo.center_warning(&show)).collect();
    out.set_item("warnings", warnings)?;
    Ok(out)
}
