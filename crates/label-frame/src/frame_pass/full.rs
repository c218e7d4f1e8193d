//! A full frame: the labels in view go through the core's greedy placement, with the memory of
//! the last frame turned into the tie-break key, the hysteresis margin, and (with
//! [`Stickiness::Shown`]) a second pass for the labels that must wait for room.

use std::sync::atomic::{AtomicU8, Ordering};

use glam::DVec2;
use label_core::pipeline::Sequential;
use label_core::{Blocker, Label, Obb};

use crate::Projected;
use crate::frame_pass::around::{Kind, PlainKind, PlainTest};
use crate::frame_pass::fade::{finish, held_back, margin, tie_key};
use crate::frame_pass::pass::{PassTwo, pass_over};
use crate::frame_pass::place::{STAGED_FROM, decided, hidden, off_frame, staged};
use crate::frame_pass::shown::ShownBoxes;
use crate::frame_pass::{FrameContext, Memory};
use crate::geo::sight::Sight;
use crate::shortcuts::sleep::deep::deep_holds;
use crate::shortcuts::sleep::{Sleep, Sleeps};
use crate::state::memo::{self, bits};
use crate::{FrameOptions, FrameStats, LabelFrame, ScreenPose, Stickiness};

/// Buffers of a full frame, kept by the engine so that a frame does not allocate them again.
#[derive(Debug, Default)]
pub(crate) struct FullScratch {
    /// The screen labels of a staged pass 1 (a sequential one builds its boxes from the labels'
    /// parts), and the tie keys of the labels that go through pass 1.
    screen: Vec<Label>,
    ties: Vec<u32>,
    /// Pass 1's decisions, by position in `free`.
    free_frames: Vec<LabelFrame>,
    /// The labels pass 1 showed, in placement order, and the blocking ones' boxes.
    shown: Vec<u32>,
    kept: ShownBoxes,
    /// A sequential pass 1's buffers: it hands its boxes and index over to `kept`, and takes
    /// `kept`'s last ones to build into.
    sequential: Sequential,
    /// The last pass over the labels, its lists to fill again.
    pass_two: PassTwo,
}

impl FullScratch {
    /// The shown labels' boxes, for a reused frame to rebuild in place, and the lists of the
    /// last pass over the labels.
    pub(crate) fn for_reuse(&mut self) -> (&mut ShownBoxes, &mut PassTwo) {
        (&mut self.kept, &mut self.pass_two)
    }

    /// Pass 1: the `free` labels (shown in the last frame, or new to the view) through the
    /// core's greedy pass by priority, shown ones first on ties, those hidden by a collision
    /// last frame with the hysteresis margin. Their decisions go to `free_frames` (by position
    /// in `free`), and the boxes of the labels that stay shown, which every waiting label must
    /// clear, to `kept`.
    fn pass_one(
        &mut self,
        cx: &FrameContext,
        sights: &[Sight],
        free: &[u32],
        memo: &[AtomicU8],
        frames: &[LabelFrame],
    ) {
        let FullScratch { screen, ties, free_frames, shown, kept, sequential: seq, .. } = self;
        let (viewer, options, labels) = (&cx.viewer, cx.options, cx.viewer.labels);
        let pose = |i: u32| sights[i as usize].pose().expect("candidates are in sight");
        let extra = |i: u32| margin(memo[i as usize].load(Ordering::Relaxed), options);
        let with_ties = options.stickiness != Stickiness::None;
        ties.clear();
        if with_ties {
            ties.extend(free.iter().map(|&i| tie_key(&frames[i as usize])));
        }
        let ties = with_ties.then_some(ties.as_slice());
        // A sequential pass 1 runs in its own buffers, whose boxes and index the shown labels'
        // set takes over below (the staged pipeline's are built again there); it builds each box
        // from the label's parts, as pass 2 does.
        let sequential = free.len() < STAGED_FROM;
        let (decisions, shown_order) = if sequential {
            let parts = |k: usize| &viewer.parts[free[k] as usize];
            seq.place_parts(
                free.len(),
                |k| (labels[free[k] as usize].style.priority, ties.map_or(0, |t| t[k])),
                |k| parts(k).on_screen(&pose(free[k]), extra(free[k])),
                |k| (parts(k).allow_overlap, parts(k).ignore_placement),
                cx.obstacles,
                options.max_overlap_area,
            )
        } else {
            screen.clear();
            screen.extend(free.iter().map(|&i| labels[i as usize].on_screen(&pose(i), extra(i))));
            staged(screen, ties, cx.obstacles, options.max_overlap_area)
        };
        free_frames.clear();
        free_frames.extend(free.iter().zip(decisions).map(|(&i, d)| decided(d, free, Some(pose(i)))));
        // With `Stickiness::Shown` every label of pass 1 had its own padding (the labels that
        // earn the margin wait), so the boxes of pass 1 are the shown labels' boxes.
        if options.stickiness == Stickiness::Shown && sequential {
            kept.take_pass_one(seq, free, labels.len());
        } else {
            shown.clear();
            if options.stickiness == Stickiness::Shown {
                shown.extend(shown_order.iter().map(|&k| free[k as usize]));
            }
            kept.rebuild(viewer.parts, sights, shown);
        }
    }
}

