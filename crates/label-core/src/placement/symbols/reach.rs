//! Where each symbol can reach, for the tile engine: a uniform grid of cells grouped into square
//! tiles, listing every label in view in the cells its *reach* meets.
//!
//! A label's reach is the union of the bounds of all its parts (every position's text and the
//! icon) and its anchor point: a label can only collide with a label whose reach meets its own.
//! A label of its repeat group hides it only if that label's anchor point lies within its repeat
//! distance: those earlier labels, its *mates*, are listed once per label, group by group (an
//! rstar tree of the group's anchor points when the group is large), rather than found in the
//! cells of its reach grown by the distance, which a 250-px distance makes dozens of cells.
//! A label belongs to the tile holding its anchor point. Each cell lists the labels whose reach
//! meets it in two lists, in placement order: those of the cell's own tile and the *strangers*
//! (of other tiles), so that a label deep inside its tile, whose reach meets only cells of
//! its tile without strangers, finds at once that no other tile can change its outcome.
//! Points beyond the grid's extent are clamped into its border cells, which keeps every pair of
//! meeting boxes in a shared cell: the extent only decides how quickly labels are found.

use std::sync::atomic::{AtomicUsize, Ordering};

use glam::{DVec2, Vec2};
use rayon::prelude::*;
use rstar::RTree;

use super::super::MIN_PARALLEL_CHUNK;
use super::parts::{Entry, NONE, Part};
use super::repeat::{Anchor, squared_radius};
use crate::{Aabb, Symbol};

/// Groups of at most this many labels in view find their mates by testing every earlier member.
const SMALL_GROUP: usize = 32;

/// About this many labels per cell.
const LABELS_PER_CELL: f32 = 16.0;
/// At most this many cells a side.
const MAX_SIDE: usize = 4096;
/// Rows of cells listed together ([`Reach::list`]).
const BAND: usize = 8;

/// The grid of reaches.
pub(super) struct Reach {
    origin: Vec2,
    cell: f32,
    columns: usize,
    rows: usize,
    /// Cells a tile's side.
    tile_side: usize,
    tile_columns: usize,
    tile_rows: usize,
    /// By rank: the label's reach (empty for labels not in view, which are not listed).
    pub boxes: Vec<Aabb>,
    /// By rank: the label's tile ([`NONE`] for labels not in view).
    pub home: Vec<u32>,
    /// By rank: the first cell (column, row) its reach meets.
    pub corner: Vec<[u16; 2]>,
    /// Cell `c` lists `ranks[starts[2c]..starts[2c + 1]]` (its tile's labels), then
    /// `ranks[starts[2c + 1]..starts[2c + 2]]` (the strangers).
    starts: Vec<u32>,
    ranks: Vec<u32>,
    /// Label of rank `r` has the mates `mates[mate_starts[r]..mate_starts[r + 1]]`, ascending.
    mate_starts: Vec<u32>,
    mates: Vec<u32>,
}

