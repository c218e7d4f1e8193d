//! Symbol frames that reuse the last placement (the camera only moved the screen), case by
//! case: every decision in view kept, a newcomer of higher priority yielding until the next
//! full frame, a label whose blocker left the view staying hidden until then, a shown label
//! whose position left the view moved to one in view, and the full frame the interval brings.
//! (Random pans: `camera_paths.rs` and the `frames` fuzz target, against the engine without
//! shortcuts; the differential tests of `frame_pass/symbols/`.)

mod common;

use common::*;
use glam::DVec2;
use label_core::{Aabb, Blocker, Candidate, Choice, Icon, Obb, Parts, Symbol};
use label_frame::{Anchor, Camera, Frame, FrameEngine, FrameKind, FrameOptions, HiddenReason, WorldLabel};

/// Left of its point, then right of it.
fn left_or_right() -> Symbol {
    Symbol::default().with_candidates(vec![Candidate::new(Anchor::Right), Candidate::new(Anchor::Left)])
}

fn engine(options: FrameOptions, labels: Vec<WorldLabel>) -> FrameEngine {
    let mut e = FrameEngine::new(options).unwrap();
    e.set_labels(labels).unwrap();
    e
}

/// [`flat_camera`] with the screen moved `px` px to the left (the camera east).
fn panned(px: f64) -> Camera {
    flat_camera().with_center(CENTER + DVec2::new(px / FLAT_SCALE, 0.0))
}

/// The viewport of [`pan_camera`].
const SIZE: glam::Vec2 = glam::Vec2::new(300.0, 200.0);

/// The camera of [`a_symbol_pan_keeps_every_decision_in_view_and_places_the_newcomers`] after
/// `k` frames.
fn pan_camera(k: usize) -> Camera {
    Camera::new(CENTER + DVec2::new(1.0 * k as f64, 0.4 * k as f64), 1.0, f64::from(SIZE.x), f64::from(SIZE.y))
}

/// Whether label `i`, with `choice`, shows at a position that meets [`pan_camera`]'s
/// viewport in the engine's last frame: its text there, or its icon (contract §4 step 1).
fn shown_position_meets_view(e: &FrameEngine, i: usize, choice: Choice) -> bool {
    let (label, symbol) = (e.screen_label(i).unwrap(), e.screen_symbol(i).unwrap());
    let view = Obb::from_aabb(&Aabb::from_corners(glam::Vec2::ZERO, SIZE));
    let positions = symbol.positions();
    let parts: Vec<Obb> = symbol.parts(&label, DVec2::ZERO, None).collect();
    let text = (choice.parts != Some(Parts::Icon)).then(|| choice.candidate.unwrap_or(0) as usize);
    parts.iter().enumerate().any(|(k, b)| (Some(k) == text || k == positions) && view.overlaps(b))
}

#[test]
fn a_symbol_pan_keeps_every_decision_in_view_and_places_the_newcomers() {
    // Symbols of two positions (an icon on half of them) and plain labels, panned diagonally:
    // every frame reused until the interval runs out. A label in view in both frames keeps
    // its decision and choice, unless it was shown at a position that left the view; no two
    // shown labels overlap, and each shows at a position in view.
    let labels: Vec<WorldLabel> = scattered(31, 900, 120.0)
        .into_iter()
        .enumerate()
        .map(|(k, l)| match k % 4 {
            0 => l,
            1 => l.with_symbol(left_or_right().with_icon(Icon::new(6.0, 6.0))),
            _ => l.with_symbol(left_or_right()),
        })
        .collect();
    let mut e = engine(FrameOptions::default(), labels);
    let camera = pan_camera;
    let mut last = e.place_frame(&camera(0), 0.0).unwrap().clone();
    let (mut newcomers, mut moved) = (0, 0);
    for k in 1..18 {
        let f = e.place_frame(&camera(k), k as f64 * 16.0).unwrap().clone();
        assert_eq!(f.stats.kind, FrameKind::Reused, "frame {k}");
        for (i, (now, before)) in f.labels.iter().zip(&last.labels).enumerate() {
            // A hidden label's choice is where it is drawn while it fades out.
            let decided = |f: &Frame| {
                let l = &f.labels[i];
                (l.visible, l.reason, l.hidden_by, l.visible.then_some(f.choices[i]))
            };
            if now.in_view() && before.in_view() && decided(&f) != decided(&last) {
                assert!(before.visible && !shown_at_last_position(&e, &last, i), "frame {k}, label {i}");
                moved += 1;
            }
            if now.visible {
                assert!(shown_position_meets_view(&e, i, f.choices[i]), "frame {k}, label {i}");
            }
        }
        newcomers += f.stats.placed_now;
        assert!(overlapping_visible_pairs(&e, &f).is_empty(), "frame {k}");
        last = f;
    }
    assert!(newcomers > 20, "the pan should bring labels into view: {newcomers}");
    assert!(moved > 0, "some shown labels should have had to move");
    // Past the full-placement interval, a full frame again; zoom or bearing changes are never
    // reused.
    assert_eq!(e.place_frame(&camera(18), 18.0 * 16.0 + 300.0).unwrap().stats.kind, FrameKind::Full);
    assert_eq!(e.place_frame(&camera(18).with_bearing(1.0), 600.0).unwrap().stats.kind, FrameKind::Full);
    assert_eq!(e.place_frame(&camera(19).with_bearing(1.0), 616.0).unwrap().stats.kind, FrameKind::Reused);
}

