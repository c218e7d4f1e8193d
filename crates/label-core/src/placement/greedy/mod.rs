//! The greedy priority pass (contract §4 steps 2–3), tile by tile in parallel, and exact.
//!
//! The sequential definition walks all labels in placement order and shows each one unless an
//! earlier shown label overlaps it (each label's verdict is [`super::rule::decide`]'s). The pass runs it on the [`Layout`]'s tiles in the rounds of
//! [`super::rounds`]: a label whose earliest overlapping, not hidden, earlier label belongs to
//! another tile and is undecided (as of the round), or waits itself, waits. On the standard
//! workload 4–6 rounds settle the 2–4% of labels that wait.
//!
//! Inside a tile, a shown (or waiting) label that can block others is registered with every
//! cell of its tile near enough to be reached (see [`Cells`]), in placement order; a later label
//! scans one contiguous list, its own cell's, and stops at the first overlap, the earliest. Only
//! labels near a tile's edge also scan the cells of neighbouring tiles. A map with one tile
//! runs the plain sequential definition.

mod turn;

use std::ops::Range;
use std::sync::atomic::{AtomicU32, Ordering};

use super::blockers::Blockers;
use super::layout::Layout;
use super::outcome::Decision;
use super::rounds::{MAX_ROUNDS, SWEEP, TileRounds, run_rounds};
use super::rule::{self, Blocked, Plain};
use crate::Obb;
use crate::broad::Cells;
use crate::narrow::convex_overlap_area;
use turn::{Alone, Turn};

/// Counts from one greedy pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassCounts {
    /// Exact overlap tests run.
    pub narrow_tests: usize,
    /// Labels that waited for another tile after round 0.
    pub waited: usize,
    /// Parallel rounds after round 0.
    pub rounds: u32,
    /// Labels decided one by one after the rounds.
    pub swept: usize,
}

/// A label's state as other tiles read it: 0 while undecided, else the round that decided it
/// and what it decided.
const PLACED: u32 = 1;
const HIDDEN: u32 = 2;
#[inline]
fn stamp(round: u32, kind: u32) -> u32 {
    (round << 2) | kind
}

/// What a label's turn found.
enum Verdict {
    Decided(Decision),
    Waits,
}

/// Everything the tiles share, read-only but for the states.
struct Shared<'a> {
    layout: &'a Layout,
    cells: &'a Cells,
    obstacle_hits: &'a [Option<u32>],
    max_overlap_area: f32,
    states: Vec<AtomicU32>,
}

/// One tile's part of the pass.
struct Tile<'d> {
    cells: Range<usize>,
    slots: Range<usize>,
    /// Per cell of the tile, the labels that can block.
    lists: Vec<Blockers>,
    /// Waiting labels as (rank, slot), in placement order.
    waiting: Vec<(u32, u32)>,
    decisions: &'d mut [Decision],
    tests: usize,
}

/// Stage 6, the greedy pass (also `stages::greedy_pass`): runs the pass over `layout` with the
/// neighbourhoods `cells`. `obstacle_hits` gives each slot's first overlapping obstacle (empty
/// without obstacles). Returns each slot's decision (blockers named by input position) and
/// counts.
#[must_use]
pub fn greedy(
    layout: &Layout,
    cells: &Cells,
    obstacle_hits: &[Option<u32>],
    max_overlap_area: f32,
) -> (Vec<Decision>, PassCounts) {
    run(layout, cells, obstacle_hits, max_overlap_area, MAX_ROUNDS)
}

