//! A reused frame: the camera only moved the screen, so every pair of labels that stayed in
//! view is where it was relative to the other, and their collisions cannot have changed. The
//! last decisions are kept for those labels. What can change is at the screen's edge:
//!
//! - labels whose box left the viewport are hidden as `offscreen`;
//! - labels whose box came into view have no decision yet: they are placed, in priority order,
//!   around the labels already shown (which are kept whatever their priority) — a newcomer of
//!   higher priority yields to a shown label until the next full frame, where it competes by
//!   priority as a label new to the view does;
//! - a label hidden by a label that has since left the screen stays hidden (its `hidden_by`
//!   names a label now off screen) until the next full frame.
//!
//! Kept labels keep their `hidden_by` too. A full frame at the same place shows the same labels
//! but may name another of the shown labels that cover a hidden one: shown labels sort first
//! among equal priorities there, so "the earliest placed" can change.
//!
//! The engine runs a full frame at least every
//! [`crate::FrameOptions::full_placement_interval_ms`], which settles both cases. Obstacles are
//! fixed on screen while the labels move, so with obstacles every frame is a full one.

use crate::full::{off_frame, place_around};
use crate::project::Sight;
use crate::shown::ShownBoxes;
use crate::{LabelFrame, WorldLabel};

/// The frame's decisions into `next` (opacity is filled in later). Newcomers that had to yield
/// are marked in `provisional`: at the next full frame they compete by priority like labels new
/// to the view, rather than wait for room. Returns how many labels went through the greedy pass
/// (the newcomers).
pub(crate) fn place_reused(
    labels: &[WorldLabel],
    sights: &[Sight],
    last: &[LabelFrame],
    max_overlap_area: f32,
    next: &mut [LabelFrame],
    provisional: &mut [bool],
) -> usize {
    let mut newcomers: Vec<u32> = Vec::new();
    for (i, (s, l)) in sights.iter().zip(last).enumerate() {
        next[i] = match s {
            Sight::In(pose) if l.in_view() => LabelFrame { pose: Some(*pose), ..*l },
            Sight::In(_) => {
                newcomers.push(i as u32);
                continue;
            }
            _ => off_frame(s),
        };
    }
    if newcomers.is_empty() {
        return 0;
    }
    // The shown labels count as placed first, in priority order (then input order).
    let mut shown: Vec<u32> = (0..next.len() as u32).filter(|&i| next[i as usize].visible).collect();
    shown.sort_by(|&a, &b| labels[b as usize].priority.total_cmp(&labels[a as usize].priority));
    let mut kept = ShownBoxes::default();
    kept.rebuild(labels, sights, &shown);
    place_around(labels, sights, &kept, &newcomers, |_| 0.0, &[], max_overlap_area, next);
    for &i in &newcomers {
        provisional[i as usize] = !next[i as usize].visible;
    }
    newcomers.len()
}