/// Whether label `i`, shown in `last` with its choice there, still shows at that position in
/// view in the engine's frame: a kept label keeps its decision.
fn shown_at_last_position(e: &FrameEngine, last: &Frame, i: usize) -> bool {
    shown_position_meets_view(e, i, last.choices[i])
}

#[test]
fn a_newcomer_of_higher_priority_yields_until_the_next_full_frame() {
    // A town at the right edge, shown left of its point (its other position off screen), and a
    // capital of higher priority just beyond the edge over the town's text. The pan brings the
    // capital into view: in the reused frames it yields to the town, as an engine that never
    // reuses would not let it; the full frame the interval brings shows it, and hides the town.
    let town = at_screen(1, 420.0, 150.0, 40.0, 10.0).with_symbol(left_or_right());
    let capital = at_screen(2, 455.0, 150.0, 100.0, 12.0).with_priority(5.0);
    let labels = vec![town, capital];
    let mut e = engine(FrameOptions::default(), labels.clone());
    let mut full = engine(FrameOptions::default().with_reuse_translations(false), labels);
    let f = e.place_frame(&panned(0.0), 0.0).unwrap();
    assert!(f.labels[0].visible && f.choices[0].candidate == Some(0));
    assert_eq!(f.labels[1].reason, Some(HiddenReason::Offscreen));
    full.place_frame(&panned(0.0), 0.0).unwrap();
    for k in 1..=4 {
        let camera = panned(20.0 * f64::from(k));
        let f = e.place_frame(&camera, f64::from(k) * 16.0).unwrap();
        assert_eq!(f.stats.kind, FrameKind::Reused, "frame {k}");
        assert!(f.labels[0].visible, "frame {k}: the town is kept");
        assert_eq!(f.labels[1].reason, Some(HiddenReason::Collision), "frame {k}");
        assert_eq!(f.labels[1].hidden_by, Some(Blocker::Label(0)), "frame {k}");
        assert!(full.place_frame(&camera, f64::from(k) * 16.0).unwrap().labels[1].visible, "frame {k}");
    }
    let f = e.place_frame(&panned(80.0), 4.0 * 16.0 + 300.0).unwrap();
    assert_eq!(f.stats.kind, FrameKind::Full);
    assert!(f.labels[1].visible, "the capital competes by priority at the full frame");
    assert_eq!((f.labels[0].reason, f.labels[0].hidden_by), (Some(HiddenReason::Collision), Some(Blocker::Label(1))));
}

#[test]
fn a_symbol_whose_blocker_left_the_view_stays_hidden_until_a_full_frame() {
    // A wide label at the left edge over both positions of a symbol. The pan takes the wide
    // label off screen while the symbol's right position stays in view: the symbol stays
    // hidden by it until the full frame the interval brings, which shows it there.
    let wide = at_screen(1, 35.0, 150.0, 110.0, 12.0).with_priority(5.0);
    let symbol = at_screen(2, 60.0, 150.0, 40.0, 10.0).with_symbol(left_or_right());
    let mut e = engine(FrameOptions::default(), vec![wide, symbol]);
    let f = e.place_frame(&panned(0.0), 0.0).unwrap();
    assert_eq!(f.labels[1].hidden_by, Some(Blocker::Label(0)));
    for k in 1..=4 {
        let f = e.place_frame(&panned(24.0 * f64::from(k)), f64::from(k) * 16.0).unwrap();
        assert_eq!(f.stats.kind, FrameKind::Reused, "frame {k}");
        assert_eq!(f.labels[0].visible, k < 4, "frame {k}");
        assert_eq!(
            (f.labels[1].reason, f.labels[1].hidden_by),
            (Some(HiddenReason::Collision), Some(Blocker::Label(0)))
        );
    }
    assert_eq!(e.frame().labels[0].reason, Some(HiddenReason::Offscreen));
    let f = e.place_frame(&panned(96.0), 4.0 * 16.0 + 300.0).unwrap();
    assert_eq!(f.stats.kind, FrameKind::Full);
    assert!(f.labels[1].visible);
    assert_eq!(f.choices[1].candidate, Some(1), "at the position in view");
}

