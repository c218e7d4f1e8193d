//! A reused symbol frame: the plain engine's reuse (`frame_pass/reuse.rs`) for symbols. Every
//! label that stays in view keeps its decision, a shown one its position and parts (its
//! [`Choice`]) too. Beyond the plain rules:
//!
//! - a shown label whose shown position no longer meets the viewport (another of its positions
//!   still does; contract §4 step 1) is placed anew, as a label that came into view is;
//! - a shown text along a line one of whose glyphs turned ([`ScreenPath::turned`]: rounding
//!   carried it across a vertex of the line, so its boxes did not only move with the screen)
//!   is tested again before the newcomers, against the kept shown labels alone (placed first,
//!   whatever they overlap) and the other turned texts, in priority order, its repeat group
//!   not counted (it was shown with the kept labels of its group), through pass 2's greedy
//!   pass of the symbols (`waiting.rs`'s `place_after`): free, it stays shown and is
//!   kept for the newcomers; colliding, it is hidden and provisional (it has not had its turn by
//!   priority: the next full frame places it as a free label). A newcomer never pushes it out;
//! - the labels placed anew go around the kept shown labels as pass 2 of a full frame places
//!   its waiting labels (`waiting.rs`), in priority order, then input order (§4 as written),
//!   without the margin; repeat groups count against the kept labels;
//! - a symbol asleep in the last frame (`asleep/`) sleeps on while it stays in view and each
//!   of its blockers is kept shown (so with the position and parts it had when its
//!   certificates were issued); otherwise it wakes, keeping its decision while it stays in
//!   view. Its certificates are tested by the next full frame, and none is issued here.

use std::sync::atomic::{AtomicU8, Ordering};

use label_core::broad::FirstHit;
use label_core::{Aabb, Choice, Obb};

use super::asleep::wake;
use super::batch::Batch;
use super::kept::{Kept, shown_parts};
use super::waiting::{Symbols, place_after};
use super::{Decided, SymbolMemory, Written, out_of_view, resting};
use crate::frame_pass::FrameContext;
use crate::frame_pass::around::pass_two;
use crate::frame_pass::place::by_priority;
use crate::geo::path::ScreenPath;
use crate::geo::sight::{Sight, inside_by};
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::Sleeps;
use crate::state::memo::bits;
use crate::{FrameError, FrameStats, HiddenReason, LabelFrame, ScreenPose};

/// A reused frame's decisions into the memory's frames and choices (one per label), faded,
/// given every label's sight (a label that dozed through it is projected here if it wakes):
/// see [`super::place_symbol_frame`]. Counts the labels placed anew as placed now.
pub(super) fn place(
    cx: &FrameContext,
    SymbolMemory { frames, choices, memo, sleeps, shown: shown_now, .. }: SymbolMemory,
    sights: &mut [Sight],
    paths: &[Option<ScreenPath>],
) -> Result<(usize, FrameStats), FrameError> {
    let mut sorted = Sorted::of(cx, (frames, choices, memo), sleeps.enabled, (sights, paths));
    let asleep = sorted.sleep_on(&cx.viewer, memo, sleeps, sights);
    let Sorted { kept, mut shown, turned, newcomers, gone, resting, .. } = sorted;
    let mut decided: Vec<Decided> = Vec::with_capacity(turned.len() + newcomers.len());
    let viewer = &cx.viewer;
    // The kept shown labels count as placed first, in priority order (then input order):
    // those that can act on a label placed after them, as `Batch::near_then` says (the others
    // change no decision of theirs).
    let fixed = |shown: &[u32], placing: &[u32]| {
        let near = near_newcomers(viewer, sights, paths, placing);
        let near_first = by_priority(viewer.labels, shown.iter().copied().filter(|&i| near(i)));
        near_first.into_iter().map(|i| (i, choices[i as usize])).collect::<Vec<(u32, Choice)>>()
    };
    if !turned.is_empty() {
        let mut batch = Batch::with_capacity(turned.len());
        // Its glyphs turned, each is tested again, unrepeated: it was shown with its group's.
        for &i in &turned {
            let path = paths[i as usize].as_ref().expect("a turned label has its line");
            batch.push_path_unrepeated(&viewer.labels[i as usize], i, path);
        }
        let as_placed = |_: &Batch, _, _: &LabelFrame, frame| frame;
        place_after(cx, frames, (sights, paths), &fixed(&shown, &turned), batch, as_placed, &mut decided)?;
        // Those still free are kept for the newcomers.
        shown.extend(decided.iter().filter(|(_, frame, _)| frame.visible).map(|&(i, ..)| i));
    }
    if !newcomers.is_empty() {
        let near = fixed(&shown, &newcomers);
        let blocking = Kept::of_shown(viewer, (sights, paths), &near);
        let kind = Symbols::new(cx, (frames, sights, paths), (&near, &blocking), 0.0);
        pass_two(&kind, &newcomers, &mut decided)?;
    }

    let mut out = Written::new(frames, choices, memo, shown_now, cx.fading, asleep);
    out.stats.hidden_offscreen = resting;
    for &i in &kept {
        let pose = sights[i as usize].pose().expect("kept labels are in view");
        out.write(i as usize, |last| {
            let hidden = (!last.visible).then_some(Choice::default());
            (LabelFrame { pose: Some(pose), ..*last }, hidden)
        });
    }
    for &i in &gone {
        let i = i as usize;
        out.write(i, |last| (out_of_view(paths, &sights[i], i, last), Some(Choice::default())));
    }
    for &(i, frame, choice) in &decided {
        if out.write(i as usize, |_| (frame, Some(choice))).reason == Some(HiddenReason::Collision) {
            memo[i as usize].fetch_or(bits::PROVISIONAL, Ordering::Relaxed);
        }
    }
    Ok((turned.len() + newcomers.len(), out.stats))
}

