//! Sleeping symbols: the plain engine's certificates (`shortcuts/sleep/`) for waiting labels
//! of a symbol frame, per part.
//!
//! A waiting label (hidden by a collision last frame) that is in view, allows no overlap, has
//! no repeat group and no path is settled by [`super::kept::covered`]. With no obstacles, and
//! the label well inside the viewport (every part at every position inside it: its world cell
//! or its anchor passes the projection's quick test), it is hidden again by the label `b` that
//! hid it last frame whenever:
//!
//! - the text at its first position collides with a part that `b`, kept (shown by pass 1,
//!   blocking), shows — the first position is the first in view, and its answer names `b`
//!   (the label that hid it last frame is numbered first, `frame_pass/covered.rs`);
//! - the text at each other position, and the icon if it may show alone (`optional:
//!   "text"`), collides with a part of some kept label — no position is free, no optional
//!   part either.
//!
//! So such a label keeps its decision while its certificates hold — one per blocker `b_k`, over
//! the parts given to it (`shortcuts/sleep/symbol.rs`; in the first frame with pitch the
//! rectangles turn into the depths they give) — while each `b_k` is kept, shown with the same
//! choice (position and parts) as in the last frame (so, frame after frame, as when the
//! certificates were issued), and while it is not drawn and stays well inside the viewport (or
//! across its edge, as below).
//! No `b_k` is a text along a line: its glyph boxes are laid out anew every frame, and under a
//! pan rounding can carry a glyph across a vertex of its line (`geo/path/turned.rs`), so they
//! do not only move with the screen as a certificate assumes.
//!
//! Across the viewport's edge the first position in view need not be the first position, but
//! every position still collides with a kept part (its certificates hold): the label is hidden
//! by `b` as long as it is in view and `b` collides with its first position in view
//! ([`hidden_at_edge`], with the margin, as pass 2 tests it; only the text there is tested
//! against `b`, not the icon as pass 2 also does, which wakes a few labels pass 2 would hide by
//! `b` too — safe). While position 0 or the icon is in view the answer is yes (position 0's
//! certificate is about `b`): the test does work only when both are out of view. So a label
//! whose blockers are kept alike sleeps on across the edge too, projected but not tested nor
//! certified again: without this, the labels there (a few hundred a frame on the places turn)
//! woke, were tested and certified anew every frame.
//!
//! Such a label is not tested, nor projected but for its anchor under pitch (and across the
//! edge): its entry stays as it is (no pose, as a sleeping plain label's). Certificates are
//! issued in the frame's last loop to the labels it decided hidden by a kept label, undrawn, as
//! the next frame will test them: with the hysteresis margin.

use std::sync::atomic::{AtomicU8, Ordering};

use glam::DVec2;
use label_core::pipeline::collides;
use label_core::{Blocker, Choice, Obb, Optional};

use super::kept::{Kept, first_text_in_view};
use crate::frame_pass::FrameContext;
use crate::geo::cells::Reach;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::deep::holding_depth;
use crate::shortcuts::sleep::{Sleep, Sleeps};
use crate::state::memo::{self, bits};
use crate::{HiddenReason, LabelFrame, ScreenPose};

/// The labels that doze through this frame, ascending: those whose byte (`memo`, the last
/// frame's) says they slept through the last frame or were certified in it, and whose
/// certificates hold under this frame's camera — without pitch, its `w` inside every
/// rectangle; under pitch, their anchors projected, every blocker moved too little against them
/// (`shortcuts/sleep/deep.rs`; a rectangle of the last frame turned into the depth it gives,
/// and kept). The projection left those labels a stand-in sight; the others' are found here.
/// Whether a dozing label sleeps through this frame too is known after pass 1 ([`wake`]).
pub(super) fn doze(viewer: &Viewer, memo: &[AtomicU8], sleeps: &mut Sleeps, sights: &mut [Sight]) -> Vec<u32> {
    let mut dozing = Vec::new();
    if !sleeps.enabled {
        return dozing;
    }
    let sleepy = |i: &usize| memo[*i].load(Ordering::Relaxed) & bits::SLEEPY != 0;
    let mut awake = Vec::new();
    let mut deepened = Vec::new();
    // Every label decided first, from the sights the projection found (a blocker that dozes
    // itself has a stand-in there, no pose: its labels wake), then the others projected.
    for i in (0..memo.len()).filter(sleepy) {
        let holds = match sleeps.now {
            Some(w) => sleeps.get(i).holds(w) && sleeps.further(i).iter().all(|s| s.holds(w)),
            None => holds_deep(viewer, sights, sleeps, i, &mut deepened),
        };
        if holds {
            dozing.push(i as u32);
        } else {
            awake.push(i);
        }
    }
    for i in awake {
        sights[i] = viewer.symbol_sight(i, memo[i].load(Ordering::Relaxed));
    }
    dozing
}

