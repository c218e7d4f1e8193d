//! One instance's state behind the exports: the frame engine, the input columns the caller
//! writes, the result columns it reads, and the last error's message.

use glam::{DVec2, Vec2};
use label_core::limits::MAX_COORDINATE;
use label_core::{Circle, Obb, PlacementOptions, Problem, Shape, TextPath, validate};
use label_frame::{Camera, FrameEngine, FrameOptions, Projection, Stickiness};

use crate::batch::place_batch;
use crate::columns::{Columns, Coordinates};
use crate::output::Output;
use crate::paths::{PathColumns, glyph_rows};
use crate::room;
use crate::symbols::SymbolColumns;

/// What every export that can fail returns: 0 for success, 1 for an error whose message is
/// [`Engine::error`].
pub type Status = i32;

/// Values per obstacle in the obstacle buffer: kind (0 box, 1 circle), then box left, top,
/// right, bottom or circle centre x, centre y, radius, unused.
pub const OBSTACLE_VALUES: usize = 5;

/// Values in the camera buffer: centre x, centre y, coordinates (0 world px, 1 lon/lat), zoom,
/// bearing, pitch, viewport width, height, vertical field of view (0: the default), the centre
/// of perspective's offset x, y from the viewport's middle (px; a map's padding).
pub const CAMERA_VALUES: usize = 11;

/// The camera in a camera buffer (checked by the engine when a frame is placed).
pub fn camera(v: &[f64; CAMERA_VALUES]) -> Result<Camera, String> {
    let coordinates = match v[2] {
        0.0 => Coordinates::WorldPx,
        1.0 => Coordinates::LonLat,
        other => return Err(format!("camera: coordinates {other} is neither 0 (world px) nor 1 (lon/lat)")),
    };
    let center = coordinates.to_world(v[0], v[1], || "camera".to_owned())?;
    let mut camera = Camera::new(center, v[3], v[6], v[7]).with_bearing(v[4]).with_pitch(v[5]);
    if v[8] != 0.0 {
        camera = camera.with_fov(v[8]);
    }
    Ok(camera.with_center_offset(DVec2::new(v[9], v[10])))
}

/// Obstacle `i` from its row (kind, then a box's left, top, right, bottom or a circle's
/// centre and radius), its numbers checked in f64 (the C ABI's messages). A box keeps its centre
/// in f64 like a label's, and so does a circle.
fn obstacle(i: usize, o: &[f64]) -> Result<Shape, String> {
    let fail = |field: &str, p: Problem| format!("obstacle {i}: field `{field}`: {p}");
    let corners = if o[0] == 0.0 { &o[1..5] } else { &o[1..3] };
    for &v in corners {
        validate::within(v, MAX_COORDINATE).map_err(|p| fail("coordinates", p))?;
    }
    match o[0] {
        0.0 if !(o[1] < o[3] && o[2] < o[4]) => {
            Err(fail("box", Problem::BadShape("the box has no area (min must be below max)".into())))
        }
        0.0 => {
            let (min, max) = (DVec2::new(o[1], o[2]), DVec2::new(o[3], o[4]));
            Ok(Shape::Obb(Obb { center: (min + max) * 0.5, half: ((max - min) * 0.5).as_vec2(), axis: Vec2::X }))
        }
        1.0 => {
            validate::size(o[3]).map_err(|p| fail("radius", p))?;
            Ok(Shape::Circle(Circle::new(DVec2::new(o[1], o[2]), o[3] as f32)))
        }
        kind => Err(format!("obstacle {i}: kind {kind} is neither 0 (box) nor 1 (circle)")),
    }
}

/// Values the ABI passes for the frame options: hysteresis (px), fade (ms), longest reuse of
/// a placement (ms), perspective scaling, tolerated overlap (px²), stickiness (0 none, 1 ties,
/// 2 shown), reuse of translation-only frames and copies of the world (0 or 1).
pub type OptionValues = [f64; 8];

/// The frame options from their values, checked.
pub fn options(v: &OptionValues) -> Result<FrameOptions, String> {
    let stickiness = match v[5] {
        0.0 => Stickiness::None,
        1.0 => Stickiness::Ties,
        2.0 => Stickiness::Shown,
        other => return Err(format!("option `stickiness`: {other} is not 0 (none), 1 (ties) or 2 (shown)")),
    };
    let options = FrameOptions {
        hysteresis_px: v[0],
        fade_ms: v[1],
        full_placement_interval_ms: v[2],
        perspective_scaling: v[3],
        max_overlap_area: v[4] as f32,
        stickiness,
        reuse_translations: v[6] != 0.0,
        world_copies: v[7] != 0.0,
        ..FrameOptions::default()
    };
    options.validate().map_err(|e| e.to_string())?;
    Ok(options)
}

