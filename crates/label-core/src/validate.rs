//! Checks at the boundary: every number finite and in range before the engine sees it.

use std::collections::HashMap;
use std::hash::Hash;

use crate::limits::{
    MAX_ANGLE, MAX_CANDIDATES, MAX_COORDINATE, MAX_GLYPHS, MAX_LATITUDE, MAX_LONGITUDE, MAX_PATH_POINTS, MAX_SIZE,
    MAX_THREADS, MIN_SIZE,
};
use crate::{Circle, Error, Label, Problem, Shape, Symbol, TextPath};

/// `v` if finite — the first check of every number at a boundary (the core's, the frame
/// engine's, the bindings', the command's all use these functions).
///
/// # Errors
/// [`Problem::NotFinite`] with the value.
pub fn finite(v: f64) -> Result<f64, Problem> {
    if v.is_finite() { Ok(v) } else { Err(Problem::NotFinite(v)) }
}

/// `v` if finite and of magnitude at most `limit`.
///
/// # Errors
/// [`Problem::NotFinite`] or [`Problem::TooLarge`] with the value.
pub fn within(v: f64, limit: f64) -> Result<f64, Problem> {
    let v = finite(v)?;
    if v.abs() > limit { Err(Problem::TooLarge { value: v, limit }) } else { Ok(v) }
}

/// `v` if finite and in `[0, limit]`.
///
/// ```
/// use label_core::Problem;
/// use label_core::validate::non_negative;
/// assert_eq!(non_negative(0.0, 5.0), Ok(0.0));
/// assert_eq!(non_negative(-1e9, 5.0), Err(Problem::Negative(-1e9)));
/// assert_eq!(non_negative(6.0, 5.0), Err(Problem::TooLarge { value: 6.0, limit: 5.0 }));
/// ```
///
/// # Errors
/// [`Problem::NotFinite`], [`Problem::Negative`] or [`Problem::TooLarge`] (checked in that
/// order) with the value.
pub fn non_negative(v: f64, limit: f64) -> Result<f64, Problem> {
    let v = finite(v)?;
    if v < 0.0 { Err(Problem::Negative(v)) } else { within(v, limit) }
}

/// `v` if finite and in `(0, limit]`.
///
/// ```
/// use label_core::Problem;
/// use label_core::validate::positive;
/// assert_eq!(positive(2.5, 5.0), Ok(2.5));
/// assert_eq!(positive(0.0, 5.0), Err(Problem::NotPositive(0.0)));
/// assert!(matches!(positive(f64::NAN, 5.0), Err(Problem::NotFinite(_))));
/// ```
///
/// # Errors
/// [`Problem::NotFinite`], [`Problem::NotPositive`] or [`Problem::TooLarge`] (checked in that
/// order) with the value.
pub fn positive(v: f64, limit: f64) -> Result<f64, Problem> {
    let v = finite(v)?;
    if v <= 0.0 { Err(Problem::NotPositive(v)) } else { within(v, limit) }
}

/// A size (width, height, radius): `> 0`, and at least [`MIN_SIZE`] and at most [`MAX_SIZE`].
///
/// # Errors
/// The [`Problem`] with the value.
pub fn size(v: f64) -> Result<f64, Problem> {
    let v = within(v, MAX_SIZE)?;
    if v <= 0.0 {
        Err(Problem::NotPositive(v))
    } else if v < MIN_SIZE {
        Err(Problem::TooSmall { value: v, limit: MIN_SIZE })
    } else {
        Ok(v)
    }
}

/// An angle in degrees: finite and of magnitude at most [`MAX_ANGLE`].
///
/// # Errors
/// The [`Problem`] with the value.
pub fn angle(v: f64) -> Result<f64, Problem> {
    within(v, MAX_ANGLE)
}

/// A latitude in degrees: finite and of magnitude at most [`MAX_LATITUDE`].
///
/// # Errors
/// The [`Problem`] with the value.
pub fn latitude(v: f64) -> Result<f64, Problem> {
    within(v, MAX_LATITUDE)
}

/// A longitude in degrees: finite and of magnitude at most [`MAX_LONGITUDE`].
///
/// # Errors
/// The [`Problem`] with the value.
pub fn longitude(v: f64) -> Result<f64, Problem> {
    within(v, MAX_LONGITUDE)
}