/// Under pitch, whether every certificate of label `i` holds (see [`doze`]); if so, the depth
/// certificates they give are label `i`'s from now on (`deepened`, room for them).
fn holds_deep(viewer: &Viewer, sights: &[Sight], sleeps: &mut Sleeps, i: usize, deepened: &mut Vec<Sleep>) -> bool {
    let Some(p) = viewer.projection.project(viewer.hot[i].position) else { return false };
    let deep = |s: Sleep| holding_depth(viewer, sights, sleeps.before, i, s, &p);
    let Some(first) = deep(sleeps.get(i)) else { return false };
    deepened.clear();
    for &s in sleeps.further(i) {
        let Some(d) = deep(s) else { return false };
        deepened.push(d);
    }
    if first != sleeps.get(i) || deepened.as_slice() != sleeps.further(i) {
        sleeps.set_all(i, first, deepened.iter().copied());
    }
    true
}

/// The labels that dozed through the projection ([`doze`], ascending), split once the frame
/// knows which labels it keeps shown as they were (`kept_alike`, by engine index: shown by
/// pass 1 with the last frame's choice, or kept shown by a reused frame): each that sleeps
/// handed to `asleep` (ascending), and the others projected now: their sights into `sights`,
/// and each handed to `woken` with whether it is in view (a full frame has it wait, a reused
/// one keep its decision while in view). A label whose blockers are kept alike sleeps if it is
/// well inside the viewport (its world cell or its anchor passes the projection's quick test),
/// or else if it is in view and `at_edge` says so of it at its pose (a full frame:
/// [`hidden_at_edge`]).
pub(super) fn wake(
    viewer: &Viewer,
    memo: &[AtomicU8],
    sleeps: &Sleeps,
    (dozing, sights): (&[u32], &mut [Sight]),
    (kept_alike, at_edge): (impl Fn(u32) -> bool, impl Fn(usize, &ScreenPose) -> bool),
    (mut asleep, mut woken): (impl FnMut(u32), impl FnMut(u32, bool)),
) {
    for &i in dozing {
        let i = i as usize;
        let blocked = kept_alike(sleeps.blocker(i)) && sleeps.further(i).iter().all(|s| kept_alike(s.blocker()));
        let inside = || viewer.in_reach[viewer.cells.cell_of(i)] == Reach::Inside || viewer.anchor_inside(i);
        if blocked && inside() {
            asleep(i as u32);
            continue;
        }
        let sight = viewer.symbol_sight(i, memo[i].load(Ordering::Relaxed));
        if let Sight::In(pose) = &sight
            && blocked
            && at_edge(i, pose)
        {
            asleep(i as u32);
            continue;
        }
        sights[i] = sight;
        woken(i as u32, matches!(sight, Sight::In(_)));
    }
}

/// Per engine label, whether pass 1 kept it shown as in the last frame: in `shown` (engine
/// index and choice), blocking (`kept`), with its last choice (`choices`). A dozing label
/// sleeps only if each of its blockers is ([`wake`]); one table for the frame, as each label
/// looks up several blockers.
pub(super) fn kept_alike(kept: &Kept, shown: &[(u32, Choice)], choices: &[Choice]) -> Vec<bool> {
    let mut alike = vec![false; choices.len()];
    for &(i, choice) in shown {
        alike[i as usize] = choice == choices[i as usize] && kept.blocks(i);
    }
    alike
}

/// Whether dozing label `i`, its blockers kept alike and in view at `pose` across the
/// viewport's edge, is hidden again by `b`, the label that hid it, as pass 2 would find it:
/// `b` collides with its first position in view (its parts with the `margin` that pass 2 gives
/// them; `max_overlap_area` the frame's). Every position and the icon that may show alone
/// still collides with a kept part (its certificates hold), so the test against the kept
/// labels (`frame_pass/covered.rs`) hides it, and by `b`, numbered first there.
pub(super) fn hidden_at_edge(
    viewer: &Viewer,
    kept: &Kept,
    (margin, max_overlap_area): (f64, f32),
    (i, b): (usize, u32),
    pose: &ScreenPose,
) -> bool {
    let theirs = kept.boxes_of(b);
    let label = &viewer.labels[i];
    let positions = label.symbol.positions();
    let view = Obb::from_aabb(&viewer.projection.viewport());
    // A position meets the viewport if its text or the icon (after the texts) does.
    let icon = label.symbol.icon.is_some().then(|| label.screen_parts(pose, margin).nth(positions)).flatten();
    let first = first_text_in_view(label.screen_parts(pose, margin).take(positions), icon.as_ref(), &view);
    first.is_some_and(|(_, text)| theirs.iter().any(|t| collides(&text, t, max_overlap_area)))
}

