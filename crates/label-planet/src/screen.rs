//! The screen every region places on: one viewport, and each label's box built bit for bit as
//! `label_core::place` builds it (absolute, its centre in f64).

use glam::{DVec2, Vec2};
use label_core::mercator::lon_lat_to_world;
use label_core::pipeline::stages;
use label_core::{Aabb, Error, Label, Obb, PlacementOptions};

/// The viewport and the collision rule shared by every region of one placement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Screen {
    /// The viewport as the caller gave it.
    viewport: Aabb,
    /// Tolerated overlap area, px² (`PlacementOptions::max_overlap_area`).
    max_overlap_area: f32,
}

impl Screen {
    /// A screen with this viewport and tolerated overlap area (px²).
    ///
    /// # Errors
    /// [`Error::InvalidOption`] as `label_core::place` reports it for these options.
    pub fn new(viewport: Aabb, max_overlap_area: f32) -> Result<Self, Error> {
        let options = PlacementOptions::default().with_viewport_box(viewport).with_max_overlap_area(max_overlap_area);
        options.validate()?;
        Ok(Self { viewport, max_overlap_area })
    }

    /// The whole Web Mercator world at `zoom` as one screen: `[0, 256·2^zoom]²` world pixels.
    ///
    /// # Errors
    /// As [`Screen::new`] (a zoom past 100 overflows `f32`).
    pub fn world(zoom: u8, max_overlap_area: f32) -> Result<Self, Error> {
        let side = 256.0 * 2f32.powi(i32::from(zoom));
        Self::new(Aabb::from_corners(Vec2::ZERO, Vec2::splat(side)), max_overlap_area)
    }

    /// The single-machine options that place as this screen does.
    #[must_use]
    pub fn options(&self) -> PlacementOptions {
        PlacementOptions::default().with_viewport_box(self.viewport).with_max_overlap_area(self.max_overlap_area)
    }

    /// The viewport.
    #[must_use]
    pub fn viewport(&self) -> &Aabb {
        &self.viewport
    }

    /// The tolerated overlap area, px².
    #[must_use]
    pub fn max_overlap_area(&self) -> f32 {
        self.max_overlap_area
    }

    /// The label's box.
    #[must_use]
    pub fn obb(&self, label: &Label) -> Obb {
        label.obb()
    }

    /// Whether a box from [`Screen::obb`] is in view.
    #[must_use]
    pub fn in_view(&self, obb: &Obb) -> bool {
        stages::in_view(Some(&self.viewport), obb)
    }

    /// Whether two boxes from [`Screen::obb`] collide; `later` is tested against `earlier` in
    /// the argument order the core uses.
    #[must_use]
    pub fn collides(&self, later: &Obb, earlier: &Obb) -> bool {
        label_core::pipeline::collides(later, earlier, self.max_overlap_area)
    }
}

/// A label's box reaches no farther than this from its anchor point, px, per axis, wherever the
/// anchor is: anchored at `a`, its bounds ([`Screen::obb`]'s) lie within
/// `a ± (radius + max(|a.x|, |a.y|)·SLACK)` (the second term covers the rounding of bounds to
/// f32, which grows with the distance from the screen's origin). Size, angle, anchor, offset and
/// padding do not change with the zoom, so one radius serves every zoom: the planet job picks a
/// region's near labels from anchors and radii alone, without building boxes.
#[must_use]
pub fn radius(label: &Label) -> DVec2 {
    let b = Label { x: 0.0, y: 0.0, style: label.style }.obb().bounds();
    let r = b.min.as_dvec2().abs().max(b.max.as_dvec2().abs());
    r + r.max_element() * SLACK
}

