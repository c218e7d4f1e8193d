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
#[path = "parts_tests.rs"]
mod tests;
