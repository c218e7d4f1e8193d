//! The core's greedy pass as a frame uses it: over few labels its sequential pass, over many
//! its staged pipeline; and the decisions it gives turned into labels' frames.

use glam::DVec2;
use label_core::pipeline::{Decision, descending_key, stages};
use label_core::{Blocker, Label, Shape};

use crate::geo::sight::Sight;
use crate::{HiddenReason, LabelFrame, ScreenPose, WorldLabel};

/// The core's greedy placement of screen-space labels, with `ties` if given, by its staged
/// pipeline (tiles for rayon). Returns the decision for each label in input order
/// (`Blocker::Label` holds an input index), and the shown labels in placement order. The labels are valid by construction (checked world labels, a checked
/// camera, culled to the viewport), so the core's boundary checks are not run again.
pub(crate) fn staged(
    labels: &[Label],
    ties: Option<&[u32]>,
    obstacles: &[Shape],
    max_overlap_area: f32,
) -> (Vec<Decision>, Vec<u32>) {
    let obbs = stages::build_boxes(labels, DVec2::ZERO);
    let layout = stages::layout(labels, &obbs, None, ties, None, None);
    drop(obbs);
    let cells = stages::broad_phase(&layout);
    let hits = stages::obstacle_hits(obstacles, &layout);
    let (decisions, _) = stages::greedy_pass(&layout, &cells, &hits, max_overlap_area);
    // Without a viewport every label is laid out.
    let mut out = vec![Decision::Placed; labels.len()];
    for (&i, &d) in layout.index.iter().zip(&decisions) {
        out[i as usize] = d;
    }
    (out, stages::shown_in_order(&layout, &decisions))
}

/// From this many labels a frame's greedy pass runs the core's staged pipeline; below, its
/// sequential pass, whose grid lists only the shown labels that block. Measured in instructions
/// per frame (`benches/scripts/frame_instructions.sh`), the sequential pass costs less on the
/// frames the benchmark plays, up to a few thousand labels, and up to 8% more on a crowd that
/// mostly collides (all 3,356 streets at zoom 14); the staged pipeline wins on the places'
/// first frame (about 30,000 labels). No thread is lost below it: the staged pipeline's loops
/// run on one thread under 16,384 labels too. `place()` switches at the same size.
pub(crate) const STAGED_FROM: usize = 16_384;

/// A label's frame from a decision, with labels renamed from positions in `placed_set` to
/// engine indices.
pub(crate) fn decided(d: Decision, placed_set: &[u32], pose: Option<ScreenPose>) -> LabelFrame {
    match d {
        Decision::Placed => LabelFrame { visible: true, opacity: 0.0, reason: None, hidden_by: None, pose },
        Decision::Hidden(Blocker::Label(k)) => hidden(Blocker::Label(placed_set[k as usize]), pose),
        Decision::Hidden(obstacle) => hidden(obstacle, pose),
    }
}

/// The labels `shown` (engine indices) in the order a reused frame counts them placed before its
/// newcomers: by priority, then index.
pub(crate) fn by_priority(labels: &[WorldLabel], shown: impl IntoIterator<Item = u32>) -> Vec<u32> {
    let mut order: Vec<(u64, u32)> =
        shown.into_iter().map(|i| (descending_key(labels[i as usize].style.priority), i)).collect();
    order.sort_unstable();
    order.into_iter().map(|(_, i)| i).collect()
}

/// A label hidden by a collision with `by`.
pub(crate) fn hidden(by: Blocker, pose: Option<ScreenPose>) -> LabelFrame {
    LabelFrame { visible: false, opacity: 0.0, reason: Some(HiddenReason::Collision), hidden_by: Some(by), pose }
}

/// The decision of a label out of sight (in-sight labels are overwritten by the placement),
/// given its `last` frame: with its pose if it was drawn (it may still be, fading out), else
/// without (a renderer does not draw it; [`crate::FrameEngine::screen_pose`] has it).
#[must_use]
pub(crate) fn off_frame(sight: &Sight, last: &LabelFrame) -> LabelFrame {
    let reason = match sight {
        Sight::Behind => HiddenReason::BehindCamera,
        Sight::Off(_) | Sight::In(_) | Sight::Far => HiddenReason::Offscreen,
    };
    let pose = if last.opacity > 0.0 { sight.pose() } else { None };
    LabelFrame { visible: false, opacity: 0.0, reason: Some(reason), hidden_by: None, pose }
}
