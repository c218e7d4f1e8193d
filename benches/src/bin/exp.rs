//! scratch
use label_core::{Aabb, Obb};
use std::time::Instant;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let w = declutter_benches::standard(n, 3.0, 1);
    for _ in 0..3 {
        let t0 = Instant::now();
        let obbs: Vec<Obb> = w.labels.iter().map(|l| l.obb()).collect();
        let aabbs: Vec<Aabb> = obbs.iter().map(|o| o.aabb()).collect();
        let t1 = Instant::now();
        let mut keyed: Vec<(u64, u32)> = w
            .labels
            .iter()
            .enumerate()
            .map(|(i, l)| (!(l.priority.to_bits() | 1 << 63), i as u32))
            .collect();
        radsort::sort_by_key(&mut keyed, |e| e.0);
        let t2 = Instant::now();
        // grid of placed
        let cell = 64.0f32;
        let cols = (w.width as f32 / cell).ceil() as usize + 1;
        let rows = (w.height as f32 / cell).ceil() as usize + 1;
        let mut grid: Vec<Vec<u32>> = vec![Vec::new(); cols * rows];
        let mut placed = 0usize;
        let mut tests = 0usize;
        for &(_, i) in &keyed {
            let b = aabbs[i as usize];
            let c0 = ((b.min.x / cell).max(0.0) as usize).min(cols - 1);
            let c1 = ((b.max.x / cell).max(0.0) as usize).min(cols - 1);
            let r0 = ((b.min.y / cell).max(0.0) as usize).min(rows - 1);
            let r1 = ((b.max.y / cell).max(0.0) as usize).min(rows - 1);
            let o = &obbs[i as usize];
            let mut hit = false;
            'outer: for r in r0..=r1 {
                for c in c0..=c1 {
                    for &j in &grid[r * cols + c] {
                        if aabbs[j as usize].overlaps(&b) {
                            tests += 1;
                            if o.overlaps(&obbs[j as usize]) {
                                hit = true;
                                break 'outer;
                            }
                        }
                    }
                }
            }
            if !hit {
                placed += 1;
                for r in r0..=r1 {
                    for c in c0..=c1 {
                        grid[r * cols + c].push(i);
                    }
                }
            }
        }
        let t3 = Instant::now();
        println!(
            "boxes {:.2} sort {:.2} grid-greedy {:.2} ms; placed {placed} tests {tests}",
            (t1 - t0).as_secs_f64() * 1e3,
            (t2 - t1).as_secs_f64() * 1e3,
            (t3 - t2).as_secs_f64() * 1e3
        );
    }
}
