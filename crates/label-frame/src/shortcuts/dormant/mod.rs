//! Dormant labels: sleeping labels (see `shortcuts/sleep/`) that the passes over the labels skip
//! altogether, frame after frame, until something could wake them.
//!
//! A sleeping label still costs a visit per frame (its byte, certificate, blocker, world cell
//! or projection), and on a busy map most labels sleep. A label found asleep, or given a
//! certificate (which holds in the frame that gives it), goes dormant: it leaves the passes, and
//! an entry stands for it, filtered every full frame, which stays only while the label would
//! sleep if it were visited.
//!
//! Without pitch the certificate is a rectangle and the label goes dormant if its box can move
//! some way on screen and still meet the viewport; its entry stays while:
//!
//! - the camera has no pitch, its viewport keeps its size and its centre of perspective
//!   (`center_offset`), and labels can sleep (else every label wakes);
//! - its blocker still blocks (full frames; a reused frame keeps every decision in view);
//! - the camera's `w` is still inside the certificate's rectangle, checked as a visit checks it
//!   on a copy of the rectangle kept with the entry;
//! - its box still meets the viewport, which a visit would find. At the confirming frame the
//!   box could move on screen by some room and still meet it
//!   ([`crate::geo::view::Viewer::room_inside`]); it keeps its shape and its offset from the
//!   anchor (viewport-aligned, no pitch), so it moves as the anchor does, and the set bounds how
//!   far the anchor can have moved since by the paths the camera took ([`Paths`]): a zoom or a
//!   turn moves anchors in proportion to their distance from the centre, a pan moves them all
//!   alike.
//!
//! So an entry stores its certificate's rectangle and where on the camera's paths its box may
//! leave the viewport; when that bound runs out, it is renewed if the box still has room. The
//! entries are kept per label in arrays, and the filter checks them 64 labels at a time,
//! without branches; the blocker is not looked up per label: the dormant labels are listed by
//! blocker ([`ByBlocker`]), and a blocker that stops blocking wakes its list.
//!
//! Under pitch the certificate is a depth one, which needs the anchor projected: the filter runs
//! the visit's own test on each dormant label (its blocker's list aside), which saves the
//! passes' visits but not the projection. In the first frame with pitch the dormant labels
//! still hold rectangle certificates: the filter turns each into the depth certificate it gives
//! ([`Sleep::deepen`]), as a visit would, and tests that. Frames going from pitched back to flat
//! wake every label (a depth certificate gives no rectangle).
//!
//! A label woken (its entry dropped) is visited again as a sleeping label, whose certificate the
//! pass checks as before: waking is always safe, so every doubt wakes.

mod by_blocker;
mod check;

use glam::DVec2;

use crate::Camera;
use crate::geo::view::Viewer;
use crate::shortcuts::sleep::{Rectangles, Sleep, Sleeps};
use crate::util::bits::{BLOCK, pack};
use by_blocker::ByBlocker;

/// The camera of the last frame, as the set follows it.
#[derive(Clone, Copy, Debug)]
struct Follow {
    w: DVec2,
    center: DVec2,
    size: DVec2,
    center_offset: DVec2,
}

/// What the camera did since the set was last emptied, frame by frame (`k`): the lengths of the
/// paths of `w` (`W = Σ|Δw|`), of its centre in world px (`C = Σ|Δc|`), and of the screen's
/// pan (`P = Σ|w′|·|Δc|`), and `X = Σ|Δw|·C` (with `C` as it was before the frame).
///
/// An anchor `x` at distance `d` (world px) from the centre at a frame where the paths were
/// `W₀, C₀, P₀, X₀` lies at most `d + C − C₀` from the centre later, and moves on screen by
/// `|Δw|·|x − c| + |w′|·|Δc|` at most from one frame to the next (`p = o + w·(x − c)`
/// without pitch, `o` the centre of perspective on screen); summed, by `(d − C₀)·(W − W₀) + (X − X₀) + (P − P₀)` at most.
#[derive(Clone, Copy, Debug, Default)]
struct Paths {
    w: f64,
    center: f64,
    pan: f64,
    cross: f64,
}

