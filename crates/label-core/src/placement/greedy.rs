//! The greedy priority pass (DESIGN §4 steps 2–3), in parallel and exact.
//!
//! The sequential definition walks the labels in rank order and places each one unless a placed
//! label overlaps it. Most labels of a dense map are hidden by a label placed long before them,
//! which can be found without knowing anything about the labels ranked close to them. So the
//! ranks are cut into consecutive chunks, and for each chunk:
//!
//! 1. **in parallel**, every label of the chunk is tested against the labels placed *before the
//!    chunk* (a fixed set while the chunk runs). A label that overlaps one is hidden for good,
//!    by the earliest such label — all of them rank before anything in the chunk;
//! 2. **in order**, the labels still undecided are tested against the labels the chunk itself
//!    has placed so far, exactly as the sequential definition does.
//!
//! Both steps read the same per-cell lists of placed boxes: a placed label is registered with
//! every cell of its neighbourhood (see [`crate::broad::Cells`]) whose envelope it overlaps, so
//! each label scans one list, its own cell's. The result is the
//! sequential one for any chunking and any thread count.

use rayon::prelude::*;

use crate::broad::Cells;
use crate::narrow::convex_overlap_area;
use crate::{Aabb, Obb};

/// Below this many labels the pass runs in one sequential chunk.
const PARALLEL_MIN_LABELS: usize = 16_384;
/// How many chunks the ranks are cut into when the pass runs in parallel.
const CHUNKS: usize = 32;
/// Labels per parallel work item.
const MIN_PARALLEL_CHUNK: usize = 512;

/// What the pass decided for the label at one rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Shown.
    Placed,
    /// Hidden by the label at this rank.
    HiddenByLabel(u32),
    /// Hidden by the obstacle with this index.
    HiddenByObstacle(u32),
}

/// Per-rank inputs of the greedy pass.
pub struct RankedFlags<'a> {
    /// Boxes by rank.
    pub obbs: &'a [Obb],
    /// Bounds of the boxes by rank.
    pub bounds: &'a [Aabb],
    /// `allow_overlap` by rank.
    pub allow_overlap: &'a [bool],
    /// `ignore_placement` by rank.
    pub ignore_placement: &'a [bool],
    /// The first obstacle each box overlaps, by rank (empty when there are no obstacles).
    pub obstacle_hits: &'a [Option<u32>],
}

/// A placed, blocking label as a cell keeps it: its bounds for the quick test, its box for the
/// exact one (kept here: fetching it by rank is a cache miss on large inputs), its rank for the
/// order.
#[derive(Clone, Copy, Debug)]
struct Placed {
    bounds: Aabb,
    obb: Obb,
    rank: u32,
}

/// For every cell, the placed, blocking labels that can touch a label of that cell, in rank
/// order. A placed label is registered with each cell of its own cell's neighbourhood whose
/// envelope its bounds overlap; a later label then scans its own cell's list only — one
/// contiguous list instead of a dozen scattered ones.
struct PlacedCells {
    lists: Vec<Vec<Placed>>,
}

impl PlacedCells {
    fn new(cells: usize) -> Self {
        Self { lists: vec![Vec::new(); cells] }
    }

    fn register(&mut self, cells: &Cells, home: usize, bounds: Aabb, obb: Obb, rank: u32) {
        for &c in cells.neighbors(home) {
            let c = c as usize;
            if cells.envelope(c).overlaps(&bounds) {
                self.lists[c].push(Placed { bounds, obb, rank });
            }
        }
    }
}

