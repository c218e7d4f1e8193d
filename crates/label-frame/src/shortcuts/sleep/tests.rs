//! The certificates' tests, and frames with sleeping labels against frames without.

use super::*;
use crate::test_support::{Played, patch, play_against_sleepless};
use crate::{Camera, WorldLabel};
use glam::Vec2;

/// A dense patch of labels (most hidden, most of them asleep), some rotated, some
/// map-aligned, some padded.
fn dense_patch() -> Vec<WorldLabel> {
    patch(DVec2::new(100.0, 80.0), 0.04)
}

#[test]
fn sleeping_labels_keep_the_frames_they_would_have() {
    // The camera zooms, turns, pans, tilts, comes back, zooms in on a point, and pans far.
    // Most sleeping labels are dormant in the frames without pitch.
    let cameras = crate::test_support::busy_path();
    let played = play_against_sleepless(&dense_patch(), &cameras);
    // Labels hidden in the first frame (new to the view, by pass 1) sleep from the second on.
    let second = played[1].0;
    assert!(second.asleep * 2 > second.hidden_collision, "{second:?}");
    let sum = |f: &dyn Fn(usize, &Played) -> usize| -> usize { played.iter().enumerate().map(|(k, p)| f(k, p)).sum() };
    let asleep = sum(&|_, (s, ..)| s.asleep);
    let reused_asleep = sum(&|_, (s, ..)| usize::from(s.kind == crate::FrameKind::Reused && s.asleep > 0));
    // Under pitch, on depth certificates.
    let tilted_asleep = sum(&|k, (s, ..)| if cameras[k].pitch > 0.0 { s.asleep } else { 0 });
    let dormant = sum(&|_, (_, d, _)| *d);
    // Dormant under pitch too, and woken there (the camera tilts on).
    let tilted_dormant = sum(&|k, (_, d, _)| if cameras[k].pitch > 0.0 { *d } else { 0 });
    let tilted_woken = sum(&|k, (.., w)| if cameras[k].pitch > 0.0 { *w } else { 0 });
    assert!(
        asleep > 40_000 && reused_asleep > 10 && tilted_asleep > 15_000 && dormant > 20_000,
        "{asleep}, {reused_asleep}, {tilted_asleep}, {dormant}"
    );
    assert!(tilted_dormant > 10_000 && tilted_woken > 100, "{tilted_dormant} dormant, {tilted_woken} woken");
    // The first tilted frame (101) keeps most dormant labels: their rectangle certificates
    // turn into depth ones. Back without pitch (120) every one wakes.
    let (flat, tilted, back) = (&played[100], &played[101], &played[120]);
    assert!(flat.1 > 500 && tilted.2 * 10 < flat.1, "{} dormant, {} woken", flat.1, tilted.2);
    assert_eq!(back.2, played[119].1, "all woken");
}

#[test]
fn dormant_labels_keep_their_frames_when_the_camera_jumps() {
    // A random camera: small moves of the zoom, the bearing and the centre most frames (of
    // the centre alone in some), large jumps now and then, a tilted frame or a resized
    // viewport at times (both wake every label). Dormant labels must wake before any of
    // their bounds lets a frame differ.
    let mut next = uniform(0x2545_f491_4f6c_dd1d);
    let mut camera = Camera::new(DVec2::new(110.0, 88.0), 4.5, 900.0, 600.0);
    let cameras: Vec<Camera> = (0..300)
        .map(|_| {
            let (jump, roll, pan_only) = (if next() < 0.1 { 20.0 } else { 1.0 }, next(), next() < 0.3);
            let mut step = |scale: f64| (next() - 0.5) * scale * jump;
            if !pan_only {
                camera.zoom = (camera.zoom + step(0.06)).clamp(3.5, 6.0);
                camera.bearing += step(3.0);
            }
            camera.center += DVec2::new(step(0.2), step(0.2));
            camera.center = camera.center.clamp(DVec2::new(100.0, 80.0), DVec2::new(120.0, 97.0));
            let mut c = camera;
            if roll < 0.05 {
                c.pitch = 20.0;
            } else if roll < 0.08 {
                c.size.x = 880.0;
            }
            c
        })
        .collect();
    let played = play_against_sleepless(&dense_patch(), &cameras);
    let dormant: usize = played.iter().map(|p| p.1).sum();
    let woken = played.iter().filter(|p| p.2 > 0).count();
    assert!(dormant > 100_000 && woken > 80, "{dormant} dormant, {woken} frames that woke some");
}

