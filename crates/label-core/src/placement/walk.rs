//! The plain greedy walk on one thread: the contract's sequential definition (§4) run as
//! written, with a grid of the shown labels so that each label tests only the earlier shown
//! labels near it. Both one-thread plain passes walk here: the small pass of `place()`
//! (`small.rs`, which reads, checks and culls the labels first) and [`super::Sequential`] (a
//! frame engine's passes, which keep the shown boxes and their grid after the walk).
//!
//! The caller hands over the labels to place (in view), each with its placement key (which
//! ends with its input position), box, bounds, input position and flags. The keys are
//! sorted into placement order, the boxes gathered by rank (the walk reads them in sequence,
//! and the boxes it tests against by rank), and the labels walked in that order against a
//! [`FirstHit`] grid that lists only the shown labels that block, numbered by rank: a label's
//! earliest collision is the lowest-numbered listed box that its box collides with (every
//! listed box is placed, so there is nothing to skip), and a shown label is listed after its
//! turn.
//!
//! The grid's extent and cells are the caller's choice ([`Over`]). For the small pass (labels
//! from anywhere) the grid lies over the robust extent of an evenly spread sample of the
//! centres (at most 1,024, [`layout::extent_stride`]; [`crate::broad::Grid`]'s extent, which
//! leaves out far-off stragglers), cut to the viewport when there is one, in cells of about
//! [`LABELS_PER_CELL`] labels each and no smaller than a label's bounds on average (so a query
//! reads few cells); one label far from the others therefore leaves the cells as small as the
//! crowd needs. For a frame engine (labels all in sight, and the grid queried again after the
//! walk by the labels that wait for room) it lies over the union of the bounds in cells of
//! about [`FirstHit::BOXES_PER_CELL`] labels, the grid's own choice for boxes known up front
//! (measure a change with `benches/scripts/frame_instructions.sh`). Boxes beyond the grid
//! are clamped into its border cells, so the extent and the cell size decide only how fast a
//! blocker is found, never which ([`FirstHit`]).

use glam::{DVec2, Vec2};

use super::greedy::collides;
use super::layout::{self, Flags};
use super::obstacles::ObstacleIndex;
use super::order::sort_positions;
use super::outcome::Decision;
use super::rule::{self, Blocked, Occupied, Plain};
use crate::broad::{FirstHit, robust_extent};
use crate::{Aabb, Obb};

/// One label as the walk reads it, besides its box.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    /// Bounds measured from the walk's origin.
    pub(super) bounds: Aabb,
    /// Input position.
    pub(super) input: u32,
    pub(super) flags: Flags,
}

/// The walk's buffers, kept from one walk to the next (a thread's, a frame engine's): the labels
/// as handed over, then by rank, and the grid of the shown labels.
#[derive(Debug, Default)]
pub(super) struct Walk {
    /// Placement keys, boxes and slots as handed over ([`Self::push`]).
    keys: Vec<u128>,
    given: Vec<(Obb, Slot)>,
    /// The sum of the bounds' areas, px².
    area: f64,
    /// The sort's buffer, and the positions among the labels handed over in placement order.
    sort: Vec<(u32, u32)>,
    order: Vec<u32>,
    /// By rank: the boxes and the slots.
    obbs: Vec<Obb>,
    ranked: Vec<Slot>,
    /// The shown blocking labels' bounds, numbered by rank.
    grid: FirstHit,
}

/// The extent the walk's grid lies over and its cells (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(super) enum Over<'a> {
    /// The robust extent of a sample of the centres, cut to the viewport if given (measured
    /// from the screen's origin); cells of about [`LABELS_PER_CELL`] labels, no smaller than a
    /// label.
    Crowd(Option<&'a Aabb>),
    /// The union of the bounds; cells of about [`FirstHit::BOXES_PER_CELL`] labels.
    Union,
}

/// What the walk met: shown labels and exact tests.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counts {
    pub(super) shown: usize,
    pub(super) tests: usize,
}

/// Labels per cell of the walk's grid. The grid lists only the shown labels (a fifth to a half
/// of them on maps), so its cells are larger than [`FirstHit::BOXES_PER_CELL`]'s. Large cells
/// cost few instructions an entry (the grid tests four at once) and fewer hard-to-predict
/// branches a query (fewer cells, fewer quads started). Measured per label of `place` on W(1k)
/// and W(10k) among 8, 16, 32, 64, 128 and 256 (callgrind with `--branch-sim=yes`): 64 and 128
/// cost about the same instructions, the fewest; 128 and up mispredict a little less; 256 costs
/// more instructions. 64 keeps a crowd's cells the smaller.
const LABELS_PER_CELL: f32 = 64.0;

impl Walk {
    /// Forgets the labels handed over, for about `count` new ones.
    pub(super) fn clear(&mut self, count: usize) {
        self.keys.clear();
        self.given.clear();
        self.area = 0.0;
        self.keys.reserve(count);
        self.given.reserve(count);
    }

