//! Settings of the frame engine.

use crate::FrameError;
use label_core::validate::non_negative;

/// How much a label shown in the last frame holds on to its place (see `docs/renderer.md`,
/// "Stability", for measurements).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Stickiness {
    /// Not at all: every frame is the plain greedy placement (priority, then input order).
    None,
    /// Shown labels win priority ties; otherwise every frame follows the priority order, so a
    /// label that gets room back takes its place again at once, pushing out the lower-priority
    /// labels that had taken it (and those free the labels they hid: changes cascade).
    Ties,
    /// Shown labels win ties, and a label that was in view but hidden must find room among
    /// **all** the labels still shown (with the hysteresis margin) before it appears: it never
    /// pushes a shown label out. Shown labels still give way to a higher-priority label that is
    /// shown too (when the map's motion brings them together) or that comes into view. Frames
    /// then change only where the map's motion forces them to, and cascades stop; the price is
    /// that a label can wait, hidden, behind a less important one until that one moves away
    /// or leaves the screen.
    #[default]
    Shown,
}

/// Settings of a [`crate::FrameEngine`]. The defaults are a map renderer's: stable labels that
/// fade, and MapLibre's perspective scaling.
///
/// ```
/// use label_frame::{FrameOptions, Stickiness};
/// let options = FrameOptions::default().with_hysteresis(3.0).with_fade_ms(200.0);
/// assert!(options.validate().is_ok());
/// // The per-frame greedy placement, for comparison: no memory between frames.
/// let plain = FrameOptions::without_stability();
/// assert_eq!((plain.hysteresis_px, plain.fade_ms, plain.reuse_translations), (0.0, 0.0, false));
/// assert_eq!(plain.stickiness, Stickiness::None);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct FrameOptions {
    /// Extra clearance, px, that a label hidden in the last frame needs before it appears: it is
    /// placed with this much more padding. Stops labels at the edge of fitting from blinking.
    /// 0 turns it off. Default 2.
    pub hysteresis_px: f64,
    /// Time a label takes to fade fully in or out, ms. 0: opacity jumps. Default 300.
    pub fade_ms: f64,
    /// How much a label shown in the last frame holds on to its place. Default
    /// [`Stickiness::Shown`].
    pub stickiness: Stickiness,
    /// A frame whose camera only moves the screen (no pitch, same zoom, bearing and size)
    /// reuses the last placement and places only the labels that came into view. Default on.
    pub reuse_translations: bool,
    /// Longest time a placement is reused, ms: after it, a frame is placed in full again so
    /// that labels whose blocker has left the screen can appear. Default 300.
    pub full_placement_interval_ms: f64,
    /// How much labels scale with perspective under pitch, 0 to 1: a label's size is multiplied
    /// by `1 + s·(D/z − 1)`, where `D/z` is the perspective factor at its anchor (1 at the
    /// centre). 0: constant size; 1: full perspective; 0.5 (default): MapLibre's
    /// `0.5 + 0.5·D/z` for viewport-pitched text.
    pub perspective_scaling: f64,
    /// Largest overlap between two labels that is still not a collision, px² (the core's
    /// option). Default 0.
    pub max_overlap_area: f32,
    /// The world repeats east–west every 256 world px, as Web Mercator does: each label is
    /// placed in the copy of the world nearest the camera, so labels on both sides of the
    /// antimeridian meet, and a camera's centre may be given in any copy (see
    /// `docs/renderer.md`, "Copies of the world"). Off for a flat world of another kind.
    /// Default on.
    pub world_copies: bool,
    /// A symbol shown in the last frame tries the candidate its text was shown at before the
    /// others (contract §4, "Frames"; MapLibre keeps a label's previous anchor so), so that
    /// labels do not jump between positions while the map moves. Off: every frame tries the
    /// candidates in list order. Default on.
    pub last_position_first: bool,
}

impl Default for FrameOptions {
    fn default() -> Self {
        Self {
            hysteresis_px: 2.0,
            fade_ms: 300.0,
            stickiness: Stickiness::Shown,
            reuse_translations: true,
            full_placement_interval_ms: 300.0,
            perspective_scaling: 0.5,
            max_overlap_area: 0.0,
            world_copies: true,
            last_position_first: true,
        }
    }
}

impl FrameOptions {
    /// No memory between frames: every frame is the plain greedy placement of what is on
    /// screen, and opacity is 0 or 1.
    #[must_use]
    pub fn without_stability() -> Self {
        Self {
            hysteresis_px: 0.0,
            fade_ms: 0.0,
            stickiness: Stickiness::None,
            reuse_translations: false,
            ..Self::default()
        }
    }

    /// Checks every setting.
    ///
    /// # Errors
    /// [`FrameError::InvalidOption`] naming the first bad setting.
    pub fn validate(&self) -> Result<(), FrameError> {
        let fail = |field: &'static str| move |problem| FrameError::InvalidOption { field, problem };
        let big = label_core::limits::MAX_SIZE;
        non_negative(self.hysteresis_px, big).map_err(fail("hysteresis_px"))?;
        non_negative(self.fade_ms, big).map_err(fail("fade_ms"))?;
        non_negative(self.full_placement_interval_ms, big).map_err(fail("full_placement_interval_ms"))?;
        non_negative(self.perspective_scaling, 1.0).map_err(fail("perspective_scaling"))?;
        non_negative(f64::from(self.max_overlap_area), big).map_err(fail("max_overlap_area"))?;
        Ok(())
    }
}

crate::util::setters!(FrameOptions:
    /// Sets the hysteresis margin, px.
    with_hysteresis(hysteresis_px: f64),
    /// Sets the fade duration, ms.
    with_fade_ms(fade_ms: f64),
    /// Sets how much shown labels hold on to their place.
    with_stickiness(stickiness: Stickiness),
    /// Sets whether translation-only frames reuse the last placement.
    with_reuse_translations(reuse_translations: bool),
    /// Sets the longest time a placement is reused, ms.
    with_full_placement_interval_ms(full_placement_interval_ms: f64),
    /// Sets the perspective scaling, 0 to 1.
    with_perspective_scaling(perspective_scaling: f64),
    /// Sets the tolerated overlap area, px².
    with_max_overlap_area(max_overlap_area: f32),
    /// Sets whether the world repeats east–west.
    with_world_copies(world_copies: bool),
    /// Sets whether a symbol shown last frame tries its last candidate first.
    with_last_position_first(last_position_first: bool),
);

#[cfg(test)]
#[path = "options_tests.rs"]
mod tests;