#[test]
fn boxes_whose_depth_certificate_holds_overlap() {
    // Random pairs of overlapping labels (sizes, anchors, offsets, padding, angles), with
    // the hysteresis margin on the label; then their anchors move and their scales change
    // at random, as under pitch. Where the depth certificate holds, the boxes still
    // overlap; and it holds wherever they moved by clearly less than the depth.
    let mut next = uniform(0x9e37_79b9);
    let (mut held, mut clear) = (0, 0);
    for k in 0..40_000 {
        let mut label = || {
            WorldLabel::from_world(0, DVec2::ZERO, 10.0 + 80.0 * next(), 6.0 + 14.0 * next())
                .with_anchor(label_core::Anchor::ALL[(next() * 9.0) as usize % 9])
                .with_offset(8.0 * next() - 4.0, 8.0 * next() - 4.0)
                .with_padding(3.0 * next())
                .with_angle(if k % 3 == 0 { 90.0 * next() } else { 0.0 })
        };
        let (mine, theirs) = (label(), label());
        let mut pose = |near: DVec2| crate::ScreenPose {
            position: near + DVec2::new(next() - 0.5, next() - 0.5) * 60.0,
            angle: 0.0,
            scale: 0.5 + next(),
        };
        let at = |l: &WorldLabel, p: crate::ScreenPose, extra| {
            l.on_screen(&crate::ScreenPose { angle: l.style.angle, ..p }, extra).obb()
        };
        let (mine0, theirs0) = (pose(DVec2::new(700.0, 400.0)), pose(DVec2::new(700.0, 400.0)));
        let (me, them) = (at(&mine, mine0, 2.0), at(&theirs, theirs0, 0.0));
        if !me.overlaps(&them) {
            continue;
        }
        let scales = |a: crate::ScreenPose, b: crate::ScreenPose| DVec2::new(a.scale, b.scale);
        let sleep = Sleep::issue_depth(&me, &them, 3, mine0.position - theirs0.position, scales(mine0, theirs0));
        // A small move, or a larger one.
        let reach = 1.0 + 8.0 * f64::from(u8::from(k % 2 == 0));
        let mut moved = |p: crate::ScreenPose| crate::ScreenPose {
            position: p.position + DVec2::new(next() - 0.5, next() - 0.5) * reach,
            scale: p.scale * (1.0 + (next() - 0.5) * 0.02 * reach),
            ..p
        };
        let (mine1, theirs1) = (moved(mine0), moved(theirs0));
        let now = (at(&mine, mine1, 2.0), at(&theirs, theirs1, 0.0));
        let reaches = DVec2::new(mine.reach(), theirs.reach());
        let offset = mine1.position - theirs1.position;
        if sleep.holds_depth(offset, scales(mine1, theirs1), reaches) {
            assert!(now.0.overlaps(&now.1), "{me:?} {them:?} -> {now:?}, {sleep:?}");
            held += 1;
        }
        let motion = (offset - (mine0.position - theirs0.position)).length()
            + ((scales(mine1, theirs1) - scales(mine0, theirs0)).abs() * reaches).element_sum();
        if motion < -obb_obb_separation(&me, &them) - 0.1 {
            clear += 1;
            assert!(sleep.holds_depth(offset, scales(mine1, theirs1), reaches), "{sleep:?}, moved {motion}");
        }
    }
    assert!(held > 5000 && clear > 5000, "{held}, {clear}");
}

/// Uniform numbers in [0, 1) from `seed`, repeatable (the integration tests' generator).
fn uniform(seed: u64) -> impl FnMut() -> f64 {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    move || rng.random()
}

fn obb(x: f32, y: f32, hx: f32, hy: f32, deg: f64) -> Obb {
    Obb::from_center_half_extents_angle(Vec2::new(x, y), Vec2::new(hx, hy), deg)
}

