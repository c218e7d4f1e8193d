//! A frame of an engine whose labels include symbols (contract §3b): candidate positions, an
//! icon, optional parts, repeat groups.
//!
//! Such a frame takes none of the engine's shortcuts and reuses no placement: every label in
//! reach of the screen is projected ([`symbol_sight`]: in view when some part of it at some
//! position meets the viewport) and the labels in view go through the core's
//! [`label_core::place_symbols`], which applies contract §4 as written, in the two passes of
//! the plain engine's stability (see [`crate::Stickiness`]):
//!
//! 1. **The free labels** — all of them, or with [`Stickiness::Shown`] those not hidden by a
//!    collision in the last frame — by priority, those shown last frame first on ties (input
//!    order of the core's pass), those hidden by a collision last frame with the hysteresis
//!    margin on every part. A label shown last frame tries the candidate it was shown at
//!    first, then the others in list order ([`crate::FrameOptions::last_position_first`];
//!    contract §4, "Frames").
//! 2. With [`Stickiness::Shown`], **the waiting labels** — hidden by a collision last frame —
//!    with the margin, around the labels pass 1 showed: those go first (in pass 1's placement
//!    order, as they were shown: their candidate and parts only, placed whatever they
//!    overlap), so that a waiting label appears only where it clears all of them, never
//!    pushing one out.
//!
//! Sizes and offsets on screen scale with perspective as a plain label's do
//! ([`WorldLabel::screen_symbol`]). Every label's frame is then faded and counted as in a plain
//! frame, and its [`Choice`] kept in the frame (while it fades out too).

use std::sync::atomic::{AtomicU8, Ordering};

use label_core::{Blocker, Choice, Label, LabelOutcome, Parts, PlacementOptions, Symbol, place_symbols};
use rayon::prelude::*;

use crate::frame_pass::FrameContext;
use crate::frame_pass::fade::{finish, margin, tie_key};
use crate::frame_pass::place::off_frame;
use crate::geo::cells::Reach;
use crate::geo::sight::{Sight, symbol_sight};
use crate::geo::view::Viewer;
use crate::label::candidate_before_reorder;
use crate::state::memo::bits;
use crate::{FrameError, FrameStats, HiddenReason, LabelFrame, ScreenPose, Stickiness, WorldLabel};

/// The labels of one of the core's passes, in its input order: each one's engine index, pose,
/// and the candidate it tries first (by its own index), with its label and symbol on screen.
#[derive(Default)]
struct Batch {
    index: Vec<u32>,
    poses: Vec<ScreenPose>,
    first: Vec<Option<usize>>,
    labels: Vec<Label>,
    symbols: Vec<Symbol>,
}

impl Batch {
    /// Adds label `i` at `pose` with `extra` padding on every part, trying its candidate
    /// `first` first.
    fn push(&mut self, world: &WorldLabel, i: u32, pose: ScreenPose, extra: f64, first: Option<usize>) {
        self.index.push(i);
        self.poses.push(pose);
        self.first.push(first);
        self.labels.push(world.on_screen(&pose, extra));
        self.symbols.push(world.screen_symbol(pose.scale, extra, first));
    }

    /// Adds label `i`, shown at `pose` with `choice`, as the part set it shows: one position,
    /// placed whatever it overlaps, before every label of the pass that has not its priority.
    fn push_shown(&mut self, world: &WorldLabel, i: u32, pose: ScreenPose, choice: Choice) {
        let mut label = Label { allow_overlap: true, priority: f64::MAX, ..world.on_screen(&pose, 0.0) };
        let full = world.screen_symbol(pose.scale, 0.0, choice.candidate.map(|k| k as usize));
        let icon = match choice.parts {
            Some(Parts::Both) => full.icon,
            // The icon alone: the icon's box is the label's only part.
            Some(Parts::Icon) => {
                let icon = full.icon.expect("a symbol shown as its icon has one");
                label = Label {
                    width: icon.width,
                    height: icon.height,
                    anchor: icon.anchor,
                    offset: icon.offset,
                    padding: icon.padding,
                    ..label
                };
                None
            }
            Some(Parts::Text) | None => None,
        };
        let candidates = if choice.parts == Some(Parts::Icon) {
            Vec::new()
        } else {
            full.candidates[..1.min(full.candidates.len())].to_vec()
        };
        self.index.push(i);
        self.poses.push(pose);
        self.first.push(None);
        self.labels.push(label);
        self.symbols.push(Symbol { candidates, icon, ..full });
    }

