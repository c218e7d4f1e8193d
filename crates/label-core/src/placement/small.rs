//! The plain pass for small and medium sets — up to [`SMALL_MAX`] labels, a frame's or a
//! tile's — with the least fixed cost: the contract's sequential definition (§4) on one thread,
//! without the staged pipeline's layout, tiles and cell neighbourhoods.
//!
//! One read of the labels checks each one, builds its box and its bounds, culls it against the
//! viewport and hands those in view to the one-thread walk (`walk.rs`), which sorts them into
//! placement order and walks them against a grid of the shown labels. The read is about a
//! quarter of the work; from [`SPLIT_READ_MIN`] labels, when the thread pool has a second
//! thread, its second half runs there. Below [`SMALL_MAX`] labels the staged pipeline runs on
//! one thread too (its parallel loops do not split below [`super::MIN_PARALLEL_CHUNK`]), so
//! the small pass loses nothing to it on two cores.
//!
//! The walk's buffers (the labels in view, the sort's, the grid) and the second half's are kept
//! per thread between calls (at most [`SMALL_MAX`] labels' worth, about 3.5 MB): besides its
//! result, a call allocates only the sample of centres (at most 1,024) the walk takes its
//! grid's extent from and, when there are obstacles, their index. Fresh buffers at every call cost more than the
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
use crate::{Error, Label, LabelOutcome, Obb, Placement, PlacementStats, Shape};

/// Most labels the small pass takes when the options leave the tiling automatic.
pub(super) const SMALL_MAX: usize = super::MIN_PARALLEL_CHUNK;

/// Whether [`place`] runs for this input: few labels and no tiling or cell size asked for (a
/// caller who sets them gets the staged pipeline they shape).
pub(super) fn takes(labels: &[Label], options: &PlacementOptions) -> bool {
    labels.len() <= SMALL_MAX && options.tile_size.is_none() && options.tile_labels.is_none()
}

/// From this many labels, with more than one thread in the pool, the read runs in two halves
/// on two threads (a smaller read costs less than waking the second thread).
const SPLIT_READ_MIN: usize = 4_096;

/// A label read by the second half of a split read: its placement key, box and slot.
type Read = (u128, Obb, Slot);

/// A thread's buffers: the walk's, and the second half of a split read's.
#[derive(Default)]
struct Scratch {
    walk: Walk,
    second_half: Vec<Read>,
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
    let reading = Reading { ties, view: view.as_ref(), origin, check };
    read(scratch, labels, &reading)?;
    let walk = &mut scratch.walk;
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

/// How the labels are read: their tie-break keys, the view they are culled to, the origin their
/// bounds are measured from, and whether they are checked.
struct Reading<'a> {
    ties: Option<&'a [u32]>,
    view: Option<&'a View>,
    origin: DVec2,
    check: bool,
}

/// The one read of the labels into the walk: each checked (with `check`), its box and bounds
/// built and culled; those in view handed over, in input order. From [`SPLIT_READ_MIN`] labels
/// on, with a second thread in the pool, the second half is read on it into `second_half` and
/// handed over after the first: the same labels in the same order, and the first bad label's
/// error, as one read.
fn read(scratch: &mut Scratch, labels: &[Label], reading: &Reading<'_>) -> Result<(), Error> {
    let Scratch { walk, second_half } = scratch;
    walk.clear(labels.len());
    if labels.len() < SPLIT_READ_MIN || rayon::current_num_threads() < 2 {
        return read_from(labels, 0, reading, |key, obb, slot| walk.push(key, obb, slot));
    }
    let mid = labels.len() / 2;
    second_half.clear();
    second_half.reserve(labels.len() - mid);
    let (first, second) = rayon::join(
        || read_from(&labels[..mid], 0, reading, |key, obb, slot| walk.push(key, obb, slot)),
        || read_from(&labels[mid..], mid, reading, |key, obb, slot| second_half.push((key, obb, slot))),
    );
    first?;
    second?;
    for &(key, obb, slot) in second_half.iter() {
        walk.push(key, obb, slot);
    }
    Ok(())
}

/// Reads `labels`, the first at input position `start`, handing those in view to `hand_over`.
fn read_from(
    labels: &[Label],
    start: usize,
    reading: &Reading<'_>,
    mut hand_over: impl FnMut(u128, Obb, Slot),
) -> Result<(), Error> {
    let &Reading { ties, view, origin, check } = reading;
    for (i, l) in labels.iter().enumerate() {
        let i = start + i;
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
        hand_over(key, obb, Slot { bounds, input: i as u32, flags });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A read split over two threads hands over the labels in input order and reports the
    /// first bad label, whichever half it is in.
    #[test]
    fn a_split_read_is_one_read() {
        let labels: Vec<Label> = (0..2 * SPLIT_READ_MIN as u32)
            .map(|i| Label::new(f64::from(i % 97) * 9.0, f64::from(i / 97) * 7.0, 30.0, 10.0))
            .collect();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool of two threads");
        let place = |labels: &[Label]| pool.install(|| super::super::place(labels, &[], &PlacementOptions::default()));
        let split = place(&labels).expect("good labels");
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool of one thread");
        let whole =
            one.install(|| super::super::place(&labels, &[], &PlacementOptions::default())).expect("good labels");
        assert_eq!(split.outcomes, whole.outcomes);
        assert_eq!(split.stats, whole.stats);
        let mut bad = labels.clone();
        let late = SPLIT_READ_MIN + 5;
        bad[late].style.width = f64::NAN;
        let index = |r: Result<Placement, Error>| match r {
            Err(Error::InvalidLabel { index, .. }) => index,
            other => panic!("expected a bad label, got {other:?}"),
        };
        assert_eq!(index(place(&bad)), late);
        bad[3].style.height = -1.0;
        assert_eq!(index(place(&bad)), 3);
    }
}