#[test]
fn parallel_boxes_sleep_until_they_part() {
    // Two unrotated boxes overlapping by 3 px along x (and 10 along y), their anchors 2
    // world px apart along x, at a camera that maps world vectors by w = 1.
    let (a, b) = (obb(0.0, 0.0, 10.0, 5.0, 0.0), obb(17.0, 0.0, 10.0, 5.0, 0.0));
    let world = DVec2::new(-2.0, 0.0);
    let sleep = Sleep::issue(&a, &b, 7, world, DVec2::X);
    assert!(sleep.is_some() && sleep.holds(DVec2::X), "{sleep:?}");
    // The label's box moves against its blocker's by (w − 1)·2 px along x: zooming in
    // parts them (3 px of overlap are gone at w = 2.5), zooming out brings the label across
    // its blocker until it comes out on the other side (at w = −17.5).
    assert!(sleep.holds(DVec2::X * 2.49) && !sleep.holds(DVec2::X * 2.5));
    assert!(sleep.holds(DVec2::X * -17.49) && !sleep.holds(DVec2::X * -17.5));
    // A quarter turn moves the label by (2, −2): still within both overlaps.
    assert!(sleep.holds(DVec2::Y));
    // It is about its blocker.
    assert_eq!(sleep.blocker(), 7);
    // Touching or barely overlapping: no certificate.
    assert_eq!(Sleep::issue(&a, &obb(20.0, 0.0, 10.0, 5.0, 0.0), 7, world, DVec2::X), Sleep::NONE);
    assert!(!Sleep::NONE.holds(DVec2::X));
    // Tilting from w = 1: the rectangle gives the depth there, 3 px (less ε), against any
    // move of the anchors on screen and any change of scale.
    let deep = sleep.deepen(DVec2::X, world);
    assert!(deep.is_depth() && deep.blocker() == 7, "{deep:?}");
    let reach = DVec2::new(11.0, 11.0);
    let (offset, ones) = (DVec2::new(-2.0, 0.0), DVec2::ONE);
    assert!(deep.holds_depth(offset + DVec2::new(0.0, 2.95), ones, reach));
    assert!(!deep.holds_depth(offset + DVec2::new(0.0, 3.0), ones, reach));
    assert!(deep.holds_depth(offset, DVec2::new(1.0 + 2.9 / 11.0, 1.0), reach));
    assert!(!deep.holds_depth(offset, DVec2::new(1.0, 1.0 - 3.0 / 11.0), reach));
    // Where it no longer held (w = 2.5, the boxes apart), none.
    assert_eq!(sleep.deepen(DVec2::X * 2.5, world), Sleep::NONE);
    // Anchors at the same world point never move apart.
    let same = Sleep::issue(&a, &b, 1, DVec2::ZERO, DVec2::X);
    assert!(same.holds(DVec2::Y * 9e9));
    // Kept and read back.
    let mut sleeps = Sleeps::default();
    sleeps.reset(3);
    sleeps.set(1, sleep);
    assert_eq!(sleeps.get(1), sleep);
    assert_eq!(sleeps.get(2), Sleep::NONE);
}

