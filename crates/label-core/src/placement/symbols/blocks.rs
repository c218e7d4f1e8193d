//! The symbol pass on two or more threads, exact: speculative blocks of placement order.
//!
//! The sequential pass ([`Pass::run`]) spends its time waiting for memory: each label lies
//! anywhere on the map, so the first read of a grid cell, of a placed box and of the label's
//! parts miss the cache. This walk takes the labels in blocks of [`BLOCK`] consecutive ranks.
//! While the labels of one block are *committed* on one thread, those of the next are
//! *speculated* on the others, both reading the grid and repeat trees, which then hold the
//! labels before the block being committed; then that block's shown labels go into them.
//!
//! - **Speculate** (in parallel, jobs of [`JOB`] labels): each label is decided by the one rule
//!   ([`Pass::decide_shared`], [`crate::placement::rule::decide`]) against what the grid and
//!   repeat trees hold, as if no later label were placed. This is where the cache misses are,
//!   now on every core.
//! - **Commit** (in placement order): each label keeps its speculative verdict unless a label
//!   placed since the speculation ([`Recent`]: the previous block's shown labels and the
//!   block's earlier ones) might change it; then it is decided again, exactly, against the
//!   grid and the labels placed since ([`Near`], as the tile engine gives the labels of other
//!   tiles).
//!
//! **Why the verdicts are the sequential ones, for any block size and thread count.** The
//! sequential pass decides a label against every label ranked before it; the speculation saw
//! those ranked before the previous block. Each label placed since ranks after all of those,
//! so adding them changes the rule's answers only thus: a part's earliest collision (`hit`)
//! stays what it was if it had one and may appear (a later label) if it had none; a part that
//! was not free stays so; the earliest repeat stays what it was if there was one and may
//! appear if there was none. The rule asks the repeat first, then reads only these answers, so:
//!
//! - `offscreen` reads no answer, and a label hidden by repeat is hidden by the same label;
//! - a label hidden by collision stays hidden by the same blocker (the icon's and the first
//!   position's earliest collisions can only appear, later than the one found; positions and
//!   optional part sets that were not free stay so) unless a label placed since hides it by
//!   repeat;
//! - a label shown at position `k` with some parts was shown because those parts (the text at
//!   `k`, the icon) were free, because every answer read before was "not free" or "blocked"
//!   (which stays so) and, in a repeat group, because no label of its group was near. Its
//!   verdict stands unless a part placed since collides with a part it shows or a label placed
//!   since hides it by repeat.
//!
//! The commit tests exactly that, conservatively: a label whose repeat group has a label placed
//! since within its repeat distance, or, shown, one of whose shown parts' bounds meet a part
//! placed since, is decided again. Among many labels that is rare: a label is reached by few
//! others, spread over the whole order. The count of exact tests differs from the sequential
//! pass's (a label decided again tests twice) but not with the thread count.

use glam::DVec2;
use rayon::prelude::*;

use super::parts::{Compiled, Entry, NONE, Part};
use super::pass::{Decided, Near, Pass, READ_AHEAD, Scratch, Verdict};
use crate::{Aabb, Parts, Symbol};

/// Labels a block.
pub(super) const BLOCK: usize = 1024;

/// Labels a parallel job of the speculation.
const JOB: usize = 64;

