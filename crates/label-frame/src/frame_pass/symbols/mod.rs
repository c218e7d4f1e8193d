//! A frame of an engine whose labels include symbols (contract §3b): candidate positions, an
//! icon, optional parts, repeat groups.
//!
//! A frame whose camera only moved the screen reuses the last placement as the plain engine's
//! does (`reused.rs`). A full frame takes one of the engine's shortcuts: waiting labels
//! whose certificates hold sleep through it (`asleep.rs`, the plain `sleep` per part, with and
//! without pitch; no label goes dormant). Every other label in reach of the screen is projected
//! ([`symbol_sight`]: in view when some part of it at some position meets the viewport) and the
//! labels in view go through the core's
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
//!    pushing one out. Most waiting labels are still covered at every position by those
//!    (`kept`): exact tests against the parts near them settle them, and only the others go
//!    through the core's pass — after those shown labels only that can act on them (a part
//!    whose bounds meet one of theirs, or a repeat group): the others, placed whatever they
//!    overlap, hide none of them, so the pass decides them as one after every shown label.
//!
//! A text along a line (`geo/path.rs`) is a symbol of one position whose parts are its glyphs
//! on the projected line: in view iff a glyph meets the viewport, hidden `no_room` or
//! `too_curved` before any pass when its text does not fit the projected line.
//!
//! Sizes and offsets on screen scale with perspective as a plain label's do
//! ([`WorldLabel::screen_symbol`]). Every label's frame is then faded and counted as in a plain
//! frame, and its [`Choice`] kept in the frame (while it fades out too).

mod asleep;
mod batch;
mod kept;
mod reused;

use std::sync::atomic::{AtomicU8, Ordering};

use label_core::{Blocker, Choice, Obb};
use rayon::prelude::*;

use crate::frame_pass::FrameContext;
use crate::frame_pass::fade::{finish, margin, tie_key};
use crate::frame_pass::place::{hidden, off_frame, unfit_frame};
use crate::geo::path::{ScreenPath, project_label};
use crate::geo::sight::{Sight, path_sight};
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::Sleeps;
use crate::state::memo::bits;
use crate::state::provisional::Provisional;
use crate::util::runs::RUN;
use crate::{FrameError, FrameStats, HiddenReason, LabelFrame, ScreenPose, Stickiness};
use asleep::{certify, doze, wake};
use batch::Batch;
use kept::{Kept, Waiting, covered, first_in_view};
pub(crate) use reused::place_reused_symbols;

/// Waiting labels per piece of the parallel test of which are still covered (a few hundred ns
/// each, against a few ns to project a label): fewer than twice this many are tested on the
/// calling thread, as [`RUN`] keeps a pass over fewer labels there (handing work to rayon's
/// threads from outside its pool wakes them and puts the caller to sleep until they are done).
const WAITING_RUN: usize = 8_192;

/// Every label's sight through the frame's camera into `sights`: [`Sight::Far`] without
/// projecting it if its world cell cannot reach the screen and it is not drawn (`memo`, the
/// bytes of the last frame), or if it may doze (it has a certificate to sleep, see
/// `asleep.rs`: [`place_symbol_frame`] projects it if the certificate fails), else as
/// [`crate::geo::sight::symbol_sight`] finds it. With
/// `with_paths` (some label has a path), `paths` gets every label's line on screen (`None` for
/// the others): a path label is always projected (its line may reach far from its first
/// point), in view iff a glyph box meets the viewport, and [`Sight::Off`] when its text does
/// not fit. Each label on its own, in parallel only in pieces of at least [`RUN`] labels.
pub(crate) fn project_symbols(
    viewer: &Viewer,
    memo: &[AtomicU8],
    sleeps: &Sleeps,
    with_paths: bool,
    sights: &mut Vec<Sight>,
    paths: &mut Vec<Option<ScreenPath>>,
) {
    let sight = |i: usize| {
        let m = memo[i].load(Ordering::Relaxed);
        // A stand-in: [`place_symbol_frame`] projects it if it does not doze.
        if m & bits::SLEEPY != 0 && sleeps.enabled { Sight::Far } else { viewer.symbol_sight(i, m) }
    };
    sights.clear();
    paths.clear();
    if !with_paths {
        sights.par_extend((0..memo.len()).into_par_iter().with_min_len(RUN).map(sight));
        return;
    }
    let view = Obb::from_aabb(&viewer.projection.viewport());
    (0..memo.len())
        .into_par_iter()
        .with_min_len(RUN)
        .map(|i| {
            let label = &viewer.labels[i];
            if label.symbol.path.is_none() {
                return (sight(i), None);
            }
            match project_label(label, &viewer.hot[i], viewer.projection, viewer.perspective_scaling) {
                Some(path) => (path_sight(&path, label, &view), Some(path)),
                None => (Sight::Behind, None),
            }
        })
        .unzip_into_vecs(sights, paths);
}

