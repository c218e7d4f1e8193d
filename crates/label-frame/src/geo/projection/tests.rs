//! The projection's tests: its inverse, where the centre, bearing and pitch put points, its matrix, and the shortcuts it offers (similarity, translation).

use super::*;

fn camera() -> Camera {
    Camera::new(DVec2::new(137.1, 89.4), 5.5, 1280.0, 720.0)
}

#[test]
fn unproject_undoes_project_and_the_reach_east_west_bounds_the_view() {
    for (bearing, pitch) in [(0.0, 0.0), (33.0, 0.0), (-120.0, 40.0), (200.0, 60.0), (10.0, 70.0)] {
        let p = Projection::new(&camera().with_bearing(bearing).with_pitch(pitch));
        let reach = p.east_west_reach();
        assert!(reach.is_finite(), "{bearing} {pitch}");
        let mut widest: f64 = 0.0;
        for i in 0..=64 {
            for j in 0..=36 {
                let screen = DVec2::new(f64::from(i) * 20.0, f64::from(j) * 20.0);
                let world = p.unproject(screen).expect("the ground, below the horizon");
                let back = p.project(world).unwrap().screen;
                assert!(back.abs_diff_eq(screen, 1e-6), "{bearing} {pitch}: {screen} -> {world} -> {back}");
                widest = widest.max((world.x - camera().center.x).abs());
            }
        }
        assert!(widest <= reach + 1e-9 && widest >= reach - 1e-9, "{bearing} {pitch}: {widest} against {reach}");
    }
    // Tilted so far that the top of the screen shows the sky.
    let p = Projection::new(&camera().with_pitch(80.0));
    assert_eq!(p.unproject(DVec2::new(640.0, 0.0)), None);
    assert!(p.unproject(DVec2::new(640.0, 700.0)).is_some());
    assert_eq!(p.east_west_reach(), f64::INFINITY);
}

#[test]
fn centre_goes_to_the_middle_of_the_viewport() {
    for (bearing, pitch) in [(0.0, 0.0), (33.0, 0.0), (-120.0, 40.0), (270.0, 85.0)] {
        let p = Projection::new(&camera().with_bearing(bearing).with_pitch(pitch));
        let c = p.project(camera().center).unwrap();
        assert!(c.screen.abs_diff_eq(DVec2::new(640.0, 360.0), 1e-9), "{bearing} {pitch}: {}", c.screen);
        assert!((c.perspective - 1.0).abs() < 1e-12);
    }
}

#[test]
fn growing_bearing_turns_the_map_counter_clockwise() {
    let north = camera().center - DVec2::new(0.0, 1.0);
    let at =
        |b: f64| Projection::new(&camera().with_bearing(b)).project(north).unwrap().screen - DVec2::new(640.0, 360.0);
    let s = 5.5f64.exp2();
    assert!(at(0.0).abs_diff_eq(DVec2::new(0.0, -s), 1e-9)); // north is up
    assert!(at(90.0).abs_diff_eq(DVec2::new(-s, 0.0), 1e-9)); // bearing 90: north is left
    assert!(at(180.0).abs_diff_eq(DVec2::new(0.0, s), 1e-9));
    // The screen angle of a map direction grows with the bearing.
    let p = Projection::new(&camera().with_bearing(30.0));
    let q = p.project(north).unwrap();
    assert_eq!(p.screen_angle(&q, 10.0), 40.0);
}

#[test]
fn pitch_puts_far_points_high_and_small_and_culls_behind() {
    let p = Projection::new(&camera().with_pitch(60.0));
    let far = p.project(camera().center - DVec2::new(0.0, 5.0)).unwrap();
    let near = p.project(camera().center + DVec2::new(0.0, 5.0)).unwrap();
    assert!(far.screen.y < 360.0 && far.perspective < 1.0);
    assert!(near.screen.y > 360.0 && near.perspective > 1.0);
    // Far south of the centre is under and behind the camera.
    assert!(p.project(camera().center + DVec2::new(0.0, 200.0)).is_none());
}

