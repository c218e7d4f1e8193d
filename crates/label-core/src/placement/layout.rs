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
    let input = Input { labels, obbs, ties, cell: &cell };
    let (cell_starts, slots) = scatter(&input, &grid);
    drop(cell);
    let (slots, members) = order_tiles(&grid, &cell_starts, slots);
    let Slots { keys, flags, obbs, cell_of } = slots;
    // The keys end with the input position.
    let index: Vec<u32> = keys.iter().map(|&k| k as u32).collect();
    let bounds: Vec<Aabb> =
        obbs.par_iter().with_min_len(super::MIN_PARALLEL_CHUNK).map(|o| o.bounds_from(origin)).collect();
    Layout { grid, cell_starts, members, index, cell_of, obbs, bounds, keys, flags, origin }
}

/// Parts the scatter's input is cut into, at most (the parts run in parallel; each counts its
/// labels per cell, so more parts cost more counts), each of at least
/// [`super::MIN_PARALLEL_CHUNK`] labels: enough for the threads to share the work evenly.
const SCATTER_PARTS: usize = 16;

/// Bytes a label that the scatter's parts may spend on their counts and runs, in all.
const SCATTER_BYTES_PER_LABEL: usize = 16;

/// How many parts the scatter cuts `n` labels into, over `cells` cells in `tiles` tiles: up to
/// [`SCATTER_PARTS`] of at least [`super::MIN_PARALLEL_CHUNK`] labels, and fewer (one at least)
/// where each part's count per cell and run per tile would cost more than
/// [`SCATTER_BYTES_PER_LABEL`] a label in all (a fine grid, from a small `tile_size`).
fn scatter_parts(n: usize, cells: usize, tiles: usize) -> usize {
    let by_size = (n / super::MIN_PARALLEL_CHUNK).clamp(1, SCATTER_PARTS);
    let per_part = 4 * cells + std::mem::size_of::<SlotsMut<'_>>() * tiles;
    let by_memory = SCATTER_BYTES_PER_LABEL * n / per_part.max(1);
    by_size.min(by_memory).max(1)
}

/// What the scatter reads: the labels, their boxes and tie-break keys, and each label's cell
/// (`u32::MAX`: culled), all in input order.
struct Input<'a> {
    labels: &'a [Label],
    obbs: &'a [Obb],
    ties: Option<&'a [u32]>,
    cell: &'a [u32],
}

/// What the pass reads of each slot: placement key, flags, box and cell.
struct Slots {
    keys: Vec<u128>,
    flags: Vec<Flags>,
    obbs: Vec<Obb>,
    cell_of: Vec<u32>,
}

impl Slots {
    /// All the slots, borrowed to be cut into runs.
    fn as_mut(&mut self) -> SlotsMut<'_> {
        SlotsMut { keys: &mut self.keys, flags: &mut self.flags, obbs: &mut self.obbs, cell_of: &mut self.cell_of }
    }
}

/// A run of [`Slots`], borrowed to be written or reordered.
struct SlotsMut<'a> {
    keys: &'a mut [u128],
    flags: &'a mut [Flags],
    obbs: &'a mut [Obb],
    cell_of: &'a mut [u32],
}

impl<'a> SlotsMut<'a> {
    /// Cuts the first `n` slots off `self` and returns them.
    fn take_front(&mut self, n: usize) -> SlotsMut<'a> {
        let (keys, k) = std::mem::take(&mut self.keys).split_at_mut(n);
        let (flags, f) = std::mem::take(&mut self.flags).split_at_mut(n);
        let (obbs, o) = std::mem::take(&mut self.obbs).split_at_mut(n);
        let (cell_of, c) = std::mem::take(&mut self.cell_of).split_at_mut(n);
        (self.keys, self.flags, self.obbs, self.cell_of) = (k, f, o, c);
        SlotsMut { keys, flags, obbs, cell_of }
    }
}

