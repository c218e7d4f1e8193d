//! Certificates of symbols (contract §3b): a label of several parts sleeps while **every** part
//! that keeps it hidden overlaps a part of the same blocker.
//!
//! A symbol's parts all turn with its one reading axis `u`, so each pair of a part and the
//! blocker's part it overlaps gives a rectangle of [`Sleep::issue`] about the same vector
//! `w·turned`: the pairs all overlap while it stays inside every rectangle, that is inside
//! their intersection, itself a rectangle. Under pitch each pair gives a depth instead
//! ([`Sleep::issue_depth`]), about the same two anchors and scales: the pairs all overlap while
//! the boxes moved less than the least of them. Which parts must overlap, and what else must hold
//! for the waiting label's decision to stay the same, is the frame's business
//! (`frame_pass/symbols/asleep/`).

use glam::{DVec2, Vec2};
use label_core::Obb;

use super::{Certificate, Sleep};

impl Sleep {
    /// The certificate of a label each of whose boxes `mine` (all along one reading axis)
    /// overlaps one of the boxes `theirs` of label `blocker`, `world` the world vector from the
    /// blocker's anchor to the label's, in a frame whose camera maps world vectors by `now`:
    /// the rectangle inside every pair's rectangle ([`Self::issue`], each box with the box of
    /// `theirs` that gives the widest), shrunk by the rounding of its centre and of the test
    /// in f32. [`Self::NONE`] if some box overlaps none of `theirs` deeply enough, or `mine`
    /// is empty.
    #[must_use]
    pub(crate) fn issue_each(mine: &[Obb], theirs: &[Obb], blocker: u32, world: DVec2, now: DVec2) -> Self {
        let mut turned_all: Option<Vec2> = None;
        let (mut lo, mut hi) = (DVec2::NEG_INFINITY, DVec2::INFINITY);
        for me in mine {
            let widest = theirs
                .iter()
                .filter_map(|them| match Self::issue(me, them, blocker, world, now).kind {
                    Certificate::Rectangle { turned, center, half } => Some((turned, center, half)),
                    _ => None,
                })
                .max_by(|a, b| a.2.min_element().total_cmp(&b.2.min_element()));
            let Some((turned, center, half)) = widest else { return Self::NONE };
            // One axis for all the parts, so one `turned` (bit for bit: the same arithmetic).
            if turned_all.is_some_and(|t| t != turned) {
                return Self::NONE;
            }
            turned_all = Some(turned);
            // The ends of the f32 rectangle, exact in f64.
            lo = lo.max(center.as_dvec2() - half.as_dvec2());
            hi = hi.min(center.as_dvec2() + half.as_dvec2());
        }
        let Some(turned) = turned_all else { return Self::NONE };
        let center = (lo + hi) * 0.5;
        let stored = center.as_vec2();
        // The rectangle `stored ± half` lies inside `lo..hi`, and the test of it in f32 rounds
        // as [`Self::issue`] allows for.
        let moved = (stored.as_dvec2() - center).abs();
        let rounding = (center.abs().max_element() * 2.0 + (hi - lo).max_element()) * 2e-6;
        let half = ((hi - lo) * 0.5 - moved - rounding).as_vec2().map(|h| h.next_down());
        // (Not `<= 0`: a NaN half is no certificate either.)
        if !half.cmpgt(Vec2::ZERO).all() {
            return Self::NONE;
        }
        let sleep = Self::rectangle(turned, stored, half, blocker);
        if sleep.holds(now) { sleep } else { Self::NONE }
    }

    /// Under any camera, the depth certificate of a label each of whose boxes `mine` overlaps
    /// one of the boxes `theirs` of label `blocker`, the label's anchor `offset` from the
    /// blocker's on screen at `scales` (label, blocker): the least, over `mine`, of the
    /// deepest overlap with a box of `theirs` ([`Self::issue_depth`]). [`Self::NONE`] if some
    /// box overlaps none of `theirs` deeply enough, or `mine` is empty.
    #[must_use]
    pub(crate) fn issue_depth_each(mine: &[Obb], theirs: &[Obb], blocker: u32, offset: DVec2, scales: DVec2) -> Self {
        let mut least = Self::NONE;
        for me in mine {
            let depth = |s: &Self| match s.kind {
                Certificate::Depth { depth, .. } => depth,
                _ => 0.0,
            };
            let deepest = theirs
                .iter()
                .map(|them| Self::issue_depth(me, them, blocker, offset, scales))
                .max_by(|a, b| depth(a).total_cmp(&depth(b)));
            let Some(deepest) = deepest.filter(Self::is_some) else { return Self::NONE };
            if !least.is_some() || depth(&deepest) < depth(&least) {
                least = deepest;
            }
        }
        least
    }
}