/// A number of worker threads: at most [`MAX_THREADS`] (0, "one per core", is the caller's to
/// allow or not).
///
/// # Errors
/// [`Problem::TooLarge`] with the count.
pub fn threads(n: usize) -> Result<usize, Problem> {
    if n > MAX_THREADS { Err(Problem::TooLarge { value: n as f64, limit: MAX_THREADS as f64 }) } else { Ok(n) }
}

/// Checks one label: finite numbers within [`crate::limits`], sizes from [`MIN_SIZE`] up,
/// padding ≥ 0.
///
/// # Errors
/// [`Error::InvalidLabel`] naming `index` and the first bad field.
pub fn check_label(index: usize, l: &Label) -> Result<(), Error> {
    if in_range(l) { Ok(()) } else { check_fields(index, l) }
}

/// [`check_label`] field by field: the first bad field named.
fn check_fields(index: usize, l: &Label) -> Result<(), Error> {
    let fail = |field: &'static str| move |problem| Error::InvalidLabel { index, field, problem };
    within(l.x, MAX_COORDINATE).map_err(fail("x"))?;
    within(l.y, MAX_COORDINATE).map_err(fail("y"))?;
    size(l.style.width).map_err(fail("width"))?;
    size(l.style.height).map_err(fail("height"))?;
    angle(l.style.angle).map_err(fail("angle"))?;
    finite(l.style.priority).map_err(fail("priority"))?;
    within(l.style.offset.x, MAX_COORDINATE).map_err(fail("offset"))?;
    within(l.style.offset.y, MAX_COORDINATE).map_err(fail("offset"))?;
    non_negative(l.style.padding, MAX_SIZE).map_err(fail("padding"))?;
    Ok(())
}

/// Whether every field [`check_label`] checks is in range, in one branch-free sweep: true
/// exactly when `check_label` finds nothing (a NaN or an infinity fails every comparison), so
/// that the field-by-field walk that names the bad field runs only for a bad label.
#[inline]
fn in_range(l: &Label) -> bool {
    let s = &l.style;
    let size = |v: f64| (MIN_SIZE..=MAX_SIZE).contains(&v);
    (l.x.abs() <= MAX_COORDINATE)
        & (l.y.abs() <= MAX_COORDINATE)
        & size(s.width)
        & size(s.height)
        & (s.angle.abs() <= MAX_ANGLE)
        & (s.priority.abs() <= f64::MAX)
        & (s.offset.x.abs() <= MAX_COORDINATE)
        & (s.offset.y.abs() <= MAX_COORDINATE)
        & (0.0..=MAX_SIZE).contains(&s.padding)
}

/// Checks what a symbol adds to label `index` (contract §3b): at most
/// [`MAX_CANDIDATES`] candidates with offsets in range, an icon of positive size with
/// finite offset and padding ≥ 0, a repeat distance ≥ 0, and a path as [`check_path`] wants
/// it, without candidates or icon.
///
/// # Errors
/// [`Error::InvalidLabel`] naming `index` and the first bad field (`candidates`, `icon.width`,
/// `icon.height`, `icon.offset`, `icon.padding`, `repeat_distance`, and [`check_path`]'s).
pub fn check_symbol(index: usize, s: &Symbol) -> Result<(), Error> {
    let in_range = s.path.as_ref().is_none_or(path_in_range) && symbol_in_range(s);
    if in_range { Ok(()) } else { check_symbol_fields(index, s) }
}

/// Whether a symbol's candidates, icon and repeat distance are in range (its path is
/// [`path_in_range`]'s), in one sweep without branches per number (as [`in_range`] for
/// labels): true exactly when the field walk finds nothing there, so that the walk, which
/// names the bad field, runs only for a bad symbol.
#[inline]
fn symbol_in_range(s: &Symbol) -> bool {
    let coordinate = |v: f64| v.abs() <= MAX_COORDINATE;
    let size = |v: f64| (MIN_SIZE..=MAX_SIZE).contains(&v);
    let candidates = s.candidates.iter().fold(true, |ok, c| ok & coordinate(c.offset.x) & coordinate(c.offset.y));
    let icon = s.icon.as_ref().is_none_or(|i| {
        size(i.width)
            & size(i.height)
            & coordinate(i.offset.x)
            & coordinate(i.offset.y)
            & (0.0..=MAX_SIZE).contains(&i.padding)
    });
    (s.path.is_none() | (s.candidates.is_empty() & s.icon.is_none()))
        & (s.candidates.len() <= MAX_CANDIDATES)
        & candidates
        & icon
        & (0.0..=MAX_COORDINATE).contains(&s.repeat_distance)
}

