//! The plain pass for small and medium sets — up to [`SMALL_MAX`] labels, a frame's or a
//! tile's — with the least fixed cost: the contract's sequential definition (§4) on one thread,
//! without the staged pipeline's layout, tiles and cell neighbourhoods.
//!
//! One read of the labels checks each one, builds its box and its bounds, culls it against the
//! viewport and keeps, for those in view, the placement key, box, bounds and flags in arrays
//! sized once; it also sums the areas of the bounds. The keys are sorted
//! into placement order, and the labels are walked in that order against a [`FirstHit`] grid
//! that holds only the shown labels that block, numbered by rank: a label's earliest collision
//! is the lowest-numbered listed box that its box collides with (every listed box is placed, so
//! there is nothing to skip), and a shown label is listed after its turn. Below
//! [`SMALL_MAX`] labels the staged pipeline runs on one thread too (its parallel loops do not
//! split below [`super::MIN_PARALLEL_CHUNK`]), so nothing is lost to the second core.
//!
//! The arrays, the sort's buffers and the grid are kept per thread between calls (at most
//! [`SMALL_MAX`] labels' worth, about 3 MB): besides its result, a call allocates only the
//! sample of centres (at most 1,024) it takes the grid's extent from and, when there are obstacles, their index. Fresh
//! buffers at every call cost more than the pass at 10k labels: the system allocator hands
//! large blocks back to the kernel, and every call faults their pages in again.
//!
//! The grid lies over the robust extent of an evenly spread sample of the centres in view (as
//! [`crate::broad::Grid`]'s, which leaves out far-off stragglers), cut to the viewport when there is one; its cells are sized
//! over that extent to hold about [`LABELS_PER_CELL`] labels in view each, and no smaller than
//! a label's bounds on average (so a query reads few cells). One label far from the others
//! therefore leaves the cells as small as the crowd needs. Boxes beyond the grid are clamped
//! into its border cells, so the extent and the cell size decide only how fast a blocker is
//! found, never which ([`FirstHit`]).

use std::cell::Cell;

use glam::{DVec2, Vec2};

use super::cull::{View, in_view};
use super::greedy::collides;
use super::layout::{self, Flags};
use super::obstacles::ObstacleIndex;
use super::order::{placement_key, sort_positions};
use super::outcome::Decision;
use super::rule::{self, Blocked, Occupied, Plain};
use super::{PlacementOptions, stages};
use crate::broad::{FirstHit, robust_extent};
use crate::validate::{check_label, check_obstacle};
use crate::{Aabb, Error, Label, LabelOutcome, Obb, Placement, PlacementStats, Shape};

/// Most labels the small pass takes when the options leave the tiling automatic.
pub(super) const SMALL_MAX: usize = super::MIN_PARALLEL_CHUNK;

/// Whether [`place`] runs for this input: few labels and no tiling or cell size asked for (a
/// caller who sets them gets the staged pipeline they shape).
pub(super) fn takes(labels: &[Label], options: &PlacementOptions) -> bool {
    labels.len() <= SMALL_MAX && options.tile_size.is_none() && options.tile_labels.is_none()
}

/// One label in view as the walk reads it.
#[derive(Clone, Copy)]
struct Slot {
    obb: Obb,
    /// Bounds measured from the run's origin.
    bounds: Aabb,
    /// Input position.
    input: u32,
    flags: Flags,
}

/// The labels in view: their placement keys (which end with the input position) and slots in
/// input order, then the slots in placement order.
#[derive(Default)]
struct InView {
    keys: Vec<u128>,
    slots: Vec<Slot>,
    ranked: Vec<Slot>,
    /// The sum of the bounds' areas, px².
    area: f64,
}

/// What a call keeps for the next one on its thread (see the module docs).
#[derive(Default)]
struct Scratch {
    seen: InView,
    sort: Vec<(u32, u32)>,
    order: Vec<u32>,
    grid: FirstHit,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// One call's input.
struct Call<'a> {
    labels: &'a [Label],
    obstacles: &'a [Shape],
    options: &'a PlacementOptions,
    ties: Option<&'a [u32]>,
    check: bool,
}

/// Places `labels` as [`super::place`] does (`ties` as [`super::place_with_ties`], its length
/// checked). With `check`, the options, labels and obstacles are checked here, in the order and
/// with the errors of the staged pipeline's check (the labels in the same read that builds
/// their boxes); without, they come checked.
pub(super) fn place(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
    ties: Option<&[u32]>,
    check: bool,
) -> Result<Placement, Error> {
    let mut scratch = SCRATCH.take();
    let placement = place_in(&mut scratch, &Call { labels, obstacles, options, ties, check });
    SCRATCH.set(scratch);
    placement
}

