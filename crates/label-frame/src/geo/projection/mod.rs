//! From world pixels to the screen: the camera's projection.
//!
//! A world point `P` (world px, zoom 0) goes to the screen in three steps:
//!
//! 1. **scale and turn**: `r = R(bearing) · 2^zoom · (P − center)`, where `R` turns the map
//!    counter-clockwise on screen by the bearing (y down: `r = (d.x·cos β + d.y·sin β,
//!    −d.x·sin β + d.y·cos β)`). Without pitch the screen point is `o + r`, where
//!    `o = size/2 + center_offset` is the centre of perspective (the viewport's middle unless
//!    the camera is off-centre: a map's padding).
//! 2. **tilt**: the camera sits `D = (height/2) / tan(fov/2)` px above the centre, tilted by the
//!    pitch `θ` towards the top of the screen. A ground point at `r` is at depth
//!    `z = D − r.y·sin θ` from the camera; points with `z ≤ NEAR·D` are behind it.
//! 3. **perspective**: screen = `o + (r.x, r.y·cos θ) · D/z`. The factor `D/z` (1 at the
//!    centre, smaller far away) is what labels are scaled by under pitch.
//!
//! An off-centre camera is thus the centred camera of a viewport around `o` (as large as
//! needed, the same `D`), cut to `0 ..= size`: what lies beyond the viewport takes no part.
//!
//! [`Projection::view_projection`] is the same map as a 4×4 clip-space matrix (OpenGL
//! conventions), so a renderer can draw with the transform the labels were placed with.

use glam::{DMat4, DVec2, DVec3, DVec4};
use label_core::Aabb;

use crate::Camera;

/// Points nearer to the camera plane than this fraction of the camera's distance to the
/// centre count as behind the camera.
pub const NEAR: f64 = 0.05;

/// Sine and cosine of an angle in degrees, exact at multiples of 90° (so that bearings of 0, 90,
/// 180, 270 turn the map without rounding).
#[must_use]
pub(crate) fn sin_cos_degrees(degrees: f64) -> (f64, f64) {
    let d = degrees.rem_euclid(360.0);
    match d {
        0.0 => (0.0, 1.0),
        90.0 => (1.0, 0.0),
        180.0 => (0.0, -1.0),
        270.0 => (-1.0, 0.0),
        _ => d.to_radians().sin_cos(),
    }
}

/// A world point seen through the camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projected {
    /// Screen position, px (origin top-left, y down).
    pub screen: DVec2,
    /// `D/z`: 1 at the viewport's centre, below 1 farther away, above 1 nearer (pitch only).
    pub perspective: f64,
    /// The point after scaling and turning, before the tilt (step 1), px.
    pub(crate) ground: DVec2,
}

/// The camera's projection of one frame. Built once per frame; projecting a point is a few
/// multiplications.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    camera: Camera,
    scale: f64,
    sin_b: f64,
    cos_b: f64,
    sin_p: f64,
    cos_p: f64,
    distance: f64,
    /// The centre of perspective on screen: `size/2 + center_offset`, px.
    origin: DVec2,
}

impl Projection {
    /// The projection of a camera (checked with [`Camera::validate`] by the engine).
    #[must_use]
    pub fn new(camera: &Camera) -> Self {
        let (sin_b, cos_b) = sin_cos_degrees(camera.bearing);
        let (sin_p, cos_p) = sin_cos_degrees(camera.pitch);
        let distance = camera.size.y * 0.5 / (camera.fov.to_radians() * 0.5).tan();
        Self {
            camera: *camera,
            scale: camera.zoom.exp2(),
            sin_b,
            cos_b,
            sin_p,
            cos_p,
            distance,
            origin: camera.size * 0.5 + camera.center_offset,
        }
    }

    /// The camera this projection was built from.
    #[must_use]
    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    /// Screen px per world px at the centre: `2^zoom`.
    #[must_use]
    pub(crate) fn scale(&self) -> f64 {
        self.scale
    }

    /// The sine and cosine of the pitch.
    #[must_use]
    pub(crate) fn tilt(&self) -> (f64, f64) {
        (self.sin_p, self.cos_p)
    }

    /// Whether the camera is tilted.
    #[must_use]
    pub fn is_pitched(&self) -> bool {
        self.sin_p != 0.0
    }

    /// Without pitch, the projection's linear part as the complex number `w = 2^zoom·e^{−iβ}`:
    /// a world vector `d` goes to the complex product `w·d` on screen (the bearing turns the
    /// map counter-clockwise, and screen y points down). `None` under pitch.
    #[must_use]
    pub(crate) fn similarity(&self) -> Option<DVec2> {
        (self.sin_p == 0.0).then(|| DVec2::new(self.cos_b, -self.sin_b) * self.scale)
    }

