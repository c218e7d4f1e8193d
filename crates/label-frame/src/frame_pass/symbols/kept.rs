//! The parts pass 1 showed, as what every waiting label of pass 2 must clear: most waiting
//! labels are still covered at every position by them, which settles those without the greedy
//! pass — the test of `frame_pass/covered.rs` (contract §4 against the kept labels alone), for
//! a symbol: each position in view, and the part it could show alone. Labels whose decision
//! can hang on the other waiting labels in another way go through the pass: those with a
//! repeat group (an earlier waiting label of the group would hide them for `repeat`), and
//! those that allow overlap. Texts along lines go through the pass too (their one position is
//! many glyph boxes, which these tests do not take).

use std::ops::Range;

use label_core::pipeline::collides;
use label_core::pipeline::rule;
use label_core::{Blocker, Choice, Obb, Optional, Parts, Shape};

use super::pose_of;
use crate::frame_pass::covered;
use crate::frame_pass::shown::KeptSet;
use crate::geo::path::ScreenPath;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::{ScreenPose, WorldLabel};

/// The blocking parts pass 1 showed, in its placement order (a table by engine index, as the
/// sleeping symbols look up several labels each).
pub(super) type Kept = KeptSet;

impl Kept {
    /// The blocking labels of `shown` (engine index and choice, in placement order; all in
    /// view, their lines on screen in `paths` for path labels; each label once), their boxes
    /// as [`shown_boxes`] says.
    pub(super) fn of_shown(
        viewer: &Viewer,
        (sights, paths): (&[Sight], &[Option<ScreenPath>]),
        shown: &[(u32, Choice)],
    ) -> Self {
        let mut kept = Kept::new(sights.len());
        for &(i, choice) in shown.iter().filter(|&&(i, _)| !viewer.labels[i as usize].style.ignore_placement) {
            kept.push_label(i, |boxes| shown_boxes(viewer.labels, (sights, paths), (i, choice), boxes));
        }
        kept.lay();
        kept
    }

    /// Whether `blocker` is a kept label that one of `parts` collides with (laid out only if
    /// it is).
    pub(super) fn still_hides(
        &self,
        blocker: Option<Blocker>,
        parts: impl FnOnce() -> Vec<Obb>,
        max_overlap_area: f32,
    ) -> bool {
        let Some(Blocker::Label(b)) = blocker else { return false };
        let theirs = self.boxes_of(b);
        !theirs.is_empty() && parts().iter().any(|me| theirs.iter().any(|t| collides(me, t, max_overlap_area)))
    }
}

/// The boxes label `i` of `labels` shows with `choice` (in view at its pose in `sights`; a
/// path label along its line in `paths`, its glyphs) onto `out`: [`shown_parts`] — bit for bit
/// the parts of the label as [`super::batch::Batch::push_shown`] and `push_path_shown` add it,
/// without building its symbol.
pub(super) fn shown_boxes(
    labels: &[WorldLabel],
    (sights, paths): (&[Sight], &[Option<ScreenPath>]),
    (i, choice): (u32, Choice),
    out: &mut Vec<Obb>,
) {
    let world = &labels[i as usize];
    if let Some(path) = paths.get(i as usize).and_then(Option::as_ref) {
        out.extend(path.glyph_boxes(world, 0.0));
        return;
    }
    let pose = pose_of(sights, i);
    out.extend(shown_parts(world, &pose, choice));
}

/// The parts `label` shows at `pose` with `choice`: its text at the position shown, then its
/// icon, as the choice's parts say.
pub(super) fn shown_parts<'a>(
    label: &'a WorldLabel,
    pose: &'a ScreenPose,
    choice: Choice,
) -> impl Iterator<Item = Obb> + 'a {
    // Part `k < positions` is the text at position `k`, part `positions` the icon.
    let positions = label.symbol.positions();
    let text = match choice.parts {
        Some(Parts::Icon) => None,
        _ => Some(choice.candidate.map_or(0, |k| k as usize).min(positions - 1)),
    };
    let icon = matches!(choice.parts, Some(Parts::Both | Parts::Icon)).then_some(positions);
    let parts = label.screen_parts(pose, 0.0).take(positions + 1).enumerate();
    parts.filter(move |&(k, _)| Some(k) == text || Some(k) == icon).map(|(_, part)| part)
}

/// The parts at the first position in view (`view`) of a label whose parts are `parts` (its
/// text at each of `positions` positions, then its icon if `icon`): the text there, and the
/// icon.
pub(super) fn first_in_view(parts: &[Obb], positions: usize, icon: bool, view: &Obb) -> Vec<Obb> {
    let icon = icon.then(|| parts[positions]);
    let first = first_text_in_view(parts[..positions].iter().copied(), icon.as_ref(), view).map_or(0, |(k, _)| k);
    std::iter::once(parts[first]).chain(icon).collect()
}

/// The first of a label's `texts` (one per position, in order) whose position is in view
/// (`view`): the first text if its `icon` meets the view, else the first text that does; with
/// its index. `None` if no position is in view.
pub(super) fn first_text_in_view(
    texts: impl IntoIterator<Item = Obb>,
    icon: Option<&Obb>,
    view: &Obb,
) -> Option<(usize, Obb)> {
    let icon_meets = icon.is_some_and(|i| view.overlaps(i));
    texts.into_iter().enumerate().find(|(_, t)| icon_meets || view.overlaps(t))
}

/// A waiting label as [`covered()`] tests it: its parts on screen with the margin
/// ([`crate::WorldLabel::screen_parts`]) and what it was.
pub(super) struct Waiting<'a> {
    pub(super) label: &'a WorldLabel,
    pub(super) parts: &'a [Obb],
    /// What hid it last frame.
    pub(super) last: Option<Blocker>,
}

/// A waiting label as the core's rule reads it ([`rule::Candidate`]): part `k < positions` is
/// its text at position `k`, part `positions` its icon if it has one.
struct Laid<'a> {
    parts: &'a [Obb],
    positions: usize,
    icon: bool,
    optional: Optional,
    view: &'a Obb,
}

impl rule::Candidate for Laid<'_> {
    fn positions(&self) -> usize {
        self.positions
    }
    fn in_view(&self) -> bool {
        (0..self.positions).any(|k| self.meets(k))
    }
    fn part_in_view(&self, p: usize) -> bool {
        self.view.overlaps(&self.parts[p])
    }
    fn text(&self, k: usize) -> Range<usize> {
        k..k + 1
    }
    fn icon(&self) -> Option<usize> {
        self.icon.then_some(self.positions)
    }
    fn allow_overlap(&self) -> bool {
        false
    }
    fn optional(&self) -> Optional {
        self.optional
    }
    fn grouped(&self) -> bool {
        false
    }
}

/// What hides a `waiting` label for certain in a viewport `view`, if it is covered as the
/// module says ([`covered::covered`]); `None` if it must go through the pass.
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
    let laid =
        Laid { parts, positions: symbol.positions(), icon: symbol.icon.is_some(), optional: symbol.optional, view };
    covered::covered(&laid, parts, last, kept, obstacles, max_overlap_area)
}