/// Every label of a reused frame once, in index order: kept in view (the shown ones also in
/// `shown`), shown along a line whose glyphs turned (tested again), placed anew, dozing, out of
/// view (gone), or resting (out of view and undrawn now and last frame, only counted); the
/// dozing ones that wake join `kept` or `gone` after ([`Self::sleep_on`]).
#[derive(Default)]
struct Sorted {
    kept: Vec<u32>,
    shown: Vec<u32>,
    turned: Vec<u32>,
    newcomers: Vec<u32>,
    dozing: Vec<u32>,
    gone: Vec<u32>,
    resting: usize,
}

impl Sorted {
    /// The labels sorted by their last frames, choices and bytes and their sights (and lines)
    /// now; `can_sleep`: labels can sleep in this frame.
    fn of(
        cx: &FrameContext,
        (frames, choices, memo): (&[LabelFrame], &[Choice], &[AtomicU8]),
        can_sleep: bool,
        (sights, paths): (&[Sight], &[Option<ScreenPath>]),
    ) -> Self {
        let viewer = &cx.viewer;
        let view = Obb::from_aabb(&viewer.projection.viewport());
        let path = |i: usize| paths.get(i).and_then(Option::as_ref);
        let mut sorted = Sorted::default();
        for (i, last) in frames.iter().enumerate() {
            let m = memo[i].load(Ordering::Relaxed);
            // The projection left a stand-in for a label that may doze (see `asleep/`),
            // under the same condition as `project_symbols`.
            if m & bits::SLEEPY != 0 && can_sleep {
                sorted.dozing.push(i as u32);
                continue;
            }
            match sights[i] {
                Sight::In(_) if last.visible && path(i).is_some_and(|p| p.turned) => sorted.turned.push(i as u32),
                Sight::In(pose) if last.in_view() => {
                    let keeps =
                        !last.visible || path(i).is_some() || shown_meets_view(viewer, i, &pose, choices[i], &view);
                    if !keeps {
                        sorted.newcomers.push(i as u32);
                        continue;
                    }
                    sorted.kept.push(i as u32);
                    if last.visible {
                        sorted.shown.push(i as u32);
                    }
                }
                Sight::In(_) => sorted.newcomers.push(i as u32),
                Sight::Far | Sight::Off(_) if resting(m, i, paths, choices) => {
                    debug_assert_eq!(*last, LabelFrame::UNSEEN);
                    sorted.resting += 1;
                }
                _ => sorted.gone.push(i as u32),
            }
        }
        sorted
    }

    /// The dozing labels that sleep on (returns how many): those whose blockers are all kept
    /// shown (then they show the parts its certificates were issued against; a label placed
    /// anew may show others) and that stay in view ([`wake`]; in view, a reused frame keeps
    /// the decision either way). The others are projected and join the kept labels or the gone
    /// ones.
    fn sleep_on(&mut self, viewer: &Viewer, memo: &[AtomicU8], sleeps: &Sleeps, sights: &mut [Sight]) -> usize {
        let mut is_shown = vec![false; sights.len()];
        for &i in &self.shown {
            is_shown[i as usize] = true;
        }
        let Sorted { kept, gone, dozing, .. } = self;
        let woken = |i, in_view| if in_view { kept.push(i) } else { gone.push(i) };
        let mut asleep = 0;
        // In view, it keeps its decision either way.
        let at_edge = |_, _: &_| true;
        wake(viewer, memo, sleeps, (dozing, sights), (|b| is_shown[b as usize], at_edge), (|_| asleep += 1, woken));
        asleep
    }
}

/// Whether a kept shown label can act on one of `newcomers` (in view): it has a repeat group
/// or a path, or its reach (every part within [`crate::state::hot::Hot::reach_px`] of its
/// anchor) meets a newcomer's; always, when a newcomer has a path (its glyphs may lie far from
/// its anchor).
fn near_newcomers<'a>(
    viewer: &'a Viewer,
    sights: &'a [Sight],
    paths: &[Option<ScreenPath>],
    newcomers: &[u32],
) -> impl Fn(u32) -> bool + 'a {
    let bounds = |i: u32| {
        let pose = sights[i as usize].pose().expect("labels near newcomers are in view");
        // A pixel more for the rounding of the boxes to f32.
        let r = (viewer.hot[i as usize].reach_px(pose.scale) + 1.0) as f32;
        Aabb::from_center_half_extents(pose.position.as_vec2(), glam::Vec2::splat(r))
    };
    let any_path = newcomers.iter().any(|&i| paths.get(i as usize).is_some_and(Option::is_some));
    let index = (!any_path).then(|| FirstHit::new(newcomers.iter().map(|&i| bounds(i))));
    move |i: u32| {
        let symbol = &viewer.labels[i as usize].symbol;
        let Some(index) = &index else { return true };
        symbol.repeat_group.is_some() || symbol.path.is_some() || index.first(&bounds(i), |_| true).is_some()
    }
}

/// Whether shown label `i`, at `pose` with `choice`, still shows at a position that meets the
/// viewport `view` (contract §4 step 1): one of the parts it shows does — its text at the
/// position shown, its icon if shown ([`shown_parts`], those the pass places it with); a
/// label kept shown that the pass then found off screen would block no newcomer. Most labels
/// are well inside the viewport, which settles them without a box.
fn shown_meets_view(viewer: &Viewer, i: usize, pose: &ScreenPose, choice: Choice, view: &Obb) -> bool {
    let size = viewer.projection.camera().size;
    if inside_by(pose.position, pose.position, viewer.hot[i].reach_px(pose.scale), size) {
        return true;
    }
    shown_parts(&viewer.labels[i], pose, choice).any(|part| view.overlaps(&part))
}