    /// The viewport, `(0, 0)` to `size`, px.
    #[must_use]
    pub fn viewport(&self) -> Aabb {
        Aabb::from_corners(glam::Vec2::ZERO, self.camera.size.as_vec2())
    }

    /// Camera distance to the centre, px: `D = (height/2) / tan(fov/2)`.
    #[must_use]
    pub fn distance(&self) -> f64 {
        self.distance
    }

    /// Where a world point (world px, zoom 0) appears on screen; `None` if it is behind the
    /// camera (nearer than [`NEAR`]·D to the camera plane).
    ///
    /// ```
    /// use label_frame::{Camera, Projection};
    /// use glam::DVec2;
    /// let camera = Camera::new(DVec2::new(128.0, 128.0), 2.0, 800.0, 600.0);
    /// let p = Projection::new(&camera);
    /// // One world px east of the centre is 2^2 = 4 screen px right of the viewport's centre.
    /// assert_eq!(p.project(DVec2::new(129.0, 128.0)).unwrap().screen, DVec2::new(404.0, 300.0));
    /// // Bearing 90: east is up.
    /// let p = Projection::new(&camera.with_bearing(90.0));
    /// assert_eq!(p.project(DVec2::new(129.0, 128.0)).unwrap().screen, DVec2::new(400.0, 296.0));
    /// ```
    #[must_use]
    #[inline]
    pub fn project(&self, world: DVec2) -> Option<Projected> {
        let ground = self.turn((world - self.camera.center) * self.scale);
        if self.sin_p == 0.0 {
            return Some(Projected { screen: self.origin + ground, perspective: 1.0, ground });
        }
        let z = self.distance - ground.y * self.sin_p;
        if z <= NEAR * self.distance {
            return None;
        }
        let k = self.distance / z;
        let screen = self.origin + DVec2::new(ground.x * k, ground.y * self.cos_p * k);
        Some(Projected { screen, perspective: k, ground })
    }

    /// The on-screen angle (degrees counter-clockwise) of a direction drawn on the map at
    /// `map_degrees` (counter-clockwise from east, north up), at a projected point. Without pitch
    /// it is `map_degrees + bearing`; under pitch the direction is carried through the
    /// projection's derivative at the point, so a street name follows its street as drawn.
    #[must_use]
    #[inline]
    pub fn screen_angle(&self, at: &Projected, map_degrees: f64) -> f64 {
        let turned = map_degrees + self.camera.bearing;
        if self.sin_p == 0.0 {
            return turned;
        }
        let (s, c) = sin_cos_degrees(turned);
        let q = DVec2::new(c, -s); // the direction after step 1 (y down)
        let (r, d) = (at.ground, self.distance);
        let z = d - r.y * self.sin_p;
        // The Jacobian of step 2–3 at `r`: d(screen)/d(r).
        let dx = q.x * d / z + q.y * d * r.x * self.sin_p / (z * z);
        let dy = q.y * d * d * self.cos_p / (z * z);
        (-dy).atan2(dx).to_degrees()
    }

    /// A vector scaled to the screen turned by the bearing (step 1 without the scale):
    /// `(d.x·cos β + d.y·sin β, −d.x·sin β + d.y·cos β)`.
    #[inline]
    fn turn(&self, d: DVec2) -> DVec2 {
        DVec2::new(d.x * self.cos_b + d.y * self.sin_b, -d.x * self.sin_b + d.y * self.cos_b)
    }

    /// If `next` differs from this projection only by a shift of the whole screen (no pitch in
    /// either, same zoom, bearing, viewport and centre of perspective (`center_offset`); any
    /// centre), the shift in px: every world point moves by it. `None` otherwise. Under pitch a
    /// moved centre changes the perspective of every point differently, so it is never a shift.
    #[must_use]
    pub fn translation_to(&self, next: &Projection) -> Option<DVec2> {
        let (a, b) = (&self.camera, &next.camera);
        let shift = self.sin_p == 0.0
            && next.sin_p == 0.0
            && (self.sin_b, self.cos_b, a.zoom, a.size, a.center_offset)
                == (next.sin_b, next.cos_b, b.zoom, b.size, b.center_offset);
        shift.then(|| self.turn((a.center - b.center) * self.scale))
    }

