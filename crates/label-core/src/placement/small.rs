//! The plain pass for small and medium sets — up to [`SMALL_MAX`] labels, a frame's or a
//! tile's — with the least fixed cost: the contract's sequential definition (§4) on one thread,
//! without the staged pipeline's layout, tiles and cell neighbourhoods.
//!
//! One read of the labels checks each one, builds its box and its bounds, culls it against the
//! viewport and keeps, for those in view, the placement key, box, bounds and flags in arrays
//! sized once; it also gathers the extent and the mean area of the bounds. The keys are sorted
//! into placement order, and the labels are walked in that order against a [`FirstHit`] grid
//! that holds only the shown labels that block, numbered by rank: a label's earliest collision
//! is the lowest-numbered listed box that its box collides with (every listed box is placed, so
//! there is nothing to skip), and a shown label is listed after its turn. Below
//! [`SMALL_MAX`] labels the staged pipeline runs on one thread too (its parallel loops do not
//! split below [`super::MIN_PARALLEL_CHUNK`]), so nothing is lost to the second core.
//!
//! The grid's cells are no smaller than a label's bounds on average (so a query reads few
//! cells) and hold about [`LABELS_PER_CELL`] labels in view; the grid lies over the
//! bounds' extent, cut to the viewport when there is one, or over the robust extent of the
//! centres ([`crate::broad::Grid`]'s, which leaves out far-off stragglers) without one. Boxes
//! beyond the grid are clamped into its border cells, so the extent and the cell size decide
//! only how fast a blocker is found, never which ([`FirstHit`]).

use glam::{DVec2, Vec2};

use super::cull::{View, in_view};
use super::greedy::collides;
use super::layout::Flags;
use super::obstacles::ObstacleIndex;
use super::order::{placement_key, sorted_positions};
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

/// The labels in view, in input order: their placement keys (which end with the input
/// position), boxes, bounds (measured from the run's origin) and flags.
#[derive(Default)]
struct InView {
    keys: Vec<u128>,
    obbs: Vec<Obb>,
    bounds: Vec<Aabb>,
    flags: Vec<Flags>,
    /// The union of the bounds.
    extent: Option<Aabb>,
    /// The sum of the bounds' areas, px².
    area: f64,
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
    if check {
        options.validate()?;
    }
    let origin = stages::origin(labels, options.viewport.as_ref());
    let view = options.viewport.as_ref().map(|v| View::new(v, origin));
    let seen = read(labels, ties, view.as_ref(), origin, check)?;
    if check {
        obstacles.iter().enumerate().try_for_each(|(i, s)| check_obstacle(i, s))?;
    }
    let order = sorted_positions(&seen.keys);
    let mut grid = FirstHit::over(extent(&seen, options.viewport.as_ref(), origin), cell_side(&seen));
    let obstacles = (!obstacles.is_empty()).then(|| ObstacleIndex::new_from(obstacles, origin));
    let mut outcomes = vec![LabelOutcome::OFFSCREEN; labels.len()];
    let (mut shown, mut tests) = (0, 0);
    for (rank, &v) in order.iter().enumerate() {
        let v = v as usize;
        let flags = seen.flags[v];
        let mut earlier = Earlier {
            me: v,
            seen: &seen,
            order: &order,
            grid: &grid,
            obstacles: obstacles.as_ref(),
            max_overlap_area: options.max_overlap_area,
            tests: 0,
        };
        let decision = rule::decide(&Plain { allow_overlap: flags.allow_overlap }, &mut earlier)
            .decision(|k| seen.keys[order[k as usize] as usize] as u32);
        tests += earlier.tests;
        if decision == Decision::Placed {
            shown += 1;
            if !flags.ignore_placement {
                grid.insert(rank as u32, &seen.bounds[v]);
            }
        }
        outcomes[seen.keys[v] as u32 as usize] = decision.into();
    }
    let stats = PlacementStats {
        labels: labels.len(),
        visible: shown,
        hidden_collision: order.len() - shown,
        hidden_offscreen: labels.len() - order.len(),
        cells: grid.cells(),
        narrow_tests: tests,
        tiles: 1,
        ..PlacementStats::default()
    };
    Ok(Placement { outcomes, stats, choices: Vec::new() })
}

