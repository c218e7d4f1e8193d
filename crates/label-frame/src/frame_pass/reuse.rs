//! A reused frame: the camera only moved the screen, so every pair of labels that stayed in
//! view is where it was relative to the other, and their collisions cannot have changed. The
//! last decisions are kept for those labels. What can change is at the screen's edge:
//!
//! - labels whose box left the viewport are hidden as `offscreen`;
//! - labels whose box came into view have no decision yet: they are placed, in priority order,
//!   around the labels already shown (which are kept whatever their priority) — a newcomer of
//!   higher priority yields to a shown label until the next full frame, where it competes by
//!   priority as a label new to the view does (it is marked provisional);
//! - a label hidden by a label that has since left the screen stays hidden (its `hidden_by`
//!   names a label now off screen) until the next full frame;
//! - a label asleep in the last frame (`shortcuts/sleep/`) sleeps on while it stays in view
//!   (no blocker stops blocking), and joins the dormant labels if it can, skipped while their
//!   boxes stay in view (`shortcuts/dormant/`).
//!
//! Kept labels keep their `hidden_by` too. A full frame at the same place shows the same labels
//! but may name another of the shown labels that cover a hidden one: shown labels sort first
//! among equal priorities there, so "the earliest placed" can change.
//!
//! The engine runs a full frame at least every
//! [`crate::FrameOptions::full_placement_interval_ms`], which settles both cases. Obstacles are
//! fixed on screen while the labels move, so with obstacles every frame is a full one.
//!
//! An engine with symbols reuses its frames by the same rules in `symbols/reused.rs`.

use std::sync::atomic::Ordering;

use crate::frame_pass::around::{PlainKind, PlainTest, pass_two};
use crate::frame_pass::fade::finish;
use crate::frame_pass::pass::{PassTwo, pass_over};
use crate::frame_pass::place::{by_priority, off_frame};
use crate::frame_pass::shown::ShownBoxes;
use crate::frame_pass::{FrameContext, Memory};
use crate::geo::sight::Sight;
use crate::state::memo::bits;
use crate::{FrameStats, HiddenReason, LabelFrame};

/// The frame's decisions into `memory.frames` (the last frame on entry, this one on return,
/// faded), by the module's rules; `kept` (the engine's buffer, rebuilt here) holds the shown
/// labels' boxes for the newcomers. Labels the projection left quiet are counted off screen.
/// Returns how many labels went through the greedy pass (the newcomers), and the frame's label
/// counts.
pub(crate) fn place_reused(
    cx: &FrameContext,
    sights: &[Sight],
    memory: Memory,
    (kept, last_pass): (&mut ShownBoxes, &mut PassTwo),
) -> (usize, FrameStats) {
    let Memory { frames, memo, sleeps, dormant } = memory;
    let (viewer, fading) = (&cx.viewer, cx.fading);
    let settle = |acc: &mut PassTwo, i: usize, frame: &mut LabelFrame| {
        let m = memo[i].load(Ordering::Relaxed);
        if m & bits::QUIET != 0 {
            acc.stats.hidden_offscreen += 1;
            return;
        }
        // A sleeping label was not projected: while it stays in view, it stays as it is (the
        // frame keeps every decision of the labels in view).
        let Some(sight) = acc.unless_asleep(viewer, (i, m), m & bits::SLEEPY != 0, || sights[i]) else { return };
        let last = *frame;
        *frame = match &sight {
            Sight::In(pose) if last.in_view() => LabelFrame { pose: Some(*pose), ..last },
            Sight::In(_) => {
                acc.contenders.push((i as u32, last));
                return;
            }
            s => off_frame(s, &last),
        };
        finish(frame, &last, &memo[i], fading, &mut acc.stats);
        if frame.visible {
            acc.shown.push(i as u32);
        }
    };
    // No blocker stops blocking (every decision in view is kept); a reused frame has no pitch, so
    // the dormant set's test under pitch does not run here (were it to, waking is always safe).
    dormant.keep(sleeps, viewer, |_| true, |_| false);
    let skipped = &*dormant;
    let pass = pass_over(viewer.run, last_pass, frames, skipped, |_| (), |acc, (), i, frame| settle(acc, i, frame))
        .counted(skipped.count());
    dormant.add_asleep(&pass.dormant, sleeps, viewer);
    *last_pass = pass;
    let PassTwo { contenders: newcomers, stats, shown, .. } = &*last_pass;
    let mut stats = *stats;
    if newcomers.is_empty() {
        return (0, stats);
    }
    // The shown labels count as placed first, in priority order (then input order).
    let shown = by_priority(viewer.labels, shown.iter().copied());
    kept.rebuild(viewer.parts, sights, &shown);
    let indices: Vec<u32> = newcomers.iter().map(|n| n.0).collect();
    let Ok(()) = pass_two(&PlainKind::new(PlainTest::new(cx, true, kept), sights), &indices, frames);
    for (i, last) in newcomers {
        let frame = &mut frames[*i as usize];
        finish(frame, last, &memo[*i as usize], fading, &mut stats);
        if frame.reason == Some(HiddenReason::Collision) {
            memo[*i as usize].fetch_or(bits::PROVISIONAL, Ordering::Relaxed);
        }
    }
    (newcomers.len(), stats)
}