/// [`check_symbol`] field by field: the first bad field named.
fn check_symbol_fields(index: usize, s: &Symbol) -> Result<(), Error> {
    let fail = |field: &'static str| move |problem| Error::InvalidLabel { index, field, problem };
    if let Some(path) = &s.path {
        let alone = |field| fail(field)(Problem::BadShape("a path label has no candidates or icon".into()));
        if !s.candidates.is_empty() {
            return Err(alone("candidates"));
        }
        if s.icon.is_some() {
            return Err(alone("icon"));
        }
        check_path(path).map_err(|(field, problem)| Error::InvalidLabel { index, field, problem })?;
    }
    if s.candidates.len() > MAX_CANDIDATES {
        let len = s.candidates.len() as f64;
        return Err(fail("candidates")(Problem::TooLarge { value: len, limit: MAX_CANDIDATES as f64 }));
    }
    for c in &s.candidates {
        within(c.offset.x, MAX_COORDINATE).map_err(fail("candidates"))?;
        within(c.offset.y, MAX_COORDINATE).map_err(fail("candidates"))?;
    }
    if let Some(icon) = &s.icon {
        size(icon.width).map_err(fail("icon.width"))?;
        size(icon.height).map_err(fail("icon.height"))?;
        within(icon.offset.x, MAX_COORDINATE).map_err(fail("icon.offset"))?;
        within(icon.offset.y, MAX_COORDINATE).map_err(fail("icon.offset"))?;
        non_negative(icon.padding, MAX_SIZE).map_err(fail("icon.padding"))?;
    }
    non_negative(s.repeat_distance, MAX_COORDINATE).map_err(fail("repeat_distance"))?;
    Ok(())
}

/// Checks a text's path (contract §3b): 2 to [`MAX_PATH_POINTS`] points in range, consecutive
/// points distinct; 1 to [`MAX_GLYPHS`] glyph advances, each a size; a finite `path_offset`
/// in range; `max_angle` in `[0, 180]`.
///
/// # Errors
/// The bad field (`path`, `glyph_advances`, `path_offset`, `max_angle`) and its problem.
pub fn check_path(p: &TextPath) -> Result<(), (&'static str, Problem)> {
    if path_in_range(p) { Ok(()) } else { check_path_fields(p) }
}

/// Whether a path passes [`check_path`], in one sweep over its points and advances without a
/// branch per number: true exactly when the field walk finds nothing.
#[inline]
fn path_in_range(p: &TextPath) -> bool {
    let coordinate = |v: f64| v.abs() <= MAX_COORDINATE;
    let points = p.points.iter().fold(true, |ok, q| ok & coordinate(q.x) & coordinate(q.y));
    let distinct = p.points.windows(2).fold(true, |ok, w| ok & (w[0] != w[1]));
    let advances = p.glyph_advances.iter().fold(true, |ok, a| ok & (MIN_SIZE..=MAX_SIZE).contains(a));
    (2..=MAX_PATH_POINTS).contains(&p.points.len())
        & (1..=MAX_GLYPHS).contains(&p.glyph_advances.len())
        & points
        & distinct
        & advances
        & p.path_offset.is_none_or(coordinate)
        & (0.0..=180.0).contains(&p.max_angle)
}

