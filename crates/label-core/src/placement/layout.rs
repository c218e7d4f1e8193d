//! The labels in view laid out for the greedy pass: bucketed by grid cell, tile by tile, so that
//! a tile's labels are one contiguous range of *slots*, and each slot holds what the pass reads
//! of its label (box, bounds, placement key, flags) side by side.

use std::ops::Range;

use glam::{DVec2, Vec2};
use rayon::prelude::*;

use super::cull::{View, in_view};
use super::order::{placement_key, sorted_positions};
use crate::broad::Grid;
use crate::{Aabb, Label, Obb};

/// Centres the grid's extent is measured on, at most.
const EXTENT_SAMPLE: usize = 1024;

/// The stride of an evenly spread sample of `count` centres, at most [`EXTENT_SAMPLE`] of them
/// (all of them when there are few), that a grid's extent is measured on: the extent only
/// shapes the cells, it never changes the placement.
pub(super) fn extent_stride(count: usize) -> usize {
    count.div_ceil(EXTENT_SAMPLE).max(1)
}

/// The two flags of a label the pass reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// `allow_overlap`: shown whatever it overlaps.
    pub allow_overlap: bool,
    /// `ignore_placement`: blocks nothing.
    pub ignore_placement: bool,
}

/// The labels in view, by slot: tile by tile (see [`Grid`]), and inside a tile in placement
/// order, so that a tile's greedy walk reads its slots in sequence. Each cell lists its slots.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// The grid of cells and tiles.
    pub grid: Grid,
    /// Where each cell's slots start in [`Layout::members`], then the slot count. The cells are
    /// numbered tile by tile, so a tile's cells' members are its slots.
    pub cell_starts: Vec<u32>,
    /// The slots of each cell in turn, each cell's in placement order.
    pub members: Vec<u32>,
    /// Input position of the label in each slot.
    pub index: Vec<u32>,
    /// Cell of each slot.
    pub cell_of: Vec<u32>,
    /// Box of each slot.
    pub obbs: Vec<Obb>,
    /// Bounds of each slot's box, measured from [`Layout::origin`] ([`Obb::bounds_from`]).
    pub bounds: Vec<Aabb>,
    /// Placement key of each slot: ascending keys are the placement order (priority descending,
    /// then the tie-break key, then input position).
    pub keys: Vec<u128>,
    /// Flags of each slot.
    pub flags: Vec<Flags>,
    /// The point the bounds, cells and tiles are measured from (the boxes are not: their
    /// centres are f64 on screen). Only where to look depends on it, never a decision.
    pub origin: DVec2,
}

impl Layout {
    /// Number of slots (labels in view).
    #[must_use]
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether no label is in view.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The slots of the labels in `cell`, in placement order.
    #[must_use]
    #[inline]
    pub fn cell_slots(&self, cell: usize) -> &[u32] {
        &self.members[self.cell_starts[cell] as usize..self.cell_starts[cell + 1] as usize]
    }

    /// The slots of the labels in tile `t`, in placement order.
    #[must_use]
    pub fn tile_slots(&self, t: usize) -> Range<usize> {
        let cells = self.grid.tile_cells(t);
        self.cell_starts[cells.start] as usize..self.cell_starts[cells.end] as usize
    }
}

/// Stages 2–3: drops the labels (with their boxes `obbs`, in input order) whose box misses the
/// viewport and lays out the rest by grid cell, tile by tile (see [`Layout`]). `ties`: an
/// optional tie-break key per label — labels are placed by priority descending, then `ties[i]`
/// ascending, then input position; a renderer gives the labels it showed in the last frame the
/// lower key, so that they win priority ties. `cell_size` (px) and `tile_labels` (labels per
/// tile) are `None` for automatic choices; the placement never depends on them.
///
/// # Panics
/// If `ties` is given and differs in length from `labels` ([`crate::pipeline::place_with_ties`] checks
/// it first).
#[must_use]
pub fn lay_out(
    labels: &[Label],
    obbs: &[Obb],
    viewport: Option<&Aabb>,
    ties: Option<&[u32]>,
    cell_size: Option<f32>,
    tile_labels: Option<usize>,
) -> Layout {
    lay_out_from(labels, obbs, viewport, ties, cell_size, tile_labels, DVec2::ZERO)
}

