//! Shared by the integration tests: seeded label sets, cameras, (from `frames_check/`, the
//! `frames` fuzz target's checks) an independent check that no two visible labels overlap and
//! the comparison of an engine with the engine without shortcuts, and the brute-force
//! definition of a frame with symbols (`symbol_reference`).
#![allow(dead_code, reason = "each test binary uses a different subset")]

#[path = "../frames_check/mod.rs"]
mod frames_check;
mod symbol_reference;

#[allow(unused_imports, reason = "each test binary uses a different subset")]
pub use frames_check::{first_difference, overlapping_visible_pairs};
use glam::DVec2;
use label_core::{BoxStyle, Label, PlacementOptions, Shape};
use label_frame::{Alignment, Camera, Frame, FrameEngine, FrameKind, FrameOptions, HiddenReason, WorldLabel};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
#[allow(unused_imports, reason = "each test binary uses a different subset")]
pub use symbol_reference::{Decided, symbol_in_view, symbol_reference};

/// The world point all test scenes are around (world px, zoom 0).
pub const CENTER: DVec2 = DVec2::new(128.0, 96.0);

/// Screen px per world px of [`flat_camera`] (zoom 2: the world, 1,024 px wide, is wider than
/// the viewport, so a scene in view lies in one copy of it).
pub const FLAT_SCALE: f64 = 4.0;

/// A camera at zoom 2 on [`CENTER`], 400×300 px, without bearing or pitch: screen =
/// `(200, 150) + 4·(P − CENTER)`.
pub fn flat_camera() -> Camera {
    Camera::new(CENTER, 2.0, 400.0, 300.0)
}

/// A label at a screen point of [`flat_camera`].
pub fn at_screen(id: u64, x: f64, y: f64, w: f64, h: f64) -> WorldLabel {
    WorldLabel::from_world(id, CENTER + DVec2::new(x - 200.0, y - 150.0) / FLAT_SCALE, w, h)
}

/// `n` seeded labels scattered over about `spread` world px around [`CENTER`] (at zoom 0): a
/// mix of level place names and map-aligned street names, a few priorities (ties happen),
/// sizes of map text.
pub fn scattered(seed: u64, n: usize, spread: f64) -> Vec<WorldLabel> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|i| {
            let p = CENTER + DVec2::new(rng.random_range(-spread..spread), rng.random_range(-spread..spread) * 0.6);
            let w = rng.random_range(20.0..120.0);
            let h = rng.random_range(10.0..18.0);
            let l = WorldLabel::from_world(i as u64 * 7 + 3, p, w, h).with_priority(f64::from(rng.random_range(0..4)));
            if rng.random_bool(0.4) {
                l.with_alignment(Alignment::Map).with_angle(rng.random_range(-180.0..180.0))
            } else {
                l
            }
        })
        .collect()
}

/// A scripted camera path over `frames` frames: pan, zoom, turn and tilt all at once, around
/// [`CENTER`], starting at `zoom`.
pub fn animation(frames: usize, zoom: f64) -> Vec<Camera> {
    (0..frames)
        .map(|k| {
            let t = k as f64 / frames as f64;
            Camera::new(CENTER + DVec2::new(4.0 * t, -2.0 * t), zoom + 0.8 * t, 640.0, 400.0)
                .with_bearing(70.0 * t)
                .with_pitch(if k % 3 == 0 { 0.0 } else { 40.0 * t })
        })
        .collect()
}

/// The definition of a frame with `Stickiness::Shown`, written with the core's public
/// `place_with_ties` only: pass 1 places the labels shown last frame and the labels new to the
/// view (shown ones first on ties); pass 2 places the labels that were hidden in view, with the
/// hysteresis margin, around every label pass 1 showed; both passes with the `obstacles`.
/// Returns the visible flags.
pub fn sticky_reference(
    engine: &FrameEngine,
    last: &Frame,
    now: &Frame,
    options: &FrameOptions,
    obstacles: &[Shape],
) -> Vec<bool> {
    let n = now.labels.len();
    let in_view: Vec<usize> = (0..n).filter(|&i| now.labels[i].in_view()).collect();
    let waits = |i: usize| last.labels[i].reason == Some(HiddenReason::Collision);
    let (waiting, free): (Vec<usize>, Vec<usize>) = in_view.iter().partition(|&&i| waits(i));
    let screen = |i: usize, extra: f64| {
        let l = engine.screen_label(i).unwrap();
        Label { style: BoxStyle { padding: l.style.padding + extra, ..l.style }, ..l }
    };
    let mut visible = vec![false; n];
    let labels: Vec<Label> = free.iter().map(|&i| screen(i, 0.0)).collect();
    let ties: Vec<u32> = free.iter().map(|&i| u32::from(!last.labels[i].visible)).collect();
    let p1 = label_core::pipeline::place_with_ties(&labels, obstacles, &PlacementOptions::default(), &ties).unwrap();
    for (k, &i) in free.iter().enumerate() {
        visible[i] = p1.outcomes[k].visible;
    }
    let shown: Vec<usize> = free.iter().copied().filter(|&i| visible[i]).collect();
    let mut labels: Vec<Label> =
        shown.iter().map(|&i| screen(i, 0.0).with_allow_overlap(true).with_priority(f64::MAX)).collect();
    labels.extend(waiting.iter().map(|&i| screen(i, options.hysteresis_px)));
    let ties: Vec<u32> = (0..labels.len()).map(|k| u32::from(k >= shown.len())).collect();
    let p2 = label_core::pipeline::place_with_ties(&labels, obstacles, &PlacementOptions::default(), &ties).unwrap();
    for (k, &i) in waiting.iter().enumerate() {
        visible[i] = p2.outcomes[shown.len() + k].visible;
    }
    visible
}

