use glam::DVec2;
use label_core::{Anchor, Candidate, Icon, Symbol};

use crate::test_support::play_against_sleepless;
use crate::{Camera, WorldLabel};

/// A symbol of four positions around its point (a text of 20 × 8 px), priority 1.
fn symbol(id: u64, at: DVec2) -> WorldLabel {
    let around = [Anchor::Top, Anchor::Bottom, Anchor::Left, Anchor::Right];
    let candidates = around.iter().map(|&a| Candidate::new(a).with_offset(0.0, 2.0)).collect();
    WorldLabel::from_world(id, at, 20.0, 8.0)
        .with_priority(1.0)
        .with_symbol(Symbol::default().with_candidates(candidates))
}

/// A plain label of `width` × `height` px and priority 10 at (100, 100), and [`symbol`] at
/// (`x`, 100).
fn under(width: f64, height: f64, x: f64) -> Vec<WorldLabel> {
    let blocker = WorldLabel::from_world(1, DVec2::new(100.0, 100.0), width, height).with_priority(10.0);
    vec![blocker, symbol(2, DVec2::new(x, 100.0))]
}

/// A camera of 600 × 400 px over (100, 100) at `zoom`.
fn camera(zoom: f64) -> Camera {
    Camera::new(DVec2::new(100.0, 100.0), zoom, 600.0, 400.0)
}

/// Plays `cameras` on `labels` against an engine whose labels never sleep (equal frames
/// asserted there); returns, per frame, how many labels slept through it and whether label
/// `s` was shown.
fn play(labels: &[WorldLabel], cameras: &[Camera], s: usize) -> Vec<(usize, bool)> {
    let mut engine = crate::FrameEngine::new(crate::FrameOptions::default()).unwrap();
    engine.set_labels(labels.to_vec()).unwrap();
    let played = play_against_sleepless(labels, cameras);
    cameras
        .iter()
        .zip(played)
        .enumerate()
        .map(|(k, (camera, (stats, ..)))| {
            let frame = engine.place_frame(camera, k as f64 * 16.0).unwrap();
            assert_eq!(frame.stats, stats, "frame {k}");
            (stats.asleep, frame.labels[s].visible)
        })
        .collect()
}

/// Whether `states` has a frame slept through followed, later, by the label shown.
fn slept_then_shown(states: &[(usize, bool)]) -> bool {
    states.iter().position(|s| s.0 > 0).is_some_and(|k| states[k..].iter().any(|s| s.1))
}

#[test]
fn a_symbol_wakes_when_the_zoom_pulls_a_position_clear_of_its_blocker() {
    // A wide plain label over all four positions of a symbol 1 world px away (8 px at the
    // first zoom): zooming in moves them apart until a position clears it.
    let labels = under(90.0, 40.0, 101.0);
    let cameras: Vec<Camera> = (0..120).map(|k| camera(3.0 + f64::from(k) * 0.03)).collect();
    let states = play(&labels, &cameras, 1);
    assert!(slept_then_shown(&states), "{states:?}");
}

#[test]
fn a_symbol_wakes_when_the_turn_takes_a_position_clear_of_its_blocker() {
    // A long flat label under a symbol a little right of its centre: turning the map by
    // 90° puts the symbol above or below the label's centre, clear of it.
    let labels = under(160.0, 30.0, 101.0);
    let cameras: Vec<Camera> = (0..90).map(|k| camera(5.0).with_bearing(f64::from(k))).collect();
    let states = play(&labels, &cameras, 1);
    assert!(slept_then_shown(&states), "{states:?}");
}

/// A flat plain label of priority 10 at (100, 100), 200 × 60 px, and [`symbol`] 6 world px
/// up the screen from it.
fn flat_and_beyond() -> Vec<WorldLabel> {
    let blocker = WorldLabel::from_world(1, DVec2::new(100.0, 100.0), 200.0, 60.0).with_priority(10.0);
    vec![blocker, symbol(2, DVec2::new(100.0, 94.0))]
}

