//! The parts of the placed, blocking labels, in the core's one earliest-hit grid
//! ([`FirstHit`]), which grows as the pass places them: a part being tried runs the exact test
//! on the placed parts whose bounds meet its own, each once — whether one collides (a position
//! is free or not, stopping at the first) or which collides earliest (`hidden_by`). Placed parts
//! of labels ranked after the one being decided are skipped.
//!
//! A label of many parts in one position (a text along a line, a part per glyph) instead
//! gathers, in one query, the placed parts whose bounds meet those of all its parts together
//! (its *reach*), in placement order ([`PlacedParts::gather`]); each glyph then looks through
//! that short list, the first in it that collides being the earliest.
//!
//! A pass's grid and list of placed parts are kept per thread when it ends, for the next pass
//! on that thread to lay and fill again (only when they hold at most [`FirstHit::KEEP_BYTES`]
//! on the heap together, the cells' spilled lists included, and the grid at most
//! [`KEEP_CELLS`] cells: one such pair a thread, at most 8 MiB): a frame engine calls the core
//! every frame, and fresh ones cost every call the list's growth from empty and the
//! allocations of the cells that outgrow the grid. From [`MIN_PARALLEL_CHUNK`] labels the
//! grid is laid on a pool thread (beside the parts' computation) and dropped on the caller's:
//! the caller takes its kept buffers first ([`Kept::take`]) and hands them over.

use std::cell::Cell;

use glam::Vec2;
use rayon::prelude::*;

use super::super::MIN_PARALLEL_CHUNK;
use super::parts::Part;
use crate::broad::FirstHit;
use crate::placement::collides;
use crate::{Aabb, Label, Obb};

/// Most cells a finished pass keeps its grid for (see the module doc; counting the grid's
/// heap walks its cells).
const KEEP_CELLS: usize = MIN_PARALLEL_CHUNK;

thread_local! {
    /// The last finished pass's grid and placed parts on this thread, if it kept them.
    static KEPT: Cell<Option<(FirstHit, Vec<Placed>)>> = const { Cell::new(None) };
}

/// The buffers a finished pass kept on one thread ([`KEPT`]), taken for the next pass, which
/// may lay its grid on another thread.
#[derive(Default)]
pub(super) struct Kept(Option<(FirstHit, Vec<Placed>)>);

impl Kept {
    /// What the last finished pass on this thread kept, if anything (the thread keeps nothing
    /// more).
    pub fn take() -> Self {
        Self(KEPT.take())
    }
}

/// A placed part: its box, its bounds and its label's rank.
#[derive(Clone, Copy, Debug)]
struct Placed {
    obb: Obb,
    bounds: Aabb,
    rank: u32,
}

/// A placed part found by a query: its label's rank and its index among the placed parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hit {
    pub rank: u32,
    pub index: u32,
}

/// A placed part near a label being decided: its bounds (read where the list is) and which
/// part it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct Nearby {
    pub bounds: Aabb,
    pub hit: Hit,
}

/// The placed parts, numbered in placement order, and their grid.
pub(super) struct PlacedParts {
    grid: FirstHit,
    /// The placed parts, in placement order.
    placed: Vec<Placed>,
    max_overlap_area: f32,
    /// The grid's cell size, px.
    cell: f32,
}

impl PlacedParts {
    /// About this many labels per cell when the cell size is automatic.
    const LABELS_PER_CELL: f32 = 8.0;

    /// The extent of the labels' anchor points in the viewport (all of them without one)
    /// and how many there are: what the grid covers.
    pub fn extent(labels: &[Label], viewport: Option<&Aabb>) -> (Aabb, usize) {
        let extent = labels
            .par_iter()
            .with_min_len(MIN_PARALLEL_CHUNK)
            .map(|l| Vec2::new(l.x as f32, l.y as f32))
            .filter(|p| viewport.is_none_or(|v| v.min.cmple(*p).all() && p.cmple(v.max).all()))
            .map(|p| (Aabb::from_corners(p, p), 1usize))
            .reduce_with(|a, b| (a.0.union(&b.0), a.1 + b.1));
        extent.unwrap_or((viewport.copied().unwrap_or(Aabb::from_corners(Vec2::ZERO, Vec2::ONE)), 0))
    }

