//! The projection stage of a frame: every label's pose on screen, and whether its box meets
//! the viewport (in parallel; each label on its own, so the result does not depend on the
//! thread count).

use std::sync::atomic::{AtomicU8, Ordering};

use crate::geo::cells::Reach;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::shortcuts::dormant::Dormant;
use crate::state::memo::bits;
use crate::util::runs::in_runs;

/// The sight of every label but those `deferred` (which keep their entry in `out`) into `out`,
/// whose allocation and entries are kept from frame to frame; `memo` holds the bytes of the
/// labels' last frame ([`crate::state::memo::bits`]), and gets [`bits::QUIET`] set on the labels
/// that stay out of view undrawn (their entry in `out` is not written) and cleared on the
/// others; quiet labels whose cells are still out of reach are skipped, as are the `dormant`
/// labels (all `deferred`).
/// Returns the labels in sight and not deferred, ascending, in the allocation of `in_sight`
/// (the last frame's list, emptied here).
pub(crate) fn project_all(
    viewer: &Viewer,
    memo: &[AtomicU8],
    dormant: &Dormant,
    deferred: impl Fn(usize, u8) -> bool + Sync,
    out: &mut Vec<Sight>,
    mut in_sight: Vec<u32>,
) -> Vec<u32> {
    out.resize(memo.len(), Sight::Far);
    in_sight.clear();
    in_runs(
        viewer.run,
        in_sight,
        out,
        |mut in_sight, start, run| {
            // Dormant labels wait (hidden in view, asleep): they would be deferred.
            dormant.each_awake_in(start, run, |i, s| visit(viewer, &deferred, &mut in_sight, i, s, &memo[i]));
            in_sight
        },
        |mut a, b| {
            a.extend(b);
            a
        },
    )
}

/// [`project_all`] for label `i`, whose byte is `m` and entry `s`.
#[inline(always)]
fn visit(
    viewer: &Viewer,
    deferred: &impl Fn(usize, u8) -> bool,
    in_sight: &mut Vec<u32>,
    i: usize,
    s: &mut Sight,
    m: &AtomicU8,
) {
    let byte = m.load(Ordering::Relaxed);
    if byte & bits::QUIET != 0 && viewer.in_reach[viewer.cells.cell_of(i)] == Reach::Out {
        // Quiet (out of view, undrawn) and still out of view: nothing to do.
        return;
    }
    if deferred(i, byte) {
        return;
    }
    let now = viewer.sight(i, byte);
    if byte & bits::FAR != 0 && matches!(now, Sight::Far | Sight::Off(_)) {
        // Out of view and not drawn, as it was: its entry (and its sight) stay.
        if byte & bits::QUIET == 0 {
            m.store(byte | bits::QUIET, Ordering::Relaxed);
        }
        return;
    }
    if byte & bits::QUIET != 0 {
        m.store(byte & !bits::QUIET, Ordering::Relaxed);
    }
    if matches!(now, Sight::In(_)) {
        in_sight.push(i as u32);
    }
    *s = now;
}
