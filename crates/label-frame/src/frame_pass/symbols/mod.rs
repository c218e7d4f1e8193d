//! A frame of an engine whose labels include symbols (contract §3b): candidate positions, an
//! icon, optional parts, repeat groups, texts along lines.
//!
//! It runs the plain frame's passes (`frame_pass/full.rs`, `frame_pass/reuse.rs`) through the
//! core's [`label_core::place_symbols`], contract §4 as written: pass 1 the free labels by
//! priority, shown ones first on ties, each trying the candidate it was shown at first
//! ([`crate::FrameOptions::last_position_first`]), those held back last frame with the margin
//! on every part; with [`crate::Stickiness::Shown`], pass 2
//! the waiting labels around the labels pass 1 showed, which go first with their candidate and
//! parts only. Beyond a plain frame:
//!
//! - most waiting labels are settled by exact tests against the kept parts (`kept.rs`); the
//!   others go through the core's pass after only the shown labels that can act on them (a part
//!   whose bounds meet one of theirs, or a repeat group): the others hide none of them, so the
//!   pass decides them as one after every shown label;
//! - waiting labels whose certificates hold sleep through a full frame, per part (`asleep/`); no
//!   label goes dormant;
//! - a label is in view iff some part of it at some position meets the viewport; a text along a
//!   line (`geo/path/`) is a symbol of one position whose parts are its glyphs.
//!
//! `full.rs` runs a full frame, `reused.rs` a reused one, `waiting.rs` is pass 2 (and a reused
//! frame's newcomers), `batch.rs` hands a pass's labels to the core and reads its decisions
//! back; every label's frame is faded and counted as in a plain frame ([`Written`]), its
//! [`Choice`] kept (while it fades out too).

mod asleep;
mod batch;
mod full;
mod kept;
mod reused;
mod waiting;

use std::sync::atomic::{AtomicU8, Ordering};

use glam::DVec2;
use label_core::{Choice, Obb};
use rayon::prelude::*;

pub(crate) use batch::Spare;

use crate::frame_pass::FrameContext;
use crate::frame_pass::fade::{Fading, finish};
use crate::frame_pass::place::off_frame;
use crate::geo::path::{LastGlyphs, ScreenPath, Sure, WorldLine, project_label, shift_of, surely};
use crate::geo::sight::{Sight, path_sight};
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::Sleeps;
use crate::state::memo::bits;
use crate::util::runs::RUN;
use crate::{FrameError, FrameStats, LabelFrame, ScreenPose};

/// Every label's sight into `sights`, each on its own, in parallel in pieces of at least
/// [`RUN`] labels: [`Sight::Far`] unprojected if its cell is out of reach and it is undrawn, or
/// if it may doze (a stand-in, see `asleep/`), else [`Viewer::symbol_sight`]. If some label has
/// a path, `lines` gets every label's line on screen: a path label is projected whatever its
/// cell (its line may reach far from its first point) unless, undrawn, [`surely`] settles it.
pub(crate) fn project_symbols(
    viewer: &Viewer,
    memo: &[AtomicU8],
    sleeps: &Sleeps,
    paths: Paths<'_>,
    sights: &mut Vec<Sight>,
    lines: &mut Vec<Option<ScreenPath>>,
) {
    let sight = |i: usize| {
        let m = memo[i].load(Ordering::Relaxed);
        // A stand-in: `place_symbol_frame` projects it if it does not doze.
        if m & bits::SLEEPY != 0 && sleeps.enabled { Sight::Far } else { viewer.symbol_sight(i, m) }
    };
    sights.clear();
    if paths.lines.is_empty() {
        lines.clear();
        sights.par_extend((0..memo.len()).into_par_iter().with_min_len(RUN).map(sight));
        return;
    }
    let view = Obb::from_aabb(&viewer.projection.viewport());
    // Each label's line of the last frame, if any, lends its buffers to this frame's.
    lines.resize_with(memo.len(), || None);
    let (labels, hot) = (viewer.labels, viewer.hot);
    // A reused frame keeps the labels shown in the last frame: whether their glyphs turned.
    let before = paths.reused_after.map(|(shown, shift)| (LastGlyphs::of(lines, shown), shift));
    sights.par_extend(lines.par_iter_mut().enumerate().with_min_len(RUN).map(|(i, slot)| {
        let spare = slot.take();
        let Some(line) = &paths.lines[i] else { return sight(i) };
        let (label, hot) = (&labels[i], &hot[i]);
        // A label drawn in the last frame fades out on its line: it needs the line.
        let drawn = memo[i].load(Ordering::Relaxed) & bits::DRAWN != 0;
        let (projection, scaling) = (viewer.projection, viewer.perspective_scaling);
        let shortcuts = (paths.far_lines, paths.no_room);
        let sure = if drawn { None } else { surely(label, line, shift_of(label, hot), projection, scaling, shortcuts) };
        *slot = match sure {
            Some(Sure::Far) => return Sight::Far,
            Some(Sure::NoRoom(path)) => Some(path),
            None => project_label(label, line, hot, projection, scaling, spare),
        };
        slot.as_ref().map_or(Sight::Behind, |path| path_sight(path, label, &view))
    }));
    if let Some((before, shift)) = before {
        before.mark(lines, (labels, paths.lines), shift);
    }
}

