//! The stages of [`crate::place`], public so that each can be measured on its own and reused
//! by callers that keep state between frames.

use glam::DVec2;
use rayon::prelude::*;

use super::cull::in_view;
use super::greedy::Decision;
use super::obstacles::ObstacleIndex;
use super::order::{placement_order, placement_order_with_ties};
use crate::broad::{Candidates, Cells};
use crate::{Aabb, Blocker, Label, LabelOutcome, Obb, Shape};

/// Distance from the screen's origin, px, past which the engine measures from a nearer point
/// (see [`origin`]); f32 still resolves 1/128 px at this distance.
pub const FAR_FROM_ORIGIN: f64 = 65_536.0;

/// Below this many items a parallel loop is not worth splitting.
const MIN_PARALLEL_CHUNK: usize = 16_384;

/// The labels that take part in the greedy pass, in placement order.
#[derive(Clone, Debug, Default)]
pub struct Ranked {
    /// Input position of the label at each rank.
    pub order: Vec<u32>,
    /// Box of the label at each rank.
    pub obbs: Vec<Obb>,
    /// Bounds of the box at each rank.
    pub bounds: Vec<Aabb>,
    /// `allow_overlap` at each rank.
    pub allow_overlap: Vec<bool>,
    /// `ignore_placement` at each rank.
    pub ignore_placement: Vec<bool>,
}

/// Stage 1: every label's oriented box relative to `origin`, in input order (in parallel).
#[must_use]
pub fn build_boxes(labels: &[Label], origin: DVec2) -> Vec<Obb> {
    labels.par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|l| l.obb_from(origin)).collect()
}

/// The point the engine measures from. Boxes are stored in f32 relative to it, so labels far
/// from the screen's origin (world pixels at a high zoom, say) keep sub-pixel precision relative
/// to each other. It is the origin itself unless the viewport's centre (or, without a viewport,
/// the mean anchor point) lies more than [`FAR_FROM_ORIGIN`] px away; then it is that point
/// rounded to whole pixels, so that coordinates on a pixel grid stay exact after the shift.
#[must_use]
pub fn origin(labels: &[Label], viewport: Option<&Aabb>) -> DVec2 {
    let center = match viewport {
        Some(v) => v.center().as_dvec2(),
        None if labels.is_empty() => DVec2::ZERO,
        None => labels.iter().fold(DVec2::ZERO, |s, l| s + DVec2::new(l.x, l.y)) / labels.len() as f64,
    };
    if center.abs().max_element() > FAR_FROM_ORIGIN { center.round() } else { DVec2::ZERO }
}

/// Stages 2–3: drops the labels whose box misses the viewport and ranks the rest by priority
/// descending, then input position.
#[must_use]
pub fn rank(labels: &[Label], obbs: &[Obb], viewport: Option<&Aabb>) -> Ranked {
    rank_by(labels, obbs, viewport, None)
}

/// [`rank`] with a tie-break key: priority descending, then `ties[i]` ascending, then input
/// position. A renderer gives the labels it showed in the last frame the lower key, so that
/// they win priority ties and the picture does not flicker between equals.
///
/// # Panics
/// If `ties` and `labels` differ in length ([`crate::place_with_ties`] checks it first).
#[must_use]
pub fn rank_with_ties(labels: &[Label], obbs: &[Obb], viewport: Option<&Aabb>, ties: &[u32]) -> Ranked {
    assert_eq!(ties.len(), labels.len(), "one tie-break key per label");
    rank_by(labels, obbs, viewport, Some(ties))
}

fn rank_by(labels: &[Label], obbs: &[Obb], viewport: Option<&Aabb>, ties: Option<&[u32]>) -> Ranked {
    let (bounds, shown): (Vec<Aabb>, Vec<bool>) = obbs
        .par_iter()
        .with_min_len(MIN_PARALLEL_CHUNK)
        .map(|o| {
            let b = o.bounds();
            (b, in_view(viewport, o, &b))
        })
        .unzip();
    let chosen = (0..labels.len()).filter(|&i| shown[i]);
    let order = match ties {
        None => placement_order(chosen.map(|i| (i as u32, labels[i].priority))),
        Some(t) => placement_order_with_ties(chosen.map(|i| (i as u32, labels[i].priority, t[i]))),
    };
    // The flags, read once in input order: picking them from the labels in placement order
    // would be a cache miss per label on large inputs.
    let flags: Vec<(bool, bool)> =
        labels.par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|l| (l.allow_overlap, l.ignore_placement)).collect();
    let pick = |f: &dyn Fn(usize) -> bool| order.iter().map(|&i| f(i as usize)).collect::<Vec<bool>>();
    Ranked {
        // Gathers in placement order: random reads, so spread over the threads.
        obbs: order.par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|&i| obbs[i as usize]).collect(),
        bounds: order.par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|&i| bounds[i as usize]).collect(),
        allow_overlap: pick(&|i| flags[i].0),
        ignore_placement: pick(&|i| flags[i].1),
        order,
    }
}

