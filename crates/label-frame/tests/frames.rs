//! Frames against the core: without stability a frame is exactly `label_core::place` on the
//! projected labels; with it, visible labels still never overlap; results do not depend on the
//! thread count; bad input is refused with the field named.

mod common;

use common::*;
use glam::DVec2;
use label_core::{Blocker, BoxStyle, Label, PlacementOptions, place};
use label_frame::{
    Alignment, Camera, Frame, FrameEngine, FrameError, FrameOptions, HiddenReason, Projection, Sight, WorldLabel,
    project_labels,
};

/// Runs `cameras` through a fresh engine and returns every frame.
fn run(labels: &[WorldLabel], options: FrameOptions, cameras: &[Camera]) -> Vec<Frame> {
    let mut engine = FrameEngine::new(options).unwrap();
    engine.set_labels(labels.to_vec()).unwrap();
    cameras.iter().enumerate().map(|(k, c)| engine.place_frame(c, k as f64 * 16.0).unwrap().clone()).collect()
}

#[test]
fn without_stability_a_frame_is_the_core_placement_of_the_projected_labels() {
    let labels = scattered(11, 600, 90.0);
    let mut engine = FrameEngine::new(FrameOptions::without_stability()).unwrap();
    engine.set_labels(labels.clone()).unwrap();
    let mut compared = 0;
    for (k, camera) in animation(12, 1.2).iter().enumerate() {
        let frame = engine.place_frame(camera, k as f64 * 16.0).unwrap().clone();
        // The core on the same screen labels: every label with a pose, the viewport as given.
        let with_pose: Vec<usize> = (0..labels.len()).filter(|&i| frame.labels[i].pose.is_some()).collect();
        let screen: Vec<Label> = with_pose.iter().map(|&i| engine.screen_label(i).unwrap()).collect();
        let options = PlacementOptions::default().with_viewport(camera.size.x as f32, camera.size.y as f32);
        let core = place(&screen, &[], &options).unwrap();
        for (k, &i) in with_pose.iter().enumerate() {
            let (got, want) = (&frame.labels[i], &core.outcomes[k]);
            assert_eq!(got.visible, want.visible, "label {i} at frame {camera:?}");
            // One vocabulary: the frame's reason is the core's.
            assert_eq!(got.reason, want.reason, "label {i}");
            let hidden_by = want.hidden_by.map(|b| match b {
                Blocker::Label(j) => Blocker::Label(with_pose[j as usize] as u32),
                other => other,
            });
            assert_eq!(got.hidden_by, hidden_by, "label {i}");
            assert_eq!(got.opacity, if got.visible { 1.0 } else { 0.0 });
            compared += usize::from(got.visible);
        }
        // A label without a pose is behind the camera, or off screen (the world-space cull
        // did not project it) and not drawn.
        let sights = project_labels(&labels, &Projection::new(camera), engine.options().perspective_scaling);
        for i in (0..labels.len()).filter(|&i| frame.labels[i].pose.is_none()) {
            let culled = frame.labels[i].reason == Some(HiddenReason::Offscreen) && frame.labels[i].opacity == 0.0;
            match sights[i] {
                Sight::Behind => assert_eq!(frame.labels[i].reason, Some(HiddenReason::BehindCamera)),
                Sight::Off(_) => assert!(culled, "label {i}: {:?}", frame.labels[i]),
                other => panic!("label {i} is {other:?} but has no pose"),
            }
        }
    }
    assert!(compared > 200, "only {compared} visible labels compared");
}

/// Halfway, obstacles arrive and every fifth label is given `allow_overlap` (its memory kept:
/// many of them wait), which then shows wherever it is in view.
#[test]
fn sticky_frames_match_their_definition() {
    let mut labels = scattered(14, 800, 100.0);
    let options = FrameOptions::default();
    let mut engine = FrameEngine::new(options.clone()).unwrap();
    engine.set_labels(labels.clone()).unwrap();
    let mut last = engine.place_frame(&animation(30, 1.0)[0], 0.0).unwrap().clone();
    let (mut waited, mut obstacles) = (0, Vec::new());
    for (k, camera) in animation(30, 1.0).iter().enumerate().skip(1) {
        if k == 15 {
            let control = |x: f32, y: f32| {
                label_core::Aabb::from_origin_size(glam::Vec2::new(x, y), glam::Vec2::new(120.0, 90.0))
            };
            obstacles =
                vec![label_core::Shape::Aabb(control(40.0, 30.0)), label_core::Shape::Aabb(control(400.0, 250.0))];
            labels.iter_mut().step_by(5).for_each(|l| l.style.allow_overlap = true);
            engine.set_obstacles(obstacles.clone()).unwrap();
            engine.set_labels(labels.clone()).unwrap();
            last = engine.frame().clone();
        }
        let now = engine.place_frame(camera, k as f64 * 16.0).unwrap().clone();
        assert_eq!(now.stats.kind, label_frame::FrameKind::Full);
        let want = sticky_reference(&engine, &last, &now, &options, &obstacles);
        for (i, l) in now.labels.iter().enumerate() {
            assert_eq!(l.visible, want[i], "frame {k}, label {i}");
        }
        waited += now
            .labels
            .iter()
            .zip(&last.labels)
            .filter(|(n, l)| !n.visible && l.reason == Some(HiddenReason::Collision))
            .count();
        last = now;
    }
    assert!(waited > 1000, "{waited}");
}