/// [`lay_out`] with the bounds, cells and tiles measured from `origin` ([`Layout::origin`]):
/// the bounds are f32, and tight only near their origin. The placement never depends on it.
///
/// # Panics
/// As [`lay_out`].
#[must_use]
pub fn lay_out_from(
    labels: &[Label],
    obbs: &[Obb],
    viewport: Option<&Aabb>,
    ties: Option<&[u32]>,
    cell_size: Option<f32>,
    tile_labels: Option<usize>,
    origin: DVec2,
) -> Layout {
    if let Some(t) = ties {
        assert_eq!(t.len(), labels.len(), "one tie-break key per label");
    }
    let seen: Option<Vec<bool>> = viewport.map(|_| {
        let view = viewport.map(|v| View::new(v, origin));
        obbs.par_iter()
            .with_min_len(super::MIN_PARALLEL_CHUNK)
            .map(|o| in_view(view.as_ref(), o, &o.bounds_from(origin)))
            .collect()
    });
    let visible = |i: usize| seen.as_ref().is_none_or(|s| s[i]);
    let count = seen.as_ref().map_or(obbs.len(), |s| s.iter().filter(|&&v| v).count());
    // The grid's extent from an evenly spread sample of the centres in view.
    let stride = extent_stride(count);
    let sampled: Vec<usize> = (0..obbs.len()).filter(|&i| visible(i)).step_by(stride).collect();
    let sample: Vec<Vec2> = sampled.iter().map(|&i| (obbs[i].center - origin).as_vec2()).collect();
    // The sample's mean bounds area tells the grid how crowded the labels are.
    let area: f64 = sampled.iter().map(|&i| f64::from(obbs[i].bounds_from(origin).area())).sum();
    let label_area = (area / sampled.len().max(1) as f64) as f32;
    drop(sampled);
    let grid = Grid::new(&sample, count, label_area, cell_size, tile_labels);
    drop(sample);
    let cell: Vec<u32> = obbs
        .par_iter()
        .enumerate()
        .with_min_len(super::MIN_PARALLEL_CHUNK)
        .map(|(i, o)| if visible(i) { grid.cell((o.center - origin).as_vec2()) } else { u32::MAX })
        .collect();
    drop(seen);
    let (cell_starts, index, cell_of) = bucket(&cell, grid.len());
    drop(cell);

    // Keys and flags (one read of each label), then each tile sorted into placement order.
    let (keys, flags): (Vec<u128>, Vec<Flags>) = index
        .par_iter()
        .with_min_len(super::MIN_PARALLEL_CHUNK)
        .map(|&i| {
            let l = &labels[i as usize];
            let key = placement_key(l.style.priority, ties.map_or(0, |t| t[i as usize]), i);
            (key, Flags { allow_overlap: l.style.allow_overlap, ignore_placement: l.style.ignore_placement })
        })
        .unzip();
    drop(index);
    let (keys, flags, cell_of, members) = order_tiles(&grid, &cell_starts, cell_of, keys, flags);
    // The keys end with the input position.
    let index: Vec<u32> = keys.iter().map(|&k| k as u32).collect();
    let obbs: Vec<Obb> = index.par_iter().with_min_len(super::MIN_PARALLEL_CHUNK).map(|&i| obbs[i as usize]).collect();
    let bounds: Vec<Aabb> =
        obbs.par_iter().with_min_len(super::MIN_PARALLEL_CHUNK).map(|o| o.bounds_from(origin)).collect();
    Layout { grid, cell_starts, members, index, cell_of, obbs, bounds, keys, flags, origin }
}

/// One tile's part of the slot arrays, as its sort moves them.
struct TileSlots<'a> {
    start: usize,
    cells: Range<usize>,
    keys: &'a mut [u128],
    flags: &'a mut [Flags],
    cell_of: &'a mut [u32],
    members: &'a mut [u32],
}