/// Stage 4, the broad phase: buckets the ranked labels into cells and finds, with an rstar
/// self-join of the cells' envelopes, which cells' labels can reach each other
/// (see [`Cells`]). `cell_size` in px, or `None` for an automatic size.
#[must_use]
pub fn broad_phase(ranked: &Ranked, cell_size: Option<f32>) -> Cells {
    Cells::new(&ranked.bounds, cell_size)
}

/// Every pair of ranked labels whose bounds meet, from per-tile rstar self-joins of the labels
/// themselves: the input of [`narrow_phase`]. (Placement does not need the pairs: the greedy
/// pass scans only placed labels.)
#[must_use]
pub fn candidate_pairs(ranked: &Ranked) -> Candidates {
    crate::broad::find_candidates(&ranked.bounds, None).0
}

/// The narrow phase on every candidate pair (the greedy pass tests only the pairs it needs;
/// this eager form measures the cost of the test itself). Returns how many pairs overlap.
#[must_use]
pub fn narrow_phase(ranked: &Ranked, candidates: &Candidates) -> usize {
    (0..candidates.len())
        .into_par_iter()
        .with_min_len(MIN_PARALLEL_CHUNK)
        .map(|r| {
            let me = &ranked.obbs[r];
            candidates.earlier(r).iter().filter(|&&e| me.overlaps(&ranked.obbs[e as usize])).count()
        })
        .sum()
}

/// Stage 5: the first obstacle each ranked box overlaps (in parallel); empty without obstacles.
#[must_use]
pub fn obstacle_hits(obstacles: &[Shape], ranked: &Ranked) -> Vec<Option<u32>> {
    if obstacles.is_empty() {
        return Vec::new();
    }
    ObstacleIndex::new(obstacles).first_hits(&ranked.obbs, &ranked.bounds)
}

/// Stage 6, the greedy pass: see [`super::greedy::greedy`]. Returns the decision at each rank
/// and the number of exact tests run.
#[must_use]
pub fn greedy_pass(
    ranked: &Ranked,
    cells: &Cells,
    obstacle_hits: &[Option<u32>],
    max_overlap_area: f32,
    chunk: Option<usize>,
) -> (Vec<Decision>, usize) {
    let flags = super::greedy::RankedFlags {
        obbs: &ranked.obbs,
        bounds: &ranked.bounds,
        allow_overlap: &ranked.allow_overlap,
        ignore_placement: &ranked.ignore_placement,
        obstacle_hits,
    };
    super::greedy::greedy(&flags, cells, max_overlap_area, chunk)
}

/// Stage 7: the decisions back in input order, for `count` input labels.
#[must_use]
pub fn outcomes(count: usize, ranked: &Ranked, decisions: &[Decision]) -> Vec<LabelOutcome> {
    let mut outcomes = vec![LabelOutcome::OFFSCREEN; count];
    for (&i, d) in ranked.order.iter().zip(decisions) {
        outcomes[i as usize] = match *d {
            Decision::Placed => LabelOutcome::VISIBLE,
            Decision::HiddenByLabel(rank) => LabelOutcome::hidden_by(Blocker::Label(ranked.order[rank as usize])),
            Decision::HiddenByObstacle(o) => LabelOutcome::hidden_by(Blocker::Obstacle(o)),
        };
    }
    outcomes
}

/// Every label checked at the boundary; the first bad one (lowest index) is reported.
pub(crate) fn validate(labels: &[Label]) -> Result<(), crate::Error> {
    match labels
        .par_iter()
        .enumerate()
        .with_min_len(MIN_PARALLEL_CHUNK)
        .find_map_first(|(i, l)| crate::validate::check_label(i, l).err())
    {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