/// Decides every label as [`Pass::run`] does, in blocks of `block` labels (see the module
/// docs).
pub(super) fn run(mut pass: Pass, compiled: &Compiled, block: usize) -> Decided {
    let (entries, parts) = (&compiled.entries, &compiled.parts);
    let block = block.max(1);
    let labels = |start: usize| &entries[start..entries.len().min(start + block)];
    let mut verdicts: Vec<Verdict> = Vec::with_capacity(entries.len());
    let (mut earlier, mut recent) = (Recent::new(pass.cell()), Recent::new(pass.cell()));
    let (mut speculated, mut next) = (Vec::with_capacity(block), Vec::with_capacity(block));
    let mut scratch = Scratch::default();
    speculate(&pass, parts, 0, labels(0), &mut speculated);
    for start in (0..entries.len()).step_by(block) {
        // `pass` holds every label before this block, `earlier` the previous block's shown
        // labels: this block was speculated against `pass` as it was one block ago (without
        // `earlier`), and the next one is speculated against `pass` as it is now, while this
        // one is committed.
        let after = start + block;
        rayon::join(
            || {
                let block = Block { start, labels: labels(start), speculated: &speculated };
                block.commit(&pass, parts, &earlier, &mut recent, &mut scratch, &mut verdicts);
            },
            || {
                if after < entries.len() {
                    speculate(&pass, parts, after, labels(after), &mut next);
                }
            },
        );
        for (j, (e, verdict)) in labels(start).iter().zip(&verdicts[start..]).enumerate() {
            if let Verdict::Shown(k, shown) = *verdict {
                pass.show(parts, e, (start + j) as u32, k, shown);
            }
        }
        std::mem::swap(&mut earlier, &mut recent);
        recent.clear();
        std::mem::swap(&mut speculated, &mut next);
    }
    pass.add_tests(scratch.tests);
    let mut decided = Decided::new(entries.len());
    decided.record_all(&compiled.inputs, entries, &verdicts);
    decided.tests = pass.tests();
    decided
}

/// Each label of `labels` (the block from rank `start`) decided against what `pass` holds, and
/// the exact tests that took, into `out`: jobs of [`JOB`] labels in parallel, each reading
/// ahead as the sequential pass does.
fn speculate(pass: &Pass, parts: &[Part], start: usize, labels: &[Entry], out: &mut Vec<(Verdict, u32)>) {
    out.clear();
    out.resize(labels.len(), (Verdict::Offscreen, 0));
    let near = Near::default();
    out.par_chunks_mut(JOB).zip(labels.par_chunks(JOB)).enumerate().for_each_init(
        Scratch::default,
        |scratch, (job, (out, labels))| {
            // A job's first labels too: each job starts at a new place in the order.
            pass.read_ahead(labels.iter().take(READ_AHEAD), parts);
            for (i, (slot, e)) in out.iter_mut().zip(labels).enumerate() {
                if i % READ_AHEAD == 0 {
                    pass.read_ahead(labels[i..].iter().skip(READ_AHEAD).take(READ_AHEAD), parts);
                }
                let before = scratch.tests;
                let rank = (start + job * JOB + i) as u32;
                let verdict = pass.decide_shared::<false>(scratch, parts, rank, e, &near);
                *slot = (verdict, (scratch.tests - before) as u32);
            }
        },
    );
}

/// A block of labels and their speculative verdicts.
struct Block<'a> {
    /// The rank of its first label.
    start: usize,
    labels: &'a [Entry],
    /// By label: its verdict against the labels before the previous block, and the exact
    /// tests that took.
    speculated: &'a [(Verdict, u32)],
}

impl Block<'_> {
    /// Decides the block's labels in placement order into `verdicts` (see the module docs):
    /// `pass` holds every label before the block, `earlier` the previous block's shown labels
    /// (which the block's speculation did not see); the block's shown labels go into `recent`.
    fn commit(
        &self,
        pass: &Pass,
        parts: &[Part],
        earlier: &Recent,
        recent: &mut Recent,
        scratch: &mut Scratch,
        verdicts: &mut Vec<Verdict>,
    ) {
        let (labels, speculated) = (self.labels, self.speculated);
        for (j, (e, &(verdict, tests))) in labels.iter().zip(speculated).enumerate() {
            if j % READ_AHEAD == 0 {
                // The parts of the labels shown, which the commit reads.
                let ahead = (j + READ_AHEAD..labels.len().min(j + 2 * READ_AHEAD))
                    .filter(|&a| matches!(speculated[a].0, Verdict::Shown(..)))
                    .map(|a| &labels[a]);
                pass.read_ahead(ahead, parts);
            }
            let rank = (self.start + j) as u32;
            scratch.tests += tests as usize;
            let changes = |r: &Recent| match verdict {
                Verdict::Offscreen | Verdict::Repeat(_) => false,
                Verdict::Collision(_) => r.repeats(e).is_some(),
                Verdict::Shown(k, shown) => r.repeats(e).is_some() || r.meets_shown(parts, e, k, shown),
            };
            let verdict = if changes(earlier) || changes(recent) {
                pass.decide_shared::<true>(scratch, parts, rank, e, recent.near(parts, e))
            } else {
                verdict
            };
            if let Verdict::Shown(k, shown) = verdict {
                recent.show(parts, e, rank, k, shown);
            }
            verdicts.push(verdict);
        }
    }
}

