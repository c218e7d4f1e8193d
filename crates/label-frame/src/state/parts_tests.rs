//! The tests of `parts.rs`.

use super::*;
use label_core::Anchor;

#[test]
fn box_parts_build_the_labels_box() {
    // Every anchor, both alignments, angles on and off the quarter turns, scales from
    // perspective, padding with and without a margin.
    for (k, anchor) in Anchor::ALL.into_iter().enumerate() {
        for alignment in [Alignment::Viewport, Alignment::Map] {
            let l = WorldLabel::from_world(0, DVec2::new(3.0, 4.0), 41.3, 9.7)
                .with_anchor(anchor)
                .with_offset(2.5, -1.25)
                .with_padding(1.5)
                .with_angle(37.0 * k as f64)
                .with_alignment(alignment);
            let parts = BoxParts::new(&l);
            for (angle, scale) in [(37.0 * k as f64, 1.0), (37.0 * k as f64, 0.613), (-12.5, 1.7)] {
                // A viewport-aligned label's pose keeps its own angle.
                let angle = if alignment == Alignment::Viewport { l.style.angle } else { angle };
                let pose = ScreenPose { position: DVec2::new(812.25, -3.5), angle, scale };
                for extra in [0.0, 2.0] {
                    assert_eq!(parts.on_screen(&pose, extra), l.on_screen(&pose, extra).obb(), "{l:?} {pose:?}");
                }
            }
        }
    }
}
