//! Pass 2 of a symbol frame (see the module above): the waiting labels around the labels pass
//! 1 kept, or in a reused frame the newcomers around the shown labels it keeps.

use label_core::{Blocker, Choice, Obb};
use rayon::prelude::*;

use super::batch::Batch;
use super::kept::{Kept, Waiting, covered, first_in_view};
use super::{Decided, pose_of};
use crate::frame_pass::FrameContext;
use crate::frame_pass::place::hidden;
use crate::geo::path::ScreenPath;
use crate::geo::sight::Sight;
use crate::{FrameError, HiddenReason, LabelFrame};

/// Waiting labels per piece of the parallel test of which are still covered (a few hundred ns
/// each, against a few ns to project a label): fewer than twice this many are tested on the
/// calling thread, as [`crate::util::runs::RUN`] keeps a pass over fewer labels there (handing
/// work to rayon's threads from outside its pool wakes them and puts the caller to sleep until
/// they are done).
const WAITING_RUN: usize = 8_192;

/// Pass 2 ([`crate::Stickiness::Shown`]): the `waiting` labels (ascending, in view, with `margin` more
/// padding on every part) around the labels pass 1 showed (`shown`, engine index and choice, in its
/// placement order; the blocking ones' parts `kept`), their decisions onto `decided`. A reused
/// frame places the labels that came into view so too, without the margin, around the shown labels
/// it keeps.
#[allow(clippy::too_many_arguments, reason = "the frame's state, each read once")]
pub(super) fn pass_two(
    cx: &FrameContext,
    frames: &[LabelFrame],
    sights: &[Sight],
    paths: &[Option<ScreenPath>],
    shown: &[(u32, Choice)],
    kept: &Kept,
    waiting: &[u32],
    margin: f64,
    decided: &mut Vec<Decided>,
) -> Result<(), FrameError> {
    let (viewer, options) = (&cx.viewer, cx.options);
    let pose = |i: u32| pose_of(sights, i);
    // The waiting labels covered by the kept parts are settled at once (each on its own,
    // in parallel when there are many), the others left for the pass.
    let view = Obb::from_aabb(&viewer.projection.viewport());
    let settled: Vec<Option<Blocker>> = waiting
        .par_iter()
        .with_min_len(WAITING_RUN)
        .map_init(Vec::new, |parts, &i| {
            let label = &viewer.labels[i as usize];
            // A path label goes through the pass (one position of many parts).
            if label.symbol.path.is_some() {
                return None;
            }
            parts.clear();
            parts.extend(label.screen_parts(&pose(i), margin));
            let last = frames[i as usize].hidden_by;
            covered(&Waiting { label, parts, last }, &view, kept, cx.obstacles, options.max_overlap_area)
        })
        .collect();
    let mut rest = Batch::with_capacity(settled.iter().filter(|by| by.is_none()).count());
    for (&i, by) in waiting.iter().zip(settled) {
        match by {
            Some(by) => decided.push((i, hidden(by, Some(pose(i))), Choice::default())),
            None => rest.push_any(viewer, (sights, paths), i, margin, None),
        }
    }
    if rest.is_empty() {
        return Ok(());
    }
    // Only the shown labels that can act on the waiting ones left go first: the pass
    // decides those as one after every shown label would, at a fraction of its cost.
    let waiting_left = rest.len();
    let two = Batch::near_then(viewer, (sights, paths), shown, rest);
    let fixed = two.len() - waiting_left;
    let (outcomes, two_choices) = two.place(cx)?;
    for k in fixed..two.len() {
        let i = two.index[k];
        let last = &frames[i as usize];
        let (mut frame, choice) = two.decided(k, &outcomes[k], two_choices[k], last);
        let first_at = |k: usize| {
            let symbol = &two.symbols[k];
            let parts: Vec<Obb> = two.parts(k).collect();
            // A path label has one position: all its glyphs.
            if symbol.path.is_some() {
                return parts;
            }
            first_in_view(&parts, symbol.positions(), symbol.icon.is_some(), &view)
        };
        // Hidden by the label that hid it last frame while that one still does (the
        // greedy pass names the earliest placed).
        if frame.reason == Some(HiddenReason::Collision)
            && matches!(frame.hidden_by, Some(Blocker::Label(_)))
            && kept.still_hides(last.hidden_by, &first_at(k), options.max_overlap_area)
        {
            frame.hidden_by = last.hidden_by;
        }
        decided.push((i, frame, choice));
    }
    Ok(())
}
