//! Contract §4 for one label, written once: what becomes of a label given what the labels
//! placed before it occupy. Every pass asks [`decide`] — the plain pipeline's tiles
//! (`greedy.rs`), the one-thread walk (`walk.rs`), the symbol pass (`symbols/pass.rs`)
//! and its tiles (`symbols/tiles.rs`) — and they differ only in how they find what a part
//! collides with ([`Occupied`]) and in how a label is laid out ([`Candidate`]).
//!
//! A plain label is a symbol with one position of one part and no icon or repeat group
//! ([`Plain`]): its [`Candidate`] answers those questions with constants, so the compiler
//! folds the rule down to "`allow_overlap` shows; else the first obstacle, else the earliest
//! placed label it collides with, hides", the plain passes' loop as it was written by hand.
//!
//! The rule, for a label in placement order:
//!
//! 1. none of its positions meets the viewport: `offscreen`;
//! 2. **repeat**: an earlier placed label of its group closer than its repeat distance hides
//!    it, behind the earliest such label;
//! 3. **positions**, in list order: the first that meets the viewport and whose parts collide
//!    with no obstacle and no placed blocking part wins. The icon, the same at every position,
//!    is tested once, and so is the first position in view, in full: its earliest collision is
//!    the `hidden_by` of step 5. With one position, `allow_overlap` shows it there untested
//!    (whatever it collides with, that is where it goes);
//! 4. `allow_overlap`: the first position in view; then the **optional parts**: the icon alone,
//!    or the text alone at the first position where it fits. A part set shown alone must meet
//!    the viewport itself;
//! 5. otherwise `collision`, behind the lowest-index obstacle, else the earliest placed label,
//!    that a part of the first position in view (or the icon) collides with.

use std::ops::Range;

use super::outcome::Decision;
use crate::{Blocker, Optional, Parts};

/// What became of one label, blockers named as the pass numbers its labels (a rank or a slot).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// None of its positions meets the viewport.
    Offscreen,
    /// Shown at position `k` (the text's; ignored for the icon alone) with these parts.
    Shown(usize, Parts),
    /// Hidden by an earlier label of its repeat group.
    Repeat(u32),
    /// Hidden behind this.
    Collision(Blocked),
}

/// What a part collides with first (contract §4 step 3d): obstacles count as placed before
/// every label, so the order of the variants is the order of "earliest".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Blocked {
    /// The obstacle with this index.
    Obstacle(u32),
    /// The label with this number (rank or slot, as the pass numbers them).
    Label(u32),
}

impl Verdict {
    /// A plain label's verdict as the plain passes report it, a blocking label named by
    /// `input` (its input position).
    #[inline(always)]
    pub(crate) fn decision(self, input: impl FnOnce(u32) -> u32) -> Decision {
        match self {
            Verdict::Shown(..) => Decision::Placed,
            Verdict::Collision(Blocked::Obstacle(o)) => Decision::Hidden(Blocker::Obstacle(o)),
            Verdict::Collision(Blocked::Label(k)) => Decision::Hidden(Blocker::Label(input(k))),
            Verdict::Offscreen | Verdict::Repeat(_) => unreachable!("a plain label in view has no repeat group"),
        }
    }
}

/// A label as the rule reads it: its positions, each a range of text parts, and an icon, all
/// numbered as the pass's [`Occupied`] numbers parts.
pub trait Candidate {
    /// How many positions.
    fn positions(&self) -> usize;
    /// Whether some position meets the viewport.
    fn in_view(&self) -> bool;
    /// Whether part `p` meets the viewport.
    fn part_in_view(&self, p: usize) -> bool;
    /// The text parts of position `k`.
    fn text(&self, k: usize) -> Range<usize>;
    /// The icon part.
    fn icon(&self) -> Option<usize>;
    /// Whether it may overlap what is placed (`allow_overlap`).
    fn allow_overlap(&self) -> bool;
    /// Which part may show alone (`optional`).
    fn optional(&self) -> Optional;
    /// Whether it belongs to a repeat group.
    fn grouped(&self) -> bool;

