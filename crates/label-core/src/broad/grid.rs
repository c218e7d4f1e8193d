//! The uniform grid the labels are bucketed into by the centre of their box, its cells grouped
//! into square tiles: the greedy pass's unit of parallel work. Cells are numbered tile by tile,
//! so that each tile's cells — and, once bucketed, its labels — form one contiguous range.

use std::ops::Range;

use glam::Vec2;

use crate::Aabb;

/// Labels per cell the automatic size aims for. Chosen by instruction counts (callgrind) of the
/// whole run on the standard workload W(100k): about 30 labels per cell cost 196M instructions,
/// 40 about 184M, 64 about 176M, 100 about 177M — fewer labels per cell mean more cells for the
/// R-tree to join and more registrations; more mean longer lists to scan.
pub const LABELS_PER_CELL: f32 = 64.0;
/// Labels per tile the automatic tiling aims for: enough that a tile's border, where labels wait
/// for the neighbouring tiles, is a small part of it; few enough that its lists stay in cache.
pub const LABELS_PER_TILE: usize = 32_768;
/// Below this many sampled centres the grid's extent is their plain union; above it, the
/// extreme 0.5% of centres on each side are left out of the extent (and clamped into the border
/// cells), so that a few far-away labels cannot make every cell huge.
const ROBUST_EXTENT_MIN_LABELS: usize = 1000;

/// A grid of square cells over a set of points, grouped into square tiles of cells.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    origin: Vec2,
    inv_size: f32,
    cols: u32,
    rows: u32,
    /// Cell number of each grid position, row by row.
    ids: Vec<u32>,
    /// First cell of each tile, then the cell count.
    tile_starts: Vec<u32>,
}

impl Grid {
    /// A grid for `n` points spread like `sample` (an evenly spread sample of them, or all),
    /// whose labels' bounds cover `label_area` px² on average, with square cells of side `size`
    /// px, or of a size that holds about [`LABELS_PER_CELL`] points on average but is no smaller
    /// than a label (see [`Self::crowded`]); a tiny `size` is raised so that there are at most
    /// about four cells per point. Tiles hold about `tile_labels` points (default
    /// [`LABELS_PER_TILE`]; below that many points, or where the labels are crowded, one tile
    /// holds them all).
    #[must_use]
    pub fn new(sample: &[Vec2], n: usize, label_area: f32, size: Option<f32>, tile_labels: Option<usize>) -> Self {
        let extent = extent(sample);
        let span = extent.size().max(Vec2::splat(f32::MIN_POSITIVE));
        let most = 4.0 * n as f32 + 16.0;
        let cells_wanted = (n as f32 / LABELS_PER_CELL).max(1.0);
        let crowded = Self::crowded(n, label_area, span.x * span.y);
        let auto = (span.x * span.y / cells_wanted).sqrt().max(span.max_element() / cells_wanted);
        let auto = if crowded { auto.max(label_area.sqrt()) } else { auto };
        // At most `most` cells in all, whatever the size asked for.
        let floor = (span.x * span.y / most).sqrt().max(span.max_element() / most);
        let size = size.unwrap_or(auto).max(floor).max(f32::MIN_POSITIVE);
        let dims = (span / size).ceil().clamp(Vec2::ONE, Vec2::splat(most));
        let (cols, rows) = (dims.x as u32, dims.y as u32);

        let one_tile = crowded && tile_labels.is_none();
        let tile_labels = tile_labels.unwrap_or(LABELS_PER_TILE).max(1);
        let side = if (tile_labels >= n || one_tile) && n > 0 {
            cols.max(rows)
        } else {
            let per_cell = (n as f64 / f64::from(cols * rows)).max(f64::MIN_POSITIVE);
            ((tile_labels as f64 / per_cell).sqrt().round() as u32).clamp(1, cols.max(rows))
        };
        let (ids, tile_starts) = number_by_tile(cols, rows, side);
        Self { origin: extent.min, inv_size: 1.0 / size, cols, rows, ids, tile_starts }
    }

    /// Whether `n` labels whose bounds cover `label_area` px² on average, over an extent of
    /// `extent_area` px², are crowded: their bounds cover the extent more than
    /// [`LABELS_PER_CELL`] times over, so that a label is larger than a cell of the automatic
    /// size. Then cells of the automatic size would each meet most others (an R-tree join and
    /// neighbourhoods quadratic in the cells), and with several tiles most labels — nearly all
    /// hidden — would wait and scan the other tiles' cells label by label. So crowded labels get
    /// cells no smaller than a label and one tile: the greedy pass's cell lists then hold only
    /// the few shown labels. (W(200k) moved into 256×256 px: `place` about 15 s and 1.5 GB on
    /// 4 tiles of 5-px cells before, about 0.1 s and 0.1 GB now; `profile -- 200000 1 x x --crowded`.)
    #[must_use]
    pub fn crowded(n: usize, label_area: f32, extent_area: f32) -> bool {
        n as f32 * label_area > LABELS_PER_CELL * extent_area
    }

    /// The cell holding `p` (points outside the grid go to the nearest border cell).
    #[must_use]
    #[inline]
    pub fn cell(&self, p: Vec2) -> u32 {
        // Truncation is the floor for the non-negative values kept (and needs no libm call).
        let c = (p - self.origin) * self.inv_size;
        let col = (c.x.max(0.0) as u32).min(self.cols - 1);
        let row = (c.y.max(0.0) as u32).min(self.rows - 1);
        self.ids[(row * self.cols + col) as usize]
    }

