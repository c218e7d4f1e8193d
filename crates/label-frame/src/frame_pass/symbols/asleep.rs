//! Sleeping symbols: the plain engine's certificates (`shortcuts/sleep/`) for waiting labels
//! of a symbol frame, per part.
//!
//! A waiting label (hidden by a collision last frame) that is in view, allows no overlap, has
//! no repeat group and no path is settled by [`super::kept::covered`]; with no obstacles it is
//! hidden again by the label `b` that hid it last frame whenever `b` is kept (shown by pass 1,
//! blocking) and **each** part that could show collides with a part `b` shows: the text at every
//! position, and the icon if it may show alone (`optional: "text"`). No position is then free,
//! no optional part either, and the first position in view has a part that collides with `b`,
//! which names `b` (`PartHit::Last` wins). So such a label keeps its decision while:
//!
//! - its certificate holds: every such part overlaps the part of `b` it overlapped when the
//!   certificate was issued ([`Sleep::issue_each`]; without pitch, both labels
//!   viewport-aligned, so their parts keep their shapes);
//! - `b` is kept, shown with the same choice (position and parts) as in the last frame — so,
//!   frame after frame, as when the certificate was issued, and its parts are those;
//! - the label is still in view ([`Viewer::symbol_unless_in_view`]), and not drawn.
//!
//! Such a label is neither projected nor tested: its entry stays as it is (no pose, as a
//! sleeping plain label's). Certificates are issued in the frame's last loop to the labels it
//! decided hidden by a kept label, undrawn, as the next frame will test them: with the
//! hysteresis margin.

use std::sync::atomic::{AtomicU8, Ordering};

use label_core::{Blocker, Choice, Obb, Optional};

use super::kept::Kept;
use crate::frame_pass::FrameContext;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::{Sleep, Sleeps};
use crate::state::memo::{self, bits};
use crate::{HiddenReason, LabelFrame, ScreenPose};

/// Whether label `i`, whose last frame's byte is `memo`, is not projected: it slept through the
/// last frame or was certified in it, and its certificate holds under this frame's camera
/// (whether it sleeps through this one too is known after pass 1: [`wake`]).
#[inline]
pub(super) fn dozes(memo: u8, sleeps: &Sleeps, i: usize) -> bool {
    memo & bits::SLEEPY != 0 && sleeps.now.is_some_and(|w| sleeps.get(i).holds(w))
}

/// The labels that dozed through the projection ([`dozes`], ascending), split once pass 1 has
/// shown the `kept` labels: those that sleep (returned, ascending) and the others, whose sights
/// are written into `sights` (those in view returned second, ascending: they wait as usual).
/// `choices` are the last frame's.
pub(super) fn wake(
    viewer: &Viewer,
    memo: &[AtomicU8],
    sleeps: &Sleeps,
    kept: &Kept,
    choices: &[Choice],
    dozing: &[u32],
    sights: &mut [Sight],
) -> (Vec<u32>, Vec<u32>) {
    let (mut asleep, mut woken) = (Vec::with_capacity(dozing.len()), Vec::new());
    for &i in dozing {
        let i = i as usize;
        let m = memo[i].load(Ordering::Relaxed);
        let b = sleeps.get(i).blocker();
        let kept_alike = kept.shown_as(b).is_some_and(|(choice, _)| choice == choices[b as usize]);
        let sight = if kept_alike {
            match viewer.symbol_unless_in_view(i, m) {
                Ok(()) => {
                    asleep.push(i as u32);
                    continue;
                }
                Err(away) => away,
            }
        } else {
            viewer.symbol_sight(i, m)
        };
        sights[i] = sight;
        if matches!(sight, Sight::In(_)) {
            woken.push(i as u32);
        }
    }
    (asleep, woken)
}

/// Label `i`, decided in this frame at `pose` as `frame` (finished: faded, its byte `memo`
/// written): if it waits in the next frame and can sleep through it (see the module), its
/// certificate into `sleeps`, and it sleeps from now on (no pose, its byte marked).
pub(super) fn certify(
    cx: &FrameContext,
    kept: &Kept,
    sleeps: &Sleeps,
    i: usize,
    pose: &ScreenPose,
    frame: &mut LabelFrame,
    memo: &AtomicU8,
) {
    let Some(now) = sleeps.now else { return };
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
        || !viewer.parts[b as usize].keeps_shape()
    {
        return;
    }
    let Some((_, theirs)) = kept.shown_as(b) else { return };
    let positions = symbol.positions();
    let icon_alone = symbol.icon.is_some() && symbol.optional == Optional::Text;
    let mine: Vec<Obb> = label.screen_parts(pose, cx.options.hysteresis_px).take(positions + usize::from(icon_alone)).collect();
    let world = viewer.hot[i].position - viewer.hot[b as usize].position;
    let sleep = Sleep::issue_each(&mine, theirs, b, world, now);
    if sleep.is_some() {
        sleeps.set(i, sleep);
        frame.pose = None;
        memo.store(memo::of(frame) | bits::SLEEPY, Ordering::Relaxed);
    }
}