/// What the labels of the block placed so far: the bounds of their blocking parts, listed
/// by hashed cell, and their anchor points by repeat group.
struct Recent {
    /// Inverse of the cell size.
    inv_cell: f32,
    /// By hashed cell: the last entry of its list in `links`, or [`NIL`].
    heads: Vec<u32>,
    /// The hashed cells whose list is not empty.
    listed: Vec<u32>,
    /// The lists' entries: a part (index into `bounds`) and the next entry of its cell's list.
    links: Vec<(u32, u32)>,
    /// The placed parts' bounds.
    bounds: Vec<Aabb>,
    /// The placed parts by index into `bounds`: their label's rank and their index among the
    /// parts.
    placed: Vec<(u32, usize)>,
    /// What a label decided again is given ([`Self::near`]), and the indices into `bounds`
    /// picked for it.
    given: Near,
    picked: Vec<u32>,
    /// The parts that span more than [`Self::MAX_CELLS`] cells, read by every query.
    wide: Vec<u32>,
    /// The placed labels of a repeat group: group, anchor point and rank.
    anchors: Vec<(u32, DVec2, u32)>,
}

/// The end of a list.
const NIL: u32 = u32::MAX;

impl Recent {
    /// Hashed cells: 2^16, many more than the parts a block places.
    const CELLS: usize = 1 << 16;
    /// At most this many cells list one part or are read for one box.
    const MAX_CELLS: usize = 16;

    fn new(cell: f32) -> Self {
        Self {
            inv_cell: 1.0 / cell.max(f32::MIN_POSITIVE),
            heads: vec![NIL; Self::CELLS],
            listed: Vec::new(),
            links: Vec::new(),
            bounds: Vec::new(),
            placed: Vec::new(),
            given: Near::default(),
            picked: Vec::new(),
            wide: Vec::new(),
            anchors: Vec::new(),
        }
    }

    fn clear(&mut self) {
        for &c in &self.listed {
            self.heads[c as usize] = NIL;
        }
        self.listed.clear();
        self.links.clear();
        self.bounds.clear();
        self.placed.clear();
        self.wide.clear();
        self.anchors.clear();
    }

    /// The hashed cells `b` meets, or `None` if they are more than [`Self::MAX_CELLS`].
    fn cells(&self, b: &Aabb) -> Option<impl Iterator<Item = usize> + use<>> {
        // Saturating casts: far-off or huge boxes clamp, which only merges cells.
        let (x0, y0) = ((b.min.x * self.inv_cell) as i32, (b.min.y * self.inv_cell) as i32);
        let (x1, y1) = ((b.max.x * self.inv_cell) as i32, (b.max.y * self.inv_cell) as i32);
        let (w, h) = (i64::from(x1) - i64::from(x0) + 1, i64::from(y1) - i64::from(y0) + 1);
        // Saturating too: a box spanning 2^32 cells each way (a valid giant label) overflows.
        (w.saturating_mul(h) <= Self::MAX_CELLS as i64).then(|| {
            (y0..=y1).flat_map(move |y| {
                (x0..=x1).map(move |x| {
                    let h = (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77);
                    (h.wrapping_mul(0xC2B2_AE35) >> 16) as usize
                })
            })
        })
    }

    /// Records the shown label `e`: its blocking parts and its anchor point.
    fn show(&mut self, parts: &[Part], e: &Entry, rank: u32, k: usize, shown: Parts) {
        for p in e.blocking(k, shown) {
            let b = parts[p].bounds;
            let index = self.bounds.len() as u32;
            self.bounds.push(b);
            self.placed.push((rank, p));
            let Some(cells) = self.cells(&b) else {
                self.wide.push(index);
                continue;
            };
            for c in cells {
                if self.heads[c] == NIL {
                    self.listed.push(c as u32);
                }
                self.links.push((index, self.heads[c]));
                self.heads[c] = self.links.len() as u32 - 1;
            }
        }
        if e.group != NONE {
            self.anchors.push((e.group, e.anchor, rank));
        }
    }

