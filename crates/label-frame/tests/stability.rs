//! Temporal stability: ties, hysteresis, fading, translation reuse, and memory that follows ids.

mod common;

use common::*;
use glam::DVec2;
use label_core::Blocker;
use label_frame::{Camera, FrameEngine, FrameKind, FrameOptions, HiddenReason, LabelFrame, Stickiness, WorldLabel};

fn engine(options: FrameOptions, labels: Vec<WorldLabel>) -> FrameEngine {
    let mut e = FrameEngine::new(options).unwrap();
    e.set_labels(labels).unwrap();
    e
}

/// The flat camera moved by `dx` screen px to the right (labels move left).
fn panned(dx: f64) -> Camera {
    flat_camera().with_center(CENTER + DVec2::new(dx / FLAT_SCALE, 0.0))
}

#[test]
fn a_label_shown_last_frame_wins_a_priority_tie() {
    // Equal priorities, overlapping; A comes first in input order.
    let a = at_screen(1, 100.0, 100.0, 100.0, 10.0);
    let b = at_screen(2, 120.0, 100.0, 100.0, 10.0);
    let no_reuse = FrameOptions::default().with_reuse_translations(false);
    for (options, a_wins) in [(no_reuse, false), (FrameOptions::without_stability(), true)] {
        let mut e = engine(options, vec![a.clone(), b.clone()]);
        // First only B is in view (A's box ends exactly at the left edge: off screen).
        let f = e.place_frame(&panned(150.0), 0.0).unwrap();
        assert_eq!(f.labels[0].reason, Some(HiddenReason::Offscreen));
        assert!(f.labels[1].visible);
        // Both in view: the tie goes to B, which was shown — unless there is no memory.
        let f = e.place_frame(&flat_camera(), 16.0).unwrap();
        assert_eq!(f.stats.kind, FrameKind::Full);
        assert_eq!((f.labels[0].visible, f.labels[1].visible), (a_wins, !a_wins));
        let loser = usize::from(a_wins);
        assert_eq!(f.labels[loser].hidden_by, Some(Blocker::Label(1 - loser as u32)));
    }
}

#[test]
fn a_higher_priority_label_takes_the_place_of_a_shown_one() {
    let low = at_screen(1, 100.0, 100.0, 100.0, 10.0).with_priority(1.0);
    let high = at_screen(2, 120.0, 100.0, 100.0, 10.0).with_priority(2.0);
    let mut e = engine(FrameOptions::default(), vec![high, low]);
    // Only the low one in view (the high one's box is just off the right edge).
    let f = e.place_frame(&panned(-335.0), 0.0).unwrap();
    assert_eq!(f.labels[0].reason, Some(HiddenReason::Offscreen));
    assert!(f.labels[1].visible);
    // The camera moves back: a translation, so the last placement is reused and the newcomer
    // yields to the shown label for now…
    let f = e.place_frame(&panned(-300.0), 16.0).unwrap();
    assert_eq!(f.stats.kind, FrameKind::Reused);
    assert_eq!(f.stats.placed_now, 1);
    assert!(f.labels[1].visible);
    assert_eq!(f.labels[0].hidden_by, Some(Blocker::Label(1)));
    // …until the next full frame, where priority decides.
    let f = e.place_frame(&panned(-300.0), 400.0).unwrap();
    assert_eq!(f.stats.kind, FrameKind::Full);
    assert!(f.labels[0].visible);
    assert_eq!(f.labels[1].hidden_by, Some(Blocker::Label(0)));
    assert_eq!(f.stats.flips, 2);
}

/// A (priority 2) spanning x 80..120, and B (priority 1) `gap` px right of it.
fn a_and_b(gap: f64) -> Vec<WorldLabel> {
    let a = at_screen(1, 100.0, 100.0, 40.0, 10.0).with_priority(2.0);
    vec![a, at_screen(2, 140.0 + gap, 100.0, 40.0, 10.0).with_priority(1.0)]
}

#[test]
fn a_hidden_label_must_clear_the_hysteresis_margin_to_appear() {
    // B is moved step by step (same id: the engine keeps its memory); with
    // `Stickiness::Shown` it waits once hidden, for room with the margin.
    for (options, stable) in [(FrameOptions::default(), true), (FrameOptions::without_stability(), false)] {
        let mut e = engine(options, a_and_b(-10.0));
        for (k, &(gap, with_margin, without)) in MARGIN_STEPS.iter().enumerate() {
            e.set_labels(a_and_b(gap)).unwrap();
            let f = e.place_frame(&flat_camera(), k as f64 * 16.0).unwrap();
            let want = if stable { with_margin } else { without };
            assert_eq!(f.labels[1].visible, want, "gap {gap}, stable {stable}");
            assert!(f.labels[0].visible);
        }
    }
}

