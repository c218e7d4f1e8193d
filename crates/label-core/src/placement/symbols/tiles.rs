//! The symbol pass on tiles in parallel, exact: the rounds of [`super::super::rounds`] with the
//! sequential pass's rule ([`Pass::decide`]) for every label.
//!
//! Each tile runs its own [`Pass`] over its labels (those whose anchor point it holds, see
//! [`Reach`]) in placement order; its grid and repeat trees hold the labels it decided in
//! round 0. What else can reach a label — labels of other tiles, labels of its tile that waited
//! — is found once, in round 0: in the cells its reach meets (the strangers of its tile's cells,
//! its tile's waiting labels listed by cell, and every label listed in other tiles' cells) and
//! among its mates ([`Reach::mates`]). Of those, the decided ones (other tiles' before this
//! round) that are shown give the pass their parts and anchor points ([`Near`]); the undecided
//! ones may still change the outcome, and a label that waits keeps them ([`Found`]): in a later
//! round it looks only at those again, as they get decided.
//!
//! The label is decided as if the undecided ones were not there, and that stands when they
//! cannot change it. More shown parts only take positions away: a position that was not free
//! stays so, and a verdict changes only through the parts it was decided on. So the label
//! waits when an undecided label's part (any of its positions, or its icon) collides with:
//!
//! - shown at position `k`: the parts it shows (text at `k`, icon), which might not be free;
//! - hidden behind label `b`: the icon or the first position in view, if ranked before `b`
//!   (the earlier blocker);
//!
//! and whatever the verdict but off screen or hidden behind an earlier repeat, when one of its
//! mates is undecided (ranked before the repeat's blocker).

use std::sync::atomic::{AtomicU64, Ordering};

use super::super::rounds::{MAX_ROUNDS, SWEEP, TileRounds, run_rounds};
use super::parts::{Compiled, Entry, NONE, Part};
use super::pass::{Blocked, Decided, Near, Pass, READ_AHEAD, Verdict};
use super::placed::PlacedParts;
use super::reach::{Reach, in_span};
use crate::placement::collides;
use crate::{Aabb, Parts};

/// A label's state as other tiles read it: 0 while undecided, else the round that decided it
/// (bits 32–63) and what it decided: [`SHOWN`] with its parts (bits 2–3) and position (bits
/// 4–19), or [`HIDDEN`].
const SHOWN: u64 = 1;
const HIDDEN: u64 = 2;

fn stamp(round: u32, verdict: Verdict) -> u64 {
    let what = match verdict {
        Verdict::Shown(k, parts) => {
            let parts = match parts {
                Parts::Both => 0,
                Parts::Text => 1,
                Parts::Icon => 2,
            };
            SHOWN | parts << 2 | (k as u64) << 4
        }
        _ => HIDDEN,
    };
    u64::from(round) << 32 | what
}

/// The round a state was decided in.
fn round_of(state: u64) -> u32 {
    (state >> 32) as u32
}

/// The position and parts of a shown state.
fn shown_of(state: u64) -> Option<(usize, Parts)> {
    (state & SHOWN != 0).then(|| {
        let parts = [Parts::Both, Parts::Text, Parts::Icon][(state >> 2 & 3) as usize];
        (((state >> 4) & 0xffff) as usize, parts)
    })
}

/// What every tile reads.
struct Shared<'a> {
    compiled: &'a Compiled,
    max_overlap_area: f32,
    reach: &'a Reach,
    /// By rank.
    states: Vec<AtomicU64>,
}

/// An earlier label that can change a label's outcome and was undecided when last looked at.
#[derive(Clone, Copy, Debug)]
struct Pending {
    rank: u32,
    /// Its reach meets the label's and it does not ignore placement: its parts may block.
    blocks: bool,
    /// It is a mate ([`Reach::mates`]): shown, it hides the label.
    repeats: bool,
}

/// What a label found around it, kept while it waits: in a later round only the labels still
/// pending are looked at again (the labels that can reach it do not change, and a decided label
/// stays decided).
#[derive(Debug, Default)]
struct Found {
    near: Near,
    /// Ascending.
    pending: Vec<Pending>,
}

/// A waiting label and what it found.
struct Waiting {
    rank: u32,
    found: Found,
}