impl Reach {
    /// The reaches of `entries` (in placement order, their parts in `parts`), in tiles of about
    /// `tile_labels` labels.
    pub fn new(entries: &[Entry], parts: &[Part], tile_labels: usize) -> Self {
        let boxes: Vec<Aabb> = entries
            .par_iter()
            .with_min_len(MIN_PARALLEL_CHUNK)
            .map(|e| {
                let at = point(e.anchor);
                let start = Aabb::from_corners(at, at);
                let run = &parts[e.first..e.first + e.part_count()];
                if e.in_view { run.iter().fold(start, |b, p| b.union(&p.bounds)) } else { start }
            })
            .collect();
        let in_view = entries.iter().filter(|e| e.in_view).count();
        let extent = entries
            .iter()
            .filter(|e| e.in_view)
            .map(|e| point(e.anchor))
            .fold(None, |b: Option<Aabb>, p| {
                Some(b.map_or(Aabb::from_corners(p, p), |b| b.union(&Aabb::from_corners(p, p))))
            })
            .unwrap_or(Aabb::from_corners(Vec2::ZERO, Vec2::ONE));
        let size = extent.size().max(Vec2::ONE);
        let cell = (size.x * size.y * LABELS_PER_CELL / in_view.max(1) as f32)
            .sqrt()
            .max(size.max_element() / MAX_SIDE as f32)
            .max(1e-3);
        let side = |length: f32| ((length / cell).ceil() as usize).clamp(1, MAX_SIDE);
        let (columns, rows) = (side(size.x), side(size.y));
        let tile_side = ((tile_labels as f32 / LABELS_PER_CELL).sqrt().round() as usize).max(1);
        let mut reach = Self {
            origin: extent.min,
            cell,
            columns,
            rows,
            tile_side,
            tile_columns: columns.div_ceil(tile_side),
            tile_rows: rows.div_ceil(tile_side),
            boxes,
            home: Vec::new(),
            corner: Vec::new(),
            starts: Vec::new(),
            ranks: Vec::new(),
            mate_starts: Vec::new(),
            mates: Vec::new(),
        };
        reach.home = entries
            .iter()
            .map(|e| if e.in_view { reach.tile_of(reach.cell_of(point(e.anchor))) as u32 } else { NONE })
            .collect();
        reach.corner = reach.boxes.iter().map(|b| reach.first_cell(b).map(|v| v as u16)).collect();
        reach.list(entries);
        reach
    }

    /// Fills the cells' lists, a band of [`BAND`] rows at a time in parallel (cells are
    /// numbered row by row, so a band's lists are one stretch): in each band a count, then the
    /// ranks in placement order.
    fn list(&mut self, entries: &[Entry]) {
        let bands = self.rows.div_ceil(BAND);
        let mut by_band = vec![Vec::new(); bands];
        for r in (0..entries.len()).filter(|&r| entries[r].in_view) {
            let [_, y0] = self.first_cell(&self.boxes[r]);
            let [_, y1] = self.column_row(self.cell_of(self.boxes[r].max));
            for band in &mut by_band[y0 / BAND..y1 / BAND + 1] {
                band.push(r as u32);
            }
        }
        let lists: Vec<(Vec<u32>, Vec<u32>)> = by_band
            .par_iter()
            .enumerate()
            .map(|(b, labels)| {
                let rows = b * BAND..((b + 1) * BAND).min(self.rows);
                let first = rows.start * self.columns;
                let mut starts = vec![0u32; 2 * rows.len() * self.columns + 1];
                let each = |f: &mut dyn FnMut(usize, u32)| {
                    for &r in labels {
                        let home = self.tile_span(self.home[r as usize] as usize);
                        self.for_cells(&self.boxes[r as usize], |c, column, row| {
                            if rows.contains(&row) {
                                let stranger = in_span(home, column, row).is_none();
                                f(2 * (c - first) + usize::from(stranger), r);
                            }
                        });
                    }
                };
                each(&mut |slot, _| starts[slot + 1] += 1);
                for k in 1..starts.len() {
                    starts[k] += starts[k - 1];
                }
                let mut next = starts.clone();
                let mut ranks = vec![0u32; *starts.last().unwrap_or(&0) as usize];
                each(&mut |slot, r| {
                    ranks[next[slot] as usize] = r;
                    next[slot] += 1;
                });
                (starts, ranks)
            })
            .collect();
        let mut starts = Vec::with_capacity(2 * self.cells() + 1);
        let mut ranks = Vec::with_capacity(lists.iter().map(|l| l.1.len()).sum());
        for (band_starts, band_ranks) in lists {
            let offset = ranks.len() as u32;
            starts.extend(band_starts[..band_starts.len() - 1].iter().map(|s| s + offset));
            ranks.extend(band_ranks);
        }
        starts.push(ranks.len() as u32);
        (self.starts, self.ranks) = (starts, ranks);
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        self.columns * self.rows
    }

    /// How many tiles.
    pub fn tiles(&self) -> usize {
        self.tile_columns * self.tile_rows
    }

    /// The cell holding `p`, clamped to the grid.
    fn cell_of(&self, p: Vec2) -> usize {
        let at = (p - self.origin) / self.cell;
        let clamp = |v: f32, n: usize| (v as u32 as usize).min(n - 1);
        clamp(at.y, self.rows) * self.columns + clamp(at.x, self.columns)
    }