    fn len(&self) -> usize {
        self.index.len()
    }

    /// The core's placement of the batch: each label's outcome and choice, in batch order
    /// (`hidden_by` naming batch positions).
    fn place(&self, cx: &FrameContext) -> Result<(Vec<LabelOutcome>, Vec<Choice>), FrameError> {
        let viewport = cx.viewer.projection.viewport();
        let options = PlacementOptions {
            viewport: Some(viewport),
            max_overlap_area: cx.options.max_overlap_area,
            ..PlacementOptions::default()
        };
        let placement = place_symbols(&self.labels, &self.symbols, cx.obstacles, &options).map_err(FrameError::Core)?;
        let mut choices = placement.choices;
        choices.resize(self.len(), Choice::default());
        Ok((placement.outcomes, choices))
    }

    /// The frame of the label at batch position `k` from its `outcome`, and its choice with the
    /// candidate named by the label's own list.
    fn decided(&self, k: usize, outcome: &LabelOutcome, choice: Choice, last: &LabelFrame) -> (LabelFrame, Choice) {
        let pose = self.poses[k];
        let hidden_by = outcome.hidden_by.map(|b| match b {
            Blocker::Label(j) => Blocker::Label(self.index[j as usize]),
            obstacle => obstacle,
        });
        let reason = match outcome.reason {
            None => None,
            Some(label_core::HiddenReason::Offscreen) => {
                return (off_frame(&Sight::Off(pose), last), Choice::default());
            }
            Some(label_core::HiddenReason::Repeat) => Some(HiddenReason::Repeat),
            Some(_) => Some(HiddenReason::Collision),
        };
        let frame = LabelFrame { visible: outcome.visible, opacity: 0.0, reason, hidden_by, pose: Some(pose) };
        let candidate = choice.candidate.map(|j| candidate_before_reorder(j, self.first[k]));
        (frame, Choice { candidate, ..choice })
    }
}

/// Every label's sight through the frame's camera into `sights`: [`Sight::Far`] without
/// projecting it if its world cell cannot reach the screen and it is not drawn (`memo`, the
/// bytes of the last frame), else as [`symbol_sight`] finds it. In parallel, each label on its
/// own.
pub(crate) fn project_symbols(viewer: &Viewer, memo: &[AtomicU8], sights: &mut Vec<Sight>) {
    sights.clear();
    sights.par_extend((0..memo.len()).into_par_iter().map(|i| {
        let drawn = memo[i].load(Ordering::Relaxed) & bits::DRAWN != 0;
        if viewer.in_reach[viewer.cells.cell_of(i)] == Reach::Out && !drawn {
            Sight::Far
        } else {
            symbol_sight(&viewer.labels[i], &viewer.hot[i], viewer.projection, viewer.perspective_scaling)
        }
    }));
}