    /// The ground point seen at screen point `screen` (px), world px at zoom 0: the inverse of
    /// [`Self::project`] (for picking, and for what a frame's viewport covers of the world).
    /// `None` where the screen shows the sky above the horizon, or a point nearer than
    /// [`NEAR`]·D to the camera plane.
    ///
    /// ```
    /// use label_frame::{Camera, Projection};
    /// use glam::DVec2;
    /// let p = Projection::new(&Camera::new(DVec2::new(128.0, 128.0), 2.0, 800.0, 600.0).with_bearing(90.0));
    /// // With east at the top, 4 px above the centre is one world px east of it.
    /// assert_eq!(p.unproject(DVec2::new(400.0, 296.0)), Some(DVec2::new(129.0, 128.0)));
    /// ```
    #[must_use]
    pub fn unproject(&self, screen: DVec2) -> Option<DVec2> {
        let (v, d) = (screen - self.origin, self.distance);
        // Steps 2–3 backwards: `v.y = r.y·cos θ·D/(D − r.y·sin θ)` solved for `r.y`.
        let denominator = d * self.cos_p + v.y * self.sin_p;
        if denominator <= 0.0 {
            return None;
        }
        let y = v.y * d / denominator;
        let z = d - y * self.sin_p;
        if z <= NEAR * d {
            return None;
        }
        let ground = DVec2::new(v.x * z / d, y);
        // Step 1 backwards: turn by the bearing the other way, then scale down.
        let turned =
            DVec2::new(ground.x * self.cos_b - ground.y * self.sin_b, ground.x * self.sin_b + ground.y * self.cos_b);
        Some(self.camera.center + turned / self.scale)
    }

    /// How far east or west of the camera's centre the ground in view reaches, world px: the
    /// largest `|x − center.x|` over the viewport's corners on the ground (their hull holds what
    /// the viewport shows, a perspective map keeping lines straight). Infinite when the
    /// horizon is in view.
    #[must_use]
    pub(crate) fn east_west_reach(&self) -> f64 {
        let size = self.camera.size;
        [DVec2::ZERO, DVec2::new(size.x, 0.0), DVec2::new(0.0, size.y), size]
            .into_iter()
            .map(|corner| self.unproject(corner).map_or(f64::INFINITY, |p| (p.x - self.camera.center.x).abs()))
            .fold(0.0, f64::max)
    }

    /// The projection as a clip-space matrix (OpenGL: x, y, z in `[-1, 1]` after the divide by
    /// w, y up): world px at zoom 0 with z = height above the ground in world px. Screen px
    /// from clip: `((x/w + 1)/2 · width, (1 − y/w)/2 · height)`, the same as [`Self::project`]
    /// (an off-centre camera's frustum is skewed by `2·center_offset/size`).
    #[must_use]
    pub fn view_projection(&self) -> DMat4 {
        let (w, h) = (self.camera.size.x, self.camera.size.y);
        let o = self.camera.center_offset;
        let d = self.distance;
        let (near, far) = self.depth_range();
        let translate = DMat4::from_translation(DVec3::new(-self.camera.center.x, -self.camera.center.y, 0.0));
        let scale = DMat4::from_scale(DVec3::splat(self.scale));
        let turn = DMat4::from_cols(
            DVec4::new(self.cos_b, -self.sin_b, 0.0, 0.0),
            DVec4::new(self.sin_b, self.cos_b, 0.0, 0.0),
            DVec4::Z,
            DVec4::W,
        );
        // Tilt about the screen's horizontal axis; z (up) comes nearer to the camera.
        let tilt = DMat4::from_cols(
            DVec4::X,
            DVec4::new(0.0, self.cos_p, -self.sin_p, 0.0),
            DVec4::new(0.0, -self.sin_p, -self.cos_p, 0.0),
            DVec4::new(0.0, 0.0, d, 1.0),
        );
        let clip = DMat4::from_cols(
            DVec4::new(2.0 * d / w, 0.0, 0.0, 0.0),
            DVec4::new(0.0, -2.0 * d / h, 0.0, 0.0),
            DVec4::new(2.0 * o.x / w, -2.0 * o.y / h, (far + near) / (far - near), 1.0),
            DVec4::new(0.0, 0.0, -2.0 * far * near / (far - near), 0.0),
        );
        clip * tilt * turn * scale * translate
    }

    /// Near and far depth of the clip matrix: the near plane of [`NEAR`], and 1% beyond the
    /// ground point at the top edge of the screen (or 100 camera distances when the horizon is
    /// in view).
    fn depth_range(&self) -> (f64, f64) {
        // How far the top edge is above the centre of perspective.
        let (d, h2) = (self.distance, self.origin.y);
        let denominator = d * self.cos_p - h2 * self.sin_p;
        let far = if denominator > 0.0 {
            let top = -h2 * d / denominator; // r.y of the ground point at the top edge
            (d - top * self.sin_p) * 1.01
        } else {
            100.0 * d
        };
        (NEAR * d, far.max(2.0 * d))
    }
}

/// A label's size factor at a point whose perspective factor is `perspective` (`D/z`), with
/// [`crate::FrameOptions::perspective_scaling`] `s`: `1 + s·(D/z − 1)`.
#[must_use]
#[inline]
pub(crate) fn label_scale(perspective: f64, s: f64) -> f64 {
    1.0 + s * (perspective - 1.0)
}

#[cfg(test)]
mod tests;
