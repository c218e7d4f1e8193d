//! The part of a label the projection reads every frame, packed.

use glam::DVec2;

use crate::{Alignment, WorldLabel};

/// What the projection stage reads of a label, packed: a third of a `WorldLabel`'s bytes, so
/// that projecting tens of thousands of labels per frame streams less memory. The box's parts
/// ([`crate::state::parts::BoxParts`]) are read only for labels across the viewport's edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Hot {
    pub(crate) position: DVec2,
    /// How far the box (without padding) reaches from the anchor point at scale 1, px.
    pub(crate) reach: f64,
    /// How much further its padding (its parts' largest) takes it, px: the padding moves a
    /// corner by `(p, p)` in the box's axes, so by `√2·p` (rounded up a hair).
    pub(crate) padding_reach: f64,
    pub(crate) angle: f64,
    pub(crate) map_aligned: bool,
    pub(crate) keep_upright: bool,
}

impl Hot {
    pub(crate) fn new(label: &WorldLabel) -> Self {
        let padding = label.symbol.icon.map_or(label.style.padding, |i| label.style.padding.max(i.padding));
        Self {
            position: label.world_anchor(),
            reach: label.reach(),
            padding_reach: padding * (std::f64::consts::SQRT_2 + 1e-12),
            angle: label.style.angle,
            map_aligned: label.alignment == Alignment::Map,
            keep_upright: label.keep_upright,
        }
    }

    /// How far every point of the box (with its padding) lies from the anchor point at most, on
    /// screen at `scale`, px.
    #[inline]
    pub(crate) fn reach_px(&self, scale: f64) -> f64 {
        self.reach * scale + self.padding_reach
    }
}