#[test]
fn with_ties_a_hidden_label_clears_the_margin_in_pass_one() {
    // With `Stickiness::Ties` a label hidden by a collision does not wait for room among the
    // shown labels: pass 1 places it among the others, with the hysteresis margin. The scene
    // of the test above, on a panning camera, alike in the engine without shortcuts.
    let options = FrameOptions::default().with_stickiness(Stickiness::Ties);
    play_margin_steps(&options, a_and_b, |gap, with_margin, f| {
        assert_eq!(f.labels[1].visible, with_margin, "gap {gap}");
        assert!(f.labels[0].visible);
    });
}

#[test]
fn opacity_fades_in_and_out_over_the_fade_duration() {
    let shown = at_screen(1, 100.0, 100.0, 40.0, 10.0);
    let mut e = engine(FrameOptions::default(), vec![shown.clone()]);
    let opacity = |e: &mut FrameEngine, t: f64| e.place_frame(&flat_camera(), t).unwrap().labels[0].opacity;
    assert_eq!(opacity(&mut e, 1000.0), 0.0); // first frame: starts to fade in
    assert!((opacity(&mut e, 1100.0) - 1.0 / 3.0).abs() < 1e-6);
    assert_eq!(opacity(&mut e, 1300.0), 1.0);
    // Something more important covers it: hidden at once, drawn fading out.
    let cover = at_screen(2, 100.0, 100.0, 50.0, 12.0).with_priority(9.0);
    e.set_labels(vec![shown, cover]).unwrap();
    let f = e.place_frame(&flat_camera(), 1400.0).unwrap().clone();
    assert!(!f.labels[0].visible);
    assert!((f.labels[0].opacity - 2.0 / 3.0).abs() < 1e-6);
    assert_eq!(f.drawn_indices().collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(f.visible_indices().collect::<Vec<_>>(), vec![1]);
    assert_eq!(opacity(&mut e, 1700.0), 0.0);
    // Time that runs backwards fades nothing.
    let before = e.frame().labels[1].opacity;
    assert_eq!(e.place_frame(&flat_camera(), 0.0).unwrap().labels[1].opacity, before);
}

#[test]
fn translation_frames_reuse_the_placement_and_place_only_newcomers() {
    let labels = scattered(21, 900, 120.0);
    let mut e = engine(FrameOptions::default(), labels);
    let camera = |k: usize| Camera::new(CENTER + DVec2::new(1.0 * k as f64, 0.4 * k as f64), 1.0, 300.0, 200.0);
    let mut last = e.place_frame(&camera(0), 0.0).unwrap().clone();
    assert_eq!(last.stats.kind, FrameKind::Full);
    let mut newcomers = 0;
    for k in 1..18 {
        let f = e.place_frame(&camera(k), k as f64 * 16.0).unwrap().clone();
        assert_eq!(f.stats.kind, FrameKind::Reused, "frame {k}");
        for (i, (now, before)) in f.labels.iter().zip(&last.labels).enumerate() {
            if now.in_view() && before.in_view() {
                assert_eq!((now.visible, now.hidden_by), (before.visible, before.hidden_by), "label {i}");
            }
        }
        newcomers += f.stats.placed_now;
        assert_eq!(f.stats.flips, 0);
        assert!(overlapping_visible_pairs(&e, &f).is_empty(), "frame {k}");
        last = f;
    }
    assert!(newcomers > 20, "the pan should bring labels into view: {newcomers}");
    // Past the full-placement interval, a full frame again.
    assert_eq!(e.place_frame(&camera(18), 18.0 * 16.0 + 300.0).unwrap().stats.kind, FrameKind::Full);
    // Zoom, bearing or pitch changes are never reused.
    assert_eq!(e.place_frame(&camera(18).with_bearing(1.0), 600.0).unwrap().stats.kind, FrameKind::Full);
    assert_eq!(e.place_frame(&camera(18).with_bearing(1.0), 616.0).unwrap().stats.kind, FrameKind::Reused);
    assert_eq!(
        e.place_frame(&camera(18).with_bearing(1.0).with_pitch(5.0), 632.0).unwrap().stats.kind,
        FrameKind::Full
    );
}

#[test]
fn a_reused_frame_equals_a_full_one_when_no_label_crosses_the_edge() {
    // All labels well inside the viewport before and after the move.
    let labels = scattered(22, 400, 60.0);
    let mut reusing = engine(FrameOptions::default(), labels.clone());
    let mut full = engine(FrameOptions::default().with_reuse_translations(false), labels);
    let before = Camera::new(CENTER, 2.0, 900.0, 600.0);
    let after = before.with_center(CENTER + DVec2::new(3.0, -2.0));
    for (t, camera) in [(0.0, before), (16.0, after)] {
        reusing.place_frame(&camera, t).unwrap();
        full.place_frame(&camera, t).unwrap();
    }
    assert_eq!(reusing.frame().stats.kind, FrameKind::Reused);
    assert_eq!(full.frame().stats.kind, FrameKind::Full);
    assert_eq!(reusing.frame().stats.placed_now, 0);
    assert!(reusing.frame().stats.visible > 50, "{:?}", reusing.frame().stats);
    // The same decisions. `hidden_by` may name another of the shown labels covering a hidden
    // one: in the full frame the shown labels sort first among equal priorities, so "the
    // earliest placed" can be a different one of them.
    let (a, b) = (&reusing.frame().labels, &full.frame().labels);
    let mut other_blocker = 0;
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        // Poses as the engines give them (a frame may leave a hidden label's out).
        let (p, q) = (reusing.screen_pose(i), full.screen_pose(i));
        assert_eq!((x.visible, x.reason, x.opacity, p), (y.visible, y.reason, y.opacity, q), "label {i}");
        if let Some(Blocker::Label(j)) = x.hidden_by {
            let j = j as usize;
            assert!(a[j].visible, "label {i} hidden by {j}, which is not shown");
            let (me, them) = (reusing.screen_label(i).unwrap().obb(), reusing.screen_label(j).unwrap().obb());
            assert!(me.overlaps(&them), "label {i} hidden by {j}, which it does not overlap");
            other_blocker += usize::from(x.hidden_by != y.hidden_by);
        }
    }
    assert!(other_blocker < 20, "{other_blocker}");
}

