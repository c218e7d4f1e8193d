//! The map view: longitude/latitude → screen pixels through Web Mercator
//! ([`label_core::mercator`], 256-px tiles), the view centre, the viewport size and the
//! bearing — the frame engine's camera without pitch.

use glam::DVec2;
pub use label_core::mercator::MAX_LATITUDE;
use label_core::mercator::{TILE_SIZE, lon_lat_to_world, nearest_copy_of_width};

/// Highest zoom accepted. At zoom 30 the world is 2.7e11 px wide, far inside the engine's
/// coordinate limit; beyond it f64 world pixels lose sub-pixel precision.
pub const MAX_ZOOM: f64 = 30.0;

/// Where the map is looked at from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Zoom level (fractional zooms allowed): the world is `256 · 2^zoom` px wide.
    pub zoom: f64,
    /// Longitude and latitude of the viewport's centre, degrees.
    pub center: DVec2,
    /// Viewport width and height, px.
    pub size: DVec2,
    /// Map rotation, degrees clockwise as map engines define it: the compass direction that
    /// points up (90 puts east at the top).
    pub bearing: f64,
}

impl View {
    /// World pixels of a longitude/latitude at this zoom (y grows southwards); latitude is
    /// clamped to ±[`MAX_LATITUDE`].
    #[must_use]
    pub fn world(&self, lon_lat: DVec2) -> DVec2 {
        lon_lat_to_world(lon_lat.x, lon_lat.y) * self.zoom.exp2()
    }

    /// Screen pixels (origin top-left, y down) of a longitude/latitude, in the copy of the world
    /// nearest the centre (the world repeats east–west: 179.9° E and 179.9° W are neighbours).
    /// The map turns about the viewport's centre so that the bearing points up: with bearing β
    /// a world offset `d` lands at `(d.x cos β + d.y sin β, −d.x sin β + d.y cos β)` from the
    /// centre.
    #[must_use]
    pub fn project(&self, lon_lat: DVec2) -> DVec2 {
        let world = self.world(lon_lat);
        self.screen(self.nearest_copy(world, self.world(self.center).x))
    }

    /// Screen pixels of a line's points; see [`View::project_parts`].
    #[must_use]
    pub fn project_line(&self, points: &[DVec2]) -> Vec<DVec2> {
        self.project_parts(std::slice::from_ref(&points.to_vec())).pop().unwrap_or_default()
    }

