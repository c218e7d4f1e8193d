//! Pass 2, plain labels and symbols alike: labels that must clear the labels kept before them —
//! the waiting labels of a full frame around the labels pass 1 showed, the newcomers of a
//! reused frame around the shown labels it keeps. Each one the kept labels cover is settled by
//! one exact test against them (`covered.rs`); the others, the contenders, go through the
//! core's greedy pass, last, in input order.
//!
//! [`pass_two`] is written once, generic over the label kind ([`Kind`]: how a label's parts are
//! tested, how its decision is written, how the contenders are placed), and monomorphised: a
//! plain frame runs [`PlainKind`] (one box per label: a contender clears every kept label, so
//! the contenders are placed among themselves alone), a symbol frame `symbols/waiting.rs`'s
//! kind (a contender may still collide with a kept label at some of its positions, so the kept
//! labels near it go first). A full plain frame tests its waiting labels in its pass over every
//! label instead (with their projection and certificates), through [`PlainTest::covered_at`],
//! and places its contenders with [`Kind::contend`].

use label_core::pipeline::place_sequentially;
use label_core::pipeline::rule::Plain;
use label_core::{Blocker, Label, Obb, Shape};
use rayon::prelude::*;

use crate::frame_pass::FrameContext;
use crate::frame_pass::covered::covered;
use crate::frame_pass::place::{STAGED_FROM, decided, hidden, staged};
use crate::frame_pass::shown::ShownBoxes;
use crate::geo::sight::Sight;
use crate::geo::view::Viewer;
use crate::{LabelFrame, ScreenPose};

/// What pass 2 needs to know of a kind of label, whose kept labels the kind holds.
pub(crate) trait Kind: Sync {
    /// Labels per piece of the parallel test of which are still covered: fewer than twice
    /// this many are tested on the calling thread (handing work to rayon's threads from
    /// outside its pool wakes them and puts the caller to sleep until they are done).
    const RUN: usize;
    /// Where the decisions go.
    type Out: ?Sized;
    /// Why the pass may fail.
    type Error;
    /// What hides label `i` (in view) for certain among the kept labels and the obstacles,
    /// given what hid it last frame (the kind knows); `None`: it contends. `parts` is a buffer
    /// for its boxes.
    fn covered(&self, i: u32, parts: &mut Vec<Obb>) -> Option<Blocker>;
    /// Label `i`, hidden in view by `by`, into `out`.
    fn hidden(&self, i: u32, by: Blocker, out: &mut Self::Out);
    /// The `contenders` (ascending, none covered) through the core's greedy pass, as placed
    /// after the kept labels; their decisions into `out`.
    fn contend(&self, contenders: &[u32], out: &mut Self::Out) -> Result<(), Self::Error>;
}

/// Pass 2 over `waiting` (ascending, in view) around the kind's kept labels: the covered ones
/// settled (each on its own, in parallel when there are many), then the others through the
/// greedy pass; every decision into `out`, the settled ones first.
pub(crate) fn pass_two<K: Kind>(kind: &K, waiting: &[u32], out: &mut K::Out) -> Result<(), K::Error> {
    let settled: Vec<Option<Blocker>> =
        waiting.par_iter().with_min_len(K::RUN).map_init(Vec::new, |parts, &i| kind.covered(i, parts)).collect();
    let mut contenders = Vec::with_capacity(settled.iter().filter(|by| by.is_none()).count());
    for (&i, by) in waiting.iter().zip(settled) {
        match by {
            Some(by) => kind.hidden(i, by, out),
            None => contenders.push(i),
        }
    }
    if contenders.is_empty() {
        return Ok(());
    }
    kind.contend(&contenders, out)
}

/// The test of a plain label against the `kept` labels: its one box (its own padding and
/// `margin`), among `obstacles`. It reads no pose: a full frame tests its waiting labels at
/// the poses it finds for them, which their entries in the frame's sights do not hold.
#[derive(Clone, Copy)]
pub(crate) struct PlainTest<'a> {
    viewer: &'a Viewer<'a>,
    /// The kept labels it tests against.
    pub(crate) kept: &'a ShownBoxes,
    margin: f64,
    obstacles: &'a [Shape],
    max_overlap_area: f32,
}