    /// Number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the grid has no cells (only the default, empty grid).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Number of tiles.
    #[must_use]
    pub fn tiles(&self) -> usize {
        self.tile_starts.len().saturating_sub(1)
    }

    /// The cells of tile `t`.
    #[must_use]
    pub fn tile_cells(&self, t: usize) -> Range<usize> {
        self.tile_starts[t] as usize..self.tile_starts[t + 1] as usize
    }

    /// The tile of each cell.
    #[must_use]
    pub fn tile_of_cells(&self) -> Vec<u32> {
        (0..self.tiles()).flat_map(|t| self.tile_cells(t).map(move |_| t as u32)).collect()
    }
}

/// Numbers the cells of a `cols` × `rows` grid tile by tile (tiles of `side` × `side` cells, row
/// by row; cells row by row inside a tile). Returns each position's number and the tiles' starts.
fn number_by_tile(cols: u32, rows: u32, side: u32) -> (Vec<u32>, Vec<u32>) {
    let mut ids = vec![0u32; (cols * rows) as usize];
    let mut tile_starts = vec![0u32];
    let mut next = 0u32;
    for ty in (0..rows).step_by(side as usize) {
        for tx in (0..cols).step_by(side as usize) {
            for row in ty..(ty + side).min(rows) {
                for col in tx..(tx + side).min(cols) {
                    ids[(row * cols + col) as usize] = next;
                    next += 1;
                }
            }
            tile_starts.push(next);
        }
    }
    (ids, tile_starts)
}

/// The box the grid covers: all sampled centres, or, for many, all but the extreme 0.5% on each
/// side (found by selection, in linear time).
pub(crate) fn extent(centers: &[Vec2]) -> Aabb {
    if centers.len() < ROBUST_EXTENT_MIN_LABELS {
        return Aabb::from_points(centers).unwrap_or(Aabb { min: Vec2::ZERO, max: Vec2::ONE });
    }
    let cut = centers.len() / 200;
    let range = |mut v: Vec<f32>| {
        let last = v.len() - 1 - cut;
        let lo = *v.select_nth_unstable_by(cut, f32::total_cmp).1;
        let hi = *v.select_nth_unstable_by(last, f32::total_cmp).1;
        (lo, hi)
    };
    let (x0, x1) = range(centers.iter().map(|c| c.x).collect());
    let (y0, y1) = range(centers.iter().map(|c| c.y).collect());
    Aabb { min: Vec2::new(x0, y0), max: Vec2::new(x1, y1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_number_their_cells_contiguously() {
        for (cols, rows, side) in [(1, 1, 1), (5, 3, 2), (7, 7, 3), (4, 9, 10), (6, 2, 1)] {
            let (ids, starts) = number_by_tile(cols, rows, side);
            let mut seen = ids.clone();
            seen.sort_unstable();
            assert!(seen.iter().copied().eq(0..cols * rows), "every number once");
            assert_eq!(*starts.last().unwrap(), cols * rows);
            // Each tile's numbers are one square block of positions.
            for w in starts.windows(2) {
                let positions: Vec<(u32, u32)> = (0..cols * rows)
                    .filter(|&p| (w[0]..w[1]).contains(&ids[p as usize]))
                    .map(|p| (p % cols, p / cols))
                    .collect();
                let (c0, r0) = positions[0];
                assert!(positions.iter().all(|&(c, r)| c / side == c0 / side && r / side == r0 / side));
            }
        }
    }

    #[test]
    fn few_points_make_one_tile_and_many_make_many() {
        let pts =
            |n: u32| (0..n).map(|i| Vec2::new((i % 100) as f32 * 10.0, (i / 100) as f32 * 10.0)).collect::<Vec<_>>();
        assert_eq!(Grid::new(&pts(5000), 5000, 0.0, None, None).tiles(), 1);
        let g = Grid::new(&pts(100_000), 100_000, 0.0, None, None);
        assert!((4..=9).contains(&g.tiles()), "{}", g.tiles());
        let g = Grid::new(&pts(5000), 5000, 0.0, Some(10.0), Some(1));
        assert_eq!(g.tiles(), g.len(), "a tile per cell");
        assert!(g.tile_of_cells().windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn crowded_labels_get_one_tile_of_cells_no_smaller_than_a_label() {
        // 100,000 labels in 248×248 px: of 1,500 px² each their bounds cover it ~2,400 times.
        let pts: Vec<Vec2> = (0..1024u32).map(|i| Vec2::new((i % 32) as f32 * 8.0, (i / 32) as f32 * 8.0)).collect();
        let g = Grid::new(&pts, 100_000, 1500.0, None, None);
        assert_eq!(g.tiles(), 1);
        assert!(1.0 / g.inv_size >= 1500f32.sqrt(), "cells of {} px", 1.0 / g.inv_size);
        // Labels of 1 px² are not crowded: tiles of small cells.
        let g = Grid::new(&pts, 100_000, 1.0, None, None);
        assert!(g.tiles() > 1 && 1.0 / g.inv_size < 10.0, "{} tiles", g.tiles());
        // A tiling asked for is kept.
        assert!(Grid::new(&pts, 100_000, 1500.0, None, Some(1000)).tiles() > 1);
    }
}
