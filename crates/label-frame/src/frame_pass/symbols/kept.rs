//! The parts pass 1 showed, as what every waiting label of pass 2 must clear: most waiting
//! labels are still covered at every position by them, which settles those without the greedy
//! pass.
//!
//! In pass 2 the labels pass 1 showed are placed before every waiting label, so a waiting
//! label that collides with one of them (or with an obstacle) at every position it could take
//! — each position in view, and the part it could show alone — is hidden whatever the other
//! waiting labels do, by the earliest placed label (or lowest obstacle) that collides with it at
//! its first position in view: contract §4 step 3d with the shown labels first — or, as for
//! plain labels, by the label that hid it last frame if that one is kept and still collides
//! with it there (`docs/renderer.md`: the label that keeps it waiting). Labels whose
//! decision can hang on the other waiting labels in another way go through the pass: those
//! with a repeat group (an earlier waiting label of the group would hide them for `repeat`),
//! and those that allow overlap. Texts along lines go through the pass too (their one
//! position is many glyph boxes, which these tests do not take).

use label_core::pipeline::{FirstHit, collides};
use label_core::{Blocker, Choice, Obb, Optional, Shape};

use super::batch::Batch;
use crate::WorldLabel;

/// The blocking parts pass 1 showed, in its placement order.
#[derive(Debug, Default)]
pub(super) struct Kept {
    /// Per box: the engine index of its label.
    owners: Vec<u32>,
    boxes: Vec<Obb>,
    index: FirstHit,
    /// Per kept label, in placement order: its boxes, `boxes[start..end]`, and the position
    /// and parts it shows them at.
    of_label: Vec<(u32, u32, Choice)>,
    /// Per engine label: its place in `of_label`, `u32::MAX` if it is not kept (a table: the
    /// sleeping symbols look up several labels each).
    slot: Vec<u32>,
}

impl Kept {
    /// The boxes of `shown` (engine index below `n`, the choice it is shown with and the boxes
    /// it shows, in placement order; each label once).
    pub(super) fn new<B: IntoIterator<Item = Obb>>(
        n: usize,
        shown: impl IntoIterator<Item = (u32, Choice, B)>,
    ) -> Self {
        let mut kept = Kept { slot: vec![u32::MAX; n], ..Kept::default() };
        for (i, choice, boxes) in shown {
            let start = kept.boxes.len() as u32;
            kept.boxes.extend(boxes);
            kept.owners.resize(kept.boxes.len(), i);
            kept.slot[i as usize] = kept.of_label.len() as u32;
            kept.of_label.push((start, kept.boxes.len() as u32, choice));
        }
        kept.index = FirstHit::new(kept.boxes.iter().map(Obb::bounds));
        kept
    }

    /// The blocking labels of `fixed` ([`Batch::of_shown`] of `shown`, engine index and
    /// choice of each, in placement order), for an engine of `n` labels.
    pub(super) fn of_fixed(n: usize, fixed: &Batch, shown: &[(u32, Choice)]) -> Self {
        let blocking = (0..fixed.len()).filter(|&k| !fixed.labels[k].style.ignore_placement);
        Kept::new(n, blocking.map(|k| (fixed.index[k], shown[k].1, fixed.parts(k))))
    }

    /// Whether `blocker` is a kept label that one of `parts` collides with.
    pub(super) fn still_hides(&self, blocker: Option<Blocker>, parts: &[Obb], max_overlap_area: f32) -> bool {
        let theirs = self.boxes_of(blocker);
        parts.iter().any(|me| theirs.iter().any(|t| collides(me, t, max_overlap_area)))
    }

    /// The boxes of `blocker` if it is a kept label, else none.
    fn boxes_of(&self, blocker: Option<Blocker>) -> &[Obb] {
        let Some(Blocker::Label(b)) = blocker else { return &[] };
        self.shown_as(b).map_or(&[], |(_, boxes)| boxes)
    }

    /// If label `b` is kept: the choice it is shown with, and its boxes.
    pub(super) fn shown_as(&self, b: u32) -> Option<(Choice, &[Obb])> {
        let &at = self.slot.get(b as usize).filter(|&&at| at != u32::MAX)?;
        let (start, end, choice) = self.of_label[at as usize];
        Some((choice, &self.boxes[start as usize..end as usize]))
    }

    /// The label of the earliest kept box that `me` collides with.
    pub(super) fn first_owner(&self, me: &Obb, max_overlap_area: f32) -> Option<u32> {
        self.first_collider(me, max_overlap_area).map(|k| self.owners[k as usize])
    }