#[test]
fn screen_angle_follows_the_projected_direction() {
    for (bearing, pitch) in [(0.0, 0.0), (20.0, 30.0), (200.0, 60.0), (-75.0, 85.0)] {
        let p = Projection::new(&camera().with_bearing(bearing).with_pitch(pitch));
        for (offset, map_angle) in [((0.0, 0.0), 0.0), ((3.0, -2.0), 35.0), ((-1.0, 0.5), 120.0), ((0.4, 0.3), -80.0)] {
            let at = camera().center + DVec2::new(offset.0, offset.1);
            let a = p.project(at).unwrap();
            // A tiny step along the direction on the map, projected.
            let (s, c) = sin_cos_degrees(map_angle);
            let b = p.project(at + DVec2::new(c, -s) * 1e-7).unwrap();
            let step = b.screen - a.screen;
            let want = (-step.y).atan2(step.x).to_degrees();
            let got = p.screen_angle(&a, map_angle);
            let diff = (got - want + 540.0).rem_euclid(360.0) - 180.0;
            assert!(diff.abs() < 1e-4, "bearing {bearing} pitch {pitch} at {offset:?}: {got} vs {want}");
        }
    }
}

#[test]
fn matrix_agrees_with_project() {
    for (bearing, pitch) in [(0.0, 0.0), (45.0, 0.0), (10.0, 30.0), (300.0, 60.0), (90.0, 80.0)] {
        let p = Projection::new(&camera().with_bearing(bearing).with_pitch(pitch));
        let m = p.view_projection();
        for off in [(0.0, 0.0), (1.5, -2.0), (-3.0, 1.0), (0.2, 0.9)] {
            let world = camera().center + DVec2::new(off.0, off.1);
            let Some(want) = p.project(world) else { continue };
            let clip = m * world.extend(0.0).extend(1.0);
            let ndc = clip.truncate() / clip.w;
            let got = DVec2::new((ndc.x + 1.0) * 0.5 * 1280.0, (1.0 - ndc.y) * 0.5 * 720.0);
            assert!(got.abs_diff_eq(want.screen, 1e-6), "{bearing} {pitch} {off:?}: {got} vs {}", want.screen);
            assert!(ndc.z > -1.0 && ndc.z < 1.0, "depth {} out of the clip range", ndc.z);
        }
    }
}

#[test]
fn without_pitch_world_vectors_go_to_the_screen_by_the_similarity() {
    for bearing in [0.0, 30.0, -135.0, 90.0] {
        let p = Projection::new(&camera().with_bearing(bearing).with_zoom(3.7));
        let w = p.similarity().expect("no pitch");
        let (a, b) = (DVec2::new(140.0, 91.0), DVec2::new(137.5, 93.25));
        let d = a - b;
        let screen = p.project(a).unwrap().screen - p.project(b).unwrap().screen;
        let product = DVec2::new(w.x * d.x - w.y * d.y, w.x * d.y + w.y * d.x);
        assert!(screen.abs_diff_eq(product, 1e-9), "{bearing}: {screen} vs {product}");
    }
    assert!(Projection::new(&camera().with_pitch(10.0)).similarity().is_none());
}

#[test]
fn only_unpitched_moves_of_the_centre_are_translations() {
    let a = Projection::new(&camera().with_bearing(30.0));
    let moved = camera().with_bearing(30.0).with_center(camera().center + DVec2::new(0.25, -0.5));
    let b = Projection::new(&moved);
    let shift = a.translation_to(&b).expect("a pure move of the centre");
    let world = DVec2::new(140.0, 91.0);
    let delta = b.project(world).unwrap().screen - a.project(world).unwrap().screen;
    assert!(delta.abs_diff_eq(shift, 1e-9), "{delta} vs {shift}");
    assert!(a.translation_to(&Projection::new(&moved.with_zoom(5.6))).is_none());
    assert!(a.translation_to(&Projection::new(&moved.with_bearing(31.0))).is_none());
    let pitched = Projection::new(&camera().with_pitch(10.0));
    assert!(pitched.translation_to(&pitched).is_none());
}

