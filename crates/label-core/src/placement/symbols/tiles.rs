//! The symbol pass on tiles in parallel, exact: the rounds of [`super::super::rounds`] with the
//! sequential pass's rule ([`Pass::decide`]) for every label.
//!
//! Each tile runs its own [`Pass`] over its labels (those whose anchor point it holds, see
//! [`Reach`]) in placement order; its grid and repeat trees hold the labels it decided in
//! round 0. What else can reach a label — labels of other tiles, labels of its tile that waited
//! — is found in the cells its query box meets: the strangers of its tile's cells, its tile's
//! waiting labels listed by cell, and every label listed in other tiles' cells. Of those, the
//! decided ones (other tiles' before this round) that are shown give the pass their parts and
//! anchor points ([`Near`]); the undecided ones may still change the outcome.
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
//! and whatever the verdict but off screen or hidden behind an earlier repeat, when an
//! undecided label of its repeat group lies within its repeat distance (ranked before the
//! repeat's blocker).

use std::sync::atomic::{AtomicU64, Ordering};

use super::super::rounds::{MAX_ROUNDS, SWEEP, TileRounds, run_rounds};
use super::parts::{Compiled, Entry, NONE};
use super::pass::{Blocked, Decided, Near, Pass, Verdict};
use super::placed::PlacedParts;
use super::reach::Reach;
use crate::placement::collides;
use crate::{Parts, Symbol};

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

/// One tile's part of the pass.
struct Tile {
    id: u32,
    pass: Pass,
    /// Its labels' ranks, in placement order.
    ranks: Vec<u32>,
    waiting: Vec<u32>,
    /// By cell of the tile ([`Reach::in_tile`]): the tile's labels that waited in round 0 whose
    /// reach meets it, in placement order (empty until one waits).
    waiting_in: Vec<Vec<u32>>,
    verdicts: Vec<(u32, Verdict)>,
    /// Scratch: the undecided labels near the one being decided.
    undecided: Vec<u32>,
    /// Exact tests run against undecided labels.
    tests: usize,
    near: Near,
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
                pass: Pass::new(grid, max_overlap_area),
                ranks,
                waiting: Vec::new(),
                waiting_in: Vec::new(),
                verdicts: Vec::new(),
                undecided: Vec::new(),
                tests: 0,
                near: Near::default(),
            }
        })
        .collect();
    let counts = run_rounds(&mut tiles, &shared, MAX_ROUNDS);
    let entries = &compiled.entries;
    let mut decided = Decided::new(n);
    for tile in &tiles {
        for &(r, verdict) in &tile.verdicts {
            decided.record(entries, &entries[r as usize], verdict);
        }
        decided.tests += tile.pass.tests() + tile.tests;
    }
    (decided, counts.waited)
}

impl<'a> TileRounds<Shared<'a>> for Tile {
    fn first_round(&mut self, shared: &Shared<'a>) {
        let parts = &shared.compiled.parts;
        for i in 0..self.ranks.len() {
            let r = self.ranks[i];
            let e = &shared.compiled.entries[r as usize];
            match self.turn(shared, r, 0) {
                Some(verdict) => {
                    if let Verdict::Shown(k, shown) = verdict {
                        self.pass.show(parts, e, r, k, shown);
                    }
                    self.decide(shared, r, verdict, 0);
                }
                None => {
                    self.waiting.push(r);
                    let reach = shared.reach;
                    let (id, waiting_in) = (self.id as usize, &mut self.waiting_in);
                    waiting_in.resize_with(reach.tile_cells(), Vec::new);
                    reach.for_cells(&reach.boxes[r as usize], |c| {
                        if reach.tile_of(c) == id {
                            waiting_in[reach.in_tile(c)].push(r);
                        }
                    });
                }
            }
        }
    }

    fn later_round(&mut self, shared: &Shared<'a>, round: u32) {
        let waiting = std::mem::take(&mut self.waiting);
        for r in waiting {
            match self.turn(shared, r, round) {
                Some(verdict) => self.decide(shared, r, verdict, round),
                None => self.waiting.push(r),
            }
        }
    }

    fn waiting(&self) -> usize {
        self.waiting.len()
    }

    fn take_waiting(&mut self, _: &Shared<'a>) -> Vec<(u128, u64)> {
        std::mem::take(&mut self.waiting).into_iter().map(|r| (u128::from(r), u64::from(r))).collect()
    }

