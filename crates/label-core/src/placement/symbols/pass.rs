//! The greedy pass over symbols: contract §4 step 3, one label after the other in placement
//! order.

use rayon::prelude::*;

use super::super::MIN_PARALLEL_CHUNK;
use super::parts::{Compiled, Entry, NONE, Part};
use super::placed::{Hit, Nearby, PlacedParts};
use super::repeat::Repeats;
use crate::placement::collides;
use crate::placement::rule::{self, Candidate, Occupied};
pub(super) use crate::placement::rule::{Blocked, Verdict};
use crate::{Blocker, Choice, HiddenReason, LabelOutcome, Optional, Parts};

/// What the labels decided elsewhere put near one label: the shown labels that the pass's own
/// grid and repeat trees do not hold (the tile engine's labels of other tiles, and of its own
/// tile decided in a later round). Empty in the sequential pass.
#[derive(Debug, Default)]
pub(super) struct Near {
    /// Their blocking shown parts whose bounds meet the label's, as (rank, part index), in
    /// rank order.
    pub parts: Vec<(u32, usize)>,
    /// The earliest of them in the label's repeat group closer than its repeat distance.
    pub repeat: Option<u32>,
}

/// The pass's state: what the labels placed so far occupy.
pub(super) struct Pass {
    placed: PlacedParts,
    repeats: Repeats,
    scratch: Scratch,
    max_overlap_area: f32,
}

/// What deciding a label writes besides its verdict: one per thread that decides labels.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// The placed parts the label being decided has collided with so far: a label's positions
    /// lie around one point, and a part over that point often blocks them all, so they are
    /// tested first.
    hits: Vec<Hit>,
    /// The placed parts near the label being decided ([`PlacedParts::gather`]), gathered at its
    /// first question.
    around: Vec<Nearby>,
    /// Exact tests run so far.
    pub tests: usize,
}

/// Each label's outcome and choice in input order, the labels hidden by repeat, and the exact
/// tests run.
pub(super) struct Decided {
    pub outcomes: Vec<LabelOutcome>,
    pub choices: Vec<Choice>,
    pub repeated: usize,
    pub tests: usize,
}

impl Decided {
    pub fn new(labels: usize) -> Self {
        // Filled on all threads (from a parallel chunk): the first writes to new allocations
        // take page faults.
        let (outcomes, choices) = (filled(labels, LabelOutcome::OFFSCREEN), filled(labels, Choice::default()));
        Self { outcomes, choices, repeated: 0, tests: 0 }
    }

    /// Records the verdict on the label `e`, blockers named by input position (`inputs`, by
    /// rank: [`Compiled::inputs`]).
    #[inline]
    pub fn record(&mut self, inputs: &[u32], e: &Entry, verdict: Verdict) {
        let input = e.input as usize;
        self.repeated += usize::from(matches!(verdict, Verdict::Repeat(_)));
        (self.outcomes[input], self.choices[input]) = outcome(inputs, e, verdict);
    }

    /// Records the verdicts on all labels (`entries`, by rank): in parallel, each thread
    /// writing the labels of its stretch of input positions.
    pub fn record_all(&mut self, inputs: &[u32], entries: &[Entry], verdicts: &[Verdict]) {
        let stretch = entries.len().div_ceil(rayon::current_num_threads()).max(1);
        let Self { outcomes, choices, repeated, .. } = self;
        *repeated += outcomes
            .par_chunks_mut(stretch)
            .zip(choices.par_chunks_mut(stretch))
            .enumerate()
            .map(|(c, (outcomes, choices))| {
                let start = c * stretch;
                let mut repeated = 0;
                for (e, &verdict) in entries.iter().zip(verdicts) {
                    let Some(i) = (e.input as usize).checked_sub(start).filter(|&i| i < outcomes.len()) else {
                        continue;
                    };
                    repeated += usize::from(matches!(verdict, Verdict::Repeat(_)));
                    (outcomes[i], choices[i]) = outcome(inputs, e, verdict);
                }
                repeated
            })
            .sum::<usize>();
    }
}

/// `n` copies of `value`, written in parallel.
fn filled<T: Copy + Send + Sync>(n: usize, value: T) -> Vec<T> {
    (0..n).into_par_iter().with_min_len(MIN_PARALLEL_CHUNK).map(|_| value).collect()
}

