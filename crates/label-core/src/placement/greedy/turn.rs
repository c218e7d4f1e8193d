//! What a plain label's turn reads of the labels before it ([`Occupied`] for
//! [`super::super::rule::decide`]): in the only tile, its cell's list; with several tiles, its
//! tile's list and the other tiles' labels in the cells it reaches, as decided before the round.

use std::sync::atomic::Ordering;

use super::{HIDDEN, Shared, Tile, collides, obstacle};
use crate::placement::rule::{Blocked, Occupied};

/// What the earlier labels of the only tile occupy against the label in `slot`: its cell's list.
pub(super) struct Alone<'a, 't> {
    pub(super) tile: &'a Tile<'t>,
    pub(super) shared: &'a Shared<'a>,
    pub(super) slot: usize,
    pub(super) tests: usize,
}

impl Occupied for Alone<'_, '_> {
    #[inline(always)]
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        if let Some(o) = obstacle(self.shared, self.slot) {
            return Some(Blocked::Obstacle(o));
        }
        let (first, tests) = self.tile.first_in_list(self.shared, 0, self.slot, 0);
        self.tests += tests;
        first.map(|(other, _)| Blocked::Label(other))
    }
}

/// What the earlier labels occupy against the label in `slot` in `round`: its tile's list, and
/// the other tiles' labels in the cells it reaches. `known` says whether the label found (by
/// slot) was decided as of the round.
pub(super) struct Turn<'a, 't> {
    pub(super) tile: &'a Tile<'t>,
    pub(super) shared: &'a Shared<'a>,
    pub(super) rank: u32,
    pub(super) slot: usize,
    pub(super) round: u32,
    pub(super) tests: usize,
    pub(super) known: bool,
}

impl Occupied for Turn<'_, '_> {
    #[inline(always)]
    fn hit(&mut self, _: usize) -> Option<Blocked> {
        let (shared, slot, round) = (self.shared, self.slot, self.round);
        if let Some(o) = obstacle(shared, slot) {
            return Some(Blocked::Obstacle(o));
        }
        let layout = shared.layout;
        let (me, bounds) = (&layout.obbs[slot], &layout.bounds[slot]);
        let home = layout.cell_of[slot] as usize;
        // This tile first. `first`: (slot, decided) of the earliest candidate so far.
        let (own, mut tests) = self.tile.first_in_list(shared, self.rank, slot, round);
        let mut first = own.map(|(other, state)| (other, state != 0));
        // Other tiles: only what was decided before this round counts as decided.
        let mut limit = first.map_or(layout.keys[slot], |(s, _)| layout.keys[s as usize]);
        for &c in shared.cells.foreign_neighbors(home) {
            if !shared.cells.envelope(c as usize).overlaps(bounds) {
                continue;
            }
            // A cell's labels are in placement order: only those before `limit` count.
            let members = layout.cell_slots(c as usize);
            let end = members.partition_point(|&x| layout.keys[x as usize] < limit);
            for &x in &members[..end] {
                let x = x as usize;
                if !layout.bounds[x].overlaps(bounds) || layout.flags[x].ignore_placement {
                    continue;
                }
                let state = shared.states[x].load(Ordering::Relaxed);
                let known = state != 0 && state >> 2 < round;
                if known && state & HIDDEN != 0 {
                    continue;
                }
                tests += 1;
                if collides(me, &layout.obbs[x], shared.max_overlap_area) {
                    limit = layout.keys[x];
                    first = Some((x as u32, known));
                    break;
                }
            }
        }
        self.tests += tests;
        let (s, known) = first?;
        self.known = known;
        Some(Blocked::Label(s))
    }
}