/// One instance's engine and buffers.
pub struct Engine {
    frames: FrameEngine,
    /// The camera buffer the caller writes before a frame ([`camera`]).
    pub camera: [f64; CAMERA_VALUES],
    /// World points (x, y pairs, world px) the caller writes for [`Engine::project_points`].
    pub points: Vec<f64>,
    /// The points on screen (x, y pairs, px; NaN behind the camera).
    pub projected: Vec<f64>,
    /// The world point [`Engine::unproject`] found (NaN for none).
    pub unprojected: [f64; 2],
    input: Columns,
    symbol_input: SymbolColumns,
    path_input: PathColumns,
    /// The glyphs [`Engine::write_glyphs`] wrote: centre x, centre y, angle, advance per glyph.
    pub glyphs: Vec<f64>,
    /// Whether the line of the glyphs [`Engine::write_glyphs`] wrote was reversed to keep its
    /// text upright.
    pub glyphs_reversed: bool,
    obstacle_input: Vec<f64>,
    obstacles: Vec<Shape>,
    /// The result columns of the last frame or batch.
    pub output: Output,
    /// After a batch, until the next frame: its labels' lines (none for plain labels), for
    /// their glyphs. Only these are kept: a batch's labels and decisions are in `output`.
    batch_paths: Option<Vec<Option<TextPath>>>,
    error: String,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine with the default options and no labels.
    #[must_use]
    pub fn new() -> Self {
        let frames = FrameEngine::new(FrameOptions::default()).expect("the default options are valid");
        Self {
            frames,
            camera: [0.0; CAMERA_VALUES],
            points: Vec::new(),
            projected: Vec::new(),
            unprojected: [f64::NAN; 2],
            input: Columns::default(),
            symbol_input: SymbolColumns::default(),
            path_input: PathColumns::default(),
            glyphs: Vec::new(),
            glyphs_reversed: false,
            obstacle_input: Vec::new(),
            obstacles: Vec::new(),
            output: Output::default(),
            batch_paths: None,
            error: String::new(),
        }
    }

    /// The message of the last failed call.
    #[must_use]
    pub fn error(&self) -> &str {
        &self.error
    }

    /// A result as a status, keeping the message of an error.
    pub fn status(&mut self, result: Result<(), String>) -> Status {
        match result {
            Ok(()) => 0,
            Err(message) => {
                self.error = message;
                1
            }
        }
    }

    /// Room for `n` labels in the input columns (zeroed), to be written by the caller; the
    /// labels are plain until [`Engine::symbol_input`] is called.
    ///
    /// # Errors
    /// A message when `n` is past the limit or the memory cannot be had (the input is then
    /// empty).
    pub fn input(&mut self, n: usize) -> Result<&mut Columns, String> {
        self.symbol_input.resize(0, 0)?;
        self.path_input.resize(0, 0, 0)?;
        self.input.resize(n)?;
        Ok(&mut self.input)
    }

    /// Room for the symbols of the input's labels with `candidates` candidate rows (zeroed:
    /// plain labels), to be written by the caller.
    ///
    /// # Errors
    /// A message when the memory cannot be had (the labels are then plain).
    pub fn symbol_input(&mut self, candidates: usize) -> Result<&mut SymbolColumns, String> {
        self.symbol_input.resize(self.input.len(), candidates)?;
        Ok(&mut self.symbol_input)
    }

    /// Room for the lines of the input's labels, `points` points and `glyphs` advances in all
    /// (zeroed: no path labels), to be written by the caller.
    ///
    /// # Errors
    /// A message when the memory cannot be had (no label has a line then).
    pub fn path_input(&mut self, points: usize, glyphs: usize) -> Result<&mut PathColumns, String> {
        self.path_input.resize(self.input.len(), points, glyphs)?;
        Ok(&mut self.path_input)
    }

    /// The input columns as they are.
    #[must_use]
    pub fn input_columns(&self) -> &Columns {
        &self.input
    }