    /// The placed labels as [`Near`] gives them to the label `e`: the placed parts whose
    /// bounds meet those of all of `e`'s parts together, in rank order, and the earliest placed
    /// label of its group within its repeat distance.
    fn near(&mut self, parts: &[Part], e: &Entry) -> &Near {
        let reach = parts[e.first..e.first + e.part_count()].iter().map(|p| p.bounds).reduce(|a, b| a.union(&b));
        self.picked.clear();
        if let Some(reach) = reach {
            let cells = self.cells(&reach);
            let Self { bounds, heads, links, wide, picked, .. } = self;
            let meets = |i: &u32| bounds[*i as usize].intersects_closed(&reach);
            picked.extend(wide.iter().filter(|i| meets(i)));
            match cells {
                None => picked.extend((0..bounds.len() as u32).filter(meets)),
                Some(cells) => {
                    for c in cells {
                        let mut at = heads[c];
                        while at != NIL {
                            let (i, next) = links[at as usize];
                            if meets(&i) {
                                picked.push(i);
                            }
                            at = next;
                        }
                    }
                }
            }
        }
        // Parts were listed in placement order, so their indices sort into rank order.
        self.picked.sort_unstable();
        self.picked.dedup();
        self.given.parts.clear();
        self.given.parts.extend(self.picked.iter().map(|&i| self.placed[i as usize]));
        self.given.repeat = self.repeats(e);
        &self.given
    }

    /// The earliest placed label of `e`'s group whose anchor point lies within its repeat
    /// distance ([`super::repeat::Repeats::earliest`]).
    fn repeats(&self, e: &Entry) -> Option<u32> {
        let near = |&&(g, a, _): &&(u32, DVec2, u32)| g == e.group && Symbol::repeats(e.anchor, a, e.repeat_distance);
        (e.group != NONE && e.repeat_distance > 0.0).then(|| self.anchors.iter().find(near).map(|a| a.2)).flatten()
    }

    /// Whether the bounds of a part placed by the block meet `b`.
    fn meets(&self, b: &Aabb) -> bool {
        let meets = |i: u32| self.bounds[i as usize].intersects_closed(b);
        if self.wide.iter().any(|&i| meets(i)) {
            return true;
        }
        let Some(mut cells) = self.cells(b) else {
            return self.bounds.iter().any(|q| q.intersects_closed(b));
        };
        cells.any(|c| {
            let mut at = self.heads[c];
            while at != NIL {
                let (i, next) = self.links[at as usize];
                if meets(i) {
                    return true;
                }
                at = next;
            }
            false
        })
    }