/// The frame of label `i`, out of view as `sight` says, after `last`: off screen or behind the
/// camera, or (a path label whose text does not fit its projected line) hidden with why.
fn out_of_view(paths: &[Option<ScreenPath>], sight: &Sight, i: usize, last: &LabelFrame) -> LabelFrame {
    match paths.get(i).and_then(Option::as_ref).and_then(ScreenPath::failure) {
        Some(failure) => unfit_frame(failure, sight, last),
        None => off_frame(sight, last),
    }
}

/// The pose of label `i`, in view.
fn pose_of(sights: &[Sight], i: u32) -> ScreenPose {
    sights[i as usize].pose().expect("labels in view have a pose")
}

/// What a symbol frame reads of the last frame and writes for the next: every label's frame
/// and [`Choice`], their bytes, the certificates to sleep, and the labels that came into view
/// in a reused frame and yielded there (see `frame_pass/reuse.rs`).
pub(crate) struct SymbolMemory<'a> {
    pub(crate) frames: &'a mut [LabelFrame],
    pub(crate) choices: &'a mut Vec<Choice>,
    pub(crate) memo: &'a [AtomicU8],
    pub(crate) sleeps: &'a mut Sleeps,
    pub(crate) provisional: &'a mut Provisional,
}

/// The frame's decisions into `frames` (the last frame's on entry) and `choices`, faded, given
/// every label's sight ([`project_symbols`]; those of the labels that dozed through it are
/// written here if they wake). Returns how many labels went through a greedy pass (or slept
/// through it) and the frame's label counts.
///
/// # Errors
/// [`FrameError::Core`] if a label on screen is out of the core's range (a size beyond
/// [`label_core::limits::MAX_SIZE`] under perspective); nothing is written then but the
/// sights of labels that woke and the certificates' bookkeeping (a rectangle turned into the
/// depth it gives, the back-off's counts), which decides nothing.
pub(crate) fn place_symbol_frame(
    cx: &FrameContext,
    memory: SymbolMemory,
    sights: &mut [Sight],
    paths: &[Option<ScreenPath>],
) -> Result<(usize, FrameStats), FrameError> {
    let SymbolMemory { frames, choices, memo, sleeps, provisional } = memory;
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

    // A label that came into view in a reused frame and yielded there competes as one new to
    // the view: in pass 1, without the margin.
    let waits = |i: usize| {
        options.stickiness == Stickiness::Shown
            && frames[i].reason == Some(HiddenReason::Collision)
            && !provisional.get(i)
    };
    let extra = |i: usize| if provisional.get(i) { 0.0 } else { margin(&frames[i], options) };
    // The labels the projection skipped for their certificate (their sight a stand-in): those
    // whose certificates hold doze, the others are projected now.
    let dozing = doze(viewer, memo, sleeps, sights);
    let mut free: Vec<u32> = Vec::new();
    let mut waiting: Vec<u32> = Vec::new();
    for (i, s) in sights.iter().enumerate() {
        if matches!(s, Sight::In(_)) {
            if waits(i) { waiting.push(i as u32) } else { free.push(i as u32) }
        }
    }
    if options.stickiness != Stickiness::None {
        // A stable sort by the tie key (0 or 1), as a partition.
        let (mut first, later): (Vec<u32>, Vec<u32>) = free.iter().partition(|&&i| tie_key(&frames[i as usize]) == 0);
        first.extend(later);
        free = first;
    }
    let path = |i: u32| paths.get(i as usize).and_then(Option::as_ref);
    let push = |batch: &mut Batch, sights: &[Sight], i: u32, extra: f64, first: Option<usize>| match path(i) {
        Some(p) => batch.push_path(&viewer.labels[i as usize], i, p, extra),
        None => batch.push(&viewer.labels[i as usize], i, pose_of(sights, i), extra, first),
    };
    let mut one = Batch::with_capacity(free.len());
    for &i in &free {
        push(&mut one, sights, i, extra(i as usize), shown_at(i as usize));
    }
    let (outcomes, one_choices) = one.place(cx)?;
    let mut decided: Vec<(u32, LabelFrame, Choice)> = Vec::with_capacity(one.len() + waiting.len());
    decided.extend((0..one.len()).map(|k| {
        let i = one.index[k];
        let (frame, choice) = one.decided(k, &outcomes[k], one_choices[k], &frames[i as usize]);
        (i, frame, choice)
    }));

    // Labels sleeping through the frame, ascending; the kept parts, for the waiting labels and
    // the certificates.
    let mut asleep: Vec<u32> = Vec::new();
    let mut kept = Kept::default();
    if !waiting.is_empty() || !dozing.is_empty() || sleeps.enabled {
        // Pass 1's shown labels in its placement order: priority, then batch position.
        let mut shown: Vec<usize> = (0..one.len()).filter(|&k| decided[k].1.visible).collect();
        // −0 and 0 tie, as in the core; every key differs (`k` breaks ties), so an unstable
        // sort orders them as a stable one.
        let priority = |k: usize| std::cmp::Reverse(total_order(one.labels[k].style.priority + 0.0));
        shown.sort_unstable_by_key(|&k| (priority(k), k));
        let shown: Vec<(u32, Choice)> = shown.iter().map(|&k| (decided[k].0, decided[k].2)).collect();
        let fixed = Batch::of_shown(viewer, sights, paths, &shown);
        kept = Kept::of_fixed(n, &fixed, &shown);
        let woken;
        (asleep, woken) = wake(viewer, memo, sleeps, &kept, choices, &dozing, sights);
        if !woken.is_empty() {
            // Ascending again (the pass breaks ties by it).
            waiting.extend(woken);
            waiting.sort_unstable();
        }
        if !waiting.is_empty() {
            pass_two(cx, frames, sights, paths, &fixed, &kept, &waiting, options.hysteresis_px, &mut decided)?;
        }
    }

    // Every label's frame: the decided ones (all those in view but the sleeping ones), and
    // those out of view. Most of those were out of view and not drawn last frame too
    // ([`LabelFrame::UNSEEN`], byte `FAR`, no choice): they stay so unchanged, and are only
    // counted. The sleeping ones stay as they are, and are counted.
    let sleepers = asleep.len();
    let mut stats =
        FrameStats { asleep: sleepers, in_view: sleepers, hidden_collision: sleepers, ..FrameStats::default() };
    let resting = |i: usize| {
        memo[i].load(Ordering::Relaxed) == bits::FAR && path(i as u32).is_none() && choices[i] == Choice::default()
    };
    let mut gone = Vec::new();
    let mut blockers = Vec::new();
    let mut sleeping = asleep.iter().peekable();
    for (i, s) in sights.iter().enumerate() {
        if sleeping.next_if_eq(&&(i as u32)).is_some() {
            continue;
        }
        match s {
            Sight::In(_) => {}
            Sight::Far | Sight::Off(_) if resting(i) => {
                debug_assert_eq!(frames[i], LabelFrame::UNSEEN);
                stats.hidden_offscreen += 1;
            }
            _ => gone.push((i, None)),
        }
    }
    for (i, now) in decided.into_iter().map(|(i, f, c)| (i as usize, Some((f, c)))).chain(gone) {
        let last = frames[i];
        let (mut frame, choice) = now.unwrap_or_else(|| (out_of_view(paths, &sights[i], i, &last), Choice::default()));
        finish(&mut frame, &last, &memo[i], cx.fading, &mut stats);
        // A label fading out is drawn where it was last shown.
        if frame.visible || frame.opacity == 0.0 {
            choices[i] = choice;
        }
        if let Sight::In(pose) = sights[i] {
            certify(cx, sights, &kept, sleeps, i, &pose, &mut frame, &memo[i], &mut blockers);
        }
        frames[i] = frame;
    }
    Ok((free.len() + waiting.len() + asleep.len(), stats))
}