/// The outcome and choice of the label `e` for `verdict`, blockers named by input position
/// (`inputs`, by rank).
#[inline]
fn outcome(inputs: &[u32], e: &Entry, verdict: Verdict) -> (LabelOutcome, Choice) {
    let by_label = |rank: u32| Blocker::Label(inputs[rank as usize]);
    let outcome = match verdict {
        Verdict::Offscreen => LabelOutcome::OFFSCREEN,
        Verdict::Repeat(b) => {
            LabelOutcome { visible: false, reason: Some(HiddenReason::Repeat), hidden_by: Some(by_label(b)) }
        }
        Verdict::Collision(Blocked::Obstacle(o)) => LabelOutcome::hidden_by(Blocker::Obstacle(o)),
        Verdict::Collision(Blocked::Label(b)) => LabelOutcome::hidden_by(by_label(b)),
        Verdict::Shown(k, shown) => {
            let choice = Choice {
                candidate: (e.candidates && shown != Parts::Icon).then_some(k as u32),
                parts: e.icon.then_some(shown),
            };
            return (LabelOutcome::VISIBLE, choice);
        }
    };
    (outcome, Choice::default())
}

/// How many labels the pass reads ahead at once (a label's parts and its anchor's grid cell),
/// and how far ahead.
pub(super) const READ_AHEAD: usize = 8;

impl Pass {
    pub fn new(placed: PlacedParts, max_overlap_area: f32) -> Self {
        Self { placed, repeats: Repeats::default(), scratch: Scratch::default(), max_overlap_area }
    }

    /// Exact tests run so far.
    pub fn tests(&self) -> usize {
        self.scratch.tests
    }

    /// Adds exact tests run for this pass elsewhere (by [`Pass::decide_shared`]).
    pub fn add_tests(&mut self, tests: usize) {
        self.scratch.tests += tests;
    }

    /// The grid's cell size, px.
    pub fn cell(&self) -> f32 {
        self.placed.cell()
    }

    /// Decides every label, in placement order: the sequential definition.
    pub fn run(mut self, compiled: &Compiled) -> Decided {
        let Compiled { entries, parts, inputs } = compiled;
        let mut decided = Decided::new(entries.len());
        let near = Near::default();
        for (rank, e) in entries.iter().enumerate() {
            if rank % READ_AHEAD == 0 {
                self.read_ahead(entries[rank..].iter().skip(READ_AHEAD).take(READ_AHEAD), parts);
            }
            let verdict = self.decide::<false>(parts, rank as u32, e, &near);
            if let Verdict::Shown(k, shown) = verdict {
                self.show(parts, e, rank as u32, k, shown);
            }
            decided.record(inputs, e, verdict);
        }
        decided.tests = self.tests();
        decided
    }

    /// Reads what the labels `ahead` (the [`READ_AHEAD`] after the next ones) will need: each
    /// of their parts at both ends (its box's centre and its viewport flag: a part, 56 bytes,
    /// lies across two cache lines at six in eight) and their anchor's grid cell. Labels in
    /// placement order lie all over the map (or their tile), so these reads miss the cache;
    /// made together, a group at a time, the misses overlap and are waited for once (there is
    /// no prefetch instruction without `unsafe`).
    pub fn read_ahead<'e>(&self, ahead: impl Iterator<Item = &'e Entry>, parts: &[Part]) {
        for ahead in ahead {
            let run = &parts[ahead.first..ahead.first + ahead.part_count()];
            std::hint::black_box(run.iter().fold(0, |n, p| n ^ p.obb.center.x.to_bits() ^ u64::from(p.in_view)));
            self.placed.touch(ahead.anchor.as_vec2());
        }
    }

    /// Contract §4 for one label ([`rule::decide`]), against the labels placed before it:
    /// those this pass placed and those `near` names. `NEAR` false ignores `near` (the
    /// sequential pass, compiled without it).
    #[inline]
    pub fn decide<const NEAR: bool>(&mut self, parts: &[Part], rank: u32, e: &Entry, near: &Near) -> Verdict {
        let Self { placed, repeats, scratch, max_overlap_area } = self;
        decide::<NEAR>(placed, repeats, scratch, *max_overlap_area, parts, rank, e, near)
    }

    /// [`Pass::decide`] through a shared borrow, with the caller's scratch: many labels can be
    /// decided so at once, on any threads, against what the pass holds.
    #[inline]
    pub fn decide_shared<const NEAR: bool>(
        &self,
        scratch: &mut Scratch,
        parts: &[Part],
        rank: u32,
        e: &Entry,
        near: &Near,
    ) -> Verdict {
        decide::<NEAR>(&self.placed, &self.repeats, scratch, self.max_overlap_area, parts, rank, e, near)
    }

    /// Records a shown label: its shown parts block later labels (unless it ignores
    /// placement), and its anchor point joins its repeat group. Labels come in placement order.
    #[inline]
    pub fn show(&mut self, parts: &[Part], e: &Entry, rank: u32, k: usize, shown: Parts) {
        for p in e.blocking(k, shown) {
            self.placed.insert(&parts[p], rank);
        }
        if e.group != NONE {
            self.repeats.insert(e.group, e.anchor, rank);
        }
    }
}

