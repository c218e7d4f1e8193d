//! A full frame: the labels in view go through the core's greedy placement, with the memory of
//! the last frame turned into the tie-break key, the hysteresis margin, and (with
//! [`Stickiness::Shown`]) a second pass for the labels that must wait for room.

use glam::DVec2;
use label_core::{Blocker, Decision, Label, Obb, Shape, collides, stages};
use rayon::prelude::*;

use crate::project::Sight;
use crate::stability::{margin, tie_key};
use crate::{FrameOptions, HiddenReason, LabelFrame, ScreenPose, Stickiness, WorldLabel};

/// The core's stages on screen-space labels: boxes, layout (with `ties` if given), broad
/// phase, obstacles, greedy pass. Returns the decision for each label in input order (`Ok` for
/// placed, or what hid it; `Blocker::Label` holds an input index), and the shown labels in
/// placement order.
///
/// The labels are valid by construction (checked world labels, a checked camera, culled to the
/// viewport), so the core's boundary checks are not run again every frame.
pub(crate) fn greedy(
    labels: &[Label],
    ties: Option<&[u32]>,
    obstacles: &[Shape],
    max_overlap_area: f32,
) -> (Vec<Result<(), Blocker>>, Vec<u32>) {
    let obbs = stages::build_boxes(labels, DVec2::ZERO);
    let layout = stages::layout(labels, &obbs, None, ties, None, None);
    drop(obbs);
    let cells = stages::broad_phase(&layout);
    let hits = stages::obstacle_hits(obstacles, &layout);
    let (decisions, _) = stages::greedy_pass(&layout, &cells, &hits, max_overlap_area);
    let mut out = vec![Ok(()); labels.len()];
    for (&i, d) in layout.index.iter().zip(&decisions) {
        out[i as usize] = match *d {
            Decision::Placed => Ok(()),
            Decision::HiddenByLabel(slot) => Err(Blocker::Label(layout.index[slot as usize])),
            Decision::HiddenByObstacle(o) => Err(Blocker::Obstacle(o)),
        };
    }
    (out, stages::shown_in_order(&layout, &decisions))
}

/// A label's frame from a decision, with labels renamed from positions in `placed_set` to
/// engine indices.
fn decided(d: Result<(), Blocker>, placed_set: &[u32], pose: Option<ScreenPose>) -> LabelFrame {
    match d {
        Ok(()) => LabelFrame { visible: true, opacity: 0.0, reason: None, hidden_by: None, pose },
        Err(b) => {
            let hidden_by = match b {
                Blocker::Label(k) => Blocker::Label(placed_set[k as usize]),
                obstacle => obstacle,
            };
            LabelFrame {
                visible: false,
                opacity: 0.0,
                reason: Some(HiddenReason::Collision),
                hidden_by: Some(hidden_by),
                pose,
            }
        }
    }
}

/// Places `contenders` (engine indices, with `extra` padding each) around `kept` labels that stay
/// shown whatever happens (engine indices, in the order they count as placed): a contender is
/// shown iff it overlaps no kept label, no obstacle and no contender placed before it (priority
/// order). Writes the contenders' decisions into `next`.
#[allow(clippy::too_many_arguments, reason = "the pieces of one frame, passed as they are")]
pub(crate) fn place_around(
    labels: &[WorldLabel],
    sights: &[Sight],
    kept: &[u32],
    contenders: &[u32],
    extra: impl Fn(usize) -> f64,
    obstacles: &[Shape],
    max_overlap_area: f32,
    next: &mut [LabelFrame],
) {
    let set: Vec<u32> = kept.iter().chain(contenders).copied().collect();
    let screen: Vec<Label> = set
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let i = i as usize;
            let pose = sights[i].pose().expect("placed labels are in sight");
            if k < kept.len() {
                // Forced visible, first, in their order; they still block unless they ignore
                // placement.
                Label { allow_overlap: true, priority: f64::MAX, ..labels[i].on_screen(&pose, 0.0) }
            } else {
                labels[i].on_screen(&pose, extra(i))
            }
        })
        .collect();
    let ties: Vec<u32> = (0..set.len()).map(|k| if k < kept.len() { k as u32 } else { u32::MAX }).collect();
    let (decisions, _) = greedy(&screen, Some(&ties), obstacles, max_overlap_area);
    for (&i, d) in contenders.iter().zip(&decisions[kept.len()..]) {
        next[i as usize] = decided(*d, &set, sights[i as usize].pose());
    }
}

