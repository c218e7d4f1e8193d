//! The per-label passes of a frame, split into runs for rayon only when there are many labels:
//! a parallel call from outside rayon's pool hands its work to the pool's threads and sleeps
//! until they are done, a hand-over that on a busy machine costs about as much as a pass over
//! tens of thousands of labels. So a pass over fewer than [`RUN`] labels runs where it is called.

use rayon::prelude::*;

/// Labels per run of a parallel pass; a pass over at most this many runs on the calling thread.
/// A multiple of the walks' blocks (`crate::util::bits::BLOCK`): every run starts a block.
pub(crate) const RUN: usize = 65_536;
const _: () = assert!(RUN.is_multiple_of(crate::util::bits::BLOCK));

/// `pass(acc, start, run)` over `items` cut into runs of `length` (`start`: index of the run's
/// first item), in parallel if there are several; the first run starts from `first` (a result
/// kept from the last frame, to fill in its allocations again), the others from
/// `R::default()`; the results combined in order with `then`. The same result on any thread
/// count if `then` is associative. `length` is [`RUN`], or a shorter multiple of the walks'
/// blocks in a test that splits small passes.
pub(crate) fn in_runs<T: Send, R: Send + Default>(
    length: usize,
    first: R,
    items: &mut [T],
    pass: impl Fn(R, usize, &mut [T]) -> R + Sync,
    then: impl Fn(R, R) -> R + Sync + Send,
) -> R {
    if items.len() <= length {
        return pass(first, 0, items);
    }
    let (head, tail) = items.split_at_mut(length);
    let (head, tail) = rayon::join(
        || pass(first, 0, head),
        || {
            let runs = tail.par_chunks_mut(length).enumerate();
            runs.map(|(k, run)| pass(R::default(), (k + 1) * length, run)).reduce(R::default, &then)
        },
    );
    then(head, tail)
}

#[cfg(test)]
#[path = "runs_tests.rs"]
mod tests;