/// Contract §4 for one label against `placed` and `repeats` (and, with `NEAR`, `near`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn decide<const NEAR: bool>(
    placed: &PlacedParts,
    repeats: &Repeats,
    scratch: &mut Scratch,
    max_overlap_area: f32,
    parts: &[Part],
    rank: u32,
    e: &Entry,
    near: &Near,
) -> Verdict {
    scratch.hits.clear();
    let mut against =
        Against::<NEAR> { placed, repeats, scratch, max_overlap_area, parts, rank, e, near, gathered: false };
    rule::decide(&Laid { e, parts }, &mut against)
}

/// A symbol's entry with the parts it indexes: the rule's view of it.
struct Laid<'a> {
    e: &'a Entry,
    parts: &'a [Part],
}

impl Candidate for Laid<'_> {
    #[inline]
    fn positions(&self) -> usize {
        usize::from(self.e.positions)
    }
    #[inline]
    fn in_view(&self) -> bool {
        self.e.in_view
    }
    #[inline]
    fn part_in_view(&self, p: usize) -> bool {
        self.parts[p].in_view
    }
    #[inline]
    fn text(&self, k: usize) -> std::ops::Range<usize> {
        self.e.text(k)
    }
    #[inline]
    fn icon(&self) -> Option<usize> {
        self.e.icon()
    }
    #[inline]
    fn allow_overlap(&self) -> bool {
        self.e.allow_overlap
    }
    #[inline]
    fn optional(&self) -> Optional {
        self.e.optional
    }
    #[inline]
    fn grouped(&self) -> bool {
        self.e.group != NONE
    }
}

/// What the pass's grid and repeat trees (and, with `NEAR`, the labels `near` names) hold
/// against the label of rank `rank`.
struct Against<'a, const NEAR: bool> {
    placed: &'a PlacedParts,
    repeats: &'a Repeats,
    scratch: &'a mut Scratch,
    max_overlap_area: f32,
    parts: &'a [Part],
    rank: u32,
    e: &'a Entry,
    near: &'a Near,
    /// Whether `scratch.around` holds the placed parts near the label.
    gathered: bool,
}