    /// A grid over `extent`, which holds about `count` labels: cells of `cell_size` px when
    /// given, else of about [`Self::LABELS_PER_CELL`] labels — but at most 16 cells a label,
    /// whatever the cell size asked for: a part as large as the map is listed in as many cells
    /// as there are labels, not in millions.
    pub fn new(extent: (Aabb, usize), cell_size: Option<f32>, max_overlap_area: f32) -> Self {
        Self::on(Kept::take(), extent, cell_size, max_overlap_area)
    }

    /// [`Self::new`] on the buffers `kept` (taken on another thread).
    pub fn on(kept: Kept, (extent, count): (Aabb, usize), cell_size: Option<f32>, max_overlap_area: f32) -> Self {
        let per = |labels: f32| FirstHit::cell_for(&extent, count, labels);
        let cell = cell_size.unwrap_or_else(|| per(Self::LABELS_PER_CELL)).max(per(1.0 / 16.0));
        let (mut grid, mut placed) = kept.0.unwrap_or_default();
        grid.lay(extent, cell);
        placed.clear();
        Self { grid, placed, max_overlap_area, cell }
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        self.grid.cells()
    }

    /// The cells' size, px.
    pub fn cell(&self) -> f32 {
        self.cell
    }

    /// Reads the list of the cell that holds `p` ahead of a query ([`FirstHit::touch`]).
    pub fn touch(&self, p: Vec2) {
        self.grid.touch(p);
    }

    /// Lists a placed part of the label of rank `rank`; labels come in placement order.
    pub fn insert(&mut self, part: &Part, rank: u32) {
        debug_assert!(self.placed.last().is_none_or(|p| p.rank <= rank), "placed parts come in placement order");
        self.grid.insert(self.placed.len() as u32, &part.bounds);
        self.placed.push(Placed { obb: part.obb, bounds: part.bounds, rank });
    }

    /// A placed part of an earlier label than `before` that `part` collides with (contract
    /// §3, `part` the later box), if there is one; the exact tests run are added to `tests`.
    pub fn any(&self, part: &Part, before: u32, tests: &mut usize) -> Option<Hit> {
        let limit = self.placed_before(before);
        let Self { grid, placed, max_overlap_area, .. } = self;
        let index = grid.any_below(&part.bounds, limit, |k| {
            *tests += 1;
            collides(&part.obb, &placed[k as usize].obb, *max_overlap_area)
        });
        index.map(|index| Hit { rank: placed[index as usize].rank, index })
    }

    /// The placed part of the earliest label ranked below `before` that `part` collides with.
    pub fn earliest(&self, part: &Part, before: u32, tests: &mut usize) -> Option<Hit> {
        let limit = self.placed_before(before);
        let Self { grid, placed, max_overlap_area, .. } = self;
        let index = grid.first_below(&part.bounds, limit, |k| {
            *tests += 1;
            collides(&part.obb, &placed[k as usize].obb, *max_overlap_area)
        });
        index.map(|index| Hit { rank: placed[index as usize].rank, index })
    }

    /// Every placed part of a label ranked below `before` whose bounds meet `reach`, in
    /// placement order (so in rank order), into `near`, which is cleared first: one grid query
    /// for all of a label's parts, which then look only through `near`.
    pub fn gather(&self, reach: &Aabb, before: u32, near: &mut Vec<Nearby>) {
        near.clear();
        let limit = self.placed_before(before);
        let Self { grid, placed, .. } = self;
        // The scan visits every box meeting `reach` once, cell by cell; none "hits", so none
        // is listed in the (never allocated) vector it returns.
        grid.all_below(reach, limit, |index| {
            let p = &placed[index as usize];
            near.push(Nearby { bounds: p.bounds, hit: Hit { rank: p.rank, index } });
            false
        });
        near.sort_unstable_by_key(|n| n.hit.index);
    }

