//! Which of a region's own labels may depend on foreign ones.
//!
//! A label's outcome depends only on the earlier labels (in placement order) that collide with
//! it and may block it. Call an own label *tainted* when one of those is foreign or tainted
//! itself. An untainted label's outcome depends on untainted own labels only, so the region's
//! plain placement of its own labels (the core's `place`, foreign labels absent) decides it
//! exactly; only the tainted ones — the labels within reach of a foreign label, and the chains
//! that go on from them — need the walk with undecided foreign labels. The walk here is cheap:
//! its grid holds only foreign and tainted labels, so most queries meet empty cells.

use label_core::pipeline::{FirstHit, Walked, descending_key};
use label_core::{Aabb, Obb};

use crate::Screen;

/// Whether each of `own` is tainted by `foreign` (labels that can block: in view, without
/// `ignore_placement`).
pub(crate) fn tainted(screen: &Screen, own: &[Walked], foreign: &[Walked]) -> Vec<bool> {
    let n = own.len();
    let at = |k: usize| if k < n { &own[k] } else { &foreign[k - n] };
    let mut order: Vec<(u64, u32, usize)> =
        (0..n + foreign.len()).map(|k| (descending_key(at(k).priority), at(k).id, k)).collect();
    order.sort_unstable();
    let obb = |rank: u32| -> &Obb { &at(order[rank as usize].2).obb };
    let mut index = grid(own.iter().chain(foreign).map(|w| w.obb.bounds()));
    let mut tainted = vec![false; n];
    for (rank, &(_, _, k)) in order.iter().enumerate() {
        let rank = rank as u32;
        let w = at(k);
        let bounds = w.obb.bounds();
        if k < n {
            if !screen.in_view(&w.obb) {
                continue;
            }
            if index.any_below(&bounds, rank, |e| screen.collides(&w.obb, obb(e))).is_none() {
                continue;
            }
            tainted[k] = true;
            if w.flags.ignore_placement {
                continue;
            }
        }
        index.insert(rank, &bounds);
    }
    tainted
}

/// An empty grid over the bounds, its cells about the median label's size but no more than a
/// quarter as many as the labels.
fn grid(bounds: impl Iterator<Item = Aabb>) -> FirstHit {
    let bounds: Vec<Aabb> = bounds.collect();
    let unit = Aabb::from_corners(glam::Vec2::ZERO, glam::Vec2::ONE);
    let extent = bounds.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or(unit);
    let mut sides: Vec<f32> = bounds.iter().map(|b| b.size().max_element()).collect();
    let middle = sides.len() / 2;
    let median = sides.select_nth_unstable_by(middle, f32::total_cmp).1.max(1.0);
    FirstHit::over(extent, median.max(FirstHit::cell_for(&extent, bounds.len(), 4.0)))
}
