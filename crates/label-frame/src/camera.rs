//! The camera of one frame: where the map is looked at from.

use glam::DVec2;

use crate::FrameError;
use crate::geo::mercator::lon_lat_to_world;
use label_core::validate::{non_negative, positive, within};

/// Largest pitch accepted, degrees. Beyond it the ground near the horizon is squeezed into a
/// few pixels rows; map engines stop at 60–85°.
pub const MAX_PITCH: f64 = 85.0;
/// Largest zoom accepted (the world is `256 · 2^zoom` px wide).
pub const MAX_ZOOM: f64 = 30.0;
/// Largest viewport side accepted, px (screen boxes are f32: this keeps 1/128-px precision).
pub const MAX_VIEWPORT: f64 = 65_536.0;
/// The default vertical field of view, degrees: MapLibre's, which puts the camera 1.5 viewport
/// heights above the centre.
pub const DEFAULT_FOV: f64 = 36.869_897_645_844_02;

/// A map camera, the way map engines describe it.
///
/// - `center`: the world point at the middle of the viewport, world px at zoom 0
///   ([`crate::geo::mercator`]);
/// - `zoom`: one world px is `2^zoom` screen px at the centre;
/// - `bearing`: the compass direction at the top of the screen, degrees. Growing bearings turn
///   the map **counter-clockwise** on screen (bearing 90: east is up);
/// - `pitch`: tilt from straight down, degrees, `0 ..= MAX_PITCH`; the far side of the map is at
///   the top of the screen;
/// - `size`: viewport width and height, px, at most [`MAX_VIEWPORT`];
/// - `fov`: vertical field of view, degrees (only matters under pitch);
/// - `center_offset`: where the centre of perspective (the screen point of `center`) lies from
///   the viewport's middle, px, each side within half the viewport's; default 0. A map's padding
///   moves it (MapLibre: `((left − right)/2, (top − bottom)/2)`): an off-axis view whose
///   viewport is still exactly the canvas, seen as the centred viewport around that point would
///   see it ([`crate::Projection`]).
///
/// ```
/// use label_frame::Camera;
/// let camera = Camera::from_lon_lat(16.3725, 48.2083, 16.0, 1920.0, 1080.0).with_bearing(30.0).with_pitch(45.0);
/// assert!(camera.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Camera {
    /// World point at the viewport's centre, world px at zoom 0.
    pub center: DVec2,
    /// Zoom level, `0 ..= MAX_ZOOM`.
    pub zoom: f64,
    /// Compass direction at the top of the screen, degrees.
    pub bearing: f64,
    /// Tilt from straight down, degrees, `0 ..= MAX_PITCH`.
    pub pitch: f64,
    /// Viewport width and height, px.
    pub size: DVec2,
    /// Vertical field of view, degrees, in `(0, 120]`.
    pub fov: f64,
    /// The centre of perspective's offset from the viewport's middle, px (x right, y down).
    #[cfg_attr(feature = "serde", serde(default))]
    pub center_offset: DVec2,
}

impl Camera {
    /// A camera looking straight down at a world point (world px, zoom 0), north up.
    #[must_use]
    pub fn new(center: DVec2, zoom: f64, width: f64, height: f64) -> Self {
        Self {
            center,
            zoom,
            bearing: 0.0,
            pitch: 0.0,
            size: DVec2::new(width, height),
            fov: DEFAULT_FOV,
            center_offset: DVec2::ZERO,
        }
    }

    /// A camera looking straight down at a longitude and latitude, north up.
    #[must_use]
    pub fn from_lon_lat(lon: f64, lat: f64, zoom: f64, width: f64, height: f64) -> Self {
        Self::new(lon_lat_to_world(lon, lat), zoom, width, height)
    }

    /// Sets the bearing, degrees.
    #[must_use]
    pub fn with_bearing(mut self, bearing: f64) -> Self {
        self.bearing = bearing;
        self
    }

    /// Sets the pitch, degrees.
    #[must_use]
    pub fn with_pitch(mut self, pitch: f64) -> Self {
        self.pitch = pitch;
        self
    }

    /// Sets the zoom.
    #[must_use]
    pub fn with_zoom(mut self, zoom: f64) -> Self {
        self.zoom = zoom;
        self
    }

    /// Sets the centre, world px at zoom 0.
    #[must_use]
    pub fn with_center(mut self, center: DVec2) -> Self {
        self.center = center;
        self
    }

    /// Sets the vertical field of view, degrees.
    #[must_use]
    pub fn with_fov(mut self, fov: f64) -> Self {
        self.fov = fov;
        self
    }

    /// Sets the centre of perspective's offset from the viewport's middle, px.
    #[must_use]
    pub fn with_center_offset(mut self, offset: DVec2) -> Self {
        self.center_offset = offset;
        self
    }

    /// Checks every field.
    ///
    /// # Errors
    /// [`FrameError::InvalidCamera`] naming the first bad field.
    pub fn validate(&self) -> Result<(), FrameError> {
        let fail = |field: &'static str| move |problem| FrameError::InvalidCamera { field, problem };
        let limit = label_core::limits::MAX_COORDINATE;
        within(self.center.x, limit).map_err(fail("center"))?;
        within(self.center.y, limit).map_err(fail("center"))?;
        non_negative(self.zoom, MAX_ZOOM).map_err(fail("zoom"))?;
        within(self.bearing, label_core::limits::MAX_ANGLE).map_err(fail("bearing"))?;
        non_negative(self.pitch, MAX_PITCH).map_err(fail("pitch"))?;
        positive(self.size.x, MAX_VIEWPORT).map_err(fail("size"))?;
        positive(self.size.y, MAX_VIEWPORT).map_err(fail("size"))?;
        positive(self.fov, 120.0).map_err(fail("fov"))?;
        // Half the viewport each side: the most a padding that leaves some canvas moves it. A
        // centre of perspective far beyond the canvas would put the near side of a pitched
        // view behind the camera's near plane, and labels on the canvas would not be placed.
        within(self.center_offset.x, self.size.x / 2.0).map_err(fail("center_offset"))?;
        within(self.center_offset.y, self.size.y / 2.0).map_err(fail("center_offset"))?;
        Ok(())
    }
}

#[cfg(test)]
#[path = "camera_tests.rs"]
mod tests;