/// Pass 2 ([`Stickiness::Shown`]): the `waiting` labels (ascending, in view, with `margin`
/// more padding on every part) around the labels pass 1 showed (`fixed`, in its placement
/// order; the blocking ones' parts `kept`), their decisions onto `decided`. A reused frame
/// places the labels that came into view so too, without the margin, around the shown labels
/// it keeps.
#[allow(clippy::too_many_arguments, reason = "the frame's state, each read once")]
fn pass_two(
    cx: &FrameContext,
    frames: &[LabelFrame],
    sights: &[Sight],
    paths: &[Option<ScreenPath>],
    fixed: &Batch,
    kept: &Kept,
    waiting: &[u32],
    margin: f64,
    decided: &mut Vec<(u32, LabelFrame, Choice)>,
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
            Some(by) => decided.push((i, hidden(by, pose(i)), Choice::default())),
            None => match paths.get(i as usize).and_then(Option::as_ref) {
                Some(p) => rest.push_path(&viewer.labels[i as usize], i, p, margin),
                None => rest.push(&viewer.labels[i as usize], i, pose(i), margin, None),
            },
        }
    }
    if rest.is_empty() {
        return Ok(());
    }
    // Only the shown labels that can act on the waiting ones left go first: the pass
    // decides those as one after every shown label would, at a fraction of its cost.
    let waiting_left = rest.len();
    let two = Batch::near_then(fixed, rest);
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

