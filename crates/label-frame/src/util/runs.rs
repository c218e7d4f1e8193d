//! The per-label passes of a frame, split into runs for rayon only when there are many labels.
//!
//! A parallel call made from outside rayon's pool hands its work to the pool's threads and
//! sleeps until they are done. On a busy machine that hand-over (waking a thread, and waking
//! the caller again) costs about as much as a pass over tens of thousands of labels: with a
//! frame's passes split across two threads a frame took longer than with them all on the
//! calling thread, and made more context switches. So a pass over fewer than [`RUN`] labels
//! runs where it is called.

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
mod tests {
    use super::*;
    use crate::{Camera, FrameEngine, FrameOptions, WorldLabel};
    use glam::DVec2;

    #[test]
    fn frames_split_in_short_runs_equal_frames_in_one() {
        // Labels over a patch of the world, the camera panning (reused frames), zooming and
        // turning (full frames, most labels waiting). With runs of 128 labels on 3 threads every
        // pass splits, and the later runs must find their labels of pass 1 and their waiting
        // labels as one run does.
        let labels: Vec<WorldLabel> = (0..4000u32)
            .map(|k| {
                let p = DVec2::new(100.0 + f64::from(k * 37 % 400) * 0.05, 80.0 + f64::from(k * 91 % 350) * 0.05);
                WorldLabel::from_world(u64::from(k), p, 20.0 + f64::from(k % 70), 12.0)
                    .with_priority(f64::from(k % 5))
                    .with_angle(f64::from(k % 40))
            })
            .collect();
        let cameras: Vec<Camera> = (0..24)
            .map(|k| {
                let t = f64::from(k);
                let c = Camera::new(DVec2::new(108.0 + t * 0.1, 88.0), 4.0, 800.0, 500.0);
                if k < 8 { c } else { c.with_bearing(t * 3.0).with_center(DVec2::new(110.0, 88.0)) }
            })
            .map(|c| c.with_zoom(4.0 + f64::from(u8::from(c.bearing > 40.0)) * 0.3))
            .collect();
        let run = |threads: usize, run: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let shortcuts = crate::Shortcuts { run, ..crate::Shortcuts::ALL };
            let mut engine = FrameEngine::with_shortcuts(FrameOptions::default(), shortcuts).unwrap();
            engine.set_labels(labels.clone()).unwrap();
            pool.install(|| {
                let frames: Vec<_> = cameras
                    .iter()
                    .enumerate()
                    .map(|(k, c)| {
                        let frame = engine.place_frame(c, k as f64 * 16.0).unwrap().clone();
                        assert!(engine.memo_is_in_sync(), "frame {k}");
                        frame
                    })
                    .collect();
                frames
            })
        };
        let whole = run(1, RUN);
        let split = run(3, 2 * crate::util::bits::BLOCK);
        assert!(
            whole.iter().all(|f| f.stats.visible > 50),
            "{:?}",
            whole.iter().map(|f| f.stats.visible).collect::<Vec<_>>()
        );
        assert!(whole.iter().any(|f| f.stats.kind == crate::FrameKind::Reused));
        assert!(whole.iter().map(|f| f.stats.hidden_collision).sum::<usize>() > 10_000);
        assert_eq!(whole, split);
    }

    #[test]
    fn runs_cover_every_item_once_in_order() {
        for n in [0, 1, RUN - 1, RUN, RUN + 1, 3 * RUN + 17] {
            let mut items = vec![0usize; n];
            let seen = in_runs(
                RUN,
                vec![(usize::MAX, 0)],
                &mut items,
                |mut seen, start, run| {
                    for (k, item) in run.iter_mut().enumerate() {
                        *item = start + k;
                    }
                    seen.push((start, run.len()));
                    seen
                },
                |mut a, b| {
                    a.extend(b);
                    a
                },
            );
            assert!(items.iter().enumerate().all(|(i, &v)| i == v), "n = {n}");
            // The first run starts from `first`, the others from nothing.
            assert_eq!(seen[0], (usize::MAX, 0), "n = {n}");
            let starts: Vec<usize> = seen[1..].iter().map(|s| s.0).collect();
            assert_eq!(starts, (0..n.max(1)).step_by(RUN).collect::<Vec<_>>(), "n = {n}");
            assert_eq!(seen.iter().map(|s| s.1).sum::<usize>(), n);
        }
    }
}
