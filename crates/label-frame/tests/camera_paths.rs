//! Property tests over random camera paths (pans, zooms about any screen point, turns, tilts,
//! holds, and centres moved by whole worlds) and random label sets, some across the
//! antimeridian, plain or symbols (candidates, icons, optional parts, repeat groups, texts
//! along random lines, glyph by glyph): every full
//! frame is the definition of `Stickiness::Shown` (`sticky_reference`, written with the core's
//! public API, for plain labels; `symbol_reference`, by brute force, for both: visibility,
//! choice, reason and blocker), visible labels never overlap, and a label is in view exactly
//! when its copy of the world nearest the camera meets the viewport (some part of it). Frames reuse placements in one
//! engine (symbols too), never in another; a third takes none of the engine's shortcuts
//! (`FrameEngine::without_shortcuts`) and decides every frame as the default engine does.

mod common;

use common::*;
use glam::DVec2;
use label_core::{Anchor, BoxStyle, Candidate, Icon, Optional, Symbol, TextPath};
use label_frame::mercator::{TILE_SIZE, nearest_copy};
use label_frame::{
    Alignment, Camera, FrameEngine, FrameKind, FrameOptions, Projection, Sight, WorldLabel, project_labels,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use proptest::test_runner::{RngAlgorithm, RngSeed};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One step of a camera path.
#[derive(Clone, Debug)]
enum Step {
    /// Moves the screen by this many px.
    Pan(f64, f64),
    /// Zooms by this much about a screen point (as fractions of the viewport).
    Zoom(f64, f64, f64),
    /// Turns the bearing by this many degrees.
    Turn(f64),
    /// Tilts by this many degrees (pitch kept in 0–60°).
    Tilt(f64),
    /// The same camera again.
    Hold,
    /// The centre given this many worlds east (the same view).
    Worlds(i32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (-40.0..40.0, -40.0..40.0).prop_map(|(x, y)| Step::Pan(x, y)),
        3 => (-0.3..0.6, edge_or_not(), edge_or_not()).prop_map(|(z, x, y)| Step::Zoom(z, x, y)),
        2 => (-10.0..10.0).prop_map(Step::Turn),
        1 => (-12.0..12.0).prop_map(Step::Tilt),
        1 => Just(Step::Hold),
        1 => (-2..=2).prop_map(Step::Worlds),
    ]
}

/// A fraction of the viewport, often near an edge (zooms about points near the edge move
/// labels in and out of view the most).
fn edge_or_not() -> impl Strategy<Value = f64> {
    prop_oneof![0.0..1.0, 0.0..0.1, 0.9..1.0]
}

/// The camera after `step`.
fn apply(camera: Camera, step: &Step) -> Camera {
    let scale = camera.zoom.exp2();
    match *step {
        Step::Pan(x, y) => {
            let (s, c) = camera.bearing.to_radians().sin_cos();
            // Screen px back to world px: turned back by the bearing.
            let d = DVec2::new(x * c - y * s, x * s + y * c) / scale;
            camera.with_center(camera.center + d)
        }
        Step::Zoom(dz, fx, fy) => {
            let zoom = (camera.zoom + dz).clamp(0.5, 6.0);
            let q = Projection::new(&camera).unproject(camera.size * DVec2::new(fx, fy));
            match q {
                // The world point under the screen point stays there (exactly without pitch).
                Some(q) if camera.pitch == 0.0 => {
                    camera.with_zoom(zoom).with_center(q + (camera.center - q) * (camera.zoom - zoom).exp2())
                }
                _ => camera.with_zoom(zoom),
            }
        }
        Step::Turn(b) => camera.with_bearing(camera.bearing + b),
        Step::Tilt(p) => camera.with_pitch((camera.pitch + p).clamp(0.0, 60.0)),
        Step::Hold => camera,
        Step::Worlds(k) => camera.with_center(camera.center + DVec2::new(f64::from(k) * TILE_SIZE, 0.0)),
    }
}

/// `n` seeded labels within `spread` world px of `around`, their longitudes wrapped into the
/// first world; with `symbols`, most of them symbols ([`symbol`]).
fn labels(seed: u64, n: usize, around: DVec2, spread: f64, symbols: bool) -> Vec<WorldLabel> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|i| {
            let p = around + DVec2::new(rng.random_range(-spread..spread), rng.random_range(-spread..spread) * 0.6);
            let l = WorldLabel::from_world(i as u64, DVec2::new(p.x.rem_euclid(TILE_SIZE), p.y), 0.0, 0.0);
            let l = WorldLabel {
                style: BoxStyle {
                    width: rng.random_range(20.0..110.0),
                    height: rng.random_range(10.0..16.0),
                    ..l.style
                },
                ..l
            }
            .with_priority(f64::from(rng.random_range(0..4)))
            .with_padding(f64::from(rng.random_range(0..3)));
            let l = match rng.random_range(0..5) {
                0 => l.with_alignment(Alignment::Map).with_angle(rng.random_range(-180.0..180.0)),
                1 => l.with_angle(rng.random_range(-30.0..30.0)),
                _ => l,
            };
            match symbols.then(|| rng.random_range(0..10)) {
                Some(0..3) => along(&mut rng, l),
                Some(3..9) => l.with_symbol(symbol(&mut rng)),
                _ => l,
            }
        })
        .collect()
}

