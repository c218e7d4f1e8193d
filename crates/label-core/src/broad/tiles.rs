//! A uniform grid of square tiles over the labels: the unit of parallel work.

use glam::Vec2;

use crate::Aabb;

/// Labels per tile the automatic size aims for: big enough that per-tile overhead vanishes,
/// small enough that a tile's R-tree stays in cache and both cores get many tiles.
const TARGET_LABELS_PER_TILE: f32 = 4096.0;
/// Most tiles along one side; a tiny fixed tile size is raised to respect it.
const MAX_TILES_PER_SIDE: f32 = 1024.0;

/// A grid of square tiles covering `bounds`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TileGrid {
    origin: Vec2,
    inv_size: f32,
    cols: u32,
    rows: u32,
}

impl TileGrid {
    /// A grid over `bounds` with tiles of side `size` (or an automatic size for `count` boxes
    /// whose mean largest side is `mean_extent`).
    pub(crate) fn new(bounds: Aabb, count: usize, mean_extent: f32, size: Option<f32>) -> Self {
        let extent = bounds.size().max(Vec2::splat(f32::MIN_POSITIVE));
        let floor = extent.max_element() / MAX_TILES_PER_SIDE;
        let size = match size {
            Some(s) => s,
            None => {
                let tiles = (count as f32 / TARGET_LABELS_PER_TILE).max(1.0);
                // Tiles much larger than a label, so few labels straddle two tiles.
                ((extent.x * extent.y / tiles).sqrt()).max(16.0 * mean_extent)
            }
        }
        .max(floor);
        let dims = (extent / size).ceil().max(Vec2::ONE);
        Self {
            origin: bounds.min,
            inv_size: 1.0 / size,
            cols: (dims.x as u32).min(MAX_TILES_PER_SIDE as u32),
            rows: (dims.y as u32).min(MAX_TILES_PER_SIDE as u32),
        }
    }

    /// Number of tiles.
    pub(crate) fn len(&self) -> usize {
        (self.cols * self.rows) as usize
    }

    /// Column and row of the tile holding `p`, clamped to the grid. Monotone in each
    /// coordinate, which the pair-ownership rule relies on.
    #[inline]
    pub(crate) fn cell(&self, p: Vec2) -> (u32, u32) {
        // Truncation is the floor for the non-negative values kept (and needs no libm call).
        let c = (p - self.origin) * self.inv_size;
        let col = (c.x.max(0.0) as u32).min(self.cols - 1);
        let row = (c.y.max(0.0) as u32).min(self.rows - 1);
        (col, row)
    }

    /// Index of the tile holding `p`.
    #[inline]
    pub(crate) fn tile_of(&self, p: Vec2) -> usize {
        let (c, r) = self.cell(p);
        (r * self.cols + c) as usize
    }

    /// Calls `f` with every tile the box touches.
    #[inline]
    pub(crate) fn for_each_tile(&self, b: &Aabb, mut f: impl FnMut(usize)) {
        let (c0, r0) = self.cell(b.min);
        let (c1, r1) = self.cell(b.max);
        for r in r0..=r1 {
            for c in c0..=c1 {
                f((r * self.cols + c) as usize);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_map_to_the_tiles_they_touch() {
        let bounds = Aabb::from_corners(Vec2::ZERO, Vec2::new(100.0, 50.0));
        let g = TileGrid::new(bounds, 10, 1.0, Some(10.0));
        assert_eq!(g.len(), 50);
        let mut hit = vec![];
        g.for_each_tile(&Aabb::from_corners(Vec2::new(9.0, 9.0), Vec2::new(11.0, 10.5)), |t| hit.push(t));
        assert_eq!(hit, vec![0, 1, 10, 11]);
        // Points outside are clamped to the border tiles.
        assert_eq!(g.tile_of(Vec2::new(-5.0, 500.0)), 40);
    }

    #[test]
    fn tiny_tiles_are_capped() {
        let bounds = Aabb::from_corners(Vec2::ZERO, Vec2::splat(1e6));
        let g = TileGrid::new(bounds, 10, 1.0, Some(0.001));
        assert!(g.len() <= 1024 * 1024);
    }
}
