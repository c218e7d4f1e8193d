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

/// A map camera, the way map engines describe it ([`crate::Projection`] has its math).
///
/// ```
/// use label_frame::Camera;
/// let camera = Camera::from_lon_lat(16.3725, 48.2083, 16.0, 1920.0, 1080.0).with_bearing(30.0).with_pitch(45.0);
/// assert!(camera.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Camera {
    /// World point at the viewport's centre, world px at zoom 0 ([`crate::geo::mercator`]).
    pub center: DVec2,
    /// Zoom level, `0 ..= MAX_ZOOM`: one world px is `2^zoom` screen px at the centre.
    pub zoom: f64,
    /// Compass direction at the top of the screen, degrees. Growing bearings turn the map
    /// **counter-clockwise** on screen (bearing 90: east is up).
    pub bearing: f64,
    /// Tilt from straight down, degrees, `0 ..= MAX_PITCH`; the far side of the map is at the
    /// top of the screen.
    pub pitch: f64,
    /// Viewport width and height, px, at most [`MAX_VIEWPORT`].
    pub size: DVec2,
    /// Vertical field of view, degrees, in `(0, 120]` (only matters under pitch).
    pub fov: f64,
    /// Where the centre of perspective (the screen point of `center`) lies from the viewport's
    /// middle, px (x right, y down), each side within half the viewport's; default 0. A map's
    /// padding moves it (MapLibre: `((left − right)/2, (top − bottom)/2)`): an off-axis view of
    /// the same canvas.
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

crate::util::setters!(Camera:
    /// Sets the bearing, degrees.
    with_bearing(bearing: f64),
    /// Sets the pitch, degrees.
    with_pitch(pitch: f64),
    /// Sets the zoom.
    with_zoom(zoom: f64),
    /// Sets the centre, world px at zoom 0.
    with_center(center: DVec2),
    /// Sets the vertical field of view, degrees.
    with_fov(fov: f64),
    /// Sets the centre of perspective's offset from the viewport's middle, px.
    with_center_offset(center_offset: DVec2),
);

#[cfg(test)]
#[path = "camera_tests.rs"]
mod tests;
