//! Greedy priority placement of one frame or batch (DESIGN §4).
//!
//! The pipeline:
//! 1. **Boxes**: every label becomes its oriented box and that box's bounds (in parallel).
//! 2. **Culling**: boxes that miss the viewport are hidden as `offscreen`.
//! 3. **Order**: the rest are ranked by priority descending, then input position (or, with
//!    [`place_with_ties`], priority, then the caller's tie-break key, then input position).
//! 4. **Broad phase** ([`crate::broad`]): per-tile R-trees list, for each label, the earlier
//!    labels whose bounds meet its own.
//! 5. **Obstacles**: each box's first overlapping obstacle, in parallel.
//! 6. **Greedy pass**: in rank order, a label is shown unless an obstacle or an earlier shown,
//!    blocking label overlaps it (the narrow phase decides, lazily: only pairs whose earlier
//!    label is shown are tested).
//!
//! Steps 1, 4 and 5 run on rayon's current thread pool; their results do not depend on the
//! thread count or the tile size, and step 6 is the sequential definition itself, so the
//! placement is the same bit for bit however it is run.

mod cull;
mod greedy;
mod obstacles;
mod options;
mod order;
mod outcome;
pub mod stages;

pub use greedy::{Decision, RankedFlags, collides, greedy};
pub use options::PlacementOptions;
pub use outcome::{Blocker, HiddenReason, LabelOutcome, Placement, PlacementStats};

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
/// `ties[i]` ascending, then input position (DESIGN §4 with one more key before the input
/// position). Everything else is [`place`]'s rule. A renderer gives 0 to the labels it showed in
/// the last frame and 1 to the others, so that a shown label is not replaced by an equal one.
///
/// ```
/// use label_core::{place_with_ties, Blocker, Label, PlacementOptions};
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

fn place_by(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
    ties: Option<&[u32]>,
) -> Result<Placement, Error> {
    options.validate()?;
    if labels.len() > limits::MAX_LABELS {
        return Err(Error::TooManyLabels(labels.len()));
    }
    stages::validate(labels)?;
    obstacles.iter().enumerate().try_for_each(|(i, s)| check_obstacle(i, s))?;

    // Boxes, the viewport and the obstacles, all relative to one origin (see `stages::origin`).
    let origin = stages::origin(labels, options.viewport.as_ref());
    let shift = -origin.as_vec2();
    let viewport = options.viewport.map(|v| v.translate(shift));
    let obstacles: Vec<Shape> = obstacles.iter().map(|s| s.translate(shift)).collect();
    let obbs = stages::build_boxes(labels, origin);
    let ranked = match ties {
        None => stages::rank(labels, &obbs, viewport.as_ref()),
        Some(t) => stages::rank_with_ties(labels, &obbs, viewport.as_ref(), t),
    };
    drop(obbs);
    let cells = stages::broad_phase(&ranked, options.tile_size);
    let hits = stages::obstacle_hits(&obstacles, &ranked);
    let (decisions, narrow_tests) =
        stages::greedy_pass(&ranked, &cells, &hits, options.max_overlap_area, options.greedy_chunk);
    let outcomes = stages::outcomes(labels.len(), &ranked, &decisions);

    let shown = decisions.iter().filter(|d| **d == Decision::Placed).count();
    let stats = PlacementStats {
        labels: labels.len(),
        visible: shown,
        hidden_collision: ranked.order.len() - shown,
        hidden_offscreen: labels.len() - ranked.order.len(),
        cells: cells.len(),
        cell_pairs: cells.cell_pairs(),
        narrow_tests,
        tiles: cells.tiles(),
    };
    Ok(Placement { outcomes, stats })
}
