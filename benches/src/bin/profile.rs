//! One placement of W(n), stage by stage, printing each stage's time: the target to run under
//! `valgrind --tool=callgrind` (instruction counts, repeatable on a busy machine) or `perf`.
//!
//! `cargo run --release -p declutter-benches --bin profile -- [N] [ROUNDS] [CELL_SIZE] [TILE_LABELS] [--crowded]`
//!
//! `--crowded` (last) moves W(n)'s anchors into a 256×256 px canvas, the label sizes kept: the
//! crowding of a whole planet's labels on the world of zoom 0.

use std::time::Instant;

use glam::DVec2;
use label_core::pipeline::stages;

fn main() {
    let mut args = declutter_benches::Positional::from_env();
    let (n, rounds) = args.size_and_rounds();
    let cell_size: Option<f32> = args.parsed();
    let tile_labels: Option<usize> = args.parsed();
    let crowded = args.text().as_deref() == Some("--crowded");
    let mut w = declutter_benches::standard(n, 3.0, 1);
    if crowded {
        w = declutter_benches::crowded(&w, 256.0);
    }
    let options = w.options();
    let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e3;
    for _ in 0..rounds {
        let t0 = Instant::now();
        let obbs = stages::build_boxes(&w.labels, DVec2::ZERO);
        let t1 = Instant::now();
        let layout = stages::layout(&w.labels, &obbs, options.viewport.as_ref(), None, cell_size, tile_labels);
        let t2 = Instant::now();
        let cells = stages::broad_phase(&layout);
        let t3 = Instant::now();
        let (decisions, counts) = stages::greedy_pass(&layout, &cells, &[], 0.0);
        let t4 = Instant::now();
        let outcomes = stages::outcomes(n, &layout, &decisions);
        let t5 = Instant::now();
        let shown = decisions.iter().filter(|d| d.is_placed()).count();
        let t6 = Instant::now();
        let whole = label_core::place(&w.labels, &[], &options).expect("valid workload");
        let t7 = Instant::now();
        assert_eq!(whole.stats.visible, shown);
        println!(
            "boxes {:.2} ms, layout {:.2} ms, broad phase {:.2} ms, greedy {:.2} ms, outcomes {:.2} ms \
             (place() as a whole {:.2} ms); \
             {} cells, {} tiles, {} exact tests, {} waited, {} rounds, {} swept, {shown} of {} shown",
            ms(t0, t1),
            ms(t1, t2),
            ms(t2, t3),
            ms(t3, t4),
            ms(t4, t5),
            ms(t6, t7),
            cells.len(),
            layout.grid.tiles(),
            counts.narrow_tests,
            counts.waited,
            counts.rounds,
            counts.swept,
            outcomes.len()
        );
    }
}