/// [`place`] in the buffers of `scratch`.
fn place_in(scratch: &mut Scratch, call: &Call<'_>) -> Result<Placement, Error> {
    let &Call { labels, obstacles, options, ties, check } = call;
    if check {
        options.validate()?;
    }
    let origin = stages::origin(labels, options.viewport.as_ref());
    let view = options.viewport.as_ref().map(|v| View::new(v, origin));
    let Scratch { seen, sort, order, grid } = scratch;
    read(seen, labels, ties, view.as_ref(), origin, check)?;
    if check {
        obstacles.iter().enumerate().try_for_each(|(i, s)| check_obstacle(i, s))?;
    }
    sort_positions(&seen.keys, sort, order);
    // The slots in placement order: the walk reads them in sequence, and the boxes it tests
    // against by rank.
    seen.ranked.clear();
    seen.ranked.extend(order.iter().map(|&v| seen.slots[v as usize]));
    let seen = &*seen;
    let over = extent(seen, options.viewport.as_ref(), origin);
    grid.lay(over, cell_side(seen, &over));
    let obstacles = (!obstacles.is_empty()).then(|| ObstacleIndex::new_from(obstacles, origin));
    let mut outcomes = vec![LabelOutcome::OFFSCREEN; labels.len()];
    let (mut shown, mut tests) = (0, 0);
    for (rank, me) in seen.ranked.iter().enumerate() {
        let mut earlier = Earlier {
            me,
            ranked: &seen.ranked,
            grid,
            obstacles: obstacles.as_ref(),
            max_overlap_area: options.max_overlap_area,
            tests: 0,
        };
        let decision = rule::decide(&Plain { allow_overlap: me.flags.allow_overlap }, &mut earlier)
            .decision(|k| seen.ranked[k as usize].input);
        tests += earlier.tests;
        if decision == Decision::Placed {
            shown += 1;
            if !me.flags.ignore_placement {
                grid.insert(rank as u32, &me.bounds);
            }
        }
        outcomes[me.input as usize] = decision.into();
    }
    let stats = PlacementStats {
        labels: labels.len(),
        visible: shown,
        hidden_collision: seen.ranked.len() - shown,
        hidden_offscreen: labels.len() - seen.ranked.len(),
        cells: grid.cells(),
        narrow_tests: tests,
        tiles: 1,
        ..PlacementStats::default()
    };
    Ok(Placement { outcomes, stats, choices: Vec::new() })
}

/// The one read of the labels into `seen`: each checked (with `check`), its box and bounds
/// built and culled; those in view kept.
fn read(
    seen: &mut InView,
    labels: &[Label],
    ties: Option<&[u32]>,
    view: Option<&View>,
    origin: DVec2,
    check: bool,
) -> Result<(), Error> {
    let n = labels.len();
    seen.keys.clear();
    seen.slots.clear();
    seen.area = 0.0;
    seen.keys.reserve(n);
    seen.slots.reserve(n);
    for (i, l) in labels.iter().enumerate() {
        if check {
            check_label(i, l)?;
        }
        // Boxes from the screen's origin, as the staged pipeline builds them: the decisions
        // read only the boxes, and those are the same bit for bit.
        let obb = l.obb_from(DVec2::ZERO);
        let bounds = obb.bounds_from(origin);
        if !in_view(view, &obb, &bounds) {
            continue;
        }
        let s = &l.style;
        seen.keys.push(placement_key(s.priority, ties.map_or(0, |t| t[i]), i as u32));
        let flags = Flags { allow_overlap: s.allow_overlap, ignore_placement: s.ignore_placement };
        seen.slots.push(Slot { obb, bounds, input: i as u32, flags });
        seen.area += f64::from(bounds.area());
    }
    Ok(())
}

/// The box the grid lies over (see the module docs).
fn extent(seen: &InView, viewport: Option<&Aabb>, origin: DVec2) -> Aabb {
    let unit = Aabb { min: Vec2::ZERO, max: Vec2::ONE };
    if seen.slots.is_empty() {
        return unit;
    }
    let stride = layout::extent_stride(seen.slots.len());
    let centers: Vec<Vec2> = seen.slots.iter().step_by(stride).map(|s| s.bounds.center()).collect();
    let robust = robust_extent(&centers);
    viewport.and_then(|v| robust.intersection(&v.outside_from(origin))).unwrap_or(robust)
}

/// Labels in view per cell of the small pass's grid. The grid lists only the shown labels (a
/// fifth to a half of them on maps), so its cells are larger than [`FirstHit::BOXES_PER_CELL`]'s;
/// the value is the fewest instructions per label of `place` on W(1k) and W(10k) among 2, 8 and
/// 16 (callgrind).
const LABELS_PER_CELL: f32 = 8.0;

/// The side of the grid's cells over `over` (the extent the grid lies over): about
/// [`LABELS_PER_CELL`] labels in view each, and no smaller than a label's bounds on average.
fn cell_side(seen: &InView, over: &Aabb) -> f32 {
    let count = seen.keys.len();
    if count == 0 {
        return 1.0;
    }
    let label = (seen.area / count as f64).sqrt() as f32;
    FirstHit::cell_for(over, count, LABELS_PER_CELL).max(label)
}

/// What the labels before `me` occupy: the obstacles, and the shown blocking labels listed in
/// the grid by rank.
struct Earlier<'a> {
    me: &'a Slot,
    ranked: &'a [Slot],
    grid: &'a FirstHit,
    obstacles: Option<&'a ObstacleIndex<'a>>,
    max_overlap_area: f32,
    tests: usize,
}

impl Occupied for Earlier<'_> {
    #[inline(always)]
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        let (me, bounds) = (&self.me.obb, &self.me.bounds);
        if let Some(o) = self.obstacles.and_then(|x| x.first_hit(me, bounds)) {
            return Some(Blocked::Obstacle(o));
        }
        let (ranked, area, tests) = (self.ranked, self.max_overlap_area, &mut self.tests);
        let hit = |k: u32| {
            *tests += 1;
            collides(me, &ranked[k as usize].obb, area)
        };
        self.grid.first(bounds, hit).map(Blocked::Label)
    }
}