/// `x` rounded into f32 upwards.
fn up(x: f64) -> f32 {
    let rounded = x as f32;
    if f64::from(rounded) < x { rounded.next_up() } else { rounded }
}

impl Paths {
    /// The `slope` (rounded up into f32: it multiplies `W ≥ W₀`) and `limit` of a label with
    /// `(room, distance)` ([`Viewer::room_inside`], px) in a frame whose camera has similarity
    /// `w`; `None` if it has no room.
    fn on_screen(&self, (room, distance): (f64, f64), w: DVec2) -> Option<(f32, f64)> {
        if room <= 0.0 {
            return None;
        }
        let slope = up(distance / w.length() * (1.0 + 1e-9) - self.center);
        Some((slope, room + f64::from(slope) * self.w + self.cross + self.pan))
    }
}

/// The dormant labels of an engine.
#[derive(Debug, Default)]
pub(crate) struct Dormant {
    /// One bit per label: dormant.
    bits: Vec<u64>,
    /// Per label, while dormant: its certificate.
    rectangles: Rectangles,
    /// Per label, while dormant: its anchor may leave the viewport once `slope·W + X + P`
    /// ([`Paths`]) reaches `limit`.
    slope: Vec<f32>,
    limit: Vec<f64>,
    /// The dormant labels, by blocker.
    by_blocker: ByBlocker,
    /// How many labels are dormant.
    count: usize,
    /// The last frame's camera, if its labels could sleep and it had no pitch.
    last: Option<Follow>,
    /// The last frame had pitch and its labels could sleep: the dormant labels have depth
    /// certificates, and the filter checks them as a visit would.
    deep: bool,
    paths: Paths,
    /// No label ever goes dormant ([`crate::Shortcuts::dormant`] off): sleeping labels are
    /// visited.
    pub(crate) never: bool,
    /// How many dormant labels woke (by the filter, or all at once), since the set was made.
    #[cfg(test)]
    pub(crate) woken: usize,
}

impl Dormant {
    /// None of `count` labels.
    pub(crate) fn reset(&mut self, count: usize) {
        self.bits.clear();
        self.bits.resize(count.div_ceil(64), 0);
        self.rectangles.reset(count);
        self.slope.clear();
        self.slope.resize(count, 0.0);
        self.limit.clear();
        self.limit.resize(count, 0.0);
        self.by_blocker.reset(count);
        self.count = 0;
        self.wake_all();
    }

