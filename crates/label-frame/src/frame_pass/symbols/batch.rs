//! The labels of one of the core's symbol passes, as a frame hands them over and reads the
//! decisions back.

use glam::DVec2;
use label_core::broad::FirstHit;
use label_core::{
    Blocker, BoxStyle, Candidate, Choice, Label, LabelOutcome, Obb, Parts, PathLayout, PlacementOptions, Symbol,
    TextPath, place_symbols_laid_out,
};

use super::kept::shown_boxes;
use crate::frame_pass::FrameContext;
use crate::frame_pass::place::off_frame;
use crate::geo::path::{ScreenPath, reuse};
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::label::candidate_before_reorder;
use crate::{FrameError, HiddenReason, LabelFrame, ScreenPose, WorldLabel};

/// The labels of one of the core's passes, in its input order: each one's engine index, pose,
/// and the candidate it tries first (by its own index), with its label and symbol on screen.
#[derive(Default)]
pub(super) struct Batch {
    pub(super) index: Vec<u32>,
    poses: Vec<ScreenPose>,
    first: Vec<Option<usize>>,
    pub(super) labels: Vec<Label>,
    pub(super) symbols: Vec<Symbol>,
    /// A path label's glyphs on screen (`None` for the others).
    layouts: Vec<Option<PathLayout>>,
    /// What a past batch allocated, which this one's labels reuse.
    pub(super) spare: Spare,
}

/// The allocations of a past batch ([`Batch::into_spare`]) that [`Batch::push`] and
/// [`Batch::push_path`] reuse: a frame's batches are built anew every frame, each point symbol
/// with its list of candidates, each path label with its line and glyphs.
#[derive(Debug, Default)]
pub(crate) struct Spare {
    candidates: Vec<Vec<Candidate>>,
    paths: Vec<TextPath>,
    layouts: Vec<PathLayout>,
}

impl Spare {
    /// How many candidate lists, lines and layouts it holds (the lists and lines each at most
    /// a pass's labels of their kind, the layouts at most its lines).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.candidates.len() + self.paths.len() + self.layouts.len()
    }
}

impl Batch {
    /// An empty batch with room for `n` labels (a frame's batches are rebuilt every frame:
    /// growing them label by label copied them over and over).
    pub(super) fn with_capacity(n: usize) -> Self {
        Batch {
            index: Vec::with_capacity(n),
            poses: Vec::with_capacity(n),
            first: Vec::with_capacity(n),
            labels: Vec::with_capacity(n),
            symbols: Vec::with_capacity(n),
            layouts: Vec::with_capacity(n),
            spare: Spare::default(),
        }
    }

    /// Its symbols' candidate lists, lines and glyphs, and its own spares, for the next batch.
    pub(super) fn into_spare(self) -> Spare {
        let mut spare = self.spare;
        for symbol in self.symbols {
            match symbol.path {
                Some(path) => spare.paths.push(path),
                None => spare.candidates.push(symbol.candidates),
            }
        }
        spare.layouts.extend(self.layouts.into_iter().flatten());
        spare
    }

    /// Adds label `i` at `pose` with `extra` padding on every part, trying its candidate
    /// `first` first.
    pub(super) fn push(&mut self, world: &WorldLabel, i: u32, pose: ScreenPose, extra: f64, first: Option<usize>) {
        self.index.push(i);
        self.poses.push(pose);
        self.first.push(first);
        self.labels.push(world.on_screen(&pose, extra));
        let list = self.spare.candidates.pop().unwrap_or_default();
        self.symbols.push(world.screen_symbol(pose.scale, extra, first, list));
        self.layouts.push(None);
    }

    /// Adds path label `i`, whose line on screen is `path` (its text fits), with `extra`
    /// padding on every glyph.
    pub(super) fn push_path(&mut self, world: &WorldLabel, i: u32, path: &ScreenPath, extra: f64) {
        self.index.push(i);
        self.poses.push(path.pose);
        self.first.push(None);
        self.labels.push(path.label(world, extra));
        self.symbols.push(path.symbol_into(world, self.spare.paths.pop()));
        let layout = path.layout.as_ref().ok().map(|l| reuse(self.spare.layouts.pop(), l));
        self.layouts.push(layout);
    }