    /// Whether a placed part's bounds meet a part that `e` shows at position `k` with `shown`.
    fn meets_shown(&self, parts: &[Part], e: &Entry, k: usize, shown: Parts) -> bool {
        let text = if shown == Parts::Icon { 0..0 } else { e.text(k) };
        let icon = if shown == Parts::Text { None } else { e.icon() };
        !self.bounds.is_empty() && text.chain(icon).any(|p| self.meets(&parts[p].bounds))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::place_walking;
    use crate::{Aabb, Anchor, Candidate, Icon, Label, Optional, PlacementOptions, Shape, Symbol, TextPath};

    /// A label and its symbol: a crowded world, ties of priority, quarter turns and free
    /// angles, 0–4 candidates, an icon with either optional part, repeat groups (of three),
    /// `allow_overlap` and `ignore_placement`, and texts along lines.
    fn arb_pair(world: f64) -> impl Strategy<Value = (Label, Symbol)> {
        let label = (0.0..world, 0.0..world, 2.0..30.0f64, 2.0..12.0f64, 0u8..8, 0u8..4, 0u8..20).prop_map(
            |(x, y, w, h, angle, priority, flags)| {
                let angle = [0.0, 90.0, 180.0, 270.0, 12.5, 33.0, 45.0, 300.0][usize::from(angle)];
                let mut l = Label::new(x, y, w, h).with_angle(angle).with_priority(f64::from(priority));
                l.style.allow_overlap = flags == 0;
                l.style.ignore_placement = flags == 1;
                l
            },
        );
        let candidate =
            (0..Anchor::ALL.len(), -4.0..4.0f64).prop_map(|(a, d)| Candidate::new(Anchor::ALL[a]).with_offset(d, 0.0));
        let symbol = (
            prop::collection::vec(candidate, 0..=4),
            prop::option::of((2.0..14.0f64, 2.0..14.0f64)),
            0u8..3,
            prop::option::weighted(0.4, (0u32..3, 0.0..world / 3.0)),
        )
            .prop_map(|(candidates, icon, optional, repeat)| {
                let mut s = Symbol::default().with_candidates(candidates);
                if let Some((w, h)) = icon {
                    s = s
                        .with_icon(Icon::new(w, h))
                        .with_optional([Optional::None, Optional::Text, Optional::Icon][usize::from(optional)]);
                }
                if let Some((group, distance)) = repeat {
                    s = s.with_repeat(group, distance);
                }
                s
            });
        // A quarter of the symbols lay their text along a line from the label's point instead
        // (a position of many glyph parts), keeping the repeat group.
        let path = prop::option::weighted(
            0.25,
            (prop::collection::vec((-60.0..60.0f64, 8.0..40.0f64), 1..=3), prop::collection::vec(2.0..8.0f64, 2..=8)),
        );
        (label, symbol, path).prop_map(|(l, s, path)| match path {
            None => (l, s),
            Some((turns, advances)) => {
                let mut points = vec![glam::DVec2::new(l.x, l.y)];
                let mut heading = 0.0f64;
                for (turn, length) in turns {
                    heading += turn;
                    let step = glam::DVec2::new(heading.to_radians().cos(), -heading.to_radians().sin()) * length;
                    points.push(points[points.len() - 1] + step);
                }
                let path = TextPath::new(points, advances);
                (l, Symbol { candidates: vec![], icon: None, ..s }.with_path(path))
            }
        })
    }

    /// A valid giant label (as wide as the limits allow, turned) is shown in a block and
    /// listed without overflowing the count of cells it spans; the blocks decide as the
    /// sequential pass.
    #[test]
    fn a_giant_turned_label_is_listed_without_overflow() {
        let mut labels: Vec<Label> =
            (0..40).map(|i| Label::new(f64::from(i % 8) * 30.0, f64::from(i / 8) * 20.0, 20.0, 8.0)).collect();
        labels.push(Label::new(100.0, 60.0, 1e12, 1e12).with_angle(45.0).with_priority(9.0));
        let symbols = vec![Symbol::default().with_candidates(vec![Candidate::new(Anchor::Left)]); labels.len()];
        let options = PlacementOptions::default();
        let sequential = place_walking(&labels, &symbols, None, &[], &options, None);
        let blocks = place_walking(&labels, &symbols, None, &[], &options, Some(4));
        assert!(sequential.outcomes[40].visible);
        assert_eq!(blocks.outcomes, sequential.outcomes);
        assert_eq!(blocks.choices, sequential.choices);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Any block size on 1–4 threads decides as the sequential pass, which the brute-force
        /// reference checks (`tests/symbols.rs`).
        #[test]
        fn blocks_decide_as_the_sequential_pass(
            pairs in (20usize..400).prop_flat_map(|n| prop::collection::vec(arb_pair((n as f64).sqrt() * 14.0), n)),
            block in 1usize..80,
            threads in 1usize..=4,
            obstacle in prop::option::of((0.0..100.0f32, 0.0..100.0f32)),
            viewport in any::<bool>(),
        ) {
            let (labels, symbols): (Vec<Label>, Vec<Symbol>) = pairs.into_iter().unzip();
            let obstacles: Vec<Shape> = obstacle
                .map(|(x, y)| Shape::Aabb(Aabb::from_corners(glam::Vec2::new(x, y), glam::Vec2::new(x + 20.0, y + 15.0))))
                .into_iter()
                .collect();
            let options = if viewport { PlacementOptions::default().with_viewport(150.0, 120.0) } else { PlacementOptions::default() };
            let sequential = place_walking(&labels, &symbols, None, &obstacles, &options, None);
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let blocks = pool.install(|| place_walking(&labels, &symbols, None, &obstacles, &options, Some(block)));
            prop_assert_eq!(&blocks.outcomes, &sequential.outcomes);
            prop_assert_eq!(&blocks.choices, &sequential.choices);
            let stats = |p: &crate::Placement| crate::PlacementStats { narrow_tests: 0, ..p.stats };
            prop_assert_eq!(stats(&blocks), stats(&sequential));
        }
    }
}