#[test]
fn visible_labels_never_overlap_with_stability() {
    let labels = scattered(12, 700, 90.0);
    let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
    engine.set_labels(labels.clone()).unwrap();
    let mut kinds = [0usize; 2];
    let (mut culled, mut fading_off, mut asleep) = (0, 0, 0);
    // The scripted animation, then a pan (translation-only frames, reused).
    let mut cameras = animation(40, 1.0);
    let last = *cameras.last().unwrap();
    cameras.extend(
        (1..30).map(|k| last.with_pitch(0.0).with_center(last.center + DVec2::new(0.15 * k as f64, 0.1 * k as f64))),
    );
    for (k, camera) in cameras.iter().enumerate() {
        let frame = engine.place_frame(camera, k as f64 * 16.0).unwrap().clone();
        kinds[frame.stats.kind as usize] += 1;
        let bad = overlapping_visible_pairs(&engine, &frame);
        assert!(bad.is_empty(), "frame {k}: overlapping visible labels {bad:?}");
        assert!(frame.stats.visible > 20);
        // What a renderer draws has a pose, even when fading out off screen; the labels
        // without one are not drawn: off screen (the world-space cull skipped them), or hidden
        // in view asleep (the pose is projected on demand, and is the one the frame would have
        // computed).
        let sights = project_labels(&labels, &Projection::new(camera), engine.options().perspective_scaling);
        for (i, l) in frame.labels.iter().enumerate() {
            if l.pose.is_none() {
                assert!(l.opacity == 0.0, "frame {k}, label {i}: {l:?}");
                if l.in_view() {
                    assert_eq!(l.reason, Some(HiddenReason::Collision), "frame {k}, label {i}");
                    assert_eq!(engine.screen_pose(i), sights[i].pose(), "frame {k}, label {i}");
                    asleep += 1;
                } else {
                    culled += usize::from(l.reason == Some(HiddenReason::Offscreen));
                }
            } else if l.opacity > 0.0 && l.reason == Some(HiddenReason::Offscreen) {
                fading_off += 1;
            }
        }
    }
    assert!(kinds[1] > 10, "the pan should reuse placements: {kinds:?}");
    assert!(culled > 1000 && fading_off > 10, "culled {culled}, fading off screen {fading_off}");
    assert!(asleep > 1000, "asleep {asleep}");
}

#[test]
fn frames_are_the_same_on_any_thread_count() {
    // Enough labels for the projection and the core to split work between threads.
    let labels = scattered(13, 20_000, 120.0);
    let cameras = animation(6, 1.0);
    let in_pool = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| run(&labels, FrameOptions::default(), &cameras))
    };
    let one = in_pool(1);
    assert!(one.iter().all(|f| f.stats.visible > 100));
    assert_eq!(one, in_pool(3));
}

#[test]
fn map_aligned_labels_turn_with_the_bearing_and_stay_upright() {
    let street = WorldLabel::from_world(1, CENTER, 60.0, 12.0).with_angle(30.0).with_alignment(Alignment::Map);
    let place_name =
        WorldLabel::from_world(2, CENTER + DVec2::new(0.0, 40.0 / FLAT_SCALE), 60.0, 12.0).with_angle(10.0);
    let flipped = WorldLabel { id: 3, ..street.clone() }.with_keep_upright(false);
    let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
    engine.set_labels(vec![street, place_name, flipped]).unwrap();
    let angle = |engine: &mut FrameEngine, bearing: f64, i: usize| {
        let frame = engine.place_frame(&flat_camera().with_bearing(bearing), 0.0).unwrap();
        frame.labels[i].pose.unwrap().angle
    };
    assert_eq!(angle(&mut engine, 0.0, 0), 30.0);
    assert_eq!(angle(&mut engine, 40.0, 0), 70.0);
    // 30 + 100 = 130° would read upside down: turned to −50°.
    assert_eq!(angle(&mut engine, 100.0, 0), -50.0);
    assert_eq!(angle(&mut engine, 100.0, 2), 130.0);
    // Viewport-aligned: the angle stays on screen.
    assert_eq!(angle(&mut engine, 100.0, 1), 10.0);
}