    /// Hands over the next label, in input order: its placement key (ending with its input
    /// position), box, and slot.
    #[inline]
    pub(super) fn push(&mut self, key: u128, obb: Obb, slot: Slot) {
        self.keys.push(key);
        self.area += f64::from(slot.bounds.area());
        self.given.push((obb, slot));
    }

    /// How many labels were handed over.
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Walks the labels handed over in placement order (see the module docs): each label's
    /// decision goes to `decided` with its rank and slot, a blocker named by its input
    /// position. The grid lies `over` that extent;
    /// `origin` is where the slots' bounds and the obstacles' are measured from.
    pub(super) fn run(
        &mut self,
        over: Over<'_>,
        origin: DVec2,
        obstacles: Option<&ObstacleIndex<'_>>,
        max_overlap_area: f32,
        mut decided: impl FnMut(usize, &Slot, Decision),
    ) -> Counts {
        let Self { keys, given, area, sort, order, obbs, ranked, grid } = self;
        sort_positions(keys, sort, order);
        obbs.clear();
        obbs.extend(order.iter().map(|&p| given[p as usize].0));
        ranked.clear();
        ranked.extend(order.iter().map(|&p| given[p as usize].1));
        let extent = extent(given, over, origin);
        grid.lay(extent, cell_side(over, given.len(), *area, &extent));
        let mut walked = Counts::default();
        for (rank, (me, slot)) in obbs.iter().zip(ranked.iter()).enumerate() {
            let mut earlier = Earlier { me, bounds: &slot.bounds, obbs, grid, obstacles, max_overlap_area, tests: 0 };
            let decision = rule::decide(&Plain { allow_overlap: slot.flags.allow_overlap }, &mut earlier)
                .decision(|k| ranked[k as usize].input);
            walked.tests += earlier.tests;
            if decision == Decision::Placed {
                walked.shown += 1;
                if !slot.flags.ignore_placement {
                    grid.insert(rank as u32, &slot.bounds);
                }
            }
            decided(rank, slot, decision);
        }
        walked
    }

    /// Positions among the labels handed over, in placement order (their ranks), as of the
    /// last [`Self::run`].
    pub(super) fn order(&self) -> &[u32] {
        &self.order
    }

    /// How many cells the last [`Self::run`]'s grid has.
    pub(super) fn cells(&self) -> usize {
        self.grid.cells()
    }

    /// Moves the last run's boxes (by rank) and its grid of the shown blocking labels into
    /// `boxes` and `grid`, taking theirs in exchange, to build into at the next run.
    pub(super) fn swap_boxes(&mut self, boxes: &mut Vec<Obb>, grid: &mut FirstHit) {
        std::mem::swap(&mut self.obbs, boxes);
        std::mem::swap(&mut self.grid, grid);
    }
}

/// The box the grid lies over (see the module docs).
fn extent(given: &[(Obb, Slot)], over: Over<'_>, origin: DVec2) -> Aabb {
    let unit = Aabb { min: Vec2::ZERO, max: Vec2::ONE };
    let viewport = match over {
        _ if given.is_empty() => return unit,
        Over::Union => return given.iter().map(|(_, s)| s.bounds).reduce(|a, b| a.union(&b)).unwrap_or(unit),
        Over::Crowd(viewport) => viewport,
    };
    let stride = layout::extent_stride(given.len());
    let centers: Vec<Vec2> = given.iter().step_by(stride).map(|(_, s)| s.bounds.center()).collect();
    let robust = robust_extent(&centers);
    viewport.and_then(|v| robust.intersection(&v.outside_from(origin))).unwrap_or(robust)
}

/// The side of the grid's cells over `extent` for `count` labels whose bounds cover `area` px²
/// in all (see [`Over`]).
fn cell_side(over: Over<'_>, count: usize, area: f64, extent: &Aabb) -> f32 {
    if count == 0 {
        return 1.0;
    }
    let label = (area / count as f64).sqrt() as f32;
    match over {
        Over::Crowd(_) => FirstHit::cell_for(extent, count, LABELS_PER_CELL).max(label),
        Over::Union => FirstHit::cell_for(extent, count, FirstHit::BOXES_PER_CELL),
    }
}

/// What the labels before `me` occupy: the obstacles, and the shown blocking labels listed in
/// the grid by rank.
struct Earlier<'a> {
    me: &'a Obb,
    bounds: &'a Aabb,
    obbs: &'a [Obb],
    grid: &'a FirstHit,
    obstacles: Option<&'a ObstacleIndex<'a>>,
    max_overlap_area: f32,
    tests: usize,
}

impl Occupied for Earlier<'_> {
    #[inline(always)]
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        let (me, bounds) = (self.me, self.bounds);
        if let Some(o) = self.obstacles.and_then(|x| x.first_hit(me, bounds)) {
            return Some(Blocked::Obstacle(o));
        }
        let (obbs, area, tests) = (self.obbs, self.max_overlap_area, &mut self.tests);
        let hit = |k: u32| {
            *tests += 1;
            collides(me, &obbs[k as usize], area)
        };
        self.grid.first(bounds, hit).map(Blocked::Label)
    }
}