/// The frame's decisions into `frames` (the last frame's on entry) and `choices`, faded, given
/// every label's sight ([`project_symbols`]). Returns how many labels went through a greedy
/// pass and the frame's label counts.
///
/// # Errors
/// [`FrameError::Core`] if a label on screen is out of the core's range (a size beyond
/// [`label_core::limits::MAX_SIZE`] under perspective); nothing is written then.
pub(crate) fn place_symbol_frame(
    cx: &FrameContext,
    frames: &mut [LabelFrame],
    memo: &[AtomicU8],
    choices: &mut Vec<Choice>,
    sights: &[Sight],
) -> Result<(usize, FrameStats), FrameError> {
    let viewer = &cx.viewer;
    let options = cx.options;
    let n = frames.len();
    choices.resize(n, Choice::default());
    let shown_at = |i: usize| {
        let last = &frames[i];
        (options.last_position_first && last.visible)
            .then_some(choices[i].candidate)
            .flatten()
            .map(|k| k as usize)
            .filter(|&k| k < viewer.labels[i].symbol.candidates.len())
    };

    let waits = |i: usize| options.stickiness == Stickiness::Shown && frames[i].reason == Some(HiddenReason::Collision);
    let mut free: Vec<u32> = Vec::new();
    let mut waiting: Vec<u32> = Vec::new();
    for (i, s) in sights.iter().enumerate() {
        if matches!(s, Sight::In(_)) {
            if waits(i) { waiting.push(i as u32) } else { free.push(i as u32) }
        }
    }
    if options.stickiness != Stickiness::None {
        free.sort_by_key(|&i| tie_key(&frames[i as usize]));
    }
    let pose = |i: u32| sights[i as usize].pose().expect("labels in view have a pose");
    let mut one = Batch::default();
    for &i in &free {
        let extra = margin(&frames[i as usize], options);
        one.push(&viewer.labels[i as usize], i, pose(i), extra, shown_at(i as usize));
    }
    let (outcomes, one_choices) = one.place(cx)?;
    let mut decided: Vec<(u32, LabelFrame, Choice)> = (0..one.len())
        .map(|k| {
            let i = one.index[k];
            let (frame, choice) = one.decided(k, &outcomes[k], one_choices[k], &frames[i as usize]);
            (i, frame, choice)
        })
        .collect();

    if !waiting.is_empty() {
        // Pass 1's shown labels in its placement order: priority, then batch position.
        let mut shown: Vec<usize> = (0..one.len()).filter(|&k| decided[k].1.visible).collect();
        let priority = |k: usize| one.labels[k].priority + 0.0; // −0 and 0 tie, as in the core
        shown.sort_by(|&a, &b| priority(b).total_cmp(&priority(a)).then(a.cmp(&b)));
        let mut two = Batch::default();
        for &k in &shown {
            let (i, _, choice) = decided[k];
            two.push_shown(&viewer.labels[i as usize], i, pose(i), choice);
        }
        for &i in &waiting {
            two.push(&viewer.labels[i as usize], i, pose(i), options.hysteresis_px, None);
        }
        let (outcomes, two_choices) = two.place(cx)?;
        for k in shown.len()..two.len() {
            let i = two.index[k];
            let (frame, choice) = two.decided(k, &outcomes[k], two_choices[k], &frames[i as usize]);
            decided.push((i, frame, choice));
        }
    }

    // Every label's frame: the decided ones, and those out of view.
    let mut now: Vec<Option<(LabelFrame, Choice)>> = vec![None; n];
    for (i, frame, choice) in decided {
        now[i as usize] = Some((frame, choice));
    }
    let mut stats = FrameStats::default();
    for (i, decided) in now.into_iter().enumerate() {
        let last = frames[i];
        let (mut frame, choice) = decided.unwrap_or_else(|| (off_frame(&sights[i], &last), Choice::default()));
        finish(&mut frame, &last, &memo[i], cx.fading, &mut stats);
        // A label fading out is drawn where it was last shown.
        choices[i] = if frame.visible || frame.opacity == 0.0 { choice } else { choices[i] };
        frames[i] = frame;
    }
    Ok((free.len() + waiting.len(), stats))
}

#[cfg(test)]
mod tests {
    use glam::DVec2;

    use crate::Shortcuts;
    use crate::testing::{busy_path, play_against_sleepless, play_alongside, symbol_patch};

    #[test]
    fn symbol_frames_decide_alike_with_and_without_shortcuts() {
        // The dense patch, two labels of three symbols, over every fourth frame of the busy
        // path (zooms, turns, tilts, pans): the frames of the default engine, of one without
        // shortcuts and of one whose labels never sleep are equal, and many labels move off
        // their first candidate.
        let labels = symbol_patch(DVec2::new(100.0, 80.0), 0.04);
        let cameras: Vec<_> = busy_path().into_iter().step_by(4).collect();
        let mut moved = 0;
        play_alongside(&labels, &cameras, Shortcuts::NONE, |_, engine, _| {
            assert_eq!(engine.frame().stats.asleep, 0);
            moved += engine.frame().choices.iter().filter(|c| c.candidate.is_some_and(|k| k > 0)).count();
        });
        assert!(moved > 1000, "{moved} labels off their first candidate over the frames");
        play_against_sleepless(&labels, &cameras);
    }
}