/// Runs the pass: each label in rank order is placed unless it collides with an obstacle or
/// with a placed, blocking, earlier label; `allow_overlap` labels are always placed. `chunk`
/// labels are decided per parallel step (`None`: automatic). Returns the decisions and the
/// number of exact tests run.
#[must_use]
pub fn greedy(
    r: &RankedFlags<'_>,
    cells: &Cells,
    max_overlap_area: f32,
    chunk: Option<usize>,
) -> (Vec<Decision>, usize) {
    let n = r.obbs.len();
    let mut placed = PlacedCells::new(cells.len());
    let mut decisions = Vec::with_capacity(n);
    let mut tests = 0usize;
    let chunk = chunk.unwrap_or(if n < PARALLEL_MIN_LABELS { n } else { n.div_ceil(CHUNKS) }).max(1);
    let mut start = 0;
    while start < n {
        let end = (start + chunk).min(n);
        let early: Vec<(Option<Decision>, usize)> = if start == 0 {
            (start..end).map(|rank| (settled(r, rank), 0)).collect()
        } else {
            // Any order gives the same answers here; cell order makes neighbouring labels
            // share the list they scan.
            let mut by_cell: Vec<u32> = (start as u32..end as u32).collect();
            radsort::sort_by_key(&mut by_cell, |&rank| cells.cell_of(rank as usize) as u32);
            let found: Vec<(Option<Decision>, usize)> = by_cell
                .par_iter()
                .with_min_len(MIN_PARALLEL_CHUNK)
                .map(|&rank| {
                    let rank = rank as usize;
                    if let Some(d) = settled(r, rank) {
                        return (Some(d), 0);
                    }
                    let (first, t) = first_collision(r, cells, &placed, rank, None, max_overlap_area);
                    (first.map(Decision::HiddenByLabel), t)
                })
                .collect();
            let mut early = vec![(None, 0); end - start];
            for (&rank, verdict) in by_cell.iter().zip(found) {
                early[rank as usize - start] = verdict;
            }
            early
        };
        // Where each cell's list stood when the chunk began: the undecided labels only need what
        // the chunk added since (no search through the older part of the list).
        let chunk_starts: Vec<u32> = placed.lists.iter().map(|l| l.len() as u32).collect();
        for (rank, (early, t)) in (start..end).zip(early) {
            tests += t;
            let decision = early.unwrap_or_else(|| {
                let (first, t) = first_collision(r, cells, &placed, rank, Some(&chunk_starts), max_overlap_area);
                tests += t;
                first.map_or(Decision::Placed, Decision::HiddenByLabel)
            });
            if decision == Decision::Placed && !r.ignore_placement[rank] {
                placed.register(cells, cells.cell_of(rank), r.bounds[rank], r.obbs[rank], rank as u32);
            }
            decisions.push(decision);
        }
        start = end;
    }
    (decisions, tests)
}

/// The decisions that need no other label: `allow_overlap` places, an obstacle hides.
#[inline]
fn settled(r: &RankedFlags<'_>, rank: usize) -> Option<Decision> {
    if r.allow_overlap[rank] {
        Some(Decision::Placed)
    } else {
        r.obstacle_hits.get(rank).copied().flatten().map(Decision::HiddenByObstacle)
    }
}

/// The earliest placed label that collides with the label at `rank` — among those registered
/// with its cell after position `from[cell]` of the cell's list, or all of them without `from` —
/// and the number of exact tests it took.
#[inline]
fn first_collision(
    r: &RankedFlags<'_>,
    cells: &Cells,
    placed: &PlacedCells,
    rank: usize,
    from: Option<&[u32]>,
    max_overlap_area: f32,
) -> (Option<u32>, usize) {
    let (me, bounds) = (&r.obbs[rank], &r.bounds[rank]);
    // Lists grow in rank order: stop at the first collision, which is then the earliest.
    let cell = cells.cell_of(rank);
    let list = &placed.lists[cell];
    let from = from.map_or(0, |f| f[cell] as usize);
    let mut tests = 0;
    for p in &list[from..] {
        if p.bounds.overlaps(bounds) {
            tests += 1;
            if collides(me, &p.obb, max_overlap_area) {
                return (Some(p.rank), tests);
            }
        }
    }
    (None, tests)
}

/// Two labels' boxes collide when their interiors overlap by more than `max_overlap_area`.
#[must_use]
#[inline]
pub fn collides(a: &Obb, b: &Obb, max_overlap_area: f32) -> bool {
    a.overlaps(b) && (max_overlap_area <= 0.0 || convex_overlap_area(&a.corners(), &b.corners()) > max_overlap_area)
}