/// [`greedy`] with at most `max_rounds` parallel rounds after round 0 before the sweep.
fn run(
    layout: &Layout,
    cells: &Cells,
    obstacle_hits: &[Option<u32>],
    max_overlap_area: f32,
    max_rounds: u32,
) -> (Vec<Decision>, PassCounts) {
    let n = layout.len();
    let shared =
        Shared { layout, cells, obstacle_hits, max_overlap_area, states: (0..n).map(|_| AtomicU32::new(0)).collect() };
    let mut decisions = vec![Decision::Placed; n];
    let mut tiles = split_tiles(layout, &mut decisions);
    let rounds = run_rounds(&mut tiles, &shared, max_rounds);
    let counts = PassCounts {
        narrow_tests: tiles.iter().map(|t| t.tests).sum(),
        waited: rounds.waited,
        rounds: rounds.rounds,
        swept: rounds.swept,
    };
    drop(tiles);
    (decisions, counts)
}

/// The tiles, each with its share of `decisions`.
fn split_tiles<'d>(layout: &Layout, mut decisions: &'d mut [Decision]) -> Vec<Tile<'d>> {
    let mut tiles = Vec::with_capacity(layout.grid.tiles());
    for t in 0..layout.grid.tiles() {
        let slots = layout.tile_slots(t);
        let (mine, rest) = decisions.split_at_mut(slots.len());
        decisions = rest;
        let cells = layout.grid.tile_cells(t);
        tiles.push(Tile {
            // A cell's list holds its shown labels and its neighbours' that reach it: about its
            // own label count, reserved at once rather than grown push by push.
            lists: cells.clone().map(|c| Blockers::with_capacity(layout.cell_slots(c).len())).collect(),
            cells,
            slots,
            waiting: Vec::new(),
            decisions: mine,
            tests: 0,
        });
    }
    tiles
}

impl<'a> TileRounds<Shared<'a>> for Tile<'_> {
    fn first_round(&mut self, shared: &Shared<'a>) {
        Tile::first_round(self, shared);
    }

    fn later_round(&mut self, shared: &Shared<'a>, round: u32) {
        Tile::later_round(self, shared, round);
    }

    fn waiting(&self) -> usize {
        self.waiting.len()
    }

    fn take_waiting(&mut self, shared: &Shared<'a>) -> Vec<(u128, u64)> {
        let keys = &shared.layout.keys;
        let waiting = std::mem::take(&mut self.waiting);
        waiting.into_iter().map(|(rank, slot)| (keys[slot as usize], u64::from(rank) << 32 | u64::from(slot))).collect()
    }

    fn sweep_one(&mut self, shared: &Shared<'a>, label: u64) {
        let (rank, slot) = ((label >> 32) as u32, label as u32 as usize);
        let (verdict, tests) = self.turn(shared, rank, slot, SWEEP);
        self.tests += tests;
        // Every earlier label is decided by now, so nothing waits.
        debug_assert!(matches!(verdict, Verdict::Decided(_)), "a label waits in the sweep");
        if let Verdict::Decided(d) = verdict {
            self.decide(shared, slot, d, SWEEP - 1);
        }
    }
}