    /// Whether `part` collides with the placed part `hit` (contract §3, `part` the later box):
    /// the exact test, counted in `tests`, when their bounds meet.
    pub fn collides_with(&self, part: &Part, hit: Hit, tests: &mut usize) -> bool {
        let placed = &self.placed[hit.index as usize];
        placed.bounds.intersects_closed(&part.bounds) && self.test(part, hit, tests)
    }

    /// The exact test of `part` against the placed part `hit`, counted in `tests`.
    #[inline]
    pub fn test(&self, part: &Part, hit: Hit, tests: &mut usize) -> bool {
        *tests += 1;
        collides(&part.obb, &self.placed[hit.index as usize].obb, self.max_overlap_area)
    }

    /// How many placed parts belong to labels ranked below `before`: they are the first ones.
    fn placed_before(&self, before: u32) -> u32 {
        let count = if self.placed.last().is_none_or(|p| p.rank < before) {
            self.placed.len()
        } else {
            self.placed.partition_point(|p| p.rank < before)
        };
        count as u32
    }
}

/// Where the placed parts' list this thread keeps lies, if it keeps one: a later pass on the
/// same buffers leaves it where it was.
#[cfg(test)]
pub(super) fn kept_list_at() -> Option<usize> {
    let kept = KEPT.take();
    let at = kept.as_ref().map(|(_, placed)| placed.as_ptr() as usize);
    KEPT.set(kept);
    at
}

