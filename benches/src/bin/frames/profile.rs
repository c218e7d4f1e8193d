//! Where a full frame's time goes: the engine's stages timed one by one (the same calls the
//! engine makes, in the same order), over one animation.

use std::time::Instant;

use glam::DVec2;
use label_core::Label;
use label_core::pipeline::stages;
use label_frame::{Camera, Projection, Sight, WorldLabel, project_labels};

const STAGES: [&str; 6] = ["project", "screen labels", "boxes", "layout", "broad phase", "greedy pass"];

/// Times each stage over `cameras` and prints the mean per stage for frames grouped by their
/// number of candidates.
pub fn run(labels: &[WorldLabel], cameras: &[(Camera, f64)]) {
    // (candidates, [ms per stage])
    let mut rows: Vec<(usize, [f64; 6])> = Vec::new();
    for (camera, _) in cameras {
        let mut ms = [0.0; 6];
        let mut lap = {
            let mut t = Instant::now();
            move |slot: &mut f64| {
                let now = Instant::now();
                *slot = (now - t).as_secs_f64() * 1e3;
                t = now;
            }
        };
        let sights = project_labels(labels, &Projection::new(camera), 0.5);
        lap(&mut ms[0]);
        let screen: Vec<Label> = labels
            .iter()
            .zip(&sights)
            .filter_map(|(l, s)| match s {
                Sight::In(pose) => Some(l.on_screen(pose, 0.0)),
                _ => None,
            })
            .collect();
        let ties = vec![0u32; screen.len()];
        lap(&mut ms[1]);
        let obbs = stages::build_boxes(&screen, DVec2::ZERO);
        lap(&mut ms[2]);
        let layout = stages::layout(&screen, &obbs, None, Some(&ties), None, None);
        lap(&mut ms[3]);
        let cells = stages::broad_phase(&layout);
        lap(&mut ms[4]);
        let (decisions, _) = stages::greedy_pass(&layout, &cells, &[], 0.0);
        lap(&mut ms[5]);
        std::hint::black_box(decisions);
        rows.push((screen.len(), ms));
    }
    println!("mean ms per stage of a full frame (the engine's calls, timed one by one)");
    print!("{:<18} {:>7}", "candidates", "frames");
    for s in STAGES {
        print!(" {s:>13}");
    }
    println!(" {:>13}", "total");
    for (lo, hi) in [(20_000, usize::MAX), (10_000, 20_000), (5_000, 10_000), (0, 5_000)] {
        let group: Vec<&[f64; 6]> = rows.iter().filter(|(n, _)| (lo..hi).contains(n)).map(|(_, ms)| ms).collect();
        if group.is_empty() {
            continue;
        }
        let label = if hi == usize::MAX { format!("≥ {lo}") } else { format!("{lo} – {hi}") };
        print!("{label:<18} {:>7}", group.len());
        let mut total = 0.0;
        for k in 0..6 {
            let mean = group.iter().map(|ms| ms[k]).sum::<f64>() / group.len() as f64;
            total += mean;
            print!(" {mean:>13.3}");
        }
        println!(" {total:>13.3}");
    }
}