/// Whether `states` has a frame with pitch slept through (its camera in `cameras`)
/// followed, later, by the label shown.
fn slept_pitched_then_shown(states: &[(usize, bool)], cameras: &[Camera]) -> bool {
    let pitched = |k: &usize| cameras[*k].pitch > 0.0 && states[*k].0 > 0;
    (0..states.len()).find(pitched).is_some_and(|k| states[k..].iter().any(|s| s.1))
}

#[test]
fn symbols_sleep_under_pitch() {
    // The symbol deep under its blocker while the camera tilts to 30° and back: it sleeps
    // in most frames, with pitch and without (the first frame with pitch turns its
    // rectangle into a depth; the first without wakes it), and is decided alike.
    let labels = under(90.0, 40.0, 100.1);
    let tilt = |k: i32| f64::from((k - 10).clamp(0, 30) - (k - 60).clamp(0, 30));
    let cameras: Vec<Camera> = (0..100).map(|k| camera(3.0).with_pitch(tilt(k))).collect();
    let states = play(&labels, &cameras, 1);
    let pitched: Vec<_> = (0..100).filter(|&k| cameras[k].pitch > 0.0).map(|k| states[k]).collect();
    let asleep = pitched.iter().filter(|s| s.0 == 1).count();
    assert!(asleep * 10 >= pitched.len() * 9, "{asleep} of {} pitched frames: {states:?}", pitched.len());
    assert!(states.iter().all(|s| !s.1), "{states:?}");
}

#[test]
fn a_symbol_wakes_when_the_zoom_under_pitch_pulls_a_position_clear_of_its_blocker() {
    // As without pitch (the anchors move apart), the camera tilted by 40°: the depth
    // certificates break.
    let labels = under(90.0, 40.0, 101.0);
    let cameras: Vec<Camera> = (0..120).map(|k| camera(3.0 + f64::from(k) * 0.03).with_pitch(40.0)).collect();
    let states = play(&labels, &cameras, 1);
    assert!(slept_pitched_then_shown(&states, &cameras), "{states:?}");
}

#[test]
fn a_symbol_wakes_when_the_tilt_takes_a_position_clear_of_its_blocker() {
    // A flat label and a symbol some way beyond it, the camera tilted by
    // 79° (the symbol far, small, hidden) and tilting back: the symbol grows faster than
    // it moves off, until a position clears the label; the perspective scale changes every
    // frame.
    let labels = flat_and_beyond();
    let cameras: Vec<Camera> = (0..80).map(|k| camera(3.0).with_pitch(f64::from(79 - k))).collect();
    let states = play(&labels, &cameras, 1);
    assert!(slept_pitched_then_shown(&states, &cameras), "{states:?}");
}

#[test]
fn a_symbol_under_pitch_wakes_as_the_pan_changes_its_perspective() {
    // A flat label and a symbol some way beyond it, the camera tilted by 60°
    // and panning them across the screen: their scales and their offset change with their
    // distance from the camera; the certificates break and are given again every few
    // frames, until a position clears the label.
    let labels = flat_and_beyond();
    let cameras: Vec<Camera> = (0..120)
        .map(|k| camera(3.0).with_pitch(60.0).with_center(DVec2::new(100.0, 100.0 - f64::from(k) * 0.3)))
        .collect();
    let states = play(&labels, &cameras, 1);
    let woken = (2..states.len()).filter(|&k| states[k - 1].0 == 1 && states[k].0 == 0 && !states[k].1).count();
    assert!(woken >= 3 && slept_pitched_then_shown(&states, &cameras), "{states:?}");
}