/// [`check_path`] field by field: the first bad field named.
fn check_path_fields(p: &TextPath) -> Result<(), (&'static str, Problem)> {
    let shape = |field, text: String| Err((field, Problem::BadShape(text)));
    if p.points.len() < 2 {
        return shape("path", format!("expected at least 2 points, got {}", p.points.len()));
    }
    if p.points.len() > MAX_PATH_POINTS {
        return Err(("path", Problem::TooLarge { value: p.points.len() as f64, limit: MAX_PATH_POINTS as f64 }));
    }
    for (k, q) in p.points.iter().enumerate() {
        within(q.x, MAX_COORDINATE).map_err(|e| ("path", e))?;
        within(q.y, MAX_COORDINATE).map_err(|e| ("path", e))?;
        if k > 0 && p.points[k - 1] == *q {
            return shape("path", format!("point {k} repeats the point before it"));
        }
    }
    if p.glyph_advances.is_empty() {
        return shape("glyph_advances", "expected at least one glyph".into());
    }
    if p.glyph_advances.len() > MAX_GLYPHS {
        let value = p.glyph_advances.len() as f64;
        return Err(("glyph_advances", Problem::TooLarge { value, limit: MAX_GLYPHS as f64 }));
    }
    for &a in &p.glyph_advances {
        size(a).map_err(|e| ("glyph_advances", e))?;
    }
    if let Some(offset) = p.path_offset {
        within(offset, MAX_COORDINATE).map_err(|e| ("path_offset", e))?;
    }
    non_negative(p.max_angle, 180.0).map_err(|e| ("max_angle", e))?;
    Ok(())
}

/// Checks one obstacle shape: finite coordinates in range, radius > 0. (Polygons are checked
/// for convexity when built.)
///
/// # Errors
/// [`Error::InvalidObstacle`] naming `index` and the bad field.
pub fn check_obstacle(index: usize, shape: &Shape) -> Result<(), Error> {
    let fail = |field: &'static str| move |problem| Error::InvalidObstacle { index, field, problem };
    let points: Vec<glam::DVec2> = match shape {
        Shape::Aabb(b) => vec![b.min.as_dvec2(), b.max.as_dvec2()],
        Shape::Obb(b) => {
            size(f64::from(b.half.x)).map_err(fail("half"))?;
            size(f64::from(b.half.y)).map_err(fail("half"))?;
            let len = f64::from(b.axis.length());
            if (len - 1.0).abs() >= 1e-3 || len.is_nan() {
                return Err(fail("axis")(Problem::BadShape(format!("axis must be a unit vector, has length {len}"))));
            }
            vec![b.center]
        }
        Shape::Circle(Circle { center, radius }) => {
            size(f64::from(*radius)).map_err(fail("radius"))?;
            vec![*center]
        }
        Shape::Polygon(p) => p.points().iter().map(|p| p.as_dvec2()).collect(),
        Shape::Segment(s) => vec![s.a.as_dvec2(), s.b.as_dvec2()],
    };
    for p in points {
        within(p.x, MAX_COORDINATE).map_err(fail("coordinates"))?;
        within(p.y, MAX_COORDINATE).map_err(fail("coordinates"))?;
    }
    if let Shape::Aabb(b) = shape
        && !(b.min.x < b.max.x && b.min.y < b.max.y)
    {
        return Err(fail("box")(Problem::BadShape("the box has no area (min must be below max)".into())));
    }
    Ok(())
}