/// A box `[x0, y0, x1, y1]` holding the bounds of every label anchored within `lo..=hi` (world
/// pixels, per axis) whose [`radius`] is at most `radius`: the anchors' box grown by the radius
/// and the [`SLACK`] of the largest coordinate. The one statement of the bound: a region's reach
/// is this of its labels' anchors, and [`may_meet`] this of one anchor.
#[must_use]
pub fn reach_of_anchors(lo: DVec2, hi: DVec2, radius: DVec2) -> [f64; 4] {
    let r = radius + lo.abs().max(hi.abs()).max_element() * SLACK;
    let (lo, hi) = (lo - r, hi + r);
    [lo.x, lo.y, hi.x, hi.y]
}

/// Whether the box of a label anchored at `anchor` (world pixels), with this [`radius`], may
/// meet the box `[x0, y0, x1, y1]` (touching included): false only when it cannot.
#[must_use]
pub fn may_meet(anchor: DVec2, radius: DVec2, [x0, y0, x1, y1]: [f64; 4]) -> bool {
    let [a0, b0, a1, b1] = reach_of_anchors(anchor, anchor, radius);
    a0 <= x1 && a1 >= x0 && b0 <= y1 && b1 >= y0
}

/// The relative slack of [`radius`] and [`reach_of_anchors`]: 2⁻²⁰, four times the rounding a box's bounds carry
/// (`Obb::bounds`: 2⁻²³ of the coordinates' size, then the rounding to f32).
pub const SLACK: f64 = 1.0 / 1_048_576.0;

/// World pixels at `zoom` (the world `[0, 256·2^zoom]²`, y down) of a longitude and latitude in
/// degrees: Web Mercator as the command and the Python package's `world_pixels` project, bit for
/// bit (latitudes clamped to ±85.0511°).
#[must_use]
pub fn world_pixels(zoom: u8, lon: f64, lat: f64) -> DVec2 {
    lon_lat_to_world(lon, lat) * f64::from(zoom).exp2()
}

#[cfg(test)]
mod tests {
    use label_core::Anchor;
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The bounds of a label anywhere on the world of any zoom lie within its radius (and
        /// the slack) of its anchor.
        #[test]
        fn bounds_lie_within_the_radius(
            zoom in 0..=24u8,
            (fx, fy) in (0.0..=1.0f64, 0.0..=1.0f64),
            (w, h) in (0.0..2000.0f64, 0.0..500.0f64),
            angle in prop_oneof![Just(0.0), Just(90.0), -360.0..360.0f64],
            anchor in 0..9usize,
            (dx, dy, padding) in (-300.0..300.0f64, -300.0..300.0f64, 0.0..20.0f64),
        ) {
            let side = 256.0 * f64::from(zoom).exp2();
            let label = Label::new(fx * side, fy * side, w, h)
                .with_angle(angle)
                .with_anchor(Anchor::ALL[anchor])
                .with_offset(dx, dy)
                .with_padding(padding);
            let b = label.obb().bounds();
            let a = DVec2::new(label.x, label.y);
            let [x0, y0, x1, y1] = reach_of_anchors(a, a, radius(&label));
            prop_assert!(x0 <= f64::from(b.min.x) && y0 <= f64::from(b.min.y), "{b:?} beyond {x0}, {y0}");
            prop_assert!(x1 >= f64::from(b.max.x) && y1 >= f64::from(b.max.y), "{b:?} beyond {x1}, {y1}");
            // Any anchors' box around this one reaches as far.
            let [u0, v0, u1, v1] = reach_of_anchors(a - DVec2::new(3.0, 1.0), a + DVec2::new(0.5, 7.0), radius(&label));
            prop_assert!(u0 <= x0 && v0 <= y0 && u1 >= x1 && v1 >= y1);
            // A box that meets only the label's bounds' corner is one it may meet.
            let (min, max) = (b.min.as_dvec2(), b.max.as_dvec2());
            for corner in [[max.x, max.y, max.x + 5.0, max.y + 5.0], [min.x - 5.0, min.y - 5.0, min.x, min.y]] {
                prop_assert!(may_meet(a, radius(&label), corner));
            }
        }
    }
}