#[test]
fn a_symbol_wakes_when_its_blocker_moves_or_hides() {
    // The symbol asleep under a blocker; zooming out brings a wide label of top priority
    // from beyond the right edge over the blocker: a blocker with candidates moves to
    // another one or hides, a plain one hides, and the symbol wakes in that frame.
    let plain = WorldLabel::from_world(1, DVec2::new(100.0, 100.0), 80.0, 40.0).with_priority(10.0);
    let centred = [Anchor::Center, Anchor::Left, Anchor::Right].map(Candidate::new).to_vec();
    let symbol_blocker = plain.clone().with_symbol(Symbol::default().with_candidates(centred));
    for (blocker, pitch) in [(symbol_blocker.clone(), 0.0), (plain.clone(), 0.0), (symbol_blocker, 30.0), (plain, 30.0)]
    {
        let labels = vec![
            blocker,
            symbol(2, DVec2::new(100.05, 100.0)),
            WorldLabel::from_world(3, DVec2::new(130.0, 100.0), 300.0, 60.0).with_priority(20.0),
        ];
        let cameras: Vec<Camera> = (0..60).map(|k| camera(5.0 - f64::from(k) * 0.05).with_pitch(pitch)).collect();
        let mut engine = crate::FrameEngine::new(crate::FrameOptions::default()).unwrap();
        engine.set_labels(labels.clone()).unwrap();
        let blockers: Vec<_> = cameras
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let frame = engine.place_frame(c, k as f64 * 16.0).unwrap();
                (frame.labels[0].visible, frame.choices[0])
            })
            .collect();
        // The frame where the blocker moves or hides: nothing sleeps through it (the
        // blocker was shown, the top label is), and the symbol slept before it.
        let states = play(&labels, &cameras, 1);
        let change = (1..blockers.len()).find(|&k| blockers[k] != blockers[k - 1]).expect("the blocker changes");
        assert!(states[..change].iter().any(|s| s.0 == 1) && states[change].0 == 0, "{change}: {states:?}");
    }
}

/// Per frame of `cameras` played on `labels` (a frame every 16 ms), the label that hides the
/// first label.
fn blockers_of_first(labels: &[WorldLabel], cameras: &[Camera]) -> Vec<Option<label_core::Blocker>> {
    let mut engine = crate::FrameEngine::new(crate::FrameOptions::default()).unwrap();
    engine.set_labels(labels.to_vec()).unwrap();
    let place = |(k, c): (usize, &Camera)| engine.place_frame(c, k as f64 * 16.0).unwrap().labels[0].hidden_by;
    cameras.iter().enumerate().map(place).collect()
}

/// A symbol with two positions (a text of 20 × 8 px): the first far below its point, the
/// second just above it; and a plain label below it that covers the first alone and one above
/// it that covers the second alone (priorities 10 and 9), all at `y` in the world, x 100.
fn two_positions_between(y: f64) -> Vec<WorldLabel> {
    let candidates = vec![Candidate::new(Anchor::Top).with_offset(0.0, 20.0), Candidate::new(Anchor::Bottom)];
    let symbol = WorldLabel::from_world(1, DVec2::new(100.0, y), 20.0, 8.0)
        .with_priority(1.0)
        .with_symbol(Symbol::default().with_candidates(candidates));
    // 25 and 15 px from the symbol's point at 8 px a world unit.
    let below = WorldLabel::from_world(2, DVec2::new(100.0, y + 25.0 / 8.0), 60.0, 40.0).with_priority(10.0);
    let above = WorldLabel::from_world(3, DVec2::new(100.0, y - 15.0 / 8.0), 60.0, 30.0).with_priority(9.0);
    vec![symbol, below, above]
}

#[test]
fn a_symbol_sleeps_across_the_edge_while_its_first_position_in_view_is_its_blockers() {
    // The zoom carries the symbol towards the bottom edge (its point from 360 to 410 px down
    // a 400-px screen): its first position leaves the view before the label below does, and
    // then its second, covered by the label above alone, is its first in view: it is hidden
    // by that one from then on. Before, across the edge, it sleeps (the first position in
    // view is its blocker's); after, it must wake.
    let labels = two_positions_between(120.0);
    // Its point 20 world units below the centre, at 8 px a unit and more.
    let scale = |k: usize| 8.0 + 0.025 * k as f64;
    let point = |k: usize| 200.0 + 20.0 * scale(k);
    let cameras: Vec<Camera> = (0..100).map(|k| camera(scale(k).log2())).collect();
    let blockers = blockers_of_first(&labels, &cameras);
    let played = play_against_sleepless(&labels, &cameras);
    // Across the edge (its reach, about 30 px, crosses it) with its first position in view.
    let across = (0..100).filter(|&k| (372.0..380.0).contains(&point(k)));
    assert!(across.clone().count() > 0 && across.clone().all(|k| played[k].0.asleep == 1), "{played:?}");
    let by = |b: u32| Some(label_core::Blocker::Label(b));
    let changed = (1..100).find(|&k| blockers[k] != blockers[k - 1]).expect("the blocker changes");
    assert!(blockers[changed - 1] == by(1) && blockers[changed] == by(2), "{changed}: {blockers:?}");
}