    /// How many labels are dormant.
    #[must_use]
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Whether label `i` is dormant.
    #[must_use]
    #[inline]
    pub(crate) fn is_dormant(&self, i: usize) -> bool {
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    /// The frame's camera, with `w` its similarity if its labels can sleep and it has no pitch;
    /// `deep` if its labels can sleep and it has pitch. Every label wakes when neither holds,
    /// when the frames go from pitched to flat, and (without pitch) when the viewport changes
    /// size; from flat to pitched the labels stay, for the filter to test (see the module).
    pub(crate) fn advance(&mut self, w: Option<DVec2>, deep: bool, camera: &Camera) {
        if deep != self.deep {
            if deep {
                // Into pitch the labels stay: the filter turns each one's rectangle certificate
                // into the depth one it gives, as a visit would, or wakes it.
                self.last = None;
                self.paths = Paths::default();
            } else {
                self.wake_all();
            }
            self.deep = deep;
        }
        if deep {
            return;
        }
        let Some(w) = w else {
            self.wake_all();
            return;
        };
        let now = Follow { w, center: camera.center, size: camera.size, center_offset: camera.center_offset };
        match self.last {
            // (A moved centre of perspective pans the screen by what the paths do not follow.)
            Some(last) if last.size == now.size && last.center_offset == now.center_offset => {
                let (dw, dc) = ((now.w - last.w).length(), (now.center - last.center).length());
                let paths = &mut self.paths;
                paths.cross += dw * paths.center;
                paths.w += dw;
                paths.center += dc;
                paths.pan += now.w.length() * dc;
            }
            Some(_) => self.wake_all(),
            None => {}
        }
        self.last = Some(now);
    }

    fn wake_all(&mut self) {
        #[cfg(test)]
        {
            self.woken += self.count;
        }
        if self.count > 0 {
            self.bits.fill(0);
            self.by_blocker.clear();
            self.count = 0;
        }
        self.last = None;
        self.paths = Paths::default();
    }

    /// The filter (see the module): keeps the labels whose certificate still holds, whose box
    /// still meets the viewport and whose blocker `blocks`; wakes the others. Under pitch
    /// `asleep(label)` is the visit's own test of a sleeping label.
    pub(crate) fn keep(
        &mut self,
        sleeps: &Sleeps,
        viewer: &Viewer,
        blocks: impl Fn(u32) -> bool,
        asleep: impl Fn(u32) -> bool,
    ) {
        #[cfg(test)]
        let before = self.count;
        if self.deep {
            self.keep_if(blocks, asleep);
        } else if let Some(now) = sleeps.now {
            self.keep_renewing(now, blocks, |i| viewer.room_inside(i as usize));
        }
        #[cfg(test)]
        {
            self.woken += before - self.count;
        }
    }

    /// Wakes the labels listed under a blocker that no longer `blocks`.
    fn wake_unblocked(&mut self, blocks: impl Fn(u32) -> bool) {
        let Self { bits, by_blocker, count, .. } = self;
        by_blocker.drop_unblocked(blocks, |label| {
            bits[label as usize / 64] &= !(1 << (label % 64));
            *count -= 1;
        });
    }

    /// Wakes `label` if it is dormant.
    pub(crate) fn wake(&mut self, label: u32) {
        let word = &mut self.bits[label as usize / 64];
        if *word & 1 << (label % 64) != 0 {
            unmark(word, label, &mut self.by_blocker, &mut self.count);
            #[cfg(test)]
            {
                self.woken += 1;
            }
        }
    }

    /// Keeps the labels whose blocker `blocks` and for which `asleep` is true.
    fn keep_if(&mut self, blocks: impl Fn(u32) -> bool, asleep: impl Fn(u32) -> bool) {
        self.wake_unblocked(blocks);
        let Self { bits, by_blocker, count, .. } = self;
        for (k, word) in bits.iter_mut().enumerate() {
            let mut dormant = *word;
            while dormant != 0 {
                let bit = dormant.trailing_zeros();
                dormant &= dormant - 1;
                let label = (k * 64) as u32 + bit;
                if !asleep(label) {
                    unmark(word, label, by_blocker, count);
                }
            }
        }
    }

    /// [`Self::keep`] without pitch, `now` the camera's similarity: an entry whose bound on the
    /// box ran out is renewed if the box still has `room` ([`Viewer::room_inside`]), as checking
    /// that costs less than a visit.
    fn keep_renewing(&mut self, now: DVec2, blocks: impl Fn(u32) -> bool, room: impl Fn(u32) -> (f64, f64)) {
        self.wake_unblocked(blocks);
        let Self { bits, rectangles, slope, limit, by_blocker, count, paths, .. } = self;
        let (w, rest) = (paths.w, paths.cross + paths.pan);
        for (k, word) in bits.iter_mut().enumerate() {
            if *word == 0 {
                continue;
            }
            let lanes = k * 64..(k * 64 + 64).min(slope.len());
            let holding = rectangles.holding(now, lanes.clone());
            let mut due = *word & (!holding | leaving(&slope[lanes.clone()], &limit[lanes], w, rest));
            while due != 0 {
                let bit = due.trailing_zeros();
                due &= due - 1;
                let label = (k * 64) as u32 + bit;
                let l = label as usize;
                let mut keep = holding & (1 << bit) != 0;
                if keep && f64::from(slope[l]) * w + rest >= limit[l] {
                    match paths.on_screen(room(label), now) {
                        Some((s, lim)) => (slope[l], limit[l]) = (s, lim),
                        None => keep = false,
                    }
                }
                if !keep {
                    unmark(word, label, by_blocker, count);
                }
            }
        }
    }

    /// Makes `asleep` labels dormant (labels a pass found asleep, or gave a certificate that
    /// holds in this frame; none of them dormant), all at once: when a whole map falls asleep
    /// (the first frame after new labels), one dearer frame beat spreading them over frames.
    /// Those whose certificate or box leaves no room stay awake.
    pub(crate) fn add_asleep(&mut self, asleep: &[u32], sleeps: &Sleeps, viewer: &Viewer) {
        if self.never {
            return;
        }
        if self.deep {
            for &label in asleep {
                let sleep = sleeps.get(label as usize);
                if sleep.is_depth() {
                    self.mark(label, sleep.blocker());
                }
            }
            return;
        }
        let Some(now) = sleeps.now else { return };
        let paths = self.paths;
        for &label in asleep {
            let sleep = sleeps.get(label as usize);
            if !sleep.holds(now) {
                continue;
            }
            let Some(bounds) = paths.on_screen(viewer.room_inside(label as usize), now) else { continue };
            self.insert(label, &sleep, bounds);
        }
    }

    /// Makes `label` (not dormant) dormant with its rectangle certificate `sleep` and its
    /// bound on the box.
    fn insert(&mut self, label: u32, sleep: &Sleep, (slope, limit): (f32, f64)) {
        let l = label as usize;
        self.rectangles.set(l, sleep);
        (self.slope[l], self.limit[l]) = (slope, limit);
        self.mark(label, sleep.blocker());
    }

    /// Makes `label` (not dormant) dormant under `blocker`, its entry set.
    fn mark(&mut self, label: u32, blocker: u32) {
        self.bits[label as usize / 64] |= 1 << (label % 64);
        self.by_blocker.add(label, blocker);
        self.count += 1;
    }

    /// `f(i, item)` for every label `i` of `run` (starting at label `start`, a multiple of
    /// [`BLOCK`]) that is not dormant.
    pub(crate) fn each_awake_in<T>(&self, start: usize, run: &mut [T], mut f: impl FnMut(usize, &mut T)) {
        debug_assert_eq!(start % BLOCK, 0);
        for (k, block) in run.chunks_mut(BLOCK).enumerate() {
            self.each_awake(start + k * BLOCK, block, 0, &mut f);
        }
    }

    /// Calls `f(i, item)` for each label `i` of a block of at most 64 labels that is neither
    /// dormant nor in `skip` (bit `j` for its `j`-th label), in order: `block` holds labels
    /// `start..start + block.len()`, `start` a multiple of 64.
    #[inline(always)]
    pub(crate) fn each_awake<T>(&self, start: usize, block: &mut [T], skip: u64, mut f: impl FnMut(usize, &mut T)) {
        debug_assert!(start.is_multiple_of(64) && block.len() <= 64);
        if block.is_empty() {
            return;
        }
        let mut awake = !self.bits.get(start / 64).copied().unwrap_or(0) & !skip & (u64::MAX >> (64 - block.len()));
        while awake != 0 {
            let j = awake.trailing_zeros() as usize;
            f(start + j, &mut block[j]);
            awake &= awake - 1;
        }
    }
}

/// Takes dormant `label` out of the set: its bit in `word`, its blocker's list, the `count`.
#[inline]
fn unmark(word: &mut u64, label: u32, by_blocker: &mut ByBlocker, count: &mut usize) {
    *word &= !(1 << (label % 64));
    by_blocker.remove(label);
    *count -= 1;
}

/// Which of up to 64 dormant labels' bounds on the box ran out (bit `j` for the `j`-th), with
/// `W = w` and `X + P = rest`: written without branches, for the compiler to vectorise.
#[inline]
fn leaving(slope: &[f32], limit: &[f64], w: f64, rest: f64) -> u64 {
    let mut lanes = [0; 64];
    for (lane, (&s, &l)) in lanes.iter_mut().zip(slope.iter().zip(limit)) {
        *lane = u8::from(f64::from(s) * w + rest >= l);
    }
    pack(&lanes)
}

#[cfg(test)]
mod tests;
