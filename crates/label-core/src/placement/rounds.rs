//! The tile rounds: the greedy rule (contract §4) decided on tiles in parallel, exactly.
//!
//! A label's outcome depends only on the earlier labels that can reach it, so it can be decided
//! as soon as those are decided, wherever they are. The labels are cut into tiles, each with
//! its labels in placement order, and every label of a tile is decided by that tile's task:
//!
//! 1. **Round 0, every tile in parallel**: the tile walks its labels in placement order. A label
//!    is decided as the sequential definition decides it when the earlier labels its outcome
//!    can depend on are decided: its own tile's, decided before it in this walk, and other
//!    tiles' decided *before this round* — none in round 0. Otherwise it *waits*: a label whose
//!    earliest earlier colliding label (the one that would decide it) is undecided waits.
//! 2. **Rounds 1, 2, …, every tile in parallel**: each tile walks its waiting labels in order
//!    again, reading other tiles' labels only as they were decided before the round. The
//!    earliest waiting label of the whole map always gets decided, so the rounds end.
//! 3. If a round leaves more than three quarters of the waiting labels waiting, or after
//!    [`MAX_ROUNDS`], the labels still waiting are decided one by one in placement order: each
//!    then finds every earlier label decided.
//!
//! What a tile reads of the others is fixed by the round number (a decision is stamped with
//! the round that made it; the sweep's with [`SWEEP`] − 1), so the decisions — and the counts
//! of exact tests — are the same on any thread count. The label kinds differ only in what
//! "can reach" and "decided" mean: the plain pass (`greedy.rs`) and the symbol pass
//! (`symbols/tiles.rs`) implement [`TileRounds`] and share this driver. The same scheme with the
//! other tiles' labels handed in as undecided, rather than read from shared states, is
//! [`super::foreign`] (label-planet's regions, one per worker).

use rayon::prelude::*;

/// Parallel rounds keep going while each leaves at most this share of the waiting labels
/// waiting (numerator, denominator); after that, the rest go one by one.
const ROUND_PROGRESS: (usize, usize) = (3, 4);
/// Most parallel rounds after round 0.
pub(crate) const MAX_ROUNDS: u32 = 16;
/// The round number of the one-by-one sweep: everything decided before counts, and the sweep
/// stamps its decisions `SWEEP - 1` so that later labels of the sweep, in any tile, read them
/// as decided.
pub(crate) const SWEEP: u32 = u32::MAX >> 3;

/// One tile of a pass run in rounds; `S` is what every tile reads (and the atomic states).
pub(crate) trait TileRounds<S: Sync>: Send {
    /// Round 0: every label of the tile, in placement order.
    fn first_round(&mut self, shared: &S);
    /// Round `round` ≥ 1: the waiting labels, in placement order.
    fn later_round(&mut self, shared: &S, round: u32);
    /// How many labels wait.
    fn waiting(&self) -> usize;
    /// Takes the waiting labels, each as (placement key, what [`Self::sweep_one`] needs).
    fn take_waiting(&mut self, shared: &S) -> Vec<(u128, u64)>;
    /// Decides one waiting label in the sweep, every earlier label being decided.
    fn sweep_one(&mut self, shared: &S, label: u64);
}

/// How the rounds went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RoundCounts {
    /// Labels that waited after round 0.
    pub waited: usize,
    /// Parallel rounds after round 0.
    pub rounds: u32,
    /// Labels decided one by one after the rounds.
    pub swept: usize,
}

/// Runs round 0, at most `max_rounds` later rounds, and the sweep over `tiles`.
pub(crate) fn run_rounds<S: Sync, T: TileRounds<S>>(tiles: &mut [T], shared: &S, max_rounds: u32) -> RoundCounts {
    tiles.par_iter_mut().with_max_len(1).for_each(|t| t.first_round(shared));
    let mut waiting: usize = tiles.iter().map(T::waiting).sum();
    let mut counts = RoundCounts { waited: waiting, ..RoundCounts::default() };
    let mut round = 1;
    while waiting > 0 && round <= max_rounds {
        tiles.par_iter_mut().with_max_len(1).for_each(|t| t.later_round(shared, round));
        let left: usize = tiles.iter().map(T::waiting).sum();
        let slow = left * ROUND_PROGRESS.1 > waiting * ROUND_PROGRESS.0;
        waiting = left;
        counts.rounds = round;
        round += 1;
        if slow {
            break;
        }
    }
    if waiting > 0 {
        counts.swept = waiting;
        let mut all: Vec<(u128, u32, u64)> = tiles
            .iter_mut()
            .enumerate()
            .flat_map(|(t, tile)| tile.take_waiting(shared).into_iter().map(move |(key, l)| (key, t as u32, l)))
            .collect();
        all.sort_unstable_by_key(|e| e.0);
        for (_, t, label) in all {
            tiles[t as usize].sweep_one(shared, label);
        }
    }
    counts
}
