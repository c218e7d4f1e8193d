//! The plain pass for small and medium sets — up to [`SMALL_MAX`] labels, a frame's or a
//! tile's — with the least fixed cost: the contract's sequential definition (§4) on one thread,
//! without the staged pipeline's layout, tiles and cell neighbourhoods.
//!
//! One read of the labels checks each one, builds its box and its bounds, culls it against the
//! viewport and hands those in view to the one-thread walk (`walk.rs`), which sorts them into
//! placement order and walks them against a grid of the shown labels. Below [`SMALL_MAX`]
//! labels the staged pipeline runs on one thread too (its parallel loops do not split below
//! [`super::MIN_PARALLEL_CHUNK`]), so nothing is lost to the second core.
//!
//! The walk's buffers (the labels in view, the sort's, the grid) are kept per thread between
//! calls (at most [`SMALL_MAX`] labels' worth, about 3 MB): besides its result, a call
//! allocates only the sample of centres (at most 1,024) the walk takes its grid's extent from
//! and, when there are obstacles, their index. Fresh buffers at every call cost more than the
//! pass at 10k labels: the system allocator hands large blocks back to the kernel, and every
//! call faults their pages in again.

use std::cell::Cell;

use glam::DVec2;

use super::cull::{View, in_view};
use super::layout::Flags;
use super::obstacles::ObstacleIndex;
use super::order::placement_key;
use super::walk::{Over, Slot, Walk};
use super::{PlacementOptions, stages};
use crate::validate::{check_label, check_obstacle};
use crate::{Error, Label, LabelOutcome, Placement, PlacementStats, Shape};

/// Most labels the small pass takes when the options leave the tiling automatic.
pub(super) const SMALL_MAX: usize = super::MIN_PARALLEL_CHUNK;

/// Whether [`place`] runs for this input: few labels and no tiling or cell size asked for (a
/// caller who sets them gets the staged pipeline they shape).
pub(super) fn takes(labels: &[Label], options: &PlacementOptions) -> bool {
    labels.len() <= SMALL_MAX && options.tile_size.is_none() && options.tile_labels.is_none()
}

thread_local! {
    static SCRATCH: Cell<Walk> = Cell::new(Walk::default());
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
    let mut walk = SCRATCH.take();
    let placement = place_in(&mut walk, &Call { labels, obstacles, options, ties, check });
    SCRATCH.set(walk);
    placement
}

/// [`place`] in the buffers of `walk`.
fn place_in(walk: &mut Walk, call: &Call<'_>) -> Result<Placement, Error> {
    let &Call { labels, obstacles, options, ties, check } = call;
    if check {
        options.validate()?;
    }
    let origin = stages::origin(labels, options.viewport.as_ref());
    let view = options.viewport.as_ref().map(|v| View::new(v, origin));
    read(walk, labels, ties, view.as_ref(), origin, check)?;
    if check {
        obstacles.iter().enumerate().try_for_each(|(i, s)| check_obstacle(i, s))?;
    }
    let obstacles = (!obstacles.is_empty()).then(|| ObstacleIndex::new_from(obstacles, origin));
    let mut outcomes = vec![LabelOutcome::OFFSCREEN; labels.len()];
    let in_view = walk.len();
    let walked = walk.run(
        Over::Crowd(options.viewport.as_ref()),
        origin,
        obstacles.as_ref(),
        options.max_overlap_area,
        |_, me, d| {
            outcomes[me.input as usize] = d.into();
        },
    );
    let stats = PlacementStats {
        labels: labels.len(),
        visible: walked.shown,
        hidden_collision: in_view - walked.shown,
        hidden_offscreen: labels.len() - in_view,
        cells: walk.cells(),
        narrow_tests: walked.tests,
        tiles: 1,
        ..PlacementStats::default()
    };
    Ok(Placement { outcomes, stats, choices: Vec::new() })
}

/// The one read of the labels into `walk`: each checked (with `check`), its box and bounds
/// built and culled; those in view handed over.
fn read(
    walk: &mut Walk,
    labels: &[Label],
    ties: Option<&[u32]>,
    view: Option<&View>,
    origin: DVec2,
    check: bool,
) -> Result<(), Error> {
    walk.clear(labels.len());
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
        let key = placement_key(s.priority, ties.map_or(0, |t| t[i]), i as u32);
        let flags = Flags { allow_overlap: s.allow_overlap, ignore_placement: s.ignore_placement };
        walk.push(key, obb, Slot { bounds, input: i as u32, flags });
    }
    Ok(())
}
