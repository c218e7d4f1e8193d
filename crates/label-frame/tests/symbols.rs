//! Symbols in frames, case by case: candidates tried in order and the last one shown first,
//! the hysteresis margin on every candidate (`Stickiness::Ties`), repeat groups, optional
//! parts, fading out where it was shown, the choices carried across `set_labels`, bad symbols
//! named. (Random ones: `camera_paths.rs` against the brute-force definition, and the `frames`
//! fuzz target.)

mod common;

use common::*;
use label_core::{Blocker, Candidate, Icon, Optional, Parts, Symbol};
use label_frame::{Anchor, FrameEngine, FrameError, FrameOptions, HiddenReason, Stickiness, WorldLabel};

/// Left of its point, then right of it.
fn left_or_right() -> Symbol {
    Symbol::default().with_candidates(vec![Candidate::new(Anchor::Right), Candidate::new(Anchor::Left)])
}

fn engine(options: FrameOptions, labels: Vec<WorldLabel>) -> FrameEngine {
    let mut e = FrameEngine::new(options).unwrap();
    e.set_labels(labels).unwrap();
    e
}

#[test]
fn a_symbol_takes_its_first_free_candidate_and_the_frame_names_it() {
    // A higher-priority label covers the left of (200, 150): the symbol goes right.
    let blocker = at_screen(1, 170.0, 150.0, 50.0, 12.0).with_priority(2.0);
    let town = at_screen(2, 200.0, 150.0, 40.0, 10.0).with_symbol(left_or_right().with_icon(Icon::new(4.0, 4.0)));
    let mut e = engine(FrameOptions::default(), vec![blocker, town]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap();
    assert!(frame.labels[1].visible);
    assert_eq!(frame.choices[1].candidate, Some(1));
    assert_eq!(frame.choices[1].parts, Some(Parts::Both));
    assert_eq!(frame.choices[0], label_core::Choice::default(), "a plain label has no choice");
    let boxes = e.drawn_boxes(1);
    assert_eq!(boxes.len(), 2);
    assert_eq!((boxes[0].center.x, boxes[0].center.y), (220.0, 150.0), "the text, right of its point");
}

#[test]
fn a_plain_label_set_has_no_choices() {
    let mut e = engine(FrameOptions::default(), vec![at_screen(1, 200.0, 150.0, 40.0, 10.0)]);
    assert!(e.place_frame(&flat_camera(), 0.0).unwrap().choices.is_empty());
}

#[test]
fn a_label_shown_at_a_candidate_tries_it_first_in_the_next_frame() {
    // The blocker pushes the symbol to its second candidate, then moves away: with the last
    // position first the symbol stays there; without, it goes back to its first candidate.
    let blocker = at_screen(1, 170.0, 150.0, 50.0, 12.0).with_priority(2.0);
    let town = at_screen(2, 200.0, 150.0, 40.0, 10.0).with_symbol(left_or_right());
    let moved = at_screen(1, 370.0, 40.0, 50.0, 12.0).with_priority(2.0);
    for (first, want) in [(true, 1), (false, 0)] {
        let options = FrameOptions::default().with_last_position_first(first);
        let mut e = engine(options, vec![blocker.clone(), town.clone()]);
        assert_eq!(e.place_frame(&flat_camera(), 0.0).unwrap().choices[1].candidate, Some(1));
        e.set_labels(vec![moved.clone(), town.clone()]).unwrap();
        let frame = e.place_frame(&flat_camera(), 16.0).unwrap();
        assert!(frame.labels[1].visible);
        assert_eq!(frame.choices[1].candidate, Some(want), "last position first: {first}");
    }
}

#[test]
fn with_ties_a_hidden_symbol_clears_the_margin_in_pass_one() {
    // The symbol's texts, 40×10 px, lie at x 160..200 (first candidate) and 200..240 (second);
    // a wide label of higher priority covers both, then moves away from one candidate (to the
    // right: the first; to the left: the second) step by step. With `Stickiness::Ties` pass 1
    // places the symbol among the others, with the hysteresis margin on every candidate: it
    // appears at the cleared candidate once the gap is the margin, on a panning camera, alike
    // in the engine without shortcuts.
    let town = at_screen(2, 200.0, 150.0, 40.0, 10.0).with_symbol(left_or_right());
    let options = FrameOptions::default().with_stickiness(Stickiness::Ties);
    for (cleared, side) in [(0, 1.0), (1, -1.0)] {
        let blocker = |gap: f64| at_screen(1, 200.0 + side * (50.0 + gap), 150.0, 100.0, 10.0).with_priority(2.0);
        play_margin_steps(
            &options,
            |gap| vec![blocker(gap), town.clone()],
            |gap, with_margin, f| {
                assert!(f.labels[0].visible);
                assert_eq!(f.labels[1].visible, with_margin, "gap {gap}, candidate {cleared}");
                if with_margin {
                    assert_eq!(f.choices[1].candidate, Some(cleared), "gap {gap}");
                } else {
                    assert_eq!(f.labels[1].hidden_by, Some(Blocker::Label(0)), "gap {gap}");
                }
            },
        );
    }
}

#[test]
fn the_later_label_of_a_repeat_group_is_hidden_by_the_earlier() {
    let street = |id, x: f64| at_screen(id, x, 150.0, 30.0, 10.0).with_symbol(Symbol::default().with_repeat(7, 100.0));
    let mut e = engine(FrameOptions::default(), vec![street(1, 100.0), street(2, 180.0), street(3, 300.0)]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap();
    assert!(frame.labels[0].visible && frame.labels[2].visible);
    assert_eq!(frame.labels[1].reason, Some(HiddenReason::Repeat));
    assert_eq!(frame.labels[1].hidden_by, Some(Blocker::Label(0)));
    assert!(frame.labels[1].in_view());
    assert_eq!((frame.stats.hidden_repeat, frame.stats.in_view), (1, 3));
}

#[test]
fn a_newcomer_of_a_reused_frame_yields_to_a_kept_label_of_a_repeat_group() {
    // Frame 0 shows street B (group 7, 100 px apart, priority 1) at the bottom right edge;
    // A (group 7 too, 1 px apart, priority 5) is 60 px right of it, off screen. A pan left
    // brings A into view, placed around B (60 px is no repeat at A's 1 px): both shown. A pan
    // up brings C in, which covers B at its first position and nothing at its second. Kept,
    // A goes before B (priority), within B's 100 px: B must still block C, which takes its
    // second position.
    let street =
        |id, x, distance| at_screen(id, x, 302.5, 30.0, 15.0).with_symbol(Symbol::default().with_repeat(7, distance));
    let a = street(1, 440.0, 1.0).with_priority(5.0);
    let b = street(2, 380.0, 100.0).with_priority(1.0);
    let below = Symbol::default().with_candidates(vec![Candidate::new(Anchor::Center), Candidate::new(Anchor::Top)]);
    let c = at_screen(3, 380.0, 315.0, 30.0, 14.0).with_symbol(below);
    let mut e = engine(FrameOptions::default(), vec![a, b, c]);
    let frame = pan_in_a_then_c(&mut e);
    assert_eq!(frame.choices[2].candidate, Some(1), "C below B, not over it");
}

#[test]
fn an_optional_text_leaves_the_icon_alone() {
    let blocker = at_screen(1, 200.0, 140.0, 200.0, 10.0).with_priority(2.0);
    let poi = |optional| {
        let symbol = Symbol::default().with_icon(Icon::new(8.0, 8.0)).with_optional(optional);
        at_screen(2, 200.0, 160.0, 60.0, 40.0).with_symbol(symbol)
    };
    let mut e = engine(FrameOptions::default(), vec![blocker.clone(), poi(Optional::Text)]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap();
    assert!(frame.labels[1].visible);
    assert_eq!(frame.choices[1].parts, Some(Parts::Icon));
    assert_eq!(e.drawn_boxes(1).len(), 1);
    let mut e = engine(FrameOptions::default(), vec![blocker, poi(Optional::None)]);
    let frame = e.place_frame(&flat_camera(), 0.0).unwrap();
    assert_eq!(frame.labels[1].hidden_by, Some(Blocker::Label(0)));
}

#[test]
fn a_symbol_fading_out_is_drawn_where_it_was_shown() {
    let town = at_screen(2, 200.0, 150.0, 40.0, 10.0).with_symbol(left_or_right());
    let blocker = at_screen(1, 170.0, 150.0, 50.0, 12.0).with_priority(2.0);
    let mut e = engine(FrameOptions::default(), vec![town.clone()]);
    e.place_frame(&flat_camera(), 0.0).unwrap();
    assert_eq!(e.place_frame(&flat_camera(), 300.0).unwrap().choices[0].candidate, Some(0));
    // A higher-priority label arrives on its text: hidden, fading out at candidate 0. Its
    // other candidate is free, so give it none: one candidate only.
    let only = at_screen(2, 200.0, 150.0, 40.0, 10.0)
        .with_symbol(Symbol::default().with_candidates(vec![Candidate::new(Anchor::Right)]));
    let covering = WorldLabel { position: town.position, ..blocker };
    e.set_labels(vec![only, covering]).unwrap();
    let frame = e.place_frame(&flat_camera(), 400.0).unwrap();
    assert!(!frame.labels[0].visible && frame.labels[0].opacity > 0.0);
    assert_eq!(frame.choices[0].candidate, Some(0), "kept while it fades out");
    assert_eq!(e.drawn_boxes(0).len(), 1);
    let frame = e.place_frame(&flat_camera(), 800.0).unwrap();
    assert_eq!((frame.labels[0].opacity, frame.choices[0].candidate), (0.0, None));
    assert!(e.drawn_boxes(0).is_empty());
}

#[test]
fn a_bad_symbol_is_named_with_its_label() {
    let mut e = FrameEngine::new(FrameOptions::default()).unwrap();
    let bad = at_screen(9, 200.0, 150.0, 40.0, 10.0).with_symbol(Symbol::default().with_icon(Icon::new(0.0, 4.0)));
    let err = e.set_labels(vec![at_screen(1, 0.0, 0.0, 4.0, 4.0), bad]).unwrap_err();
    match err {
        FrameError::InvalidLabel { index, id, field, .. } => assert_eq!((index, id, field), (1, 9, "icon.width")),
        other => panic!("{other:?}"),
    }
    let far = Candidate::new(Anchor::Left).with_offset(f64::INFINITY, 0.0);
    let bad = at_screen(4, 0.0, 0.0, 4.0, 4.0).with_symbol(Symbol::default().with_candidates(vec![far]));
    assert!(matches!(e.set_labels(vec![bad]), Err(FrameError::InvalidLabel { field: "candidates", id: 4, .. })));
}

#[test]
fn symbols_decide_alike_on_every_thread_count() {
    let labels: Vec<WorldLabel> = scattered(5, 400, 30.0)
        .into_iter()
        .enumerate()
        .map(|(k, l)| if k % 3 == 0 { l } else { l.with_symbol(left_or_right().with_icon(Icon::new(6.0, 6.0))) })
        .collect();
    let frames: Vec<_> = [1, 2, 4]
        .map(|threads| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| {
                let mut e = engine(FrameOptions::default(), labels.clone());
                animation(40, 2.5)
                    .iter()
                    .enumerate()
                    .map(|(k, c)| e.place_frame(c, k as f64 * 16.0).unwrap().clone())
                    .collect::<Vec<_>>()
            })
        })
        .into_iter()
        .collect();
    assert!(frames[0].iter().any(|f| f.choices.iter().any(|c| c.candidate == Some(1))));
    assert_eq!(frames[0], frames[1]);
    assert_eq!(frames[0], frames[2]);
}
