//! The scripted camera animations: pan, continuous zoom, a full turn and a tilt, over two
//! scenes, at 60 frames per second of simulated time.

use glam::DVec2;
use label_frame::Camera;
use label_frame::mercator::lon_lat_to_world;

/// Frames per second of simulated time.
pub const FPS: f64 = 60.0;

/// A label set and where its animations look.
#[derive(Clone, Copy, Debug)]
pub struct Scene {
    /// Name in the report.
    pub name: &'static str,
    /// Longitude and latitude the animations centre on.
    pub center: (f64, f64),
    /// The zoom of the pan, turn and tilt.
    pub zoom: f64,
    /// Start and end of the zoom animation.
    pub zoom_range: (f64, f64),
    /// Run without being named with `--scene`.
    pub by_default: bool,
}

/// World places (Natural Earth + GeoNames, about 30k points) over Europe; the zoom runs 2 → 8,
/// the range. Vienna's street names at street zooms: each a straight label on its
/// street's longest segment (`streets`), or its text along the whole street, glyph by glyph
/// (`curved`, only when named: it reads the streets' GeoJSON, `--street-lines`). The same
/// places over Fiji, where the pan crosses the antimeridian (copies of the world), only when
/// named.
pub const SCENES: [Scene; 4] = [
    Scene { name: "places", center: (10.0, 50.0), zoom: 5.0, zoom_range: (2.0, 8.0), by_default: true },
    Scene { name: "streets", center: (16.3725, 48.2083), zoom: 16.0, zoom_range: (14.0, 18.0), by_default: true },
    Scene { name: "curved", center: (16.3725, 48.2083), zoom: 16.0, zoom_range: (14.0, 18.0), by_default: false },
    Scene { name: "pacific", center: (172.0, -17.0), zoom: 5.0, zoom_range: (2.0, 8.0), by_default: false },
];

/// The four animations.
pub const ANIMATIONS: [&str; 4] = ["pan", "zoom", "rotate", "pitch"];

/// The cameras of one animation, one per frame, and the frame times in ms.
#[must_use]
pub fn cameras(scene: &Scene, animation: &str, size: DVec2) -> Vec<(Camera, f64)> {
    let center = lon_lat_to_world(scene.center.0, scene.center.1);
    let base = Camera::new(center, scene.zoom, size.x, size.y);
    let (seconds, at): (f64, Box<dyn Fn(f64) -> Camera>) = match animation {
        // 600 screen px per second to the east-south-east, 4 s.
        "pan" => {
            let speed = DVec2::new(600.0, 150.0) / scene.zoom.exp2();
            (4.0, Box::new(move |t| base.with_center(center + speed * t)))
        }
        // Continuous zoom over 6 s, at a constant rate in zoom levels.
        "zoom" => {
            let (z0, z1) = scene.zoom_range;
            (6.0, Box::new(move |t| base.with_zoom(z0 + (z1 - z0) * t / 6.0)))
        }
        // A full turn in 6 s.
        "rotate" => (6.0, Box::new(move |t| base.with_bearing(360.0 * t / 6.0))),
        // Tilt 0 → 60° in 3 s.
        "pitch" => (3.0, Box::new(move |t| base.with_pitch(60.0 * t / 3.0))),
        other => panic!("unknown animation {other}"),
    };
    let frames = (seconds * FPS).round() as usize + 1;
    (0..frames)
        .map(|k| {
            let t = k as f64 / FPS;
            (at(t), t * 1000.0)
        })
        .collect()
}