impl<const NEAR: bool> Against<'_, NEAR> {
    /// Gathers the placed parts whose bounds meet the label's reach (all its parts' bounds
    /// together), once: every part of every position then looks only through them, where a
    /// grid query a part cost several times as much (cells, their lists, the repeats of parts
    /// listed in several).
    #[inline]
    fn gather(&mut self) {
        if !self.gathered {
            self.gathered = true;
            let e = self.e;
            let run = &self.parts[e.first..e.first + e.part_count()];
            let reach = run.iter().skip(1).fold(run[0].bounds, |b, p| b.union(&p.bounds));
            self.placed.gather(&reach, self.rank, &mut self.scratch.around);
        }
    }

    /// Whether the label's parts look through the placed parts gathered around it
    /// ([`Self::gather`]) rather than each asking the grid: those of a text along a line, many
    /// glyph boxes in one position. A point symbol's positions lie apart around its point, so
    /// its reach is several times one part's and the gathering costs more than the queries it
    /// saves (the first often ends the label; the next positions try its hits first).
    #[inline(always)]
    fn gathers(&self) -> bool {
        self.e.per_position > 1
    }

    /// The earliest of the placed parts near the label, ranked below `before` (other than
    /// those it has hit, with `skip`), that `part` collides with.
    #[inline]
    fn first_around(&mut self, part: &Part, before: u32, skip: bool) -> Option<Hit> {
        self.gather();
        let Scratch { hits, around, tests } = &mut *self.scratch;
        let placed = self.placed;
        let meets = |n: &&Nearby| n.bounds.intersects_closed(&part.bounds) && !(skip && hits.contains(&n.hit));
        let earlier = around.iter().take_while(|n| n.hit.rank < before);
        let hit = earlier.filter(meets).find(|n| placed.test(part, n.hit, tests)).map(|n| n.hit);
        hits.extend(hit);
        hit
    }

    /// A placed part of a label ranked below `before` that `part` collides with, added to the
    /// label's hits: the earliest with `earliest`, else any but those already hit (which
    /// [`Occupied::free`] has tried first). Through the parts gathered around the label when it
    /// gathers ([`Self::gathers`]), else one grid query.
    #[inline(always)]
    fn placed_hit(&mut self, part: &Part, before: u32, earliest: bool) -> Option<Hit> {
        if self.gathers() {
            return self.first_around(part, before, !earliest);
        }
        let tests = &mut self.scratch.tests;
        let hit =
            if earliest { self.placed.earliest(part, before, tests) } else { self.placed.any(part, before, tests) };
        self.scratch.hits.extend(hit);
        hit
    }

    /// The earliest label of `near`, ranked below `before`, with a part that `part` collides
    /// with.
    fn first_near(&mut self, part: &Part, before: u32) -> Option<u32> {
        let parts = self.parts;
        for &(rank, q) in self.near.parts.iter().take_while(|n| n.0 < before) {
            if parts[q].bounds.intersects_closed(&part.bounds) {
                self.scratch.tests += 1;
                if collides(&part.obb, &parts[q].obb, self.max_overlap_area) {
                    return Some(rank);
                }
            }
        }
        None
    }
}

impl<const NEAR: bool> Occupied for Against<'_, NEAR> {
    /// The lowest-index obstacle part `p` overlaps, else the earliest placed label it collides
    /// with.
    #[inline(always)]
    fn hit(&mut self, p: usize) -> Option<Blocked> {
        self.hit_before(p, None)
    }

    /// [`Self::hit`] if earlier than `before`: only the placed labels ranked before it are
    /// looked at.
    #[inline(always)]
    fn hit_before(&mut self, p: usize, before: Option<Blocked>) -> Option<Blocked> {
        let part = &self.parts[p];
        if part.obstacle != NONE {
            return Some(Blocked::Obstacle(part.obstacle)).filter(|h| before.is_none_or(|b| *h < b));
        }
        let limit = match before {
            None => self.rank,
            Some(Blocked::Obstacle(_)) => return None, // every label is later than an obstacle
            Some(Blocked::Label(b)) => b.min(self.rank),
        };
        let own = self.placed_hit(part, limit, true).map(|h| h.rank);
        let near = if NEAR { self.first_near(part, own.unwrap_or(limit)) } else { None };
        near.or(own).map(Blocked::Label)
    }

    /// Whether part `p` collides with no obstacle and no placed blocking label: the parts the
    /// label has collided with so far first (a label's positions lie around one point, and a
    /// part over that point often blocks them all).
    fn free(&mut self, p: usize) -> bool {
        let part = &self.parts[p];
        if part.obstacle != NONE {
            return false;
        }
        let Scratch { hits, tests, .. } = &mut *self.scratch;
        if hits.iter().any(|&h| self.placed.collides_with(part, h, tests)) {
            return false;
        }
        self.placed_hit(part, self.rank, false).is_none() && !(NEAR && self.first_near(part, u32::MAX).is_some())
    }

    fn repeat(&mut self) -> Option<u32> {
        let e = self.e;
        let own = self.repeats.earliest(e.group, e.anchor, e.repeat_distance, self.rank);
        own.into_iter().chain(self.near.repeat.filter(|_| NEAR)).min()
    }
}