/// What [`project_symbols`] does with texts along lines.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Paths<'a> {
    /// Each label's line measured in the world (`None` for a label without a path); empty when
    /// no label has a path.
    pub(crate) lines: &'a [Option<Box<WorldLine>>],
    /// [`crate::Shortcuts::no_room`].
    pub(crate) no_room: bool,
    /// [`crate::Shortcuts::far_lines`].
    pub(crate) far_lines: bool,
    /// In a reused frame, the labels shown in the last frame ([`SymbolMemory::shown`]), and
    /// how far the screen moved since, px: each learns whether its glyphs turned
    /// ([`ScreenPath::turned`]).
    pub(crate) reused_after: Option<(&'a [u32], DVec2)>,
}

/// One frame's decisions into `memory` (the last frame's on entry), given every label's sight
/// ([`project_symbols`]; a label that dozed gets its own here if it wakes): a reused frame if
/// `reuse`, else a full one. Returns how many labels went through a greedy pass (or slept
/// through it) and the frame's label counts.
///
/// # Errors
/// [`FrameError::Core`], as [`crate::FrameEngine::place_frame`] says (written then: only the
/// sights of labels that woke and the certificates' bookkeeping, which decide nothing).
pub(crate) fn place_symbol_frame(
    cx: &FrameContext,
    memory: SymbolMemory,
    (sights, paths): (&mut [Sight], &[Option<ScreenPath>]),
    reuse: bool,
) -> Result<(usize, FrameStats), FrameError> {
    memory.choices.resize(memory.frames.len(), Choice::default());
    if reuse { reused::place(cx, memory, sights, paths) } else { full::place(cx, memory, sights, paths) }
}

/// The frame of label `i`, out of view as `sight` says, after `last`: off screen or behind the
/// camera, or (a path label whose text does not fit its projected line) hidden with why.
fn out_of_view(paths: &[Option<ScreenPath>], sight: &Sight, i: usize, last: &LabelFrame) -> LabelFrame {
    let frame = off_frame(sight, last);
    match paths.get(i).and_then(Option::as_ref).and_then(ScreenPath::failure) {
        Some(failure) => LabelFrame { reason: Some(failure.into()), ..frame },
        None => frame,
    }
}

/// Whether label `i`, out of view now, its byte `m` ([`bits`]), its line on screen in `paths`
/// and its last choice in `choices`, rests: it was unseen and stays so (no line, no choice),
/// only counted.
fn resting(m: u8, i: usize, paths: &[Option<ScreenPath>], choices: &[Choice]) -> bool {
    m == bits::FAR && paths.get(i).is_none_or(Option::is_none) && choices[i] == Choice::default()
}

/// A label decided in this frame: its index, frame and choice.
type Decided = (u32, LabelFrame, Choice);

/// Every label's frame and choice as a symbol frame writes them, faded and counted, its byte
/// kept.
struct Written<'a> {
    frames: &'a mut [LabelFrame],
    choices: &'a mut [Choice],
    memo: &'a [AtomicU8],
    shown: Option<&'a mut Vec<u32>>,
    fading: Fading,
    stats: FrameStats,
}

impl<'a> Written<'a> {
    /// Nothing written yet; `asleep` labels sleep through the frame (in view, hidden by a
    /// collision, not written); `shown`, if given, gets the labels written shown.
    fn new(
        frames: &'a mut [LabelFrame],
        choices: &'a mut [Choice],
        memo: &'a [AtomicU8],
        mut shown: Option<&'a mut Vec<u32>>,
        fading: Fading,
        asleep: usize,
    ) -> Self {
        if let Some(shown) = shown.as_mut() {
            shown.clear();
        }
        let stats = FrameStats { asleep, in_view: asleep, hidden_collision: asleep, ..FrameStats::default() };
        Written { frames, choices, memo, shown, fading, stats }
    }

    /// Label `i`'s frame and choice (`None`: it keeps its choice), as `now` makes them from its
    /// last frame, written faded and counted; returns the frame written.
    fn write(&mut self, i: usize, now: impl FnOnce(&LabelFrame) -> (LabelFrame, Option<Choice>)) -> &mut LabelFrame {
        let last = self.frames[i];
        let (mut frame, choice) = now(&last);
        finish(&mut frame, &last, &self.memo[i], self.fading, &mut self.stats);
        // A label fading out is drawn where it was last shown.
        if let Some(choice) = choice.filter(|_| frame.visible || frame.opacity == 0.0) {
            self.choices[i] = choice;
        }
        if let Some(shown) = self.shown.as_mut().filter(|_| frame.visible) {
            shown.push(i as u32);
        }
        self.frames[i] = frame;
        &mut self.frames[i]
    }
}

/// The pose of label `i`, in view.
fn pose_of(sights: &[Sight], i: u32) -> ScreenPose {
    sights[i as usize].pose().expect("labels in view have a pose")
}

/// What a symbol frame reads of the last frame and writes for the next: every label's frame
/// and [`Choice`], their bytes (which also say which labels came into view in a reused frame and
/// yielded there, see `frame_pass/reuse.rs`) and the certificates to sleep.
pub(crate) struct SymbolMemory<'a> {
    pub(crate) frames: &'a mut [LabelFrame],
    pub(crate) choices: &'a mut Vec<Choice>,
    pub(crate) memo: &'a [AtomicU8],
    pub(crate) sleeps: &'a mut Sleeps,
    /// Scratch: the candidate lists, lines and glyphs of the last full frame's pass 1, whose
    /// allocations the next one reuses.
    pub(crate) spare: &'a mut Spare,
    /// If some label has a path: every label the frame shows, for the next frame's turn check
    /// ([`Paths::reused_after`]: it visits those alone, not every line).
    pub(crate) shown: Option<&'a mut Vec<u32>>,
}

#[cfg(test)]
mod tests;
