//! The tests of `runs.rs`.

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
