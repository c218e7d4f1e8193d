//! Greedy priority placement of one frame or batch (contract §4).
//!
//! The stages, in call order, are described in [`crate::pipeline`], which makes them public;
//! this module's [`place`] runs them on checked input — or, for up to 16,384 labels with the
//! tiling left automatic, the small pass (`small.rs`), which decides the same with less fixed
//! cost.

mod blockers;
mod cull;
mod foreign;
mod greedy;
mod layout;
mod obstacles;
mod options;
mod order;
mod outcome;
mod rounds;
pub mod rule;
mod sequential;
mod small;
pub mod stages;
mod symbols;
mod walk;

/// Below this many items a parallel loop over labels is not worth splitting (rayon's wake-ups
/// cost more than they save).
const MIN_PARALLEL_CHUNK: usize = 16_384;

pub use foreign::{Known, Pending, Walked, decide_from_list, decide_with_foreign};
pub use greedy::{PassCounts, collides, greedy};
pub use layout::{Flags, Layout};
pub use options::PlacementOptions;
pub use order::descending_key;
pub use outcome::{Blocker, Decision, HiddenReason, LabelOutcome, Placement, PlacementStats};
pub use sequential::{Sequential, place_sequentially};
pub use symbols::{place_symbols, place_symbols_laid_out};

use crate::validate::check_obstacle;
use crate::{Error, Label, Shape, limits};

/// Places `labels` around `obstacles`: decides, for every label, whether it is shown, and if
/// not, why and behind what.
///
/// ```
/// use label_core::{place, Blocker, Label, PlacementOptions};
/// let labels = [
///     Label::new(50.0, 50.0, 80.0, 20.0).with_priority(1.0),
///     Label::new(60.0, 55.0, 80.0, 20.0).with_priority(2.0), // more important, overlaps
///     Label::new(500.0, 50.0, 80.0, 20.0),                  // off screen
/// ];
/// let options = PlacementOptions::default().with_viewport(400.0, 300.0);
/// let placement = place(&labels, &[], &options).unwrap();
/// assert!(!placement.outcomes[0].visible);
/// assert_eq!(placement.outcomes[0].hidden_by, Some(Blocker::Label(1)));
/// assert!(placement.outcomes[1].visible);
/// assert_eq!(placement.stats.hidden_offscreen, 1);
/// ```
///
/// # Errors
/// [`Error`] naming the first bad label, obstacle or option. Nothing is placed then.
pub fn place(labels: &[Label], obstacles: &[Shape], options: &PlacementOptions) -> Result<Placement, Error> {
    place_by(labels, obstacles, options, None)
}

/// [`place`] with a tie-break key per label: labels are taken by priority descending, then
/// `ties[i]` ascending, then input position (contract §4 with one more key before the input
/// position). Everything else is [`place`]'s rule. A renderer gives 0 to the labels it showed in
/// the last frame and 1 to the others, so that a shown label is not replaced by an equal one.
///
/// ```
/// use label_core::pipeline::place_with_ties;
/// use label_core::{Blocker, Label, PlacementOptions};
/// let labels = [Label::new(50.0, 50.0, 80.0, 20.0), Label::new(60.0, 55.0, 80.0, 20.0)];
/// let options = PlacementOptions::default();
/// // Equal priorities: input order decides, unless the key does.
/// let p = place_with_ties(&labels, &[], &options, &[1, 0]).unwrap();
/// assert!(p.outcomes[1].visible);
/// assert_eq!(p.outcomes[0].hidden_by, Some(Blocker::Label(1)));
/// ```
///
/// # Errors
/// As [`place`], and [`Error::TieBreakLength`] when `ties` does not have one key per label.
pub fn place_with_ties(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
    ties: &[u32],
) -> Result<Placement, Error> {
    if ties.len() != labels.len() {
        return Err(Error::TieBreakLength { labels: labels.len(), ties: ties.len() });
    }
    place_by(labels, obstacles, options, Some(ties))
}

/// The checks every run makes at the boundary, shared by [`place`] and [`place_symbols`].
struct Input;

impl Input {
    /// Every option, label and obstacle checked at the boundary.
    fn check(labels: &[Label], obstacles: &[Shape], options: &PlacementOptions) -> Result<(), Error> {
        options.validate()?;
        if labels.len() > limits::MAX_LABELS {
            return Err(Error::TooManyLabels(labels.len()));
        }
        stages::validate(labels)?;
        obstacles.iter().enumerate().try_for_each(|(i, s)| check_obstacle(i, s))
    }
}

fn place_by(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
    ties: Option<&[u32]>,
) -> Result<Placement, Error> {
    if small::takes(labels, options) {
        return small::place(labels, obstacles, options, ties, true);
    }
    Input::check(labels, obstacles, options)?;
    Ok(place_checked(labels, obstacles, options, ties))
}

/// [`place_by`] on input already checked.
fn place_checked(labels: &[Label], obstacles: &[Shape], options: &PlacementOptions, ties: Option<&[u32]>) -> Placement {
    if small::takes(labels, options) {
        return small::place(labels, obstacles, options, ties, false).expect("checked input");
    }
    staged(labels, obstacles, options, ties)
}

/// The staged pipeline of [`crate::pipeline`] on checked input: every stage in turn, each in
/// parallel over the labels or the tiles.
fn staged(labels: &[Label], obstacles: &[Shape], options: &PlacementOptions, ties: Option<&[u32]>) -> Placement {
    // The boxes on screen, their bounds measured from a point near the labels.
    let obbs = stages::build_boxes(labels, glam::DVec2::ZERO);
    let origin = stages::origin(labels, options.viewport.as_ref());
    let (viewport, tile, per_tile) = (options.viewport.as_ref(), options.tile_size, options.tile_labels);
    let layout = stages::layout_from(labels, &obbs, viewport, ties, tile, per_tile, origin);
    drop(obbs);
    let cells = stages::broad_phase(&layout);
    let hits = stages::obstacle_hits(obstacles, &layout);
    let (decisions, counts) = stages::greedy_pass(&layout, &cells, &hits, options.max_overlap_area);
    let outcomes = stages::outcomes(labels.len(), &layout, &decisions);

    let shown = decisions.iter().filter(|d| d.is_placed()).count();
    let stats = PlacementStats {
        labels: labels.len(),
        visible: shown,
        hidden_collision: layout.len() - shown,
        hidden_offscreen: labels.len() - layout.len(),
        cells: cells.len(),
        cell_pairs: cells.cell_pairs(),
        narrow_tests: counts.narrow_tests,
        tiles: layout.grid.tiles(),
        waited: counts.waited,
        hidden_repeat: 0,
        hidden_no_room: 0,
        hidden_too_curved: 0,
    };
    Placement { outcomes, stats, choices: Vec::new() }
}