/// Sorts each tile into placement order, on its own thread and in cache: the keys, flags and
/// cells moved from cell order to placement order, and each cell's members listed (in
/// placement order too).
fn order_tiles(
    grid: &Grid,
    cell_starts: &[u32],
    mut cell_of: Vec<u32>,
    mut keys: Vec<u128>,
    mut flags: Vec<Flags>,
) -> (Vec<u128>, Vec<Flags>, Vec<u32>, Vec<u32>) {
    let mut members = vec![0u32; keys.len()];
    let mut parts = Vec::with_capacity(grid.tiles());
    let (mut k, mut f) = (keys.as_mut_slice(), flags.as_mut_slice());
    let (mut c, mut m) = (cell_of.as_mut_slice(), members.as_mut_slice());
    for t in 0..grid.tiles() {
        let cells = grid.tile_cells(t);
        let start = cell_starts[cells.start] as usize;
        let len = cell_starts[cells.end] as usize - start;
        let (tk, tf, tc, tm);
        (tk, k) = std::mem::take(&mut k).split_at_mut(len);
        (tf, f) = std::mem::take(&mut f).split_at_mut(len);
        (tc, c) = std::mem::take(&mut c).split_at_mut(len);
        (tm, m) = std::mem::take(&mut m).split_at_mut(len);
        parts.push(TileSlots { start, cells, keys: tk, flags: tf, cell_of: tc, members: tm });
    }
    parts.into_par_iter().with_max_len(1).for_each(|t| {
        let by_rank = sorted_positions(t.keys);
        let (old_keys, old_flags, old_cells) = (t.keys.to_vec(), t.flags.to_vec(), t.cell_of.to_vec());
        // Deal the ranks out to their cells' member lists, in rank order.
        let mut cursor: Vec<u32> = cell_starts[t.cells.clone()].iter().map(|&s| s - t.start as u32).collect();
        for (rank, &p) in by_rank.iter().enumerate() {
            let p = p as usize;
            t.keys[rank] = old_keys[p];
            t.flags[rank] = old_flags[p];
            t.cell_of[rank] = old_cells[p];
            let at = &mut cursor[old_cells[p] as usize - t.cells.start];
            t.members[*at as usize] = (t.start + rank) as u32;
            *at += 1;
        }
    });
    (keys, flags, cell_of, members)
}

/// A stable counting sort of the labels by cell (`u32::MAX`: culled, left out). Returns the
/// first slot of each cell (then the count), the input position in each slot, and each slot's
/// cell.
fn bucket(cell: &[u32], cells: usize) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let mut starts = vec![0u32; cells + 1];
    for &c in cell {
        if c != u32::MAX {
            starts[c as usize + 1] += 1;
        }
    }
    for c in 0..cells {
        starts[c + 1] += starts[c];
    }
    let count = starts[cells] as usize;
    let mut cursor = starts[..cells].to_vec();
    let mut index = vec![0u32; count];
    for (i, &c) in cell.iter().enumerate() {
        if c != u32::MAX {
            let at = &mut cursor[c as usize];
            index[*at as usize] = i as u32;
            *at += 1;
        }
    }
    let mut cell_of = vec![0u32; count];
    for c in 0..cells {
        cell_of[starts[c] as usize..starts[c + 1] as usize].fill(c as u32);
    }
    (starts, index, cell_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucketing_is_stable_and_skips_culled_labels() {
        let cell = [2, u32::MAX, 0, 2, 1, 0, u32::MAX, 2];
        let (starts, index, cell_of) = bucket(&cell, 3);
        assert_eq!(starts, vec![0, 2, 3, 6]);
        assert_eq!(index, vec![2, 5, 4, 0, 3, 7]);
        assert_eq!(cell_of, vec![0, 0, 1, 2, 2, 2]);
    }

    #[test]
    fn every_label_in_view_gets_one_slot_in_its_tile() {
        let labels: Vec<Label> = (0..3000u32)
            .map(|i| Label::new(f64::from((i * 37) % 997), f64::from((i * 53) % 661), 30.0, 10.0))
            .collect();
        let obbs: Vec<Obb> = labels.iter().map(Label::obb).collect();
        let viewport = Aabb::from_corners(Vec2::ZERO, Vec2::new(800.0, 600.0));
        let l = lay_out(&labels, &obbs, Some(&viewport), None, None, Some(200));
        let expected: Vec<u32> = (0..3000)
            .filter(|&i| {
                in_view(Some(&View::new(&viewport, DVec2::ZERO)), &obbs[i as usize], &obbs[i as usize].bounds())
            })
            .collect();
        let mut got = l.index.clone();
        got.sort_unstable();
        assert_eq!(got, expected);
        assert!(l.grid.tiles() > 1);
        let tile_of = l.grid.tile_of_cells();
        for t in 0..l.grid.tiles() {
            for s in l.tile_slots(t) {
                assert_eq!(tile_of[l.cell_of[s] as usize] as usize, t);
                assert_eq!(l.grid.cell(l.obbs[s].center.as_vec2()), l.cell_of[s]);
            }
        }
    }
}
