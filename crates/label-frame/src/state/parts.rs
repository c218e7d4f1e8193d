//! What a label's box on screen is made of, apart from its pose, packed per label.

use glam::{DVec2, Vec2};
use label_core::geometry::reading_axis;
use label_core::{Obb, text_box};

use crate::{Alignment, ScreenPose, WorldLabel};

/// What makes a label's box on screen, apart from its pose, kept per label by the engine so
/// that a frame builds boxes without the whole label: its parts at scale 1, and for a
/// viewport-aligned label its reading axis, turned once rather than every frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BoxParts {
    size: DVec2,
    offset: DVec2,
    shift: DVec2,
    padding: f64,
    /// The reading axis of a viewport-aligned label; `None` for a map-aligned one, whose
    /// angle on screen changes with the camera.
    axis: Option<Vec2>,
    pub(crate) allow_overlap: bool,
    pub(crate) ignore_placement: bool,
}

impl BoxParts {
    pub(crate) fn new(label: &WorldLabel) -> Self {
        Self {
            size: DVec2::new(label.style.width, label.style.height),
            offset: label.style.offset,
            shift: label.style.anchor.shift(),
            padding: label.style.padding,
            axis: (label.alignment == Alignment::Viewport).then(|| reading_axis(label.style.angle)),
            allow_overlap: label.style.allow_overlap,
            ignore_placement: label.style.ignore_placement,
        }
    }

    /// Whether the box keeps its shape while the camera moves without pitch (a
    /// viewport-aligned label; a map-aligned one turns with the bearing).
    #[must_use]
    #[inline]
    pub(crate) fn keeps_shape(&self) -> bool {
        self.axis.is_some()
    }

    /// The label's box at `pose` with `extra` padding: `label.on_screen(pose, extra).obb()`,
    /// bit for bit.
    #[must_use]
    #[inline]
    pub(crate) fn on_screen(&self, pose: &ScreenPose, extra_padding: f64) -> Obb {
        let axis = self.axis.unwrap_or_else(|| reading_axis(pose.angle));
        let s = pose.scale;
        text_box(pose.position, self.size * s, self.offset * s, self.shift, axis, self.padding + extra_padding)
    }
}

#[cfg(test)]
mod tests {
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
}