/// The one read of the labels: each checked (with `check`), its box and bounds built and
/// culled; those in view kept.
fn read(
    labels: &[Label],
    ties: Option<&[u32]>,
    view: Option<&View>,
    origin: DVec2,
    check: bool,
) -> Result<InView, Error> {
    let n = labels.len();
    let mut seen = InView {
        keys: Vec::with_capacity(n),
        obbs: Vec::with_capacity(n),
        bounds: Vec::with_capacity(n),
        flags: Vec::with_capacity(n),
        ..InView::default()
    };
    let (mut lo, mut hi) = (Vec2::INFINITY, Vec2::NEG_INFINITY);
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
        seen.obbs.push(obb);
        seen.bounds.push(bounds);
        seen.flags.push(Flags { allow_overlap: s.allow_overlap, ignore_placement: s.ignore_placement });
        (lo, hi) = (lo.min(bounds.min), hi.max(bounds.max));
        seen.area += f64::from(bounds.area());
    }
    seen.extent = (!seen.keys.is_empty()).then_some(Aabb { min: lo, max: hi });
    Ok(seen)
}

/// The box the grid lies over (see the module docs).
fn extent(seen: &InView, viewport: Option<&Aabb>, origin: DVec2) -> Aabb {
    let unit = Aabb { min: Vec2::ZERO, max: Vec2::ONE };
    let Some(all) = seen.extent else { return unit };
    match viewport {
        Some(v) => all.intersection(&v.outside_from(origin)).unwrap_or(all),
        None => {
            let centers: Vec<Vec2> = seen.bounds.iter().map(Aabb::center).collect();
            robust_extent(&centers)
        }
    }
}

/// Labels in view per cell of the small pass's grid. The grid lists only the shown labels (a
/// fifth to a half of them on maps), so its cells are larger than [`FirstHit::BOXES_PER_CELL`]'s.
/// Chosen by instruction counts of `place` on W(1k) and W(10k) (callgrind, per label): 2 labels
/// per cell cost 915 and 906, 8 cost 874 and 884, 16 cost 889 at 10k; cells no smaller than
/// twice a label's side instead cost 877 and 878.
const LABELS_PER_CELL: f32 = 8.0;

/// The side of the grid's cells: about [`LABELS_PER_CELL`] labels in view each, and no smaller
/// than a label's bounds on average.
fn cell_side(seen: &InView) -> f32 {
    let count = seen.keys.len();
    let Some(extent) = seen.extent else { return 1.0 };
    let label = (seen.area / count.max(1) as f64).sqrt() as f32;
    FirstHit::cell_for(&extent, count, LABELS_PER_CELL).max(label)
}

/// What the labels before the one in view at `me` occupy: the obstacles, and the shown blocking
/// labels listed in the grid by rank.
struct Earlier<'a> {
    me: usize,
    seen: &'a InView,
    order: &'a [u32],
    grid: &'a FirstHit,
    obstacles: Option<&'a ObstacleIndex<'a>>,
    max_overlap_area: f32,
    tests: usize,
}

impl Occupied for Earlier<'_> {
    #[inline(always)]
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        let (me, bounds) = (&self.seen.obbs[self.me], &self.seen.bounds[self.me]);
        if let Some(o) = self.obstacles.and_then(|x| x.first_hit(me, bounds)) {
            return Some(Blocked::Obstacle(o));
        }
        let (obbs, order, area) = (&self.seen.obbs, self.order, self.max_overlap_area);
        let tests = &mut self.tests;
        let hit = |k: u32| {
            *tests += 1;
            collides(me, &obbs[order[k as usize] as usize], area)
        };
        self.grid.first(bounds, hit).map(Blocked::Label)
    }
}
