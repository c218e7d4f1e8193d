//! The tests of `fade.rs`.

use super::*;
use label_core::Blocker;

#[test]
fn fades_linearly_and_stops_at_the_ends() {
    let fade = |opacity, visible, dt, fade_ms| Fading::new(dt, fade_ms).fade(opacity, visible);
    assert_eq!(fade(0.0, true, 150.0, 300.0), 0.5);
    assert_eq!(fade(0.5, true, 150.0, 300.0), 1.0);
    assert_eq!(fade(0.9, true, 150.0, 300.0), 1.0);
    assert_eq!(fade(1.0, false, 75.0, 300.0), 0.75);
    assert_eq!(fade(0.1, false, 75.0, 300.0), 0.0);
    // No fading: opacity is the visibility.
    assert_eq!(fade(0.3, true, 0.0, 0.0), 1.0);
    assert_eq!(fade(0.3, false, 16.0, 0.0), 0.0);
    // No time passed: no change.
    assert_eq!(fade(0.3, true, 0.0, 300.0), 0.3);
    // A frame longer than the fade, and a fade far shorter than the frame.
    assert_eq!(fade(0.2, true, 500.0, 300.0), 1.0);
    assert_eq!(fade(0.2, false, 16.0, 1e-300), 0.0);
}

#[test]
fn only_collisions_after_a_turn_earn_the_margin_and_only_shown_labels_win_ties() {
    let options = FrameOptions::default().with_hysteresis(2.5);
    let shown = LabelFrame { visible: true, reason: None, ..LabelFrame::UNSEEN };
    let hidden = LabelFrame {
        visible: false,
        reason: Some(HiddenReason::Collision),
        hidden_by: Some(Blocker::Label(0)),
        ..LabelFrame::UNSEEN
    };
    let byte = crate::state::memo::of;
    assert_eq!((margin(byte(&shown), &options), tie_key(&shown)), (0.0, 0));
    assert_eq!((margin(byte(&hidden), &options), tie_key(&hidden)), (2.5, 1));
    assert_eq!((margin(byte(&LabelFrame::UNSEEN), &options), tie_key(&LabelFrame::UNSEEN)), (0.0, 1));
    // A provisional label (it yielded in a reused frame) competes as new to the view.
    assert_eq!(margin(byte(&hidden) | bits::PROVISIONAL, &options), 0.0);
}