#[test]
fn pitch_scales_labels_by_perspective_and_culls_behind_the_camera() {
    let far = WorldLabel::from_world(1, CENTER - DVec2::new(0.0, 100.0 / FLAT_SCALE), 50.0, 10.0);
    let near = WorldLabel::from_world(2, CENTER + DVec2::new(0.0, 100.0 / FLAT_SCALE), 50.0, 10.0);
    let behind = WorldLabel::from_world(3, CENTER + DVec2::new(0.0, 5_000.0), 50.0, 10.0);
    let camera = flat_camera().with_pitch(60.0);
    let projection = Projection::new(&camera);
    for scaling in [0.0, 0.5, 1.0] {
        let mut engine = FrameEngine::new(FrameOptions::default().with_perspective_scaling(scaling)).unwrap();
        engine.set_labels(vec![far.clone(), near.clone(), behind.clone()]).unwrap();
        let frame = engine.place_frame(&camera, 0.0).unwrap().clone();
        for (i, l) in [&far, &near].into_iter().enumerate() {
            let k = projection.project(l.position).unwrap().perspective;
            let scale = frame.labels[i].pose.unwrap().scale;
            assert!((scale - (1.0 + scaling * (k - 1.0))).abs() < 1e-12, "{scaling}: {scale} vs k {k}");
            assert_eq!(engine.screen_label(i).unwrap().style.width, 50.0 * scale);
        }
        if scaling > 0.0 {
            assert!(frame.labels[0].pose.unwrap().scale < 1.0 && frame.labels[1].pose.unwrap().scale > 1.0);
        }
        assert_eq!(frame.labels[2].reason, Some(HiddenReason::BehindCamera));
        assert_eq!(frame.labels[2].pose, None);
        assert_eq!(frame.stats.behind_camera, 1);
    }
}

#[test]
fn bad_input_is_refused_with_the_field_named() {
    let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
    let ok = at_screen(5, 100.0, 100.0, 40.0, 10.0);
    let err = engine
        .set_labels(vec![ok.clone(), WorldLabel { id: 9, style: BoxStyle { width: -1.0, ..ok.style }, ..ok.clone() }])
        .unwrap_err();
    assert!(matches!(err, FrameError::InvalidLabel { index: 1, id: 9, field: "width", .. }), "{err:?}");
    let err = engine.set_labels(vec![WorldLabel { position: DVec2::new(f64::NAN, 0.0), ..ok.clone() }]).unwrap_err();
    assert!(matches!(err, FrameError::InvalidLabel { field: "position", .. }), "{err:?}");
    let err = engine.set_labels(vec![ok.clone(), ok.clone()]).unwrap_err();
    assert_eq!(err, FrameError::DuplicateId { index: 1, id: 5, first_index: 0 });
    assert!(engine.labels().is_empty(), "a refused set changes nothing");
    engine.set_labels(vec![ok]).unwrap();
    let err = engine.place_frame(&flat_camera().with_pitch(90.0), 0.0).unwrap_err();
    assert!(matches!(err, FrameError::InvalidCamera { field: "pitch", .. }), "{err:?}");
    let err = engine.place_frame(&flat_camera(), f64::NAN).unwrap_err();
    assert!(matches!(err, FrameError::InvalidOption { field: "time_ms", .. }), "{err:?}");
    assert!(engine.set_options(FrameOptions::default().with_fade_ms(-1.0)).is_err());
    let bad_obstacle = label_core::Shape::Circle(label_core::Circle::new(glam::Vec2::ZERO, 0.0));
    assert!(matches!(engine.set_obstacles(vec![bad_obstacle]), Err(FrameError::Core(_))));
    // Error messages name what is wrong.
    assert_eq!(
        FrameError::DuplicateId { index: 1, id: 5, first_index: 0 }.to_string(),
        "label 1: id 5 is already used by the label at index 0"
    );
}

#[test]
fn obstacles_hide_labels_and_are_named() {
    let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
    engine.set_labels(vec![at_screen(1, 50.0, 50.0, 40.0, 10.0), at_screen(2, 300.0, 50.0, 40.0, 10.0)]).unwrap();
    let control = label_core::Aabb::from_corners(glam::Vec2::new(0.0, 0.0), glam::Vec2::new(60.0, 60.0));
    engine.set_obstacles(vec![label_core::Shape::Aabb(control)]).unwrap();
    let frame = engine.place_frame(&flat_camera(), 0.0).unwrap();
    assert_eq!(frame.labels[0].hidden_by, Some(Blocker::Obstacle(0)));
    assert!(frame.labels[1].visible);
}

