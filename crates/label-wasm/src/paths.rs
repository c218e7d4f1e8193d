//! The path columns a caller may write beside the label columns (contract §3b): per label a
//! count of line points and of glyph advances, the text's offset along the line and its
//! largest turn; then one table of points (x, y pairs, in the labels' coordinates) and one of
//! advances, label after label. A label with points is a text along its line
//! (`WorldLabel::along_path`): its height, priority, padding, overlap flags and keep-upright
//! bit come from the label columns; its x, y, width, angle, anchor and offset are not used.

use label_core::TextPath;

use crate::columns::Coordinates;
use crate::room;

/// The per-label `f64` path columns, in the order the ABI numbers them.
pub const PATH_FIELD_NAMES: [&str; 4] = ["points", "glyphs", "pathOffset", "maxAngle"];

/// The path columns for `len` labels, then the point table, then the advance table.
#[derive(Clone, Debug, Default)]
pub struct PathColumns {
    len: usize,
    points: usize,
    glyphs: usize,
    values: Vec<f64>,
}

/// A count in column `field` of label `i`, at most `left`.
fn count(i: usize, field: &str, value: f64, left: usize) -> Result<usize, String> {
    if value.fract() != 0.0 || !(0.0..=left as f64).contains(&value) {
        return Err(format!("label {i} (id {i}): field `{field}`: {value} is not a count of the {left} rows left"));
    }
    Ok(value as usize)
}

impl PathColumns {
    /// Room for `len` labels, `points` points and `glyphs` advances: every value 0 (no path)
    /// but the largest turns, label-core's default.
    ///
    /// # Errors
    /// A message when the sizes overflow or the memory cannot be had; the columns are empty
    /// then.
    pub fn resize(&mut self, len: usize, points: usize, glyphs: usize) -> Result<(), String> {
        (self.len, self.points, self.glyphs) = (0, 0, 0);
        self.values.clear();
        let values = room::values(&[(len, PATH_FIELD_NAMES.len()), (points, 2), (glyphs, 1)], "paths")?;
        room::refill(&mut self.values, values, 0.0, "paths")?;
        self.values[3 * len..4 * len].fill(label_core::path::DEFAULT_MAX_ANGLE);
        (self.len, self.points, self.glyphs) = (len, points, glyphs);
        Ok(())
    }

    /// The whole buffer, as written.
    #[must_use]
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// The whole buffer, to write: the columns, the point table, the advance table.
    pub fn values_mut(&mut self) -> &mut [f64] {
        &mut self.values
    }

    /// The text path of every label (`None`: not a path label), its points in world px;
    /// `keep_upright[i]` from the label's flags. The engine checks the numbers.
    pub fn paths(&self, coordinates: Coordinates, keep_upright: &[bool]) -> Result<Vec<Option<TextPath>>, String> {
        let n = self.len;
        let column = |k: usize, i: usize| self.values[k * n + i];
        let points = &self.values[PATH_FIELD_NAMES.len() * n..PATH_FIELD_NAMES.len() * n + 2 * self.points];
        let advances = &self.values[PATH_FIELD_NAMES.len() * n + 2 * self.points..];
        let (mut p, mut g) = (0, 0);
        let paths = (0..n)
            .map(|i| {
                let k = count(i, "points", column(0, i), self.points - p)?;
                let m = count(i, "glyphs", column(1, i), self.glyphs - g)?;
                let line = &points[2 * p..2 * (p + k)];
                let glyphs = advances[g..g + m].to_vec();
                (p, g) = (p + k, g + m);
                if k == 0 {
                    return Ok(None);
                }
                if m == 0 {
                    // Named here: the engine would first find the label's width (the sum of
                    // its advances) 0.
                    return Err(format!(
                        "label {i} (id {i}): field `glyphs`: a text along a line needs its glyph advances \
                         (`glyphAdvances` of setLabels), got none"
                    ));
                }
                let point = |(k, xy): (usize, &[f64])| {
                    coordinates.to_world(xy[0], xy[1], || format!("label {i} (id {i}): point {k} of its path"))
                };
                let line = line.chunks_exact(2).enumerate().map(point).collect::<Result<_, _>>()?;
                let mut path =
                    TextPath::new(line, glyphs).with_max_angle(column(3, i)).with_keep_upright(keep_upright[i]);
                let offset = column(2, i);
                if !offset.is_nan() {
                    path = path.with_path_offset(offset);
                }
                Ok(Some(path))
            })
            .collect::<Result<Vec<_>, String>>()?;
        if (p, g) != (self.points, self.glyphs) {
            return Err(format!(
                "paths: {} points and {} advances written, {p} and {g} used by the labels' counts",
                self.points, self.glyphs
            ));
        }
        Ok(paths)
    }

    /// Columns holding `paths` (points in world or screen px), one per label in order: what a
    /// caller writes for them.
    #[must_use]
    pub fn from_paths(paths: &[Option<TextPath>]) -> Self {
        let lines = || paths.iter().flatten();
        let mut c = PathColumns::default();
        let (points, glyphs) = (lines().map(|p| p.points.len()).sum(), lines().map(|p| p.glyph_advances.len()).sum());
        c.resize(paths.len(), points, glyphs).expect("paths in memory fit");
        let n = paths.len();
        let (mut point, mut glyph) = (PATH_FIELD_NAMES.len() * n, PATH_FIELD_NAMES.len() * n + 2 * c.points);
        for (i, p) in paths.iter().enumerate() {
            let Some(p) = p else { continue };
            let offset = p.path_offset.unwrap_or(f64::NAN);
            for (k, v) in
                [p.points.len() as f64, p.glyph_advances.len() as f64, offset, p.max_angle].into_iter().enumerate()
            {
                c.values[k * n + i] = v;
            }
            for q in &p.points {
                c.values[point..point + 2].copy_from_slice(&[q.x, q.y]);
                point += 2;
            }
            c.values[glyph..glyph + p.glyph_advances.len()].copy_from_slice(&p.glyph_advances);
            glyph += p.glyph_advances.len();
        }
        c
    }
}

/// The glyphs of a laid-out text as rows of centre x, centre y (screen px), angle (degrees
/// counter-clockwise) and advance (px).
#[must_use]
pub fn glyph_rows(layout: &label_core::PathLayout) -> Vec<f64> {
    layout.glyphs.iter().flat_map(|g| [g.center.x, g.center.y, g.angle(), g.advance]).collect()
}