/// One tile's part of the pass.
struct Tile {
    id: u32,
    /// Its cells ([`Reach::tile_span`]).
    span: [usize; 4],
    pass: Pass,
    /// Its labels' ranks, in placement order.
    ranks: Vec<u32>,
    waiting: Vec<Waiting>,
    /// By cell of the tile ([`in_span`]): the tile's labels that waited in round 0 whose
    /// reach meets it, in placement order (empty until one waits).
    waiting_in: Vec<Vec<u32>>,
    verdicts: Vec<(u32, Verdict)>,
    /// Scratch: what the label being decided in round 0 found.
    found: Found,
    /// Exact tests run against undecided labels.
    tests: usize,
}

/// Decides every label of `compiled` on the tiles of `reach` (more than one), each tile's
/// grid of placed parts of cells `cell_size` when given. Returns what [`Pass::run`] returns,
/// and the labels that waited.
pub(super) fn run(
    compiled: &Compiled,
    reach: &Reach,
    cell_size: Option<f32>,
    max_overlap_area: f32,
) -> (Decided, usize) {
    let n = compiled.entries.len();
    let shared = Shared { compiled, max_overlap_area, reach, states: (0..n).map(|_| AtomicU64::new(0)).collect() };
    let mut ranks = vec![Vec::new(); reach.tiles()];
    for (r, &t) in reach.home.iter().enumerate().filter(|(_, t)| **t != NONE) {
        ranks[t as usize].push(r as u32);
    }
    let mut tiles: Vec<Tile> = ranks
        .into_iter()
        .enumerate()
        .map(|(t, ranks)| {
            let grid = PlacedParts::new((reach.tile_area(t), ranks.len()), cell_size, max_overlap_area);
            Tile {
                id: t as u32,
                span: reach.tile_span(t),
                pass: Pass::new(grid, max_overlap_area),
                ranks,
                waiting: Vec::new(),
                waiting_in: Vec::new(),
                verdicts: Vec::new(),
                found: Found::default(),
                tests: 0,
            }
        })
        .collect();
    let counts = run_rounds(&mut tiles, &shared, MAX_ROUNDS);
    let entries = &compiled.entries;
    let mut decided = Decided::new(n);
    for tile in &tiles {
        for &(r, verdict) in &tile.verdicts {
            decided.record(&compiled.inputs, &entries[r as usize], verdict);
        }
        decided.tests += tile.pass.tests() + tile.tests;
    }
    (decided, counts.waited)
}

impl<'a> TileRounds<Shared<'a>> for Tile {
    fn first_round(&mut self, shared: &Shared<'a>) {
        let parts = &shared.compiled.parts;
        let mut found = std::mem::take(&mut self.found);
        let entries = &shared.compiled.entries;
        for i in 0..self.ranks.len() {
            if i % READ_AHEAD == 0 {
                let ahead = self.ranks[i..].iter().skip(READ_AHEAD).take(READ_AHEAD);
                self.pass.read_ahead(ahead.map(|&r| &entries[r as usize]), parts);
            }
            let r = self.ranks[i];
            let e = &entries[r as usize];
            if e.in_view {
                self.gather(shared, r, &mut found);
            }
            match self.turn(shared, r, &found) {
                Some(verdict) => {
                    if let Verdict::Shown(k, shown) = verdict {
                        self.pass.show(parts, e, r, k, shown);
                    }
                    self.decide(shared, r, verdict, 0);
                }
                None => {
                    self.waiting.push(Waiting { rank: r, found: std::mem::take(&mut found) });
                    let reach = shared.reach;
                    let side = reach.tile_side();
                    let (span, waiting_in) = (self.span, &mut self.waiting_in);
                    waiting_in.resize_with(side * side, Vec::new);
                    reach.for_cells(&reach.boxes[r as usize], |_, column, row| {
                        if let Some(k) = in_span(span, column, row) {
                            waiting_in[k].push(r);
                        }
                    });
                }
            }
        }
        self.found = found;
    }