    /// Adds path label `i` (`world`), shown along its line `path`, as [`Self::push_shown`] adds a
    /// symbol.
    pub(super) fn push_path_shown(&mut self, world: &WorldLabel, i: u32, path: &ScreenPath) {
        self.push_path_unrepeated(world, i, path);
        let label = self.labels.last_mut().expect("just pushed");
        label.style.allow_overlap = true;
        label.style.priority = f64::MAX;
    }

    /// Adds path label `i` (`world`) along its line `path`, without the margin, with no repeat
    /// distance of its own (0: [`Self::push_shown`] says why; its anchor point still joins its
    /// group).
    pub(super) fn push_path_unrepeated(&mut self, world: &WorldLabel, i: u32, path: &ScreenPath) {
        self.push_path(world, i, path, 0.0);
        self.symbols.last_mut().expect("just pushed").repeat_distance = 0.0;
    }

    /// Every part of the label at batch position `k` ([`Symbol::parts`]; a path label's
    /// glyphs).
    pub(super) fn parts(&self, k: usize) -> impl Iterator<Item = Obb> + '_ {
        self.symbols[k].parts(&self.labels[k], DVec2::ZERO, self.layouts[k].as_ref())
    }

    /// Adds label `i` as [`Self::push_path`] does if it has a line on screen in `paths`, else
    /// as [`Self::push`] does at its pose in `sights` (it is in view).
    pub(super) fn push_any(
        &mut self,
        viewer: &Viewer,
        (sights, paths): (&[Sight], &[Option<ScreenPath>]),
        i: u32,
        extra: f64,
        first: Option<usize>,
    ) {
        let world = &viewer.labels[i as usize];
        match paths.get(i as usize).and_then(Option::as_ref) {
            Some(p) => self.push_path(world, i, p, extra),
            None => self.push(world, i, super::pose_of(sights, i), extra, first),
        }
    }

    /// Adds label `i`, shown at `pose` with `choice`, as the part set it shows: one position,
    /// placed whatever it overlaps, before every label of the pass that has not its priority.
    /// It is no repeat of another shown label either (its `repeat_distance` is 0 here: §4 step
    /// 3a measures by the later label's distance, and a reused frame keeps shown labels that
    /// were placed in another order than this pass's, so one of a group could otherwise be
    /// hidden by another kept one — its parts then out of the pass, which would place a
    /// newcomer over them while the frame keeps it shown); its anchor point still joins its
    /// group, against which the pass's other labels are measured by their own distances.
    pub(super) fn push_shown(&mut self, world: &WorldLabel, i: u32, pose: ScreenPose, choice: Choice) {
        let mut label = world.on_screen(&pose, 0.0).with_allow_overlap(true).with_priority(f64::MAX);
        let full = world.screen_symbol(pose.scale, 0.0, choice.candidate.map(|k| k as usize), Vec::new());
        let icon = match choice.parts {
            Some(Parts::Both) => full.icon,
            // The icon alone: the icon's box is the label's only part.
            Some(Parts::Icon) => {
                let icon = full.icon.expect("a symbol shown as its icon has one");
                label.style = BoxStyle {
                    width: icon.width,
                    height: icon.height,
                    anchor: icon.anchor,
                    offset: icon.offset,
                    padding: icon.padding,
                    ..label.style
                };
                None
            }
            Some(Parts::Text) | None => None,
        };
        let mut candidates = full.candidates;
        candidates.truncate(if choice.parts == Some(Parts::Icon) { 0 } else { 1 });
        self.index.push(i);
        self.poses.push(pose);
        self.first.push(None);
        self.labels.push(label);
        self.symbols.push(Symbol { candidates, icon, repeat_distance: 0.0, ..full });
        self.layouts.push(None);
    }

    pub(super) fn len(&self) -> usize {
        self.index.len()
    }

    /// The `shown` labels (engine index and choice, in placement order; all in view, their
    /// lines on screen in `paths` for path labels) that can act on a label of `rest` in a pass,
    /// in `shown`'s order, as [`Self::push_shown`] and [`Self::push_path_shown`] add them
    /// (placed whatever they overlap), then all of `rest`'s. A shown label acts on another only
    /// through a collision, for which the bounds of a part of each must meet, or through a
    /// repeat group; the others are placed in a pass over all of `shown` and `rest` without
    /// hiding any of `rest`'s, so this pass decides `rest`'s labels as that one does, and
    /// `rest`'s labels start at [`Self::len`] of the result minus `rest`'s.
    pub(super) fn near_then(
        viewer: &Viewer,
        (sights, paths): (&[Sight], &[Option<ScreenPath>]),
        shown: &[(u32, Choice)],
        rest: Batch,
    ) -> Batch {
        let index = FirstHit::new((0..rest.len()).flat_map(|k| rest.parts(k)).map(|b| b.bounds()));
        let mut near = Batch::with_capacity(rest.len());
        let mut boxes = Vec::new();
        for &(i, choice) in shown {
            let world = &viewer.labels[i as usize];
            // A label of a repeat group goes first wherever it is; another only if it meets one.
            if world.symbol.repeat_group.is_none() {
                boxes.clear();
                shown_boxes(viewer.labels, (sights, paths), (i, choice), &mut boxes);
                if !boxes.iter().any(|b| index.first(&b.bounds(), |_| true).is_some()) {
                    continue;
                }
            }
            match paths.get(i as usize).and_then(Option::as_ref) {
                Some(path) => near.push_path_shown(world, i, path),
                None => near.push_shown(world, i, super::pose_of(sights, i), choice),
            }
        }
        near.append(rest);
        near
    }

    /// Adds the labels of `other`, in its order (moved, not copied).
    fn append(&mut self, mut other: Batch) {
        self.index.append(&mut other.index);
        self.poses.append(&mut other.poses);
        self.first.append(&mut other.first);
        self.labels.append(&mut other.labels);
        self.symbols.append(&mut other.symbols);
        self.layouts.append(&mut other.layouts);
    }

    /// The core's placement of the batch: each label's outcome and choice, in batch order
    /// (`hidden_by` naming batch positions). The paths' layouts go with it: the core does not
    /// lay them out again.
    pub(super) fn place(&self, cx: &FrameContext) -> Result<(Vec<LabelOutcome>, Vec<Choice>), FrameError> {
        let viewport = cx.viewer.projection.viewport();
        let options = PlacementOptions {
            viewport: Some(viewport),
            max_overlap_area: cx.options.max_overlap_area,
            ..PlacementOptions::default()
        };
        let placement = place_symbols_laid_out(&self.labels, &self.symbols, &self.layouts, cx.obstacles, &options)
            .map_err(FrameError::Core)?;
        let mut choices = placement.choices;
        choices.resize(self.len(), Choice::default());
        Ok((placement.outcomes, choices))
    }

    /// The frame of the label at batch position `k` from its `outcome`, and its choice with the
    /// candidate named by the label's own list.
    pub(super) fn decided(
        &self,
        k: usize,
        outcome: &LabelOutcome,
        choice: Choice,
        last: &LabelFrame,
    ) -> (LabelFrame, Choice) {
        let pose = self.poses[k];
        let hidden_by = outcome.hidden_by.map(|b| match b {
            Blocker::Label(j) => Blocker::Label(self.index[j as usize]),
            obstacle => obstacle,
        });
        // The core's reasons are the frame's (one vocabulary); off screen keeps the last frame's
        // memory.
        let reason = match outcome.reason {
            Some(HiddenReason::Offscreen) => return (off_frame(&Sight::Off(pose), last), Choice::default()),
            reason => reason,
        };
        let frame = LabelFrame { visible: outcome.visible, opacity: 0.0, reason, hidden_by, pose: Some(pose) };
        let candidate = choice.candidate.map(|j| candidate_before_reorder(j, self.first[k]));
        (frame, Choice { candidate, ..choice })
    }
}
