//! The greedy priority pass (DESIGN §4 steps 2–3) over the candidate table.

use crate::Obb;
use crate::broad::Candidates;
use crate::narrow::convex_overlap_area;

/// What the pass decided for the label at one rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Shown.
    Placed,
    /// Hidden by the label at this rank.
    HiddenByLabel(u32),
    /// Hidden by the obstacle with this index.
    HiddenByObstacle(u32),
}

/// Per-rank inputs of the greedy pass.
pub struct RankedFlags<'a> {
    /// Boxes by rank.
    pub obbs: &'a [Obb],
    /// `allow_overlap` by rank.
    pub allow_overlap: &'a [bool],
    /// `ignore_placement` by rank.
    pub ignore_placement: &'a [bool],
    /// The first obstacle each box overlaps, by rank (empty when there are no obstacles).
    pub obstacle_hits: &'a [Option<u32>],
}

/// Runs the pass: each label in rank order is placed unless it collides with an obstacle or
/// with a placed, blocking, earlier label; `allow_overlap` labels are always placed. Returns
/// the decisions and the number of exact tests run.
pub fn greedy(
    r: &RankedFlags<'_>,
    candidates: &Candidates,
    max_overlap_area: f32,
) -> (Vec<Decision>, usize) {
    let n = r.obbs.len();
    let mut decisions = Vec::with_capacity(n);
    // `blocks[k]`: the label at rank k is placed and keeps later labels out.
    let mut blocks = vec![false; n];
    let mut tests = 0usize;
    for rank in 0..n {
        let decision = if r.allow_overlap[rank] {
            Decision::Placed
        } else if let Some(o) = r.obstacle_hits.get(rank).copied().flatten() {
            Decision::HiddenByObstacle(o)
        } else {
            let me = &r.obbs[rank];
            let mut first: Option<u32> = None;
            for &e in candidates.earlier(rank) {
                if blocks[e as usize] && first.is_none_or(|f| e < f) {
                    tests += 1;
                    if collides(me, &r.obbs[e as usize], max_overlap_area) {
                        first = Some(e);
                    }
                }
            }
            first.map_or(Decision::Placed, Decision::HiddenByLabel)
        };
        blocks[rank] = decision == Decision::Placed && !r.ignore_placement[rank];
        decisions.push(decision);
    }
    (decisions, tests)
}

/// Two labels' boxes collide when their interiors overlap by more than `max_overlap_area`.
#[must_use]
#[inline]
pub fn collides(a: &Obb, b: &Obb, max_overlap_area: f32) -> bool {
    a.overlaps(b)
        && (max_overlap_area <= 0.0
            || convex_overlap_area(&a.corners(), &b.corners()) > max_overlap_area)
}
