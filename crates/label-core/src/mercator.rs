//! Web Mercator: longitude/latitude to world pixels and back.
//!
//! World pixels are the Web Mercator plane at zoom 0 with 256-px tiles: the whole world is the
//! square `[0, 256)²`, x grows eastwards and **y southwards** (screen convention). At zoom `z` a
//! world pixel is `2^z` screen pixels. The fixtures of this repository use the same plane
//! (`fixtures/README.md`, "Projection"). The frame engine's camera and the command's GeoJSON view
//! both project through this module (`label_frame::mercator` is this module).

use glam::DVec2;

/// Side of the world square at zoom 0, px (one 256-px tile).
pub const TILE_SIZE: f64 = 256.0;

/// The latitude where Web Mercator's square ends, degrees (`atan(sinh(π))`). Latitudes beyond
/// it are clamped to it.
pub const MAX_LATITUDE: f64 = 85.051_128_779_806_59;

/// World pixels (zoom 0) of a longitude and latitude in degrees (WGS84). Latitudes are clamped
/// to ±[`MAX_LATITUDE`]; longitudes are not wrapped (181° lies just east of the world square).
///
/// ```
/// use label_core::mercator::{lon_lat_to_world, TILE_SIZE};
/// let origin = lon_lat_to_world(0.0, 0.0);
/// assert_eq!(origin, glam::DVec2::splat(TILE_SIZE / 2.0));
/// // North is up: a northern point has a smaller y.
/// assert!(lon_lat_to_world(16.37, 48.21).y < origin.y);
/// ```
#[must_use]
pub fn lon_lat_to_world(lon: f64, lat: f64) -> DVec2 {
    let phi = lat.clamp(-MAX_LATITUDE, MAX_LATITUDE).to_radians();
    let x = (lon + 180.0) / 360.0;
    let y = (1.0 - (phi.tan() + 1.0 / phi.cos()).ln() / std::f64::consts::PI) / 2.0;
    DVec2::new(x, y) * TILE_SIZE
}

/// Longitude and latitude in degrees of a point in world pixels (zoom 0): the inverse of
/// [`lon_lat_to_world`].
#[must_use]
pub fn world_to_lon_lat(world: DVec2) -> (f64, f64) {
    let p = world / TILE_SIZE;
    let lon = p.x * 360.0 - 180.0;
    let lat = (std::f64::consts::PI * (1.0 - 2.0 * p.y)).sinh().atan().to_degrees();
    (lon, lat)
}

/// World point `world` (world px at zoom 0) moved by whole worlds ([`TILE_SIZE`]) east or west
/// into the copy of the world nearest `x`: exactly `world` when it is in that copy already. The
/// frame engine places labels so (its `FrameOptions::world_copies`).
///
/// ```
/// use glam::DVec2;
/// use label_core::mercator::nearest_copy;
/// assert_eq!(nearest_copy(DVec2::new(1.5, 100.0), 200.0), DVec2::new(257.5, 100.0));
/// assert_eq!(nearest_copy(DVec2::new(1.5, 100.0), 100.0), DVec2::new(1.5, 100.0));
/// ```
#[must_use]
pub fn nearest_copy(world: DVec2, x: f64) -> DVec2 {
    nearest_copy_of_width(world, x, TILE_SIZE)
}

/// [`nearest_copy`] in a plane where the world is `width` px wide (`TILE_SIZE · 2^zoom` at a
/// zoom): `world` and `x` in that plane's pixels.
///
/// ```
/// use glam::DVec2;
/// use label_core::mercator::nearest_copy_of_width;
/// assert_eq!(nearest_copy_of_width(DVec2::new(1.5, 9.0), 1500.0, 1024.0), DVec2::new(1025.5, 9.0));
/// ```
#[must_use]
pub fn nearest_copy_of_width(world: DVec2, x: f64, width: f64) -> DVec2 {
    let worlds = ((x - world.x) / width).round();
    if worlds == 0.0 { world } else { DVec2::new(world.x + worlds * width, world.y) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_of_the_world_square() {
        let nw = lon_lat_to_world(-180.0, MAX_LATITUDE);
        let se = lon_lat_to_world(180.0, -MAX_LATITUDE);
        assert!(nw.abs_diff_eq(DVec2::ZERO, 1e-9), "{nw}");
        assert!(se.abs_diff_eq(DVec2::splat(TILE_SIZE), 1e-9), "{se}");
        // Clamped beyond the square.
        assert_eq!(lon_lat_to_world(0.0, 89.0), lon_lat_to_world(0.0, 90.0));
    }

    #[test]
    fn matches_the_fixture_formula_and_round_trips() {
        // Stephansplatz at zoom 16: the fixtures' view centre (fixtures/README.md) lies in the
        // pixel (9150662 + 960, 5816925 + 540) of the zoom-16 plane.
        let p = lon_lat_to_world(16.3725, 48.2083) * 65536.0;
        assert_eq!((p.x - 960.0).round(), 9_150_662.0);
        assert_eq!((p.y - 540.0).round(), 5_816_925.0);
        for (lon, lat) in [(16.3725, 48.2083), (-122.4, 37.8), (151.2, -33.9), (0.0, 0.0), (179.9, -80.0)] {
            let (lo, la) = world_to_lon_lat(lon_lat_to_world(lon, lat));
            assert!((lo - lon).abs() < 1e-9 && (la - lat).abs() < 1e-9, "{lon} {lat} -> {lo} {la}");
        }
    }

    #[test]
    fn points_go_to_the_nearest_copy_by_whole_worlds() {
        let p = DVec2::new(1.5, 100.0);
        assert_eq!(nearest_copy(p, 100.0), p);
        assert_eq!(nearest_copy(p, 200.0), DVec2::new(257.5, 100.0));
        assert_eq!(nearest_copy(p, -700.0), DVec2::new(1.5 - 3.0 * TILE_SIZE, 100.0));
        assert_eq!(nearest_copy(DVec2::new(300.0, 7.0), 10.0), DVec2::new(44.0, 7.0));
    }
}