/// The frame's decisions into `next` (opacity is filled in later). `provisional[i]`: label `i`
/// came into view in a reused frame and yielded there, so it has not had its turn by priority
/// yet and does not wait. Returns how many labels went through the greedy pass.
#[allow(clippy::too_many_arguments, reason = "the pieces of one frame, passed as they are")]
pub(crate) fn place_full(
    labels: &[WorldLabel],
    sights: &[Sight],
    last: &[LabelFrame],
    provisional: &[bool],
    obstacles: &[Shape],
    options: &FrameOptions,
    next: &mut Vec<LabelFrame>,
) -> usize {
    next.clear();
    next.extend(sights.iter().map(off_frame));
    let waits = |i: usize| {
        options.stickiness == Stickiness::Shown && last[i].reason == Some(HiddenReason::Collision) && !provisional[i]
    };
    let (free, waiting): (Vec<u32>, Vec<u32>) = (0..sights.len() as u32)
        .filter(|&i| matches!(sights[i as usize], Sight::In(_)))
        .partition(|&i| !waits(i as usize));

    // Pass 1: shown labels and labels new to the view, by priority (shown ones first on ties).
    let pose = |i: u32| sights[i as usize].pose().expect("candidates are in sight");
    let extra = |i: u32| if provisional[i as usize] { 0.0 } else { margin(&last[i as usize], options) };
    let screen: Vec<Label> = free.iter().map(|&i| labels[i as usize].on_screen(&pose(i), extra(i))).collect();
    let ties: Option<Vec<u32>> =
        (options.stickiness != Stickiness::None).then(|| free.iter().map(|&i| tie_key(&last[i as usize])).collect());
    let (decisions, shown_order) = greedy(&screen, ties.as_deref(), obstacles, options.max_overlap_area);
    for (&i, d) in free.iter().zip(decisions) {
        next[i as usize] = decided(d, &free, Some(pose(i)));
    }

    // Pass 2: labels hidden in view last frame appear only where they clear every shown label
    // by the margin. Most of them are still covered by the label that hid them last frame:
    // one exact test settles those, and only the others go through the greedy pass.
    if !waiting.is_empty() {
        let shown: Vec<u32> = shown_order.iter().map(|&k| free[k as usize]).collect();
        let still = still_covered(labels, sights, last, &waiting, &shown, obstacles, options);
        let contenders: Vec<u32> = waiting.iter().zip(&still).filter(|(_, s)| s.is_none()).map(|(&i, _)| i).collect();
        for (&i, s) in waiting.iter().zip(still) {
            if let Some(frame) = s {
                next[i as usize] = frame;
            }
        }
        let hysteresis = options.hysteresis_px;
        place_around(labels, sights, &shown, &contenders, |_| hysteresis, obstacles, options.max_overlap_area, next);
        return free.len() + contenders.len();
    }
    free.len()
}

/// For each waiting label: hidden again (by the first obstacle its padded box overlaps, or
/// else by the label that hid it last frame, if that label is among the `shown` ones and still
/// overlaps it), or `None` if it has to go through the greedy pass. In parallel.
fn still_covered(
    labels: &[WorldLabel],
    sights: &[Sight],
    last: &[LabelFrame],
    waiting: &[u32],
    shown: &[u32],
    obstacles: &[Shape],
    options: &FrameOptions,
) -> Vec<Option<LabelFrame>> {
    // The boxes of the shown, blocking labels, built once: many waiting labels share a blocker.
    let mut slot = vec![u32::MAX; labels.len()];
    let boxes: Vec<Obb> = shown
        .iter()
        .filter(|&&i| !labels[i as usize].ignore_placement)
        .enumerate()
        .map(|(k, &i)| {
            slot[i as usize] = k as u32;
            labels[i as usize].on_screen(&sights[i as usize].pose().expect("shown labels are in sight"), 0.0).obb()
        })
        .collect();
    waiting
        .par_iter()
        .with_min_len(1024)
        .map(|&i| {
            let i = i as usize;
            let pose = sights[i].pose()?;
            let me = labels[i].on_screen(&pose, options.hysteresis_px).obb();
            let hidden = |b: Blocker| LabelFrame {
                visible: false,
                opacity: 0.0,
                reason: Some(HiddenReason::Collision),
                hidden_by: Some(b),
                pose: Some(pose),
            };
            if let Some(o) = obstacles.iter().position(|s| s.overlaps_obb(&me)) {
                return Some(hidden(Blocker::Obstacle(o as u32)));
            }
            let Some(Blocker::Label(b)) = last[i].hidden_by else { return None };
            let them = boxes.get(slot[b as usize] as usize)?;
            collides(&me, them, options.max_overlap_area).then(|| hidden(Blocker::Label(b)))
        })
        .collect()
}

/// The decision of a label out of sight (in-sight labels are overwritten by the placement).
#[must_use]
pub(crate) fn off_frame(sight: &Sight) -> LabelFrame {
    let reason = match sight {
        Sight::Behind => HiddenReason::BehindCamera,
        Sight::Off(_) | Sight::In(_) => HiddenReason::Offscreen,
    };
    LabelFrame { visible: false, opacity: 0.0, reason: Some(reason), hidden_by: None, pose: sight.pose() }
}
