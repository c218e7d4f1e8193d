//! The projection stage of a frame: every label's [`Sight`], each on its own (in parallel, the
//! same on any thread count).

use std::sync::atomic::{AtomicU8, Ordering};

use crate::geo::cells::Reach;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::shortcuts::dormant::Dormant;
use crate::state::memo::bits;
use crate::util::runs::in_runs;

/// The sight into `out` (kept from frame to frame) of every label but the `deferred` and
/// `dormant` ones, which keep their entry; sets [`bits::QUIET`] in `memo` on the labels that
/// stay out of view undrawn (their entry not written; skipped while their cell is out of reach)
/// and clears it on the others. Returns the labels in sight and not deferred, ascending, in
/// `in_sight`'s allocation.
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