    fn later_round(&mut self, shared: &Shared<'a>, round: u32) {
        let waiting = std::mem::take(&mut self.waiting);
        for mut w in waiting {
            match self.again(shared, &mut w, round) {
                Some(verdict) => self.decide(shared, w.rank, verdict, round),
                None => self.waiting.push(w),
            }
        }
    }

    fn waiting(&self) -> usize {
        self.waiting.len()
    }

    fn take_waiting(&mut self, _: &Shared<'a>) -> Vec<(u128, u64)> {
        // The sweep takes them back in this order (ascending rank): they stay here meanwhile.
        self.waiting.reverse();
        self.waiting.iter().rev().map(|w| (u128::from(w.rank), u64::from(w.rank))).collect()
    }

    fn sweep_one(&mut self, shared: &Shared<'a>, label: u64) {
        let mut w = self.waiting.pop().expect("the sweep takes a tile's waiting labels in order");
        debug_assert_eq!(u64::from(w.rank), label);
        let verdict = self.again(shared, &mut w, SWEEP);
        // Every earlier label is decided by now, so nothing waits.
        debug_assert!(verdict.is_some(), "a label waits in the sweep");
        if let Some(verdict) = verdict {
            self.decide(shared, w.rank, verdict, SWEEP - 1);
        }
    }
}

impl Tile {
    fn decide(&mut self, shared: &Shared<'_>, r: u32, verdict: Verdict, round: u32) {
        shared.states[r as usize].store(stamp(round, verdict), Ordering::Relaxed);
        self.verdicts.push((r, verdict));
    }

    /// A waiting label in `round` ≥ 1: its pending labels looked at again, then its turn.
    fn again(&mut self, shared: &Shared<'_>, w: &mut Waiting, round: u32) -> Option<Verdict> {
        let Compiled { entries, parts, .. } = shared.compiled;
        let (id, r) = (self.id, w.rank);
        let mine = shared.reach.boxes[r as usize];
        let Found { near, pending } = &mut w.found;
        let count = near.parts.len();
        pending.retain(|p| look(shared, id, (entries, parts), &mine, near, *p, round));
        if near.parts.len() != count {
            near.parts.sort_unstable();
        }
        self.turn(shared, r, &w.found)
    }

