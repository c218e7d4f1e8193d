//! Settings of one placement run.

use glam::Vec2;

use crate::{Aabb, Error, Problem};

/// Settings of one placement (one frame or one batch).
///
/// ```
/// use label_core::PlacementOptions;
/// let options = PlacementOptions::default().with_viewport(1920.0, 1080.0).with_max_overlap_area(4.0);
/// assert_eq!(options.max_overlap_area, 4.0);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct PlacementOptions {
    /// The visible screen area. Labels whose box does not overlap it are hidden as
    /// `offscreen` and block nothing. `None`: no culling.
    pub viewport: Option<Aabb>,
    /// Largest overlap between two labels' boxes that is still not a collision, in px².
    /// 0 (the default) is the strict rule: any positive overlap collides.
    pub max_overlap_area: f32,
    /// Side of the square grid cells (tiles) the broad phase buckets labels into, px. `None`
    /// picks a size from the label density. The result never depends on it.
    pub tile_size: Option<f32>,
    /// Labels per tile of the parallel greedy pass, about. `None` picks one (one tile for small
    /// inputs); symbols ([`crate::place_symbols`]) are placed on tiles only when it is given.
    /// The result never depends on it.
    pub tile_labels: Option<usize>,
}

impl PlacementOptions {
    /// Sets a viewport from the origin to `(width, height)`.
    #[must_use]
    pub fn with_viewport(mut self, width: f32, height: f32) -> Self {
        self.viewport = Some(Aabb::from_corners(Vec2::ZERO, Vec2::new(width, height)));
        self
    }

    /// Sets an arbitrary viewport box.
    #[must_use]
    pub fn with_viewport_box(mut self, viewport: Aabb) -> Self {
        self.viewport = Some(viewport);
        self
    }

    /// Sets the tolerated overlap area between labels, px².
    #[must_use]
    pub fn with_max_overlap_area(mut self, area: f32) -> Self {
        self.max_overlap_area = area;
        self
    }

    /// Sets a fixed tile size, px.
    #[must_use]
    pub fn with_tile_size(mut self, size: f32) -> Self {
        self.tile_size = Some(size);
        self
    }

    /// Sets the labels per tile of the parallel greedy pass.
    #[must_use]
    pub fn with_tile_labels(mut self, labels: usize) -> Self {
        self.tile_labels = Some(labels);
        self
    }

    /// Checks every setting.
    ///
    /// # Errors
    /// [`Error::InvalidOption`] naming the bad setting.
    pub fn validate(&self) -> Result<(), Error> {
        let fail = |field: &'static str, problem| Err(Error::InvalidOption { field, problem });
        if let Some(v) = self.viewport {
            let values = [v.min.x, v.min.y, v.max.x, v.max.y];
            if let Some(bad) = values.iter().find(|x| !x.is_finite()) {
                return fail("viewport", Problem::NotFinite(f64::from(*bad)));
            }
            let size = v.size().min_element();
            if size <= 0.0 {
                return fail("viewport", Problem::NotPositive(f64::from(size)));
            }
        }
        let area = f64::from(self.max_overlap_area);
        if !area.is_finite() {
            return fail("max_overlap_area", Problem::NotFinite(area));
        }
        if area < 0.0 {
            return fail("max_overlap_area", Problem::Negative(area));
        }
        if let Some(t) = self.tile_size.map(f64::from)
            && !(t.is_finite() && t > 0.0)
        {
            return fail("tile_size", if t.is_finite() { Problem::NotPositive(t) } else { Problem::NotFinite(t) });
        }
        if self.tile_labels == Some(0) {
            return fail("tile_labels", Problem::NotPositive(0.0));
        }
        Ok(())
    }
}