    /// The tile of cell `c`.
    pub fn tile_of(&self, c: usize) -> usize {
        let (column, row) = (c % self.columns, c / self.columns);
        (row / self.tile_side) * self.tile_columns + column / self.tile_side
    }

    /// The area tile `t` covers (its border tiles' labels reach beyond it).
    pub fn tile_area(&self, t: usize) -> Aabb {
        let (column, row) = (t % self.tile_columns, t / self.tile_columns);
        let side = self.cell * self.tile_side as f32;
        let min = self.origin + Vec2::new(column as f32, row as f32) * side;
        Aabb::from_corners(min, min + Vec2::splat(side))
    }

    /// The first cell (column, row) `bounds` meets.
    pub fn first_cell(&self, bounds: &Aabb) -> [usize; 2] {
        self.column_row(self.cell_of(bounds.min))
    }

    /// Cell `c`'s column and row.
    pub fn column_row(&self, c: usize) -> [usize; 2] {
        [c % self.columns, c / self.columns]
    }

    /// How many cells a tile's side has.
    pub fn tile_side(&self) -> usize {
        self.tile_side
    }

    /// Calls `f` with every cell `bounds` meets: its index, column and row.
    #[inline]
    pub fn for_cells(&self, bounds: &Aabb, mut f: impl FnMut(usize, usize, usize)) {
        let (first, last) = (self.cell_of(bounds.min), self.cell_of(bounds.max));
        let (x0, x1) = (first % self.columns, last % self.columns + 1);
        for row in first / self.columns..last / self.columns + 1 {
            for column in x0..x1 {
                f(row * self.columns + column, column, row);
            }
        }
    }

    /// The cells of tile `t`: columns `x0..x1` and rows `y0..y1` as `[x0, y0, x1, y1]`.
    pub fn tile_span(&self, t: usize) -> [usize; 4] {
        let side = self.tile_side;
        let (x0, y0) = ((t % self.tile_columns) * side, (t / self.tile_columns) * side);
        [x0, y0, (x0 + side).min(self.columns), (y0 + side).min(self.rows)]
    }

    /// Cell `c`'s labels of its own tile, in placement order.
    pub fn natives(&self, c: usize) -> &[u32] {
        &self.ranks[self.starts[2 * c] as usize..self.starts[2 * c + 1] as usize]
    }

    /// Cell `c`'s labels of other tiles, in placement order.
    pub fn strangers(&self, c: usize) -> &[u32] {
        &self.ranks[self.starts[2 * c + 1] as usize..self.starts[2 * c + 2] as usize]
    }

    /// The earlier labels of the repeat group of the label of rank `rank` whose anchor points
    /// lie within its repeat distance, ascending ([`Self::find_mates`]).
    pub fn mates(&self, rank: usize) -> &[u32] {
        self.mate_starts.get(rank + 1).map_or(&[], |&end| &self.mates[self.mate_starts[rank] as usize..end as usize])
    }