/// `x`'s place in [`f64::total_cmp`]'s order, as an integer.
fn total_order(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ ((((bits >> 63) as u64) >> 1) as i64)
}

#[cfg(test)]
mod tests {
    use glam::DVec2;

    use crate::Shortcuts;
    use crate::testing::{busy_path, path_patch, play_against_sleepless, play_alongside, symbol_patch};
    use crate::{FrameKind, HiddenReason};

    #[test]
    fn total_order_orders_as_total_cmp() {
        let xs = [f64::NEG_INFINITY, -1e300, -2.5, -0.0, 0.0, 1e-310, 3.0, f64::INFINITY, f64::NAN, -f64::NAN];
        for a in xs {
            for b in xs {
                assert_eq!(super::total_order(a).cmp(&super::total_order(b)), a.total_cmp(&b), "{a} {b}");
            }
        }
    }

    #[test]
    fn symbol_frames_decide_alike_with_and_without_shortcuts() {
        // The dense patch, two labels of three symbols, over every fourth frame of the busy
        // path (zooms, turns, tilts, pans, the last pan in reused frames): the frames of the
        // default engine, of one without shortcuts and of one whose labels never sleep decide
        // alike, many labels move off their first candidate, and many symbols sleep, with pitch
        // too.
        let labels = symbol_patch(DVec2::new(100.0, 80.0), 0.04);
        let cameras: Vec<_> = busy_path().into_iter().step_by(4).collect();
        let (mut moved, mut reused, mut placed_anew, mut asleep_reused) = (0, 0, 0, 0);
        play_alongside(&labels, &cameras, Shortcuts::NONE, |_, engine, _| {
            let frame = engine.frame();
            moved += frame.choices.iter().filter(|c| c.candidate.is_some_and(|k| k > 0)).count();
            if frame.stats.kind == FrameKind::Reused {
                reused += 1;
                placed_anew += frame.stats.placed_now;
                asleep_reused += frame.stats.asleep;
            }
        });
        assert!(moved > 1000, "{moved} labels off their first candidate over the frames");
        assert!(reused > 5 && placed_anew > 20, "{reused} frames reused, {placed_anew} labels placed anew in them");
        assert!(asleep_reused > 20, "{asleep_reused} symbols asleep in the reused frames");
        let played = play_against_sleepless(&labels, &cameras);
        let symbols_asleep: usize = played.iter().map(|(stats, ..)| stats.asleep).sum();
        assert!(symbols_asleep > 2000, "{symbols_asleep} symbols asleep over the frames");
        let pitched = played.iter().zip(&cameras).filter(|(_, c)| c.pitch > 0.0);
        let asleep_pitched: usize = pitched.map(|((stats, ..), _)| stats.asleep).sum();
        assert!(asleep_pitched > 200, "{asleep_pitched} symbols asleep in the frames with pitch");
    }

    #[test]
    fn path_frames_decide_alike_with_and_without_shortcuts() {
        // The patch with a text along a line on every fourth label, over every fourth frame of
        // the busy path: many lines show, many are hidden by a collision, some have no room
        // or bend too much, and the engines decide alike.
        let labels = path_patch(DVec2::new(100.0, 80.0), 0.04);
        let cameras: Vec<_> = busy_path().into_iter().step_by(4).collect();
        let is_path = |i: usize| labels[i].symbol.path.is_some();
        let (mut shown, mut collided, mut unfit) = (0, 0, 0);
        play_alongside(&labels, &cameras, Shortcuts::NONE, |_, engine, _| {
            for (_, f) in engine.frame().labels.iter().enumerate().filter(|&(i, _)| is_path(i)) {
                shown += usize::from(f.visible);
                collided += usize::from(f.reason == Some(HiddenReason::Collision));
                unfit += usize::from(matches!(f.reason, Some(HiddenReason::NoRoom | HiddenReason::TooCurved)));
            }
        });
        assert!(shown > 1000 && collided > 1000 && unfit > 100, "{shown} shown, {collided} collided, {unfit} unfit");
        play_against_sleepless(&labels, &cameras);
    }
}
