//! The greedy pass for a few labels, on the calling thread, as a frame engine calls it: the
//! one-thread walk (`walk.rs`, the small pass's) over labels given by their parts, keeping the
//! boxes and the grid of the shown labels for the caller to query after the pass.
//!
//! For a few hundred labels (the labels a frame engine re-places every frame) the staged
//! pipeline's layout, tiles and broad phase cost more than the placement itself; this pass does
//! without them and decides the same, bit for bit (see the property tests).

use glam::DVec2;

use super::layout::Flags;
use super::obstacles::ObstacleIndex;
use super::order::placement_key;
use super::outcome::Decision;
use super::walk::{Over, Slot, Walk};
use crate::broad::FirstHit;
use crate::{Error, Label, Obb, Shape};

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
/// block, and the grid of the blocking ones, for the caller to query after the pass (a frame
/// engine's shown labels); the boxes, the flags and the grid are built into the same
/// allocations at the next call.
#[derive(Debug, Default)]
pub struct Sequential {
    walk: Walk,
    /// By rank: shown and blocking.
    blocks: Vec<bool>,
}

impl Sequential {
    /// [`place_sequentially`], keeping the pass's boxes and grid.
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
        let Self { walk, blocks } = self;
        walk.clear(count);
        for i in 0..count {
            let (priority, tie) = key(i);
            let me = obb(i);
            let (allow_overlap, ignore_placement) = flags(i);
            let slot = Slot { bounds: me.bounds(), input: i as u32, flags: Flags { allow_overlap, ignore_placement } };
            walk.push(placement_key(priority, tie, i as u32), me, slot);
        }
        let obstacles = (!obstacles.is_empty()).then(|| ObstacleIndex::new(obstacles));
        let mut decisions = vec![Decision::Placed; count];
        let mut shown = Vec::new();
        blocks.clear();
        blocks.resize(count, false);
        walk.run(Over::Union, DVec2::ZERO, obstacles.as_ref(), max_overlap_area, |rank, me, decision| {
            if decision.is_placed() {
                shown.push(me.input);
                blocks[rank] = !me.flags.ignore_placement;
            }
            decisions[me.input as usize] = decision;
        });
        (decisions, shown)
    }

    /// The input positions of the last pass's labels, in placement order (their ranks).
    #[must_use]
    pub fn order(&self) -> &[u32] {
        self.walk.order()
    }

    /// Whether the label of rank `rank` was shown and blocks.
    #[must_use]
    pub fn blocks(&self, rank: usize) -> bool {
        self.blocks[rank]
    }

    /// Moves the last pass's boxes (by rank) and the grid of its shown blocking labels (their
    /// bounds numbered by rank) into `boxes` and `index`, taking theirs in exchange, to build
    /// into at the next call. The grid lists exactly the ranks [`Self::blocks`] says (a frame
    /// engine takes it over as its shown labels' index).
    pub fn swap_boxes(&mut self, boxes: &mut Vec<Obb>, index: &mut FirstHit) {
        self.walk.swap_boxes(boxes, index);
    }
}