/// The three frames of the repeat-group case (`symbols.rs` and `paths.rs`): the labels at
/// `0, 1, 2` are A (off screen at first), B (at the bottom edge) and C (below the view). A flat
/// frame shows B alone; a pan 60 px left brings A into view, reused (A and B shown); a pan
/// 30 px up brings C in, reused, and shows all three. Returns the last frame.
pub fn pan_in_a_then_c(e: &mut FrameEngine) -> Frame {
    let camera = flat_camera();
    let frame = e.place_frame(&camera, 0.0).unwrap();
    assert_eq!([0, 1, 2].map(|i| frame.labels[i].visible), [false, true, false]);
    let panned = camera.with_center(camera.center + DVec2::new(60.0, 0.0) / FLAT_SCALE);
    let frame = e.place_frame(&panned, 16.0).unwrap();
    assert_eq!(frame.stats.kind, FrameKind::Reused);
    assert_eq!([0, 1, 2].map(|i| frame.labels[i].visible), [true, true, false]);
    let up = panned.with_center(panned.center + DVec2::new(0.0, 30.0) / FLAT_SCALE);
    let frame = e.place_frame(&up, 32.0).unwrap().clone();
    assert_eq!(frame.stats.kind, FrameKind::Reused);
    assert_eq!([0, 1, 2].map(|i| frame.labels[i].visible), [true, true, true]);
    assert_eq!(overlapping_visible_pairs(e, e.frame()), []);
    frame
}

/// The steps of a label hidden by a collision whose blocker moves away, for the hysteresis
/// margin's tests (2 px, the default): the gap (px) between the label and its blocker, whether
/// the label is visible with the margin, and whether it is without (no memory between frames).
/// A gap of 1 or 1.9 px after a collision keeps it hidden, 2 px shows it, and once shown it
/// stays shown down to a gap of 0.
pub const MARGIN_STEPS: [(f64, bool, bool); 8] = [
    (-10.0, false, false),
    (1.0, false, true),
    (1.9, false, true),
    (2.0, true, true),
    (1.0, true, true),
    (0.0, true, true),
    (-0.5, false, false),
    (1.5, false, true),
];

/// Plays [`MARGIN_STEPS`] with `options` on the default engine and on the one without
/// shortcuts: at step `k`, the labels `scene(gap)` (same ids: the engines keep their memory),
/// a full frame on the flat camera panned `k` px, then a reused one panned half a px further.
/// Every frame decides alike in both engines; `check(gap, with_margin, frame)` sees every frame
/// of the default engine.
pub fn play_margin_steps(
    options: &FrameOptions,
    scene: impl Fn(f64) -> Vec<WorldLabel>,
    mut check: impl FnMut(f64, bool, &Frame),
) {
    let mut engines =
        [FrameEngine::new(options.clone()), FrameEngine::without_shortcuts(options.clone())].map(|e| e.unwrap());
    let panned = |dx: f64| flat_camera().with_center(CENTER + DVec2::new(dx / FLAT_SCALE, 0.0));
    for (k, &(gap, with_margin, _)) in MARGIN_STEPS.iter().enumerate() {
        for e in &mut engines {
            e.set_labels(scene(gap)).unwrap();
        }
        for (dx, t, kind) in [(0.0, 0.0, FrameKind::Full), (0.5, 8.0, FrameKind::Reused)] {
            for e in &mut engines {
                e.place_frame(&panned(k as f64 + dx), k as f64 * 16.0 + t).unwrap();
            }
            let [default, reference] = &engines;
            assert_eq!(default.frame().stats.kind, kind, "gap {gap}");
            let difference = first_difference(default, reference);
            assert!(difference.is_none(), "gap {gap}, {kind:?}: {}", difference.unwrap_or_default());
            check(gap, with_margin, default.frame());
        }
    }
}
