//! `declutter_place` called as a C caller would: symbols with every field, texts along lines
//! among them, place exactly as `label_core::place_symbols` places them (plain labels as
//! `label_core::place`), `declutter_path_layout` lays glyphs as `TextPath::layout` does, and
//! every bad input comes back as a code and a message naming the label, its id and the field.
#![allow(unsafe_code, reason = "calling the C functions as a C caller would")]

use std::ptr;

use declutter::*;
use glam::DVec2;
use label_core::{Anchor, Blocker, HiddenReason, Label, Parts, PlacementOptions, Symbol, TextPath};

mod common;

use common::{Rng, core_symbol, message, point_at, random_candidates, random_icon, random_symbol};

/// A text along a gentle random curve in C: its points and advances, and the path pointing
/// at them (`points` and `advances` stay where they are while the path is in use).
struct CPath {
    points: Vec<DeclutterPoint>,
    advances: Vec<f64>,
    path: DeclutterPath,
}

impl CPath {
    fn random(rng: &mut Rng) -> Self {
        let mut at = DeclutterPoint { x: rng.float(-20.0, 420.0), y: rng.float(-20.0, 320.0) };
        let mut heading = rng.float(0.0, std::f64::consts::TAU);
        let mut points = vec![at];
        for _ in 0..1 + rng.below(6) {
            let step = rng.float(8.0, 50.0);
            heading += rng.float(-1.0, 1.0);
            at = DeclutterPoint { x: at.x + step * heading.cos(), y: at.y + step * heading.sin() };
            points.push(at);
        }
        let advances: Vec<f64> = (0..1 + rng.below(12)).map(|_| rng.float(4.0, 10.0)).collect();
        let path = DeclutterPath {
            has_path_offset: u32::from(rng.below(3) == 0),
            path_offset: rng.float(0.0, 150.0),
            max_angle: [DECLUTTER_DEFAULT_MAX_ANGLE, 20.0, 90.0, 180.0][rng.below(4) as usize],
            flags: [0, 0, DECLUTTER_NO_KEEP_UPRIGHT][rng.below(3) as usize],
            ..DeclutterPath::default()
        };
        let mut p = CPath { points, advances, path };
        p.point();
        p
    }

    /// Points the path at its own points and advances.
    fn point(&mut self) {
        self.path.points = self.points.as_ptr();
        self.path.point_count = self.points.len();
        self.path.glyph_advances = self.advances.as_ptr();
        self.path.glyph_count = self.advances.len();
    }

    /// The same path as label-core's, built here independently of the crate's conversion.
    fn core(&self) -> TextPath {
        TextPath {
            points: self.points.iter().map(|p| DVec2::new(p.x, p.y)).collect(),
            glyph_advances: self.advances.clone(),
            path_offset: (self.path.has_path_offset == 1).then_some(self.path.path_offset),
            max_angle: self.path.max_angle,
            keep_upright: self.path.flags & DECLUTTER_NO_KEEP_UPRIGHT == 0,
        }
    }
}

/// A crowded scene in C: labels, their candidates (each symbol's own slice), icons, paths
/// (boxed: the symbols point into them) and symbols.
struct Scene {
    labels: Vec<DeclutterScreenLabel>,
    candidates: Vec<Vec<DeclutterCandidate>>,
    icons: Vec<Option<DeclutterIcon>>,
    paths: Vec<Option<Box<CPath>>>,
    symbols: Vec<DeclutterSymbol>,
}

impl Scene {
    fn new(n: usize, seed: u64) -> Self {
        Self::with_paths(n, seed, false)
    }