/// Moves the labels in view into their tiles' ranges of slots, each with its key, flags, box
/// and cell, and counts each cell's labels. Returns the first slot of each cell (then the
/// count) and the slots: tile by tile, in input order inside a tile (the tile's sort puts them
/// in placement order).
///
/// The labels are read in input order, in parts on all threads, and each part writes its labels
/// to the tiles' ranges in turn: a few dozen streams of writes that stay in the cache, where
/// reading the labels in cell order would miss it at every label (at 1M labels, the labels are
/// about 90 MB).
fn scatter(input: &Input<'_>, grid: &Grid) -> (Vec<u32>, Slots) {
    let (cells, tiles) = (grid.len(), grid.tiles());
    let n = input.cell.len();
    let parts = scatter_parts(n, cells, tiles);
    let part_len = n.div_ceil(parts).max(1);
    let part = |p: usize| (p * part_len).min(n)..((p + 1) * part_len).min(n);
    // Each part's labels per cell, then the cells' starts.
    let counts: Vec<Vec<u32>> = (0..parts)
        .into_par_iter()
        .map(|p| {
            let mut count = vec![0u32; cells];
            for &c in input.cell[part(p)].iter().filter(|&&c| c != u32::MAX) {
                count[c as usize] += 1;
            }
            count
        })
        .collect();
    let mut cell_starts = vec![0u32; cells + 1];
    for c in 0..cells {
        cell_starts[c + 1] = cell_starts[c] + counts.iter().map(|n| n[c]).sum::<u32>();
    }
    // Each tile's range cut into one run per part, in part order.
    let laid_out = cell_starts[cells] as usize;
    let mut slots = Slots {
        keys: vec![0; laid_out],
        flags: vec![Flags::default(); laid_out],
        obbs: vec![Obb { center: DVec2::ZERO, half: Vec2::ZERO, axis: Vec2::X }; laid_out],
        cell_of: vec![0; laid_out],
    };
    let mut rest = slots.as_mut();
    let mut runs: Vec<Vec<SlotsMut<'_>>> = (0..parts).map(|_| Vec::with_capacity(tiles)).collect();
    for t in 0..tiles {
        for (p, count) in counts.iter().enumerate() {
            let len = grid.tile_cells(t).map(|c| count[c] as usize).sum();
            runs[p].push(rest.take_front(len));
        }
    }
    let tile_of = grid.tile_of_cells();
    runs.into_par_iter().enumerate().for_each(|(p, mut runs)| {
        let mut at = vec![0usize; tiles];
        for i in part(p) {
            let c = input.cell[i];
            if c == u32::MAX {
                continue;
            }
            let t = tile_of[c as usize] as usize;
            let (run, k) = (&mut runs[t], at[t]);
            at[t] += 1;
            let style = &input.labels[i].style;
            run.keys[k] = placement_key(style.priority, input.ties.map_or(0, |t| t[i]), i as u32);
            run.flags[k] = Flags { allow_overlap: style.allow_overlap, ignore_placement: style.ignore_placement };
            run.obbs[k] = input.obbs[i];
            run.cell_of[k] = c;
        }
    });
    (cell_starts, slots)
}