#[test]
fn certificates_held_64_at_a_time_as_one_by_one() {
    // Random certificates of overlapping pairs, some turned, kept in arrays; random `w`,
    // near those they were issued at or far. Each lane answers as `Sleep::holds`.
    let mut next = uniform(0x6a09_e667);
    let count = 150;
    let mut rectangles = Rectangles::default();
    rectangles.reset(count);
    let sleeps: Vec<Sleep> = (0..count)
        .map(|k| {
            let me = obb(500.0, 400.0, 5.0 + 40.0 * next() as f32, 3.0 + 8.0 * next() as f32, 0.0);
            let angle = if k % 4 == 0 { 60.0 * next() } else { 0.0 };
            let them = obb(500.0 + 20.0 * next() as f32, 400.0 + 6.0 * next() as f32, 20.0, 6.0, angle);
            let world = DVec2::new(next() - 0.5, next() - 0.5) * 12.0;
            Sleep::issue(&me, &them, k as u32, world, DVec2::new(3.0, 1.0))
        })
        .collect();
    for (i, s) in sleeps.iter().enumerate().filter(|(_, s)| s.is_some()) {
        rectangles.set(i, s);
    }
    let (mut held, mut not) = (0, 0);
    for _ in 0..400 {
        let w = DVec2::new(3.0, 1.0) + DVec2::new(next() - 0.5, next() - 0.5) * 8.0 * next();
        for start in (0..count).step_by(64) {
            let lanes = start..(start + 64).min(count);
            let holding = rectangles.holding(w, lanes.clone());
            for i in lanes {
                let one = sleeps[i].is_some() && sleeps[i].holds(w);
                assert_eq!(holding >> (i - start) & 1 == 1, one, "label {i} at {w}");
                (held, not) = if one { (held + 1, not) } else { (held, not + 1) };
            }
        }
    }
    assert!(held > 5_000 && not > 5_000, "{held} held, {not} not");
}

#[test]
fn turned_boxes_sleep_within_the_depth() {
    // The blocker turned 30° against the label: the certificate is the square inscribed
    // in the disk of the overlap's depth around this frame's offset.
    let (a, b) = (obb(0.0, 0.0, 10.0, 5.0, 0.0), obb(17.0, 0.0, 10.0, 5.0, 30.0));
    let depth = -obb_obb_separation(&a, &b);
    assert!(depth > 1.0, "{depth}");
    let world = DVec2::new(-1.0, 0.0);
    let sleep = Sleep::issue(&a, &b, 7, world, DVec2::X);
    let h = depth * std::f64::consts::FRAC_1_SQRT_2;
    assert!(sleep.holds(DVec2::X + DVec2::new(h * 0.99, 0.0)));
    assert!(!sleep.holds(DVec2::X + DVec2::new(h * 1.01, 0.0)));
}

#[test]
fn boxes_that_sleep_overlap() {
    // Random pairs of overlapping boxes, some turned, their anchors a random world vector
    // apart; the camera's w moves anywhere. Where the certificate holds, the boxes moved
    // by the change of w·d still overlap; and for parallel boxes it holds wherever they
    // overlap by a margin.
    let mut next = uniform(0x2545_f491);
    let times = |a: DVec2, b: DVec2| DVec2::new(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
    let (mut checked, mut deep, mut deep_held) = (0, 0, 0);
    for k in 0..40_000 {
        let turned = k % 3 == 0;
        let me = obb(
            500.0,
            400.0,
            5.0 + 40.0 * next() as f32,
            3.0 + 8.0 * next() as f32,
            if turned { 90.0 * next() } else { 0.0 },
        );
        let offset = Vec2::new(60.0 * next() as f32 - 30.0, 30.0 * next() as f32 - 15.0);
        let them = obb(500.0 + offset.x, 400.0 + offset.y, 5.0 + 40.0 * next() as f32, 3.0 + 8.0 * next() as f32, 0.0);
        if !me.overlaps(&them) {
            continue;
        }
        // Anchors `d` apart; the camera's w goes from w0 to w.
        let d = DVec2::new(next() - 0.5, next() - 0.5) * 40.0;
        let w0 = DVec2::from_angle(next() * std::f64::consts::TAU) * (0.5 + 2.0 * next());
        let sleep = Sleep::issue(&me, &them, 3, d, w0);
        let w = w0 + DVec2::from_angle(next() * std::f64::consts::TAU) * next() * 0.5;
        // The label moves against its blocker by the change of w·d.
        let moved = me.translate(times(w, d) - times(w0, d));
        if sleep.holds(w) {
            assert!(moved.overlaps(&them), "{me:?} {moved:?} {sleep:?}");
            checked += 1;
        }
        if !turned && sleep.is_some() && obb_obb_separation(&moved, &them) < -0.1 {
            deep += 1;
            deep_held += usize::from(sleep.holds(w));
        }
    }
    assert!(checked > 5000, "{checked}");
    assert!(deep > 5000, "{deep}");
    assert_eq!(deep_held, deep, "parallel boxes overlapping by 0.1 px or more sleep");
}
