//! A full symbol frame, stage by stage (see the module above for the passes): the dozing labels
//! set aside, pass 1 over the free labels, then the waiting labels and the sleepers around the
//! labels pass 1 kept, then every label's frame written, faded and certified.

use std::sync::atomic::{AtomicU8, Ordering};

use label_core::Choice;
use label_core::pipeline::descending_key;

use super::asleep::{certify, doze, hidden_at_edge, kept_alike, wake};
use super::batch::{Batch, Spare};
use super::kept::Kept;
use super::waiting::Symbols;
use super::{Decided, SymbolMemory, Written, out_of_view, resting};
use crate::frame_pass::FrameContext;
use crate::frame_pass::around::pass_two;
use crate::frame_pass::fade::{margin, tie_key};
use crate::frame_pass::full::waits;
use crate::geo::path::ScreenPath;
use crate::geo::sight::Sight;
use crate::shortcuts::sleep::Sleeps;
use crate::{FrameError, FrameStats, LabelFrame, Stickiness};

/// A full frame's decisions into `frames` (the last frame's on entry) and `choices` (one per
/// label), faded, given every label's sight (those of the labels that dozed through it are
/// written here if they wake): see [`super::place_symbol_frame`].
pub(super) fn place(
    cx: &FrameContext,
    memory: SymbolMemory,
    sights: &mut [Sight],
    paths: &[Option<ScreenPath>],
) -> Result<(usize, FrameStats), FrameError> {
    let SymbolMemory { frames, choices, memo, sleeps, spare, shown: shown_now } = memory;
    // The labels the projection skipped for their certificate (their sight a stand-in): those
    // whose certificates hold doze, the others are projected now.
    let dozing = doze(&cx.viewer, memo, sleeps, sights);
    let (free, mut waiting) = in_view(cx, frames, memo, sights);
    let mut decided: Vec<Decided> = Vec::with_capacity(free.len() + waiting.len());
    let one = pass_one(cx, (frames, choices), memo, (sights, paths), (&free, std::mem::take(spare)), &mut decided)?;
    // Labels sleeping through the frame, ascending; the kept parts, for the waiting labels and
    // the certificates.
    let mut asleep: Vec<u32> = Vec::new();
    let mut kept = Kept::default();
    if !waiting.is_empty() || !dozing.is_empty() || sleeps.enabled {
        let shown;
        (shown, kept) = kept_of_pass_one(cx, (sights, paths), &one, &decided);
        let mut woken = Vec::new();
        let alike = kept_alike(&kept, &shown, choices);
        let kept_alike = |b: u32| {
            // Unreachable today (a label without a certificate never dozes); woken if reached.
            debug_assert!((b as usize) < alike.len(), "blocker {b} out of the kept table");
            alike.get(b as usize).copied().unwrap_or(false)
        };
        asleep.reserve(dozing.len());
        let slept = |i| asleep.push(i);
        let woke = |i, in_view| {
            if in_view {
                woken.push(i);
            }
        };
        let (margin, area) = (cx.options.hysteresis_px, cx.options.max_overlap_area);
        let at_edge = |i, pose: &_| hidden_at_edge(&cx.viewer, &kept, (margin, area), (i, sleeps.blocker(i)), pose);
        wake(&cx.viewer, memo, sleeps, (&dozing, sights), (kept_alike, at_edge), (slept, woke));
        if !woken.is_empty() {
            // Ascending again (the pass breaks ties by it).
            waiting = merged(&waiting, &woken);
        }
        if !waiting.is_empty() {
            let kind = Symbols::new(cx, (frames, sights, paths), (&shown, &kept), cx.options.hysteresis_px);
            pass_two(&kind, &waiting, &mut decided)?;
        }
    }
    *spare = one.into_spare();
    let out = Written::new(frames, choices, memo, shown_now, cx.fading, asleep.len());
    let stats = write(cx, out, sleeps, (sights, paths), &kept, decided, &asleep);
    Ok((free.len() + waiting.len() + asleep.len(), stats))
}

/// The labels in view (their sight [`Sight::In`]), split: the free ones, in the order pass 1
/// takes them (shown last frame first, with stability), and the waiting ones, ascending. A
/// label that came into view in a reused frame and yielded there (provisional, its byte in
/// `memo` says) competes as one new to the view: it is free.
fn in_view(cx: &FrameContext, frames: &[LabelFrame], memo: &[AtomicU8], sights: &[Sight]) -> (Vec<u32>, Vec<u32>) {
    let options = cx.options;
    let mut free: Vec<u32> = Vec::new();
    let mut waiting: Vec<u32> = Vec::new();
    for (i, s) in sights.iter().enumerate() {
        if matches!(s, Sight::In(_)) {
            if waits(options, memo[i].load(Ordering::Relaxed)) { waiting.push(i as u32) } else { free.push(i as u32) }
        }
    }
    if options.stickiness != Stickiness::None {
        // A stable sort by the tie key (0 or 1), as a partition.
        let (mut first, later): (Vec<u32>, Vec<u32>) = free.iter().partition(|&&i| tie_key(&frames[i as usize]) == 0);
        first.extend(later);
        free = first;
    }
    (free, waiting)
}