/// contract §3 in frames: a name above a point and one below it (anchors `bottom` and `top`, one
/// angle) share an edge exactly, so both are shown in every frame — at 30°, 45°, 60° and many
/// other angles, the map turned and zoomed, near the world's origin or at its far corner — by
/// the engine and by the engine without shortcuts alike.
#[test]
fn touching_turned_labels_are_both_shown_in_every_frame() {
    use label_core::Anchor;
    let angles = [30.0, 45.0, 60.0].into_iter().chain((0..40).map(|k| f64::from(k) * 8.7 + 0.3));
    for (n, angle) in angles.enumerate() {
        let at = if n % 2 == 0 { DVec2::new(100.0, 100.0) } else { DVec2::new(255.9, 255.7) };
        let (width, height) = (40.0 + f64::from(n as u32) * 1.37, 9.0 + f64::from(n as u32 % 7) * 1.13);
        let labels = vec![
            WorldLabel::from_world(1, at, width, height).with_angle(angle).with_anchor(Anchor::Bottom),
            WorldLabel::from_world(2, at, width * 0.7, height).with_angle(angle).with_anchor(Anchor::Top),
        ];
        let cameras: Vec<Camera> = (0..6)
            .map(|k| {
                let t = f64::from(k);
                let near = at + DVec2::new(t * 1e-6, -t * 7e-7);
                Camera::new(near, 10.0 + t * 1.7, 1280.0, 720.0).with_bearing(t * 13.0)
            })
            .collect();
        for engine in
            [FrameEngine::new(FrameOptions::default()), FrameEngine::without_shortcuts(FrameOptions::default())]
        {
            let mut engine = engine.unwrap();
            engine.set_labels(labels.clone()).unwrap();
            for (k, camera) in cameras.iter().enumerate() {
                let frame = engine.place_frame(camera, k as f64 * 16.0).unwrap();
                assert!(frame.labels.iter().all(|l| l.visible), "{angle}° at {at}, frame {k}: {:?}", frame.labels);
            }
        }
    }
}

/// Contract §4 step 3b in frames: a label with `allow_overlap` whose positions all collide
/// with an obstacle or with a placed label is shown anyway, overlapping, at its first position
/// in view — also when it waits (hidden by a collision in the last frame, before its style gave
/// it `allow_overlap`). Plain labels (as the core places the same screen labels) and symbols,
/// by the engine and by the engine without shortcuts.
#[test]
fn an_allow_overlap_label_is_shown_over_an_obstacle_even_after_waiting() {
    use label_core::{Anchor, Candidate, Symbol};
    let control = label_core::Aabb::from_corners(glam::Vec2::new(0.0, 0.0), glam::Vec2::new(60.0, 60.0));
    let obstacles = vec![label_core::Shape::Aabb(control)];
    let blocker = at_screen(1, 300.0, 50.0, 60.0, 12.0).with_priority(3.0);
    for symbol in [false, true] {
        let labels = |allow_overlap: bool| {
            let mut set =
                vec![blocker.clone(), at_screen(2, 40.0, 50.0, 40.0, 10.0), at_screen(3, 310.0, 50.0, 40.0, 10.0)];
            for l in &mut set[1..] {
                l.style.allow_overlap = allow_overlap;
                if symbol {
                    let sides = vec![Candidate::new(Anchor::Right), Candidate::new(Anchor::Left)];
                    *l = l.clone().with_symbol(Symbol::default().with_candidates(sides));
                }
            }
            set
        };
        for shortcuts in [true, false] {
            let options = FrameOptions::default();
            let mut engine =
                if shortcuts { FrameEngine::new(options) } else { FrameEngine::without_shortcuts(options) }.unwrap();
            engine.set_obstacles(obstacles.clone()).unwrap();
            engine.set_labels(labels(false)).unwrap();
            let frame = engine.place_frame(&flat_camera(), 0.0).unwrap();
            assert_eq!(frame.labels[1].hidden_by, Some(Blocker::Obstacle(0)));
            assert_eq!(frame.labels[2].hidden_by, Some(Blocker::Label(0)));
            engine.set_labels(labels(true)).unwrap();
            for k in 1..4 {
                let frame = engine.place_frame(&flat_camera(), f64::from(k) * 16.0).unwrap().clone();
                let case = format!("symbol {symbol}, shortcuts {shortcuts}, frame {k}");
                assert!(frame.labels.iter().all(|l| l.visible), "{case}: {:?}", frame.labels);
                if !symbol {
                    let screen: Vec<Label> = (0..3).map(|i| engine.screen_label(i).unwrap()).collect();
                    let core = place(&screen, &obstacles, &PlacementOptions::default()).unwrap();
                    assert!(core.outcomes.iter().all(|o| o.visible), "{case}: the core shows them all");
                }
            }
        }
    }
}
