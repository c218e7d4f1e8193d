//! Which tiles of a zoom a label reaches: the tile under its anchor point, and the tiles its
//! parts' bounds overlap with positive area (a box that only touches a tile edge does not
//! reach past it). Columns wrap around the world; rows outside it are dropped.

use std::collections::BTreeMap;

use glam::DVec2;

use super::TILE_PX;

/// Axis-aligned bounds in world px of one zoom: `[min x, min y, max x, max y]`.
pub type Bounds = [f64; 4];

/// The tiles of zoom `z` that a label with anchor `point` and part bounds `parts` reaches, as
/// `(x, y)` → the unwrapped column `x + k · 2^z` the label is drawn from in that tile (the copy
/// of the world nearest its anchor), in tile order.
#[must_use]
pub fn tiles(z: u8, point: DVec2, parts: &[Bounds]) -> BTreeMap<(u32, u32), i64> {
    let n = 1_i64 << z;
    let mut out = BTreeMap::new();
    let mut add = |column: i64, row: i64| {
        if (0..n).contains(&row) {
            // Both fit in u32: z ≤ 31, and `rem_euclid` is in 0..n.
            let key = (column.rem_euclid(n) as u32, row as u32);
            out.entry(key).or_insert(column);
        }
    };
    add(cell(point.x), cell(point.y));
    for b in parts {
        let (columns, rows) = (span(b[0], b[2]), span(b[1], b[3]));
        for row in rows.clone() {
            for column in columns.clone() {
                add(column, row);
            }
        }
    }
    out
}

/// World-px bounds of a box given relative to `origin`.
#[must_use]
pub fn bounds(b: &label_core::Obb, origin: DVec2) -> Bounds {
    let corners = b.corners_f64().map(|c| c + origin);
    let fold = |f: fn(f64, f64) -> f64, axis: fn(DVec2) -> f64| corners.iter().map(|&c| axis(c)).reduce(f);
    let (x0, x1) = (fold(f64::min, |c| c.x), fold(f64::max, |c| c.x));
    let (y0, y1) = (fold(f64::min, |c| c.y), fold(f64::max, |c| c.y));
    [x0.unwrap_or(origin.x), y0.unwrap_or(origin.y), x1.unwrap_or(origin.x), y1.unwrap_or(origin.y)]
}

/// The tile index of a coordinate, px.
fn cell(v: f64) -> i64 {
    (v / TILE_PX).floor() as i64
}

/// The tile indices an interval `[lo, hi]` overlaps with positive length (its own cell when
/// it has none).
fn span(lo: f64, hi: f64) -> std::ops::RangeInclusive<i64> {
    let first = cell(lo);
    let last = ((hi / TILE_PX).ceil() as i64 - 1).max(first);
    first..=last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_inside_one_tile_is_in_that_tile_only() {
        let t = tiles(2, DVec2::new(300.0, 300.0), &[[290.0, 295.0, 340.0, 305.0]]);
        assert_eq!(t.into_iter().collect::<Vec<_>>(), [((1, 1), 1)]);
    }

    #[test]
    fn a_box_over_an_edge_is_in_both_tiles_and_touching_is_not_enough() {
        let t = tiles(2, DVec2::new(250.0, 100.0), &[[240.0, 95.0, 260.0, 105.0]]);
        assert_eq!(t.keys().copied().collect::<Vec<_>>(), [(0, 0), (1, 0)]);
        let touching = tiles(2, DVec2::new(250.0, 100.0), &[[240.0, 95.0, 256.0, 105.0]]);
        assert_eq!(touching.keys().copied().collect::<Vec<_>>(), [(0, 0)]);
    }

    #[test]
    fn columns_wrap_and_rows_beyond_the_poles_are_dropped() {
        // Zoom 1: 512 px, two columns. A label at the west edge reaching west and north.
        let t = tiles(1, DVec2::new(2.0, 3.0), &[[-10.0, -5.0, 20.0, 8.0]]);
        assert_eq!(t.into_iter().collect::<Vec<_>>(), [((0, 0), 0), ((1, 0), -1)]);
        // Zoom 0: both copies are the one tile; it is drawn from the anchor's copy.
        let t = tiles(0, DVec2::new(250.0, 3.0), &[[240.0, 0.0, 270.0, 8.0]]);
        assert_eq!(t.into_iter().collect::<Vec<_>>(), [((0, 0), 0)]);
    }
}