#[test]
fn a_label_hidden_by_one_that_left_the_screen_waits_for_the_next_full_frame() {
    // A (priority 2) near the left edge hides B; the camera pans until A is off screen.
    let a = at_screen(1, 30.0, 100.0, 40.0, 10.0).with_priority(2.0);
    let b = at_screen(2, 60.0, 100.0, 40.0, 10.0).with_priority(1.0);
    let mut e = engine(FrameOptions::default(), vec![a, b]);
    e.place_frame(&flat_camera(), 0.0).unwrap();
    let f = e.place_frame(&panned(50.0), 16.0).unwrap();
    assert_eq!(f.stats.kind, FrameKind::Reused);
    assert_eq!(f.labels[0].reason, Some(HiddenReason::Offscreen));
    // Stale: B still hidden by A, which is now off screen.
    assert_eq!(f.labels[1].hidden_by, Some(Blocker::Label(0)));
    let f = e.place_frame(&panned(50.0), 320.0).unwrap();
    assert_eq!(f.stats.kind, FrameKind::Full);
    assert!(f.labels[1].visible);
}

#[test]
fn memory_follows_ids_when_the_label_set_changes() {
    let a = at_screen(10, 100.0, 100.0, 40.0, 10.0).with_priority(2.0);
    let b = at_screen(20, 110.0, 100.0, 40.0, 10.0).with_priority(1.0);
    let mut e = engine(FrameOptions::default(), vec![a.clone(), b.clone()]);
    e.place_frame(&flat_camera(), 0.0).unwrap();
    e.place_frame(&flat_camera(), 150.0).unwrap();
    // A new label first, the old ones swapped.
    let c = at_screen(30, 300.0, 200.0, 40.0, 10.0);
    e.set_labels(vec![c, b, a]).unwrap();
    let memory = e.frame().labels.clone();
    assert_eq!(
        memory[0],
        LabelFrame { visible: false, opacity: 0.0, reason: Some(HiddenReason::Offscreen), hidden_by: None, pose: None }
    );
    assert_eq!(memory[1].hidden_by, Some(Blocker::Label(2)), "renamed to A's new index");
    assert_eq!(memory[2].opacity, 0.5);
    let f = e.place_frame(&flat_camera(), 300.0).unwrap();
    assert_eq!(f.labels[2].opacity, 1.0);
    assert_eq!(f.labels[0].opacity, 0.5, "a new label fades in from 0");
    assert!(f.labels[0].visible);
    assert_eq!(f.stats.flips, 0);
}

#[test]
fn stability_cuts_flips_on_a_rotation() {
    // Dense labels with few distinct priorities, turned a quarter turn in 1° steps.
    let labels = scattered(23, 1_500, 150.0);
    let flips = |options: FrameOptions| {
        let mut e = engine(options, labels.clone());
        (0..90)
            .map(|k| {
                let camera = Camera::new(CENTER, 1.0, 800.0, 500.0).with_bearing(f64::from(k));
                e.place_frame(&camera, f64::from(k) * 16.0).unwrap().stats.flips
            })
            .sum::<usize>()
    };
    let (stable, plain) = (flips(FrameOptions::default()), flips(FrameOptions::without_stability()));
    assert!(plain > 100, "the rotation should make the plain greedy flicker: {plain}");
    // Measured: 451 against 972 (ties are frequent here: four priorities).
    assert!(stable * 3 < plain * 2, "stable {stable} vs plain {plain}");
}