    /// The number (placement order) of the earliest kept box that `me` collides with.
    fn first_collider(&self, me: &Obb, max_overlap_area: f32) -> Option<u32> {
        self.index.first(&me.bounds(), |k| collides(me, &self.boxes[k as usize], max_overlap_area))
    }
}

/// The parts at the first position in view (`view`) of a label whose parts are `parts` (its
/// text at each of `positions` positions, then its icon if `icon`): the text there, and the
/// icon.
pub(super) fn first_in_view(parts: &[Obb], positions: usize, icon: bool, view: &Obb) -> Vec<Obb> {
    let icon = icon.then(|| parts[positions]);
    let icon_meets = icon.is_some_and(|i| view.overlaps(&i));
    let first = (0..positions).find(|&k| icon_meets || view.overlaps(&parts[k])).unwrap_or(0);
    std::iter::once(parts[first]).chain(icon).collect()
}

/// A waiting label as [`covered`] tests it: its parts on screen with the margin
/// ([`crate::WorldLabel::screen_parts`]) and what it was.
pub(super) struct Waiting<'a> {
    pub(super) label: &'a WorldLabel,
    pub(super) parts: &'a [Obb],
    /// What hid it last frame.
    pub(super) last: Option<Blocker>,
}

/// What a part of a waiting label collides with first, tested only as far as needed: an
/// obstacle (the lowest), else the label that hid it last frame, else a kept box (the
/// earliest), else nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PartHit {
    Obstacle(usize),
    Last,
    Kept(u32),
    Free,
}

/// What hides a `waiting` label for certain in a viewport `view`, if it is covered as the
/// module says; `None` if it must go through the pass.
pub(super) fn covered(
    waiting: &Waiting,
    view: &Obb,
    kept: &Kept,
    obstacles: &[Shape],
    max_overlap_area: f32,
) -> Option<Blocker> {
    let Waiting { label, parts, last } = *waiting;
    let symbol = &label.symbol;
    if label.style.allow_overlap || symbol.repeat_group.is_some() {
        return None;
    }
    let positions = symbol.positions();
    let icon = symbol.icon.map(|_| parts[positions]);
    // Obstacles first (they are placed before every label), then the label that hid it last
    // frame (most often it still does; its boxes found once for all the parts), then every
    // kept box. Each part is tested once: the first position's answer also names the blocker.
    let last_boxes = kept.boxes_of(last);
    let part_hit = |b: &Obb| {
        if let Some(o) = obstacles.iter().position(|s| s.overlaps_obb(b)) {
            PartHit::Obstacle(o)
        } else if last_boxes.iter().any(|t| collides(b, t, max_overlap_area)) {
            PartHit::Last
        } else {
            kept.first_collider(b, max_overlap_area).map_or(PartHit::Free, PartHit::Kept)
        }
    };
    let icon_meets = icon.is_some_and(|i| view.overlaps(&i));
    let icon_hit = icon.map(|i| part_hit(&i));
    let icon_blocked = icon_hit.is_some_and(|h| h != PartHit::Free);
    // The first position in view, and its text's answer if tested.
    let mut first: Option<(usize, Option<PartHit>)> = None;
    for (k, text) in parts[..positions].iter().enumerate() {
        if !(icon_meets || view.overlaps(text)) {
            continue;
        }
        if icon_blocked {
            first.get_or_insert((k, None));
            continue;
        }
        let hit = part_hit(text);
        first.get_or_insert((k, Some(hit)));
        if hit == PartHit::Free {
            return None;
        }
    }
    let (first, first_hit) = first?;
    match (icon_hit, symbol.optional) {
        (Some(PartHit::Free), Optional::Text) if icon_meets => return None,
        (Some(_), Optional::Icon)
            if parts[..positions].iter().any(|t| view.overlaps(t) && part_hit(t) == PartHit::Free) =>
        {
            return None;
        }
        _ => {}
    }
    // The lowest obstacle, else the label that hid it last frame if it still does, else the
    // earliest kept label, that a part at `first` collides with.
    let at = [Some(first_hit.unwrap_or_else(|| part_hit(&parts[first]))), icon_hit];
    let at = || at.iter().flatten().copied();
    let obstacle = at().filter_map(|h| if let PartHit::Obstacle(o) = h { Some(o) } else { None }).min();
    if let Some(o) = obstacle {
        return Some(Blocker::Obstacle(o as u32));
    }
    if at().any(|h| h == PartHit::Last) {
        return last;
    }
    let earliest = at().filter_map(|h| if let PartHit::Kept(k) = h { Some(k) } else { None }).min()?;
    Some(Blocker::Label(kept.owners[earliest as usize]))
}