impl Tile<'_> {
    /// Round 0: every label of the tile in placement order.
    fn first_round(&mut self, shared: &Shared<'_>) {
        let slots = self.slots.clone();
        if shared.layout.grid.tiles() > 1 {
            for (rank, slot) in slots.enumerate() {
                let (verdict, tests) = self.turn(shared, rank as u32, slot, 0);
                self.tests += tests;
                self.take(shared, rank as u32, slot, verdict);
            }
        } else {
            for (rank, slot) in slots.enumerate() {
                let d = self.alone(shared, slot);
                self.take(shared, rank as u32, slot, Verdict::Decided(d));
            }
        }
    }

    /// The decision for a label of the only tile: with no other tile, nothing waits and every
    /// listed label is placed, so the first collision in its cell's list decides.
    fn alone(&mut self, shared: &Shared<'_>, slot: usize) -> Decision {
        let plain = Plain { allow_overlap: shared.layout.flags[slot].allow_overlap };
        let mut earlier = Alone { tile: self, shared, slot, tests: 0 };
        let d = rule::decide(&plain, &mut earlier).decision(|s| shared.layout.index[s as usize]);
        self.tests += earlier.tests;
        d
    }

    /// The earliest label of the tile that ranks before the label, is not hidden and collides
    /// with it, with its state; and the number of exact tests run. The label's cell list is in
    /// placement order: in round 0 it holds only earlier labels, later the earlier ones are a
    /// prefix. (Inlined: as a call it costs the hot loop a few percent.)
    #[inline(always)]
    fn first_in_list(&self, shared: &Shared<'_>, rank: u32, slot: usize, round: u32) -> (Option<(u32, u32)>, usize) {
        let layout = shared.layout;
        let (me, bounds) = (&layout.obbs[slot], &layout.bounds[slot]);
        let list = &self.lists[layout.cell_of[slot] as usize - self.cells.start];
        let end = if round == 0 { list.len() } else { list.before(rank) };
        let (mut from, mut tests) = (0, 0);
        while let Some(k) = list.next_overlap(bounds, from, end) {
            from = k + 1;
            let other = list.slot(k);
            // In round 0 no entry is hidden yet: the state matters only on a collision.
            let load = || shared.states[other as usize].load(Ordering::Relaxed);
            let state = (round > 0).then(load);
            if state.is_some_and(|s| s & HIDDEN != 0) {
                continue;
            }
            tests += 1;
            if collides(me, &layout.obbs[other as usize], shared.max_overlap_area) {
                return (Some((other, state.unwrap_or_else(load))), tests);
            }
        }
        (None, tests)
    }

    /// Records a round-0 verdict: decided, or waiting; either way registered if it can block.
    #[inline(always)]
    fn take(&mut self, shared: &Shared<'_>, rank: u32, slot: usize, verdict: Verdict) {
        let blocks = !shared.layout.flags[slot].ignore_placement;
        match verdict {
            Verdict::Decided(d) => {
                self.decide(shared, slot, d, 0);
                if blocks && d == Decision::Placed {
                    self.register(shared, rank, slot);
                }
            }
            Verdict::Waits => {
                if blocks {
                    self.register(shared, rank, slot);
                }
                self.waiting.push((rank, slot as u32));
            }
        }
    }

    /// A later round: the waiting labels again, in order. (They were registered in round 0.)
    fn later_round(&mut self, shared: &Shared<'_>, round: u32) {
        let waiting = std::mem::take(&mut self.waiting);
        for (rank, slot) in waiting {
            let (verdict, tests) = self.turn(shared, rank, slot as usize, round);
            self.tests += tests;
            match verdict {
                Verdict::Decided(d) => self.decide(shared, slot as usize, d, round),
                Verdict::Waits => self.waiting.push((rank, slot)),
            }
        }
    }

    #[inline(always)]
    fn decide(&mut self, shared: &Shared<'_>, slot: usize, d: Decision, round: u32) {
        self.decisions[slot - self.slots.start] = d;
        let kind = if d == Decision::Placed { PLACED } else { HIDDEN };
        shared.states[slot].store(stamp(round, kind), Ordering::Relaxed);
    }

    /// Adds the label to the list of every cell of the tile that it can reach.
    fn register(&mut self, shared: &Shared<'_>, rank: u32, slot: usize) {
        let layout = shared.layout;
        let bounds = &layout.bounds[slot];
        for &c in shared.cells.own_neighbors(layout.cell_of[slot] as usize) {
            if shared.cells.envelope(c as usize).overlaps(bounds) {
                self.lists[c as usize - self.cells.start].push(bounds, rank, slot as u32);
            }
        }
    }

    /// The label's turn in `round` ([`rule::decide`] against [`Turn`]): hidden behind the
    /// earliest earlier label that collides with it and is not hidden if that is shown, waiting
    /// if it is undecided; shown if there is none. Returns the verdict and the number of exact
    /// tests run.
    fn turn(&self, shared: &Shared<'_>, rank: u32, slot: usize, round: u32) -> (Verdict, usize) {
        let plain = Plain { allow_overlap: shared.layout.flags[slot].allow_overlap };
        let mut turn = Turn { tile: self, shared, rank, slot, round, tests: 0, known: true };
        let verdict = match rule::decide(&plain, &mut turn) {
            rule::Verdict::Collision(Blocked::Label(_)) if !turn.known => Verdict::Waits,
            v => Verdict::Decided(v.decision(|s| shared.layout.index[s as usize])),
        };
        (verdict, turn.tests)
    }
}

