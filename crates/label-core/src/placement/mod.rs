//! Greedy priority placement of one frame or batch (DESIGN §4).
//!
//! The pipeline:
//! 1. **Boxes**: every label becomes its oriented box and that box's bounds (in parallel).
//! 2. **Culling**: boxes that miss the viewport are hidden as `offscreen`.
//! 3. **Order**: the rest are ranked by priority descending, then input position.
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

use rayon::prelude::*;

pub use options::PlacementOptions;
pub use outcome::{Blocker, HiddenReason, LabelOutcome, Placement, PlacementStats};

use crate::broad::find_candidates;
use crate::validate::{check_label, check_obstacle};
use crate::{Aabb, Error, Label, Obb, Shape, limits};
use greedy::{Decision, Ranked, greedy};
use obstacles::ObstacleIndex;
use order::placement_order;

/// Below this many items a parallel loop is not worth splitting.
const MIN_PARALLEL_CHUNK: usize = 4096;

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
pub fn place(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Result<Placement, Error> {
    validate(labels, obstacles, options)?;
    let n = labels.len();
    let obbs: Vec<Obb> = labels
        .par_iter()
        .with_min_len(MIN_PARALLEL_CHUNK)
        .map(Label::obb)
        .collect();
    let bounds: Vec<Aabb> = obbs
        .par_iter()
        .with_min_len(MIN_PARALLEL_CHUNK)
        .map(Obb::aabb)
        .collect();
    let viewport = options.viewport.as_ref();
    let visible: Vec<bool> = obbs
        .par_iter()
        .zip(&bounds)
        .with_min_len(MIN_PARALLEL_CHUNK)
        .map(|(o, b)| cull::in_view(viewport, o, b))
        .collect();

    let order = placement_order(
        (0..n)
            .filter(|&i| visible[i])
            .map(|i| (i as u32, labels[i].priority)),
    );
    let by_rank =
        |f: &dyn Fn(usize) -> bool| order.iter().map(|&i| f(i as usize)).collect::<Vec<bool>>();
    let ranked_obbs: Vec<Obb> = order.iter().map(|&i| obbs[i as usize]).collect();
    let ranked_bounds: Vec<Aabb> = order.iter().map(|&i| bounds[i as usize]).collect();
    let allow_overlap = by_rank(&|i| labels[i].allow_overlap);
    let ignore_placement = by_rank(&|i| labels[i].ignore_placement);
    drop((obbs, bounds));

    let (candidates, tiles) = find_candidates(&ranked_bounds, options.tile_size);
    let obstacle_hits = if obstacles.is_empty() {
        Vec::new()
    } else {
        ObstacleIndex::new(obstacles).first_hits(&ranked_obbs, &ranked_bounds)
    };
    let ranked = Ranked {
        obbs: &ranked_obbs,
        allow_overlap: &allow_overlap,
        ignore_placement: &ignore_placement,
        obstacle_hits: &obstacle_hits,
    };
    let (decisions, narrow_tests) = greedy(&ranked, &candidates, options.max_overlap_area);

    let mut outcomes = vec![LabelOutcome::OFFSCREEN; n];
    for (&i, d) in order.iter().zip(&decisions) {
        outcomes[i as usize] = match *d {
            Decision::Placed => LabelOutcome::VISIBLE,
            Decision::HiddenByLabel(rank) => {
                LabelOutcome::hidden_by(Blocker::Label(order[rank as usize]))
            }
            Decision::HiddenByObstacle(o) => LabelOutcome::hidden_by(Blocker::Obstacle(o)),
        };
    }
    let shown = decisions.iter().filter(|d| **d == Decision::Placed).count();
    let stats = PlacementStats {
        labels: n,
        visible: shown,
        hidden_collision: order.len() - shown,
        hidden_offscreen: n - order.len(),
        candidate_pairs: candidates.pairs(),
        narrow_tests,
        tiles,
    };
    Ok(Placement { outcomes, stats })
}

fn validate(
    labels: &[Label],
    obstacles: &[Shape],
    options: &PlacementOptions,
) -> Result<(), Error> {
    options.validate()?;
    if labels.len() > limits::MAX_LABELS {
        return Err(Error::TooManyLabels(labels.len()));
    }
    if let Some(e) = labels
        .par_iter()
        .enumerate()
        .with_min_len(MIN_PARALLEL_CHUNK)
        .find_map_first(|(i, l)| check_label(i, l).err())
    {
        return Err(e);
    }
    obstacles
        .iter()
        .enumerate()
        .try_for_each(|(i, s)| check_obstacle(i, s))
}
