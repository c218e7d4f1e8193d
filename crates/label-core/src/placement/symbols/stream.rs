//! The sequential pass fed by the other threads: the labels' entries and parts computed in
//! blocks of placement order while the pass decides the blocks before them.
//!
//! The pass ([`Pass::walk`]) is the one sequential definition, and what it reads of a label
//! (its [`Entry`](super::parts::Entry) and parts) depends on that label alone, so who computes
//! a block, and when, changes nothing it decides. Blocks are claimed in order from one counter:
//! each other thread of the pool claims the next block, computes it and publishes it; the pass
//! thread walks block after block, and when the next one is not claimed yet it claims and
//! computes it itself, so that one thread (or a pool busy elsewhere) runs the same pass with no
//! waiting. A claimed block is being computed by a running thread: waiting for it ends.
//!
//! Computing the parts in placement order reads the caller's labels all over the map, a cache
//! miss or two a label, but on the other core, off the pass's path; the pass then reads each
//! block's parts one after the other. On one thread the parts are computed in input order
//! instead ([`Compiled::new`]), where those misses do not happen.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::parts::{Compiled, Compiler};
use super::pass::{Decided, Pass};

/// Labels a block at most: small enough that the pass starts soon after the sort and a block's
/// parts are still in the shared cache when the pass reads them, large enough that claiming and
/// publishing one costs nothing beside computing it.
const BLOCK: usize = 1024;
/// Blocks at least, down to [`MIN_BLOCK`] labels a block: a few hundred labels are cut into
/// several blocks too, so that the pass starts early (and tests of a few hundred labels walk
/// many blocks).
const BLOCKS: usize = 64;
const MIN_BLOCK: usize = 16;

/// Decides every label of `order` (input positions by rank) with `pass`, the entries and parts
/// computed by `compiler` in blocks on the pool's other threads ([`self`]).
pub(super) fn run(compiler: &Compiler<'_>, order: &[u32], mut pass: Pass) -> Decided {
    let size = (order.len() / BLOCKS).clamp(MIN_BLOCK, BLOCK);
    let blocks: Vec<&[u32]> = order.chunks(size).collect();
    let ready: Vec<OnceLock<Compiled>> = blocks.iter().map(|_| OnceLock::new()).collect();
    let next = AtomicUsize::new(0);
    // Claims the next block and computes it: false when every block is claimed.
    let claim = || {
        let b = next.fetch_add(1, Ordering::Relaxed);
        let Some(inputs) = blocks.get(b) else { return false };
        // Only the claim sets a block, so the cell is empty.
        let _ = ready[b].set(Compiled::block(compiler, inputs));
        true
    };
    let mut decided = Decided::new(order.len());
    rayon::scope(|s| {
        for _ in 1..rayon::current_num_threads() {
            s.spawn(|_| while claim() {});
        }
        for (b, cell) in ready.iter().enumerate() {
            if next.load(Ordering::Relaxed) <= b {
                // Blocks before `b` are walked, so the next one to claim is `b`.
                claim();
            }
            pass.walk(cell.wait(), (b * size) as u32, order, &mut decided);
        }
    });
    decided
}