    /// With `paths`, a third of the labels are texts along a line (no candidates, no icon).
    fn with_paths(n: usize, seed: u64, paths: bool) -> Self {
        let mut rng = Rng(seed);
        let mut scene = Scene { labels: vec![], candidates: vec![], icons: vec![], paths: vec![], symbols: vec![] };
        for i in 0..n {
            scene.labels.push(DeclutterScreenLabel {
                id: 1000 + i as u64,
                x: rng.float(-20.0, 420.0),
                y: rng.float(-20.0, 320.0),
                width: rng.float(10.0, 60.0),
                height: rng.float(6.0, 16.0),
                angle: [0.0, 0.0, 90.0, 30.0][rng.below(4) as usize],
                priority: rng.below(5) as f64,
                padding: [0.0, 1.0][rng.below(2) as usize],
                anchor: rng.below(9) as u32,
                flags: [0, 0, 0, 0, 0, DECLUTTER_ALLOW_OVERLAP, DECLUTTER_IGNORE_PLACEMENT][rng.below(7) as usize],
                ..DeclutterScreenLabel::default()
            });
            scene.candidates.push(random_candidates(&mut rng, 4.0));
            let path = paths && rng.below(3) == 0;
            scene.paths.push(path.then(|| Box::new(CPath::random(&mut rng))));
            if path {
                scene.candidates.last_mut().unwrap().clear();
            }
            scene.icons.push((!path && rng.below(2) == 0).then(|| random_icon(&mut rng, 4.0, 12.0)));
            scene.symbols.push(random_symbol(&mut rng, (0.0, 80.0)));
        }
        for i in 0..n {
            point_at(&mut scene.symbols[i], &scene.candidates[i], scene.icons[i].as_ref());
            scene.symbols[i].path = scene.paths[i].as_ref().map_or(ptr::null(), |p| &p.path);
        }
        scene
    }

    /// The same scene as label-core's types, built here independently of the crate's own
    /// conversion.
    fn core(&self) -> (Vec<Label>, Vec<Symbol>) {
        let labels = self
            .labels
            .iter()
            .zip(&self.paths)
            .map(|(l, path)| {
                match path.as_ref().map(|p| p.core()) {
                    // A path label sits at its path's point at `path_offset`, as wide as its
                    // text, with the label's height, priority and padding only.
                    Some(p) => {
                        let at = p.layout().map_or(p.points[0], |l| l.anchor);
                        Label::new(at.x, at.y, p.text_length(), l.height)
                    }
                    None => Label::new(l.x, l.y, l.width, l.height)
                        .with_angle(l.angle)
                        .with_anchor(Anchor::ALL[l.anchor as usize]),
                }
                .with_priority(l.priority)
                .with_padding(l.padding)
                .with_allow_overlap(l.flags & DECLUTTER_ALLOW_OVERLAP != 0)
                .with_ignore_placement(l.flags & DECLUTTER_IGNORE_PLACEMENT != 0)
            })
            .collect();
        let symbols = (0..self.labels.len())
            .map(|i| Symbol {
                path: self.paths[i].as_ref().map(|p| p.core()),
                ..core_symbol(&self.symbols[i], &self.candidates[i], self.icons[i].as_ref())
            })
            .collect();
        (labels, symbols)
    }

    fn batch(&self, with_symbols: bool) -> DeclutterBatch {
        DeclutterBatch {
            labels: self.labels.as_ptr(),
            symbols: if with_symbols { self.symbols.as_ptr() } else { ptr::null() },
            count: self.labels.len(),
            options: DeclutterBatchOptions {
                has_viewport: 1,
                viewport_max_x: 400.0,
                viewport_max_y: 300.0,
                ..DeclutterBatchOptions::default()
            },
            ..DeclutterBatch::default()
        }
    }
}

fn expected(o: &label_core::LabelOutcome, c: &label_core::Choice) -> DeclutterPlacement {
    let (hidden_by_kind, hidden_by) = match o.hidden_by {
        None => (DECLUTTER_BLOCKER_NONE, 0),
        Some(Blocker::Label(i)) => (DECLUTTER_BLOCKER_LABEL, i),
        Some(Blocker::Obstacle(i)) => (DECLUTTER_BLOCKER_OBSTACLE, i),
    };
    DeclutterPlacement {
        visible: u32::from(o.visible),
        reason: match o.reason {
            None => DECLUTTER_REASON_NONE,
            Some(HiddenReason::Collision) => DECLUTTER_REASON_COLLISION,
            Some(HiddenReason::Offscreen) => DECLUTTER_REASON_OFFSCREEN,
            Some(HiddenReason::Repeat) => DECLUTTER_REASON_REPEAT,
            Some(HiddenReason::NoRoom) => DECLUTTER_REASON_NO_ROOM,
            Some(HiddenReason::TooCurved) => DECLUTTER_REASON_TOO_CURVED,
            Some(HiddenReason::BehindCamera) => unreachable!("a batch has no camera"),
        },
        hidden_by_kind,
        hidden_by,
        candidate: c.candidate.unwrap_or(DECLUTTER_NO_CANDIDATE),
        parts: match c.parts {
            None => DECLUTTER_PARTS_NONE,
            Some(Parts::Both) => DECLUTTER_PARTS_BOTH,
            Some(Parts::Text) => DECLUTTER_PARTS_TEXT,
            Some(Parts::Icon) => DECLUTTER_PARTS_ICON,
        },
    }
}

