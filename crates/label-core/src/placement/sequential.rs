//! The greedy pass for a few labels, on the calling thread: the sequential definition of the contract
//! §4 run as written, with the boxes indexed by bounds in placement order so that each label
//! tests only the earlier labels near it.
//!
//! For a few hundred labels (the labels a frame engine re-places every frame) the staged
//! pipeline's layout, tiles and broad phase cost more than the placement itself; this pass does
//! without them and decides the same, bit for bit (see the property tests). Its index holds
//! every label, hidden ones too, so a label's query also meets the earlier labels near it that
//! were hidden: on crowded sets (thousands of long rotated labels, most of them hidden) the
//! staged pipeline, which drops hidden labels from its cells, is faster.

use crate::broad::FirstHit;
use crate::{Aabb, Error, Label, Obb, Shape};

use super::collides;
use super::obstacles::ObstacleIndex;
use super::order::{placement_key, sorted_positions};
use super::outcome::Decision;
use super::rule::{self, Blocked, Occupied, Plain};

/// Places `labels` (all in view) by priority descending, then `ties[i]` if given (lower first),
/// then input position: a label is shown unless it has no `allow_overlap` and an obstacle or an
/// earlier shown label that blocks overlaps it (by more than `max_overlap_area`). Returns each
/// label's decision in input order, and the shown labels' positions in placement order. The
/// labels are not checked: they come from a caller that did (a frame engine's own).
///
/// ```
/// use label_core::pipeline::{Decision, place_sequentially};
/// use label_core::{Blocker, Label};
/// let labels = [Label::new(0.0, 0.0, 10.0, 10.0), Label::new(5.0, 0.0, 10.0, 10.0).with_priority(1.0)];
/// let (decisions, shown) = place_sequentially(&labels, None, &[], 0.0)?;
/// assert_eq!(decisions, vec![Decision::Hidden(Blocker::Label(1)), Decision::Placed]);
/// assert_eq!(shown, vec![1]);
/// # Ok::<(), label_core::Error>(())
/// ```
///
/// # Errors
/// [`Error::TieBreakLength`] when `ties` is given without one key per label.
pub fn place_sequentially(
    labels: &[Label],
    ties: Option<&[u32]>,
    obstacles: &[Shape],
    max_overlap_area: f32,
) -> Result<(Vec<Decision>, Vec<u32>), Error> {
    Sequential::default().place(labels, ties, obstacles, max_overlap_area)
}

/// [`place_sequentially`] that keeps what it built: the boxes in placement order, which of them
/// block, and their index, for the caller to query after the pass (a frame engine's shown
/// labels); the boxes, the flags and the index are built into the same allocations at the next
/// call.
#[derive(Debug, Default)]
pub struct Sequential {
    /// Input positions in placement order.
    order: Vec<u32>,
    /// The boxes, by rank in placement order.
    obbs: Vec<Obb>,
    /// By rank: shown and blocking.
    blocks: Vec<bool>,
    /// The boxes' bounds by rank, and their index.
    bounds: Vec<Aabb>,
    index: FirstHit,
}

impl Sequential {
    /// [`place_sequentially`], keeping the pass's boxes and index.
    ///
    /// # Errors
    /// [`Error::TieBreakLength`] when `ties` is given without one key per label.
    pub fn place(
        &mut self,
        labels: &[Label],
        ties: Option<&[u32]>,
        obstacles: &[Shape],
        max_overlap_area: f32,
    ) -> Result<(Vec<Decision>, Vec<u32>), Error> {
        if let Some(t) = ties.filter(|t| t.len() != labels.len()) {
            return Err(Error::TieBreakLength { labels: labels.len(), ties: t.len() });
        }
        Ok(self.place_parts(
            labels.len(),
            |i| (labels[i].style.priority, ties.map_or(0, |t| t[i])),
            |i| labels[i].obb(),
            |i| (labels[i].style.allow_overlap, labels[i].style.ignore_placement),
            obstacles,
            max_overlap_area,
        ))
    }