    /// Room for `n` obstacles ([`OBSTACLE_VALUES`] each, zeroed).
    ///
    /// # Errors
    /// A message when the memory cannot be had (no obstacle rows then).
    pub fn obstacle_input(&mut self, n: usize) -> Result<&mut [f64], String> {
        let values = room::values(&[(n, OBSTACLE_VALUES)], "obstacles")?;
        room::refill(&mut self.obstacle_input, values, 0.0, "obstacles")?;
        Ok(&mut self.obstacle_input)
    }

    /// Gives the frame engine the labels in the input columns.
    pub fn set_labels(&mut self, coordinates: u32) -> Result<(), String> {
        let coordinates = Coordinates::from_code(coordinates)?;
        let mut labels = self.input.world_labels(coordinates)?;
        for (label, symbol) in labels.iter_mut().zip(self.symbol_input.symbols()?) {
            label.symbol = symbol;
        }
        let upright: Vec<bool> = labels.iter().map(|l| l.keep_upright).collect();
        for (label, path) in labels.iter_mut().zip(self.path_input.paths(coordinates, &upright)?) {
            if let Some(path) = path {
                *label = std::mem::take(label).with_path(path);
            }
        }
        self.frames.set_labels(labels).map_err(|e| e.to_string())
    }

    /// Sets the frame options.
    pub fn set_options(&mut self, values: &OptionValues) -> Result<(), String> {
        self.frames.set_options(options(values)?).map_err(|e| e.to_string())
    }

    /// Reads the obstacle buffer into shapes and gives them to the frame engine (and to later
    /// batches).
    pub fn set_obstacles(&mut self) -> Result<(), String> {
        let shapes = self
            .obstacle_input
            .chunks_exact(OBSTACLE_VALUES)
            .enumerate()
            .map(|(i, o)| obstacle(i, o))
            .collect::<Result<Vec<_>, _>>()?;
        self.frames.set_obstacles(shapes.clone()).map_err(|e| e.to_string())?;
        self.obstacles = shapes;
        Ok(())
    }

    /// Places a frame with the camera in the camera buffer and writes its result columns.
    pub fn place_frame(&mut self, time_ms: f64) -> Result<(), String> {
        let camera = camera(&self.camera)?;
        self.frames.place_frame(&camera, time_ms).map_err(|e| e.to_string())?;
        self.batch_paths = None;
        self.output.write_frame(self.frames.frame(), self.frames.timings());
        Ok(())
    }

    /// Writes the glyphs of label `i` in the last frame or batch to `glyphs` and returns their
    /// count: `None` when it is not a path label or the frame has no pose for it, or its text
    /// does not fit its line.
    pub fn write_glyphs(&mut self, i: usize) -> Option<usize> {
        self.glyphs.clear();
        self.glyphs_reversed = false;
        let layout = match &self.batch_paths {
            Some(paths) => paths.get(i)?.as_ref()?.layout().ok()?,
            None => self.frames.screen_glyphs(i)?.ok()?,
        };
        self.glyphs = glyph_rows(&layout);
        self.glyphs_reversed = layout.reversed;
        Some(layout.glyphs.len())
    }

    /// Room for `n` world points (x, y pairs), zeroed.
    ///
    /// # Errors
    /// A message when the memory cannot be had (no points then).
    pub fn points(&mut self, n: usize) -> Result<&mut [f64], String> {
        self.projected.clear();
        let values = room::values(&[(n, 2)], "points")?;
        room::refill(&mut self.points, values, 0.0, "points")?;
        room::refill(&mut self.projected, values, f64::NAN, "points")?;
        Ok(&mut self.points)
    }

    /// Projects the world points with the camera in the camera buffer (the geography a page
    /// draws under the labels goes through the engine's own projection).
    pub fn project_points(&mut self) -> Result<(), String> {
        let camera = camera(&self.camera)?;
        camera.validate().map_err(|e| e.to_string())?;
        let projection = Projection::new(&camera);
        for (world, screen) in self.points.chunks_exact(2).zip(self.projected.chunks_exact_mut(2)) {
            let p = projection.project(DVec2::new(world[0], world[1]));
            let at = p.map_or(DVec2::NAN, |p| p.screen);
            screen.copy_from_slice(&[at.x, at.y]);
        }
        Ok(())
    }

