//! The tests of `copies.rs`.

use glam::DVec2;

use super::*;

#[test]
fn the_reference_follows_the_camera_only_when_the_seam_comes_near() {
    let mut copies = Copies { reach: 100.0, ..Copies::default() };
    // Zoom 6 at 1920x1080: the view reaches 960/64 = 15 world px east and west.
    let camera = |x: f64| Camera::new(DVec2::new(x, 100.0), 6.0, 1920.0, 1080.0);
    assert_eq!(copies.moved_reference(&Projection::new(&camera(250.0))), Some(250.0), "the first frame");
    // The seam is at 250 - 128 = 122 and 378: a pan of 90 world px east keeps it out of
    // reach (15 + 100/64 world px) of the view.
    for x in [250.0, 280.0, 300.0, 340.0] {
        assert_eq!(copies.moved_reference(&Projection::new(&copies.seen(&camera(x)))), None, "{x}");
    }
    // Further east the seam would come near: the reference moves to the camera.
    let seen = copies.seen(&camera(360.0));
    assert_eq!(seen.center.x, 360.0);
    assert_eq!(copies.moved_reference(&Projection::new(&seen)), Some(360.0));
    // A renderer that keeps its centre in the first world: the same camera.
    assert_eq!(copies.seen(&camera(360.0 - WORLD)).center.x, 360.0);
    assert_eq!(copies.seen(&camera(360.0 - 3.0 * WORLD)).center.x, 360.0);
}

#[test]
fn a_view_wider_than_the_world_moves_the_reference_every_quarter_world() {
    let mut copies = Copies::default();
    // Zoom 2 at 1920x1080: the view spans 480 world px, nearly two worlds.
    let camera = |x: f64| Camera::new(DVec2::new(x, 100.0), 2.0, 1920.0, 1080.0);
    copies.moved_reference(&Projection::new(&camera(0.0)));
    let moves: Vec<f64> = (1..=40)
        .filter_map(|k| copies.moved_reference(&Projection::new(&copies.seen(&camera(f64::from(k) * 5.0)))))
        .collect();
    assert_eq!(moves, [65.0, 130.0, 195.0]);
}

#[test]
fn a_label_whose_blocker_changes_copy_wakes() {
    // A label asleep under a blocker 0.2 world px west of it, both just across the seam
    // from the first reference (0), in a view three worlds wide. The camera pans 70 world
    // px east: the reference follows it, the seam now runs between the two, and the
    // blocker (only) changes copy, a world away. The label must wake and show.
    let y = 100.0;
    let blocker = WorldLabel::from_world(0, DVec2::new(197.9, y), 40.0, 12.0).with_priority(2.0);
    let label = WorldLabel::from_world(1, DVec2::new(198.1, y), 40.0, 12.0);
    let cameras = [0.0, 70.0].map(|x| Camera::new(DVec2::new(x, y), 1.0, 1600.0, 900.0));
    let played = crate::test_support::play_against_sleepless(&[blocker, label], &cameras);
    assert_eq!(played[0].1, 1, "the label is dormant after the first frame");
    assert_eq!(played[1].0.visible, 2, "{:?}", played[1]);
}

#[test]
fn frames_are_the_same_whether_labels_sleep_or_not_as_the_reference_moves() {
    // Labels all round the world. The camera pans across 180° with the view wider than a
    // world (the reference moves with labels in view changing copy), zooms in and pans on
    // (the reference moves with only labels far out of view changing copy), turns and
    // zooms out, then is given its centre in the first world. Zooms wobble, so that most
    // frames are full ones, where labels sleep. An engine whose labels never sleep must
    // compute the same frames.
    let labels = crate::test_support::patch(DVec2::new(0.0, 20.0), WORLD / 500.0);
    let cameras: Vec<Camera> = (0..240)
        .map(|k| {
            let t = f64::from(k);
            let wobble = 0.02 * (t * 0.7).sin();
            let c = Camera::new(DVec2::new(200.0 + t, 120.0), 1.6 + wobble, 1600.0, 900.0);
            match k {
                0..80 => c,
                // Zooming in while panning: the reference moves in a zoom in.
                80..120 => c.with_zoom(1.6 + (t - 80.0) * 0.0725),
                120..180 => c.with_zoom(4.5 + wobble).with_center(DVec2::new(320.0 + (t - 120.0) * 2.0, 120.0)),
                180..210 => c
                    .with_zoom(4.5 - (t - 180.0) * 0.05 + wobble)
                    .with_bearing((t - 180.0) * 2.0)
                    .with_center(DVec2::new(440.0 + (t - 180.0), 120.0)),
                _ => c.with_zoom(3.0 + wobble).with_bearing(60.0).with_center(DVec2::new((t * 2.0) % WORLD, 120.0)),
            }
        })
        .collect();
    crate::test_support::play_against_sleepless(&labels, &cameras);
    // The same path again against an engine whose sleeping labels never go dormant; and
    // where the reference moved, and which labels slept on.
    // Labels that changed copy in view drop the certificates about them, not the others':
    // labels sleep through every move.
    let (mut moves, mut dormant_kept, mut slept_through) = (0, 0, 0);
    let (mut last, mut dormant) = (None, 0);
    let visited = crate::Shortcuts { dormant: false, ..crate::Shortcuts::ALL };
    crate::test_support::play_alongside(&labels, &cameras, visited, |_, engine, _| {
        if last.is_some() && engine.copies_reference() != last {
            moves += 1;
            dormant_kept += usize::from(dormant > 0 && engine.dormant_count() > 0);
            slept_through += usize::from(engine.frame().stats.asleep > 0);
        }
        (last, dormant) = (engine.copies_reference(), engine.dormant_count());
    });
    assert!(moves >= 6 && dormant_kept >= 3, "{moves} moves, {dormant_kept} keeping dormant labels");
    assert_eq!(slept_through, moves, "moves with labels asleep (three with labels in view changing copy)");
}