    /// Screen pixels of the points of one feature's parts (the lines of a MultiLineString, the
    /// rings of a polygon), so that a feature across the antimeridian (179° to −179°) stays
    /// whole and is drawn in the copy of the world nearest the view: each point is taken in the
    /// copy nearest the point before it (the first one nearest the centre), then the whole
    /// feature is moved by whole worlds so that the middle of its east–west extent is nearest
    /// the centre.
    #[must_use]
    pub fn project_parts(&self, parts: &[Vec<DVec2>]) -> Vec<Vec<DVec2>> {
        let center = self.world(self.center).x;
        let mut near = center;
        let world: Vec<Vec<DVec2>> = parts
            .iter()
            .map(|part| {
                part.iter()
                    .map(|&p| {
                        let w = self.nearest_copy(self.world(p), near);
                        near = w.x;
                        w
                    })
                    .collect()
            })
            .collect();
        let (min, max) =
            world.iter().flatten().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.x), hi.max(p.x)));
        let shift = if min <= max {
            self.nearest_copy(DVec2::new((min + max) / 2.0, 0.0), center).x - (min + max) / 2.0
        } else {
            0.0
        };
        world.iter().map(|part| part.iter().map(|&w| self.screen(DVec2::new(w.x + shift, w.y))).collect()).collect()
    }

    /// World point `p` moved by whole worlds into the copy nearest `x`.
    fn nearest_copy(&self, p: DVec2, x: f64) -> DVec2 {
        nearest_copy_of_width(p, x, TILE_SIZE * self.zoom.exp2())
    }

    /// Screen pixels of a world pixel (no copies); see [`View::project`].
    #[must_use]
    pub fn screen(&self, world: DVec2) -> DVec2 {
        let d = world - self.world(self.center);
        let (sin, cos) = self.bearing.to_radians().sin_cos();
        self.size / 2.0 + DVec2::new(d.x * cos + d.y * sin, -d.x * sin + d.y * cos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(bearing: f64) -> View {
        View { zoom: 4.0, center: DVec2::new(10.0, 50.0), size: DVec2::new(1920.0, 1080.0), bearing }
    }

    fn close(a: DVec2, b: DVec2) -> bool {
        (a - b).length() < 1e-6
    }

    #[test]
    fn the_world_repeats_east_west() {
        // Zoom 4: the world is 4,096 px wide, 11.38 px a degree of longitude.
        let fiji = View { zoom: 4.0, center: DVec2::new(179.9, -17.0), size: DVec2::new(1920.0, 1080.0), bearing: 0.0 };
        let east = fiji.project(DVec2::new(179.95, -17.0));
        let west = fiji.project(DVec2::new(-179.95, -17.0));
        assert!((west.x - east.x - 0.1 * 4096.0 / 360.0).abs() < 1e-6 && (west.y - east.y).abs() < 1e-9);
        assert!(close(fiji.project(DVec2::new(-179.95 + 360.0, -17.0)), west));
        // A line across the antimeridian stays whole, even where its points are nearer other
        // copies of the centre: drawn from 90° W of the centre on, westwards.
        let line = [DVec2::new(-170.0, 0.0), DVec2::new(150.0, 0.0), DVec2::new(90.0, 0.0)];
        let screen = fiji.project_line(&line);
        assert!(screen.windows(2).all(|w| w[1].x < w[0].x), "{screen:?}");
        assert!(close(screen[0], fiji.project(line[0])));
        assert!((screen[2].x - screen[0].x + 100.0 * 4096.0 / 360.0).abs() < 1e-6);
        // A line from 5° W westwards across the antimeridian to 175° E, seen from 170° E: its
        // first point is nearer the view in the copy west of it, but the line ends 5° east of
        // the view in the copy east of it, and is drawn there.
        let view = View { center: DVec2::new(170.0, 0.0), ..fiji };
        let line = [-5.0, -60.0, -120.0, -175.0, 175.0].map(|lon| DVec2::new(lon, 0.0));
        let screen = view.project_line(&line);
        assert!((screen[4].x - 960.0 - 5.0 * 4096.0 / 360.0).abs() < 1e-6, "{screen:?}");
        assert!(screen.windows(2).all(|w| w[1].x < w[0].x), "{screen:?}");
    }

    #[test]
    fn web_mercator_matches_the_formula() {
        let v = View { zoom: 0.0, center: DVec2::ZERO, size: DVec2::splat(256.0), bearing: 0.0 };
        assert!(close(v.world(DVec2::new(0.0, 0.0)), DVec2::new(128.0, 128.0)));
        assert!(close(v.world(DVec2::new(-180.0, MAX_LATITUDE)), DVec2::new(0.0, 0.0)));
        assert!(close(v.world(DVec2::new(180.0, -MAX_LATITUDE)), DVec2::new(256.0, 256.0)));
        // Beyond the limit, latitude is clamped rather than sent to infinity.
        assert!(close(v.world(DVec2::new(0.0, 90.0)), DVec2::new(128.0, 0.0)));
        // The fixtures' view: zoom 4, centre (10, 50) is world pixel (2161.78, 1389.14)
        // (computed with Python's math module from the formula).
        let w = view(0.0).world(DVec2::new(10.0, 50.0));
        assert!((w.x - 2_161.777_777_777_778).abs() < 1e-9 && (w.y - 1_389.136_996_848_511).abs() < 1e-9, "{w}");
    }

    #[test]
    fn the_centre_is_the_middle_of_the_screen_and_north_is_up() {
        let v = view(0.0);
        assert!(close(v.project(v.center), DVec2::new(960.0, 540.0)));
        let north = v.project(DVec2::new(10.0, 51.0));
        let east = v.project(DVec2::new(11.0, 50.0));
        assert!(north.y < 540.0 && (north.x - 960.0).abs() < 1e-9);
        assert!(east.x > 960.0 && (east.y - 540.0).abs() < 1e-9);
    }

    #[test]
    fn bearing_90_puts_east_at_the_top() {
        let v = view(90.0);
        let east = v.project(DVec2::new(11.0, 50.0)) - DVec2::new(960.0, 540.0);
        let north = v.project(DVec2::new(10.0, 51.0)) - DVec2::new(960.0, 540.0);
        assert!(east.x.abs() < 1e-9 && east.y < 0.0, "east {east}");
        assert!(north.y.abs() < 1e-9 && north.x < 0.0, "north goes left: {north}");
        // Bearing turns distances by nothing.
        let flat = view(0.0).project(DVec2::new(11.0, 50.0)) - DVec2::new(960.0, 540.0);
        assert!((east.length() - flat.length()).abs() < 1e-9);
    }
}
