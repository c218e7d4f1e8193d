//! W_sym(n) beside W(n) in one process: `place` on W(n) and `place_symbols` on W_sym(n) (the
//! same labels with four candidates each, an icon on a third, repeat groups on a tenth),
//! interleaved round by round on the current rayon pool; prints both medians, their ratio and
//! the symbol pass's counts. Also the target to run under `perf` or `valgrind --tool=callgrind`.
//!
//! `RAYON_NUM_THREADS=1 cargo run --release -p declutter-benches --bin symbols -- [N] [ROUNDS] [TILE_LABELS] [CELL_SIZE] [ONLY]`
//!
//! `ONLY` (`plain` or `symbols`) runs one of the two, for counting its instructions over all
//! threads (`perf stat -e instructions:u`, less a run with 0 rounds).
//!
//! On Linux it also prints each thread's CPU time a round (`/proc/self/task/*/stat`, in 10-ms
//! ticks over all rounds), busiest first: on a loaded machine the busiest thread's CPU time
//! bounds the time the call would take with its cores to itself, where wall time counts the
//! waits for a core too.

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
    let before = thread_cpu_ms();
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
    let after = thread_cpu_ms();
    let mut per_round: Vec<f64> = after
        .iter()
        .map(|(tid, ms)| (ms - before.iter().find(|b| b.0 == *tid).map_or(0.0, |b| b.1)) / rounds as f64)
        .collect();
    per_round.sort_by(|a, b| b.total_cmp(a));
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
    if !per_round.is_empty() {
        let cpu: Vec<String> = per_round.iter().map(|ms| format!("{ms:.0}")).collect();
        println!("CPU time a round by thread, ms: {}", cpu.join(" "));
    }
}

/// Each thread of this process (its id) and the CPU time it has run, user and system, in ms:
/// empty where `/proc` cannot be read.
fn thread_cpu_ms() -> Vec<(String, f64)> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return Vec::new() };
    let tick_ms = 10.0; // USER_HZ is 100 on Linux
    tasks
        .flatten()
        .filter_map(|t| {
            let stat = std::fs::read_to_string(t.path().join("stat")).ok()?;
            // Fields after the command's closing parenthesis: state is the 3rd field, utime
            // the 14th and stime the 15th.
            let rest = &stat[stat.rfind(')')? + 2..];
            let fields: Vec<&str> = rest.split(' ').collect();
            let ticks = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
            Some((t.file_name().to_string_lossy().into_owned(), ticks * tick_ms))
        })
        .collect()
}