/// Places `scene` through `declutter_place` and checks every result against
/// `label_core::place_symbols`; returns the results, the counts and the core's placement.
fn place_as_the_core(
    scene: &Scene,
    seed: u64,
) -> (Vec<DeclutterPlacement>, DeclutterBatchStats, label_core::Placement) {
    let options = PlacementOptions::default().with_viewport(400.0, 300.0);
    let (labels, symbols) = scene.core();
    let mut results = vec![DeclutterPlacement::default(); labels.len()];
    let mut stats = DeclutterBatchStats::default();
    // SAFETY: the batch points into `scene`, alive for the call; `results` has room for all.
    let status = unsafe { declutter_place(&scene.batch(true), results.as_mut_ptr(), &mut stats) };
    assert_eq!(status, DECLUTTER_OK, "{}", message());
    let want = label_core::place_symbols(&labels, &symbols, &[], &options).unwrap();
    for (i, r) in results.iter().enumerate() {
        assert_eq!(*r, expected(&want.outcomes[i], &want.choices[i]), "seed {seed}, label {i}");
    }
    assert_eq!((stats.labels, stats.visible), (labels.len() as u64, want.stats.visible as u64));
    (results, stats, want)
}

#[test]
fn symbols_place_as_the_core_places_them() {
    let options = PlacementOptions::default().with_viewport(400.0, 300.0);
    let mut seen = [0usize; 6];
    for seed in 1..=6u64 {
        let scene = Scene::new(400, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let (mut results, stats, want) = place_as_the_core(&scene, seed);
        for r in &results {
            seen[r.reason as usize] += 1;
            seen[5] += usize::from(r.candidate != DECLUTTER_NO_CANDIDATE && r.candidate > 0);
        }
        assert_eq!(stats.hidden_repeat, want.stats.hidden_repeat as u64);
        let labels = scene.core().0;

        // Without symbols: the plain engine.
        // SAFETY: the batch points into `scene`, alive for the call; `results` has room for all.
        let status = unsafe { declutter_place(&scene.batch(false), results.as_mut_ptr(), ptr::null_mut()) };
        assert_eq!(status, DECLUTTER_OK, "{}", message());
        let plain = label_core::place(&labels, &[], &options).unwrap();
        let none = label_core::Choice::default();
        for (i, r) in results.iter().enumerate() {
            assert_eq!(*r, expected(&plain.outcomes[i], &none), "plain, seed {seed}, label {i}");
        }
    }
    let reached = [seen[0], seen[1], seen[2], seen[DECLUTTER_REASON_REPEAT as usize], seen[5]];
    assert!(reached.iter().all(|&n| n > 0), "visible, collision, offscreen, repeat, later candidate: {reached:?}");
}

#[test]
fn bad_batches_are_named_and_write_nothing() {
    let scene = Scene::new(5, 7);
    let untouched = DeclutterPlacement { visible: 9, ..DeclutterPlacement::default() };
    let mut results = vec![untouched; 5];
    let run = |batch: &DeclutterBatch, results: &mut [DeclutterPlacement]| {
        // SAFETY: every pointer of `batch` is null (with its count said) or points into a live
        // local; `results` has room for the batch's count.
        unsafe { declutter_place(batch, results.as_mut_ptr(), ptr::null_mut()) }
    };
    // SAFETY: a null batch is refused before anything is read.
    assert_eq!(unsafe { declutter_place(ptr::null(), results.as_mut_ptr(), ptr::null_mut()) }, DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "batch is a null pointer");
    let good = scene.batch(true);
    // SAFETY: `good` points into `scene`; null results with a count are refused.
    assert_eq!(unsafe { declutter_place(&good, ptr::null_mut(), ptr::null_mut()) }, DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "results is a null pointer");
    assert_eq!(run(&DeclutterBatch { labels: ptr::null(), ..good }, &mut results), DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "labels is a null pointer");

    let mut symbols = scene.symbols.clone();
    symbols[3].candidates = ptr::null();
    symbols[3].candidate_count = 2;
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_NULL_POINTER);
    assert_eq!(message(), "symbols[3].candidates is a null pointer");

    let mut symbols = scene.symbols.clone();
    symbols[2] = DeclutterSymbol { repeat_group: 0, repeat_distance: 5.0, ..symbols[2] };
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert_eq!(message(), "label 2 (id 1002): field `repeat_distance`: set without a repeat_group");
    symbols[2] = DeclutterSymbol { repeat_group: 1, repeat_distance: -5.0, ..symbols[2] };
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("label 2 (id 1002): field `repeat_distance`: "), "{}", message());
    symbols[2] = DeclutterSymbol { repeat_group: 1, repeat_distance: 5.0, optional: 7, ..symbols[2] };
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert_eq!(message(), "label 2 (id 1002): field `optional`: 7 is not a DECLUTTER_OPTIONAL_* value");

    let mut labels = scene.labels.clone();
    labels[4].height = f64::NAN;
    assert_eq!(run(&DeclutterBatch { labels: labels.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("label 4 (id 1004): field `height`: "), "{}", message());
    let icon = DeclutterIcon { width: 5.0, height: 5.0, padding: -1.0, ..DeclutterIcon::default() };
    let mut symbols = scene.symbols.clone();
    symbols[1].icon = &icon;
    assert_eq!(run(&DeclutterBatch { symbols: symbols.as_ptr(), ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("label 1 (id 1001): field `icon.padding`: "), "{}", message());
    let options = DeclutterBatchOptions { has_viewport: 1, viewport_max_x: f64::INFINITY, ..good.options };
    assert_eq!(run(&DeclutterBatch { options, ..good }, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().starts_with("options: "), "{}", message());
    let obstacle = DeclutterObstacle { kind: 9, ..DeclutterObstacle::default() };
    let with_obstacle = DeclutterBatch { obstacles: &obstacle, obstacle_count: 1, ..good };
    assert_eq!(run(&with_obstacle, &mut results), DECLUTTER_INVALID_ARGUMENT);
    assert!(message().contains("obstacle 0: kind 9"), "{}", message());
    assert!(results.iter().all(|r| *r == untouched), "nothing written on error");

    // An empty batch needs no pointers.
    // SAFETY: nothing is read or written for a count of 0.
    let empty = unsafe { declutter_place(&DeclutterBatch::default(), ptr::null_mut(), ptr::null_mut()) };
    assert_eq!(empty, DECLUTTER_OK);
    assert_eq!(run(&good, &mut results), DECLUTTER_OK);
}

#[test]
fn texts_along_lines_place_as_the_core_places_them() {
    let mut seen = [0usize; 7];
    for seed in 1..=6u64 {
        let scene = Scene::with_paths(300, seed.wrapping_mul(0x2545_f491_4f6c_dd1d), true);
        let (results, _, _) = place_as_the_core(&scene, seed);
        for (r, path) in results.iter().zip(&scene.paths) {
            if path.is_some() {
                seen[r.reason as usize] += 1;
            }
        }
    }
    // Path labels shown, hidden by collisions, off screen, by their group, out of room, too curved.
    let reached = [0, 1, 2, 4, 5, 6].map(|r| seen[r]);
    assert!(reached.iter().all(|&n| n > 0), "{reached:?}");
}

#[test]
fn path_layout_gives_the_core_glyph_poses() {
    let mut rng = Rng(0x5eed);
    let mut fits = 0;
    for _ in 0..300 {
        let p = CPath::random(&mut rng);
        let mut glyphs = vec![DeclutterGlyphPose { x: -1.0, ..DeclutterGlyphPose::default() }; p.advances.len()];
        let mut out = DeclutterPathLayout::default();
        // SAFETY: the path points into `p`; `glyphs` has room for its glyphs.
        let status = unsafe { declutter_path_layout(&p.path, glyphs.as_mut_ptr(), &mut out) };
        assert_eq!(status, DECLUTTER_OK, "{}", message());
        match p.core().layout() {
            Ok(l) => {
                fits += 1;
                assert_eq!((out.reason, out.reversed), (DECLUTTER_REASON_NONE, u32::from(l.reversed)));
                assert_eq!((out.anchor_x, out.anchor_y), (l.anchor.x, l.anchor.y));
                for (g, want) in glyphs.iter().zip(&l.glyphs) {
                    assert_eq!((g.x, g.y, g.angle), (want.center.x, want.center.y, want.angle()));
                }
            }
            Err(f) => {
                let reason = if f == label_core::PathFailure::NoRoom {
                    DECLUTTER_REASON_NO_ROOM
                } else {
                    DECLUTTER_REASON_TOO_CURVED
                };
                assert_eq!(out, DeclutterPathLayout { reason, ..DeclutterPathLayout::default() });
                assert!(glyphs.iter().all(|g| g.x == -1.0), "no pose written");
            }
        }
    }
    assert!(fits > 50 && fits < 300, "{fits} of 300 fit");
}

#[test]
fn boundaries_are_decided_with_the_contracts_tolerances() {
    // A text exactly as long as its room, and collinear points under max_angle 0: both fit.
    let exact = [DeclutterPoint { x: 100.2, y: 50.0 }, DeclutterPoint { x: 100.5, y: 50.0 }];
    let collinear =
        [DeclutterPoint { x: 0.1, y: 0.1 }, DeclutterPoint { x: 0.4, y: 0.5 }, DeclutterPoint { x: 1.0, y: 1.3 }];
    for (points, advances, max_angle) in [(&exact[..], &[0.1, 0.2][..], 45.0), (&collinear[..], &[0.3; 3][..], 0.0)] {
        let path = DeclutterPath {
            points: points.as_ptr(),
            point_count: points.len(),
            glyph_advances: advances.as_ptr(),
            glyph_count: advances.len(),
            has_path_offset: 0,
            path_offset: 0.0,
            max_angle,
            flags: 0,
        };
        let mut glyphs = vec![DeclutterGlyphPose::default(); advances.len()];
        let mut out = DeclutterPathLayout::default();
        // SAFETY: the path points into `points` and `advances`; `glyphs` has room for its glyphs.
        let status = unsafe { declutter_path_layout(&path, glyphs.as_mut_ptr(), &mut out) };
        assert_eq!((status, out.reason), (DECLUTTER_OK, DECLUTTER_REASON_NONE), "{points:?}");
    }
    // Two labels of a group exactly the repeat distance apart: both shown.
    let labels = [(0.3, 0.7), (0.6, 0.3)].map(|(x, y)| DeclutterScreenLabel {
        x,
        y,
        width: 0.1,
        height: 0.1,
        ..DeclutterScreenLabel::default()
    });
    let symbol = DeclutterSymbol { repeat_group: 1, repeat_distance: 0.5, ..DeclutterSymbol::default() };
    let symbols = [symbol; 2];
    let batch =
        DeclutterBatch { labels: labels.as_ptr(), symbols: symbols.as_ptr(), count: 2, ..DeclutterBatch::default() };
    let mut results = [DeclutterPlacement::default(); 2];
    // SAFETY: the batch points into `labels` and `symbols`; `results` has room for both.
    let status = unsafe { declutter_place(&batch, results.as_mut_ptr(), ptr::null_mut()) };
    assert_eq!(status, DECLUTTER_OK, "{}", message());
    assert_eq!(results.map(|r| r.reason), [DECLUTTER_REASON_NONE; 2]);
}

#[test]
fn bad_paths_are_named_and_write_nothing() {
    let scene = Scene::with_paths(30, 11, true);
    let i = scene.paths.iter().position(Option::is_some).expect("a path label");
    let id = scene.labels[i].id;
    let good = scene.batch(true);
    let untouched = DeclutterPlacement { visible: 9, ..DeclutterPlacement::default() };
    let mut results = vec![untouched; scene.labels.len()];
    let mut refused = |path: DeclutterPath, extra: Option<DeclutterSymbol>| {
        let mut symbols = scene.symbols.clone();
        symbols[i] = DeclutterSymbol { path: &path, ..extra.unwrap_or(symbols[i]) };
        let batch = DeclutterBatch { symbols: symbols.as_ptr(), ..good };
        // SAFETY: the batch points into `scene`, `symbols` and `path`, alive for the call.
        let status = unsafe { declutter_place(&batch, results.as_mut_ptr(), ptr::null_mut()) };
        (status, message())
    };
    let p = scene.paths[i].as_ref().unwrap().path;
    let who = format!("label {i} (id {id})");
    let (status, m) = refused(DeclutterPath { points: ptr::null(), ..p }, None);
    assert_eq!(
        (status, m.as_str()),
        (DECLUTTER_NULL_POINTER, format!("symbols[{i}].path.points is a null pointer").as_str())
    );
    let (status, m) = refused(DeclutterPath { point_count: 1, ..p }, None);
    assert_eq!(status, DECLUTTER_INVALID_ARGUMENT);
    assert_eq!(m, format!("{who}: field `path.points`: expected at least 2 points, got 1"));
    let bad = [5.0, -1.0];
    let (_, m) = refused(DeclutterPath { glyph_advances: bad.as_ptr(), glyph_count: 2, ..p }, None);
    assert!(m.starts_with(&format!("{who}: field `path.glyph_advances`: ")), "{m}");
    let (_, m) = refused(DeclutterPath { max_angle: 181.0, ..p }, None);
    assert!(m.starts_with(&format!("{who}: field `path.max_angle`: ")), "{m}");
    let (_, m) = refused(DeclutterPath { has_path_offset: 1, path_offset: f64::NAN, ..p }, None);
    assert!(m.starts_with(&format!("{who}: field `path.path_offset`: ")), "{m}");
    let (_, m) = refused(DeclutterPath { has_path_offset: 2, ..p }, None);
    assert_eq!(m, format!("{who}: field `path.has_path_offset`: 2 is not 0 or 1"));
    let (_, m) = refused(DeclutterPath { flags: 1, ..p }, None);
    assert_eq!(m, format!("{who}: field `path.flags`: unknown flags 0x1"));
    let icon = DeclutterIcon { width: 4.0, height: 4.0, ..DeclutterIcon::default() };
    let (_, m) = refused(p, Some(DeclutterSymbol { icon: &icon, ..DeclutterSymbol::default() }));
    assert!(m.starts_with(&format!("{who}: field `icon`: ")), "{m}");
    assert!(results.iter().all(|r| *r == untouched), "nothing written on error");

    // The layout call refuses the same paths and null buffers.
    let mut glyphs = vec![DeclutterGlyphPose::default(); 16];
    let mut out = DeclutterPathLayout::default();
    // SAFETY: null pointers are refused before anything is read or written.
    unsafe {
        assert_eq!(declutter_path_layout(ptr::null(), glyphs.as_mut_ptr(), &mut out), DECLUTTER_NULL_POINTER);
        assert_eq!(declutter_path_layout(&p, ptr::null_mut(), &mut out), DECLUTTER_NULL_POINTER);
        assert_eq!(message(), "glyphs is a null pointer");
        assert_eq!(declutter_path_layout(&p, glyphs.as_mut_ptr(), ptr::null_mut()), DECLUTTER_NULL_POINTER);
        let short = DeclutterPath { point_count: 1, ..p };
        assert_eq!(declutter_path_layout(&short, glyphs.as_mut_ptr(), &mut out), DECLUTTER_INVALID_ARGUMENT);
    }
    assert_eq!(message(), "path: field `path.points`: expected at least 2 points, got 1");
}