    /// Whether position `k` meets the viewport: one of its parts, the icon included, does.
    #[inline]
    fn meets(&self, k: usize) -> bool {
        self.text(k).any(|p| self.part_in_view(p)) || self.icon().is_some_and(|p| self.part_in_view(p))
    }
}

/// What the labels placed before the one being decided occupy, as one pass finds it.
pub trait Occupied {
    /// What part `p` collides with first: the lowest-index obstacle, else the earliest placed
    /// blocking label.
    fn hit(&mut self, p: usize) -> Option<Blocked>;
    /// [`Self::hit`] if it is earlier than `before` (the earliest the caller has found so far
    /// among the parts of one position), else none: a pass may stop looking at `before`.
    #[inline(always)]
    fn hit_before(&mut self, p: usize, before: Option<Blocked>) -> Option<Blocked> {
        self.hit(p).filter(|h| before.is_none_or(|b| *h < b))
    }
    /// Whether part `p` collides with no obstacle and no placed blocking label.
    fn free(&mut self, p: usize) -> bool {
        self.hit(p).is_none()
    }
    /// The earliest placed label of the label's repeat group within its repeat distance (none
    /// for passes without groups).
    fn repeat(&mut self) -> Option<u32> {
        None
    }
}

/// A plain label (contract §2): one position of one part, numbered 0, in view (the plain
/// passes cull first).
#[derive(Clone, Copy, Debug)]
pub struct Plain {
    /// Whether it may overlap what is placed.
    pub allow_overlap: bool,
}

impl Candidate for Plain {
    #[inline(always)]
    fn positions(&self) -> usize {
        1
    }
    #[inline(always)]
    fn in_view(&self) -> bool {
        true
    }
    #[inline(always)]
    fn part_in_view(&self, _: usize) -> bool {
        true
    }
    #[inline(always)]
    fn text(&self, _: usize) -> Range<usize> {
        0..1
    }
    #[inline(always)]
    fn icon(&self) -> Option<usize> {
        None
    }
    #[inline(always)]
    fn allow_overlap(&self) -> bool {
        self.allow_overlap
    }
    #[inline(always)]
    fn optional(&self) -> Optional {
        Optional::None
    }
    #[inline(always)]
    fn grouped(&self) -> bool {
        false
    }
}

/// Contract §4 for `label` against what `occupied` holds (see the module docs).
#[inline(always)]
pub fn decide(label: &impl Candidate, occupied: &mut impl Occupied) -> Verdict {
    let positions = label.positions();
    if !label.in_view() {
        return Verdict::Offscreen;
    }
    let first = (0..positions).find(|&k| label.meets(k)).expect("a label in view has a position in view");
    if label.grouped()
        && let Some(b) = occupied.repeat()
    {
        return Verdict::Repeat(b);
    }
    if positions == 1 && label.allow_overlap() {
        return Verdict::Shown(first, Parts::Both);
    }
    let icon = label.icon();
    let icon_hit = icon.and_then(|i| occupied.hit(i));
    let first_hit = label.text(first).fold(None, |found, p| occupied.hit_before(p, found).or(found));
    if icon_hit.is_none() {
        if first_hit.is_none() {
            return Verdict::Shown(first, Parts::Both);
        }
        for k in first + 1..positions {
            if label.meets(k) && label.text(k).all(|p| occupied.free(p)) {
                return Verdict::Shown(k, Parts::Both);
            }
        }
    }
    if label.allow_overlap() {
        return Verdict::Shown(first, Parts::Both);
    }
    match (icon, label.optional()) {
        (Some(i), Optional::Text) if label.part_in_view(i) && icon_hit.is_none() => {
            return Verdict::Shown(0, Parts::Icon);
        }
        (Some(_), Optional::Icon) => {
            for k in 0..positions {
                let in_view = label.text(k).any(|p| label.part_in_view(p));
                if in_view && (if k == first { first_hit.is_none() } else { label.text(k).all(|p| occupied.free(p)) }) {
                    return Verdict::Shown(k, Parts::Text);
                }
            }
        }
        _ => {}
    }
    let blocked = first_hit.into_iter().chain(icon_hit).min();
    Verdict::Collision(blocked.expect("a label not placed at its first position in view collides there"))
}
