//! The stages of [`crate::place`] in call order, public so that each can be measured on its own
//! and reused by callers that keep state between frames.

use glam::DVec2;
use rayon::prelude::*;

use super::layout::Layout;
use super::obstacles::ObstacleIndex;
use super::outcome::Decision;
use crate::broad::{Candidates, Cells};
use crate::{Aabb, Label, LabelOutcome, Obb, Shape};

/// Distance from the screen's origin, px, past which the broad phase measures from a nearer
/// point (see [`origin`]); f32 bounds are within 1/128 px of tight at this distance.
pub const FAR_FROM_ORIGIN: f64 = 65_536.0;

/// Stage 1: every label's oriented box relative to `origin`, in input order (in parallel).
/// [`crate::place`] measures from the screen's origin: each box's centre is f64, so its
/// precision does not depend on where the other labels are.
#[must_use]
pub fn build_boxes(labels: &[Label], origin: DVec2) -> Vec<Obb> {
    labels.par_iter().with_min_len(super::MIN_PARALLEL_CHUNK).map(|l| l.obb_from(origin)).collect()
}

/// The point the broad phase measures the labels' f32 bounds from ([`layout_from`]), so that
/// they stay tight however far the labels are from the screen's origin (world pixels at a high
/// zoom, say). It is the origin itself unless the viewport's centre (or, without a viewport,
/// the mean anchor point) lies more than [`FAR_FROM_ORIGIN`] px away; then it is that point
/// rounded to whole pixels. The boxes themselves, and so every decision, do not depend on it.
#[must_use]
pub fn origin(labels: &[Label], viewport: Option<&Aabb>) -> DVec2 {
    let center = match viewport {
        Some(v) => v.center().as_dvec2(),
        None if labels.is_empty() => DVec2::ZERO,
        None => labels.iter().fold(DVec2::ZERO, |s, l| s + DVec2::new(l.x, l.y)) / labels.len() as f64,
    };
    if center.abs().max_element() > FAR_FROM_ORIGIN { center.round() } else { DVec2::ZERO }
}

pub use super::layout::{lay_out as layout, lay_out_from as layout_from};

/// Stage 2, culling: whether a box meets the viewport (overlaps it by more than τ, contract §4
/// step 1) — the test `place` makes, for callers that cut a placement up themselves.
#[must_use]
pub fn in_view(viewport: Option<&Aabb>, obb: &Obb) -> bool {
    let view = viewport.map(|v| super::cull::View::new(v, DVec2::ZERO));
    super::cull::in_view(view.as_ref(), obb, &obb.bounds())
}

/// Stage 4, the broad phase: each cell's neighbourhood — the cells whose labels can reach its
/// own — from an rstar self-join of the cells' envelopes (see [`Cells`]).
#[must_use]
pub fn broad_phase(layout: &Layout) -> Cells {
    Cells::new(&layout.grid, &layout.cell_starts, &layout.members, &layout.bounds)
}

/// Every pair of laid-out labels whose bounds meet, from per-tile rstar self-joins of the labels
/// themselves: the input of [`narrow_phase`]. (Placement does not need the pairs: the greedy
/// pass scans only labels that can block.)
#[must_use]
pub fn candidate_pairs(layout: &Layout) -> Candidates {
    crate::broad::find_candidates(&layout.bounds, None).0
}

/// The narrow phase on every candidate pair (the greedy pass tests only the pairs it needs;
/// this eager form measures the cost of the test itself). Returns how many pairs overlap.
#[must_use]
pub fn narrow_phase(layout: &Layout, candidates: &Candidates) -> usize {
    (0..candidates.len())
        .into_par_iter()
        .with_min_len(super::MIN_PARALLEL_CHUNK)
        .map(|r| {
            let me = &layout.obbs[r];
            candidates.earlier(r).iter().filter(|&&e| me.overlaps(&layout.obbs[e as usize])).count()
        })
        .sum()
}

/// Stage 5: the first obstacle each laid-out box overlaps (in parallel); empty without
/// obstacles.
#[must_use]
pub fn obstacle_hits(obstacles: &[Shape], layout: &Layout) -> Vec<Option<u32>> {
    if obstacles.is_empty() {
        return Vec::new();
    }
    ObstacleIndex::new_from(obstacles, layout.origin).first_hits(&layout.obbs, &layout.bounds)
}

pub use super::greedy::greedy as greedy_pass;

/// Stage 7: the decisions back in input order, for `count` input labels.
#[must_use]
pub fn outcomes(count: usize, layout: &Layout, decisions: &[Decision]) -> Vec<LabelOutcome> {
    // Each input label's slot (a narrow scatter), then the outcomes read in input order on all
    // threads.
    let mut slot_of = vec![u32::MAX; count];
    for (s, &i) in layout.index.iter().enumerate() {
        slot_of[i as usize] = s as u32;
    }
    slot_of
        .par_iter()
        .with_min_len(super::MIN_PARALLEL_CHUNK)
        .map(|&s| match decisions.get(s as usize) {
            None => LabelOutcome::OFFSCREEN,
            Some(&d) => d.into(),
        })
        .collect()
}

/// The input positions of the shown labels in placement order.
#[must_use]
pub fn shown_in_order(layout: &Layout, decisions: &[Decision]) -> Vec<u32> {
    let mut shown: Vec<usize> = (0..layout.len()).filter(|&s| decisions[s].is_placed()).collect();
    shown.sort_unstable_by_key(|&s| layout.keys[s]);
    shown.into_iter().map(|s| layout.index[s]).collect()
}

/// Every label checked at the boundary; the first bad one (lowest index) is reported.
pub(crate) fn validate(labels: &[Label]) -> Result<(), crate::Error> {
    first_error(labels, crate::validate::check_label).map_or(Ok(()), Err)
}

/// The error `check` finds at the lowest index of `items`, if any: chunks in parallel, each a
/// plain loop, without rayon's bookkeeping (is an earlier one found yet?) at every item, which
/// cost about 30 instructions an item.
pub(crate) fn first_error<T: Sync>(
    items: &[T],
    check: impl Fn(usize, &T) -> Result<(), crate::Error> + Sync,
) -> Option<crate::Error> {
    let chunk = super::MIN_PARALLEL_CHUNK;
    items
        .par_chunks(chunk)
        .enumerate()
        .find_map_first(|(c, items)| items.iter().enumerate().find_map(|(k, item)| check(c * chunk + k, item).err()))
}