/// The lowest-index obstacle the label in `slot` overlaps.
#[inline]
fn obstacle(shared: &Shared<'_>, slot: usize) -> Option<u32> {
    shared.obstacle_hits.get(slot).copied().flatten()
}

/// Two labels' boxes collide when they overlap (by more than τ, [`Obb::overlaps`]) and, with a
/// tolerated area, when their overlap's area exceeds `max_overlap_area` (px²; measured on the
/// corners relative to `a`'s centre, as precise far from the origin as near it).
#[must_use]
#[inline]
pub fn collides(a: &Obb, b: &Obb, max_overlap_area: f32) -> bool {
    a.overlaps(b) && (max_overlap_area <= 0.0 || overlap_area(a, b) > max_overlap_area)
}

fn overlap_area(a: &Obb, b: &Obb) -> f32 {
    let local = |o: &Obb| o.corners_f64().map(|c| (c - a.center).as_vec2());
    convex_overlap_area(&local(a), &local(b))
}

#[cfg(test)]
mod tests {
    use glam::DVec2;

    use super::*;
    use crate::Label;
    use crate::placement::stages;

    /// Decisions by input position.
    fn by_input(layout: &Layout, decisions: &[Decision]) -> Vec<(u32, Decision)> {
        let mut v: Vec<(u32, Decision)> = layout.index.iter().copied().zip(decisions.iter().copied()).collect();
        v.sort_unstable_by_key(|e| e.0);
        v
    }

    #[test]
    fn rounds_and_the_sweep_give_the_sequential_decisions() {
        // A crowded, rotated set cut into tiny tiles: many labels wait for other tiles.
        let labels: Vec<Label> = (0..4000u32)
            .map(|i| {
                let x = f64::from((i * 7919) % 1009) * 1.3;
                let y = f64::from((i * 104_729) % 997) * 0.9;
                Label::new(x, y, 20.0 + f64::from(i % 37) * 2.0, 9.0 + f64::from(i % 5))
                    .with_angle(f64::from(i % 7) * 15.0)
                    .with_priority(f64::from((i * 31) % 101))
            })
            .collect();
        let obbs = stages::build_boxes(&labels, DVec2::ZERO);
        let place = |tile_labels: Option<usize>, max_rounds: u32| {
            let layout = stages::layout(&labels, &obbs, None, None, None, tile_labels);
            let cells = stages::broad_phase(&layout);
            let (d, counts) = run(&layout, &cells, &[], 0.0, max_rounds);
            (by_input(&layout, &d), counts, layout.grid.tiles())
        };
        let (one, counts, tiles) = place(Some(usize::MAX), MAX_ROUNDS);
        assert_eq!((tiles, counts.waited), (1, 0));
        for tile_labels in [Some(1), Some(40), Some(300)] {
            // All waiting labels swept at once, after one round, or with all the rounds.
            for max_rounds in [0, 1, MAX_ROUNDS] {
                let (got, counts, tiles) = place(tile_labels, max_rounds);
                assert!(tiles > 1 && counts.waited > 0, "{tile_labels:?}: {tiles} tiles, {counts:?}");
                if max_rounds == 0 {
                    assert_eq!(counts.swept, counts.waited);
                }
                assert!(got == one, "tiles of {tile_labels:?}, {max_rounds} rounds");
            }
        }
    }
}