    /// Lists every label's mates ([`Self::mates`]), unless there are more than `budget` in all:
    /// then returns false (groups whose distances span the map make quadratically many, and
    /// the sequential pass's tree of anchor points is the better tool).
    pub fn find_mates(&mut self, entries: &[Entry], budget: usize) -> bool {
        let mut members: Vec<(u32, u32)> = (0..entries.len())
            .filter(|&r| entries[r].in_view && entries[r].group != NONE)
            .map(|r| (entries[r].group, r as u32))
            .collect();
        members.sort_unstable();
        let groups: Vec<&[(u32, u32)]> = members.chunk_by(|a, b| a.0 == b.0).collect();
        let total = AtomicUsize::new(0);
        let pairs: Vec<Vec<(u32, u32)>> = groups
            .par_iter()
            .map(|group| {
                let mut pairs = Vec::new();
                let ranks = group.iter().map(|m| m.1);
                let anchor = |r: u32| entries[r as usize].anchor;
                let tree = (group.len() > SMALL_GROUP)
                    .then(|| RTree::bulk_load(ranks.clone().map(|r| Anchor::new(anchor(r).to_array(), r)).collect()));
                for (i, r) in ranks.enumerate() {
                    if total.load(Ordering::Relaxed) > budget {
                        return pairs;
                    }
                    let (at, distance) = (anchor(r), entries[r as usize].repeat_distance);
                    let before = pairs.len();
                    let repeats = |x: u32| Symbol::repeats(at, anchor(x), distance);
                    match (&tree, distance > 0.0) {
                        (_, false) => {}
                        (None, true) => pairs.extend(group[..i].iter().filter(|m| repeats(m.1)).map(|m| (r, m.1))),
                        (Some(tree), true) => {
                            let near = tree.locate_within_distance(at.to_array(), squared_radius(distance));
                            pairs.extend(near.filter(|a| a.data < r && repeats(a.data)).map(|a| (r, a.data)));
                        }
                    }
                    total.fetch_add(pairs.len() - before, Ordering::Relaxed);
                }
                pairs
            })
            .collect();
        if total.into_inner() > budget {
            return false;
        }
        let mut pairs: Vec<(u32, u32)> = pairs.concat();
        pairs.par_sort_unstable();
        let mut starts = vec![0u32; entries.len() + 1];
        for &(r, _) in &pairs {
            starts[r as usize + 1] += 1;
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        self.mates = pairs.into_iter().map(|p| p.1).collect();
        self.mate_starts = starts;
        true
    }
}

/// The index among the cells `span` ([`Reach::tile_span`]) of the cell at `column` and `row`,
/// if it is one of them.
#[inline]
pub(super) fn in_span([x0, y0, x1, y1]: [usize; 4], column: usize, row: usize) -> Option<usize> {
    ((x0..x1).contains(&column) && (y0..y1).contains(&row)).then(|| (row - y0) * (x1 - x0) + column - x0)
}

/// A point in f32, as the boxes' bounds are.
fn point(p: DVec2) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

#[cfg(test)]
mod tests {
    use super::super::parts::{Compiled, Compiler};
    use super::*;
    use crate::Label;

    /// Three groups of 100 labels (an rstar tree each) and 25 groups of 4 (every pair tested):
    /// each label's mates are exactly the earlier labels of its group within its distance, and
    /// more mates in all than the budget lists none.
    #[test]
    fn mates_are_the_earlier_labels_of_the_group_within_the_distance() {
        let n = 400u32;
        let labels: Vec<Label> =
            (0..n).map(|i| Label::new(f64::from(i * 37 % 200), f64::from(i * 91 % 150), 8.0, 4.0)).collect();
        let symbols: Vec<Symbol> = (0..n)
            .map(|i| match i {
                0..300 => Symbol::default().with_repeat(i % 3, 30.0 + f64::from(i % 5)),
                _ => Symbol::default().with_repeat(3 + i / 4, 60.0),
            })
            .collect();
        let order: Vec<u32> = (0..n).map(|i| i * 7 % n).collect();
        let compiler = Compiler {
            labels: &labels,
            symbols: &symbols,
            layouts: &[],
            origin: DVec2::ZERO,
            view: None,
            obstacles: None,
        };
        let compiled = Compiled::new(&compiler, &order);
        let e = &compiled.entries;
        let mut reach = Reach::new(e, &compiled.parts, 50);
        assert!(reach.find_mates(e, usize::MAX));
        let mut total = 0;
        for r in 0..e.len() {
            let repeats = |x: &usize| {
                e[*x].group == e[r].group && Symbol::repeats(e[r].anchor, e[*x].anchor, e[r].repeat_distance)
            };
            let want: Vec<u32> = (0..r).filter(repeats).map(|x| x as u32).collect();
            assert_eq!(reach.mates(r), want, "rank {r}");
            total += want.len();
        }
        assert!(total > 500, "{total} mates");
        let mut over = Reach::new(e, &compiled.parts, 50);
        assert!(!over.find_mates(e, total - 1), "one mate over the budget");
        assert!(over.mates(0).is_empty() && over.mates(e.len() - 1).is_empty());
    }
}