/// Label `i`, decided in this frame at `pose` as `frame` (finished: faded, its byte `memo`
/// written): if it waits in the next frame and can sleep through it (see the module), its
/// certificates into `sleeps`, and it sleeps from now on (no pose, its byte marked).
#[allow(clippy::too_many_arguments, reason = "the frame's state, each read once")]
pub(super) fn certify(
    cx: &FrameContext,
    sights: &[Sight],
    kept: &Kept,
    sleeps: &mut Sleeps,
    i: usize,
    pose: &ScreenPose,
    frame: &mut LabelFrame,
    memo: &AtomicU8,
    blockers: &mut Vec<(u32, Vec<Obb>, Sleep)>,
) {
    if !sleeps.enabled {
        return;
    }
    let (Some(Blocker::Label(b)), Some(HiddenReason::Collision)) = (frame.hidden_by, frame.reason) else { return };
    let viewer = &cx.viewer;
    let label = &viewer.labels[i];
    let symbol = &label.symbol;
    if frame.visible
        || frame.opacity != 0.0
        || label.style.allow_overlap
        || symbol.repeat_group.is_some()
        || symbol.path.is_some()
        || !viewer.parts[i].keeps_shape()
    {
        return;
    }
    let hers = kept.boxes_of(b);
    let Some(groups) = issue(cx, sights, kept, sleeps.now, (i, b, hers), pose, blockers) else { return };
    // The first position's text went to `b`, first.
    let issued = &blockers[..groups];
    sleeps.set_all(i, issued[0].2, issued[1..].iter().map(|g| g.2));
    frame.pose = None;
    memo.store(memo::of(frame) | bits::SLEEPY, Ordering::Relaxed);
}

/// The certificates of label `i` at `pose`, hidden by `b`, whose boxes are `hers` (see
/// [`certify`]), under a camera that maps world vectors by `now` (`None` under pitch), into
/// `blockers` (room reused from label to label): the first groups, one per blocker, `b`'s
/// first, each with its parts and its certificate. Returns how many; `None` if some part
/// cannot have one.
fn issue(
    cx: &FrameContext,
    sights: &[Sight],
    kept: &Kept,
    now: Option<DVec2>,
    (i, b, hers): (usize, u32, &[Obb]),
    pose: &ScreenPose,
    blockers: &mut Vec<(u32, Vec<Obb>, Sleep)>,
) -> Option<usize> {
    let viewer = &cx.viewer;
    let label = &viewer.labels[i];
    let symbol = &label.symbol;
    let max_overlap_area = cx.options.max_overlap_area;
    let positions = symbol.positions();
    let icon_alone = symbol.icon.is_some() && symbol.optional == Optional::Text;
    // Each part to the label it is certified against: `b` where it collides with `b` (the
    // first position's text must), else a kept label it collides with (any will do: it only
    // has to stay covered).
    for (_, parts, _) in blockers.iter_mut() {
        parts.clear();
    }
    let mut groups = 0;
    let parts = label.screen_parts(pose, cx.options.hysteresis_px).take(positions + usize::from(icon_alone));
    for (k, part) in parts.enumerate() {
        let hits = |boxes: &[Obb]| boxes.iter().any(|t| collides(&part, t, max_overlap_area));
        // One already given a part first (fewer certificates, and no search), else the
        // earliest.
        let given = || blockers[1..groups].iter().map(|g| g.0).find(|&o| hits(kept.boxes_of(o)));
        let owner = if hits(hers) {
            b
        } else if k == 0 {
            return None;
        } else if let Some(o) = given() {
            o
        } else {
            kept.owner(kept.first_collider(&part, max_overlap_area)?)
        };
        let at = blockers[..groups].iter().position(|g| g.0 == owner);
        let at = at.unwrap_or_else(|| {
            if blockers.len() == groups {
                blockers.push((owner, Vec::new(), Sleep::NONE));
            }
            blockers[groups].0 = owner;
            groups += 1;
            groups - 1
        });
        blockers[at].1.push(part);
    }
    for (owner, mine, issued) in &mut blockers[..groups] {
        let o = *owner as usize;
        // A text along a line is laid out anew every frame: rounding can turn a glyph across
        // a vertex of its line under a pan, so its boxes do not only move with the screen.
        if !viewer.parts[o].keeps_shape() || viewer.labels[o].symbol.path.is_some() {
            return None;
        }
        let theirs = kept.boxes_of(*owner);
        let sleep = match (now, sights[o].pose()) {
            (Some(now), _) => {
                Sleep::issue_each(mine, theirs, *owner, viewer.hot[i].position - viewer.hot[o].position, now)
            }
            // Under pitch: the depth, about the anchors and scales of this frame.
            (None, Some(them)) => {
                let scales = DVec2::new(pose.scale, them.scale);
                Sleep::issue_depth_each(mine, theirs, *owner, pose.position - them.position, scales)
            }
            (None, None) => Sleep::NONE,
        };
        if !sleep.is_some() {
            return None;
        }
        *issued = sleep;
    }
    Some(groups)
}

#[cfg(test)]
mod tests;