/// Pass 1: the `free` labels through the core's pass, those hidden by a collision last frame
/// (and not provisional) with the margin, a label shown last frame trying its last candidate
/// first ([`crate::FrameOptions::last_position_first`]), their symbols written over the
/// `spare` ones. Returns the pass's batch; its decisions go to `decided`, in batch order.
fn pass_one(
    cx: &FrameContext,
    (frames, choices): (&[LabelFrame], &[Choice]),
    memo: &[AtomicU8],
    (sights, paths): (&[Sight], &[Option<ScreenPath>]),
    (free, spare): (&[u32], Spare),
    decided: &mut Vec<Decided>,
) -> Result<Batch, FrameError> {
    let (viewer, options) = (&cx.viewer, cx.options);
    let shown_at = |i: usize| {
        (options.last_position_first && frames[i].visible)
            .then_some(choices[i].candidate)
            .flatten()
            .map(|k| k as usize)
            .filter(|&k| k < viewer.labels[i].symbol.candidates.len())
    };
    let extra = |i: usize| margin(memo[i].load(Ordering::Relaxed), options);
    let mut one = Batch::with_capacity(free.len());
    one.spare = spare;
    for &i in free {
        one.push_any(viewer, (sights, paths), i, extra(i as usize), shown_at(i as usize));
    }
    let (outcomes, one_choices) = one.place(cx)?;
    decided.extend((0..one.len()).map(|k| {
        let i = one.index[k];
        let (frame, choice) = one.decided(k, &outcomes[k], one_choices[k], &frames[i as usize]);
        (i, frame, choice)
    }));
    Ok(one)
}

/// The labels pass 1 (`one`, its decisions `decided`) showed, in its placement order —
/// priority, then batch position — as the fixed labels of pass 2 (engine index and choice),
/// and their parts, kept.
fn kept_of_pass_one(
    cx: &FrameContext,
    (sights, paths): (&[Sight], &[Option<ScreenPath>]),
    one: &Batch,
    decided: &[Decided],
) -> (Vec<(u32, Choice)>, Kept) {
    let mut shown: Vec<usize> = (0..one.len()).filter(|&k| decided[k].1.visible).collect();
    // −0 and 0 tie, as in the core; every key differs (`k` breaks ties), so an unstable sort
    // orders them as a stable one.
    shown.sort_unstable_by_key(|&k| (descending_key(one.labels[k].style.priority), k));
    let shown: Vec<(u32, Choice)> = shown.iter().map(|&k| (decided[k].0, decided[k].2)).collect();
    let kept = Kept::of_shown(&cx.viewer, (sights, paths), &shown);
    (shown, kept)
}

/// Every label's frame into `out`: the `decided` ones (all those in view but the sleeping
/// ones), and those out of view, most of them resting. The sleeping ones (`asleep`, ascending)
/// stay as they are. A label decided hidden in view may be certified to sleep from now on.
/// Returns the frame's label counts.
fn write(
    cx: &FrameContext,
    mut out: Written,
    sleeps: &mut Sleeps,
    (sights, paths): (&[Sight], &[Option<ScreenPath>]),
    kept: &Kept,
    decided: Vec<Decided>,
    asleep: &[u32],
) -> FrameStats {
    let memo = out.memo;
    let mut gone = Vec::new();
    let mut sleeping = asleep.iter().peekable();
    for (i, s) in sights.iter().enumerate() {
        // A sleeping label first, whatever its sight (a stand-in) says: the table's
        // invariants keep a sleepy label from being resting too (`Table::broken`).
        if sleeping.next_if_eq(&&(i as u32)).is_some() {
            continue;
        }
        match s {
            Sight::In(_) => {}
            Sight::Far | Sight::Off(_) if resting(memo[i].load(Ordering::Relaxed), i, paths, out.choices) => {
                debug_assert_eq!(out.frames[i], LabelFrame::UNSEEN);
                out.stats.hidden_offscreen += 1;
            }
            _ => gone.push((i, None)),
        }
    }
    debug_assert!(sleeping.next().is_none(), "the sleeping labels ascending");
    let mut blockers = Vec::new();
    for (i, now) in decided.into_iter().map(|(i, f, c)| (i as usize, Some((f, c)))).chain(gone) {
        let frame = out.write(i, |last| {
            let (frame, choice) = now.unwrap_or_else(|| (out_of_view(paths, &sights[i], i, last), Choice::default()));
            (frame, Some(choice))
        });
        if let Sight::In(pose) = sights[i] {
            certify(cx, sights, kept, sleeps, i, &pose, frame, &memo[i], &mut blockers);
        }
    }
    out.stats
}

/// The merge of two ascending lists, ascending. A merge, not a sort: a sort's pivot code, taken
/// only by some lists, would be compiled lazily in the middle of a camera move in WebAssembly
/// (`web/core/warm.js` compiles what the engine calls before the map's first frame).
fn merged(a: &[u32], b: &[u32]) -> Vec<u32> {
    debug_assert!(a.is_sorted() && b.is_sorted());
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}