impl Drop for PlacedParts {
    /// Keeps the buffers for the next pass on this thread, when they are not too large.
    fn drop(&mut self) {
        let small = self.grid.cells() <= KEEP_CELLS
            && self.placed.capacity() * std::mem::size_of::<Placed>() + self.grid.heap_bytes() <= FirstHit::KEEP_BYTES;
        if small {
            KEPT.set(Some((std::mem::take(&mut self.grid), std::mem::take(&mut self.placed))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::symbols::parts::NONE;

    fn part(obb: Obb) -> Part {
        Part { obb, bounds: obb.bounds(), obstacle: NONE, in_view: true }
    }

    /// An axis-aligned square part `w` px a side, its top-left corner at (`x`, `y`).
    fn square(x: f32, y: f32, w: f32) -> Part {
        part(Obb::from_aabb(&Aabb::from_corners(Vec2::new(x, y), Vec2::new(x + w, y + w))))
    }

    /// Empty grids over 110 px holding two labels: cells of the automatic size, of 1, 7 and
    /// 1,000 px.
    fn grids() -> impl Iterator<Item = (Option<f32>, PlacedParts)> {
        let extent = (Aabb::from_corners(Vec2::ZERO, Vec2::splat(110.0)), 2);
        [None, Some(1.0), Some(7.0), Some(1000.0)]
            .into_iter()
            .map(move |cell| (cell, PlacedParts::new(extent, cell, 0.0)))
    }

    #[test]
    fn every_placed_part_near_a_part_is_tested_once_and_the_earliest_found() {
        let b = square;
        for (cell, mut grid) in grids() {
            let mut tests = 0;
            grid.insert(&b(0.0, 0.0, 30.0), 3);
            grid.insert(&b(20.0, 20.0, 30.0), 5);
            grid.insert(&b(200.0, 200.0, 10.0), 9); // beyond the extent: the border cells
            grid.insert(&b(-50.0, -50.0, 1000.0), 11);
            assert_eq!(grid.earliest(&b(25.0, 25.0, 2.0), 12, &mut tests).map(|h| h.rank), Some(3), "{cell:?}");
            assert!(tests <= 3, "each of the three placed parts around it at most once: {cell:?}");
            assert_eq!(grid.earliest(&b(25.0, 25.0, 2.0), 5, &mut tests).map(|h| h.rank), Some(3), "{cell:?}");
            assert_eq!(grid.earliest(&b(25.0, 25.0, 2.0), 3, &mut tests), None, "only earlier labels: {cell:?}");
            assert_eq!(grid.any(&b(25.0, 25.0, 2.0), 4, &mut tests), Some(Hit { rank: 3, index: 0 }));
            assert_eq!(grid.any(&b(25.0, 25.0, 2.0), 3, &mut tests), None);
            assert_eq!(grid.earliest(&b(205.0, 205.0, 1.0), 13, &mut tests).map(|h| h.rank), Some(9));
            assert_eq!(
                grid.earliest(&b(30.0, 0.0, 5.0), 14, &mut tests).map(|h| h.rank),
                Some(11),
                "touching the first, inside the big one"
            );
        }
    }

    /// The placed part of the earliest label ranked below `before` that `part` collides with,
    /// from the parts gathered around `part` alone.
    fn earliest_around(grid: &PlacedParts, part: &Part, before: u32, tests: &mut usize) -> Option<Hit> {
        let mut near = Vec::new();
        grid.gather(&part.bounds, before, &mut near);
        near.iter().find(|n| grid.test(part, n.hit, tests)).map(|n| n.hit)
    }

    #[test]
    fn every_placed_part_near_a_reach_is_gathered_once_in_placement_order() {
        let b = square;
        for (cell, mut grid) in grids() {
            let mut tests = 0;
            grid.insert(&b(-50.0, -50.0, 1000.0), 1);
            grid.insert(&b(0.0, 0.0, 30.0), 3);
            grid.insert(&b(20.0, 20.0, 30.0), 5);
            grid.insert(&b(200.0, 200.0, 10.0), 9); // beyond the extent: the border cells
            grid.insert(&b(40.0, 40.0, 10.0), 11);
            let mut near = Vec::new();
            grid.gather(&Aabb::from_corners(Vec2::new(25.0, 25.0), Vec2::new(60.0, 60.0)), 12, &mut near);
            let found: Vec<(u32, u32)> = near.iter().map(|n| (n.hit.rank, n.hit.index)).collect();
            assert_eq!(found, [(1, 0), (3, 1), (5, 2), (11, 4)], "{cell:?}");
            grid.gather(&Aabb::from_corners(Vec2::new(25.0, 25.0), Vec2::new(60.0, 60.0)), 5, &mut near);
            assert_eq!(near.len(), 2, "only earlier labels: {cell:?}");
            grid.gather(&Aabb::from_corners(Vec2::new(-90.0, 1000.0), Vec2::new(-80.0, 1010.0)), 12, &mut near);
            assert!(near.is_empty(), "{cell:?}");
            let small = b(25.0, 25.0, 2.0);
            assert_eq!(earliest_around(&grid, &small, 12, &mut tests).map(|h| h.rank), Some(1), "{cell:?}");
            assert_eq!(tests, 1, "the earliest first: {cell:?}");
            grid.gather(&b(205.0, 205.0, 1.0).bounds, 13, &mut near);
            assert_eq!(near.iter().map(|n| n.hit.rank).collect::<Vec<_>>(), [1, 9], "{cell:?}");
            assert_eq!(earliest_around(&grid, &b(205.0, 205.0, 1.0), 1, &mut tests), None, "{cell:?}");
            assert!(!grid.collides_with(&b(70.0, 70.0, 5.0), Hit { rank: 3, index: 1 }, &mut tests), "apart");
            assert!(grid.collides_with(&b(25.0, 25.0, 2.0), Hit { rank: 5, index: 2 }, &mut tests), "{cell:?}");
        }
    }

    #[test]
    fn a_pass_on_the_buffers_of_the_last_one_finds_what_a_fresh_one_finds() {
        // 300 squares over 60 px, placed first on a grid of four cells (which outgrow the
        // grid's inline quads), then on one of automatic cells, which lays the kept buffers
        // again; then on a fresh grid the same way.
        let parts: Vec<Part> = (0..300u32)
            .map(|k| square((k * 37 % 97) as f32 * 0.5, (k * 53 % 89) as f32 * 0.5, 2.0 + (k % 7) as f32))
            .collect();
        let fill = |extent: Aabb, cell: Option<f32>| {
            let mut grid = PlacedParts::new((extent, parts.len()), cell, 0.0);
            for (k, p) in parts.iter().enumerate().filter(|(k, _)| k % 4 != 3) {
                grid.insert(p, k as u32);
            }
            grid
        };
        let small = Aabb::from_corners(Vec2::ZERO, Vec2::splat(60.0));
        drop(fill(small, Some(30.0)));
        let kept = KEPT.take().expect("the first pass's buffers are kept");
        assert!(kept.1.capacity() >= 225);
        KEPT.set(Some(kept));
        let reused = fill(small, None);
        let fresh = fill(small, None);
        assert!(reused.placed.capacity() >= 225 && fresh.placed.capacity() >= 225);
        let (mut near, mut fresh_near, mut tests) = (Vec::new(), Vec::new(), 0);
        for (q, part) in parts.iter().enumerate() {
            let before = (q * 7 % 310) as u32;
            let reach = Aabb::from_corners(part.bounds.min - 3.0, part.bounds.max + 3.0);
            let ask = |g: &PlacedParts, near: &mut Vec<Nearby>, tests: &mut usize| {
                g.gather(&reach, before, near);
                let near: Vec<Hit> = near.iter().map(|n| n.hit).collect();
                (g.earliest(part, before, tests), g.any(part, before, tests).is_some(), near)
            };
            assert_eq!(ask(&reused, &mut near, &mut tests), ask(&fresh, &mut fresh_near, &mut tests), "part {q}");
        }
    }

    /// A pass whose grid holds more than [`FirstHit::KEEP_BYTES`] on the heap (here 2,000
    /// parts each listed in every one of about 10,000 cells: their lists spill) leaves nothing
    /// kept; a small one is kept (review finding: the counts of parts and cells did not bound the
    /// spilled lists).
    #[test]
    fn a_pass_whose_grid_grew_large_is_not_kept() {
        KEPT.take();
        let extent = Aabb::from_corners(Vec2::ZERO, Vec2::splat(1000.0));
        let mut grid = PlacedParts::new((extent, 2_000), Some(10.0), 0.0);
        for k in 0..2_000u32 {
            grid.insert(&square(500.0, 500.0, 499.0 + (k % 3) as f32), k);
        }
        assert!(grid.grid.heap_bytes() > FirstHit::KEEP_BYTES, "{} bytes", grid.grid.heap_bytes());
        drop(grid);
        assert!(KEPT.take().is_none(), "a grid of more than KEEP_BYTES was kept");
        drop(PlacedParts::new((extent, 20), Some(10.0), 0.0));
        assert!(KEPT.take().is_some(), "a small grid is kept");
    }

    /// Held-out fault (fuzzing): a 100,000-px label turned 30° among 40 small ones, with 3-px
    /// cells asked for, made a grid of millions of cells and listed the label in each.
    #[test]
    fn a_huge_part_with_tiny_cells_is_listed_in_few_cells() {
        let huge = part(Obb::from_center_half_extents_angle(Vec2::new(200.0, 150.0), Vec2::new(50_000.0, 7.0), 30.0));
        let small = part(Obb::from_aabb(&Aabb::from_corners(Vec2::ZERO, Vec2::new(10.0, 10.0))));
        let mut grid = PlacedParts::new((huge.bounds.union(&small.bounds), 40), Some(3.0), 0.0);
        let mut tests = 0;
        assert!(grid.len() <= 16 * 40 * 2, "{} cells", grid.len());
        grid.insert(&huge, 0);
        let on_it = part(Obb::from_aabb(&Aabb::from_corners(Vec2::new(195.0, 145.0), Vec2::new(205.0, 155.0))));
        assert_eq!(grid.earliest(&on_it, 1, &mut tests).map(|h| h.rank), Some(0));
        assert_eq!(grid.earliest(&small, 1, &mut tests), None);
    }
}