/// Finds the first repeated id.
///
/// # Errors
/// [`Error::InvalidLabel`] with field `id` and [`Problem::DuplicateId`] at the second use.
pub fn check_unique_ids<'a, I: Eq + Hash + 'a>(ids: impl IntoIterator<Item = &'a I>) -> Result<(), Error> {
    let mut seen: HashMap<&I, usize> = HashMap::new();
    for (index, id) in ids.into_iter().enumerate() {
        if let Some(&first_index) = seen.get(id) {
            return Err(Error::InvalidLabel { index, field: "id", problem: Problem::DuplicateId { first_index } });
        }
        seen.insert(id, index);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoxStyle;

    /// Values at and around every limit, for a field of each kind.
    const EDGES: [f64; 25] = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        MIN_SIZE,
        MIN_SIZE / 2.0,
        1e-310,
        MAX_SIZE,
        MAX_SIZE * (1.0 + f64::EPSILON),
        -MAX_SIZE,
        MAX_ANGLE,
        -MAX_ANGLE,
        MAX_ANGLE * 1.5,
        180.0,
        180.000_000_000_1,
        MAX_COORDINATE,
        MAX_COORDINATE * (1.0 + f64::EPSILON),
        -MAX_COORDINATE,
        -MAX_COORDINATE * (1.0 + f64::EPSILON),
        f64::MAX,
        f64::MIN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
    ];

    /// Each field of `ok` set, in turn, to each of [`EDGES`], the others fine: the quick check
    /// agrees with the field walk every time. How many values were good and how many bad.
    fn quick_agrees_with_walk<T: Clone>(
        ok: &T,
        fields: &[fn(&mut T, f64)],
        quick: impl Fn(&T) -> bool,
        walk: impl Fn(&T) -> bool,
    ) -> (usize, usize) {
        let (mut good, mut bad) = (0, 0);
        for (f, set) in fields.iter().enumerate() {
            for &v in &EDGES {
                let mut t = ok.clone();
                set(&mut t, v);
                let walked = walk(&t);
                assert_eq!(quick(&t), walked, "field {f} = {v:e}");
                (good, bad) = if walked { (good + 1, bad) } else { (good, bad + 1) };
            }
        }
        (good, bad)
    }

    #[test]
    fn the_quick_check_passes_exactly_the_labels_the_field_walk_passes() {
        let ok = Label::new(1.0, 2.0, 3.0, 4.0);
        let fields: [fn(&mut Label, f64); 10] = [
            |l, v| l.x = v,
            |l, v| l.y = v,
            |l, v| l.style.width = v,
            |l, v| l.style.height = v,
            |l, v| l.style.angle = v,
            |l, v| l.style.priority = v,
            |l, v| l.style.offset.x = v,
            |l, v| l.style.offset.y = v,
            |l, v| l.style.padding = v,
            |l, v| l.style.padding = -v,
        ];
        let (good, bad) = quick_agrees_with_walk(&ok, &fields, in_range, |l| check_fields(0, l).is_ok());
        assert!(good > 50 && bad > 50, "{good} good, {bad} bad");
    }

    #[test]
    fn the_quick_symbol_check_passes_exactly_the_symbols_the_field_walk_passes() {
        use crate::{Anchor, Candidate, Icon};
        let around = vec![Candidate::new(Anchor::Left), Candidate::new(Anchor::Right)];
        let ok = Symbol::default().with_candidates(around).with_icon(Icon::new(3.0, 4.0)).with_repeat(1, 5.0);
        let fields: [fn(&mut Symbol, f64); 8] = [
            |s, v| s.candidates[1].offset.x = v,
            |s, v| s.candidates[0].offset.y = v,
            |s, v| s.icon.as_mut().unwrap().width = v,
            |s, v| s.icon.as_mut().unwrap().height = v,
            |s, v| s.icon.as_mut().unwrap().offset.x = v,
            |s, v| s.icon.as_mut().unwrap().offset.y = v,
            |s, v| s.icon.as_mut().unwrap().padding = v,
            |s, v| s.repeat_distance = v,
        ];
        let (good, bad) = quick_agrees_with_walk(&ok, &fields, symbol_in_range, |s| check_symbol_fields(0, s).is_ok());
        assert!(good > 30 && bad > 30, "{good} good, {bad} bad");
        let many = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Top); MAX_CANDIDATES + 1]);
        assert!(!symbol_in_range(&many) && check_symbol(0, &many).is_err());
        let path = TextPath::new(vec![glam::DVec2::ZERO, glam::DVec2::X], vec![1.0]);
        let along = Symbol::default().with_path(path);
        assert!(symbol_in_range(&along) && check_symbol(0, &along).is_ok());
        let along_with_icon = along.clone().with_icon(Icon::new(3.0, 4.0));
        assert!(!symbol_in_range(&along_with_icon) && check_symbol(0, &along_with_icon).is_err());
        let short = Symbol::default().with_path(TextPath::new(vec![glam::DVec2::ZERO], vec![1.0]));
        assert!(symbol_in_range(&short), "the path is not this check's");
        assert!(check_symbol(0, &short).is_err(), "a bad path fails the symbol");
    }

    #[test]
    fn the_quick_path_check_passes_exactly_the_paths_the_field_walk_passes() {
        let p = |x, y| glam::DVec2::new(x, y);
        let ok = TextPath::new(vec![p(0.0, 0.0), p(10.0, 0.0), p(20.0, 5.0)], vec![2.0, 3.0]);
        let fields: [fn(&mut TextPath, f64); 8] = [
            |t, v| t.points[0].x = v,
            |t, v| t.points[2].y = v,
            |t, v| t.points[1].x = v,                   // equal to the point before it at 0
            |t, v| t.points[1] = glam::DVec2::splat(v), // and at ±0 (−0 equals 0)
            |t, v| t.glyph_advances[1] = v,             // a size
            |t, v| t.path_offset = Some(v),
            |t, v| t.max_angle = v,
            |t, v| t.max_angle = -v,
        ];
        let (good, bad) = quick_agrees_with_walk(&ok, &fields, path_in_range, |t| check_path_fields(t).is_ok());
        assert!(good > 30 && bad > 30, "{good} good, {bad} bad");
        let counts =
            [(1, 1), (2, 0), (MAX_PATH_POINTS, 1), (MAX_PATH_POINTS + 1, 1), (2, MAX_GLYPHS), (2, MAX_GLYPHS + 1)];
        for (points, glyphs) in counts {
            let t = TextPath::new((0..points).map(|k| p(k as f64, 0.0)).collect(), vec![1.0; glyphs]);
            assert_eq!(path_in_range(&t), check_path_fields(&t).is_ok(), "{points} points, {glyphs} glyphs");
        }
    }

    #[test]
    fn each_bad_field_is_named() {
        let ok = Label::new(1.0, 2.0, 3.0, 4.0);
        assert_eq!(check_label(0, &ok), Ok(()));
        let cases: Vec<(Label, &str)> = vec![
            (Label { x: f64::NAN, ..ok.clone() }, "x"),
            (Label { y: f64::INFINITY, ..ok.clone() }, "y"),
            (Label { style: BoxStyle { width: 0.0, ..ok.style }, ..ok.clone() }, "width"),
            (Label { style: BoxStyle { height: -1.0, ..ok.style }, ..ok.clone() }, "height"),
            (Label { style: BoxStyle { angle: f64::NEG_INFINITY, ..ok.style }, ..ok.clone() }, "angle"),
            (Label { style: BoxStyle { priority: f64::NAN, ..ok.style }, ..ok.clone() }, "priority"),
            (Label { style: BoxStyle { padding: -0.5, ..ok.style }, ..ok.clone() }, "padding"),
            (Label { x: 1e16, ..ok.clone() }, "x"),
            (Label { style: BoxStyle { width: 1e-46, ..ok.style }, ..ok.clone() }, "width"),
            (Label { style: BoxStyle { height: 1e-310, ..ok.style }, ..ok.clone() }, "height"),
            (Label { style: BoxStyle { angle: 1e300, ..ok.style }, ..ok.clone() }, "angle"),
            (Label { style: BoxStyle { offset: glam::DVec2::new(0.0, f64::NAN), ..ok.style }, ..ok.clone() }, "offset"),
        ];
        for (label, field) in cases {
            match check_label(7, &label) {
                Err(Error::InvalidLabel { index: 7, field: f, .. }) => assert_eq!(f, field),
                other => panic!("{field}: {other:?}"),
            }
        }
        // 1e12 is a valid (if far away) coordinate.
        assert_eq!(check_label(0, &Label { x: 1e12, ..ok }), Ok(()));
    }

    #[test]
    fn duplicate_ids_name_both_positions() {
        let ids = ["a", "b", "c", "b"];
        assert_eq!(
            check_unique_ids(ids.iter()),
            Err(Error::InvalidLabel { index: 3, field: "id", problem: Problem::DuplicateId { first_index: 1 } })
        );
        assert_eq!(check_unique_ids(["x", "y"].iter()), Ok(()));
    }

    #[test]
    fn obstacles_are_checked() {
        use glam::Vec2;
        assert!(check_obstacle(0, &Shape::Circle(Circle::new(Vec2::ZERO, 0.0))).is_err());
        assert!(check_obstacle(0, &Shape::Circle(Circle::new(Vec2::ZERO, 1.0))).is_ok());
        let flat = crate::Aabb { min: Vec2::ZERO, max: Vec2::new(1.0, 0.0) };
        assert!(check_obstacle(2, &Shape::Aabb(flat)).is_err());
        let seg = crate::Segment::new(Vec2::ZERO, Vec2::new(f32::NAN, 0.0));
        assert!(matches!(check_obstacle(3, &Shape::Segment(seg)), Err(Error::InvalidObstacle { index: 3, .. })));
    }
}