/// Label `l` made a text along a seeded line from its anchor point: 2 to 6 points, segments
/// of 1 to 12 world px turning by up to 70° (some kinks, some gentle bends, lines that come
/// back on themselves), 2 to 9 glyphs of whole px, any `max_angle`, both upright settings, a
/// `path_offset` now and then, a repeat group now and then.
fn along(rng: &mut ChaCha8Rng, l: WorldLabel) -> WorldLabel {
    let mut heading = rng.random_range(-180.0f64..180.0).to_radians();
    let mut points = vec![l.position];
    for _ in 1..rng.random_range(2..7) {
        let step = rng.random_range(1.0..12.0);
        let last = points[points.len() - 1];
        points.push(last + DVec2::new(heading.cos(), heading.sin()) * step);
        heading += rng.random_range(-70.0f64..70.0).to_radians();
    }
    let advances = (0..rng.random_range(2..10)).map(|_| f64::from(rng.random_range(5..12))).collect();
    let mut path = TextPath::new(points, advances)
        .with_max_angle([20.0, 45.0, 90.0, 180.0][rng.random_range(0..4)])
        .with_keep_upright(rng.random_bool(0.8));
    if rng.random_bool(0.3) {
        let length = path.length();
        path = path.with_path_offset(rng.random_range(0.0..length));
    }
    let mut street = WorldLabel::along_path(l.id, path, l.style.height)
        .with_priority(l.style.priority)
        .with_padding(l.style.padding);
    if rng.random_bool(0.3) {
        street.symbol = street.symbol.with_repeat(rng.random_range(0..3), rng.random_range(0.0..120.0));
    }
    street
}

/// How far label `l` reaches from its position in the world, world px (a path label's line),
/// and on screen, px at scale 1 (its box, or its glyphs).
fn reach_of(l: &WorldLabel) -> (f64, f64) {
    match &l.symbol.path {
        Some(p) => {
            let world = p.points.iter().map(|q| (*q - l.position).length()).fold(0.0, f64::max);
            (world, l.style.height.hypot(p.glyph_advances.iter().copied().fold(0.0, f64::max)) + l.style.padding * 2.0)
        }
        None => (0.0, l.style.width.hypot(l.style.height) + l.style.padding * 2.0),
    }
}

/// Label `l` moved into the copy of the world nearest `x` (a path label: its whole line, with
/// its first point).
fn nearest(l: &WorldLabel, x: f64) -> WorldLabel {
    match &l.symbol.path {
        Some(p) => {
            let shift = nearest_copy(p.points[0], x) - p.points[0];
            let points = p.points.iter().map(|q| *q + shift).collect();
            let path = TextPath { points, ..p.clone() };
            WorldLabel { symbol: Symbol { path: Some(path), ..l.symbol.clone() }, ..l.clone() }
        }
        None => WorldLabel { position: nearest_copy(l.position, x), ..l.clone() },
    }
}

/// A seeded symbol with every field: 0 to 4 candidates (any anchor, whole-px offsets, so that
/// boxes touch exactly), an icon half the time (any anchor and optional part), a repeat group
/// (one of three) now and then, `allow_overlap` and `ignore_placement` never (the label's).
fn symbol(rng: &mut ChaCha8Rng) -> Symbol {
    let anchor = |rng: &mut ChaCha8Rng| Anchor::ALL[rng.random_range(0..9)];
    let candidates = (0..rng.random_range(0..5))
        .map(|_| {
            let c = Candidate::new(anchor(rng));
            c.with_offset(f64::from(rng.random_range(-4..5)), f64::from(rng.random_range(-4..5)))
        })
        .collect();
    let mut s = Symbol::default().with_candidates(candidates);
    if rng.random_bool(0.5) {
        let icon = Icon {
            anchor: anchor(rng),
            padding: f64::from(rng.random_range(0..2)),
            ..Icon::new(f64::from(rng.random_range(4..16)), f64::from(rng.random_range(4..16)))
        };
        s = s.with_icon(icon).with_optional([Optional::None, Optional::Text, Optional::Icon][rng.random_range(0..3)]);
    }
    if rng.random_bool(0.3) {
        s = s.with_repeat(rng.random_range(0..3), rng.random_range(0.0..120.0));
    }
    s
}

/// How far the ground in view reaches east or west of the centre, world px, if the horizon is
/// not in view.
fn east_west(camera: &Camera) -> Option<f64> {
    let projection = Projection::new(camera);
    let corners = [DVec2::ZERO, DVec2::new(camera.size.x, 0.0), DVec2::new(0.0, camera.size.y), camera.size];
    corners
        .iter()
        .try_fold(0.0, |widest: f64, &c| Some(widest.max((projection.unproject(c)?.x - camera.center.x).abs())))
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: if cfg!(debug_assertions) { 48 } else { 192 },
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(0x00de_c1a7_7e55),
        failure_persistence: None,
        max_shrink_iters: 200,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn frames_on_random_camera_paths_keep_the_contract(
        seed in any::<u64>(),
        // Plain labels, or (fewer) symbols.
        (symbols, n) in prop_oneof![(Just(false), 50usize..500), (Just(true), 20usize..200)],
        x in 0.0..TILE_SIZE,
        spread in 10.0..90.0,
        zoom in 1.0..5.0,
        steps in prop::collection::vec(step(), 10..36),
    ) {
        play(seed, n, (x, spread, zoom), &steps, symbols)?;
    }
}