/// The frame's decisions into `memory.frames`, which holds the last frame on entry and this one
/// on return, faded (see [`crate::frame_pass::fade`]); each label's entry is read before it is
/// written, and a label that stays out of sight unprojected is not written at all.
/// A provisional label (its byte says so: it came into view in a reused frame and yielded
/// there) has not had its turn by priority yet and does not wait. The dormant labels are skipped while
/// they would sleep (see `shortcuts/dormant`), and labels found asleep join them; labels the
/// projection left quiet are counted off screen. Returns how many
/// labels went through the greedy pass, and the frame's label counts.
///
/// Pass 1 ([`FullScratch::pass_one`]) places the free labels. Pass 2 goes over every label
/// ([`FullPass::settle`]): labels hidden in view last frame appear only where they clear every
/// shown label by the margin. Most of them are still covered by the label that hid them last
/// frame: one exact test settles those, and only the others (the contenders) go through the
/// greedy pass, last. The same pass writes pass 1's decisions and those of the labels out of
/// sight, and fades and counts every label but the contenders.
pub(crate) fn place_full(
    cx: &FrameContext,
    sights: &mut [Sight],
    free: &[u32],
    memory: Memory,
    scratch: &mut FullScratch,
) -> (usize, FrameStats) {
    let Memory { frames, memo, sleeps, dormant } = memory;
    scratch.pass_one(cx, sights, free, memo, frames);
    let FullScratch { free_frames, kept, pass_two, .. } = scratch;
    let viewer = &cx.viewer;
    let around = PlainTest::new(cx, false, kept);
    let pass = FullPass { cx, around, sights, free, free_frames, memo, sleeps };
    dormant.keep(sleeps, viewer, |b| kept.blocks(b), |i| pass.asleep_deep(i));
    let skipped = &*dormant;
    // In each run, `next_free` is the position in `free` of the run's first label of pass 1.
    let next_free = |first: usize| free.partition_point(|&f| (f as usize) < first);
    let gathered = pass_over(viewer.run, pass_two, frames, skipped, next_free, |acc, next_free, i, frame| {
        pass.settle(acc, i, frame, next_free);
    });
    let mut gathered = gathered.counted(dormant.count());
    dormant.add_asleep(&gathered.dormant, sleeps, viewer);
    for (c, pose) in gathered.contenders.iter().zip(&gathered.poses) {
        sights[c.0 as usize] = Sight::In(*pose);
    }
    let indices: Vec<u32> = gathered.contenders.iter().map(|c| c.0).collect();
    if !indices.is_empty() {
        let Ok(()) = PlainKind::new(around, sights).contend(&indices, frames);
    }
    for (i, last) in &gathered.contenders {
        finish(&mut frames[*i as usize], last, &memo[*i as usize], cx.fading, &mut gathered.stats);
    }
    let (stats, around) = (gathered.stats, gathered.around);
    *pass_two = gathered;
    // Waiting labels that went to the pass around the shown ones count as placed now, like
    // those left for the greedy pass.
    (free.len() + around, stats)
}