/// Sorts each tile into placement order, on its own thread and in cache: the keys, flags, boxes
/// and cells moved into placement order, and each cell's members listed (in placement order
/// too). Returns the slots and the members.
fn order_tiles(grid: &Grid, cell_starts: &[u32], mut slots: Slots) -> (Slots, Vec<u32>) {
    let mut members = vec![0u32; slots.keys.len()];
    let mut parts = Vec::with_capacity(grid.tiles());
    let mut rest = slots.as_mut();
    let mut m = members.as_mut_slice();
    for t in 0..grid.tiles() {
        let cells = grid.tile_cells(t);
        let start = cell_starts[cells.start] as usize;
        let len = cell_starts[cells.end] as usize - start;
        let tm;
        (tm, m) = std::mem::take(&mut m).split_at_mut(len);
        parts.push((start, cells, rest.take_front(len), tm));
    }
    parts.into_par_iter().with_max_len(1).for_each(|(start, cells, t, members)| {
        let by_rank = sorted_positions(t.keys);
        let (old_keys, old_flags) = (t.keys.to_vec(), t.flags.to_vec());
        let (old_obbs, old_cells) = (t.obbs.to_vec(), t.cell_of.to_vec());
        // Deal the ranks out to their cells' member lists, in rank order.
        let mut cursor: Vec<u32> = cell_starts[cells.clone()].iter().map(|&s| s - start as u32).collect();
        for (rank, &p) in by_rank.iter().enumerate() {
            let p = p as usize;
            t.keys[rank] = old_keys[p];
            t.flags[rank] = old_flags[p];
            t.obbs[rank] = old_obbs[p];
            t.cell_of[rank] = old_cells[p];
            let at = &mut cursor[old_cells[p] as usize - cells.start];
            members[*at as usize] = (start + rank) as u32;
            *at += 1;
        }
    });
    (slots, members)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_fine_grid_scatters_in_fewer_parts() {
        let n = 1_000_000;
        // Cells of about 64 labels: parts of the size alone.
        assert_eq!(super::scatter_parts(n, n / 64, 8), super::SCATTER_PARTS);
        // A cell or more a label (a tiny `tile_size`): one part, not sixteen counts of every cell.
        assert_eq!(super::scatter_parts(n, 4 * n, 4 * n), 1);
        assert_eq!(super::scatter_parts(n, n, 64), 3);
        assert_eq!(super::scatter_parts(0, 16, 1), 1);
        assert_eq!(super::scatter_parts(40_000, 600, 4), 2);
    }

    #[test]
    fn the_scatter_in_parts_lays_out_every_label_with_its_own_box_key_and_flags() {
        // More labels than one part of the scatter holds, so that several parts write each tile.
        let n = 3 * super::super::MIN_PARALLEL_CHUNK + 17;
        let labels: Vec<Label> = (0..n as u32)
            .map(|i| {
                let spread = |m: u64, side: u64| (u64::from(i) * m % side) as f64;
                Label::new(spread(7919, 2003), spread(104_729, 1409), 12.0, 6.0)
                    .with_priority(f64::from(i % 13))
                    .with_allow_overlap(i % 5 == 0)
            })
            .collect();
        let obbs: Vec<Obb> = labels.iter().map(Label::obb).collect();
        let viewport = Aabb::from_corners(Vec2::ZERO, Vec2::new(1800.0, 1300.0));
        let l = lay_out(&labels, &obbs, Some(&viewport), None, None, Some(5000));
        assert!(l.grid.tiles() > 1 && l.len() > 2 * super::super::MIN_PARALLEL_CHUNK, "{} tiles", l.grid.tiles());
        for t in 0..l.grid.tiles() {
            let slots = l.tile_slots(t);
            assert!(l.keys[slots].windows(2).all(|k| k[0] < k[1]), "tile {t} in placement order");
        }
        for s in 0..l.len() {
            let i = l.index[s] as usize;
            assert_eq!(l.obbs[s], obbs[i]);
            assert_eq!(l.keys[s], placement_key(labels[i].style.priority, 0, i as u32));
            assert_eq!(l.flags[s].allow_overlap, labels[i].style.allow_overlap);
            assert_eq!(l.bounds[s], obbs[i].bounds());
        }
        for c in 0..l.grid.len() {
            let members = l.cell_slots(c);
            assert!(members.windows(2).all(|m| m[0] < m[1]), "cell {c} in placement order");
            assert!(members.iter().all(|&s| l.cell_of[s as usize] as usize == c));
        }
        let mut seen = l.index.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), l.len(), "each label in view once");
    }
}