/// Plays `steps` from a camera at `zoom` on `n` labels (symbols if `symbols`) spread `spread`
/// world px around `(x, 100)` on three engines (full frames only, the default, the one without
/// shortcuts), and checks every frame: equal between the default engine and the one without
/// shortcuts; the definition (plain labels: `sticky_reference` with the core's public API;
/// both: the brute-force `symbol_reference`); no overlap; in view where the nearest copy is.
fn play(
    seed: u64,
    n: usize,
    (x, spread, zoom): (f64, f64, f64),
    steps: &[Step],
    symbols: bool,
) -> Result<(), TestCaseError> {
    let around = DVec2::new(x, 100.0);
    let labels = labels(seed, n, around, spread, symbols);
    // Candidates (offsets up to 4 px) and icons (up to 16 px) reach at most 40 px further.
    let reach = labels.iter().map(|l| reach_of(l).1).fold(0.0, f64::max) + if symbols { 40.0 } else { 0.0 };
    let world_reach = labels.iter().map(|l| reach_of(l).0).fold(0.0, f64::max);
    let mut camera = Camera::new(around, zoom, 640.0, 400.0);
    let no_reuse = FrameOptions::default().with_reuse_translations(false);
    let mut engines = [
        FrameEngine::new(no_reuse.clone()),
        FrameEngine::new(FrameOptions::default()),
        FrameEngine::without_shortcuts(FrameOptions::default()),
    ]
    .map(|e| {
        let mut e = e.unwrap();
        e.set_labels(labels.clone()).unwrap();
        e
    });
    let mut last = None;
    for (k, step) in std::iter::once(&Step::Hold).chain(steps).enumerate() {
        camera = apply(camera, step);
        let t = k as f64 * 16.0;
        for e in &mut engines {
            e.place_frame(&camera, t).unwrap();
        }
        let [full, default, reference] = &engines;
        prop_assert_eq!(full.frame().stats.kind, FrameKind::Full);
        let difference = first_difference(default, reference);
        prop_assert!(difference.is_none(), "frame {}: {}", k, difference.unwrap_or_default());
        // Reused frames too: a label kept in view still meets it.
        for e in [full, default] {
            for (i, l) in e.frame().labels.iter().enumerate() {
                prop_assert_eq!(l.in_view(), symbol_in_view(e, i, camera.size), "frame {}, label {}", k, i);
            }
        }
        if let Some(last) = &last {
            let want = symbol_reference(full, last, camera.size, &no_reuse);
            let now = full.frame();
            for (i, l) in now.labels.iter().enumerate() {
                let got = match (l.visible, l.reason, l.hidden_by) {
                    (true, ..) => Decided::Shown(now.choices.get(i).copied().unwrap_or_default()),
                    (false, Some(reason), Some(by)) if l.in_view() => Decided::Hidden(reason, by),
                    _ => Decided::Out,
                };
                if symbols {
                    prop_assert_eq!(got, want[i], "frame {}, label {}", k, i);
                } else {
                    // The plain engine settles some waiting labels by one test against their
                    // last blocker, without looking at the others: only visibility is defined.
                    prop_assert_eq!(l.visible, matches!(want[i], Decided::Shown(_)), "frame {}, label {}", k, i);
                }
            }
            if !symbols {
                let want = sticky_reference(full, last, now, &no_reuse, &[]);
                for (i, l) in now.labels.iter().enumerate() {
                    prop_assert_eq!(l.visible, want[i], "frame {}, label {}", k, i);
                }
            }
        }
        // Where every label's copy nearest the camera is, when the view (with the labels'
        // reach) spans less than a world: then no label can be in view in two copies.
        let view = east_west(&camera).map(|w| w + world_reach + reach / camera.zoom.exp2());
        let nearest: Option<Vec<Sight>> = view.filter(|&w| w < TILE_SIZE / 2.0 - 8.0).map(|_| {
            let moved: Vec<WorldLabel> = labels.iter().map(|l| nearest(l, camera.center.x)).collect();
            project_labels(&moved, &Projection::new(&camera), no_reuse.perspective_scaling)
        });
        for e in &engines {
            prop_assert!(overlapping_visible_pairs(e, e.frame()).is_empty(), "frame {}", k);
            if let Some(sights) = &nearest {
                for (i, (l, s)) in e.frame().labels.iter().zip(sights).enumerate() {
                    prop_assert_eq!(l.in_view(), matches!(s, Sight::In(_)), "frame {}, label {}", k, i);
                }
            }
        }
        last = Some(full.frame().clone());
    }
    Ok(())
}