    /// The label of rank `r`, given what it found: its verdict, or `None` while it waits.
    fn turn(&mut self, shared: &Shared<'_>, r: u32, found: &Found) -> Option<Verdict> {
        let Compiled { entries, parts, .. } = shared.compiled;
        let e = &entries[r as usize];
        if !e.in_view {
            return Some(Verdict::Offscreen);
        }
        let repeat_threat = found.pending.iter().find(|p| p.repeats).map(|p| p.rank);
        let verdict = self.pass.decide::<true>(parts, r, e, &found.near);
        // The parts whose collisions made the verdict, and the undecided labels that count.
        let first = || (0..usize::from(e.positions)).find(|&k| e.meets(parts, k)).unwrap_or(0);
        let (text, icon, before) = match verdict {
            Verdict::Offscreen => return Some(verdict),
            Verdict::Repeat(b) => return repeat_threat.is_none_or(|u| u > b).then_some(verdict),
            Verdict::Collision(Blocked::Obstacle(_)) => return repeat_threat.is_none().then_some(verdict),
            Verdict::Shown(k, shown) => {
                let text = if shown == Parts::Icon { 0..0 } else { e.text(k) };
                (text, e.icon().filter(|_| shown != Parts::Text), u32::MAX)
            }
            Verdict::Collision(Blocked::Label(b)) => (e.text(first()), e.icon(), b),
        };
        if repeat_threat.is_some() {
            return None;
        }
        let max_overlap_area = shared.max_overlap_area;
        let undecided = found.pending.iter().filter(|p| p.blocks).map(|p| p.rank);
        for u in undecided.take_while(|&u| u < before) {
            let other = &entries[u as usize];
            for q in other.first..other.first + other.part_count() {
                for p in text.clone().chain(icon) {
                    let (mine, theirs) = (&parts[p], &parts[q]);
                    if mine.bounds.intersects_closed(&theirs.bounds) {
                        self.tests += 1;
                        if collides(&mine.obb, &theirs.obb, max_overlap_area) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(verdict)
    }

    /// Fills `found` for the label of rank `r` in round 0: the labels whose reach meets its own
    /// (that can block) and its mates, looked at once each ([`look`]).
    ///
    /// A label listed in several cells is looked at once: in the cell holding the top-left
    /// corner of its reach's common part with the label's (both hold their anchor points).
    fn gather(&mut self, shared: &Shared<'_>, r: u32, found: &mut Found) {
        let Compiled { entries, parts, .. } = shared.compiled;
        let reach = shared.reach;
        let Self { id, span, waiting_in, .. } = self;
        let Found { near, pending } = found;
        near.parts.clear();
        near.repeat = None;
        pending.clear();
        let mine = reach.boxes[r as usize];
        let [qx, qy] = reach.first_cell(&mine);
        let mut mates = reach.mates(r as usize).iter().copied().peekable();
        let mut visit = |x: u32| {
            if !reach.boxes[x as usize].intersects_closed(&mine) {
                return;
            }
            let p = Pending { rank: x, blocks: !entries[x as usize].ignore_placement, repeats: false };
            if look(shared, *id, (entries, parts), &mine, near, p, 0) {
                pending.push(p);
            }
        };
        let span = *span;
        reach.for_cells(&mine, |c, column, row| {
            let mut scan = |list: &[u32]| {
                for &x in list.iter().take_while(|&&x| x < r) {
                    let [xx, xy] = reach.corner[x as usize];
                    if usize::from(xx).max(qx) == column && usize::from(xy).max(qy) == row {
                        visit(x);
                    }
                }
            };
            if let Some(k) = in_span(span, column, row) {
                scan(reach.strangers(c));
                if let Some(list) = waiting_in.get(k) {
                    scan(list);
                }
            } else {
                scan(reach.natives(c));
                scan(reach.strangers(c));
            }
        });
        if mates.peek().is_some() || pending.len() > 1 {
            pending.sort_unstable_by_key(|p| p.rank);
        }
        for x in mates {
            let p = Pending { rank: x, blocks: false, repeats: true };
            if !look(shared, *id, (entries, parts), &mine, near, p, 0) {
                continue;
            }
            match pending.binary_search_by_key(&x, |p| p.rank) {
                Ok(k) => pending[k].repeats = true,
                Err(k) => pending.insert(k, p),
            }
        }
        near.parts.sort_unstable();
    }
}

/// Looks at the earlier label `p` for the label of reach `mine` of tile `id` in `round`:
/// true while it is undecided as the round reads it. Once decided and shown, it joins `near`
/// (its blocking parts that meet `mine` if `p.blocks`, its rank if `p.repeats`); the tile's own
/// round-0 decisions are in its pass, and looked at no further.
fn look(
    shared: &Shared<'_>,
    id: u32,
    (entries, parts): (&[Entry], &[Part]),
    mine: &Aabb,
    near: &mut Near,
    p: Pending,
    round: u32,
) -> bool {
    let x = p.rank as usize;
    let state = shared.states[x].load(Ordering::Relaxed);
    let own = shared.reach.home[x] == id;
    if state == 0 || !(own || round_of(state) < round) {
        return p.blocks || p.repeats;
    }
    if own && round_of(state) == 0 {
        return false;
    }
    let Some((k, shown)) = shown_of(state) else { return false };
    if p.repeats {
        near.repeat = Some(near.repeat.map_or(p.rank, |u| u.min(p.rank)));
    }
    if p.blocks {
        let blocking = entries[x].blocking(k, shown).filter(|&q| parts[q].bounds.intersects_closed(mine));
        near.parts.extend(blocking.map(|q| (p.rank, q)));
    }
    false
}

/// Mates listed per label at most, on average ([`Reach::find_mates`]).
const MATES_PER_LABEL: usize = 16;

/// The reaches of `compiled`'s labels on tiles of about `tile_labels` labels, when the tiles are
/// worth it: more than one, and few mates.
pub(super) fn reach(compiled: &Compiled, tile_labels: usize) -> Option<Reach> {
    let mut reach = Reach::new(&compiled.entries, &compiled.parts, tile_labels);
    let few = reach.tiles() > 1 && reach.find_mates(&compiled.entries, MATES_PER_LABEL * compiled.entries.len());
    few.then_some(reach)
}
