//! W_sym(n) beside W(n) in one process: `place` on W(n) and `place_symbols` on W_sym(n) (the
//! same labels with four candidates each, an icon on a third, repeat groups on a tenth),
//! interleaved round by round on the current rayon pool; prints both medians, their ratio and
//! the symbol pass's counts. Also the target to run under `perf` or `valgrind --tool=callgrind`.
//!
//! `RAYON_NUM_THREADS=1 cargo run --release -p declutter-benches --bin symbols -- [N] [ROUNDS] [TILE_LABELS] [CELL_SIZE] [ONLY]`
//!
//! `ONLY` (`plain` or `symbols`) runs one of the two, for counting its instructions over all
//! threads (`perf stat -e instructions:u`, less a run with 0 rounds).

use std::hint::black_box;
use std::time::Instant;

use label_core::{PlacementOptions, place, place_symbols};

fn median(mut ms: Vec<f64>) -> f64 {
    ms.sort_by(f64::total_cmp);
    ms[ms.len() / 2]
}

fn main() {
    let mut args = declutter_benches::Positional::from_env();
    let (n, rounds) = args.size_and_rounds();
    let tile_labels: Option<usize> = args.parsed();
    let tile_size: Option<f32> = args.parsed();
    let only = args.text();
    let (run_plain, run_symbols) = (only.as_deref() != Some("symbols"), only.as_deref() != Some("plain"));
    let (w, symbols) = declutter_benches::symbols(n, 3.0, 1);
    let options = PlacementOptions { tile_labels, tile_size, ..w.options() };
    let (mut plain, mut sym) = (Vec::new(), Vec::new());
    let (mut last, mut plain_shown) = (None, 0);
    for _ in 0..rounds {
        let t0 = Instant::now();
        if run_plain {
            plain_shown = black_box(place(black_box(&w.labels), &[], &options).expect("valid workload")).stats.visible;
        }
        let t1 = Instant::now();
        if run_symbols {
            last =
                Some(black_box(place_symbols(black_box(&w.labels), &symbols, &[], &options).expect("valid workload")));
        }
        let t2 = Instant::now();
        plain.push((t1 - t0).as_secs_f64() * 1e3);
        sym.push((t2 - t1).as_secs_f64() * 1e3);
    }
    if rounds == 0 {
        return;
    }
    let (p, s) = (median(plain), median(sym));
    let stats = last.map(|p| p.stats).unwrap_or_default();
    println!(
        "n {n}, {} threads, {rounds} rounds: place on W(n) {p:.2} ms, place_symbols on W_sym(n) {s:.2} ms, \
         ratio {:.2}; plain {plain_shown} shown; symbols {} shown, {} tiles, {} waited, {} exact tests",
        rayon::current_num_threads(),
        s / p,
        stats.visible,
        stats.tiles,
        stats.waited,
        stats.narrow_tests
    );
}
