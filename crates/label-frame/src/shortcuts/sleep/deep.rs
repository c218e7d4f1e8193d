//! Certificates under pitch: whether one holds in this frame, turning a rectangle one into
//! the depth certificate it gives in the first frame with pitch.

use glam::DVec2;

use crate::Projected;
use crate::geo::projection::label_scale;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::{Sleep, Sleeps};

/// Under pitch, whether the certificate `sleep` of label `i`, whose anchor projects to `p`,
/// holds: a depth certificate ([`depth_holds_at`]); or a rectangle one that held in the last
/// frame, without pitch, through the depth it gives (kept if it holds; see `Sleep::deepen`).
#[inline(always)]
pub(crate) fn deep_holds(
    viewer: &Viewer,
    sights: &[Sight],
    sleeps: &Sleeps,
    i: usize,
    sleep: Sleep,
    p: &Projected,
) -> bool {
    match holding_depth(viewer, sights, sleeps.before, i, sleep, p) {
        Some(deep) => {
            if deep != sleep {
                sleeps.set(i, deep);
            }
            true
        }
        None => false,
    }
}

/// Under pitch, the depth certificate that holds for label `i`, whose anchor projects to `p`,
/// if its certificate `sleep` does: `sleep` itself, or the depth certificate a rectangle one
/// gives that held in the last frame, without pitch, whose camera mapped world vectors by
/// `before`. `None` if it does not hold.
#[inline(always)]
pub(crate) fn holding_depth(
    viewer: &Viewer,
    sights: &[Sight],
    before: Option<DVec2>,
    i: usize,
    sleep: Sleep,
    p: &Projected,
) -> Option<Sleep> {
    let deep = if sleep.is_depth() {
        sleep
    } else {
        if !sleep.is_some() {
            return None;
        }
        let b = sleep.blocker() as usize;
        sleep.deepen(before?, viewer.hot[i].position - viewer.hot[b].position)
    };
    depth_holds_at(viewer, sights, i, &deep, p).then_some(deep)
}

/// Whether the depth certificate `sleep` of label `i` holds in this frame (see `shortcuts/sleep/`),
/// the label's anchor projected to `p`, its blocker's pose as the frame found it.
#[inline]
fn depth_holds_at(viewer: &Viewer, sights: &[Sight], i: usize, sleep: &Sleep, p: &Projected) -> bool {
    if !sleep.is_depth() {
        return false;
    }
    let b = sleep.blocker() as usize;
    let Some(them) = sights[b].pose() else { return false };
    let scales = DVec2::new(label_scale(p.perspective, viewer.perspective_scaling), them.scale);
    sleep.holds_depth(p.screen - them.position, scales, DVec2::new(viewer.hot[i].reach, viewer.hot[b].reach))
}