    /// [`Self::place`] over `count` labels given by their parts rather than as [`Label`]s:
    /// label `i`'s priority and tie-break key, its box, and whether it has `allow_overlap` and
    /// `ignore_placement` (in that order). For callers that keep their labels another way: a
    /// frame engine builds each box from parts it keeps per label, without a `Label`.
    pub fn place_parts(
        &mut self,
        count: usize,
        key: impl Fn(usize) -> (f64, u32),
        obb: impl Fn(usize) -> Obb,
        flags: impl Fn(usize) -> (bool, bool),
        obstacles: &[Shape],
        max_overlap_area: f32,
    ) -> (Vec<Decision>, Vec<u32>) {
        let keys: Vec<u128> = (0..count)
            .map(|i| {
                let (priority, tie) = key(i);
                placement_key(priority, tie, i as u32)
            })
            .collect();
        // Input positions in placement order, and the boxes by rank in that order.
        self.order = sorted_positions(&keys);
        let Self { order, obbs, bounds, blocks, index } = self;
        obbs.clear();
        obbs.extend(order.iter().map(|&i| obb(i as usize)));
        bounds.clear();
        bounds.extend(obbs.iter().map(Obb::bounds));
        index.rebuild(bounds.iter().copied());
        let obstacles = (!obstacles.is_empty()).then(|| ObstacleIndex::new(obstacles));
        blocks.clear();
        blocks.resize(count, false);
        let mut decisions = vec![Decision::Placed; count];
        let mut shown = Vec::new();
        for (rank, (&i, me)) in order.iter().zip(obbs.iter()).enumerate() {
            let (allow_overlap, ignore_placement) = flags(i as usize);
            let mut earlier = Earlier {
                me,
                bounds: &bounds[rank],
                rank: rank as u32,
                obbs,
                blocks,
                index,
                obstacles: obstacles.as_ref(),
                max_overlap_area,
            };
            let decision = rule::decide(&Plain { allow_overlap }, &mut earlier).decision(|k| order[k as usize]);
            if decision.is_placed() {
                shown.push(i);
                blocks[rank] = !ignore_placement;
            }
            decisions[i as usize] = decision;
        }
        (decisions, shown)
    }

    /// The input positions of the last pass's labels, in placement order (their ranks).
    #[must_use]
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// Whether the label of rank `rank` was shown and blocks.
    #[must_use]
    pub fn blocks(&self, rank: usize) -> bool {
        self.blocks[rank]
    }

    /// Moves the last pass's boxes (by rank) and their index into `boxes` and `index`, taking
    /// theirs in exchange, to build into at the next call.
    pub fn swap_boxes(&mut self, boxes: &mut Vec<Obb>, index: &mut FirstHit) {
        std::mem::swap(&mut self.obbs, boxes);
        std::mem::swap(&mut self.index, index);
    }
}

/// What the labels before the one of rank `rank` occupy: the obstacles, and the shown blocking
/// boxes among the earlier ones, found by bounds.
struct Earlier<'a> {
    me: &'a Obb,
    bounds: &'a Aabb,
    rank: u32,
    obbs: &'a [Obb],
    blocks: &'a [bool],
    index: &'a FirstHit,
    obstacles: Option<&'a ObstacleIndex<'a>>,
    max_overlap_area: f32,
}

impl Occupied for Earlier<'_> {
    #[inline(always)]
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        let (me, bounds) = (self.me, self.bounds);
        if let Some(o) = self.obstacles.and_then(|x| x.first_hit(me, bounds)) {
            return Some(Blocked::Obstacle(o));
        }
        let hit = |k: u32| self.blocks[k as usize] && collides(me, &self.obbs[k as usize], self.max_overlap_area);
        self.index.first_below(bounds, self.rank, hit).map(Blocked::Label)
    }
}