    /// The world point (world px) under screen point `(x, y)` with the camera in the camera
    /// buffer, in `unprojected` (NaN above the horizon).
    pub fn unproject(&mut self, x: f64, y: f64) -> Result<(), String> {
        let camera = camera(&self.camera)?;
        camera.validate().map_err(|e| e.to_string())?;
        let at = Projection::new(&camera).unproject(DVec2::new(x, y)).unwrap_or(DVec2::NAN);
        self.unprojected = [at.x, at.y];
        Ok(())
    }

    /// Writes the box on screen of every label the last frame posed or hid by a collision
    /// (the debug view draws both; NaN for the others). A batch wrote its boxes already.
    pub fn write_boxes(&mut self) {
        if self.batch_paths.is_some() {
            return;
        }
        for i in 0..self.output.visible.len() {
            let posed = !self.output.pose[i].is_nan() || self.output.reason[i] == crate::output::REASON_COLLISION;
            let b = if posed { self.frames.screen_label(i).map(|l| l.obb()) } else { None };
            self.output.write_box(i, b);
        }
    }

    /// Places the input columns as screen labels in one batch (`label_core::place`, or
    /// `label_core::place_symbols` when symbol or path columns were written: no memory, no
    /// camera) in a viewport of `width` × `height` px (0 × 0: none), with the obstacles set.
    pub fn place_batch(&mut self, width: f64, height: f64, max_overlap_area: f64) -> Result<(), String> {
        let mut options = PlacementOptions::default().with_max_overlap_area(max_overlap_area as f32);
        if width > 0.0 || height > 0.0 {
            options = options.with_viewport(width as f32, height as f32);
        }
        let batch = place_batch(&self.input, &self.symbol_input, &self.path_input, &self.obstacles, &options)?;
        let anchors = batch.labels.iter().map(|l| [l.x, l.y, l.style.angle]);
        self.output.write_placement(&batch.placement, anchors);
        for i in 0..batch.labels.len() {
            self.output.write_box(i, Some(batch.text_box(i)));
        }
        self.batch_paths = Some(batch.symbols.into_iter().map(|s| s.path).collect());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::F64Field;
    use crate::output::{BLOCKER_LABEL, NO_CANDIDATE, REASON_COLLISION};
    use crate::paths::glyph_rows;
    use label_core::HiddenReason;
    use label_frame::WorldLabel;

    /// Centre (128, 128) world px, zoom 4, 800 × 600 px.
    const CAMERA: [f64; CAMERA_VALUES] = [128.0, 128.0, 0.0, 4.0, 0.0, 0.0, 800.0, 600.0, 0.0, 0.0, 0.0];

    #[test]
    fn points_project_and_unproject_with_the_engines_projection() {
        let mut engine = Engine::new();
        engine.camera = CAMERA;
        (engine.camera[3], engine.camera[4]) = (2.0, 90.0);
        engine.points(2).unwrap().copy_from_slice(&[129.0, 128.0, 128.0, 128.0]);
        engine.project_points().unwrap();
        assert_eq!(engine.projected, [400.0, 296.0, 400.0, 300.0]);
        engine.unproject(400.0, 296.0).unwrap();
        assert_eq!(engine.unprojected, [129.0, 128.0]);
        assert_eq!(engine.projected, [400.0, 296.0, 400.0, 300.0]);
        // The centre of perspective 100 px right of and 20 px above the middle.
        (engine.camera[9], engine.camera[10]) = (100.0, -20.0);
        engine.project_points().unwrap();
        assert_eq!(engine.projected, [500.0, 276.0, 500.0, 280.0]);
        engine.camera[10] = f64::NAN;
        assert!(engine.project_points().unwrap_err().contains("center_offset"));
        engine.camera[3] = f64::NAN;
        assert!(engine.project_points().is_err());
    }

    fn labels() -> Vec<WorldLabel> {
        let at = |x: f64, y: f64| glam::DVec2::new(x, y);
        vec![
            WorldLabel::from_world(0, at(128.0, 128.0), 60.0, 12.0).with_priority(1.0),
            WorldLabel::from_world(1, at(128.5, 128.0), 60.0, 12.0),
            WorldLabel::from_world(2, at(10.0, 10.0), 60.0, 12.0),
        ]
    }

    #[test]
    fn a_frame_writes_the_engines_decisions() {
        let mut engine = Engine::new();
        *engine.input(3).unwrap() = Columns::from_world_labels(&labels());
        engine.set_labels(0).unwrap();
        engine.camera = CAMERA;
        engine.place_frame(0.0).unwrap();
        let out = &engine.output;
        assert_eq!(out.visible, [1, 0, 0]);
        assert_eq!(out.reason, [0, REASON_COLLISION, HiddenReason::Offscreen.code()]);
        assert_eq!((out.blocker[1], out.hidden_by[1]), (BLOCKER_LABEL, 0));
        assert_eq!((out.pose[0], out.pose[3], out.pose[9]), (400.0, 300.0, 1.0));
        assert_eq!(out.stats[1..4], [3.0, 2.0, 1.0]);

        let mut native = FrameEngine::new(FrameOptions::default()).unwrap();
        native.set_labels(labels()).unwrap();
        let frame = native.place_frame(&camera(&CAMERA).unwrap(), 0.0).unwrap();
        assert_eq!(frame.visible_indices().collect::<Vec<_>>(), [0]);

        engine.write_boxes();
        let n = 3;
        let b = &engine.output.boxes;
        assert_eq!([b[0], b[n], b[2 * n], b[3 * n]], [400.0, 300.0, 30.0, 6.0]);
    }

    #[test]
    fn symbols_choose_candidates_parts_and_repeat_as_the_native_engine() {
        use crate::output::{PARTS_BOTH, PARTS_ICON};
        use crate::symbols::SymbolColumns;
        use label_core::{Anchor, Candidate, Icon, Optional, Symbol};
        let at = |x: f64| glam::DVec2::new(x, 128.0);
        let right = Candidate { anchor: Anchor::Left, offset: glam::DVec2::new(10.0, 0.0) };
        let left = Candidate { anchor: Anchor::Right, offset: glam::DVec2::new(-10.0, 0.0) };
        let poi = |id: u64, x: f64| {
            let symbol = Symbol { optional: Optional::Text, ..Symbol::default().with_icon(Icon::new(12.0, 12.0)) }
                .with_candidates(vec![right, left]);
            WorldLabel::from_world(id, at(x), 60.0, 12.0).with_symbol(symbol)
        };
        // Screen x = 400 + 16 × (world x − 128). 0 shows right of its icon; 1 (70 px left of
        // it) only left of its own; 2's text fits nowhere (0's text on its left, an obstacle
        // on its right), its icon alone; 3 is in 0's repeat group, 180 px away, too close.
        let mut labels = vec![
            poi(0, 128.0).with_priority(4.0),
            poi(1, 128.0 - 70.0 / 16.0).with_priority(3.0),
            poi(2, 128.0 + 82.0 / 16.0).with_priority(2.0),
            WorldLabel::from_world(3, at(128.0 - 180.0 / 16.0), 20.0, 12.0),
        ];
        labels[0].symbol.repeat_group = Some(1);
        labels[3].symbol.repeat_group = Some(1);
        labels[3].symbol.repeat_distance = 200.0;
        let mut engine = Engine::new();
        *engine.input(4).unwrap() = Columns::from_world_labels(&labels);
        let symbols: Vec<_> = labels.iter().map(|l| l.symbol.clone()).collect();
        let columns = SymbolColumns::from_symbols(&symbols);
        *engine.symbol_input(symbols.iter().map(|s| s.candidates.len()).sum()).unwrap() = columns;
        engine.set_labels(0).unwrap();
        engine.obstacle_input(1).unwrap().copy_from_slice(&[0.0, 495.0, 0.0, 800.0, 600.0]);
        engine.set_obstacles().unwrap();
        engine.camera = CAMERA;
        engine.place_frame(0.0).unwrap();
        let out = &engine.output;
        assert_eq!(out.visible, [1, 1, 1, 0]);
        assert_eq!(out.candidate[..3], [0, 1, crate::output::NO_CANDIDATE]);
        assert_eq!(out.parts[..3], [PARTS_BOTH, PARTS_BOTH, PARTS_ICON]);
        assert_eq!((out.reason[3], out.hidden_by[3]), (HiddenReason::Repeat.code(), 0));

        let mut native = FrameEngine::new(FrameOptions::default()).unwrap();
        native.set_labels(labels).unwrap();
        native
            .set_obstacles(vec![Shape::Aabb(label_core::Aabb {
                min: Vec2::new(495.0, 0.0),
                max: Vec2::new(800.0, 600.0),
            })])
            .unwrap();
        let frame = native.place_frame(&camera(&CAMERA).unwrap(), 0.0).unwrap();
        for i in 0..4 {
            assert_eq!(out.visible[i] == 1, frame.labels[i].visible);
            assert_eq!(out.candidate[i], frame.choices[i].candidate.unwrap_or(crate::output::NO_CANDIDATE));
        }
        // A new label set forgets the symbols.
        *engine.input(4).unwrap() = Columns::from_world_labels(&[poi(0, 1.0), poi(1, 2.0), poi(2, 3.0), poi(3, 4.0)]);
        engine.set_labels(0).unwrap();
        engine.place_frame(0.0).unwrap();
        assert!(engine.output.candidate.iter().all(|&c| c == crate::output::NO_CANDIDATE));
    }

    #[test]
    fn path_labels_lay_glyphs_as_the_native_engine() {
        use label_core::TextPath;
        // 0: a straight line at y = 128 (screen y 300); 1: too short for its text; 2: a
        // right angle with its text across the corner.
        let line = |points: &[[f64; 2]], glyphs: usize| {
            let points = points.iter().map(|p| glam::DVec2::new(p[0], p[1])).collect();
            TextPath::new(points, vec![8.0; glyphs])
        };
        let paths = [
            line(&[[126.0, 128.0], [130.0, 128.0]], 5),
            line(&[[128.0, 120.0], [128.5, 120.0]], 5),
            line(&[[125.0, 134.0], [128.0, 134.0], [128.0, 137.0]], 12).with_max_angle(30.0),
        ];
        let mut labels: Vec<WorldLabel> =
            (0..3u64).map(|i| WorldLabel::from_world(i, glam::DVec2::ZERO, 1.0, 10.0)).collect();
        let mut engine = Engine::new();
        *engine.input(3).unwrap() = Columns::from_world_labels(&labels);
        let p = engine.path_input(7, 22).unwrap();
        let n = 3;
        let v = p.values_mut();
        v[..2 * n].copy_from_slice(&[2.0, 2.0, 3.0, 5.0, 5.0, 12.0]);
        v[2 * n..3 * n].fill(f64::NAN);
        v[3 * n + 2] = 30.0;
        let coordinates: Vec<f64> = paths.iter().flat_map(|p| p.points.iter().flat_map(|q| [q.x, q.y])).collect();
        v[4 * n..4 * n + 14].copy_from_slice(&coordinates);
        v[4 * n + 14..].fill(8.0);
        engine.set_labels(0).unwrap();
        engine.camera = CAMERA;
        engine.place_frame(0.0).unwrap();
        let out = &engine.output;
        assert_eq!(out.visible, [1, 0, 0]);
        assert_eq!(out.reason[1..], [HiddenReason::NoRoom.code(), HiddenReason::TooCurved.code()]);
        assert_eq!(engine.write_glyphs(0), Some(5));
        assert_eq!(engine.glyphs[..4], [384.0, 300.0, 0.0, 8.0]);
        assert_eq!(engine.write_glyphs(1), None);

        for (label, path) in labels.iter_mut().zip(paths) {
            *label = WorldLabel::along_path(label.id, path, 10.0);
        }
        let mut native = FrameEngine::new(FrameOptions::default()).unwrap();
        native.set_labels(labels).unwrap();
        native.place_frame(&camera(&CAMERA).unwrap(), 0.0).unwrap();
        let want = glyph_rows(&native.screen_glyphs(0).unwrap().unwrap());
        engine.write_glyphs(0);
        assert_eq!(engine.glyphs, want);
        let bad = engine.path_input(7, 22).unwrap();
        bad.values_mut()[0] = 9.0;
        assert!(engine.set_labels(0).unwrap_err().starts_with("label 0 (id 0): field `points`: 9"));
    }

    #[test]
    fn errors_carry_the_engines_messages() {
        let mut engine = Engine::new();
        let mut bad = labels();
        bad[2].style.width = f64::NAN;
        *engine.input(3).unwrap() = Columns::from_world_labels(&bad);
        let message = engine.set_labels(0).unwrap_err();
        assert_eq!(message, "label 2 (id 2): field `width`: expected a finite number, got NaN");
        assert_eq!(engine.status(Err(message.clone())), 1);
        assert_eq!(engine.error(), message);
        engine.camera = CAMERA;
        engine.camera[3] = -1.0;
        assert!(engine.place_frame(0.0).unwrap_err().starts_with("camera: field `zoom`"));
        engine.camera[2] = 3.0;
        assert!(engine.place_frame(0.0).unwrap_err().starts_with("camera: coordinates"));
        let mut values = [2.0, 300.0, 300.0, 0.5, 0.0, 2.0, 1.0, 1.0];
        assert_eq!(options(&values).unwrap(), FrameOptions::default());
        values[5] = 5.0;
        assert!(engine.set_options(&values).unwrap_err().contains("stickiness"));
        values[5] = 2.0;
        values[0] = -1.0;
        assert!(engine.set_options(&values).unwrap_err().contains("hysteresis_px"));
        engine.obstacle_input(1).unwrap()[0] = 3.0;
        assert_eq!(engine.set_obstacles().unwrap_err(), "obstacle 0: kind 3 is neither 0 (box) nor 1 (circle)");
    }

    #[test]
    fn a_batch_is_the_cores_placement() {
        let mut engine = Engine::new();
        let columns = engine.input(3).unwrap();
        columns.column_mut(F64Field::X).copy_from_slice(&[10.0, 20.0, 500.0]);
        columns.column_mut(F64Field::Y).copy_from_slice(&[10.0, 10.0, 10.0]);
        columns.column_mut(F64Field::Width).fill(30.0);
        columns.column_mut(F64Field::Height).fill(10.0);
        columns.column_mut(F64Field::Priority).copy_from_slice(&[0.0, 1.0, 0.0]);
        engine.obstacle_input(1).unwrap().copy_from_slice(&[0.0, 480.0, 0.0, 520.0, 20.0]);
        engine.set_obstacles().unwrap();
        engine.place_batch(400.0, 300.0, 0.0).unwrap();
        let out = &engine.output;
        assert_eq!(out.visible, [0, 1, 0]);
        assert_eq!((out.blocker[0], out.hidden_by[0]), (BLOCKER_LABEL, 1));
        assert_eq!(out.reason[2], HiddenReason::Offscreen.code());
    }

    #[test]
    fn a_batch_decides_boundaries_with_the_contracts_tolerances() {
        use label_core::{Label, Symbol, TextPath};
        // A text exactly as long as its room; collinear points under max_angle 0; two labels
        // of a group exactly the repeat distance apart: all shown (label_core::tolerance).
        let points = |p: &[[f64; 2]]| p.iter().map(|q| glam::DVec2::from_array(*q)).collect();
        // (Drawn leftwards: reversed to read upright.)
        let exact = TextPath::new(points(&[[100.5, 50.0], [100.2, 50.0]]), vec![0.1, 0.2]);
        let collinear = TextPath::new(points(&[[0.1, 0.1], [0.4, 0.5], [1.0, 1.3]]), vec![0.3; 3]).with_max_angle(0.0);
        let labels = [
            Label::new(0.0, 0.0, 1.0, 1.0),
            Label::new(0.0, 0.0, 1.0, 1.0),
            Label::new(10.3, 10.7, 0.1, 0.1),
            Label::new(10.6, 10.3, 0.1, 0.1),
        ];
        let mut engine = Engine::new();
        *engine.input(4).unwrap() = Columns::from_screen_labels(&labels);
        let group = Symbol::default().with_repeat(1, 0.5);
        *engine.symbol_input(4).unwrap() =
            SymbolColumns::from_symbols(&[Symbol::default(), Symbol::default(), group.clone(), group]);
        *engine.path_input(0, 0).unwrap() = PathColumns::from_paths(&[Some(exact), Some(collinear), None, None]);
        engine.place_batch(0.0, 0.0, 0.0).unwrap();
        assert_eq!(engine.output.reason, [0; 4]);
        assert_eq!((engine.write_glyphs(0), engine.glyphs_reversed), (Some(2), true));
        assert_eq!((engine.write_glyphs(1), engine.glyphs_reversed), (Some(3), false));
        assert_eq!((engine.write_glyphs(2), engine.glyphs_reversed), (None, false));
    }

    #[test]
    fn a_batch_with_symbols_and_a_path_keeps_its_boxes_and_glyphs_until_a_frame() {
        use crate::output::PARTS_NONE;
        use label_core::{Anchor, Candidate, Label, Symbol, TextPath};
        // 0 at (100, 50) takes its first candidate (right of its point); 1, just right of it,
        // its second (left of its point), which overlaps 0: it is hidden by 0. 2 runs along a
        // line at y = 80; 3's line is too short for its text.
        let labels = [Label::new(100.0, 50.0, 40.0, 10.0).with_priority(1.0), Label::new(110.0, 50.0, 40.0, 10.0)];
        let around = vec![Candidate::new(Anchor::Left), Candidate::new(Anchor::Right)];
        let mut engine = Engine::new();
        *engine.input(4).unwrap() =
            Columns::from_screen_labels(&[labels.to_vec(), vec![Label::new(0.0, 0.0, 1.0, 10.0); 2]].concat());
        let mut symbols = vec![Symbol::default().with_candidates(around.clone()); 4];
        symbols[1].candidates.remove(0);
        symbols[2..].fill(Symbol::default());
        *engine.symbol_input(3).unwrap() = SymbolColumns::from_symbols(&symbols);
        let line =
            |to: f64| TextPath::new(vec![glam::DVec2::new(20.0, 80.0), glam::DVec2::new(to, 80.0)], vec![8.0; 4]);
        *engine.path_input(0, 0).unwrap() = PathColumns::from_paths(&[None, None, Some(line(60.0)), Some(line(30.0))]);
        engine.place_batch(0.0, 0.0, 0.0).unwrap();
        let out = &engine.output;
        assert_eq!(out.visible, [1, 0, 1, 0]);
        assert_eq!(out.candidate, [0, NO_CANDIDATE, NO_CANDIDATE, NO_CANDIDATE]);
        assert_eq!(
            (out.reason[1], out.hidden_by[1], out.reason[3]),
            (REASON_COLLISION, 0, HiddenReason::NoRoom.code())
        );
        assert_eq!(out.parts, [PARTS_NONE; 4]);
        assert_eq!(out.boxes[0], 120.0, "label 0's box is its text right of its point");
        engine.write_boxes();
        assert_eq!(engine.output.boxes[0], 120.0, "a batch's boxes stay");
        assert_eq!(engine.write_glyphs(2), Some(4));
        assert_eq!(engine.glyphs[..4], [28.0, 80.0, 0.0, 8.0]);
        assert_eq!(engine.write_glyphs(3), None);
        engine.camera = CAMERA;
        *engine.input(3).unwrap() = Columns::from_world_labels(&self::labels());
        engine.set_labels(0).unwrap();
        engine.place_frame(0.0).unwrap();
        assert_eq!(engine.write_glyphs(2), None, "a frame forgets the batch");
    }

    #[test]
    fn bad_counts_and_places_are_errors_not_traps() {
        let mut engine = Engine::new();
        let too_many = label_core::limits::MAX_LABELS + 1;
        let message = engine.input(too_many).unwrap_err();
        assert_eq!(message, format!("labels: a count of {too_many} is more than {}, the most allowed", too_many - 1));
        assert_eq!(engine.input_columns().len(), 0);
        // Sizes that would wrap a 32-bit usize, or memory the process cannot get, are refused.
        assert!(engine.obstacle_input(usize::MAX / 2).unwrap_err().starts_with("obstacles: "));
        assert!(engine.points(usize::MAX / 4).unwrap_err().starts_with("points: "));
        engine.input(1).unwrap();
        assert!(engine.path_input(usize::MAX / 2, 1).is_err());
        assert!(engine.symbol_input(usize::MAX / 3).is_err());
        // The camera and the labels' longitude and latitude keep the limits of every other door.
        let mut lonlat = CAMERA;
        (lonlat[1], lonlat[2]) = (1e300, 1.0);
        assert_eq!(
            camera(&lonlat).unwrap_err(),
            "camera: field `y` (degrees): expected a magnitude of at most 90, got 1e300"
        );
        let bad = engine.obstacle_input(1).unwrap();
        bad.copy_from_slice(&[0.0, 0.0, 0.0, -1.0, 10.0]);
        assert!(engine.set_obstacles().unwrap_err().starts_with("obstacle 0: field `box`"));
        engine.obstacle_input(1).unwrap().copy_from_slice(&[1.0, 1e300, 0.0, 5.0, 0.0]);
        assert!(engine.set_obstacles().unwrap_err().ends_with("got 1e300"));
    }
}
