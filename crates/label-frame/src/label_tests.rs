//! The tests of `label.rs`.

use super::*;
use label_core::Anchor;

#[test]
fn on_screen_scales_size_and_offset_but_not_padding() {
    let l = WorldLabel::from_world(1, DVec2::ZERO, 40.0, 10.0).with_offset(4.0, 2.0).with_padding(1.0);
    let pose = ScreenPose { position: DVec2::new(100.0, 50.0), angle: 30.0, scale: 0.5 };
    let s = l.on_screen(&pose, 2.0);
    assert_eq!((s.x, s.y, s.style.width, s.style.height, s.style.angle), (100.0, 50.0, 20.0, 5.0, 30.0));
    assert_eq!(s.style.offset, DVec2::new(2.0, 1.0));
    assert_eq!(s.style.padding, 3.0);
}

#[test]
fn screen_parts_are_the_screen_symbols_parts() {
    for (k, l) in crate::test_support::anchored_labels(|k| k % 2 == 0) {
        for (angle, scale) in [(37.0 * k as f64, 1.0), (-12.5, 0.613), (90.0, 1.7)] {
            let pose = ScreenPose { position: DVec2::new(812.25, -3.5), angle, scale };
            for extra in [0.0, 2.0] {
                let want: Vec<Obb> = l
                    .screen_symbol(scale, extra, None, Vec::new())
                    .parts(&l.on_screen(&pose, extra), DVec2::ZERO, None)
                    .collect();
                assert_eq!(l.screen_parts(&pose, extra).collect::<Vec<_>>(), want, "{l:?} {pose:?}");
            }
        }
    }
}

#[test]
fn reach_covers_every_corner_of_every_anchor() {
    for anchor in Anchor::ALL {
        let l = WorldLabel::from_world(0, DVec2::ZERO, 40.0, 10.0).with_anchor(anchor).with_offset(3.0, -5.0);
        for angle in [0.0, 17.0, 90.0, 200.0] {
            let pose = ScreenPose { position: DVec2::ZERO, angle, scale: 1.0 };
            let far = l.on_screen(&pose, 0.0).obb().corners().iter().map(|c| c.length()).fold(0.0f32, f32::max);
            assert!(f64::from(far) <= l.reach() + 1e-4, "{anchor} {angle}: {far} > {}", l.reach());
        }
    }
}