#[test]
fn quarter_turns_are_exact() {
    assert_eq!(sin_cos_degrees(90.0), (1.0, 0.0));
    assert_eq!(sin_cos_degrees(-90.0), (-1.0, 0.0));
    assert_eq!(sin_cos_degrees(540.0), (0.0, -1.0));
    let (s, c) = sin_cos_degrees(30.0);
    assert!((s - 0.5).abs() < 1e-15 && (c - 0.75f64.sqrt()).abs() < 1e-15);
}

/// The centred camera whose viewport holds `camera`'s (off-centre) one with its centre of
/// perspective in the middle: wider and taller by twice the offset, the same camera distance;
/// and where `camera`'s viewport's top-left corner lies in it.
fn centred_around(camera: &Camera) -> (Camera, DVec2) {
    let o = camera.center_offset;
    let size = camera.size + 2.0 * o.abs();
    let distance = camera.size.y * 0.5 / (camera.fov.to_radians() * 0.5).tan();
    let fov = 2.0 * (size.y * 0.5 / distance).atan().to_degrees();
    (Camera { size, fov, center_offset: DVec2::ZERO, ..*camera }, o.abs() - o)
}

#[test]
fn an_off_centre_camera_projects_like_the_shifted_centred_one() {
    for (bearing, pitch) in [(0.0, 0.0), (33.0, 0.0), (-120.0, 40.0), (200.0, 60.0), (10.0, 70.0)] {
        for offset in [(150.0, 0.0), (-80.0, 45.5), (0.0, -200.0), (310.25, 120.0)] {
            let camera = camera().with_bearing(bearing).with_pitch(pitch).with_center_offset(offset.into());
            let p = Projection::new(&camera);
            let (centred, corner) = centred_around(&camera);
            let q = Projection::new(&centred);
            assert!((p.distance() - q.distance()).abs() < 1e-9);
            let m = p.view_projection();
            for i in 0..=16 {
                for j in 0..=9 {
                    let screen = DVec2::new(f64::from(i) * 80.0, f64::from(j) * 80.0);
                    let (Some(world), Some(want)) = (p.unproject(screen), q.unproject(screen + corner)) else {
                        assert_eq!(q.unproject(screen + corner), None, "{bearing} {pitch} {offset:?} {screen}");
                        continue;
                    };
                    assert!(world.abs_diff_eq(want, 1e-9), "{bearing} {pitch} {offset:?} {screen}: {world} {want}");
                    let (a, b) = (p.project(world).unwrap(), q.project(world).unwrap());
                    assert!(a.screen.abs_diff_eq(b.screen - corner, 1e-6), "{a:?} {b:?}");
                    assert!(a.screen.abs_diff_eq(screen, 1e-6));
                    assert!((a.perspective - b.perspective).abs() < 1e-12);
                    assert!((p.screen_angle(&a, 25.0) - q.screen_angle(&b, 25.0)).abs() < 1e-9);
                    let clip = m * world.extend(0.0).extend(1.0);
                    let ndc = clip.truncate() / clip.w;
                    let got = DVec2::new((ndc.x + 1.0) * 0.5 * 1280.0, (1.0 - ndc.y) * 0.5 * 720.0);
                    assert!(got.abs_diff_eq(screen, 1e-6), "matrix: {got} vs {screen}");
                    assert!(ndc.z > -1.0 && ndc.z < 1.0, "depth {} out of the clip range", ndc.z);
                }
            }
        }
    }
    // A default camera is centred: the offset 0 changes nothing, bit for bit.
    let p = Projection::new(&camera().with_pitch(50.0));
    assert_eq!(p.project(camera().center).unwrap().screen, DVec2::new(640.0, 360.0));
    // Another centre of perspective is no translation of the screen.
    let a = Projection::new(&camera());
    assert!(a.translation_to(&Projection::new(&camera().with_center_offset(DVec2::new(1.0, 0.0)))).is_none());
}