#[test]
fn a_symbol_with_an_icon_out_of_view_wakes_when_its_first_text_in_view_is_another_labels() {
    // As above, with an icon that no label covers, 40 px right of and 12 px below the point:
    // it leaves the view (about 388 px down) before the second position's text is the first
    // in view (about 390 px). Then only the texts say which position is first in view (the
    // branch of `hidden_at_edge` that reads the icon); the blocker switches to the label
    // above, and the sleepless reference asserts it.
    let mut labels = two_positions_between(120.0);
    labels[0].symbol.icon =
        Some(Icon { width: 4.0, height: 4.0, anchor: Anchor::Top, offset: DVec2::new(40.0, 12.0), padding: 0.0 });
    let cameras: Vec<Camera> = (0..100).map(|k| camera((8.0 + 0.025 * f64::from(k)).log2())).collect();
    let blockers = blockers_of_first(&labels, &cameras);
    let played = play_against_sleepless(&labels, &cameras);
    let by = |b: u32| Some(label_core::Blocker::Label(b));
    let changed = (1..100).find(|&k| blockers[k] != blockers[k - 1]).expect("the blocker changes");
    assert!(blockers[changed - 1] == by(1) && blockers[changed] == by(2), "{changed}: {blockers:?}");
    // It slept across the edge before the switch (so the edge test ran on it).
    assert!((changed - 10..changed).any(|k| played[k].0.asleep == 1), "{played:?}");
}

#[test]
fn a_symbol_across_the_edge_reads_its_first_position_in_view_with_the_margin() {
    // Three positions: the first below the point, under the label below (`b`); the second 1 px
    // higher and 40 px to the left, under a label of its own (`c`) alone; the third above the
    // point, under `b` again. The zoom carries it down across the bottom edge: for a frame or
    // two the first position has left the view while the second meets it only with the
    // margin (2 px), as pass 2 pads it — then it is hidden by `c`, and must wake: read without
    // the margin, the first position in view would be the third, `b`'s.
    let candidates = vec![
        Candidate::new(Anchor::Top).with_offset(0.0, 20.0),
        Candidate::new(Anchor::Top).with_offset(-40.0, 19.0),
        Candidate::new(Anchor::Bottom),
    ];
    let y = 120.0;
    let symbol = WorldLabel::from_world(1, DVec2::new(100.0, y), 20.0, 8.0)
        .with_priority(1.0)
        .with_symbol(Symbol::default().with_candidates(candidates));
    let b = WorldLabel::from_world(2, DVec2::new(100.0, y + 10.0 / 8.0), 30.0, 44.0).with_priority(10.0);
    let c = WorldLabel::from_world(3, DVec2::new(100.0 - 40.0 / 8.0, y + 23.0 / 8.0), 30.0, 20.0).with_priority(9.0);
    let labels = vec![symbol, b, c];
    let cameras: Vec<Camera> = (0..100).map(|k| camera((8.0 + 0.025 * f64::from(k)).log2())).collect();
    let blockers = blockers_of_first(&labels, &cameras);
    let played = play_against_sleepless(&labels, &cameras);
    let by = |b: u32| Some(label_core::Blocker::Label(b));
    let to_c = (1..100).find(|&k| blockers[k] == by(2)).expect("hidden by the label of the second position");
    assert!(
        blockers[to_c - 1] == by(1) && (to_c - 5..to_c).any(|k| played[k].0.asleep == 1),
        "{to_c}: {blockers:?} {played:?}"
    );
}
