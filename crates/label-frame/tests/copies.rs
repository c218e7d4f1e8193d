//! Copies of the world: labels on both sides of the antimeridian meet, a camera's centre may be
//! given in any copy of the world, and the labels in view are those of the copy nearest the
//! camera.

mod common;

use common::*;
use glam::DVec2;
use label_core::Blocker;
use label_frame::mercator::{TILE_SIZE, lon_lat_to_world, nearest_copy};
use label_frame::{
    Camera, Frame, FrameEngine, FrameKind, FrameOptions, HiddenReason, Projection, Sight, WorldLabel, project_labels,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn labels_on_both_sides_of_the_antimeridian_meet() {
    // Two names on either side of 180° over Fiji, 0.04° apart: 29 px at zoom 10.
    let east = WorldLabel::from_lon_lat(1, 179.98, -17.0, 80.0, 14.0).with_priority(2.0);
    let west = WorldLabel::from_lon_lat(2, -179.98, -17.0, 80.0, 14.0).with_priority(1.0);
    for lon in [180.0, -180.0, 179.99, -179.99, 540.0] {
        let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
        engine.set_labels(vec![east.clone(), west.clone()]).unwrap();
        let frame = engine.place_frame(&Camera::from_lon_lat(lon, -17.0, 10.0, 800.0, 600.0), 0.0).unwrap();
        assert!(frame.labels[0].visible, "camera at {lon}");
        assert_eq!(frame.labels[1].hidden_by, Some(Blocker::Label(0)), "camera at {lon}");
        let gap = engine.screen_pose(1).unwrap().position - engine.screen_pose(0).unwrap().position;
        assert!((gap.x - 29.1).abs() < 0.1 && gap.y.abs() < 1e-6, "camera at {lon}: {gap}");
    }
    // A flat world: the label across the seam is a world away; turned on again, it is back.
    let camera = Camera::from_lon_lat(180.0, -17.0, 10.0, 800.0, 600.0);
    let mut engine = FrameEngine::new(FrameOptions::default().with_world_copies(false)).unwrap();
    engine.set_labels(vec![east, west]).unwrap();
    for (k, on) in [false, true, false, true].into_iter().enumerate() {
        engine.set_options(FrameOptions::default().with_world_copies(on)).unwrap();
        let frame = engine.place_frame(&camera, k as f64 * 16.0).unwrap();
        assert!(frame.labels[0].visible);
        if on {
            assert_eq!(frame.labels[1].hidden_by, Some(Blocker::Label(0)));
        } else {
            assert_eq!(frame.labels[1].reason, Some(HiddenReason::Offscreen));
        }
    }
}

/// `n` seeded labels in a band of latitude all around the world, longitudes in `[−180°, 180°)`.
fn band(n: usize) -> Vec<WorldLabel> {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    (0..n)
        .map(|i| {
            let (lon, lat) = (rng.random_range(-180.0..180.0), rng.random_range(-20.0..-10.0));
            WorldLabel::from_lon_lat(i as u64, lon, lat, rng.random_range(30.0..110.0), 12.0)
                .with_priority(f64::from(rng.random_range(0..4)))
                .with_angle(if i % 5 == 0 { rng.random_range(-30.0..30.0) } else { 0.0 })
        })
        .collect()
}

#[test]
fn a_camera_panning_round_the_world_sees_the_copy_nearest_it() {
    let labels = band(6000);
    let y = lon_lat_to_world(0.0, -15.0).y;
    // Eastwards from 100° E past 180° and on, zooming between 4 and 5.5 and turning; pans at
    // one zoom and bearing in between (reused frames).
    let cameras: Vec<Camera> = (0..240)
        .map(|k| {
            let t = f64::from(k);
            let x = lon_lat_to_world(100.0, 0.0).x + t * 0.9;
            let zoom = 4.75 + 0.75 * (t / 30.0).sin();
            let c = Camera::new(DVec2::new(x, y), zoom, 800.0, 500.0);
            if k % 40 < 20 { c.with_bearing(t * 0.5) } else { c.with_zoom(5.0) }
        })
        .collect();
    let run = |cameras: &mut dyn Iterator<Item = Camera>| -> (FrameEngine, Vec<Frame>) {
        let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
        engine.set_labels(labels.clone()).unwrap();
        let frames =
            cameras.enumerate().map(|(k, c)| engine.place_frame(&c, k as f64 * 16.0).unwrap().clone()).collect();
        (engine, frames)
    };
    // A renderer keeping its centre in the first world sees the same frames.
    let (_, kept_in_one) = run(&mut cameras.iter().map(|c| c.with_center(DVec2::new(c.center.x % TILE_SIZE, y))));
    let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
    engine.set_labels(labels.clone()).unwrap();
    let (mut reused, mut asleep, mut crossing) = (0, 0, 0);
    for (k, camera) in cameras.iter().enumerate() {
        let frame = engine.place_frame(camera, k as f64 * 16.0).unwrap().clone();
        assert!(frame == kept_in_one[k], "frame {k} differs with the centre kept in one world");
        assert!(overlapping_visible_pairs(&engine, &frame).is_empty(), "frame {k}");
        reused += usize::from(frame.stats.kind == FrameKind::Reused);
        asleep += frame.stats.asleep;
        // Every label is where its copy nearest the camera is: in view or not, and its pose.
        let nearest: Vec<WorldLabel> = labels
            .iter()
            .map(|l| WorldLabel { position: nearest_copy(l.position, camera.center.x), ..l.clone() })
            .collect();
        crossing += usize::from(
            nearest.iter().zip(&labels).any(|(n, l)| n.position != l.position && frame.labels[n.id as usize].in_view()),
        );
        let sights = project_labels(&nearest, &Projection::new(camera), engine.options().perspective_scaling);
        for (i, sight) in sights.iter().enumerate() {
            let got = &frame.labels[i];
            assert_eq!(got.in_view(), matches!(sight, Sight::In(_)), "frame {k}, label {i}: {got:?} {sight:?}");
            if let Some(pose) = got.pose {
                let want = sight.pose().unwrap();
                assert!(pose.position.abs_diff_eq(want.position, 1e-6), "frame {k}, label {i}");
                assert_eq!(pose.angle, want.angle);
            }
        }
    }
    assert!(reused > 50 && asleep > 10_000, "reused {reused}, asleep {asleep}");
    assert!(crossing > 50, "frames with labels in view from beyond 180°: {crossing}");
}

#[test]
fn a_reset_engine_places_as_a_new_one() {
    // After a pan three quarters of the way round the world at zoom 1.5 (the view wider than a
    // world: the copies' reference follows the camera), a reset engine's next frame is a new
    // engine's first, wherever the camera is.
    let labels = band(3000);
    let y = lon_lat_to_world(0.0, -15.0).y;
    let camera = |x: f64| Camera::new(DVec2::new(x, y), 1.5, 1600.0, 900.0);
    let mut engine = FrameEngine::new(FrameOptions::default()).unwrap();
    engine.set_labels(labels.clone()).unwrap();
    for k in 0..60 {
        engine.place_frame(&camera(f64::from(k) * 3.2), f64::from(k) * 16.0).unwrap();
    }
    for x in [0.0, 60.0, 190.0] {
        engine.reset();
        let after_reset = engine.place_frame(&camera(x), 0.0).unwrap().clone();
        let mut fresh = FrameEngine::new(FrameOptions::default()).unwrap();
        fresh.set_labels(labels.clone()).unwrap();
        let first = fresh.place_frame(&camera(x), 0.0).unwrap();
        assert!(after_reset == *first, "camera at {x}");
    }
}
