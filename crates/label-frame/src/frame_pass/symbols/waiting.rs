//! Pass 2 of a symbol frame (see the module above): the waiting labels around the labels pass
//! 1 kept, or in a reused frame the newcomers around the shown labels it keeps — the generic
//! pass of `frame_pass/around.rs`, for symbols.

use label_core::{Blocker, Choice, Obb};

use super::batch::Batch;
use super::kept::{Kept, Waiting, covered, first_in_view};
use super::{Decided, pose_of};
use crate::frame_pass::FrameContext;
use crate::frame_pass::around::Kind;
use crate::frame_pass::place::hidden;
use crate::geo::path::ScreenPath;
use crate::geo::sight::Sight;
use crate::{FrameError, HiddenReason, LabelFrame};

/// Symbols as pass 2 ([`crate::Stickiness::Shown`]) takes them: a label is covered if every
/// position of it in view is (`kept.rs`); a contender may still collide with a kept label, so
/// the kept labels near the contenders go first. A full frame places its waiting labels so
/// around the labels pass 1 showed, a reused frame the labels that came into view, without the
/// margin, around the shown labels it keeps.
pub(super) struct Symbols<'a> {
    cx: &'a FrameContext<'a>,
    frames: &'a [LabelFrame],
    sights: &'a [Sight],
    paths: &'a [Option<ScreenPath>],
    shown: &'a [(u32, Choice)],
    kept: &'a Kept,
    margin: f64,
    view: Obb,
}

impl<'a> Symbols<'a> {
    /// Around the `shown` labels (engine index and choice, in placement order; the blocking
    /// ones' parts `kept`), with `margin` more padding on every part of a waiting label.
    pub(super) fn new(
        cx: &'a FrameContext<'a>,
        (frames, sights, paths): (&'a [LabelFrame], &'a [Sight], &'a [Option<ScreenPath>]),
        (shown, kept): (&'a [(u32, Choice)], &'a Kept),
        margin: f64,
    ) -> Self {
        let view = Obb::from_aabb(&cx.viewer.projection.viewport());
        Symbols { cx, frames, sights, paths, shown, kept, margin, view }
    }
}

impl Kind for Symbols<'_> {
    /// A symbol's test costs a few hundred ns, against a few ns to project a label: pieces
    /// smaller than the plain passes' ([`crate::util::runs::RUN`]).
    const RUN: usize = 8_192;
    type Out = Vec<Decided>;
    type Error = FrameError;

    fn covered(&self, i: u32, parts: &mut Vec<Obb>) -> Option<Blocker> {
        let label = &self.cx.viewer.labels[i as usize];
        // A path label goes through the pass (one position of many parts).
        if label.symbol.path.is_some() {
            return None;
        }
        parts.clear();
        parts.extend(label.screen_parts(&pose_of(self.sights, i), self.margin));
        let (obstacles, max_overlap_area) = (self.cx.obstacles, self.cx.options.max_overlap_area);
        let last = self.frames[i as usize].hidden_by;
        covered(&Waiting { label, parts, last }, &self.view, self.kept, obstacles, max_overlap_area)
    }

    fn hidden(&self, i: u32, by: Blocker, decided: &mut Vec<Decided>) {
        decided.push((i, hidden(by, Some(pose_of(self.sights, i))), Choice::default()));
    }

    /// Only the shown labels that can act on the contenders go first: the pass decides those
    /// as one after every shown label would, at a fraction of its cost.
    fn contend(&self, contenders: &[u32], decided: &mut Vec<Decided>) -> Result<(), FrameError> {
        let (cx, sights, paths, view) = (self.cx, self.sights, self.paths, &self.view);
        let mut rest = Batch::with_capacity(contenders.len());
        for &i in contenders {
            rest.push_any(&cx.viewer, (sights, paths), i, self.margin, None);
        }
        let kept_hides = |two: &Batch, k: usize, last: &LabelFrame, mut frame: LabelFrame| {
            let first_at = |k: usize| {
                let symbol = &two.symbols[k];
                let parts: Vec<Obb> = two.parts(k).collect();
                // A path label has one position: all its glyphs.
                if symbol.path.is_some() {
                    return parts;
                }
                first_in_view(&parts, symbol.positions(), symbol.icon.is_some(), view)
            };
            // Hidden by the label that hid it last frame while that one still does (the
            // greedy pass names the earliest placed).
            if frame.reason == Some(HiddenReason::Collision)
                && matches!(frame.hidden_by, Some(Blocker::Label(_)))
                && self.kept.still_hides(last.hidden_by, || first_at(k), cx.options.max_overlap_area)
            {
                frame.hidden_by = last.hidden_by;
            }
            frame
        };
        place_after(cx, self.frames, (sights, paths), self.shown, rest, kept_hides, decided)
    }
}

/// The labels of `rest` placed by the core's greedy pass after the `shown` labels near them
/// (engine index and choice, in placement order; placed first whatever they overlap, as
/// [`Batch::near_then`] adds them), their decisions onto `decided`, each through `then` (the
/// batch placed, the label's place in it, its last frame, its decision): the contenders of pass
/// 2, and a reused frame's turned texts (`reused.rs`, with no rule after the pass).
pub(super) fn place_after(
    cx: &FrameContext,
    frames: &[LabelFrame],
    (sights, paths): (&[Sight], &[Option<ScreenPath>]),
    shown: &[(u32, Choice)],
    rest: Batch,
    then: impl Fn(&Batch, usize, &LabelFrame, LabelFrame) -> LabelFrame,
    decided: &mut Vec<Decided>,
) -> Result<(), FrameError> {
    let placing = rest.len();
    let two = Batch::near_then(&cx.viewer, (sights, paths), shown, rest);
    let (outcomes, choices) = two.place(cx)?;
    for k in two.len() - placing..two.len() {
        let i = two.index[k];
        let last = &frames[i as usize];
        let (frame, choice) = two.decided(k, &outcomes[k], choices[k], last);
        decided.push((i, then(&two, k, last, frame), choice));
    }
    Ok(())
}