    fn sweep_one(&mut self, shared: &Shared<'a>, label: u64) {
        let r = label as u32;
        let verdict = self.turn(shared, r, SWEEP);
        // Every earlier label is decided by now, so nothing waits.
        debug_assert!(verdict.is_some(), "a label waits in the sweep");
        if let Some(verdict) = verdict {
            self.decide(shared, r, verdict, SWEEP - 1);
        }
    }
}

impl Tile {
    fn decide(&mut self, shared: &Shared<'_>, r: u32, verdict: Verdict, round: u32) {
        shared.states[r as usize].store(stamp(round, verdict), Ordering::Relaxed);
        self.verdicts.push((r, verdict));
    }

    /// The label of rank `r` in `round`: its verdict, or `None` while it waits.
    fn turn(&mut self, shared: &Shared<'_>, r: u32, round: u32) -> Option<Verdict> {
        let Compiled { entries, parts } = shared.compiled;
        let e = &entries[r as usize];
        if !e.in_view {
            return Some(Verdict::Offscreen);
        }
        let repeat_threat = self.gather(shared, r, round);
        let verdict = self.pass.decide::<true>(parts, r, e, &self.near);
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
        for &u in self.undecided.iter().take_while(|&&u| u < before) {
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

    /// Fills `self.near` with the shown labels that can reach the label of rank `r` and that
    /// its pass does not hold, and `self.undecided` with the undecided labels whose reach meets
    /// its own (that can block, in placement order); returns the earliest undecided one of its
    /// repeat group within its repeat distance.
    ///
    /// Each label listed in several cells is looked at once: in the cell holding the top-left
    /// corner of its reach's common part with the query box (every label that matters meets the
    /// query box: its reach holds its anchor point).
    fn gather(&mut self, shared: &Shared<'_>, r: u32, round: u32) -> Option<u32> {
        let Compiled { entries, parts } = shared.compiled;
        let reach = shared.reach;
        let e = &entries[r as usize];
        let Self { id, waiting_in, near, undecided, .. } = self;
        let id = *id as usize;
        near.parts.clear();
        near.repeat = None;
        undecided.clear();
        let mut threat = None::<u32>;
        let query = reach.query(r as usize, e);
        let [qx, qy] = reach.first_cell(&query);
        let mine = reach.boxes[r as usize];
        let mut look = |x: u32| {
            let other = &entries[x as usize];
            let meets = reach.boxes[x as usize].intersects_closed(&mine);
            let repeats =
                e.group != NONE && other.group == e.group && Symbol::repeats(e.anchor, other.anchor, e.repeat_distance);
            if !meets && !repeats {
                return;
            }
            let state = shared.states[x as usize].load(Ordering::Relaxed);
            let own = reach.home[x as usize] as usize == id;
            let known = state != 0 && (own || round_of(state) < round);
            if !known {
                if meets && !other.ignore_placement {
                    undecided.push(x);
                }
                if repeats {
                    threat = Some(threat.map_or(x, |u| u.min(x)));
                }
                return;
            }
            // The tile's own round-0 decisions are in its pass.
            if own && round_of(state) == 0 {
                return;
            }
            let Some((k, shown)) = shown_of(state) else { return };
            if repeats {
                near.repeat = Some(near.repeat.map_or(x, |u| u.min(x)));
            }
            if meets {
                let blocking = other.blocking(k, shown).filter(|&p| parts[p].bounds.intersects_closed(&mine));
                near.parts.extend(blocking.map(|p| (x, p)));
            }
        };
        reach.for_cells(&query, |c| {
            let [column, row] = reach.column_row(c);
            let mut scan = |list: &[u32]| {
                for &x in list.iter().take_while(|&&x| x < r) {
                    let [xx, xy] = reach.corner[x as usize];
                    if usize::from(xx).max(qx) == column && usize::from(xy).max(qy) == row {
                        look(x);
                    }
                }
            };
            if reach.tile_of(c) == id {
                scan(reach.strangers(c));
                if let Some(list) = waiting_in.get(reach.in_tile(c)) {
                    scan(list);
                }
            } else {
                scan(reach.natives(c));
                scan(reach.strangers(c));
            }
        });
        near.parts.sort_unstable();
        undecided.sort_unstable();
        threat
    }
}

/// Whether the tiles of `reach` are worth it for `entries`: more than one tile, and query
/// boxes (grown by repeat distances) that meet few cells.
pub(super) fn worth_it(reach: &Reach, entries: &[Entry]) -> bool {
    if reach.tiles() < 2 {
        return false;
    }
    let grown = entries.iter().enumerate().filter(|(_, e)| e.in_view && e.group != NONE);
    grown.map(|(r, e)| reach.cells_met(&reach.query(r, e))).sum::<usize>() <= 64 * entries.len()
}