impl<'a> PlainTest<'a> {
    /// Pass 2 of a full frame (its waiting labels, with the hysteresis margin, among the
    /// obstacles), or if `reused` of a reused one (its newcomers: no margin, no obstacles, as a
    /// frame with obstacles is never reused), around `kept`.
    pub(crate) fn new(cx: &'a FrameContext, reused: bool, kept: &'a ShownBoxes) -> Self {
        let options = cx.options;
        let (margin, obstacles) = if reused { (0.0, &[][..]) } else { (options.hysteresis_px, cx.obstacles) };
        PlainTest { viewer: &cx.viewer, kept, margin, obstacles, max_overlap_area: options.max_overlap_area }
    }

    /// Label `i`'s box at `pose` with the margin, and what hides it for certain ([`covered`]).
    #[inline]
    pub(crate) fn covered_at(&self, i: usize, pose: &ScreenPose, last: Option<Blocker>) -> (Obb, Option<Blocker>) {
        let parts = &self.viewer.parts[i];
        let me = parts.on_screen(pose, self.margin);
        let plain = Plain { allow_overlap: parts.allow_overlap };
        let by = covered(&plain, std::slice::from_ref(&me), last, self.kept, self.obstacles, self.max_overlap_area);
        (me, by)
    }
}

/// Plain labels: one box each ([`PlainTest`], around its kept ones), at the poses of `sights`,
/// which must hold this frame's for every label of the pass (a full frame's contenders are
/// written there first). Only a reused frame's newcomers, which nothing hid last frame, go
/// through [`pass_two`] (a full frame tests its own, [`PlainTest::covered_at`]).
pub(crate) struct PlainKind<'a> {
    test: PlainTest<'a>,
    sights: &'a [Sight],
}

impl<'a> PlainKind<'a> {
    pub(crate) fn new(test: PlainTest<'a>, sights: &'a [Sight]) -> Self {
        PlainKind { test, sights }
    }

    fn pose(&self, i: u32) -> ScreenPose {
        self.sights[i as usize].pose().expect("labels of pass 2 are in sight")
    }
}

impl Kind for PlainKind<'_> {
    /// A plain label's test is one box against the few kept boxes near it (tens of ns): the
    /// plain passes' split ([`crate::util::runs::RUN`]), as for the labels' projection.
    const RUN: usize = crate::util::runs::RUN;
    /// Every label's frame, by engine index.
    type Out = [LabelFrame];
    type Error = std::convert::Infallible;

    #[inline]
    fn covered(&self, i: u32, _: &mut Vec<Obb>) -> Option<Blocker> {
        self.test.covered_at(i as usize, &self.pose(i), None).1
    }

    fn hidden(&self, i: u32, by: Blocker, out: &mut [LabelFrame]) {
        out[i as usize] = hidden(by, Some(self.pose(i)));
    }

    /// A contender clears every kept label: the core's greedy pass over the contenders alone.
    fn contend(&self, contenders: &[u32], out: &mut [LabelFrame]) -> Result<(), Self::Error> {
        let PlainTest { viewer, margin, obstacles, max_overlap_area, .. } = self.test;
        let screen: Vec<Label> =
            contenders.iter().map(|&i| viewer.labels[i as usize].on_screen(&self.pose(i), margin)).collect();
        let (decisions, _) = if screen.len() < STAGED_FROM {
            place_sequentially(&screen, None, obstacles, max_overlap_area).expect("no tie-break keys to miscount")
        } else {
            staged(&screen, None, obstacles, max_overlap_area)
        };
        for (&i, d) in contenders.iter().zip(decisions) {
            out[i as usize] = decided(d, contenders, Some(self.pose(i)));
        }
        Ok(())
    }
}