#[test]
fn a_shown_symbol_whose_position_leaves_the_view_moves_to_one_in_view() {
    // Shown left of its point at the left edge; the pan takes that position off screen while
    // the one right of the point comes fully into view: the reused frame places it there.
    let symbol = at_screen(1, 30.0, 150.0, 40.0, 10.0).with_symbol(left_or_right());
    let mut e = engine(FrameOptions::default(), vec![symbol]);
    let f = e.place_frame(&panned(0.0), 0.0).unwrap();
    assert_eq!((f.labels[0].visible, f.choices[0].candidate), (true, Some(0)));
    let f = e.place_frame(&panned(20.0), 16.0).unwrap();
    assert_eq!((f.stats.kind, f.stats.placed_now), (FrameKind::Reused, 0), "still in view where it is");
    let f = e.place_frame(&panned(35.0), 32.0).unwrap();
    assert_eq!((f.stats.kind, f.stats.placed_now, f.stats.flips), (FrameKind::Reused, 1, 0));
    assert_eq!((f.labels[0].visible, f.choices[0].candidate), (true, Some(1)));
}

#[test]
fn a_sleeper_wakes_when_its_blocker_leaves_the_view_by_the_margin() {
    // A symbol asleep, hidden by a wide label at the left edge that it only meets with the
    // hysteresis margin (2 px): the pan takes the wide label off screen while the symbol stays
    // well inside the viewport (its reach, 50.25 px, inside by 0.75 px). Its blocker is not
    // kept shown, so in the reused frame it wakes (posed, none asleep) and keeps its decision,
    // hidden by the wide label, as an engine that never sleeps decides; frame for frame alike.
    let wide = at_screen(1, -10.5, 150.0, 60.0, 20.0).with_priority(5.0);
    let centred = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Center)]);
    let symbol = |x: f64| at_screen(2, x, 150.0, 100.0, 10.0).with_symbol(centred.clone());
    let options = FrameOptions::default();
    let mut e = engine(options.clone(), vec![wide.clone(), symbol(60.0)]);
    let mut sleepless = FrameEngine::without_shortcuts(options).unwrap();
    sleepless.set_labels(vec![wide.clone(), symbol(60.0)]).unwrap();
    // Overlapping first: hidden by the wide label. Then moved clear of it by 1.5 px: still
    // hidden by it with the margin, and asleep from then on.
    for (k, x) in [(0, 60.0), (1, 71.0), (2, 71.0)] {
        if k == 1 {
            e.set_labels(vec![wide.clone(), symbol(x)]).unwrap();
            sleepless.set_labels(vec![wide.clone(), symbol(x)]).unwrap();
        }
        let f = e.place_frame(&panned(0.0), f64::from(k) * 16.0).unwrap().clone();
        let reference = sleepless.place_frame(&panned(0.0), f64::from(k) * 16.0).unwrap();
        assert!(f.labels[0].visible, "frame {k}");
        assert_eq!(
            (f.labels[1].reason, f.labels[1].hidden_by),
            (Some(HiddenReason::Collision), Some(Blocker::Label(0)))
        );
        assert_eq!(
            (f.labels[1].visible, f.labels[1].reason, f.labels[1].hidden_by),
            (reference.labels[1].visible, reference.labels[1].reason, reference.labels[1].hidden_by),
            "frame {k}"
        );
    }
    assert_eq!((e.frame().stats.asleep, e.frame().labels[1].pose), (1, None), "the symbol sleeps");
    // The pan: the wide label's box ends 0.5 px left of the viewport; the symbol's starts
    // 1 px right of it.
    let f = e.place_frame(&panned(20.0), 48.0).unwrap().clone();
    let reference = sleepless.place_frame(&panned(20.0), 48.0).unwrap();
    assert_eq!(f.stats.kind, FrameKind::Reused);
    assert_eq!(f.labels[0].reason, Some(HiddenReason::Offscreen));
    assert_eq!((f.labels[1].reason, f.labels[1].hidden_by), (Some(HiddenReason::Collision), Some(Blocker::Label(0))));
    assert_eq!(f.stats.asleep, 0, "its blocker is not kept shown: it wakes");
    assert!(f.labels[1].pose.is_some(), "a woken symbol in view is posed");
    assert_eq!(&f, reference);
}
