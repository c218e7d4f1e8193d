//! The scripted camera animation the page plays and the native engine replays: at 60 frames
//! per second of simulated time, a pan over central Europe, a zoom from the continent into
//! Vienna's streets, half a turn, and a tilt.

use glam::DVec2;
use label_frame::Camera;
use label_frame::mercator::lon_lat_to_world;
use serde::Serialize;

/// Frames per second of simulated time.
pub const FPS: f64 = 60.0;

/// One frame's camera as the page passes it to the module (world px at zoom 0).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Shot {
    /// Centre, world px.
    pub x: f64,
    /// Centre, world px.
    pub y: f64,
    /// Zoom level.
    pub zoom: f64,
    /// Bearing, degrees.
    pub bearing: f64,
    /// Pitch, degrees.
    pub pitch: f64,
    /// Viewport width, px.
    pub width: f64,
    /// Viewport height, px.
    pub height: f64,
    /// Frame time, ms.
    pub time: f64,
}

impl Shot {
    /// The engine's camera.
    #[must_use]
    pub fn camera(&self) -> Camera {
        Camera::new(DVec2::new(self.x, self.y), self.zoom, self.width, self.height)
            .with_bearing(self.bearing)
            .with_pitch(self.pitch)
    }
}

/// Smooth step from 0 to 1 over `t` in [0, 1].
fn ease(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The animation's frames for a `width` × `height` viewport: 11 s, 661 frames.
#[must_use]
pub fn shots(width: f64, height: f64) -> Vec<Shot> {
    let europe = lon_lat_to_world(2.0, 49.0);
    let vienna = lon_lat_to_world(16.3725, 48.2083);
    // 200 screen px per second to the east for 2 s at zoom 5.
    let pan_end = europe + DVec2::new(400.0, 0.0) / 5f64.exp2();
    // Vienna's offset from the screen's centre when the zoom starts, screen px.
    let offset = (vienna - pan_end) * 5f64.exp2();
    let frames = (11.0 * FPS).round() as usize + 1;
    (0..frames)
        .map(|k| {
            let t = k as f64 / FPS;
            // 0–2 s: the pan; 2–6 s: zoom 5 → 15.5 into Vienna, its offset on screen shrinking
            // to nothing (a fly-to); 6–9 s: half a turn; 9–11 s: tilt to 50°.
            let (center, zoom) = if t < 2.0 {
                (europe + (pan_end - europe) * (t / 2.0), 5.0)
            } else {
                let s = ease((t - 2.0) / 4.0);
                let zoom = 5.0 + 10.5 * s;
                (vienna - offset * (1.0 - s) / zoom.exp2(), zoom)
            };
            let bearing = 180.0 * ease((t - 6.0) / 3.0);
            let pitch = 50.0 * ease((t - 9.0) / 2.0);
            let c = center;
            Shot { x: c.x, y: c.y, zoom, bearing, pitch, width, height, time: t * 1000.0 }
        })
        .collect()
}