/// Pass 2 of a full frame, label by label: what it reads, and its steps as methods.
struct FullPass<'p> {
    cx: &'p FrameContext<'p>,
    /// Pass 2's test of a waiting label.
    around: PlainTest<'p>,
    /// Every label's sight (the waiting ones' are found here, not read from it).
    sights: &'p [Sight],
    /// Pass 1's labels, ascending, and their decisions.
    free: &'p [u32],
    free_frames: &'p [LabelFrame],
    memo: &'p [AtomicU8],
    sleeps: &'p Sleeps,
}

impl FullPass<'_> {
    /// Label `i` of the pass, its entry `frame` (the last frame's, made this one's);
    /// `next_free`: the position in `free` of the next label of pass 1 (they come in index
    /// order).
    fn settle(&self, acc: &mut PassTwo, i: usize, frame: &mut LabelFrame, next_free: &mut usize) {
        let m = self.memo[i].load(Ordering::Relaxed);
        if m & bits::QUIET != 0 {
            // Out of view and not drawn, as it was: nothing changes.
            acc.stats.hidden_offscreen += 1;
            return;
        }
        let viewer = &self.cx.viewer;
        if waits(self.cx.options, m) {
            let asleep = m & bits::SLEEPY != 0 && self.certified(i);
            if let Some(sight) = acc.unless_asleep(viewer, (i, m), asleep, || viewer.sight(i, m)) {
                self.settle_waiting(acc, i, sight, frame);
            }
            return;
        }
        let sight = self.sights[i];
        let last = *frame;
        *frame = match sight {
            Sight::In(_) => {
                debug_assert_eq!(self.free[*next_free] as usize, i);
                *next_free += 1;
                self.free_frames[*next_free - 1]
            }
            _ => off_frame(&sight, &last),
        };
        finish(frame, &last, &self.memo[i], self.cx.fading, &mut acc.stats);
        // Hidden by pass 1 (new to the view, or pushed out by a higher-priority label): it
        // waits from the next frame on, and may sleep.
        if self.sleeps.enabled
            && let (Some(Blocker::Label(_)), Sight::In(pose)) = (frame.hidden_by, sight)
        {
            let me = viewer.parts[i].on_screen(&pose, self.cx.options.hysteresis_px);
            self.certify(acc, i, &pose, &me, frame);
        }
    }

    /// A waiting label (not projected with the others: it is here, with its `sight`), hidden
    /// again by what hides it, or left a contender of the greedy pass.
    fn settle_waiting(&self, acc: &mut PassTwo, i: usize, sight: Sight, frame: &mut LabelFrame) {
        let fading = self.cx.fading;
        let Sight::In(pose) = sight else {
            let last = *frame;
            *frame = off_frame(&sight, &last);
            finish(frame, &last, &self.memo[i], fading, &mut acc.stats);
            return;
        };
        let last = frame.hidden_by;
        let (me, by) = self.around.covered_at(i, &pose, last);
        // Not hidden again by an obstacle or by the same label: it went to the pass around
        // the shown labels.
        if !matches!(by, Some(Blocker::Obstacle(_))) && by != last {
            acc.around += 1;
        }
        match by {
            None => {
                acc.contenders.push((i as u32, *frame));
                acc.poses.push(pose);
                return;
            }
            Some(by) if frame.hidden_by == Some(by) => {
                // Hidden in view by the same blocker, as it was (most labels of a busy map):
                // only its pose and opacity change. What `finish` does, without building the
                // frame again.
                frame.pose = Some(pose);
                if frame.opacity > 0.0 {
                    frame.opacity = fading.fade(frame.opacity, false);
                }
                self.memo[i].store(memo::of(frame), Ordering::Relaxed);
                acc.stats.in_view += 1;
                acc.stats.hidden_collision += 1;
            }
            Some(by) => {
                let last = *frame;
                *frame = hidden(by, Some(pose));
                finish(frame, &last, &self.memo[i], fading, &mut acc.stats);
            }
        }
        self.certify(acc, i, &pose, &me, frame);
    }

    /// Label `i`, hidden in view with its box and the margin `me` (it waits in the next frame),
    /// its frame decided and finished: if hidden by a label whose box keeps its shape, as its
    /// own does, and not drawn, a certificate for the next frames, and it sleeps from the next
    /// frame on (no pose); the certificate holds in this frame, so it may go dormant at once.
    fn certify(&self, acc: &mut PassTwo, i: usize, pose: &ScreenPose, me: &Obb, frame: &mut LabelFrame) {
        let Some(Blocker::Label(b)) = frame.hidden_by else { return };
        let viewer = &self.cx.viewer;
        if self.sleeps.enabled
            && frame.opacity == 0.0
            && viewer.parts[i].keeps_shape()
            && viewer.parts[b as usize].keeps_shape()
            && let Some(them) = self.around.kept.box_of(b)
        {
            let sleep = if let Some(now) = self.sleeps.now {
                let world = viewer.hot[i].position - viewer.hot[b as usize].position;
                Sleep::issue(me, them, b, world, now)
            } else if let Sight::In(theirs) = self.sights[b as usize] {
                let scales = DVec2::new(pose.scale, theirs.scale);
                Sleep::issue_depth(me, them, b, pose.position - theirs.position, scales)
            } else {
                Sleep::NONE
            };
            self.sleeps.set(i, sleep);
            if sleep.is_some() {
                frame.pose = None;
                self.memo[i].store(memo::of(frame) | bits::SLEEPY, Ordering::Relaxed);
                acc.dormant.push(i as u32);
            }
        }
    }

    /// Whether the certificate of waiting label `i`, whose byte says it can sleep, holds in
    /// this frame (see `shortcuts/sleep/`): its blocker shown, the camera inside the
    /// certificate's rectangle, or under pitch the boxes moved less than its depth. It sleeps
    /// if it is still in view as well.
    fn certified(&self, i: usize) -> bool {
        let sleep = self.sleeps.get(i);
        let deep = |p| deep_holds(&self.cx.viewer, self.sights, self.sleeps, i, sleep, &p);
        self.around.kept.blocks(sleep.blocker())
            && match self.sleeps.now {
                Some(now) => sleep.holds(now),
                None => self.sleeps.enabled && self.project(i).is_some_and(deep),
            }
    }

    /// Under pitch, whether dormant label `i` (its blocker still blocks) stays asleep, tested
    /// as a visit tests a sleeping label, its anchor projected once for both tests (in the
    /// first frame with pitch its certificate is still a rectangle, turned into a depth one as
    /// a visit does).
    fn asleep_deep(&self, i: u32) -> bool {
        let i = i as usize;
        let viewer = &self.cx.viewer;
        self.project(i).is_some_and(|p| {
            deep_holds(viewer, self.sights, self.sleeps, i, self.sleeps.get(i), &p)
                && viewer.in_view_at(i, self.memo[i].load(Ordering::Relaxed), &p)
        })
    }

    /// Label `i`'s anchor through the camera.
    fn project(&self, i: usize) -> Option<Projected> {
        let viewer = &self.cx.viewer;
        viewer.projection.project(viewer.hot[i].position)
    }
}

/// Whether a label whose last frame's byte is `memo` ([`bits`]) waits for room in a full
/// frame, plain or symbol: with [`Stickiness::Shown`], one [`held_back`] (hidden in view by a
/// collision last frame, and not provisional).
#[inline]
pub(crate) fn waits(options: &FrameOptions, memo: u8) -> bool {
    options.stickiness == Stickiness::Shown && held_back(memo)
}
